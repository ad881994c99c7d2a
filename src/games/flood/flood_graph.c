/* The component graph of a Flood-It board and the set operations every
 * solver shares: frontier, absorbing a colour, the forced-colour closure and
 * the admissible bound.
 *
 * Groups are found with an explicit stack (no recursion, unlike the seed,
 * so a 30x30 board of one colour cannot overflow the C stack) and numbered
 * in row-major order of their first cell, as the seed numbers them.
 * Adjacency is a bitset per group, so the frontier of a flooded set is an
 * OR of a few words per flooded group. */
#include "flood.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The padded row of group i in adj8, adj2_8 and rowcol: 65 rows per word
 * of groups. */
static inline size_t pad_row(int i)
{
    return (size_t)(i >> 6) * 65 + (size_t)(i & 63);
}

int flood_graph_build(flood_graph *g, const flood_board *b)
{
    memset(g, 0, sizeof *g);
    int w = b->w, h = b->h, cells = w * h;
    g->w = w;
    g->h = h;
    g->ncolors = b->ncolors;
    g->group = malloc((size_t)cells * sizeof *g->group);
    int *stack = malloc((size_t)cells * sizeof *stack);
    if (!g->group || !stack) goto oom;
    for (int i = 0; i < cells; i++) g->group[i] = -1;
    int n = 0;
    for (int i = 0; i < cells; i++) {
        if (g->group[i] >= 0) continue;
        int top = 0;
        stack[top++] = i;
        g->group[i] = n;
        while (top) {
            int c = stack[--top];
            int r = c / w, col = c % w;
            int nb[4] = {r > 0 ? c - w : -1, r < h - 1 ? c + w : -1, col > 0 ? c - 1 : -1,
                         col < w - 1 ? c + 1 : -1};
            for (int k = 0; k < 4; k++) {
                int d = nb[k];
                if (d >= 0 && g->group[d] < 0 && b->cell[d] == b->cell[i]) {
                    g->group[d] = n;
                    stack[top++] = d;
                }
            }
        }
        n++;
    }
    free(stack);
    stack = NULL;
    g->n = n;
    g->kw = GL_BITS_WORDS(n);
    g->colour = calloc((size_t)n, 1);
    g->size = calloc((size_t)n, sizeof *g->size);
    g->adj = calloc((size_t)n * (size_t)g->kw, sizeof *g->adj);
    g->colmask = calloc((size_t)b->ncolors * (size_t)g->kw, sizeof *g->colmask);
    if (!g->colour || !g->size || !g->adj || !g->colmask) goto oom;
    for (int i = 0; i < cells; i++) {
        int gi = g->group[i];
        g->colour[gi] = b->cell[i];
        g->size[gi]++;
        int r = i / w, col = i % w;
        if (col < w - 1 && g->group[i + 1] != gi) {
            gl_bits_set(g->adj + (size_t)gi * g->kw, (size_t)g->group[i + 1]);
            gl_bits_set(g->adj + (size_t)g->group[i + 1] * g->kw, (size_t)gi);
        }
        if (r < h - 1 && g->group[i + w] != gi) {
            gl_bits_set(g->adj + (size_t)gi * g->kw, (size_t)g->group[i + w]);
            gl_bits_set(g->adj + (size_t)g->group[i + w] * g->kw, (size_t)gi);
        }
    }
    for (int i = 0; i < n; i++) {
        gl_bits_set(g->colmask + (size_t)g->colour[i] * g->kw, (size_t)i);
        gl_bits_set(g->all, (size_t)i);
    }
    g->start = g->group[flood_start_cell(w, h, b->start)];
    if (flood_wide_usable(g->kw)) {
        /* 65 rows per word of groups: row 64 stays zero, the row of "no
         * group" (a count of trailing zeros of 0 is 64) */
        size_t rows = (size_t)g->kw * 65;
        g->adj8 = aligned_alloc(64, rows * 64);
        g->adj2_8 = aligned_alloc(64, rows * 64);
        g->colmask8 = aligned_alloc(64, (size_t)b->ncolors * 64);
        if (!g->adj8 || !g->adj2_8 || !g->colmask8) goto oom;
        memset(g->adj8, 0, rows * 64);
        memset(g->adj2_8, 0, rows * 64);
        memset(g->colmask8, 0, (size_t)b->ncolors * 64);
        for (int i = 0; i < n; i++) {
            const uint64_t *ai = g->adj + (size_t)i * g->kw;
            uint64_t *row2 = g->adj2_8 + pad_row(i) * 8;
            memcpy(g->adj8 + pad_row(i) * 8, ai, (size_t)g->kw * 8);
            /* the groups within two steps: the neighbours of i and of
             * each of its neighbours */
            fset_or(row2, ai, g->kw);
            for (int wi = 0; wi < g->kw; wi++)
                for (uint64_t x = ai[wi]; x; x &= x - 1)
                    fset_or(row2, g->adj + (size_t)(wi * 64 + __builtin_ctzll(x)) * g->kw, g->kw);
        }
        for (int c = 0; c < b->ncolors; c++)
            memcpy(g->colmask8 + (size_t)c * 8, g->colmask + (size_t)c * g->kw, (size_t)g->kw * 8);
        /* 16-bit sizes, 64 per word of groups (zero past the last) */
        g->size16 = calloc((size_t)g->kw * 64, sizeof *g->size16);
        if (!g->size16) goto oom;
        for (int i = 0; i < n; i++) g->size16[i] = (uint16_t)g->size[i];
        /* the colour of each row's group */
        g->rowcol = calloc(rows, 1);
        if (!g->rowcol) goto oom;
        for (int i = 0; i < n; i++) g->rowcol[pad_row(i)] = g->colour[i];
        /* each colour's neighbours, and the groups within two steps of it */
        g->colnb8 = aligned_alloc(64, (size_t)b->ncolors * 128);
        if (!g->colnb8) goto oom;
        memset(g->colnb8, 0, (size_t)b->ncolors * 128);
        for (int i = 0; i < n; i++) {
            size_t at = pad_row(i) * 8;
            uint64_t *nc = g->colnb8 + (size_t)g->colour[i] * 16;
            fset_or(nc, g->adj8 + at, g->kw);
            fset_or(nc + 8, g->adj2_8 + at, g->kw);
        }
    }
    return 0;
oom:
    free(stack);
    flood_graph_free(g);
    return -1;
}

