/*
 * A tiny GTK 4 window whose one big label is a GtkDragSource, so the GUI tests can make real X11
 * drops on EmojiArt's canvas with xdotool (DESIGN joint 6). The tests compile it at run time
 * (`cc drag-source.c $(pkg-config --cflags --libs gtk4)`) and move its window with
 * `xdotool windowmove`, since GTK 4 cannot place a window itself and bare Xvfb has no window
 * manager to do it.
 *
 *   drag-source --title TITLE --text "🐶"          offers the text as a string (UTF8_STRING, text/plain)
 *   drag-source --title TITLE --file /path/img.png  offers the file as a GdkFileList (text/uri-list)
 *   drag-source --title TITLE --image /path/img.png --text URL
 *                                                  offers the image's pixels (image/png) and the URL as
 *                                                  text, as a browser dragging an <img> can
 */
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *title = "drag-source-helper";
static const char *text = NULL;
static const char *file_path = NULL;
static const char *image_path = NULL;

static GdkContentProvider *make_content(void) {
    if (file_path != NULL) {
        GFile *file = g_file_new_for_path(file_path);
        GdkFileList *list = gdk_file_list_new_from_array(&file, 1);
        GdkContentProvider *provider = gdk_content_provider_new_typed(GDK_TYPE_FILE_LIST, list);
        g_boxed_free(GDK_TYPE_FILE_LIST, list);
        g_object_unref(file);
        return provider;
    }
    GdkContentProvider *string = gdk_content_provider_new_typed(G_TYPE_STRING, text);
    if (image_path == NULL) return string;
    GdkTexture *texture = gdk_texture_new_from_filename(image_path, NULL);
    if (texture == NULL) {
        fprintf(stderr, "drag-source: cannot read %s\n", image_path);
        exit(66);
    }
    GdkContentProvider *providers[] = {gdk_content_provider_new_typed(GDK_TYPE_TEXTURE, texture), string};
    g_object_unref(texture);
    return gdk_content_provider_new_union(providers, 2);
}

static void activate(GtkApplication *application, gpointer user_data) {
    (void)user_data;
    GtkWidget *window = gtk_application_window_new(application);
    gtk_window_set_title(GTK_WINDOW(window), title);
    gtk_window_set_default_size(GTK_WINDOW(window), 200, 200);
    gtk_window_set_decorated(GTK_WINDOW(window), FALSE);

    // The label fills the window, so any point of the window starts the drag.
    GtkWidget *label = gtk_label_new(file_path != NULL ? "FILE" : text);
    gtk_widget_set_hexpand(label, TRUE);
    gtk_widget_set_vexpand(label, TRUE);
    PangoAttrList *attributes = pango_attr_list_new();
    pango_attr_list_insert(attributes, pango_attr_scale_new(4.0));
    gtk_label_set_attributes(GTK_LABEL(label), attributes);
    pango_attr_list_unref(attributes);

    GtkDragSource *source = gtk_drag_source_new();
    gtk_drag_source_set_actions(source, GDK_ACTION_COPY);
    GdkContentProvider *content = make_content();
    gtk_drag_source_set_content(source, content);
    g_object_unref(content);
    gtk_widget_add_controller(label, GTK_EVENT_CONTROLLER(source));

    gtk_window_set_child(GTK_WINDOW(window), label);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--title") == 0) {
            title = argv[i + 1];
        } else if (strcmp(argv[i], "--text") == 0) {
            text = argv[i + 1];
        } else if (strcmp(argv[i], "--file") == 0) {
            file_path = argv[i + 1];
        } else if (strcmp(argv[i], "--image") == 0) {
            image_path = argv[i + 1];
        } else {
            fprintf(stderr, "drag-source: unknown option %s\n", argv[i]);
            return 64;
        }
    }
    if ((text == NULL) == (file_path == NULL) || (image_path != NULL && text == NULL)) {
        fprintf(stderr, "usage: drag-source [--title TITLE] (--text TEXT [--image PATH] | --file PATH)\n");
        return 64;
    }
    // NON_UNIQUE: no session bus under the tests, and several helpers may run one after another.
    GtkApplication *application = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(application, "activate", G_CALLBACK(activate), NULL);
    // GApplication must not see our options.
    char *program[] = {argv[0], NULL};
    int status = g_application_run(G_APPLICATION(application), 1, program);
    g_object_unref(application);
    return status;
}
