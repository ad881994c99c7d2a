/* The seed's task 2 as the seed wrote it: plain depth-first backtracking.
 *
 * Every cell with its right and lower neighbour is tried; a swap that makes
 * a run is played on a fresh copy of the board with the reference resolver
 * (whole-board scans each round), and the search recurses until X swaps.
 * No memo, no bound, no ordering: it is kept as the baseline that the
 * exact solver is measured against (and checked against in the tests).
 * Unlike the seed it resolves by SPEC 2.3 (all runs at once, runs over 5
 * score, crossing runs both score). */
#include "match3.h"

#include <string.h>

typedef struct bt_ctx {
    const match3_rules *R;
    int x, n;
    int line[MATCH3_MAX_SWAPS], best_line[MATCH3_MAX_SWAPS], nbest;
    long long best;
    uint64_t nodes, t0;
    const gl_limits *lim;
    const char *stopped;
} bt_ctx;

static void bt_search(bt_ctx *s, const uint8_t *cells, const gl_rng *rng, int depth, long long score)
{
    if (score > s->best) {
        s->best = score;
        s->nbest = depth;
        memcpy(s->best_line, s->line, (size_t)depth * sizeof *s->line);
    }
    if (depth == s->x || s->stopped) return;
    const match3_rules *R = s->R;
    for (int p = 0; p < s->n; p++) {
        if (!cells[p]) continue;
        for (int dir = 0; dir < 2; dir++) {
            int q = dir ? p + R->cols : p + 1;
            if (dir == 0 && p % R->cols + 1 >= R->cols) continue;
            if (dir == 1 && q >= s->n) continue;
            if (!match3_swap_legal(R, cells, p, q)) continue;
            uint8_t child[MATCH3_MAX_CELLS];
            memcpy(child, cells, (size_t)s->n);
            gl_rng crng = *rng;
            uint8_t t = child[p];
            child[p] = child[q];
            child[q] = t;
            long long gain = match3_resolve_full(R, child, R->refill ? &crng : NULL);
            if ((++s->nodes & 1023) == 0 && !s->stopped) s->stopped = gl_limits_check(s->lim, s->t0, 0);
            s->line[depth] = p * 2 + dir;
            bt_search(s, child, &crng, depth + 1, score + gain);
            if (s->stopped) return;
        }
    }
}

int match3_solve_backtrack(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    bt_ctx s;
    memset(&s, 0, sizeof s);
    if (match3_opt_swaps(o, &s.x, err) != 0) return -1;
    s.R = &b->R;
    s.n = b->R.rows * b->R.cols;
    s.best = -1;
    s.lim = &o->lim;
    s.t0 = gl_now_ns();
    bt_search(&s, b->cell, &b->rng, 0, 0);
    gl_solution_clear_moves(out);
    for (int i = 0; i < s.nbest; i++) gl_solution_push(out, match3_to_move(s.best_line[i], b->R.cols));
    out->solved = 1;
    out->optimal = s.stopped == NULL;
    out->stopped = s.stopped;
    out->cost = s.best;
    out->nodes = s.nodes;
    out->ms = gl_ms_since(s.t0);
    return 0;
}
