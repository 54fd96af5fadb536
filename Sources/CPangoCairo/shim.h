// The C surface of EmojiArtRender: cairo and pango through pangocairo, and cairo's SVG and PDF
// surfaces for export (SPEC E1). Never GTK: headless rendering must work without a display.
//
// Swift imports almost all of this directly. PANGO_SCALE is a plain integer macro, so it imports
// as an Int32 constant; function-like macros (PANGO_PIXELS, G_OBJECT casts) do not import, and the
// Swift side uses the functions behind them instead (pango_units_from_double, g_object_unref on an
// OpaquePointer). Add a `static inline` helper here only for a macro with no function behind it.
#ifndef EMOJIART_CPANGOCAIRO_SHIM_H
#define EMOJIART_CPANGOCAIRO_SHIM_H

#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <cairo-ft.h>

/// The pixel size of `font`'s largest bitmap strike when the font is a colour bitmap font without
/// outlines (Noto Color Emoji: CBDT, one strike at 109 ppem), else 0: a glyph of such a font is
/// one picture at that size, and every other size is a resample of it (EmojiGlyphMipmap).
static inline int emojiart_colour_bitmap_strike(PangoFont *font) {
    if (!font || !PANGO_IS_CAIRO_FONT(font)) return 0;
    cairo_scaled_font_t *scaled = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(font));
    if (!scaled || cairo_scaled_font_get_type(scaled) != CAIRO_FONT_TYPE_FT) return 0;
    FT_Face face = cairo_ft_scaled_font_lock_face(scaled);
    if (!face) return 0;
    int strike = 0;
    if (FT_HAS_COLOR(face) && !FT_IS_SCALABLE(face)) {
        for (int index = 0; index < face->num_fixed_sizes; index++) {
            int pixels = (int)(face->available_sizes[index].y_ppem >> 6);
            if (pixels > strike) strike = pixels;
        }
    }
    cairo_ft_scaled_font_unlock_face(scaled);
    return strike;
}

#endif
