/* The greedy solver: a k-ply lookahead like the puzzle collection's.
 *
 * At each turn every sequence of up to `depth` frontier colours is tried
 * (each followed by its forced closure) and scored at its end: a finished
 * board beats any unfinished one (sooner beats later), then the smaller
 * admissible bound (flood_h), then more cells flooded.  The puzzle
 * collection scores by cells alone; the bound first counts what is left to
 * do rather than what is done, and comes much closer to the optimum
 * (docs/notes/flood.md).  Ties go to the larger immediate gain, then the
 * smaller colour, so the result is deterministic.  The depth is capped
 * so that a turn scores at most about 400 000 / (groups + 100) leaves
 * (depth 3 on 14x14 with 6 colours; 36 colours on 30x30 would otherwise
 * take minutes).
 *
 * It stands on no shared kernel: a turn's lookahead keeps no open list,
 * closed set or nodes, so there is nothing of the kernels' to share
 * (docs/architecture.md, "The search kernels").  It is also the finisher
 * of every stopped flood search, and counts the generator's move limit.
 *
 * Its meter is ticked once per position scored, inside the lookahead, so
 * a deep lookahead stops within a bound computation or so of a limit; the
 * turn whose lookahead stopped is chosen again one ply deep, and so are
 * the turns after it: one ply is the least that still gives a whole
 * answer (every colour of the frontier scored once per turn).  A finisher
 * given a meter that has stopped looks one ply deep from the start. */
#include "flood.h"

#include <stdlib.h>
#include <string.h>

#define WIN_SCORE (1LL << 40)

#define STOPPED (-2) /* a lookahead cut short by its meter */

/* The best score of the positions depth plies below (F, fr), or STOPPED.
 * m (may be NULL) is ticked once per position scored. */
static long long lookahead(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int depth, gl_meter *m)
{
    if (flood_is_full(g, F)) return WIN_SCORE + depth;
    if (depth == 0) return (long long)(FLOOD_MAX_CELLS - flood_h(g, F, fr)) * (FLOOD_MAX_CELLS + 1) + flood_cells(g, F);
    uint64_t cols = flood_frontier_colours(g, fr);
    long long best = -1;
    uint64_t F2[FLOOD_KW_MAX], fr2[FLOOD_KW_MAX];
    while (cols) {
        int c = __builtin_ctzll(cols);
        cols &= cols - 1;
        if (m && gl_meter_tick(m, 1)) return STOPPED;
        flood_child(g, F, fr, c, F2, fr2, NULL);
        long long v = lookahead(g, F2, fr2, depth - 1, m);
        if (v == STOPPED) return STOPPED;
        if (v > best) best = v;
    }
    return best;
}

int flood_greedy_run(const flood_graph *g, const uint64_t *F0, int depth, uint8_t *out, int cap, gl_meter *m)
{
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX], F2[FLOOD_KW_MAX], fr2[FLOOD_KW_MAX];
    uint64_t bF[FLOOD_KW_MAX], bfr[FLOOD_KW_MAX];
    memcpy(F, F0, (size_t)g->kw * sizeof *F);
    flood_frontier(g, F, fr);
    int n = 0;
    uint8_t mv[FLOOD_MAX_COLORS + 1], bmv[FLOOD_MAX_COLORS + 1];
    while (!flood_is_full(g, F)) {
        uint64_t cols = flood_frontier_colours(g, fr);
        int branching = __builtin_popcountll(cols);
        /* leaves a turn may score: each costs a bound, about n words */
        long long budget = 400000 / (g->n + 100), work = branching;
        int d = 1;
        while (d < depth && work * branching <= budget) {
            work *= branching;
            d++;
        }
        /* once the meter has stopped, one ply, enough to finish */
        if (m && m->stopped) d = 1;
        long long best = -1, best_now = -1;
        int bn = 0;
        uint64_t all = cols;
        while (cols) {
            int c = __builtin_ctzll(cols);
            cols &= cols - 1;
            int k = flood_child(g, F, fr, c, F2, fr2, mv);
            long long v = lookahead(g, F2, fr2, d - 1, d > 1 ? m : NULL);
            if (v == STOPPED) { /* this turn again, one ply deep */
                d = 1;
                cols = all;
                best = best_now = -1;
                continue;
            }
            long long now = flood_cells(g, F2);
            if (v > best || (v == best && now > best_now)) {
                best = v;
                best_now = now;
                bn = k;
                memcpy(bmv, mv, (size_t)k);
                memcpy(bF, F2, sizeof bF);
                memcpy(bfr, fr2, sizeof bfr);
            }
        }
        if (n + bn > cap) return -1;
        memcpy(out + n, bmv, (size_t)bn);
        n += bn;
        memcpy(F, bF, sizeof F);
        memcpy(fr, bfr, sizeof fr);
    }
    return n;
}

int flood_solve_greedy(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e)
{
    long long depth = 3;
    if (o->opts && gl_kv_int(o->opts, "depth", 1, 8, &depth, e) != 0) return -1;
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    flood_problem p;
    int rc = flood_problem_init_metered(&p, b, &m, e);
    if (rc == 0) {
        uint8_t moves[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
        flood_push_moves(s, p.root_moves, p.nroot);
        int n = flood_greedy_run(&p.g, p.F, (int)depth, moves, (int)sizeof moves, &m);
        if (n >= 0) flood_push_moves(s, moves, n);
        s->solved = n >= 0;
        s->optimal = s->solved && s->nmoves == 0; /* a won board: nothing to do */
        s->cost = s->nmoves;
        s->nodes = (unsigned long long)s->nmoves;
    }
    if (rc >= 0) flood_problem_free(&p);
    flood_meter_end(&m, s);
    if (rc >= 0) flood_keep_to_limit(b, s);
    return rc < 0 ? -1 : 0;
}

void flood_finish_from_root(const flood_problem *p, gl_meter *m, gl_solution *s)
{
    uint8_t rest[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
    gl_solution_clear_moves(s);
    flood_push_moves(s, p->root_moves, p->nroot);
    int n = flood_greedy_run(&p->g, p->F, 2, rest, (int)sizeof rest, m);
    if (n >= 0) flood_push_moves(s, rest, n);
    s->solved = n >= 0;
    s->optimal = s->solved && s->nmoves == 0; /* a won board: nothing to do */
    s->cost = s->nmoves;
}

int flood_greedy_count(const flood_board *b, int depth)
{
    flood_graph g;
    if (flood_graph_build(&g, b) != 0) return -1;
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX];
    uint8_t *moves = malloc((size_t)g.n + FLOOD_MAX_COLORS);
    int n = -1;
    if (moves) {
        int forced = flood_root(&g, F, fr, moves);
        int rest = flood_greedy_run(&g, F, depth, moves + forced, g.n + FLOOD_MAX_COLORS - forced, NULL);
        if (rest >= 0) n = forced + rest;
    }
    free(moves);
    flood_graph_free(&g);
    return n;
}

/* The puzzle collection's convention: the limit is what its lookahead
 * solver needs plus a leniency chosen by difficulty. */
int flood_limit_for(const flood_board *b, int leniency)
{
    int n = flood_greedy_count(b, 3);
    return n < 0 ? 0 : n + leniency;
}
