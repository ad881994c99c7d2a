/* The seed's task 1, the best score of a single swap, and the option
 * every solver shares (swaps = X).
 *
 * best1 tries every legal swap with the reference resolver (whole-board
 * scans), so it is also an independent check on the engine the faster
 * solvers use: it finds the true best one-swap score by brute force. */
#include "match3.h"

#include <string.h>

int match3_opt_swaps(const gl_solve_opts *o, int *x, gl_error *err)
{
    long long v = 3;
    if (o && o->opts && gl_kv_int(o->opts, "swaps", 1, MATCH3_MAX_SWAPS, &v, err) != 0) return -1;
    *x = (int)v;
    return 0;
}

int match3_solve_best1(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    const match3_rules *R = &b->R;
    long long x = 1;
    if (o->opts && gl_kv_int(o->opts, "swaps", 1, 1, &x, err) != 0)
        return gl_error_set(err, "best1 is the best single swap: --swaps must be 1 (exact takes more)");
    uint64_t t0 = gl_now_ns();
    int list[MATCH3_MAX_MOVES];
    int n = match3_legal_list(R, b->cell, list);
    long long best = 0;
    int best_mv = -1;
    for (int i = 0; i < n; i++) {
        uint8_t cells[MATCH3_MAX_CELLS];
        gl_rng rng = b->rng;
        memcpy(cells, b->cell, (size_t)(R->rows * R->cols));
        int a = match3_mv_a(list[i]), q = match3_mv_b(list[i], R->cols);
        uint8_t t = cells[a];
        cells[a] = cells[q];
        cells[q] = t;
        long long s = match3_resolve_full(R, cells, R->refill ? &rng : NULL);
        out->nodes++;
        if (best_mv < 0 || s > best) {
            best = s;
            best_mv = list[i];
        }
    }
    gl_solution_clear_moves(out);
    if (best_mv >= 0) gl_solution_push(out, match3_to_move(best_mv, R->cols));
    out->solved = 1;
    out->optimal = 1;
    out->cost = best;
    out->ms = gl_ms_since(t0);
    if (o->trace)
        gl_sb_printf(o->trace, "%d legal swaps, best one scores %lld\n", n, best);
    return 0;
}
