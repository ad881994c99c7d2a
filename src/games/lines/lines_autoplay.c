/* One whole game played by a player, optionally recorded as a replay.
 * Shared by `gridlab autoplay lines` and `gridlab bench lines`.
 *
 * The game's rng is seeded from the game's seed; the player's rng from the
 * same seed mixed with a constant, so the player's sampled spawns are
 * independent of the real ones.  The limits are polled between turns and
 * inside the player's moves, so Ctrl-C stops a long game within a move. */
#include "lines_ai.h"

#include <stdlib.h>
#include <string.h>

int lines_autoplay_game(const lines_ai_cfg *cfg, gl_kvlist *params, uint64_t seed, long long max_turns,
                        const gl_limits *lim, gl_strbuf *record, lines_game_result *res, gl_error *err)
{
    memset(res, 0, sizeof *res);
    gl_rng rng;
    gl_rng_seed(&rng, seed);
    lines_board *b = (lines_board *)gl_game_lines.create(params, &rng, err);
    if (!b) return -1;
    gl_meter m;
    gl_meter_start(&m, lim);
    lines_turn *t = malloc(sizeof *t);
    lines_ai *ai = lines_ai_new(cfg, b, seed ^ 0x5eed5eed5eed5eedULL, &m);
    if (!t || !ai) {
        free(t);
        lines_ai_free(ai);
        free(b);
        gl_meter_end(&m);
        return m.stopped ? gl_error_set(err, "the player's tables do not fit (%s)", m.stopped)
                         : gl_error_set(err, "out of memory");
    }
    int path[LINES_MAX_CELLS], queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    long long balls = 0;
    if (record) lines_replay_start(b, record);
    while (!lines_over(b) && (max_turns <= 0 || b->turns < max_turns) && !gl_meter_check(&m)) {
        int from, to;
        double t0 = lines_cpu_ms(); /* the thread's CPU time: the same on a busy machine */
        int found = lines_ai_choose(ai, b, &from, &to);
        res->ms += lines_cpu_ms() - t0;
        if (found <= 0 || m.stopped) break; /* a move chosen by a stopped search is not played */
        int npath = lines_path(b, from, to, path, &ws);
        lines_move(b, from, to, t);
        balls += b->nballs;
        res->crowded += 2 * b->nballs >= b->n;
        if (record) lines_replay_turn(b, t, path, npath, record);
    }
    res->stopped = m.stopped;
    if (record && !m.stopped) lines_replay_end(b, record);
    res->score = b->score;
    res->turns = b->turns;
    res->game_over = lines_over(b);
    res->mean_balls = b->turns ? (double)balls / b->turns : 0;
    res->nodes = lines_ai_nodes(ai);
    lines_ai_free(ai);
    free(t);
    gl_meter_end(&m);
    gl_game_lines.destroy((gl_board *)b);
    return 0;
}
