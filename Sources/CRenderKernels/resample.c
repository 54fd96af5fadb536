#include "CRenderKernels.h"
#include "pixel_math.h"
#include "taps.h"

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <cpuid.h>
#include <emmintrin.h>
#include <immintrin.h>

/// What the vertical pass needs of one target row: its source rows and their weights, and the
/// part of the source that holds ink.
typedef struct {
    const uint32_t *source;
    int source_height;
    int source_stride_bytes;
    int window_left;
    int window_top;
    int window_right;
    int window_bottom;
} source_window;

/// The source rows of the window a target row covers and their weights, at most three;
/// returns how many.
static int row_sources(const source_window *w, const taps *row_taps, const uint32_t **rows, uint32_t *weights) {
    int count = 0;
    for (int k = 0; k < 3; k++) {
        int j = row_taps->first + k;
        if (row_taps->weight[k] == 0 || j < w->window_top || j >= w->window_bottom) continue;
        rows[count] = (const uint32_t *)((const char *)w->source + (long)j * w->source_stride_bytes);
        weights[count] = row_taps->weight[k];
        count++;
    }
    return count;
}

/// Down: the source rows a target row covers, weighed and rounded to 8 bits into `padded`
/// over the window's columns (channels in 16-bit lanes; the line elsewhere is left as it is),
/// each line pixel summed in registers and stored once. Returns 0, writing nothing, when no
/// source row of the window has weight (the target row is transparent).
static int weigh_rows_sse2(const source_window *w, const taps *row_taps, uint16_t *padded) {
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128);
    const uint32_t *rows[3];
    uint32_t raw_weights[3];
    int count = row_sources(w, row_taps, rows, raw_weights);
    if (count == 0) return 0;
    __m128i weights[3];
    for (int i = 0; i < count; i++) weights[i] = _mm_set1_epi16((short)raw_weights[i]);
    // The sums start at the rounding half: at most 128 + 255 · 256, inside 16 bits.
    int x = w->window_left;
    for (; x + 4 <= w->window_right; x += 4) {
        __m128i low = half, high = half;
        for (int i = 0; i < count; i++) {
            __m128i pixels = _mm_loadu_si128((const __m128i *)(rows[i] + x));
            low = _mm_add_epi16(low, _mm_mullo_epi16(_mm_unpacklo_epi8(pixels, zero), weights[i]));
            high = _mm_add_epi16(high, _mm_mullo_epi16(_mm_unpackhi_epi8(pixels, zero), weights[i]));
        }
        __m128i *sums = (__m128i *)(padded + 4 * x);
        _mm_storeu_si128(sums, _mm_srli_epi16(low, 8));
        _mm_storeu_si128(sums + 1, _mm_srli_epi16(high, 8));
    }
    for (; x < w->window_right; x++) {
        __m128i sum = half;
        for (int i = 0; i < count; i++) {
            __m128i pixel = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)rows[i][x]), zero);
            sum = _mm_add_epi16(sum, _mm_mullo_epi16(pixel, weights[i]));
        }
        _mm_storel_epi64((__m128i *)(padded + 4 * x), _mm_srli_epi16(sum, 8));
    }
    return 1;
}

