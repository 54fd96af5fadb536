// The launch floor (issue 12): a minimal GTK 4 + libadwaita window — a header bar over a drawing
// area — that writes the time of its first frame the way EmojiArt's EMOJIART_TRACE does:
// milliseconds since the kernel started the process (field 22 of /proc/self/stat against
// CLOCK_BOOTTIME). The benchmark compiles it at run time against the system's GTK.
#include <adwaita.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double milliseconds_since_start(void) {
    FILE *stat = fopen("/proc/self/stat", "r");
    if (!stat) return -1;
    char buffer[1024];
    size_t length = fread(buffer, 1, sizeof buffer - 1, stat);
    fclose(stat);
    buffer[length] = 0;
    char *field = strrchr(buffer, ')');
    if (!field) return -1;
    // After the name: field 3 is the state; field 22 is the start time in clock ticks.
    unsigned long long ticks = 0;
    int index = 2;
    for (char *token = strtok(field + 1, " "); token; token = strtok(NULL, " ")) {
        if (++index == 22) { ticks = strtoull(token, NULL, 10); break; }
    }
    struct timespec now;
    clock_gettime(CLOCK_BOOTTIME, &now);
    return now.tv_sec * 1000.0 + now.tv_nsec / 1e6 - ticks * 1000.0 / sysconf(_SC_CLK_TCK);
}

static void trace(const char *event) {
    const char *path = getenv("EMOJIART_TRACE");
    if (!path) return;
    FILE *file = fopen(path, "a");
    if (!file) return;
    fprintf(file, "{\"event\": \"%s\", \"ms\": %.1f}\n", event, milliseconds_since_start());
    fclose(file);
}

static void draw(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    static gboolean first = TRUE;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    if (first) {
        first = FALSE;
        trace("first-frame");
    }
}

static void activate(GtkApplication *application, gpointer data) {
    GtkWidget *window = adw_application_window_new(application);
    gtk_window_set_default_size(GTK_WINDOW(window), 1000, 700);
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    GtkWidget *area = gtk_drawing_area_new();
    gtk_widget_set_vexpand(area, TRUE);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw, NULL, NULL);
    gtk_box_append(GTK_BOX(box), area);
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
    gtk_window_present(GTK_WINDOW(window));
    trace("window-shown");
}

int main(int argc, char **argv) {
    AdwApplication *application = adw_application_new("io.github.emojiart.BareWindow", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(application), argc, argv);
    g_object_unref(application);
    return status;
}
