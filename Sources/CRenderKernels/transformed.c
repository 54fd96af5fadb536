#include "CRenderKernels.h"
#include "pixel_math.h"
#include "transformed.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Where a transformed job's samples reach ink: for each source axis, the slope along a frame row
/// and its reciprocal, and the open interval (low, high) of sample positions whose bilinear
/// footprint (the texel and the next) holds ink; beyond it all four texels are transparent.
typedef struct {
    double slope[2];
    double inverse_slope[2];
    double low[2];
    double high[2];
} ink_window;

/// The columns [*from, *to) of the frame row centred at `center_y` whose samples lie inside the
/// window on both axes, within [left, right): the box cut down to the turned ink.
static void sampled_columns(
    const ink_window *window, const double *m, double center_y, int left, int right, int *from, int *to) {
    double low = left, high = right;
    for (int axis = 0; axis < 2; axis++) {
        double offset = m[axis * 3 + 1] * center_y + m[axis * 3 + 2] - 0.5;
        // low < slope · (x + 0.5) + offset < high
        if (window->slope[axis] == 0) {
            if (offset <= window->low[axis] || offset >= window->high[axis]) { *from = *to = left; return; }
            continue;
        }
        double a = (window->low[axis] - offset) * window->inverse_slope[axis] - 0.5;
        double b = (window->high[axis] - offset) * window->inverse_slope[axis] - 0.5;
        if (a > b) { double swap = a; a = b; b = swap; }
        if (a > low) low = a;
        if (b < high) high = b;
    }
    if (low >= high) { *from = *to = left; return; }
    // A pixel to spare on each side for rounding.
    int first = (int)low - 1, last = (int)high + 2;
    *from = first > left ? first : left;
    *to = last < right ? last : right;
}

static const emojiart_sample_row blank_row = { 0, 0, 0 };

/// Raster row `y` of the job (blank outside its ink).
static inline const emojiart_sample_row *job_row(const emojiart_paint_job *job, int y) {
    unsigned r = (unsigned)(y - job->first_row);
    return r < (unsigned)job->row_count ? &job->sample_rows[r] : &blank_row;
}

static inline uint32_t row_texel(const uint32_t *pixels, const emojiart_sample_row *row, int x) {
    return x >= row->start && x < row->end ? pixels[row->offset + x] : 0;
}

#if defined(__SSE2__)
/// `bilinear` of a row's two texels (`top`'s low 64 bits, left first) and the next row's, in
/// 16-bit lanes: the same arithmetic, so the same pixel.
static inline uint32_t bilinear_sse2(__m128i top, __m128i bottom, uint32_t wx, uint32_t wy) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(64);
    __m128i across = _mm_unpacklo_epi64(_mm_set1_epi16((short)(128 - wx)), _mm_set1_epi16((short)wx));
    __m128i upper = _mm_mullo_epi16(_mm_unpacklo_epi8(top, zero), across);
    __m128i lower = _mm_mullo_epi16(_mm_unpacklo_epi8(bottom, zero), across);
    // Each row's left and right shares added: the upper row's four channels, then the lower's.
    __m128i rows = _mm_add_epi16(_mm_unpacklo_epi64(upper, lower), _mm_unpackhi_epi64(upper, lower));
    rows = _mm_srli_epi16(_mm_add_epi16(rows, half), 7);
    __m128i down = _mm_mullo_epi16(rows, _mm_unpacklo_epi64(_mm_set1_epi16((short)(128 - wy)), _mm_set1_epi16((short)wy)));
    __m128i sum = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(down, _mm_unpackhi_epi64(down, down)), half), 7);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(sum, zero));
}
#endif

/// Blends the job's raster sampled at (u, v) — 16.16 fixed point, one texel added — over `target`.
static inline void blend_sample(const emojiart_paint_job *job, int32_t u, int32_t v, uint32_t *target) {
    if (u <= 0 || v <= 0) return;
    const uint32_t *pixels = job->raster;
    int i = (u >> 16) - 1, j = (v >> 16) - 1;
    // Looked up at every pixel: a turned row moves from one raster row to the next at no
    // pattern a branch could learn.
    const emojiart_sample_row *upper = job_row(job, j), *lower = job_row(job, j + 1);
    uint32_t wx = (uint32_t)(u & 0xFFFF) >> 9, wy = (uint32_t)(v & 0xFFFF) >> 9;
#if defined(__SSE2__)
    if (i >= 0 && i + 2 <= job->raster_width && j >= 0 && j + 2 <= job->raster_height) {
        const uint32_t *texels = pixels + (long)j * job->raster_width + i;
        uint32_t source = bilinear_sse2(
            _mm_loadl_epi64((const __m128i *)texels), _mm_loadl_epi64((const __m128i *)(texels + job->raster_width)), wx, wy);
        if (source != 0) *target = (source >> 24) == 255 ? source : over(source, *target);
        return;
    }
#endif
    uint32_t tl, tr, bl, br;
    if (i >= upper->start && i + 1 < upper->end && i >= lower->start && i + 1 < lower->end) {
        tl = pixels[upper->offset + i]; tr = pixels[upper->offset + i + 1];
        bl = pixels[lower->offset + i]; br = pixels[lower->offset + i + 1];
    } else {
        tl = row_texel(pixels, upper, i);
        tr = row_texel(pixels, upper, i + 1);
        bl = row_texel(pixels, lower, i);
        br = row_texel(pixels, lower, i + 1);
    }
    if ((tl | tr | bl | br) == 0) return;
    // Flat colour (most of an emoji's face): any weighting gives the texel itself.
    uint32_t source = (tl == tr && tl == bl && tl == br) ? tl : bilinear(tl, tr, bl, br, wx, wy);
    *target = (source >> 24) == 255 ? source : over(source, *target);
}

