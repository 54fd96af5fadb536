// GLib alone (no GTK), for the main-queue bridge and its check program.
#include <glib.h>
#include <glib-unix.h>
