#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for programs that keep their own main (libFuzzer's FuzzerInterface.h).
/// Linked in by -sanitize=fuzzer; it parses the usual -flags from argv and calls `callback`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