/// `weigh_rows_sse2` eight source pixels a step, for processors with AVX2: the same sums.
__attribute__((target("avx2")))
static int weigh_rows_avx2(const source_window *w, const taps *row_taps, uint16_t *padded) {
    const __m256i half = _mm256_set1_epi16(128);
    const uint32_t *rows[3];
    uint32_t raw_weights[3];
    int count = row_sources(w, row_taps, rows, raw_weights);
    if (count == 0) return 0;
    __m256i weights[3];
    for (int i = 0; i < count; i++) weights[i] = _mm256_set1_epi16((short)raw_weights[i]);
    int x = w->window_left;
    for (; x + 8 <= w->window_right; x += 8) {
        __m256i low = half, high = half;
        for (int i = 0; i < count; i++) {
            __m256i first = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(rows[i] + x)));
            __m256i second = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(rows[i] + x + 4)));
            low = _mm256_add_epi16(low, _mm256_mullo_epi16(first, weights[i]));
            high = _mm256_add_epi16(high, _mm256_mullo_epi16(second, weights[i]));
        }
        __m256i *sums = (__m256i *)(padded + 4 * x);
        _mm256_storeu_si256(sums, _mm256_srli_epi16(low, 8));
        _mm256_storeu_si256(sums + 1, _mm256_srli_epi16(high, 8));
    }
    const __m128i narrow_half = _mm256_castsi256_si128(half);
    for (; x < w->window_right; x++) {
        __m128i sum = narrow_half;
        for (int i = 0; i < count; i++) {
            __m128i pixel = _mm_cvtepu8_epi16(_mm_cvtsi32_si128((int)rows[i][x]));
            sum = _mm_add_epi16(sum, _mm_mullo_epi16(pixel, _mm256_castsi256_si128(weights[i])));
        }
        _mm_storel_epi64((__m128i *)(padded + 4 * x), _mm_srli_epi16(sum, 8));
    }
    return 1;
}

/// Whether the processor and the system run AVX2.
static int has_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 6) != 6) return 0;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & bit_AVX2);
}

/// Across: target pixels `from` … `target_width − 1` (`from` even) of a row, each the weighed sum
/// of its three line pixels — the first two with one load, the third with another — two target
/// pixels added up and stored at once.
static void weigh_columns_sse2_from(
    int from, uint32_t *out, const uint16_t *padded, const taps *columns, const __m128i *pixel_weights,
    int target_width) {
    const __m128i half = _mm_set1_epi16(128), zero = _mm_setzero_si128();
    for (int x = from; x < target_width; x += 2) {
        const uint16_t *a = padded + 4 * columns[x].first;
        const uint16_t *b = padded + 4 * columns[x + 1].first;
        const __m128i *wa = &pixel_weights[2 * x];
        // Low half: taps 0 and 2; high half: tap 1.
        __m128i sa = _mm_add_epi16(_mm_mullo_epi16(_mm_loadu_si128((const __m128i *)a), wa[0]),
                                   _mm_mullo_epi16(_mm_loadl_epi64((const __m128i *)(a + 8)), wa[1]));
        __m128i sb = _mm_add_epi16(_mm_mullo_epi16(_mm_loadu_si128((const __m128i *)b), wa[2]),
                                   _mm_mullo_epi16(_mm_loadl_epi64((const __m128i *)(b + 8)), wa[3]));
        __m128i sum = _mm_add_epi16(_mm_unpacklo_epi64(sa, sb), _mm_unpackhi_epi64(sa, sb));
        __m128i pixels = _mm_packus_epi16(_mm_srli_epi16(_mm_add_epi16(sum, half), 8), zero);
        if (x + 1 < target_width) _mm_storel_epi64((__m128i *)(out + x), pixels);
        else out[x] = (uint32_t)_mm_cvtsi128_si32(pixels);
    }
}

static void weigh_columns_sse2(
    uint32_t *out, const uint16_t *padded, const taps *columns, const __m128i *pixel_weights, int target_width) {
    weigh_columns_sse2_from(0, out, padded, columns, pixel_weights, target_width);
}

