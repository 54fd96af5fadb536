// Pixel arithmetic shared by the painter (kernels.c, transformed.c), the resampler (resample.c) and the
// mipmap halving (halve.c): premultiplied
// ARGB32 pixels, channels spread into 16-bit lanes so one multiply weighs all four.
#ifndef EMOJIART_PIXEL_MATH_H
#define EMOJIART_PIXEL_MATH_H

#include <stdint.h>

/// A pixel's four 8-bit channels spread into the four 16-bit lanes of a 64-bit word, so a
/// weighted sum of up to 128 × 255 per channel needs one multiply for all four.
static inline uint64_t spread(uint32_t pixel) {
    uint64_t x = pixel;
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
    return x;
}

static inline uint32_t gather(uint64_t x) {
    x &= 0x00FF00FF00FF00FFull;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFull;
    x = (x | (x >> 16)) & 0x00000000FFFFFFFFull;
    return (uint32_t)x;
}

/// Bilinear sample with 7-bit weights (pixman's precision): across, then down, rounding each.
static inline uint32_t bilinear(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, uint32_t wx, uint32_t wy) {
    const uint64_t half = 0x0040004000400040ull;
    uint64_t top = ((spread(tl) * (128 - wx) + spread(tr) * wx + half) >> 7) & 0x00FF00FF00FF00FFull;
    uint64_t bottom = ((spread(bl) * (128 - wx) + spread(br) * wx + half) >> 7) & 0x00FF00FF00FF00FFull;
    return gather((top * (128 - wy) + bottom * wy + half) >> 7);
}

/// Cairo's OVER of a premultiplied pixel onto another, with pixman's arithmetic.
static inline uint32_t over(uint32_t source, uint32_t destination) {
    uint32_t inverse_alpha = 255 - (source >> 24);
    // Red and blue, then alpha and green, two channels per 32-bit word as pixman does it.
    uint32_t rb = (destination & 0x00FF00FF) * inverse_alpha + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    uint32_t ag = ((destination >> 8) & 0x00FF00FF) * inverse_alpha + 0x00800080;
    ag = ((ag + ((ag >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    // Saturating add of the source, per channel (a premultiplied sum never exceeds 255, but
    // pixman saturates, so do we).
    rb += source & 0x00FF00FF;
    rb |= 0x01000100 - ((rb >> 8) & 0x00010001);
    rb &= 0x00FF00FF;
    ag += (source >> 8) & 0x00FF00FF;
    ag |= 0x01000100 - ((ag >> 8) & 0x00010001);
    ag &= 0x00FF00FF;
    return rb | (ag << 8);
}

#endif
