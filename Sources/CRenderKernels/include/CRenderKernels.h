// Pixel loops of EmojiArtRender that must run at memory speed, so a frame of a 100,000-emoji
// document paints in time: painting an emoji raster over a frame, row run by row run. Swift
// calls them on raw cairo image surface data.
#ifndef EMOJIART_CRENDERKERNELS_H
#define EMOJIART_CRENDERKERNELS_H

#include <stdint.h>

/// A run of a raster row: `x` and `length` in pixels; `opaque` when every pixel has alpha 255
/// (copied), otherwise blended (it may hold transparent pixels too: OVER leaves the frame's
/// pixel under them exactly as it was). EmojiArtRender makes one run per row, first to last ink.
/// Its pixels are `length` consecutive words from `pixels[pixel]`, where `pixels` is the
/// raster's pixel base: a cairo surface's data (then `pixel` = row · stride / 4 + x) or a packed
/// copy of the ink alone (turned rasters: a fifth of the memory, so hundreds stay in cache).
typedef struct {
    uint16_t x;
    uint16_t length;
    uint32_t pixel : 31;
    uint32_t opaque : 1;
} emojiart_run;

/// Paints the `row_count` rows of a premultiplied ARGB32 raster, kept as runs over `pixels`, with
/// cairo's OVER operator onto a premultiplied ARGB32 frame, run x = 0 of row 0 at (`left`, `top`),
/// touching only frame rows in [`band_top`, `band_bottom`) and columns in [0, `frame_width`).
///
/// `row_first_run[r]` … `row_first_run[r + 1]` index the runs of raster row r in `runs`.
/// Translucent pixels are blended with exactly pixman's arithmetic (its SSE2 OVER:
/// d = s + ((d · (255 − αs) + 128) · 257 >> 16), saturated), so the frame is bit for bit what
/// `cairo_set_source_surface` + `cairo_fill` would make.
void emojiart_paint_runs(
    const uint32_t *pixels, int row_count, const emojiart_run *runs, const int32_t *row_first_run,
    uint32_t *frame, int frame_stride_bytes, int frame_width,
    int left, int top, int band_top, int band_bottom);

/// One row of a raster, for sampling it: its pixel in raster column x is `pixels[offset + x]` for
/// x in [`start`, `end`), transparent elsewhere (`start` == `end` for a row without ink).
typedef struct {
    int32_t offset;
    int32_t start;
    int32_t end;
} emojiart_sample_row;
/// An emoji's glyph picture resampled straight into a frame, as `emojiart_resample_window` would
/// make its raster (target pixels `target_left` … `target_left + target_width − 1` across and
/// `target_top` … down, the same arguments), with the taps worked out once: a zoom step's frame
/// paints each emoji of a size seen nowhere else this way instead of making a raster it would
/// use once. Read-only once made, so painter threads share it.
typedef struct emojiart_resampling emojiart_resampling;

/// NULL for a scale above 3, without memory, or without SSE2 (the caller makes a raster instead).
emojiart_resampling *emojiart_resampling_create(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    int window_left, int window_top, int window_right, int window_bottom,
    int target_left, int target_top, int target_width, int target_height,
    double scale, double offset_x, double offset_y);
void emojiart_resampling_destroy(emojiart_resampling *resampling);

/// Words of the `line` a painter thread lends `emojiart_resampling_row` for this resampling.
int emojiart_resampling_line_pixels(const emojiart_resampling *resampling);

/// Target pixels [`x0`, `x1`) of target row `y` (counted from the resampling's own first row and
/// column) into `out`, bit for bit those `emojiart_resample_window` writes; `line` is scratch of
/// `emojiart_resampling_line_pixels` words. Returns 0, leaving `out` as it was, when the row is
/// transparent there.
int emojiart_resampling_row(
    const emojiart_resampling *resampling, int y, int x0, int x1, uint32_t *out, uint64_t *line);

