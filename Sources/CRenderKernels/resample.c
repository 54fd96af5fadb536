#include "CRenderKernels.h"
#include "pixel_math.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static inline uint32_t pixel_at(const uint32_t *image, int stride_bytes, int width, int height, int x, int y) {
    if (x < 0 || y < 0 || x >= width || y >= height) return 0;
    return ((const uint32_t *)((const char *)image + (long)y * stride_bytes))[x];
}

void emojiart_halve(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    uint32_t *target, int target_stride_bytes) {
    int width = (source_width + 1) / 2, height = (source_height + 1) / 2;
    const uint64_t two = 0x0002000200020002ull;
    for (int y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)((char *)target + (long)y * target_stride_bytes);
        for (int x = 0; x < width; x++) {
            uint64_t sum = spread(pixel_at(source, source_stride_bytes, source_width, source_height, 2 * x, 2 * y))
                + spread(pixel_at(source, source_stride_bytes, source_width, source_height, 2 * x + 1, 2 * y))
                + spread(pixel_at(source, source_stride_bytes, source_width, source_height, 2 * x, 2 * y + 1))
                + spread(pixel_at(source, source_stride_bytes, source_width, source_height, 2 * x + 1, 2 * y + 1));
            row[x] = gather((sum + two) >> 2);
        }
    }
}

/// Up to three source pixels a target pixel covers along one axis, from `first`, with 8-bit
/// weights summing to 256: a box filter (the source pixels' shares of the target pixel's
/// footprint) when shrinking by up to 3, bilinear (the two pixels whose centres surround the
/// sample point) when enlarging. Taps wholly outside the `extent` source pixels get no weight;
/// those partly outside reach at most two pixels past either end.
typedef struct {
    int first;
    uint32_t weight[3];
} taps;

static void axis_taps(int count, int extent, double scale, double offset, taps *out) {
    for (int i = 0; i < count; i++) {
        taps t = { 0, { 0, 0, 0 } };
        if (scale >= 1) {
            double from = scale * i + offset, to = from + scale;
            t.first = (int)floor(from);
            uint32_t given = 0;
            for (int k = 0; k < 3; k++) {
                double low = fmax(from, t.first + k), high = fmin(to, t.first + k + 1);
                uint32_t w = high > low ? (uint32_t)lround((high - low) / scale * 256) : 0;
                if (given + w > 256) w = 256 - given;
                t.weight[k] = w;
                given += w;
            }
            // What rounding lost goes to the largest share.
            int largest = t.weight[1] > t.weight[0] ? (t.weight[2] > t.weight[1] ? 2 : 1) : (t.weight[2] > t.weight[0] ? 2 : 0);
            t.weight[largest] += 256 - given;
        } else {
            double position = scale * (i + 0.5) + offset - 0.5;
            double base = floor(position);
            uint32_t w = (uint32_t)lround((position - base) * 256);
            t.first = (int)base;
            t.weight[0] = 256 - w;
            t.weight[1] = w;
        }
        if (t.first + 2 < 0 || t.first >= extent) {
            t.first = 0;
            t.weight[0] = t.weight[1] = t.weight[2] = 0;
        }
        out[i] = t;
    }
}

#if defined(__SSE2__)
#include <emmintrin.h>

/// Down, then across, in 16-bit lanes, two pixels a vector: the rows a target row covers are
/// weighed into a line (4 pixels at a time), then each target pixel weighs its line pixels.
static void resample_rows(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    uint32_t *target, int target_width, int target_height, int target_stride_bytes,
    const taps *columns, const taps *rows, uint16_t *line, __m128i *pair_weights) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128);
    for (int x = 0; x < target_width; x += 2) {
        for (int k = 0; k < 3; k++) {
            short first = (short)columns[x].weight[k], second = (short)columns[x + 1].weight[k];
            pair_weights[3 * (x / 2) + k] = _mm_set_epi16(second, second, second, second, first, first, first, first);
        }
    }
    uint16_t *padded = line + 2 * 4;
    size_t line_bytes = sizeof(uint16_t) * 4 * (size_t)(source_width + 4);
    for (int y = 0; y < target_height; y++) {
        uint32_t *out = (uint32_t *)((char *)target + (long)y * target_stride_bytes);
        const taps *row_taps = &rows[y];
        memset(line, 0, line_bytes);
        int any = 0;
        for (int k = 0; k < 3; k++) {
            int j = row_taps->first + k;
            if (row_taps->weight[k] == 0 || j < 0 || j >= source_height) continue;
            any = 1;
            const __m128i weight = _mm_set1_epi16((short)row_taps->weight[k]);
            const uint32_t *row = (const uint32_t *)((const char *)source + (long)j * source_stride_bytes);
            int x = 0;
            for (; x + 4 <= source_width; x += 4) {
                __m128i pixels = _mm_loadu_si128((const __m128i *)(row + x));
                __m128i *sums = (__m128i *)(padded + 4 * x);
                __m128i low = _mm_mullo_epi16(_mm_unpacklo_epi8(pixels, zero), weight);
                __m128i high = _mm_mullo_epi16(_mm_unpackhi_epi8(pixels, zero), weight);
                _mm_storeu_si128(sums, _mm_add_epi16(_mm_loadu_si128(sums), low));
                _mm_storeu_si128(sums + 1, _mm_add_epi16(_mm_loadu_si128(sums + 1), high));
            }
            for (; x < source_width; x++) {
                __m128i pixel = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)row[x]), zero);
                __m128i *sums = (__m128i *)(padded + 4 * x);
                _mm_storel_epi64(sums, _mm_add_epi16(_mm_loadl_epi64(sums), _mm_mullo_epi16(pixel, weight)));
            }
        }
        if (!any) {
            memset(out, 0, sizeof(uint32_t) * (size_t)target_width);
            continue;
        }
        for (int x = 0; x < source_width; x += 2) {
            __m128i *sums = (__m128i *)(padded + 4 * x);
            _mm_storeu_si128(sums, _mm_srli_epi16(_mm_add_epi16(_mm_loadu_si128(sums), half), 8));
        }
        // Two target pixels a vector: the first's line pixels in the low half, the second's in
        // the high half, each with its own weights.
        for (int x = 0; x < target_width; x += 2) {
            const uint16_t *a = padded + 4 * columns[x].first;
            const uint16_t *b = padded + 4 * columns[x + 1].first;
            const __m128i *weights = &pair_weights[3 * (x / 2)];
            __m128i sum = _mm_mullo_epi16(
                _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)a), _mm_loadl_epi64((const __m128i *)b)), weights[0]);
            sum = _mm_add_epi16(sum, _mm_mullo_epi16(
                _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(a + 4)), _mm_loadl_epi64((const __m128i *)(b + 4))), weights[1]));
            sum = _mm_add_epi16(sum, _mm_mullo_epi16(
                _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(a + 8)), _mm_loadl_epi64((const __m128i *)(b + 8))), weights[2]));
            __m128i pixels = _mm_packus_epi16(_mm_srli_epi16(_mm_add_epi16(sum, half), 8), zero);
            if (x + 1 < target_width) _mm_storel_epi64((__m128i *)(out + x), pixels);
            else out[x] = (uint32_t)_mm_cvtsi128_si32(pixels);
        }
    }
}
#endif