/// `weigh_columns_sse2` four target pixels a step, for processors with AVX2: each target pixel's
/// four line pixels from its first (the fourth weighs nothing) times its four weights, one
/// vector each, then the four pixels' sums folded together.
__attribute__((target("avx2")))
static void weigh_columns_avx2(
    uint32_t *out, const uint16_t *padded, const taps *columns, const __m128i *pixel_weights, int target_width) {
    const __m256i half = _mm256_set1_epi16(128), zero = _mm256_setzero_si256();
    int x = 0;
    for (; x + 4 <= target_width; x += 4) {
        __m256i p[4];
        for (int i = 0; i < 4; i++) {
            p[i] = _mm256_mullo_epi16(
                _mm256_loadu_si256((const __m256i *)(padded + 4 * columns[x + i].first)),
                _mm256_loadu_si256((const __m256i *)&pixel_weights[2 * (x + i)]));
        }
        // Per lane of a: pixel x's and x + 1's taps 0 + 1 (low lane) or 2 + 3 (high lane); b the same for x + 2, x + 3.
        __m256i a = _mm256_add_epi16(_mm256_unpacklo_epi64(p[0], p[1]), _mm256_unpackhi_epi64(p[0], p[1]));
        __m256i b = _mm256_add_epi16(_mm256_unpacklo_epi64(p[2], p[3]), _mm256_unpackhi_epi64(p[2], p[3]));
        __m256i sum = _mm256_add_epi16(_mm256_permute2x128_si256(a, b, 0x20), _mm256_permute2x128_si256(a, b, 0x31));
        __m256i pixels = _mm256_packus_epi16(_mm256_srli_epi16(_mm256_add_epi16(sum, half), 8), zero);
        _mm_storeu_si128((__m128i *)(out + x), _mm256_castsi256_si128(_mm256_permute4x64_epi64(pixels, 0x08)));
    }
    weigh_columns_sse2_from(x, out, padded, columns, pixel_weights, target_width);
}

typedef int (*weigh_rows_function)(const source_window *, const taps *, uint16_t *);
typedef void (*weigh_columns_function)(uint32_t *, const uint16_t *, const taps *, const __m128i *, int);

typedef struct {
    weigh_rows_function weigh_rows;
    weigh_columns_function weigh_columns;
} pass_functions;

static pass_functions chosen_passes(void) {
    // -1 unknown, 0 SSE2, 1 AVX2; racing threads store the same answer.
    static int avx2 = -1;
    int known = __atomic_load_n(&avx2, __ATOMIC_RELAXED);
    if (known < 0) {
        known = has_avx2();
        __atomic_store_n(&avx2, known, __ATOMIC_RELAXED);
    }
    return known ? (pass_functions){ weigh_rows_avx2, weigh_columns_avx2 }
                 : (pass_functions){ weigh_rows_sse2, weigh_columns_sse2 };
}

/// Per target pixel (and the one past the last): its first two taps' weights (four lanes each),
/// then its third's and a fourth of none, for the across pass.
static void spread_column_weights(const taps *columns, int target_width, __m128i *pixel_weights) {
    for (int x = 0; x <= target_width; x++) {
        short w0 = (short)columns[x].weight[0], w1 = (short)columns[x].weight[1], w2 = (short)columns[x].weight[2];
        pixel_weights[2 * x] = _mm_set_epi16(w1, w1, w1, w1, w0, w0, w0, w0);
        pixel_weights[2 * x + 1] = _mm_set_epi16(0, 0, 0, 0, w2, w2, w2, w2);
    }
}

/// Down, then across, in 16-bit lanes: the rows a target row covers are weighed into a line,
/// then each target pixel weighs its three line pixels.
static void resample_rows(
    const source_window *window, int source_width,
    uint32_t *target, int target_width, int target_height, int target_stride_bytes,
    const taps *columns, const taps *rows, uint16_t *line, __m128i *pixel_weights) {
    spread_column_weights(columns, target_width, pixel_weights);
    const pass_functions passes = chosen_passes();
    const weigh_rows_function weigh_rows = passes.weigh_rows;
    const weigh_columns_function weigh_columns = passes.weigh_columns;
    uint16_t *padded = line + 2 * 4;
    // The vertical pass writes the window's columns of the line and no other: zero elsewhere once.
    memset(line, 0, sizeof(uint16_t) * 4 * (size_t)(source_width + 5));
    for (int y = 0; y < target_height; y++) {
        uint32_t *out = (uint32_t *)((char *)target + (long)y * target_stride_bytes);
        if (!weigh_rows(window, &rows[y], padded)) {
            memset(out, 0, sizeof(uint32_t) * (size_t)target_width);
            continue;
        }
        weigh_columns(out, padded, columns, pixel_weights, target_width);
    }
}
#endif

#if defined(__SSE2__)
struct emojiart_resampling {
    source_window window;
    int source_width;
    int target_left;
    int target_top;
    int target_width;
    int target_height;
    /// `target_width` + 1 column taps (the last has no weight), then `target_height` row taps.
    taps *columns;
    taps *rows;
    __m128i *pixel_weights;
};
#endif

