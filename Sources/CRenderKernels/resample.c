#include "CRenderKernels.h"
#include "pixel_math.h"

#include <math.h>
#include <stdlib.h>

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
/// sample point) when enlarging.
typedef struct {
    int first;
    uint32_t weight[3];
} taps;

static void axis_taps(int count, double scale, double offset, taps *out) {
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
        out[i] = t;
    }
}

int emojiart_resample(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    uint32_t *target, int target_width, int target_height, int target_stride_bytes,
    double scale, double offset_x, double offset_y) {
    if (scale > 3) return 0;
    taps *columns = malloc(sizeof(taps) * (size_t)(target_width + target_height));
    if (!columns) return 0;
    taps *rows = columns + target_width;
    axis_taps(target_width, scale, offset_x, columns);
    axis_taps(target_height, scale, offset_y, rows);
    const uint64_t half = 0x0080008000800080ull, low_bytes = 0x00FF00FF00FF00FFull;
    for (int y = 0; y < target_height; y++) {
        uint32_t *out = (uint32_t *)((char *)target + (long)y * target_stride_bytes);
        const taps *row_taps = &rows[y];
        for (int x = 0; x < target_width; x++) {
            const taps *column_taps = &columns[x];
            uint64_t sum = 0;
            uint32_t first = 0, flat = 1, seen = 0;
            for (int k = 0; k < 3; k++) {
                if (row_taps->weight[k] == 0) continue;
                uint64_t across = 0;
                for (int c = 0; c < 3; c++) {
                    if (column_taps->weight[c] == 0) continue;
                    uint32_t p = pixel_at(source, source_stride_bytes, source_width, source_height,
                                          column_taps->first + c, row_taps->first + k);
                    if (!seen) { first = p; seen = 1; } else if (p != first) flat = 0;
                    across += spread(p) * column_taps->weight[c];
                }
                sum += ((across + half) >> 8 & low_bytes) * row_taps->weight[k];
            }
            // Flat colour (most of an emoji's face, and the transparent corners): any weighting
            // gives the pixel itself.
            out[x] = flat ? first : gather((sum + half) >> 8);
        }
    }
    free(columns);
    return 1;
}
