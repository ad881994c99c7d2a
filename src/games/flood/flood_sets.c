/* The set operations every Flood-It solver shares, on group sets (bitsets
 * of the component graph): the neighbours of a set, the frontier, the
 * colours on it, a move and its forced closure, the children of a
 * position, cells counted.  Each has a portable form and, where the graph
 * was built with padded rows (sets of up to 8 words on a processor with
 * AVX-512), a 512-bit twin that gives the same result
 * (test_wide_equals_portable checks them against each other). */
#include "flood_sets.h"

#include <string.h>

#ifdef FLOOD_HAVE_WIDE
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

/* The frontier's rings: the neighbours of its groups, the groups within
 * two steps of them, and per colour the neighbours of its groups there,
 * one pass over the frontier's rows. */
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
