/* The seed's task 3: backtracking with its pruning rule.
 *
 * Before the n-th swap (n >= 2), with P0 the score of the first n-1 swaps,
 * the seed assumes the remaining X-n+1 swaps score at most C times the
 * average so far and gives up on the branch when even that cannot beat the
 * best total found so far:  P0/(n-1)*(X-n+1)*C + P0 < best.  It is a
 * heuristic, not a bound (a cascade can score far above the average), so
 * the answer is never claimed optimal.  The search runs on the engine
 * (incremental runs), like the other fast solvers, so that its time
 * measures the pruning and not the board scans. */
#include "match3.h"

#include <stdlib.h>
#include <string.h>

typedef struct pr_ctx {
    match3_engine E;
    int x, n;
    double C;
    uint8_t *stack;
    gl_rng rngs[MATCH3_MAX_SWAPS + 1];
    int *moves;
    int line[MATCH3_MAX_SWAPS], best_line[MATCH3_MAX_SWAPS], nbest;
    long long best;
    uint64_t t0, polls;
    const gl_limits *lim;
    const char *stopped;
} pr_ctx;

static void pr_search(pr_ctx *s, int depth, long long score)
{
    if (score > s->best) {
        s->best = score;
        s->nbest = depth;
        memcpy(s->best_line, s->line, (size_t)depth * sizeof *s->line);
    }
    if (depth == s->x || s->stopped) return;
    int n = depth + 1; /* the seed's level: the swap about to be made */
    if (n >= 2 && (double)score / (n - 1) * (s->x - n + 1) * s->C + (double)score < (double)s->best)
        return;
    if ((++s->polls & 1023) == 0) {
        s->stopped = gl_limits_check(s->lim, s->t0, 0);
        if (s->stopped) return;
    }
    uint8_t *cells = s->stack + (size_t)depth * (size_t)s->n, *child = cells + s->n;
    int *mv = s->moves + (size_t)depth * 2 * (size_t)s->n;
    int nm = match3_engine_moves(&s->E, cells, mv);
    for (int i = 0; i < nm; i++) {
        memcpy(child, cells, (size_t)s->n);
        s->rngs[depth + 1] = s->rngs[depth];
        long long gain = match3_engine_play(&s->E, child, &s->rngs[depth + 1], mv[i], NULL, NULL);
        s->line[depth] = mv[i];
        pr_search(s, depth + 1, score + gain);
        if (s->stopped) return;
    }
}

int match3_solve_pruned(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    pr_ctx s;
    memset(&s, 0, sizeof s);
    if (match3_opt_swaps(o, &s.x, err) != 0) return -1;
    s.C = 5;
    const char *cv = o->opts ? gl_kv_get(o->opts, "c") : NULL;
    if (cv) {
        char *end;
        double v = strtod(cv, &end);
        if (end == cv || *end || !(v >= 0 && v <= 1e6))
            return gl_error_set(err, "--c %s: expected a number from 0 to 1000000 (the seed used 3, 4, 5)", cv);
        s.C = v;
    }
    s.n = b->R.rows * b->R.cols;
    s.lim = &o->lim;
    s.t0 = gl_now_ns();
    s.best = -1;
    if (match3_engine_init(&s.E, &b->R) != 0) return gl_error_set(err, "out of memory");
    s.stack = malloc((size_t)(s.x + 2) * (size_t)s.n);
    s.moves = malloc((size_t)(s.x + 1) * 2 * (size_t)s.n * sizeof *s.moves);
    if (!s.stack || !s.moves) {
        free(s.stack);
        free(s.moves);
        match3_engine_free(&s.E);
        return gl_error_set(err, "out of memory");
    }
    memcpy(s.stack, b->cell, (size_t)s.n);
    s.rngs[0] = b->rng;
    pr_search(&s, 0, 0);
    gl_solution_clear_moves(out);
    for (int i = 0; i < s.nbest; i++) gl_solution_push(out, match3_to_move(s.best_line[i], b->R.cols));
    out->solved = 1;
    out->optimal = 0;
    out->stopped = s.stopped;
    out->cost = s.best;
    out->nodes = s.E.nodes;
    out->peak_bytes = (size_t)(s.x + 2) * (size_t)s.n + (size_t)(s.x + 1) * 2 * (size_t)s.n * sizeof(int);
    out->ms = gl_ms_since(s.t0);
    free(s.stack);
    free(s.moves);
    match3_engine_free(&s.E);
    return 0;
}