emojiart_resampling *emojiart_resampling_create(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    int window_left, int window_top, int window_right, int window_bottom,
    int target_left, int target_top, int target_width, int target_height,
    double scale, double offset_x, double offset_y) {
#if defined(__SSE2__)
    if (scale > 3 || source_width <= 0 || source_height <= 0 || target_width <= 0 || target_height <= 0) return NULL;
    emojiart_resampling *r = malloc(sizeof(emojiart_resampling));
    taps *all_taps = malloc(sizeof(taps) * (size_t)(target_width + 1 + target_height));
    __m128i *pixel_weights = malloc(sizeof(__m128i) * 2 * (size_t)(target_width + 1));
    if (!r || !all_taps || !pixel_weights) { free(r); free(all_taps); free(pixel_weights); return NULL; }
    r->window = (source_window){
        source, source_height, source_stride_bytes,
        window_left < 0 ? 0 : window_left, window_top < 0 ? 0 : window_top,
        window_right > source_width ? source_width : window_right,
        window_bottom > source_height ? source_height : window_bottom };
    r->source_width = source_width;
    r->target_left = target_left;
    r->target_top = target_top;
    r->target_width = target_width;
    r->target_height = target_height;
    r->columns = all_taps;
    r->rows = all_taps + target_width + 1;
    resampling_taps(target_left, target_width, source_width, scale, offset_x, r->columns);
    r->columns[target_width] = (taps){ 0, { 0, 0, 0 } };
    resampling_taps(target_top, target_height, source_height, scale, offset_y, r->rows);
    spread_column_weights(r->columns, target_width, pixel_weights);
    r->pixel_weights = pixel_weights;
    return r;
#else
    (void)source; (void)source_width; (void)source_height; (void)source_stride_bytes;
    (void)window_left; (void)window_top; (void)window_right; (void)window_bottom;
    (void)target_left; (void)target_top; (void)target_width; (void)target_height;
    (void)scale; (void)offset_x; (void)offset_y;
    return NULL;
#endif
}

void emojiart_resampling_destroy(emojiart_resampling *resampling) {
#if defined(__SSE2__)
    if (!resampling) return;
    free(resampling->columns);
    free(resampling->pixel_weights);
    free(resampling);
#else
    (void)resampling;
#endif
}

int emojiart_resampling_line_pixels(const emojiart_resampling *resampling) {
#if defined(__SSE2__)
    return resampling->source_width + 5;
#else
    (void)resampling;
    return 0;
#endif
}

int emojiart_resampling_row(
    const emojiart_resampling *r, int y, int x0, int x1, uint32_t *out, uint64_t *line) {
#if defined(__SSE2__)
    if (y < 0 || y >= r->target_height || x0 < 0 || x1 > r->target_width || x0 >= x1) return 0;
    // Only the line pixels the columns read are weighed, or zeroed outside the window (the taps'
    // firsts grow with x; a vector reads four pixels from one): the sums there are the whole row's.
    uint16_t *padded = (uint16_t *)line + 2 * 4;
    int low = r->columns[x0].first, high = r->columns[x1 - 1].first + 4;
    if (low < -2) low = -2;
    if (high > r->source_width + 3) high = r->source_width + 3;
    source_window narrowed = r->window;
    if (narrowed.window_left < low) narrowed.window_left = low;
    if (narrowed.window_right > high) narrowed.window_right = high;
    if (narrowed.window_left >= narrowed.window_right) return 0;
    const pass_functions passes = chosen_passes();
    if (!passes.weigh_rows(&narrowed, &r->rows[y], padded)) return 0;
    memset(padded + 4 * low, 0, sizeof(uint64_t) * (size_t)(narrowed.window_left - low));
    memset(padded + 4 * narrowed.window_right, 0, sizeof(uint64_t) * (size_t)(high - narrowed.window_right));
    passes.weigh_columns(out, padded, r->columns + x0, r->pixel_weights + 2 * x0, x1 - x0);
    return 1;
#else
    (void)r; (void)y; (void)x0; (void)x1; (void)out; (void)line;
    return 0;
#endif
}

