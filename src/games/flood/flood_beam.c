/* Beam search for Flood-It: near-optimal and fast.
 *
 * Layer by layer from the root, every kept position is expanded by each
 * frontier colour (with its forced closure, as in A*); children that meet
 * the same flooded set are merged; the `width` children with the smallest
 * f = g + bound (ties: more cells flooded or on the border) form the next
 * layer.  The
 * search goes on after the first finished board while some child could
 * still finish sooner, so the answer is the best finish seen.  Not
 * optimal in general (the beam drops positions), but with the admissible
 * bound as its guide it is usually within a move of it. */
#include "flood.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t parent;
    uint8_t c;
    uint16_t g;
    int f, cells;
    uint32_t slot; /* index of its bits in the candidate store */
} cand;

static int cand_cmp(const void *a, const void *b)
{
    const cand *x = a, *y = b;
    if (x->f != y->f) return x->f < y->f ? -1 : 1;
    if (x->cells != y->cells) return x->cells > y->cells ? -1 : 1;
    return x->slot < y->slot ? -1 : x->slot > y->slot;
}

typedef struct {
    uint64_t *bits;
    uint32_t *parent;
    uint8_t *move;
    uint16_t *g;
    size_t n, cap;
} pool;

static size_t pool_node_bytes(int kw) { return (size_t)kw * 8 + 4 + 1 + 2; }

/* Adds a kept position; its growth is charged to m first (the new arrays
 * while the old live, as a realloc may copy).  -1 when the memory cannot
 * be had. */
static int pool_add(pool *p, int kw, const uint64_t *F, uint32_t parent, int c, int g, gl_meter *m)
{
    if (p->n == p->cap) {
        size_t nc = p->cap ? p->cap * 2 : 1024;
        if (gl_meter_charge(m, nc * pool_node_bytes(kw)) != 0) return -1;
        uint64_t *bits = realloc(p->bits, nc * (size_t)kw * sizeof *bits);
        if (!bits) return -1;
        p->bits = bits;
        uint32_t *par = realloc(p->parent, nc * sizeof *par);
        if (!par) return -1;
        p->parent = par;
        uint8_t *mv = realloc(p->move, nc);
        if (!mv) return -1;
        p->move = mv;
        uint16_t *gv = realloc(p->g, nc * sizeof *gv);
        if (!gv) return -1;
        p->g = gv;
        gl_meter_refund(m, p->cap * pool_node_bytes(kw));
        p->cap = nc;
    }
    memcpy(p->bits + p->n * (size_t)kw, F, (size_t)kw * sizeof *F);
    p->parent[p->n] = parent;
    p->move[p->n] = (uint8_t)c;
    p->g[p->n] = (uint16_t)g;
    p->n++;
    return 0;
}

/* Writes the moves from the root to kept position x, then colour last if
 * it is not -1 (x's finishing move), each edge with its forced colours. */
static void push_route(const flood_problem *p, const pool *P, uint32_t x, int last, gl_solution *s)
{
    const flood_graph *g = &p->g;
    /* each edge floods a group at least: a route has at most n edges */
    uint8_t cols[FLOOD_MAX_CELLS + 1];
    int depth = last >= 0;
    for (uint32_t y = x; y != 0; y = P->parent[y]) depth++;
    int k = depth;
    if (last >= 0) cols[--k] = (uint8_t)last;
    for (uint32_t y = x; y != 0; y = P->parent[y]) cols[--k] = P->move[y];
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX], F2[FLOOD_KW_MAX], fr2[FLOOD_KW_MAX];
    memcpy(F, p->F, sizeof F);
    memcpy(fr, p->fr, sizeof fr);
    flood_push_moves(s, p->root_moves, p->nroot);
    uint8_t mv[FLOOD_MAX_COLORS + 1];
    for (int i = 0; i < depth; i++) {
        int n = flood_child(g, F, fr, cols[i], F2, fr2, mv);
        flood_push_moves(s, mv, n);
        memcpy(F, F2, sizeof F);
        memcpy(fr, fr2, sizeof fr);
    }
}

