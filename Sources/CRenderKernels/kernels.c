#include "CRenderKernels.h"

#include <string.h>

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

void emojiart_paint_runs(
    const uint32_t *raster, int raster_stride_bytes, int raster_side,
    const emojiart_run *runs, const int32_t *row_first_run,
    uint32_t *frame, int frame_stride_bytes, int frame_width,
    int left, int top, int band_top, int band_bottom) {
    int first_row = band_top - top > 0 ? band_top - top : 0;
    int end_row = band_bottom - top < raster_side ? band_bottom - top : raster_side;
    for (int row = first_row; row < end_row; row++) {
        const uint32_t *source_row = (const uint32_t *)((const char *)raster + (long)row * raster_stride_bytes);
        uint32_t *target_row = (uint32_t *)((char *)frame + (long)(top + row) * frame_stride_bytes);
        for (int index = row_first_run[row]; index < row_first_run[row + 1]; index++) {
            int start = runs[index].x, end = start + runs[index].length;
            // Clip to the frame's columns.
            if (left + start < 0) start = -left;
            if (left + end > frame_width) end = frame_width - left;
            if (start >= end) continue;
            if (runs[index].opaque) {
                memcpy(target_row + left + start, source_row + start, (size_t)(end - start) * 4);
            } else {
                for (int x = start; x < end; x++) {
                    target_row[left + x] = over(source_row[x], target_row[left + x]);
                }
            }
        }
    }
}

void emojiart_paint_batch(
    const emojiart_paint_job *jobs, int count,
    uint32_t *frame, int frame_stride_bytes, int frame_width, int band_top, int band_bottom) {
    for (int index = 0; index < count; index++) {
        const emojiart_paint_job *job = &jobs[index];
        if (job->top >= band_bottom || job->top + job->raster_side <= band_top) continue;
        emojiart_paint_runs(
            job->raster, job->raster_stride_bytes, job->raster_side, job->runs, job->row_first_run,
            frame, frame_stride_bytes, frame_width, job->left, job->top, band_top, band_bottom);
    }
}
