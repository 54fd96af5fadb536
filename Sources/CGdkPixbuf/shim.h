// gdk-pixbuf for the Render layer: decoding PNG, JPEG, GIF and WebP without GTK, so headless
// export decodes images the same way as the app.
#include <gdk-pixbuf/gdk-pixbuf.h>
