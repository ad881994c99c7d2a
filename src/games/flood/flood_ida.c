/* IDA* for Flood-It: proved optimal with memory proportional to the
 * depth (a path of bitsets), no tables.
 *
 * The shared kernel (gl_ida) runs the iterations; this file is the
 * problem: a state is the flooded set F and its frontier (2 kw words, the
 * frontier kept so that it is not gathered again), an edge one move and
 * its closure.  Same edges, bound, dead-move and order pruning as A*
 * (flood_astar.c).  The kernel tries children best bound first, so the
 * last iteration tends to find a solution early.  Without a transposition table
 * the same set is searched again along different paths; the order pruning
 * removes the commonest repeats (a move whose groups were already on the
 * frontier before the previous move, searched only in the order with the
 * smaller colour first).  That rule depends on the route (the frontier of
 * the state a node came from, and the move), so the kernel's table, which
 * assumes a state's subtree does not, stays off. */
#include "flood.h"

#include <string.h>

typedef struct {
    const flood_graph *g;
    gl_meter *m;
} ida_problem;

static int ida_expand(void *ctx, const uint64_t *s, const uint64_t *from, const gl_move *via, gl_succ *out)
{
    const ida_problem *P = ctx;
    const flood_graph *G = P->g;
    const int kw = G->kw;
    const uint64_t *F = s, *fr = s + kw, *Pfr = from ? from + kw : NULL;
    uint64_t cols = flood_frontier_colours(G, fr);
    /* a node's work is its children, each with a bound (the kernel ticks
     * the node itself) */
    if (gl_meter_tick(P->m, (uint32_t)__builtin_popcountll(cols))) return -1;
    int nk = 0;
    while (cols) {
        int c = __builtin_ctzll(cols);
        cols &= cols - 1;
        const uint64_t *cm = G->colmask + (size_t)c * kw;
        if (Pfr && c < via->a) {
            /* the order rule: the edge in brought no new c-group to the
             * frontier, so c played before it floods a superset at the
             * same cost (docs/flood.md, "Order pruning (ida)") */
            int fresh = 0;
            for (int i = 0; i < kw; i++)
                if (fr[i] & cm[i] & ~Pfr[i]) fresh = 1;
            if (!fresh) continue;
        }
        if (!flood_move_exposes(G, F, fr, c)) continue; /* a dead move */
        uint64_t *k = out->state + (size_t)nk * 2 * kw;
        out->cost[nk] = flood_child(G, F, fr, c, k, k + kw, NULL);
        out->h[nk] = flood_h(G, k, k + kw);
        out->mv[nk] = (gl_move){c, 0, 0};
        nk++;
    }
    return nk;
}

static int ida_h(void *ctx, const uint64_t *s)
{
    const ida_problem *P = ctx;
    return flood_h(P->g, s, s + P->g->kw);
}

static int ida_goal(void *ctx, const uint64_t *s) { return flood_is_full(((const ida_problem *)ctx)->g, s); }

int flood_solve_ida(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e)
{
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    flood_problem p;
    int rc = flood_problem_init_metered(&p, b, &m, e);
    if (rc != 0) {
        flood_meter_end(&m, s);
        return rc < 0 ? -1 : 0;
    }
    const int kw = p.g.kw;
    ida_problem P = {&p.g, &m};
    uint64_t start[2 * FLOOD_KW_MAX];
    memcpy(start, p.F, (size_t)kw * sizeof *start);
    memcpy(start + kw, p.fr, (size_t)kw * sizeof *start);
    /* children best bound first: the last iteration tends to find a
     * solution early */
    const gl_search_problem sp = {.ctx = &P,
                                  .kw = 2 * kw,
                                  .max_succ = p.g.ncolors,
                                  .succ_h = 1,
                                  .order_f = 1,
                                  .tt_bits = 0,
                                  .expand = ida_expand,
                                  .h = ida_h,
                                  .is_goal = ida_goal};
    rc = gl_ida(&sp, start, &m, s, e);
    if (rc == 0 && s->solved) {
        /* the kernel's moves are the edges' colours: replay them to list
         * the forced colours too */
        int cols[FLOOD_MAX_CELLS + 1];
        int depth = s->nmoves;
        for (int i = 0; i < depth; i++) cols[i] = s->moves[i].a;
        gl_solution_clear_moves(s);
        flood_push_route(&p, cols, depth, s);
        s->cost = s->nmoves;
    } else if (rc == 0) {
        /* stopped: no proof; finished greedily so the caller still gets
         * moves */
        flood_finish_from_root(&p, &m, s);
    }
    flood_problem_free(&p);
    flood_meter_end(&m, s);
    if (rc == 0) flood_keep_to_limit(b, s);
    return rc;
}