void flood_graph_free(flood_graph *g)
{
    free(g->colour);
    free(g->size);
    free(g->group);
    free(g->adj);
    free(g->colmask);
    free(g->adj8);
    free(g->adj2_8);
    free(g->colnb8);
    free(g->rowcol);
    free(g->size16);
    free(g->colmask8);
    memset(g, 0, sizeof *g);
}

/* acc |= the neighbour sets of the groups in X.  The hot loop of every
 * solver: with the word count a constant the accumulators stay in
 * registers (the compiler keeps odd-sized arrays in memory otherwise, and
 * most boards of the public sets have 3 or 5 words). */
static inline __attribute__((always_inline)) void or_adj_kw(const flood_graph *g, const uint64_t *X,
                                                            uint64_t *acc, const int kw)
{
    if (kw > 6) {
        for (int wi = 0; wi < kw; wi++) {
            uint64_t x = X[wi];
            while (x) {
                const uint64_t *adj = g->adj + (size_t)((wi << 6) + __builtin_ctzll(x)) * kw;
                x &= x - 1;
                for (int i = 0; i < kw; i++) acc[i] |= adj[i];
            }
        }
        return;
    }
    uint64_t a0 = acc[0], a1 = kw > 1 ? acc[1] : 0, a2 = kw > 2 ? acc[2] : 0, a3 = kw > 3 ? acc[3] : 0,
             a4 = kw > 4 ? acc[4] : 0, a5 = kw > 5 ? acc[5] : 0;
    for (int wi = 0; wi < kw; wi++) {
        uint64_t x = X[wi];
        /* the rows of this word's 64 groups: one multiply-add per group */
        const uint64_t *base = g->adj + (size_t)wi * 64 * (size_t)kw;
        while (x) {
            const uint64_t *adj = base + (size_t)__builtin_ctzll(x) * (size_t)kw;
            x &= x - 1;
            a0 |= adj[0];
            if (kw > 1) a1 |= adj[1];
            if (kw > 2) a2 |= adj[2];
            if (kw > 3) a3 |= adj[3];
            if (kw > 4) a4 |= adj[4];
            if (kw > 5) a5 |= adj[5];
        }
    }
    acc[0] = a0;
    if (kw > 1) acc[1] = a1;
    if (kw > 2) acc[2] = a2;
    if (kw > 3) acc[3] = a3;
    if (kw > 4) acc[4] = a4;
    if (kw > 5) acc[5] = a5;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define FLOOD_HAVE_WIDE 1
/* the instruction sets of the 512-bit code (checked at run time by
 * flood_wide_usable) */
#define FLOOD_WIDE __attribute__((target("avx512f,avx512bw,avx512vbmi2,popcnt,bmi")))

/* acc | the neighbours of the groups in xw (kw words), with the padded
 * rows (adj8).  The row numbers of the groups are first listed (each word
 * is the mask of a byte compress of the numbers 0..63, widened to 16 bits
 * and offset by the word's first row: one compress per word, not one per
 * half-word of 16-bit numbers, 5% less processor time), then the rows are
 * ORed eight per round, the list padded with the zero row (row 64).  One loop per union instead of one per word: the
 * mispredicted end of each word's loop had been a large part of the
 * bound's time (a loop per word, four groups per round, cost 12% more
 * processor time on the first 20 floodtest boards). */
FLOOD_WIDE static inline __attribute__((always_inline)) int row_list(const uint64_t *xw, int kw, uint16_t *idx)
{
    int n = 0;
    const __m512i bytes = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45,
                                          44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26,
                                          25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
                                          5, 4, 3, 2, 1, 0);
    __m512i base = _mm512_setzero_si512();
    const __m512i step = _mm512_set1_epi16(65);
    for (int wi = 0; wi < kw; wi++, base = _mm512_add_epi16(base, step)) {
        uint64_t x = xw[wi];
        __m512i c = _mm512_maskz_compress_epi8((__mmask64)x, bytes);
        int k = (int)_mm_popcnt_u64(x);
        _mm512_storeu_si512((void *)(idx + n),
                            _mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(c)), base));
        if (k > 32)
            _mm512_storeu_si512((void *)(idx + n + 32),
                                _mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(c, 1)), base));
        n += k;
    }
    _mm_storeu_si128((__m128i *)(idx + n), _mm_set1_epi16(64));
    return n;
}

FLOOD_WIDE static inline __m512i adj_union_wide(const __m512i *adj, const uint64_t *xw, int kw, __m512i acc)
{
    uint16_t idx[8 * 64 + 64 + 8];
    int n = row_list(xw, kw, idx);
    __m512i acc2 = _mm512_setzero_si512(), acc3 = _mm512_setzero_si512(), acc4 = _mm512_setzero_si512();
    for (int i = 0; i < n; i += 8) {
        acc = _mm512_or_si512(acc, _mm512_or_si512(adj[idx[i]], adj[idx[i + 1]]));
        acc2 = _mm512_or_si512(acc2, _mm512_or_si512(adj[idx[i + 2]], adj[idx[i + 3]]));
        acc3 = _mm512_or_si512(acc3, _mm512_or_si512(adj[idx[i + 4]], adj[idx[i + 5]]));
        acc4 = _mm512_or_si512(acc4, _mm512_or_si512(adj[idx[i + 6]], adj[idx[i + 7]]));
    }
    return _mm512_or_si512(_mm512_or_si512(acc, acc2), _mm512_or_si512(acc3, acc4));
}