/// The texels a box filter's square covers along one axis, and their 8-bit shares (summing to
/// 256): the box starts at `from` (16.16, two texels added) and is `width` texels wide (1 to 2,
/// 16.16), so it covers three texels at most; `inverse_width` is 2^40 / `width`.
typedef struct {
    int first;
    uint32_t weight[3];
} box_taps;

static inline box_taps box_axis(int32_t from, int32_t width, uint64_t inverse_width) {
    box_taps t;
    t.first = (from >> 16) - 2;
    uint32_t in_first = 65536 - (uint32_t)(from & 0xFFFF);
    uint32_t rest = (uint32_t)width - in_first;
    uint32_t in_second = rest < 65536 ? rest : 65536;
    uint32_t w0 = (uint32_t)((in_first * inverse_width + (1ull << 31)) >> 32);
    uint32_t w1 = (uint32_t)((in_second * inverse_width + (1ull << 31)) >> 32);
    if (w0 > 256) w0 = 256;
    if (w0 + w1 > 256) w1 = 256 - w0;
    t.weight[0] = w0;
    t.weight[1] = w1;
    t.weight[2] = 256 - w0 - w1;
    return t;
}

/// Blends the job's raster over `target`, filtered by a box `width` texels wide (16.16) centred
/// where the bilinear sample (u, v) would be taken: down (the rows' shares, rounded), then across,
/// as `emojiart_resample` shrinks.
static inline void blend_box_sample(
    const emojiart_paint_job *job, int32_t u, int32_t v, int32_t width, uint64_t inverse_width, uint32_t *target) {
    // From the sample's centre (u, v hold it minus half a texel, plus one) to the box's corner, plus two.
    int32_t from_u = u + 98304 - (width >> 1), from_v = v + 98304 - (width >> 1);
    if (from_u < 0 || from_v < 0) return;
    box_taps across = box_axis(from_u, width, inverse_width), down = box_axis(from_v, width, inverse_width);
    const uint32_t *pixels = job->raster;
    int x = across.first;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128);
    __m128i low = half, high = half;
    int any = 0;
    if (x >= 0 && x + 4 <= job->raster_width && down.first >= 0 && down.first + 3 <= job->raster_height) {
        // All twelve texels inside the picture: read, and weighed (a row of no weight adds
        // nothing), without a branch.
        const uint32_t *texels = pixels + (long)down.first * job->raster_width + x;
        for (int k = 0; k < 3; k++, texels += job->raster_width) {
            __m128i row = _mm_loadu_si128((const __m128i *)texels);
            __m128i weight = _mm_set1_epi16((short)down.weight[k]);
            low = _mm_add_epi16(low, _mm_mullo_epi16(_mm_unpacklo_epi8(row, zero), weight));
            high = _mm_add_epi16(high, _mm_mullo_epi16(_mm_unpackhi_epi8(row, zero), weight));
        }
        any = 1;
    } else {
        for (int k = 0; k < 3; k++) {
            if (down.weight[k] == 0) continue;
            const emojiart_sample_row *row = job_row(job, down.first + k);
            if (row->start >= row->end) continue;
            // The fourth texel weighs nothing: read with the rest when the row has it.
            __m128i texels = x >= row->start && x + 4 <= row->end
                ? _mm_loadu_si128((const __m128i *)(pixels + row->offset + x))
                : _mm_set_epi32(0, (int)row_texel(pixels, row, x + 2), (int)row_texel(pixels, row, x + 1),
                                (int)row_texel(pixels, row, x));
            __m128i weight = _mm_set1_epi16((short)down.weight[k]);
            low = _mm_add_epi16(low, _mm_mullo_epi16(_mm_unpacklo_epi8(texels, zero), weight));
            high = _mm_add_epi16(high, _mm_mullo_epi16(_mm_unpackhi_epi8(texels, zero), weight));
            any = 1;
        }
    }
    if (!any) return;
    low = _mm_srli_epi16(low, 8);
    high = _mm_srli_epi16(high, 8);
    __m128i first_two = _mm_unpacklo_epi64(_mm_set1_epi16((short)across.weight[0]), _mm_set1_epi16((short)across.weight[1]));
    __m128i third = _mm_unpacklo_epi64(_mm_set1_epi16((short)across.weight[2]), zero);
    __m128i sum = _mm_add_epi16(_mm_mullo_epi16(low, first_two), _mm_mullo_epi16(high, third));
    sum = _mm_add_epi16(_mm_add_epi16(sum, _mm_unpackhi_epi64(sum, sum)), half);
    uint32_t source = (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_srli_epi16(sum, 8), zero));