/* The search, its tables charged to m and each child ticked on it.  Always
 * leaves a whole solution in s: the best finish seen, or after a stop
 * before any, the best kept position finished greedily. */
static void beam_search(const flood_problem *p, int width, gl_meter *m, gl_solution *s)
{
    const flood_graph *g = &p->g;
    int kw = g->kw;
    size_t maxc = (size_t)width * (size_t)(g->ncolors);
    size_t tcap = 16;
    while (tcap < 2 * maxc) tcap *= 2;
    pool P = {0};
    cand *cands = NULL;
    uint64_t *store = NULL;
    uint32_t *tab = NULL, *layer = NULL, *next = NULL, *hist = NULL;
    /* candidates of the layer by f: the width-th best f is a cut above
     * which a child cannot be kept, so its bound need not be finished */
    int fmax = g->n + 4 * g->ncolors + p->nroot + 8;
    /* the best finish seen: its cost, the kept position it ends from and
     * its last colour (-1: the root itself is won) */
    int best_g = 1 << 30;
    uint32_t goal_parent = 0;
    int goal_c = -1;
    size_t fixed = maxc * (sizeof *cands + (size_t)kw * sizeof *store) + tcap * sizeof *tab +
                   2 * (size_t)width * sizeof *layer + ((size_t)fmax + 1) * sizeof *hist;
    if (gl_meter_charge(m, fixed) != 0) goto stop;
    cands = malloc(maxc * sizeof *cands);
    store = malloc(maxc * (size_t)kw * sizeof *store);
    tab = malloc(tcap * sizeof *tab);
    layer = malloc((size_t)width * sizeof *layer);
    next = malloc((size_t)width * sizeof *next);
    hist = calloc((size_t)fmax + 1, sizeof *hist);
    if (!cands || !store || !tab || !layer || !next || !hist || pool_add(&P, kw, p->F, 0, 0, p->nroot, m) != 0)
        goto stop;
    size_t nl = 1;
    layer[0] = 0;
    if (flood_is_full(g, p->F)) best_g = p->nroot;
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX], F2[FLOOD_KW_MAX], fr2[FLOOD_KW_MAX];
    while (nl) {
        size_t nc = 0;
        memset(tab, 0, tcap * sizeof *tab);
        memset(hist, 0, ((size_t)fmax + 1) * sizeof *hist);
        int cut = fmax; /* no child with f above it can be kept */
        size_t within = 0; /* candidates with f <= cut, once cut is set */
        int cut_set = 0;
        for (size_t li = 0; li < nl; li++) {
            uint32_t x = layer[li];
            memcpy(F, P.bits + (size_t)x * kw, (size_t)kw * sizeof *F);
            flood_frontier(g, F, fr);
            s->nodes++;
            uint64_t cols = flood_frontier_colours(g, fr);
            /* a position's work is its children, each with a bound */
            if (gl_meter_tick(m, 1 + (uint32_t)__builtin_popcountll(cols))) break;
            while (cols) {
                int c = __builtin_ctzll(cols);
                cols &= cols - 1;
                if (!flood_move_exposes(g, F, fr, c)) continue; /* a dead move */
                int n = flood_child(g, F, fr, c, F2, fr2, NULL);
                int g2 = P.g[x] + n;
                if (flood_is_full(g, F2)) {
                    if (g2 < best_g) {
                        best_g = g2;
                        goal_parent = x;
                        goal_c = c;
                    }
                    continue;
                }
                if (g2 + 1 >= best_g) continue;
                size_t j = gl_hash_words(F2, (size_t)kw) & (tcap - 1);
                int dup = 0;
                while (tab[j]) {
                    cand *d = &cands[tab[j] - 1];
                    if (fset_equal(store + (size_t)d->slot * kw, F2, kw)) {
                        if (g2 < d->g) {
                            hist[d->f]--;
                            d->f += g2 - d->g;
                            hist[d->f]++;
                            d->g = (uint16_t)g2;
                            d->parent = x;
                            d->c = (uint8_t)c;
                        }
                        dup = 1;
                        break;
                    }
                    j = (j + 1) & (tcap - 1);
                }
                if (dup) continue;
                int lim2 = (best_g - 1 < cut ? best_g - 1 : cut) - g2;
                int f = g2 + flood_h_cut(g, F2, fr2, lim2);
                if (f >= best_g || f > cut) continue;
                cand *d = &cands[nc];
                d->parent = x;
                d->c = (uint8_t)c;
                d->g = (uint16_t)g2;
                d->f = f;
                /* the tie-break: cells flooded or on the border (reachable
                 * by one move each), which keeps positions with more
                 * choices open than cells flooded alone does (the
                 * measurements: docs/notes/flood.md) */
                d->cells = flood_cells(g, F2) + flood_cells(g, fr2);
                d->slot = (uint32_t)nc;
                memcpy(store + nc * (size_t)kw, F2, (size_t)kw * sizeof *F2);
                tab[j] = (uint32_t)++nc;
                hist[f]++;
                if (cut_set) {
                    within++;
                } else if (nc == (size_t)width) {
                    /* the cut: the smallest f with width candidates at or below */
                    cut_set = 1;
                    cut = 0;
                    within = hist[0];
                    while (within < (size_t)width) within += hist[++cut];
                }
                /* lower the cut while the candidates below it still fill the beam */
                while (cut_set && cut > 0 && within - hist[cut] >= (size_t)width) within -= hist[cut--];
            }
        }
        if (m->stopped) break; /* the layer is incomplete: the last whole one stays */
        qsort(cands, nc, sizeof *cands, cand_cmp);
        size_t keep = nc < (size_t)width ? nc : (size_t)width;
        for (size_t i = 0; i < keep; i++) {
            cand *d = &cands[i];
            if (pool_add(&P, kw, store + (size_t)d->slot * kw, d->parent, d->c, d->g, m) != 0) goto stop;
            next[i] = (uint32_t)(P.n - 1);
        }
        memcpy(layer, next, keep * sizeof *layer);
        nl = keep;
    }