/* The same union (returned) and, in *n2, the union of the rows of adj2
 * (the groups within two steps) over the same list. */
FLOOD_WIDE static inline __m512i adj_union_pair_wide(const __m512i *adj, const __m512i *adj2, const uint64_t *xw,
                                                     int kw, __m512i acc, __m512i *n2)
{
    uint16_t idx[8 * 64 + 64 + 8];
    int n = row_list(xw, kw, idx);
    __m512i acc2 = _mm512_setzero_si512(), b1 = _mm512_setzero_si512(), b2 = _mm512_setzero_si512();
    for (int i = 0; i < n; i += 4) {
        acc = _mm512_or_si512(acc, _mm512_or_si512(adj[idx[i]], adj[idx[i + 1]]));
        acc2 = _mm512_or_si512(acc2, _mm512_or_si512(adj[idx[i + 2]], adj[idx[i + 3]]));
        b1 = _mm512_or_si512(b1, _mm512_or_si512(adj2[idx[i]], adj2[idx[i + 1]]));
        b2 = _mm512_or_si512(b2, _mm512_or_si512(adj2[idx[i + 2]], adj2[idx[i + 3]]));
    }
    *n2 = _mm512_or_si512(b1, b2);
    return _mm512_or_si512(acc, acc2);
}

/* out = the neighbours of X, through a full 64-byte store (a masked store
 * followed by word loads stalls). */
FLOOD_WIDE static void adj_of_wide(const flood_graph *g, const uint64_t *X, uint64_t *out)
{
    uint64_t tmp[8] __attribute__((aligned(64)));
    __m512i a = adj_union_wide((const __m512i *)g->adj8, X, g->kw, _mm512_setzero_si512());
    _mm512_store_si512((__m512i *)tmp, a);
    memcpy(out, tmp, (size_t)g->kw * sizeof *out);
}
#endif

void flood_adj_of(const flood_graph *g, const uint64_t *X, uint64_t *out)
{
#ifdef FLOOD_HAVE_WIDE
    if (g->adj8) {
        adj_of_wide(g, X, out);
        return;
    }
#endif
    memset(out, 0, (size_t)g->kw * sizeof *out);
    flood_or_adj(g, X, out);
}

#ifdef FLOOD_HAVE_WIDE
FLOOD_WIDE static void or_adj_wide(const flood_graph *g, const uint64_t *X, uint64_t *acc)
{
    const __mmask8 words = (__mmask8)((1u << g->kw) - 1);
    __m512i a = adj_union_wide((const __m512i *)g->adj8, X, g->kw, _mm512_maskz_loadu_epi64(words, acc));
    _mm512_mask_storeu_epi64(acc, words, a);
}
#endif

void flood_or_adj(const flood_graph *g, const uint64_t *X, uint64_t *acc)
{
#ifdef FLOOD_HAVE_WIDE
    if (g->adj8) {
        or_adj_wide(g, X, acc);
        return;
    }
#endif
    switch (g->kw) {
    case 1: or_adj_kw(g, X, acc, 1); break;
    case 2: or_adj_kw(g, X, acc, 2); break;
    case 3: or_adj_kw(g, X, acc, 3); break;
    case 4: or_adj_kw(g, X, acc, 4); break;
    case 5: or_adj_kw(g, X, acc, 5); break;
    case 6: or_adj_kw(g, X, acc, 6); break;
    default: or_adj_kw(g, X, acc, g->kw); break;
    }
}

void flood_frontier(const flood_graph *g, const uint64_t *F, uint64_t *fr)
{
    int kw = g->kw;
    flood_adj_of(g, F, fr);
    for (int i = 0; i < kw; i++) fr[i] &= ~F[i];
}

int flood_colours_left(const flood_graph *g, const uint64_t *F)
{
    int n = 0;
    for (int c = 0; c < g->ncolors; c++)
        if (!fset_subset(g->colmask + (size_t)c * g->kw, F, g->kw)) n++;
    return n;
}

#ifdef FLOOD_HAVE_WIDE
/* One 512-bit test per colour. */
__attribute__((target("avx512f"))) static uint64_t frontier_colours_wide(const flood_graph *g, const uint64_t *fr)
{
    __m512i f = _mm512_maskz_loadu_epi64((__mmask8)((1u << g->kw) - 1), fr);
    const __m512i *cm = (const __m512i *)g->colmask8;
    uint64_t m = 0;
    for (int c = 0; c < g->ncolors; c++)
        if (_mm512_test_epi64_mask(cm[c], f)) m |= 1ULL << c;
    return m;
}
#endif

uint64_t flood_frontier_colours(const flood_graph *g, const uint64_t *fr)
{
#ifdef FLOOD_HAVE_WIDE
    if (g->colmask8) return frontier_colours_wide(g, fr);
#endif
    /* K tests of kw words: cheaper than visiting every frontier group */
    uint64_t m = 0;
    int kw = g->kw;
    for (int c = 0; c < g->ncolors; c++) {
        const uint64_t *cm = g->colmask + (size_t)c * kw;
        for (int i = 0; i < kw; i++)
            if (fr[i] & cm[i]) {
                m |= 1ULL << c;
                break;
            }
    }
    return m;
}

