// Turned, mirrored and scaled jobs of `emojiart_paint_batch` (transformed.c): each frame pixel
// samples the job's raster through the inverse transform, bilinearly or box-filtered.
#ifndef EMOJIART_TRANSFORMED_H
#define EMOJIART_TRANSFORMED_H

#include "CRenderKernels.h"

/// Paints a transformed job's pixels inside the clip [`clip_left`, `clip_right`) ×
/// [`clip_top`, `clip_bottom`) of the frame, blended with OVER, its hidden cells skipped.
void emojiart_paint_transformed(
    const emojiart_paint_job *job, uint32_t *frame, int frame_stride_bytes,
    int clip_left, int clip_top, int clip_right, int clip_bottom);

#endif
