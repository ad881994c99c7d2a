/* The seed's tasks 2 and 3 as the seed wrote them: plain depth-first
 * backtracking (backtrack), and the same search with its pruning rule
 * (pruned).
 *
 * At every node every cell with its right and then its lower neighbour is
 * tried in reading order; a swap that scores is played on a fresh copy of
 * the board and the search recurses until X swaps.  No memo, no bound, no
 * ordering: backtrack is the baseline that exact is measured and checked
 * against.
 *
 * pruned: before the n-th swap (n >= 2), with P0 the score of the first
 * n-1 swaps, the seed assumes the remaining X-n+1 swaps score at most C
 * times the average so far and gives up on the branch when even that
 * cannot beat the best total found so far (P3):
 *     P0/(n-1)*(X-n+1)*C + P0 < P3.
 * It is a heuristic, not a bound (a cascade can score far above the
 * average), so its answer is never claimed optimal.  P3 is the best total
 * of any line met so far, a line ending early (no swap left) included, as
 * the seed's Search counts it; the average is a real division.
 *
 * Both play on the engine --engine picks (match3_player.c; the reference
 * resolver by default, the seed's own under rules=seed), so that their
 * times compare like with like.  The meter is ticked once per play, so a
 * limit or Ctrl-C stops them within a bounded number of plays; a stopped
 * search answers with the best line it met. */
#include "match3.h"

#include <stdlib.h>
#include <string.h>

typedef struct bt_ctx {
    match3_player P;
    const match3_rules *R;
    int x, n, prune;
    double C;
    uint8_t *cells;    /* (x+2) boards: the one at each depth */
    int *moves;        /* (x+1) move lists */
    gl_rng rngs[MATCH3_MAX_SWAPS + 2];
    int line[MATCH3_MAX_SWAPS], best_line[MATCH3_MAX_SWAPS], nbest;
    long long best;
    uint32_t units;    /* meter units per play */
    gl_meter m;
} bt_ctx;

static void bt_search(bt_ctx *s, int depth, long long score)
{
    if (score > s->best) {
        s->best = score;
        s->nbest = depth;
        memcpy(s->best_line, s->line, (size_t)depth * sizeof *s->line);
    }
    if (depth == s->x) return;
    int n = depth + 1; /* the seed's level: the swap about to be made */
    if (s->prune && n >= 2 && (double)score / (n - 1) * (s->x - n + 1) * s->C + (double)score < (double)s->best)
        return;
    uint8_t *cells = s->cells + (size_t)depth * (size_t)s->n, *child = cells + s->n;
    int *mv = s->moves + (size_t)depth * 2 * (size_t)s->n;
    int nm = match3_player_moves(&s->P, cells, mv);
    for (int i = 0; i < nm; i++) {
        if (gl_meter_tick(&s->m, s->units)) return;
        memcpy(child, cells, (size_t)s->n);
        s->rngs[depth + 1] = s->rngs[depth];
        long long gain = match3_player_play(&s->P, child, &s->rngs[depth + 1], mv[i], NULL, NULL);
        s->line[depth] = mv[i];
        bt_search(s, depth + 1, score + gain);
        if (s->m.stopped) return;
    }
}

static int bt_run(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err, int prune)
{
    const match3_board *b = (const match3_board *)bb;
    bt_ctx *s = calloc(1, sizeof *s);
    if (!s) return gl_error_set(err, "out of memory");
    int kind, rc = 0;
    if (match3_opt_swaps(o, b, MATCH3_MAX_SWAPS, &s->x, err) != 0 ||
        match3_opt_engine(o, &b->R, 0, &kind, err) != 0) {
        free(s);
        return -1;
    }
    if (kind == MATCH3_ENGINE_AUTO) kind = match3_auto_engine(prune ? "pruned" : "backtrack", &b->R);
    s->prune = prune;
    s->C = 5;
    const char *cv = prune && o->opts ? gl_kv_get(o->opts, "c") : NULL;
    if (cv) {
        double v;
        if (gl_parse_real(cv, 0, 1e6, &v) != 0) {
            free(s);
            return gl_error_set(err, "--c %.60s: expected a number from 0 to 1000000 in decimal digits (the seed used 3, 4, 5)", cv);
        }
        s->C = v;
    }
    s->R = &b->R;
    s->n = b->R.rows * b->R.cols;
    s->units = match3_play_units(&b->R);
    s->best = -1;
    gl_meter_start(&s->m, &o->lim);
    size_t cells_bytes = (size_t)(s->x + 2) * (size_t)s->n;
    size_t moves_bytes = (size_t)(s->x + 1) * 2 * (size_t)s->n * sizeof *s->moves;
    if (gl_meter_charge(&s->m, match3_player_bytes(&b->R) + cells_bytes + moves_bytes) == 0) {
        s->cells = malloc(cells_bytes);
        s->moves = malloc(moves_bytes);
        if (!s->cells || !s->moves || match3_player_init(&s->P, &b->R, kind) != 0) {
            rc = gl_error_set(err, "out of memory");
            goto done;
        }
        memcpy(s->cells, b->cell, (size_t)s->n);
        s->rngs[0] = b->rng;
        bt_search(s, 0, 0);
    }
    gl_solution_clear_moves(out);
    for (int i = 0; i < s->nbest; i++) gl_solution_push(out, match3_to_move(s->best_line[i], b->R.cols));
    /* A stopped search answers with a line it met, never with nothing. */
    out->solved = !s->m.stopped || s->nbest > 0;
    out->optimal = !prune && !s->m.stopped;
    out->stopped = s->m.stopped;
    out->cost = s->best > 0 ? s->best : 0;
    out->nodes = s->P.E.nodes;
    match3_solution_engine(out, &b->R, kind);
done:
    out->peak_bytes = s->m.peak;
    out->ms = gl_meter_end(&s->m);
    free(s->cells);
    free(s->moves);
    match3_player_free(&s->P);
    free(s);
    return rc;
}

int match3_solve_backtrack(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    return bt_run(bb, o, out, err, 0);
}

int match3_solve_pruned(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    return bt_run(bb, o, out, err, 1);
}
