/* The admissible bounds of Flood-It: the layered bound (a relaxed game
 * played ring by ring out from the flooded region) and its two-ring
 * refinement, each computed only as far as the caller's limit needs.  Both
 * have a portable form, with the word count a compile-time constant for
 * the common sizes, and a 512-bit twin with each set in one register;
 * the two give the same numbers (test_wide_equals_portable).  Why they are
 * lower bounds: docs/flood.md, "The bound". */
#include "flood_sets.h"

#include <limits.h>
#include <string.h>

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

