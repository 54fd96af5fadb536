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
#include <hb-ot.h>
#include <string.h>

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

typedef struct {
    const unsigned char *data;
    unsigned int length;
    unsigned int position;
} emojiart_png_reader;

static cairo_status_t emojiart_read_png(void *closure, unsigned char *data, unsigned int length) {
    emojiart_png_reader *reader = closure;
    if (length > reader->length - reader->position) return CAIRO_STATUS_READ_ERROR;
    memcpy(data, reader->data + reader->position, length);
    reader->position += length;
    return CAIRO_STATUS_SUCCESS;
}

/// The colour bitmap of `glyph` in `font` as the font stores it (a PNG in its CBDT table, at the
/// strike matching the font's size), decoded by cairo into a premultiplied ARGB32 image; with
/// where its top-left corner lies from the glyph's origin, in pixels (x right, y down). NULL when
/// the glyph has no such PNG. Decoding it straight is ~6× faster than having cairo draw the
/// glyph, which also goes through FreeType's copies (EmojiRasterizer.makeGlyph).
static inline cairo_surface_t *emojiart_colour_glyph_png(PangoFont *font, unsigned int glyph, double *left, double *top) {
    hb_font_t *hb = pango_font_get_hb_font(font);
    if (!hb) return NULL;
    hb_blob_t *blob = hb_ot_color_glyph_reference_png(hb, glyph);
    unsigned int length = 0;
    const char *bytes = hb_blob_get_data(blob, &length);
    hb_glyph_extents_t extents;
    if (length == 0 || !hb_font_get_glyph_extents(hb, glyph, &extents)) {
        hb_blob_destroy(blob);
        return NULL;
    }
    emojiart_png_reader reader = { (const unsigned char *)bytes, length, 0 };
    cairo_surface_t *image = cairo_image_surface_create_from_png_stream(emojiart_read_png, &reader);
    hb_blob_destroy(blob);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(image);
        return NULL;
    }
    // Pango gives HarfBuzz the font's size in Pango units: extents come in 1/1024 px.
    *left = extents.x_bearing / (double)PANGO_SCALE;
    *top = -extents.y_bearing / (double)PANGO_SCALE;
    return image;
}

#endif