void flood_add_groups(const flood_graph *g, uint64_t *F, uint64_t *fr, const uint64_t *X)
{
    int kw = g->kw;
    for (int i = 0; i < kw; i++) F[i] |= X[i];
    flood_or_adj(g, X, fr);
    for (int i = 0; i < kw; i++) fr[i] &= ~F[i];
}

void flood_absorb(const flood_graph *g, uint64_t *F, const uint64_t *fr, int c)
{
    const uint64_t *cm = g->colmask + (size_t)c * g->kw;
    for (int i = 0; i < g->kw; i++) F[i] |= fr[i] & cm[i];
}

#ifdef FLOOD_HAVE_WIDE
FLOOD_WIDE static int child_step_wide(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c,
                                      uint64_t *F2, uint64_t *fr2, int *complete, uint64_t *fresh_out,
                                      const flood_rings *pr)
{
    const int kw = g->kw;
    const __mmask8 words = (__mmask8)((1u << kw) - 1);
    const __m512i *cm = (const __m512i *)g->colmask8;
    __m512i f = _mm512_maskz_loadu_epi64(words, F), r = _mm512_maskz_loadu_epi64(words, fr);
    __m512i X = _mm512_and_si512(r, cm[c]);
    uint64_t xw[8] __attribute__((aligned(64)));
    _mm512_store_si512((__m512i *)xw, X);
    __m512i nb = pr && pr->ok ? _mm512_load_si512((const __m512i *)pr->nbc[c])
                              : adj_union_wide((const __m512i *)g->adj8, xw, kw, _mm512_setzero_si512());
    /* fresh: next to the region now, and neither flooded nor on the
     * frontier before (ternary 0x10: a and not b and not c) */
    __m512i fr_new = _mm512_ternarylogic_epi64(nb, f, r, 0x10);
    int fresh = _mm512_test_epi64_mask(fr_new, fr_new) != 0;
    if (fresh_out) _mm512_store_si512((__m512i *)fresh_out, fr_new);
    __m512i f2 = _mm512_or_si512(f, X), r2 = _mm512_andnot_si512(f2, _mm512_or_si512(r, nb));
    _mm512_mask_storeu_epi64(F2, words, f2);
    _mm512_mask_storeu_epi64(fr2, words, r2);
    /* a colour on the new frontier with no group beyond it */
    __m512i U = _mm512_ternarylogic_epi64(f2, r2, r2, 0x01);
    int any = 0;
    for (int d = 0; d < g->ncolors; d++)
        if (_mm512_test_epi64_mask(cm[d], r2) && !_mm512_test_epi64_mask(cm[d], U)) {
            any = 1;
            break;
        }
    *complete = any;
    return fresh;
}
#endif

int flood_child_step(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c, uint64_t *F2,
                     uint64_t *fr2, int *complete, uint64_t *fresh_out, const flood_rings *pr)
{
#ifdef FLOOD_HAVE_WIDE
    if (g->adj8) return child_step_wide(g, F, fr, c, F2, fr2, complete, fresh_out, pr);
#endif
    (void)fresh_out;
    (void)pr;
    int kw = g->kw;
    const uint64_t *cm = g->colmask + (size_t)c * kw;
    uint64_t X[FLOOD_KW_MAX] = {0}, nb[FLOOD_KW_MAX], fresh = 0;
    for (int i = 0; i < kw; i++) X[i] = fr[i] & cm[i];
    flood_adj_of(g, X, nb);
    for (int i = 0; i < kw; i++) fresh |= nb[i] & ~F[i] & ~fr[i];
    for (int i = 0; i < kw; i++) {
        F2[i] = F[i] | X[i];
        fr2[i] = (fr[i] | nb[i]) & ~F2[i];
    }
    *complete = 1; /* not known: flood_close finds out */
    return fresh != 0;
}

int flood_close(const flood_graph *g, uint64_t *F, uint64_t *fr, uint8_t *moves)
{
    int kw = g->kw, played = 0;
    uint64_t X[FLOOD_KW_MAX];
    for (;;) {
        int any = 0;
        uint64_t cols = flood_frontier_colours(g, fr);
        while (cols) {
            int c = __builtin_ctzll(cols);
            cols &= cols - 1;
            const uint64_t *cm = g->colmask + (size_t)c * kw;
            int complete = 1;
            for (int i = 0; i < kw; i++)
                if (cm[i] & ~F[i] & ~fr[i]) {
                    complete = 0;
                    break;
                }
            if (!complete) continue;
            for (int i = 0; i < kw; i++) X[i] = cm[i] & fr[i];
            flood_add_groups(g, F, fr, X);
            if (moves) moves[played] = (uint8_t)c;
            played++;
            any = 1;
        }
        if (!any) return played;
    }
}

/* The layered bound (a relaxation in the manner of Puchert's solver): ring
 * by ring out from the flooded region, every colour whose remaining groups
 * all lie on the current ring costs one move and is removed; when no colour
 * can be completed, one move takes the whole ring.  A real move takes at
 * most what the relaxed move takes, so the count never exceeds the true
 * number of moves. */
