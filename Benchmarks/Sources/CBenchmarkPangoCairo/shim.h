// cairo and pango for the benchmark's own drawing (the naive reference and the target surfaces).
#include <cairo.h>
#include <pango/pangocairo.h>
