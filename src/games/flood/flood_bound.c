/* The admissible bounds of Flood-It: the layered bound (a relaxed game
 * played ring by ring out from the flooded region) and its two-ring
 * refinement, each computed only as far as the caller's limit needs.  Both
 * have a portable form, with the word count a compile-time constant for
 * the common sizes, and a 512-bit twin with each set in one register;
 * the two give the same numbers (test_wide_equals_portable).  Why they are
 * lower bounds: docs/flood.md, "The bound". */
#include "flood_kern.h"
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

/* The graph's kernels where the sets fit in 8 words, the loops above for
 * larger ones. */
static int layered_bound(const flood_graph *g, const uint64_t *F0, const uint64_t *fr0, int limit)
{
    if (g->k) return g->k->h_cut(g, F0, fr0, limit);
    /* the word count as a constant keeps the accumulators in registers */
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
    if (g->k) return g->k->h_cut_r2(g, F, fr, limit, pr, fresh, R2, ok);
    (void)pr;
    (void)fresh;
    (void)R2;
    *ok = 0;
    return layered_bound(g, F, fr, limit);
}

int flood_h_two_ring_r2(const flood_graph *g, const uint64_t *F, const uint64_t *fr, const flood_ring2 *R2, int limit)
{
    if (g->k) return g->k->two_ring(g, F, fr, R2, limit);
    (void)R2;
    return flood_h_two_ring(g, F, fr, limit);
}

int flood_h_two_ring(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int limit)
{
    if (g->k) return g->k->two_ring(g, F, fr, NULL, limit);
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