int emojiart_resample(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    uint32_t *target, int target_width, int target_height, int target_stride_bytes,
    double scale, double offset_x, double offset_y) {
    if (scale > 3 || source_width <= 0 || source_height <= 0) return 0;
    // One column more than the target has: the pairs' last partner when the width is odd.
    taps *columns = malloc(sizeof(taps) * (size_t)(target_width + 1 + target_height));
    // One source row's worth of the rows a target row covers, weighed, channels in 16-bit
    // lanes; two transparent pixels pad either end for taps that reach past the edge (and one
    // more for the vector loop's last pair).
    uint64_t *line = malloc(sizeof(uint64_t) * (size_t)(source_width + 5));
    if (!columns || !line) { free(columns); free(line); return 0; }
    taps *rows = columns + target_width + 1;
    axis_taps(target_width, source_width, scale, offset_x, columns);
    columns[target_width] = (taps){ 0, { 0, 0, 0 } };
    axis_taps(target_height, source_height, scale, offset_y, rows);
#if defined(__SSE2__)
    __m128i *pair_weights = malloc(sizeof(__m128i) * 3 * (size_t)(target_width / 2 + 1));
    if (!pair_weights) { free(columns); free(line); return 0; }
    resample_rows(source, source_width, source_height, source_stride_bytes, target, target_width, target_height,
                  target_stride_bytes, columns, rows, (uint16_t *)line, pair_weights);
    free(pair_weights);
#else
    const uint64_t half = 0x0080008000800080ull, low_bytes = 0x00FF00FF00FF00FFull;
    uint64_t *padded = line + 2;
    for (int y = 0; y < target_height; y++) {
        uint32_t *out = (uint32_t *)((char *)target + (long)y * target_stride_bytes);
        const taps *row_taps = &rows[y];
        // Down: the source rows, weighed, into the line.
        int any = 0;
        for (int x = -2; x < source_width + 2; x++) padded[x] = 0;
        for (int k = 0; k < 3; k++) {
            int j = row_taps->first + k;
            uint64_t w = row_taps->weight[k];
            if (w == 0 || j < 0 || j >= source_height) continue;
            any = 1;
            const uint32_t *row = (const uint32_t *)((const char *)source + (long)j * source_stride_bytes);
            for (int x = 0; x < source_width; x++) {
                uint32_t p = row[x];
                if (p) padded[x] += spread(p) * w;
            }
        }
        if (!any) {
            for (int x = 0; x < target_width; x++) out[x] = 0;
            continue;
        }
        for (int x = 0; x < source_width; x++) padded[x] = ((padded[x] + half) >> 8) & low_bytes;
        // Across: the line's pixels, weighed, into the target row.
        for (int x = 0; x < target_width; x++) {
            const taps *t = &columns[x];
            const uint64_t *p = padded + t->first;
            uint64_t sum = p[0] * t->weight[0] + p[1] * t->weight[1] + p[2] * t->weight[2];
            out[x] = gather((sum + half) >> 8);
        }
    }
#endif
    free(columns);
    free(line);
    return 1;
}

void emojiart_scan_rows(
    const uint32_t *pixels, int stride_bytes, int side, emojiart_row_scan *rows) {
    for (int y = 0; y < side; y++) {
        const uint32_t *row = (const uint32_t *)((const char *)pixels + (long)y * stride_bytes);
        emojiart_row_scan scan = { 0, 0, 0, 0, 1 };
        int first = -1, last = -1, x = 0;
        while (x < side) {
            uint32_t alpha = row[x] >> 24;
            if (alpha == 0) { x++; continue; }
            if (first < 0) first = x;
            if (alpha != 255) { last = x; x++; continue; }
            int start = x;
            while (x < side && row[x] >> 24 == 255) x++;
            last = x - 1;
            if (x - start > scan.opaque_end - scan.opaque_start) {
                scan.opaque_start = start;
                scan.opaque_end = x;
            }
        }
        if (first >= 0) {
            scan.ink_start = first;
            scan.ink_end = last + 1;
            for (int column = first; column <= last; column++) {
                if (row[column] >> 24 != 255) { scan.all_opaque = 0; break; }
            }
        }
        rows[y] = scan;
    }
}
