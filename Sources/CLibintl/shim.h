// gettext as glibc has it (no library to link), for the relay, which loads neither GLib nor GTK
// but speaks the same catalogs as the app (SPEC A3, C8).
#include <libintl.h>
#include <locale.h>

static inline void emojiart_relay_bind_text_domain(const char *domain, const char *directory) {
    bindtextdomain(domain, directory);
    bind_textdomain_codeset(domain, "UTF-8");
}
