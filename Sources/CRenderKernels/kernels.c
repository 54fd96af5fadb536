#include "CRenderKernels.h"
#include "pixel_math.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Tile size of `emojiart_paint_batch`: 128 × 64 pixels of frame are 32 KB, which stay in the
/// first-level cache while the emojis over them are painted.
#define EMOJIART_TILE_WIDTH 128
#define EMOJIART_TILE_HEIGHT 64

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

#if defined(__SSE2__)
/// `over` on four pixels at once, the same arithmetic per channel: (t · 257) >> 16 with
/// t = d · (255 − αs) + 128 is (t + (t >> 8)) >> 8 for every t below 65,536 (checked exhaustively).
static inline __m128i over4(__m128i source, __m128i destination) {
    const __m128i zero = _mm_setzero_si128();
    const __m128i all255 = _mm_set1_epi16(255), half = _mm_set1_epi16(128), by257 = _mm_set1_epi16(257);
    __m128i source_low = _mm_unpacklo_epi8(source, zero), source_high = _mm_unpackhi_epi8(source, zero);
    // Each pixel's alpha in its four lanes.
    __m128i alpha_low = _mm_shufflehi_epi16(_mm_shufflelo_epi16(source_low, 0xFF), 0xFF);
    __m128i alpha_high = _mm_shufflehi_epi16(_mm_shufflelo_epi16(source_high, 0xFF), 0xFF);
    __m128i low = _mm_mullo_epi16(_mm_unpacklo_epi8(destination, zero), _mm_sub_epi16(all255, alpha_low));
    __m128i high = _mm_mullo_epi16(_mm_unpackhi_epi8(destination, zero), _mm_sub_epi16(all255, alpha_high));
    low = _mm_mulhi_epu16(_mm_add_epi16(low, half), by257);
    high = _mm_mulhi_epu16(_mm_add_epi16(high, half), by257);
    return _mm_adds_epu8(_mm_packus_epi16(low, high), source);
}

/// The first `count` (1–3) pixels at `pixels` in the low lanes, the rest zero: a transparent
/// source pixel leaves the frame pixel under it as it was, so they blend as no-ops.
static inline __m128i load_partial(const uint32_t *pixels, int count) {
    switch (count) {
    case 1: return _mm_cvtsi32_si128((int)pixels[0]);
    case 2: return _mm_loadl_epi64((const __m128i *)pixels);
    default: return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)pixels), _mm_cvtsi32_si128((int)pixels[2]));
    }
}

static inline void store_partial(uint32_t *pixels, __m128i value, int count) {
    if (count >= 2) {
        _mm_storel_epi64((__m128i *)pixels, value);
        if (count == 3) pixels[2] = (uint32_t)_mm_cvtsi128_si32(_mm_unpackhi_epi64(value, value));
    } else {
        pixels[0] = (uint32_t)_mm_cvtsi128_si32(value);
    }
}
#endif

/// Blends `count` source pixels over the frame pixels at `target` with OVER.
static inline void blend_span(const uint32_t *source, uint32_t *target, int count) {
#if defined(__SSE2__)
    // Four at a time (a run is a whole row of ink, opaque and transparent pixels included: both
    // blend exactly to the source and to the frame's pixel), then the rest as one partial
    // vector, with no pixel read or written outside the run.
    int x = 0;
    for (; x + 4 <= count; x += 4) {
        __m128i s = _mm_loadu_si128((const __m128i *)(source + x));
        __m128i d = _mm_loadu_si128((const __m128i *)(target + x));
        _mm_storeu_si128((__m128i *)(target + x), over4(s, d));
    }
    if (x < count) {
        int rest = count - x;
        store_partial(target + x, over4(load_partial(source + x, rest), load_partial(target + x, rest)), rest);
    }
#else
    for (int x = 0; x < count; x++) target[x] = over(source[x], target[x]);
#endif
}

/// `emojiart_paint_runs` clipped to the columns [clip_left, clip_right) as well.
static void paint_runs_clipped(
    const uint32_t *pixels, int row_count, const emojiart_run *runs, const int32_t *row_first_run,
    uint32_t *frame, int frame_stride_bytes, int clip_left, int clip_right,
    int left, int top, int band_top, int band_bottom) {
    int first_row = band_top - top > 0 ? band_top - top : 0;
    int end_row = band_bottom - top < row_count ? band_bottom - top : row_count;
    for (int row = first_row; row < end_row; row++) {
        uint32_t *target_row = (uint32_t *)((char *)frame + (long)(top + row) * frame_stride_bytes) + left;
        for (int index = row_first_run[row]; index < row_first_run[row + 1]; index++) {
            emojiart_run run = runs[index];
            int start = run.x, end = start + run.length;
            // Clip to the columns.
            if (left + start < clip_left) start = clip_left - left;
            if (left + end > clip_right) end = clip_right - left;
            if (start >= end) continue;
            // The run's pixels, indexed by raster column.
            const uint32_t *source = pixels + run.pixel - run.x;
            if (run.opaque) {
                memcpy(target_row + start, source + start, (size_t)(end - start) * 4);
            } else {
                blend_span(source + start, target_row + start, end - start);
            }
        }
    }
}

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

