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

#endif