/// One raster placed in a frame, for `emojiart_paint_batch`: its rows of runs over the pixel
/// base `raster` (`row_first_run` indexes `runs` by row; row r is raster row `first_row` + r, run
/// x = 0 is raster column `ink_left`; `row_count` rows, all ink in columns [`ink_left`,
/// `ink_right`)). When `is_transformed` is 0 they are copied at whole pixels, run x = 0 of row 0
/// at (`left`, `top`), all ink inside [`left`, `right`) × [`top`, `bottom`); otherwise the
/// raster (its `row_count` rows from `first_row` as `sample_rows`, transparent beyond them, as
/// cairo's EXTEND_NONE) is sampled bilinearly through
/// `inverse` (source x = inverse[0]·x + inverse[1]·y + inverse[2], source y = inverse[3]·x +
/// inverse[4]·y + inverse[5], in raster pixels, for the centre (x, y) of each frame pixel) inside
/// the frame box [`left`, `right`) × [`top`, `bottom`).
typedef struct {
    const uint32_t *raster;
    int row_count;
    const emojiart_run *runs;
    const int32_t *row_first_run;
    int left;
    int top;
    int right;
    int bottom;
    int is_transformed;
    int first_row;
    int ink_left;
    int ink_right;
    const emojiart_sample_row *sample_rows;
    /// Optional, for a transformed job: which 8 × 8 cells of the frame are hidden under opaque
    /// pixels of jobs painted later (their pixels are skipped), one byte each (1: hidden),
    /// `hidden_columns` × `hidden_rows` of them row after row, the first cell's top-left
    /// pixel at (`hidden_left`, `hidden_top`) of the frame, at or above and left of the box.
    const uint8_t *hidden;
    int hidden_columns;
    int hidden_rows;
    int hidden_left;
    int hidden_top;
    /// When set, the job paints this resampling instead of a raster (blended with OVER): target
    /// pixel (0, 0) at (`left`, `top`), its box [`left`, `right`) × [`top`, `bottom`) the
    /// resampling's target window; the fields about a raster are unused.
    const emojiart_resampling *resampling;
    double inverse[6];
    /// For a transformed job, when 1 to 2: each frame pixel is the mean of the raster over a
    /// square this many raster pixels a side centred on its sample (a box filter, as
    /// `emojiart_resample` shrinks), instead of the bilinear sample there. A turned emoji is
    /// sampled so straight from its glyph's mipmap level, without a raster of its size.
    double box_width;
    /// Optional, for a transformed job: when nonzero, `raster` is a whole picture this many
    /// pixels wide and `raster_height` tall (row r at `raster` + r · `raster_width`), transparent
    /// wherever `sample_rows` has no ink, so a sample whose texels all lie inside it reads them
    /// straight, without the rows' bounds (a glyph's mipmap level, `LevelSampling`).
    int raster_width;
    int raster_height;
} emojiart_paint_job;
/// Paints `count` jobs in order (the first is lowest in the stack) with `emojiart_paint_runs`.
/// Two threads may paint the same jobs into disjoint bands of rows at once.
void emojiart_paint_batch(
    const emojiart_paint_job *jobs, int count,
    uint32_t *frame, int frame_stride_bytes, int frame_width, int band_top, int band_bottom);

/// Halves a premultiplied ARGB32 image of `source_width` × `source_height` pixels: each pixel of
/// the ⌈w/2⌉ × ⌈h/2⌉ target is the rounded mean of a 2 × 2 block (a box filter), pixels beyond an
/// odd edge counting as transparent. The mipmap levels of an emoji's glyph (`EmojiGlyphMipmap`).
void emojiart_halve(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    uint32_t *target, int target_stride_bytes);

/// Resamples a premultiplied ARGB32 image: target pixel (x, y) covers the source square from
/// (scale · x + offset_x, scale · y + offset_y), `scale` source pixels a side, in source pixel
/// units; shrinking (1 ≤ scale ≤ 3) it is the mean of the source over that square (a box
/// filter), enlarging it is the bilinear sample at the square's centre; transparent beyond the
/// source. Weights are 8-bit. Returns 0 for a scale above 3 or without memory for its tables
/// (the target is then untouched).
int emojiart_resample(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    uint32_t *target, int target_width, int target_height, int target_stride_bytes,
    double scale, double offset_x, double offset_y);

/// `emojiart_resample` of a part of the target alone, from the part of the source that holds
/// its ink: target pixels `target_left` … `target_left + target_width − 1` across and
/// `target_top` … down are written to `target` (its first pixel is target pixel (`target_left`,
/// `target_top`)), bit for bit as `emojiart_resample` makes them when every source pixel outside
/// [`window_left`, `window_right`) × [`window_top`, `window_bottom`) is transparent; those are
/// never read. Returns 0 as `emojiart_resample` does.
int emojiart_resample_window(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    int window_left, int window_top, int window_right, int window_bottom,
    uint32_t *target, int target_left, int target_top, int target_width, int target_height, int target_stride_bytes,
    double scale, double offset_x, double offset_y);

/// What one row of an emoji raster holds, for `RasterRows`: its ink from the first to the last
/// non-transparent pixel (end exclusive; empty when start == end), its longest run of opaque
/// pixels, and whether the whole ink span is opaque.
typedef struct {
    int32_t ink_start;
    int32_t ink_end;
    int32_t opaque_start;
    int32_t opaque_end;
    int32_t all_opaque;
} emojiart_row_scan;

/// Scans the `height` rows of a `width`-pixel-wide premultiplied ARGB32 image (part of a raster)
/// into `rows` (`height` entries).
void emojiart_scan_rect(const uint32_t *pixels, int stride_bytes, int width, int height, emojiart_row_scan *rows);

#endif