#else
    const uint64_t half = 0x0080008000800080ull, low_bytes = 0x00FF00FF00FF00FFull;
    uint64_t line[3] = { half, half, half };
    int any = 0;
    for (int k = 0; k < 3; k++) {
        if (down.weight[k] == 0) continue;
        const emojiart_sample_row *row = job_row(job, down.first + k);
        if (row->start >= row->end) continue;
        for (int c = 0; c < 3; c++) line[c] += spread(row_texel(pixels, row, x + c)) * down.weight[k];
        any = 1;
    }
    if (!any) return;
    uint64_t sum = half;
    for (int c = 0; c < 3; c++) sum += ((line[c] >> 8) & low_bytes) * across.weight[c];
    uint32_t source = gather(sum >> 8);
#endif
    if (source == 0) return;
    *target = (source >> 24) == 255 ? source : over(source, *target);
}

/// Paints a turned, mirrored or scaled raster: each frame pixel of the job's box inside the clip
/// samples the raster's packed rows through the inverse transform and is blended with OVER.
void emojiart_paint_transformed(
    const emojiart_paint_job *job, uint32_t *frame, int frame_stride_bytes,
    int clip_left, int clip_top, int clip_right, int clip_bottom) {
    if (job->row_count <= 0) return;
    int top = job->top > clip_top ? job->top : clip_top;
    int bottom = job->bottom < clip_bottom ? job->bottom : clip_bottom;
    int left = job->left > clip_left ? job->left : clip_left;
    int right = job->right < clip_right ? job->right : clip_right;
    const double *m = job->inverse;
    // A box filter (at most two texels wide) reaches half a texel further than a bilinear sample.
    int box = job->box_width >= 1;
    int32_t box_width = box ? (int32_t)((job->box_width < 2 ? job->box_width : 2) * 65536) : 0;
    uint64_t inverse_box_width = box ? (1ull << 40) / (uint64_t)box_width : 0;
    // A sample reaches ink when its texel column is within one of the ink's (and its row too).
    ink_window window = {
        { m[0], m[3] }, { m[0] != 0 ? 1 / m[0] : 0, m[3] != 0 ? 1 / m[3] : 0 },
        { job->ink_left - 1 - box, job->first_row - 1 - box }, { job->ink_right + box, job->first_row + job->row_count + box },
    };
    // Sample positions in 16.16 fixed point, stepped along each row from the job's left edge, so
    // a pixel's position (and so its weights) is the same whichever tile paints it.
    const double fixed = 65536.0;
    int32_t step_u = (int32_t)(m[0] * fixed), step_v = (int32_t)(m[3] * fixed);
    double edge = job->left + 0.5;
    for (int y = top; y < bottom; y++) {
        double center_y = y + 0.5;
        int from, to;
        sampled_columns(&window, m, center_y, left, right, &from, &to);
        if (from >= to) continue;
        uint32_t *target_row = (uint32_t *)((char *)frame + (long)y * frame_stride_bytes);
        // Offset by one texel so the fixed-point values stay positive and truncate as floor.
        int32_t u = (int32_t)((m[0] * edge + m[1] * center_y + m[2] - 0.5 + 1) * fixed) + step_u * (from - job->left);
        int32_t v = (int32_t)((m[3] * edge + m[4] * center_y + m[5] - 0.5 + 1) * fixed) + step_v * (from - job->left);
        // The row's cells hidden under emojis painted later, if any: their pixels are skipped.
        const uint8_t *hidden = NULL;
        if (job->hidden) {
            int cell_row = (y - job->hidden_top) >> 3;
            if (cell_row >= 0 && cell_row < job->hidden_rows) hidden = job->hidden + (long)cell_row * job->hidden_columns;
        }
        for (int x = from; x < to;) {
            int stretch_end = to;
            if (hidden) {
                int cell = (x - job->hidden_left) >> 3;
                int cell_end = job->hidden_left + ((cell + 1) << 3);
                if (cell_end < stretch_end) stretch_end = cell_end;
                if (cell >= 0 && cell < job->hidden_columns && hidden[cell]) {
                    u += step_u * (stretch_end - x);
                    v += step_v * (stretch_end - x);
                    x = stretch_end;
                    continue;
                }
            }
            if (box) {
                for (; x < stretch_end; x++, u += step_u, v += step_v)
                    blend_box_sample(job, u, v, box_width, inverse_box_width, target_row + x);
            } else {
                for (; x < stretch_end; x++, u += step_u, v += step_v) blend_sample(job, u, v, target_row + x);
            }
        }
    }
}