/// Blends the job's raster sampled at (u, v) — 16.16 fixed point, one texel added — over `target`.
static inline void blend_sample(const emojiart_paint_job *job, int32_t u, int32_t v, uint32_t *target) {
    if (u <= 0 || v <= 0) return;
    const uint32_t *pixels = job->raster;
    int i = (u >> 16) - 1, j = (v >> 16) - 1;
    // Looked up at every pixel: a turned row moves from one raster row to the next at no
    // pattern a branch could learn.
    const emojiart_sample_row *upper = job_row(job, j), *lower = job_row(job, j + 1);
    uint32_t wx = (uint32_t)(u & 0xFFFF) >> 9, wy = (uint32_t)(v & 0xFFFF) >> 9;
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
static void paint_transformed(
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

/// Where the 8-pixel cell of frame column `x` in a job's row of hidden cells starts, where the
/// next starts, and whether it is hidden (`hidden` is the row's cells).
static inline int cell_start(const emojiart_paint_job *job, int x) {
    return job->hidden_left + (((x - job->hidden_left) >> 3) << 3);
}

static inline int next_cell(const emojiart_paint_job *job, int x) { return cell_start(job, x) + 8; }

static inline int is_hidden(const emojiart_paint_job *job, const uint8_t *hidden, int x) {
    int cell = (x - job->hidden_left) >> 3;
    return cell >= 0 && cell < job->hidden_columns && hidden[cell];
}

/// Paints a job's resampling (`emojiart_resampling_row`) inside the clip, a row at a time through
/// `row_pixels` (a tile's width), its hidden cells (as `paint_transformed` skips them) not blended.
static void paint_resampled(
    const emojiart_paint_job *job, uint32_t *frame, int frame_stride_bytes,
    int clip_left, int clip_top, int clip_right, int clip_bottom, uint32_t *row_pixels, uint64_t *line) {
    int top = job->top > clip_top ? job->top : clip_top;
    int bottom = job->bottom < clip_bottom ? job->bottom : clip_bottom;
    int left = job->left > clip_left ? job->left : clip_left;
    int right = job->right < clip_right ? job->right : clip_right;
    if (top >= bottom || left >= right) return;
    for (int y = top; y < bottom; y++) {
        const uint8_t *hidden = NULL;
        if (job->hidden) {
            int cell_row = (y - job->hidden_top) >> 3;
            if (cell_row >= 0 && cell_row < job->hidden_rows) hidden = job->hidden + (long)cell_row * job->hidden_columns;
        }
        uint32_t *target_row = (uint32_t *)((char *)frame + (long)y * frame_stride_bytes);
        if (!hidden) {
            if (emojiart_resampling_row(job->resampling, y - job->top, left - job->left, right - job->left, row_pixels, line)) {
                blend_span(row_pixels, target_row + left, right - left);
            }
            continue;
        }
        // Each stretch of cells not hidden is resampled and blended; hidden ones cost nothing.
        for (int x = left; x < right;) {
            if (is_hidden(job, hidden, x)) {
                x = next_cell(job, x);
                continue;
            }
            int end = next_cell(job, x);
            while (end < right && !is_hidden(job, hidden, end)) end = next_cell(job, end);
            if (end > right) end = right;
            if (emojiart_resampling_row(job->resampling, y - job->top, x - job->left, end - job->left, row_pixels, line)) {
                blend_span(row_pixels, target_row + x, end - x);
            }
            x = end;
        }
    }
}

void emojiart_paint_runs(
    const uint32_t *pixels, int row_count, const emojiart_run *runs, const int32_t *row_first_run,
    uint32_t *frame, int frame_stride_bytes, int frame_width,
    int left, int top, int band_top, int band_bottom) {
    paint_runs_clipped(
        pixels, row_count, runs, row_first_run, frame, frame_stride_bytes, 0, frame_width,
        left, top, band_top, band_bottom);
}

void emojiart_paint_batch(
    const emojiart_paint_job *jobs, int count,
    uint32_t *frame, int frame_stride_bytes, int frame_width, int band_top, int band_bottom) {
    // Tile by tile, so the frame's pixels under a tile stay in cache while every emoji over it
    // is painted: in stack order over the whole frame, each emoji's rows land at random places
    // and nearly every row misses the cache (measured: the copy loop then waits on memory).
    int tile_rows = (band_bottom - band_top + EMOJIART_TILE_HEIGHT - 1) / EMOJIART_TILE_HEIGHT;
    int tile_columns = (frame_width + EMOJIART_TILE_WIDTH - 1) / EMOJIART_TILE_WIDTH;
    if (tile_rows <= 0 || tile_columns <= 0 || count <= 0) return;
    int tiles = tile_rows * tile_columns;
    // Bin the jobs by tile, keeping stack order: count, prefix sums, fill.
    int *first = calloc((size_t)tiles + 1, sizeof(int));
    if (!first) return;
    // Scratch for resampled jobs: a tile's row of pixels and the widest resampling's line.
    int line_pixels = 0;
    for (int index = 0; index < count; index++) {
        if (!jobs[index].resampling) continue;
        int pixels = emojiart_resampling_line_pixels(jobs[index].resampling);
        if (pixels > line_pixels) line_pixels = pixels;
    }
    uint32_t *row_pixels = NULL;
    uint64_t *line = NULL;
    if (line_pixels > 0) {
        row_pixels = malloc(sizeof(uint32_t) * EMOJIART_TILE_WIDTH);
        line = malloc(sizeof(uint64_t) * (size_t)line_pixels);
        if (!row_pixels || !line) { free(row_pixels); free(line); free(first); return; }
    }
    for (int pass = 0; pass < 2; pass++) {
        int *entries = NULL;
        int *cursor = NULL;
        if (pass == 1) {
            for (int tile = 0; tile < tiles; tile++) first[tile + 1] += first[tile];
            entries = malloc(sizeof(int) * (size_t)(first[tiles] > 0 ? first[tiles] : 1));
            cursor = malloc(sizeof(int) * (size_t)tiles);
            if (!entries || !cursor) { free(entries); free(cursor); free(first); free(row_pixels); free(line); return; }
            memcpy(cursor, first, sizeof(int) * (size_t)tiles);
        }
        for (int index = 0; index < count; index++) {
            const emojiart_paint_job *job = &jobs[index];
            int top = job->top > band_top ? job->top : band_top;
            int bottom = job->bottom < band_bottom ? job->bottom : band_bottom;
            int left = job->left > 0 ? job->left : 0;
            int right = job->right < frame_width ? job->right : frame_width;
            if (top >= bottom || left >= right) continue;
            int row0 = (top - band_top) / EMOJIART_TILE_HEIGHT, row1 = (bottom - 1 - band_top) / EMOJIART_TILE_HEIGHT;
            int column0 = left / EMOJIART_TILE_WIDTH, column1 = (right - 1) / EMOJIART_TILE_WIDTH;
            for (int row = row0; row <= row1; row++) {
                for (int column = column0; column <= column1; column++) {
                    int tile = row * tile_columns + column;
                    if (pass == 0) first[tile + 1]++;
                    else entries[cursor[tile]++] = index;
                }
            }
        }
        if (pass == 1) {
            for (int tile = 0; tile < tiles; tile++) {
                int row = tile / tile_columns, column = tile % tile_columns;
                int tile_top = band_top + row * EMOJIART_TILE_HEIGHT;
                int tile_bottom = tile_top + EMOJIART_TILE_HEIGHT < band_bottom ? tile_top + EMOJIART_TILE_HEIGHT : band_bottom;
                int tile_left = column * EMOJIART_TILE_WIDTH;
                int tile_right = tile_left + EMOJIART_TILE_WIDTH < frame_width ? tile_left + EMOJIART_TILE_WIDTH : frame_width;
                for (int entry = first[tile]; entry < first[tile + 1]; entry++) {
                    const emojiart_paint_job *job = &jobs[entries[entry]];
                    if (job->resampling) {
                        paint_resampled(
                            job, frame, frame_stride_bytes, tile_left, tile_top, tile_right, tile_bottom, row_pixels, line);
                        continue;
                    }
                    if (job->is_transformed) {
                        paint_transformed(job, frame, frame_stride_bytes, tile_left, tile_top, tile_right, tile_bottom);
                        continue;
                    }
                    paint_runs_clipped(
                        job->raster, job->row_count, job->runs, job->row_first_run,
                        frame, frame_stride_bytes, tile_left, tile_right, job->left, job->top, tile_top, tile_bottom);
                }
            }
            free(entries);
            free(cursor);
        }
    }
    free(first);
    free(row_pixels);
    free(line);
}