static inline __attribute__((always_inline)) int layered_bound_kw(const flood_graph *g,
                                                                   const uint64_t *F0,
                                                                   const uint64_t *fr0, int limit,
                                                                   const int kw)
{
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX], X[FLOOD_KW_MAX];
    int live[FLOOD_MAX_COLORS], nlive = 0;
    for (int i = 0; i < kw; i++) {
        F[i] = F0[i];
        fr[i] = fr0[i];
    }
    for (int c = 0; c < g->ncolors; c++) {
        const uint64_t *cm = g->colmask + (size_t)c * kw;
        uint64_t any = 0;
        for (int i = 0; i < kw; i++) any |= cm[i] & ~F[i];
        if (any) live[nlive++] = c;
    }
    if (nlive <= 1) return nlive; /* one colour left: one move */
    int h = 0;
    while (nlive) {
        /* every live colour still costs a move of its own: past the limit,
         * h + nlive already bounds the answer from below */
        if (h + nlive > limit) return h + nlive;
        /* a colour is complete when none of its groups lies beyond the
         * ring (U: neither flooded nor on the ring).  A live colour always
         * has groups left: its last ones go in the step that completes it,
         * since a whole-ring step comes only when no colour is complete. */
        uint64_t U[FLOOD_KW_MAX];
        for (int i = 0; i < kw; i++) U[i] = ~(F[i] | fr[i]);
        int complete_any = 0;
        for (int i = 0; i < kw; i++) X[i] = 0;
        for (int j = 0; j < nlive; j++) {
            const uint64_t *cm = g->colmask + (size_t)live[j] * kw;
            uint64_t outside = 0;
            for (int i = 0; i < kw; i++) outside |= cm[i] & U[i];
            if (outside) continue;
            h++;
            complete_any = 1;
            for (int i = 0; i < kw; i++) X[i] |= cm[i] & ~F[i];
            live[j--] = live[--nlive];
        }
        if (!complete_any) {
            /* a whole-ring step leaves the live colours as they are: the
             * cut can be tested before the ring's neighbours are gathered */
            h++;
            if (h + nlive > limit) return h + nlive;
            for (int i = 0; i < kw; i++) X[i] = fr[i];
        } else if (!nlive) {
            return h; /* the last colours went: their neighbours are not needed */
        }
        /* F gains X; the ring gains the neighbours of X and loses F */
        for (int i = 0; i < kw; i++) F[i] |= X[i];
        or_adj_kw(g, X, fr, kw);
        for (int i = 0; i < kw; i++) fr[i] &= ~F[i];
    }
    return h;
}

#ifdef FLOOD_HAVE_WIDE
/* The same bound with each set in one 512-bit register (sets of up to 8
 * words: 19x19 boards have 4-5).  A ring's neighbours are one load-OR per
 * group instead of one per word, and a colour's completion test is one
 * AND-test.  The result is identical to layered_bound_kw's. */
FLOOD_WIDE static inline __attribute__((always_inline)) int layered_wide_core(const flood_graph *g, __m512i F,
                                                                              __m512i fr, int limit,
                                                                              __m512i *ring2, int *ring2_ok,
                                                                              const __m512i *init2,
                                                                              const uint64_t *hint1,
                                                                              const uint64_t *hint2,
                                                                              const uint64_t *fresh)
{
    const int kw = g->kw;
    const __m512i *cm = (const __m512i *)g->colmask8;
    const __m512i *adj = (const __m512i *)g->adj8, *adj2 = (const __m512i *)g->adj2_8;
    const __m512i *colnb = (const __m512i *)g->colnb8;
    __m512i N2 = _mm512_setzero_si512();
    /* have2: N2 holds the groups within two steps of the ring, less
     * (possibly) some that are flooded or on it: the ring after a
     * whole-ring step is then N2 less what is flooded, with no union */
    int have2 = 0;
    if (init2) {
        N2 = *init2;
        have2 = 1;
    }
    /* the live colours' masks, copied together (no index per test) */
    int live[FLOOD_MAX_COLORS], nlive = 0;
    __m512i lm[FLOOD_MAX_COLORS];
    /* ternary-logic tables: bit (a << 2 | b << 1 | c) of the constant is
     * the result for input bits a, b, c; 0x0f is NOT a, 0x01 NOR */
    const __m512i notF = _mm512_ternarylogic_epi64(F, F, F, 0x0f);
    for (int c = 0; c < g->ncolors; c++)
        if (_mm512_test_epi64_mask(cm[c], notF)) {
            lm[nlive] = cm[c];
            live[nlive++] = c;
        }
    if (nlive <= 1) return nlive;
    int h = 0;
    uint64_t xw[8] __attribute__((aligned(64)));
    while (nlive) {
        if (h + nlive > limit) return h + nlive;
        /* U = neither flooded nor on the ring */
        __m512i U = _mm512_ternarylogic_epi64(F, fr, fr, 0x01);
        __m512i X = _mm512_setzero_si512(), NX = X, N2X = X;
        int complete_any = 0;
        for (int j = 0; j < nlive; j++) {
            __m512i c = lm[j];
            if (_mm512_test_epi64_mask(c, U)) continue;
            h++;
            complete_any = 1;
            X = _mm512_or_si512(X, _mm512_andnot_si512(F, c));
            NX = _mm512_or_si512(NX, colnb[2 * live[j]]);
            N2X = _mm512_or_si512(N2X, colnb[2 * live[j] + 1]);
            --nlive;
            lm[j] = lm[nlive];
            live[j--] = live[nlive];
        }
        if (complete_any) {
            hint1 = NULL; /* the hint is for a first whole-ring step only */
            if (!nlive) return h; /* the last colours went: their neighbours are not needed */
            /* The ring gains the neighbours of X, the completed colours'
             * last groups: those are the neighbours of all of the
             * colours' groups less what is flooded or on the ring (the
             * groups of those colours already flooded have their
             * neighbours there), so no union is needed.  Likewise the
             * groups within two steps (N2) stay right. */
            F = _mm512_or_si512(F, X);
            fr = _mm512_andnot_si512(F, _mm512_or_si512(fr, NX));
            if (have2) N2 = _mm512_or_si512(N2, N2X);
            continue;
        }
        {
            h++;
            if (h + nlive > limit) return h + nlive;
            X = fr;
            F = _mm512_or_si512(F, X);
            if (have2) {
                /* the ring after two whole-ring steps: the groups within
                 * two steps of the ring before, less what is flooded */
                fr = _mm512_andnot_si512(F, N2);
                have2 = 0;
                continue;
            }
            if (hint1) {
                /* the first ring's neighbours (and groups within two
                 * steps) are those of the parent's ring, given, and those
                 * of the groups the move brought to the region (fresh):
                 * what the parent's ring adds beyond them lies next to
                 * (or within two steps of) the moved groups, flooded */
                __m512i n2;
                __m512i acc = adj_union_pair_wide(adj, adj2, fresh, kw, _mm512_load_si512((const __m512i *)hint1),
                                                  &n2);
                N2 = _mm512_or_si512(n2, _mm512_load_si512((const __m512i *)hint2));
                fr = _mm512_andnot_si512(F, acc);
                have2 = 1;
                hint1 = NULL;
                if (ring2) {
                    ring2[0] = fr;
                    ring2[1] = N2;
                    *ring2_ok = 1;
                }
                continue;
            }
            if (h + 1 + nlive <= limit) {
                /* another whole-ring step may follow: gather the groups
                 * within two steps of this ring on the same list */
                _mm512_store_si512((__m512i *)xw, X);
                fr = _mm512_andnot_si512(F, adj_union_pair_wide(adj, adj2, xw, kw, fr, &N2));
                have2 = 1;
                if (ring2 && h == 1) {
                    ring2[0] = fr;
                    ring2[1] = N2;
                    *ring2_ok = 1;
                }
                continue;
            }
        }
        _mm512_store_si512((__m512i *)xw, X);
        __m512i acc = adj_union_wide(adj, xw, kw, fr);
        fr = _mm512_andnot_si512(F, acc);
    }
    return h;
}

