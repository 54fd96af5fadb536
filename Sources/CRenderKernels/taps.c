#include "taps.h"

#include <math.h>

/// `floor`, inline (the library's is a call on a processor without SSE4.1).
static inline double floor_of(double x) {
    double truncated = (double)(long long)x;
    return truncated > x ? truncated - 1 : truncated;
}

/// `lround` of a non-negative `x`, inline: the fraction x − ⌊x⌋ is exact.
static inline uint32_t rounded(double x) {
    uint32_t whole = (uint32_t)x;
    return x - whole >= 0.5 ? whole + 1 : whole;
}

void resampling_taps(int start, int count, int extent, double scale, double offset, taps *out) {
    // A source pixel's whole share of a target pixel, in 256ths.
    const double share = 256 / scale;
    for (int n = 0; n < count; n++) {
        int i = start + n;
        taps t = { 0, { 0, 0, 0 } };
        if (scale >= 1) {
            double from = scale * i + offset, to = from + scale;
            t.first = (int)floor_of(from);
            uint32_t given = 0;
            for (int k = 0; k < 3; k++) {
                double low = fmax(from, t.first + k), high = fmin(to, t.first + k + 1);
                uint32_t w = high > low ? rounded((high - low) * share) : 0;
                if (given + w > 256) w = 256 - given;
                t.weight[k] = w;
                given += w;
            }
            // What rounding lost goes to the largest share.
            int largest = t.weight[1] > t.weight[0] ? (t.weight[2] > t.weight[1] ? 2 : 1) : (t.weight[2] > t.weight[0] ? 2 : 0);
            t.weight[largest] += 256 - given;
        } else {
            double position = scale * (i + 0.5) + offset - 0.5;
            double base = floor_of(position);
            uint32_t w = rounded((position - base) * 256);
            t.first = (int)base;
            t.weight[0] = 256 - w;
            t.weight[1] = w;
        }
        if (t.first + 2 < 0 || t.first >= extent) {
            t.first = 0;
            t.weight[0] = t.weight[1] = t.weight[2] = 0;
        }
        out[n] = t;
    }
}
