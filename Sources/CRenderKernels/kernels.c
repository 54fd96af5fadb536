#include "CRenderKernels.h"
#include "pixel_math.h"
#include "transformed.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Tile size of `emojiart_paint_batch`: 128 × 64 pixels of frame are 32 KB, which stay in the
/// first-level cache while the emojis over them are painted.
#define EMOJIART_TILE_WIDTH 128
#define EMOJIART_TILE_HEIGHT 64

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
                        emojiart_paint_transformed(job, frame, frame_stride_bytes, tile_left, tile_top, tile_right, tile_bottom);
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