FLOOD_WIDE static int layered_bound_wide(const flood_graph *g, const uint64_t *F0, const uint64_t *fr0, int limit)
{
    const __mmask8 words = (__mmask8)((1u << g->kw) - 1);
    return layered_wide_core(g, _mm512_maskz_loadu_epi64(words, F0), _mm512_maskz_loadu_epi64(words, fr0), limit,
                             NULL, NULL, NULL, NULL, NULL, NULL);
}

/* The two-ring refinement (flood_h_two_ring) with the sets in 512-bit
 * registers: the same branches in the same order, the same result. */
FLOOD_WIDE static int layered_bound_wide_r2(const flood_graph *g, const uint64_t *F0, const uint64_t *fr0, int limit,
                                            const flood_rings *pr, const uint64_t *fresh, flood_ring2 *R2, int *ok)
{
    const __mmask8 words = (__mmask8)((1u << g->kw) - 1);
    __m512i r2[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};
    *ok = 0;
    int v;
    if (pr && pr->ok && fresh)
        v = layered_wide_core(g, _mm512_maskz_loadu_epi64(words, F0), _mm512_maskz_loadu_epi64(words, fr0), limit,
                              r2, ok, NULL, pr->n1, pr->n2, fresh);
    else
        v = layered_wide_core(g, _mm512_maskz_loadu_epi64(words, F0), _mm512_maskz_loadu_epi64(words, fr0), limit,
                              r2, ok, NULL, NULL, NULL, NULL);
    if (*ok) {
        _mm512_store_si512((__m512i *)R2->r2, r2[0]);
        _mm512_store_si512((__m512i *)R2->n2, r2[1]);
    }
    return v;
}

FLOOD_WIDE static int two_ring_wide(const flood_graph *g, const uint64_t *F0, const uint64_t *fr0,
                                    const flood_ring2 *R2in, int limit)
{
    const int kw = g->kw;
    const __mmask8 words = (__mmask8)((1u << kw) - 1);
    const __m512i *cm = (const __m512i *)g->colmask8;
    const __m512i *adj = (const __m512i *)g->adj8, *adj2 = (const __m512i *)g->adj2_8;
    __m512i fr = _mm512_maskz_loadu_epi64(words, fr0);
    __m512i S = _mm512_or_si512(_mm512_maskz_loadu_epi64(words, F0), fr);
    uint64_t xw[8] __attribute__((aligned(64)));
    /* R2, and N2: the groups within two steps of R1 (so, less S + R2,
     * the groups next to R2) */
    __m512i R2, N2;
    if (R2in) {
        R2 = _mm512_load_si512((const __m512i *)R2in->r2);
        N2 = _mm512_load_si512((const __m512i *)R2in->n2);
    } else {
        _mm512_store_si512((__m512i *)xw, fr);
        R2 = _mm512_andnot_si512(S, adj_union_pair_wide(adj, adj2, xw, kw, _mm512_setzero_si512(), &N2));
    }
    int order[FLOOD_MAX_COLORS], nc = 0;
    for (int c = 0; c < g->ncolors; c++)
        if (_mm512_test_epi64_mask(cm[c], R2)) order[nc++] = c;
    if (!nc) return 0;
    uint64_t stack[FLOOD_MAX_COLORS];
    int top = 0;
    for (int lo = nc - 1, hi = 0; hi <= lo; hi++, lo--)
        stack[top++] = 1ULL << order[hi] | 1ULL << order[lo];
    int best = INT_MAX;
    while (top) {
        uint64_t m = stack[--top];
        __m512i Y = _mm512_setzero_si512();
        for (uint64_t mm = m; mm; mm &= mm - 1) Y = _mm512_or_si512(Y, cm[__builtin_ctzll(mm)]);
        Y = _mm512_and_si512(Y, R2);
        _mm512_store_si512((__m512i *)xw, Y);
        /* the branch's ring, and the groups within two steps of it: those
         * of R1 and of Y (what Y adds beyond the ring's own lies within
         * two steps of the flooded S + Y, so on the branch or its ring, or
         * next to the ring through R2) */
        __m512i n2Y;
        __m512i nY = adj_union_pair_wide(adj, adj2, xw, kw, R2, &n2Y);
        __m512i F3 = _mm512_or_si512(S, Y);
        __m512i init2 = _mm512_or_si512(N2, n2Y);
        int v = layered_wide_core(g, F3, _mm512_andnot_si512(F3, nY), limit - 2, NULL, NULL, &init2, NULL, NULL,
                                  NULL);
        if (v > limit - 2) {
            if (v < best) best = v;
            continue;
        }
        if (!(m & (m - 1))) return 0;
        for (uint64_t mm = m; mm; mm &= mm - 1) stack[top++] = mm & -mm;
    }
    return 2 + best;
}
#endif

