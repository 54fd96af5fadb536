#include "CRenderKernels.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__SSE2__)
static inline __m128i load4(const uint32_t *pixels) { return _mm_loadu_si128((const __m128i *)pixels); }

/// Whether all four pixels from `pixels` are opaque / transparent.
static inline int all_opaque4(const uint32_t *pixels) {
    const __m128i colour = _mm_set1_epi32(0x00FFFFFF), ones = _mm_set1_epi32(-1);
    return _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(load4(pixels), colour), ones)) == 0xFFFF;
}

static inline int all_transparent4(const uint32_t *pixels) {
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    return _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(load4(pixels), alpha), _mm_setzero_si128())) == 0xFFFF;
}

/// Whether none of the four pixels from `pixels` is opaque.
static inline int none_opaque4(const uint32_t *pixels) {
    const __m128i colour = _mm_set1_epi32(0x00FFFFFF), ones = _mm_set1_epi32(-1);
    return _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_or_si128(load4(pixels), colour), ones)) == 0;
}
#else
static inline int all_opaque4(const uint32_t *pixels) {
    return (pixels[0] & pixels[1] & pixels[2] & pixels[3]) >> 24 == 255;
}

static inline int all_transparent4(const uint32_t *pixels) {
    return ((pixels[0] | pixels[1] | pixels[2] | pixels[3]) >> 24) == 0;
}

static inline int none_opaque4(const uint32_t *pixels) {
    return pixels[0] >> 24 != 255 && pixels[1] >> 24 != 255 && pixels[2] >> 24 != 255 && pixels[3] >> 24 != 255;
}
#endif

/// One row: transparent ends and opaque stretches are passed four pixels at a time.
static emojiart_row_scan scan_row(const uint32_t *row, int width) {
    emojiart_row_scan scan = { 0, 0, 0, 0, 1 };
    int first = 0;
    while (first + 4 <= width && all_transparent4(row + first)) first += 4;
    while (first < width && row[first] >> 24 == 0) first++;
    if (first == width) return scan;
    int last = width - 1;
    while (last - 3 > first && all_transparent4(row + last - 3)) last -= 4;
    while (row[last] >> 24 == 0) last--;
    int end = last + 1, x = first;
    while (x < end) {
        if (row[x] >> 24 != 255) {
            scan.all_opaque = 0;
            x++;
            while (x + 4 <= end && none_opaque4(row + x)) x += 4;
            continue;
        }
        int start = x;
        while (x + 4 <= end && all_opaque4(row + x)) x += 4;
        while (x < end && row[x] >> 24 == 255) x++;
        if (x - start > scan.opaque_end - scan.opaque_start) {
            scan.opaque_start = start;
            scan.opaque_end = x;
        }
    }
    scan.ink_start = first;
    scan.ink_end = end;
    return scan;
}

void emojiart_scan_rect(
    const uint32_t *pixels, int stride_bytes, int width, int height, emojiart_row_scan *rows) {
    for (int y = 0; y < height; y++) {
        rows[y] = scan_row((const uint32_t *)((const char *)pixels + (long)y * stride_bytes), width);
    }
}
