// The compressors behind EmojiArtRender's PNG writer (Export/PNGEncoder.swift): libdeflate for
// pictures that fit in memory twice over (about twice as fast as zlib at the same ratio, measured
// on the 10k art), zlib for streaming larger ones row by row. Both are already loaded by cairo
// and libtiff, so linking them costs the process nothing at start-up.
#ifndef EMOJIART_CPNGENCODING_SHIM_H
#define EMOJIART_CPNGENCODING_SHIM_H

#include <libdeflate.h>
#include <zlib.h>

// deflateInit2 is a function-like macro (it passes the library version and the stream's size);
// Swift cannot call it.
static inline int emojiart_deflate_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY);
}

#endif
