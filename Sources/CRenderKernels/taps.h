// The resampler's weights (resample.c): for each target pixel along one axis, the source pixels
// it covers and their 8-bit shares.
#ifndef EMOJIART_TAPS_H
#define EMOJIART_TAPS_H

#include <stdint.h>

/// Up to three source pixels a target pixel covers along one axis, from `first`, with 8-bit
/// weights summing to 256: a box filter (the source pixels' shares of the target pixel's
/// footprint) when shrinking by up to 3, bilinear (the two pixels whose centres surround the
/// sample point) when enlarging. Taps wholly outside the `extent` source pixels get no weight;
/// those partly outside reach at most two pixels past either end.
typedef struct {
    int first;
    uint32_t weight[3];
} taps;

/// The taps of target pixels `start` … `start + count − 1`, into `out[0]` … : target pixel i
/// covers the source from scale · i + offset, `scale` source pixels wide, in an axis of `extent`.
void resampling_taps(int start, int count, int extent, double scale, double offset, taps *out);

#endif
