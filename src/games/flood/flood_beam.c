/* Beam search for Flood-It: near-optimal and fast.
 *
 * The shared kernel (gl_beam) keeps the layers; this file is the problem.
 * Layer by layer from the root, every kept position is expanded by each
 * frontier colour (with its forced closure, as in A*); children that meet
 * the same flooded set are merged; the `width` children with the smallest
 * f = g + bound (ties: more cells flooded or on the border) form the next
 * layer.  The search goes on after the first finished board while some
 * child could still finish sooner, so the answer is the best finish seen.
 * Not optimal in general (the beam drops positions), but with the
 * admissible bound as its guide it is usually within a move of it. */
#include "flood.h"

#include <string.h>

typedef struct {
    const flood_graph *g;
    gl_meter *m;
} beam_problem;

static int beam_expand(void *ctx, gl_beam *B, size_t i)
{
    const beam_problem *P = ctx;
    const flood_graph *g = P->g;
    const uint64_t *F = gl_beam_key(B, i);
    const long long g0 = gl_beam_g(B, i);
    uint64_t fr[FLOOD_KW_MAX], F2[FLOOD_KW_MAX], fr2[FLOOD_KW_MAX];
    flood_frontier(g, F, fr);
    uint64_t cols = flood_frontier_colours(g, fr);
    /* a position's work is its children, each with a bound */
    if (gl_meter_tick(P->m, 1 + (uint32_t)__builtin_popcountll(cols))) return -1;
    while (cols) {
        int c = __builtin_ctzll(cols);
        cols &= cols - 1;
        if (!flood_move_exposes(g, F, fr, c)) continue; /* a dead move */
        long long g2 = g0 + flood_child(g, F, fr, c, F2, fr2, NULL);
        if (flood_is_full(g, F2)) {
            gl_beam_finish(B, g2, c);
            continue;
        }
        /* a child that cannot finish sooner than the best finish */
        if (B->has_best && g2 + 1 >= B->best_g) continue;
        if (gl_beam_seen(B, F2, g2, c)) continue;
        long long cut = gl_beam_cut(B);
        if (B->has_best && B->best_g - 1 < cut) cut = B->best_g - 1;
        long long f = g2 + flood_h_cut(g, F2, fr2, (int)(cut - g2));
        if (f > cut) continue;
        /* the tie-break: cells flooded or on the border (reachable by one
         * move each), which keeps positions with more choices open than
         * cells flooded alone does (the measurements: docs/notes/flood.md) */
        int cells = flood_cells(g, F2) + flood_cells(g, fr2);
        if (gl_beam_add(B, F2, g2, f, -cells, 0, c) != 0) return -1;
    }
    return 0;
}

/* The search, its tables charged to m and each child ticked on it.  Always
 * leaves a whole solution in s: the best finish seen, or after a stop
 * before any, the best kept position finished greedily. */
static void beam_search(const flood_problem *p, int width, gl_meter *m, gl_solution *s)
{
    const flood_graph *g = &p->g;
    beam_problem P = {g, m};
    /* f = g + bound stays below groups + 4 per colour: the histogram of the
     * cut covers it */
    const gl_beam_problem bp = {.ctx = &P,
                                .kw = g->kw,
                                .width = (size_t)width,
                                .f_max = g->n + 4 * g->ncolors + p->nroot + 8,
                                .expand = beam_expand};
    gl_beam B;
    gl_beam_init(&B, &bp, m);
    gl_beam_search(&B, p->F, p->nroot, flood_is_full(g, p->F));
    s->nodes = B.nodes;
    gl_solution_clear_moves(s);
    /* each edge floods a group at least: a route has at most n edges */
    int cols[FLOOD_MAX_CELLS + 1];
    if (B.has_best) {
        flood_push_route(p, cols, gl_beam_best_route(&B, cols, FLOOD_MAX_CELLS + 1), s);
        s->solved = 1;
        s->optimal = s->nmoves == 0 && !m->stopped; /* a won board: nothing to do */
        s->cost = s->nmoves;
    } else if (B.layer_n) {
        /* the best position of the last whole layer, finished greedily */
        if (!m->stopped) m->stopped = "memory limit"; /* an allocation failed */
        uint8_t rest[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
        flood_push_route(p, cols, gl_beam_layer_route(&B, 0, cols, FLOOD_MAX_CELLS + 1), s);
        int n = flood_greedy_run(g, gl_beam_key(&B, 0), 2, rest, (int)sizeof rest, m);
        if (n >= 0) flood_push_moves(s, rest, n);
        s->solved = n >= 0;
        s->optimal = 0;
        s->cost = s->nmoves;
    } else {
        if (!m->stopped) m->stopped = "memory limit";
        flood_finish_from_root(p, m, s);
    }
    gl_beam_free(&B);
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
    if (rc >= 0) flood_keep_to_limit(b, s);
    return rc < 0 ? -1 : 0;
}
