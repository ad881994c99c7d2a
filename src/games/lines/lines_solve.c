/* The players as solvers of the game table.
 *
 * Color Lines has no solution to find: a game goes on until the board
 * fills.  `solve` therefore plays a fixed number of turns (turns=N, default
 * 20) with the chosen player on the position itself, spawns drawn from the
 * board's own rng exactly as `play` would draw them, and reports the moves
 * and the points they scored (cost).  Replaying the moves on the same board
 * gives the same spawns, so the move list is checkable; optimal is never
 * claimed.
 *
 * One meter covers the whole run (the time limit, the memory of the
 * player's tables, Ctrl-C) and is polled inside every move.  A run that a
 * limit stops keeps the turns played before it, not the move it was
 * thinking about, and says why it stopped; stopped before its first turn,
 * it has no answer (solved false). */
#include "lines_ai.h"
#include "lines_net.h"

#include <stdlib.h>

static int lines_solve_with(int kind, const gl_board *gb, const gl_solve_opts *o, gl_solution *out,
                            gl_error *err)
{
    const lines_board *start = (const lines_board *)gb;
    lines_ai_cfg cfg;
    lines_ai_cfg_default(&cfg, kind);
    long long turns = 20;
    if (o->opts) {
        if (gl_kv_int(o->opts, "turns", 0, 1000000, &turns, err) != 0) return -1;
        if (kind != LINES_AI_GREEDY && lines_ai_cfg_read(&cfg, o->opts, err) != 0) return -1;
    }
    lines_net *net = NULL;
    if (kind == LINES_AI_LEARNED && !(net = lines_net_for(o->opts, start, err))) return -1;
    cfg.net = net;
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    out->solved = 0;
    out->optimal = 0;
    if (gl_meter_charge(&m, sizeof(lines_board) + sizeof(lines_turn) + (net ? lines_net_bytes(net) : 0)) != 0) {
        out->stopped = m.stopped;
        out->ms = gl_meter_end(&m);
        lines_net_close(net);
        return 0;
    }
    lines_board *b = malloc(sizeof *b);
    lines_turn *t = malloc(sizeof *t);
    uint64_t seed = start->rng.s[1] ^ (start->rng.s[3] * 0x9e3779b97f4a7c15ULL) ^ 0x736f6c7665ULL;
    lines_ai *ai = b && t ? lines_ai_new(&cfg, start, seed, &m) : NULL;
    if (!ai) {
        free(b);
        free(t);
        out->stopped = m.stopped;
        out->peak_bytes = m.peak;
        out->ms = gl_meter_end(&m);
        lines_net_close(net);
        return m.stopped ? 0 : gl_error_set(err, "out of memory");
    }
    *b = *start;
    for (long long i = 0; i < turns && !lines_over(b) && !gl_meter_check(&m); i++) {
        int from, to;
        if (lines_ai_choose(ai, b, &from, &to) <= 0 || m.stopped) break;
        lines_move(b, from, to, t);
        gl_move mv = {from, to, 0};
        gl_solution_push(out, mv);
    }
    out->stopped = m.stopped;
    out->solved = out->nmoves > 0 || !m.stopped;
    out->cost = b->score - start->score;
    out->nodes = lines_ai_nodes(ai);
    gl_info_text(&out->info, "player", lines_ai_kind_name(kind));
    gl_info_int(&out->info, "score", b->score);
    gl_info_int(&out->info, "turns", out->nmoves);
    gl_info_bool(&out->info, "game_over", lines_over(b));
    lines_ai_free(ai);
    lines_net_close(net);
    free(b);
    free(t);
    out->peak_bytes = m.peak;
    out->ms = gl_meter_end(&m);
    return 0;
}

int lines_solve_greedy(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    return lines_solve_with(LINES_AI_GREEDY, b, o, out, err);
}

int lines_solve_search(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    return lines_solve_with(LINES_AI_SEARCH, b, o, out, err);
}

int lines_solve_learned(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    return lines_solve_with(LINES_AI_LEARNED, b, o, out, err);
}

int lines_solve_auto(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    return lines_solve_with(lines_ai_default_kind((const lines_board *)b, o->opts), b, o, out, err);
}