int emojiart_resample(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    uint32_t *target, int target_width, int target_height, int target_stride_bytes,
    double scale, double offset_x, double offset_y) {
    return emojiart_resample_window(
        source, source_width, source_height, source_stride_bytes, 0, 0, source_width, source_height,
        target, 0, 0, target_width, target_height, target_stride_bytes, scale, offset_x, offset_y);
}

int emojiart_resample_window(
    const uint32_t *source, int source_width, int source_height, int source_stride_bytes,
    int window_left, int window_top, int window_right, int window_bottom,
    uint32_t *target, int target_left, int target_top, int target_width, int target_height, int target_stride_bytes,
    double scale, double offset_x, double offset_y) {
    if (scale > 3 || source_width <= 0 || source_height <= 0 || target_width <= 0 || target_height <= 0) return 0;
    window_left = window_left < 0 ? 0 : window_left;
    window_top = window_top < 0 ? 0 : window_top;
    window_right = window_right > source_width ? source_width : window_right;
    window_bottom = window_bottom > source_height ? source_height : window_bottom;
    // One column more than the target has: the pairs' last partner when the width is odd.
    taps *columns = malloc(sizeof(taps) * (size_t)(target_width + 1 + target_height));
    // One source row's worth of the rows a target row covers, weighed, channels in 16-bit
    // lanes; two transparent pixels pad either end for taps that reach past the edge (and one
    // more at the end for the pixel a vector reads past a target pixel's third).
    uint64_t *line = malloc(sizeof(uint64_t) * (size_t)(source_width + 5));
    if (!columns || !line) { free(columns); free(line); return 0; }
    taps *rows = columns + target_width + 1;
    resampling_taps(target_left, target_width, source_width, scale, offset_x, columns);
    columns[target_width] = (taps){ 0, { 0, 0, 0 } };
    resampling_taps(target_top, target_height, source_height, scale, offset_y, rows);
#if defined(__SSE2__)
    __m128i *pixel_weights = malloc(sizeof(__m128i) * 2 * (size_t)(target_width + 1));
    if (!pixel_weights) { free(columns); free(line); return 0; }
    const source_window window = {
        source, source_height, source_stride_bytes, window_left, window_top, window_right, window_bottom };
    resample_rows(&window, source_width, target, target_width, target_height, target_stride_bytes, columns, rows,
                  (uint16_t *)line, pixel_weights);
    free(pixel_weights);
#else
    const uint64_t half = 0x0080008000800080ull, low_bytes = 0x00FF00FF00FF00FFull;
    uint64_t *padded = line + 2;
    for (int y = 0; y < target_height; y++) {
        uint32_t *out = (uint32_t *)((char *)target + (long)y * target_stride_bytes);
        const taps *row_taps = &rows[y];
        // Down: the source rows, weighed, into the line.
        int any = 0;
        for (int x = -2; x < source_width + 2; x++) padded[x] = 0;
        for (int k = 0; k < 3; k++) {
            int j = row_taps->first + k;
            uint64_t w = row_taps->weight[k];
            if (w == 0 || j < window_top || j >= window_bottom) continue;
            any = 1;
            const uint32_t *row = (const uint32_t *)((const char *)source + (long)j * source_stride_bytes);
            for (int x = window_left; x < window_right; x++) {
                uint32_t p = row[x];
                if (p) padded[x] += spread(p) * w;
            }
        }
        if (!any) {
            for (int x = 0; x < target_width; x++) out[x] = 0;
            continue;
        }
        for (int x = window_left; x < window_right; x++) padded[x] = ((padded[x] + half) >> 8) & low_bytes;
        // Across: the line's pixels, weighed, into the target row.
        for (int x = 0; x < target_width; x++) {
            const taps *t = &columns[x];
            const uint64_t *p = padded + t->first;
            uint64_t sum = p[0] * t->weight[0] + p[1] * t->weight[1] + p[2] * t->weight[2];
            out[x] = gather((sum + half) >> 8);
        }
    }
#endif
    free(columns);
    free(line);
    return 1;
}
