/* The seed's task 1, the best score of a single swap, and the option
 * every solver shares (swaps = X).
 *
 * best1 tries every legal swap, by default with the reference resolver
 * (the rules as written), so it is also an independent check on the
 * engines the faster solvers use: it finds the true best one-swap score by
 * brute force. */
#include "match3.h"

#include <string.h>

int match3_opt_swaps(const gl_solve_opts *o, const match3_board *b, int most, int *x, gl_error *err)
{
    int left = match3_swaps_left(b);
    long long v = left < 0 ? 3 : (left < most ? left : most);
    const char *given = o && o->opts ? gl_kv_get(o->opts, "swaps") : NULL;
    if (given && gl_kv_int(o->opts, "swaps", 1, MATCH3_MAX_SWAPS, &v, err) != 0) return -1;
    if (given && left >= 0 && v > left)
        return gl_error_set(err, "--swaps %lld: the game has %d swap%s left (swaps=%d, %d played)", v, left,
                            left == 1 ? "" : "s", b->limit, b->swaps);
    *x = (int)v;
    return 0;
}

int match3_solve_best1(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    const match3_rules *R = &b->R;
    long long x = 1;
    int kind, over = match3_swaps_left(b) == 0;
    if (o->opts && gl_kv_int(o->opts, "swaps", 1, 1, &x, err) != 0)
        return gl_error_set(err, "best1 is the best single swap: --swaps must be 1 (exact takes more)");
    if (over && o->opts && gl_kv_get(o->opts, "swaps"))
        return gl_error_set(err, "--swaps 1: the game has no swap left (swaps=%d)", b->limit);
    if (match3_opt_engine(o, R, 0, &kind, err) != 0) return -1;
    if (kind == MATCH3_ENGINE_AUTO) kind = match3_auto_engine("best1", R);
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    match3_player P;
    memset(&P, 0, sizeof P);
    long long best = 0;
    int best_mv = -1, n = 0;
    uint32_t units = match3_play_units(R);
    if (gl_meter_charge(&m, match3_player_bytes(R)) == 0) {
        if (match3_player_init(&P, R, kind) != 0) {
            gl_meter_end(&m);
            return gl_error_set(err, "out of memory");
        }
        int list[MATCH3_MAX_MOVES];
        uint8_t cells[MATCH3_MAX_CELLS];
        n = over ? 0 : match3_player_moves(&P, (uint8_t *)memcpy(cells, b->cell, (size_t)(R->rows * R->cols)), list);
        for (int i = 0; i < n && !gl_meter_tick(&m, units); i++) {
            gl_rng rng = b->rng;
            memcpy(cells, b->cell, (size_t)(R->rows * R->cols));
            long long s = match3_player_play(&P, cells, &rng, list[i], NULL, NULL);
            if (best_mv < 0 || s > best) {
                best = s;
                best_mv = list[i];
            }
        }
    }
    gl_solution_clear_moves(out);
    if (best_mv >= 0) gl_solution_push(out, match3_to_move(best_mv, R->cols));
    out->solved = !m.stopped || best_mv >= 0;
    out->optimal = !m.stopped;
    out->stopped = m.stopped;
    out->cost = best;
    out->nodes = P.E.nodes;
    match3_solution_engine(out, R, kind);
    out->peak_bytes = m.peak;
    out->ms = gl_meter_end(&m);
    match3_player_free(&P);
    if (o->trace) gl_sb_printf(o->trace, "%d legal swaps, best one scores %lld\n", n, best);
    return 0;
}
