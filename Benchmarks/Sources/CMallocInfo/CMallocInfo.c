#include "CMallocInfo.h"
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

size_t emojiart_allocated_bytes(void) {
#if defined(__GLIBC__)
    return mallinfo2().uordblks;
#else
    return 0;
#endif
}
