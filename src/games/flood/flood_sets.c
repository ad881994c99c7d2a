/* The set operations every Flood-It solver shares, on group sets (bitsets
 * of the component graph): the neighbours of a set, the frontier, the
 * colours on it, a move and its forced closure, the children of a
 * position, cells counted.  Where the sets fit in 8 words the graph's
 * kernels do the hot ones (flood_kern.h: one source for the portable loops
 * and every vector width); the loops here serve larger sets and the rest. */
#include "flood_kern.h"
#include "flood_sets.h"

#include <string.h>

void flood_adj_of(const flood_graph *g, const uint64_t *X, uint64_t *out)
{
    if (g->k) {
        g->k->adj_of(g, X, out);
        return;
    }
    memset(out, 0, (size_t)g->kw * sizeof *out);
    flood_or_adj(g, X, out);
}

void flood_or_adj(const flood_graph *g, const uint64_t *X, uint64_t *acc)
{
    if (g->k) {
        uint64_t t[FLOOD_KW_MAX];
        g->k->adj_of(g, X, t);
        fset_or(acc, t, g->kw);
        return;
    }
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

uint64_t flood_frontier_colours(const flood_graph *g, const uint64_t *fr)
{
    if (g->k) return g->k->frontier_colours(g, fr);
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

int flood_child_step(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c, uint64_t *F2,
                     uint64_t *fr2, int *complete, uint64_t *fresh_out, const flood_rings *pr)
{
    if (g->k) return g->k->child_step(g, F, fr, c, F2, fr2, complete, fresh_out, pr);
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

void flood_rings_of(const flood_graph *g, const uint64_t *fr, flood_rings *pr)
{
    pr->ok = 0;
    if (g->k) g->k->rings_of(g, fr, pr);
}

int flood_cells(const flood_graph *g, const uint64_t *F)
{
    if (g->k) return g->k->cells(g, F);
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