int flood_wide_usable(int kw)
{
#ifdef FLOOD_HAVE_WIDE
    if (kw > 8 || getenv("GRIDLAB_NO_AVX512")) return 0;
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi");
#else
    (void)kw;
    return 0;
#endif
}

/* The word count as a constant lets the compiler unroll the set loops for
 * the common sizes (14x14 boards have about 110 groups: 2 words). */
static int layered_bound(const flood_graph *g, const uint64_t *F0, const uint64_t *fr0, int limit)
{
#ifdef FLOOD_HAVE_WIDE
    if (g->adj8) return layered_bound_wide(g, F0, fr0, limit);
#endif
    switch (g->kw) {
    case 1: return layered_bound_kw(g, F0, fr0, limit, 1);
    case 2: return layered_bound_kw(g, F0, fr0, limit, 2);
    case 3: return layered_bound_kw(g, F0, fr0, limit, 3);
    case 4: return layered_bound_kw(g, F0, fr0, limit, 4);
    case 5: return layered_bound_kw(g, F0, fr0, limit, 5);
    case 6: return layered_bound_kw(g, F0, fr0, limit, 6);
    default: return layered_bound_kw(g, F0, fr0, limit, g->kw);
    }
}

int flood_h(const flood_graph *g, const uint64_t *F, const uint64_t *fr)
{
    return flood_h_cut(g, F, fr, INT_MAX);
}

int flood_h_cut(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int limit)
{
    /* the layered count is colours left + whole-ring steps, never below
     * colours left */
    return layered_bound(g, F, fr, limit);
}

/* The two-ring refinement (docs/flood.md, "The bound"): at a closed
 * position S that is not full, no colour can be completed, so any two
 * moves flood a subset of S + R1 + (R2 & c), c the colour of the second
 * move (R1 = the ring, R2 = the groups next to it): opt(S) >= 2 + min over
 * the colours c of R2 of h(S + R1 + (R2 & c)).  Only whether this exceeds
 * limit matters to the search, so the first branch within its limit ends
 * the work: the answer is then 0, which says nothing (2 + that branch's
 * bound is not a lower bound: another branch may be lower). */
int flood_h_cut_r2(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int limit, const flood_rings *pr,
                   const uint64_t *fresh, flood_ring2 *R2, int *ok)
{
#ifdef FLOOD_HAVE_WIDE
    if (g->adj8) return layered_bound_wide_r2(g, F, fr, limit, pr, fresh, R2, ok);
#endif
    (void)pr;
    (void)fresh;
    (void)R2;
    *ok = 0;
    return layered_bound(g, F, fr, limit);
}

#ifdef FLOOD_HAVE_WIDE
FLOOD_WIDE static void rings_wide(const flood_graph *g, const uint64_t *fr, flood_rings *pr)
{
    const __m512i *adj = (const __m512i *)g->adj8, *adj2 = (const __m512i *)g->adj2_8;
    uint16_t idx[8 * 64 + 64 + 8];
    int n = row_list(fr, g->kw, idx);
    __m512i n1 = _mm512_setzero_si512(), n2 = n1;
    __m512i *nbc = (__m512i *)pr->nbc;
    for (int c = 0; c < g->ncolors; c++) nbc[c] = n1;
    /* each row once, into the frontier's union and its colour's */
    for (int i = 0; i < n; i++) {
        __m512i r = adj[idx[i]];
        n1 = _mm512_or_si512(n1, r);
        n2 = _mm512_or_si512(n2, adj2[idx[i]]);
        __m512i *nc = &nbc[g->rowcol[idx[i]]];
        *nc = _mm512_or_si512(*nc, r);
    }
    _mm512_store_si512((__m512i *)pr->n1, n1);
    _mm512_store_si512((__m512i *)pr->n2, n2);
}
#endif

void flood_rings_of(const flood_graph *g, const uint64_t *fr, flood_rings *pr)
{
    pr->ok = 0;
#ifdef FLOOD_HAVE_WIDE
    if (g->adj8) {
        rings_wide(g, fr, pr);
        pr->ok = 1;
    }
#else
    (void)g;
    (void)fr;
#endif
}

int flood_h_two_ring_r2(const flood_graph *g, const uint64_t *F, const uint64_t *fr, const flood_ring2 *R2, int limit)
{
#ifdef FLOOD_HAVE_WIDE
    if (g->adj8) return two_ring_wide(g, F, fr, R2, limit);
#endif
    (void)R2;
    return flood_h_two_ring(g, F, fr, limit);
}

