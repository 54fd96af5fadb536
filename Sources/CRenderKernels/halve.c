#include "CRenderKernels.h"
#include "pixel_math.h"

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
