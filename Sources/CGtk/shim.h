// GTK 4.8 + libadwaita 1.2 (Debian 12) for Swift. Only static inline helpers live here: for
// macros and variadic functions Swift cannot import (DESIGN joint 1).
#include <adwaita.h>
#include <gtk/gtk.h>
#include <glib-unix.h>
#include <malloc.h>

static inline GType emojiart_type_string(void) { return G_TYPE_STRING; }
static inline GType emojiart_type_file_list(void) { return GDK_TYPE_FILE_LIST; }
static inline GType emojiart_type_texture(void) { return gdk_texture_get_type(); }

/// g_unix_fd_add lives in glib-unix.h; wrapped so the Swift side needs no module of its own.
static inline guint emojiart_unix_fd_add_full(gint priority, gint fd, GIOCondition condition,
                                              GUnixFDSourceFunc function, gpointer data,
                                              GDestroyNotify notify) {
    return g_unix_fd_add_full(priority, fd, condition, function, data, notify);
}

/// adw_message_dialog_add_responses is variadic: add one response at a time instead.
static inline void emojiart_message_dialog_add_response(AdwMessageDialog *dialog, const char *id,
                                                        const char *label) {
    adw_message_dialog_add_response(dialog, id, label);
}

static inline gboolean emojiart_value_holds(const GValue *value, GType type) {
    return G_VALUE_HOLDS(value, type);
}

/// gtk_accessible_update_property is variadic: set just the accessible label (A2).
static inline void emojiart_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static inline GType emojiart_type_int(void) { return G_TYPE_INT; }

// gettext (SPEC A3). Swift's Glibc module leaves libintl.h out, so the domain is bound here;
// lookups go through GLib's g_dgettext / g_dngettext, which Swift imports from glib.h.
#include <libintl.h>
#include <locale.h>

/// Binds `domain` to the catalogs under `directory` (DIR/LANG/LC_MESSAGES/DOMAIN.mo), in UTF-8.
static inline void emojiart_bind_text_domain(const char *domain, const char *directory) {
    bindtextdomain(domain, directory);
    bind_textdomain_codeset(domain, "UTF-8");
}

static inline gboolean emojiart_is_menu_button(GtkWidget *widget) { return GTK_IS_MENU_BUTTON(widget); }

/// The accessible description, e.g. the canvas's "2 emojis selected: 😀 🌲" (A2).
static inline void emojiart_accessible_set_description(GtkWidget *widget, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/// A menu item attribute holding a string (g_menu_item_set_attribute is variadic).
static inline void emojiart_menu_item_set_string(GMenuItem *item, const char *attribute, const char *value) {
    g_menu_item_set_attribute_value(item, attribute, g_variant_new_string(value));
}

// GtkSearchEntry's placeholder is a property only (no setter before GTK 4.10).
static inline void emojiart_search_entry_set_placeholder(GtkWidget *entry, const char *text) {
    g_object_set(entry, "placeholder-text", text, NULL);
}

/// mallopt(M_TOP_PAD, bytes): how far past each request the heap grows (ApplicationLauncher).
static inline void emojiart_set_heap_top_pad(int bytes) {
    mallopt(M_TOP_PAD, bytes);
}