int flood_h_two_ring(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int limit)
{
#ifdef FLOOD_HAVE_WIDE
    if (g->adj8) return two_ring_wide(g, F, fr, NULL, limit);
#endif
    int kw = g->kw;
    uint64_t S[FLOOD_KW_MAX], R2[FLOOD_KW_MAX];
    for (int i = 0; i < kw; i++) S[i] = F[i] | fr[i];
    flood_adj_of(g, fr, R2);
    for (int i = 0; i < kw; i++) R2[i] &= ~S[i];
    /* The branches are taken in pairs, the first colour present with the
     * last, the second with the second last...: the two colours' groups of
     * R2 together flood a superset of either alone, so a pair's bound is
     * also a bound for each of its branches (by monotonicity of the game),
     * and above the limit it settles both at once.  A pair within the
     * limit is split.  Held-back children (every branch above) are the
     * common case where the refinement is tried.  (Ordering the branches
     * by size, largest first, cost more than it saved.) */
    int order[FLOOD_MAX_COLORS], nc = 0;
    for (int c = 0; c < g->ncolors; c++)
        if (fset_intersects(R2, g->colmask + (size_t)c * kw, kw)) order[nc++] = c;
    if (!nc) return 0; /* not closed, or full: nothing to say */
    uint64_t stack[FLOOD_MAX_COLORS];
    int top = 0;
    for (int lo = nc - 1, hi = 0; hi <= lo; hi++, lo--)
        stack[top++] = 1ULL << order[hi] | 1ULL << order[lo];
    int best = INT_MAX;
    while (top) {
        uint64_t m = stack[--top];
        uint64_t Y[FLOOD_KW_MAX] = {0}, F3[FLOOD_KW_MAX], fr3[FLOOD_KW_MAX];
        for (uint64_t mm = m; mm; mm &= mm - 1) {
            const uint64_t *cm = g->colmask + (size_t)__builtin_ctzll(mm) * kw;
            for (int i = 0; i < kw; i++) Y[i] |= R2[i] & cm[i];
        }
        flood_adj_of(g, Y, fr3);
        for (int i = 0; i < kw; i++) {
            F3[i] = S[i] | Y[i];
            fr3[i] = (fr3[i] | R2[i]) & ~F3[i];
        }
        int v = layered_bound(g, F3, fr3, limit - 2);
        if (v > limit - 2) {
            if (v < best) best = v;
            continue;
        }
        if (!(m & (m - 1))) return 0;
        for (uint64_t mm = m; mm; mm &= mm - 1) stack[top++] = mm & -mm;
    }
    return 2 + best;
}

#ifdef FLOOD_HAVE_WIDE
/* The sizes of the groups in F summed 32 at a time: a masked load of
 * 16-bit sizes per half-word. */
FLOOD_WIDE static int cells_wide(const flood_graph *g, const uint64_t *F)
{
    __m512i acc = _mm512_setzero_si512();
    for (int wi = 0; wi < g->kw; wi++) {
        uint64_t x = F[wi];
        acc = _mm512_add_epi16(acc, _mm512_maskz_loadu_epi16((__mmask32)x, g->size16 + wi * 64));
        acc = _mm512_add_epi16(acc, _mm512_maskz_loadu_epi16((__mmask32)(x >> 32), g->size16 + wi * 64 + 32));
    }
    /* each lane holds at most 16 groups' sizes, of at most 900 cells in
     * all: no overflow; widened to 32 bits to sum */
    __m512i lo = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(acc));
    __m512i hi = _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(acc, 1));
    return _mm512_reduce_add_epi32(_mm512_add_epi32(lo, hi));
}
#endif

int flood_cells(const flood_graph *g, const uint64_t *F)
{
#ifdef FLOOD_HAVE_WIDE
    if (g->size16) return cells_wide(g, F);
#endif
    int n = 0;
    for (int wi = 0; wi < g->kw; wi++) {
        uint64_t x = F[wi];
        while (x) {
            n += g->size[(wi << 6) + __builtin_ctzll(x)];
            x &= x - 1;
        }
    }
    return n;
}

int flood_root(const flood_graph *g, uint64_t *F, uint64_t *fr, uint8_t *moves)
{
    memset(F, 0, (size_t)g->kw * sizeof *F);
    gl_bits_set(F, (size_t)g->start);
    flood_frontier(g, F, fr);
    return flood_close(g, F, fr, moves);
}

int flood_child(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c, uint64_t *F2,
                uint64_t *fr2, uint8_t *moves)
{
    int kw = g->kw;
    uint64_t X[FLOOD_KW_MAX];
    const uint64_t *cm = g->colmask + (size_t)c * kw;
    for (int i = 0; i < kw; i++) X[i] = fr[i] & cm[i];
    memcpy(F2, F, (size_t)kw * sizeof *F2);
    memcpy(fr2, fr, (size_t)kw * sizeof *fr2);
    flood_add_groups(g, F2, fr2, X);
    if (moves) moves[0] = (uint8_t)c;
    return 1 + flood_close(g, F2, fr2, moves ? moves + 1 : NULL);
}

int flood_is_full(const flood_graph *g, const uint64_t *F) { return fset_equal(F, g->all, g->kw); }

int flood_move_exposes(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c)
{
    int kw = g->kw;
    const uint64_t *cm = g->colmask + (size_t)c * kw;
    uint64_t nb[FLOOD_KW_MAX], X[FLOOD_KW_MAX] = {0};
    memset(nb, 0, (size_t)kw * sizeof *nb);
    for (int i = 0; i < kw; i++) X[i] = fr[i] & cm[i];
    flood_or_adj(g, X, nb);
    for (int i = 0; i < kw; i++)
        if (nb[i] & ~F[i] & ~fr[i]) return 1;
    return 0;
}
