#include <stddef.h>

/// Bytes currently handed out by malloc (glibc's mallinfo2().uordblks); 0 where unknown.
size_t emojiart_allocated_bytes(void);