stop:
    if (best_g < (1 << 30)) {
        push_route(p, &P, goal_parent, goal_c, s);
        s->solved = 1;
        s->optimal = s->nmoves == 0 && !m->stopped; /* a won board: nothing to do */
        s->cost = s->nmoves;
        goto out;
    }
    if (!m->stopped) m->stopped = "memory limit"; /* an allocation failed */
    gl_solution_clear_moves(s);
    if (P.n && layer) {
        /* the best position of the last whole layer, finished greedily */
        uint8_t rest[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
        push_route(p, &P, layer[0], -1, s);
        int n = flood_greedy_run(g, P.bits + (size_t)layer[0] * kw, 2, rest, (int)sizeof rest, NULL);
        if (n >= 0) flood_push_moves(s, rest, n);
        s->solved = n >= 0;
        s->optimal = 0;
        s->cost = s->nmoves;
    } else {
        flood_finish_from_root(p, s);
    }
out:
    free(cands);
    free(store);
    free(tab);
    free(layer);
    free(next);
    free(hist);
    free(P.bits);
    free(P.parent);
    free(P.move);
    free(P.g);
}

int flood_solve_beam(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e)
{
    long long width = 32;
    if (o->opts && gl_kv_int(o->opts, "width", 1, 10000, &width, e) != 0) return -1;
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    flood_problem p;
    int rc = flood_problem_init_metered(&p, b, &m, e);
    if (rc == 0) beam_search(&p, (int)width, &m, s);
    if (rc >= 0) flood_problem_free(&p);
    flood_meter_end(&m, s);
    return rc < 0 ? -1 : 0;
}
