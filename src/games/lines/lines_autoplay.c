/* One whole game played by a player, optionally recorded as a replay.
 * Shared by `gridlab autoplay lines` and `gridlab bench lines`.
 *
 * The game's rng is seeded from the game's seed; the player's rng from the
 * same seed mixed with a constant, so the player's sampled spawns are
 * independent of the real ones. */
#include "lines.h"

#include <stdlib.h>

int lines_autoplay_game(const lines_ai_cfg *cfg, gl_kvlist *params, uint64_t seed, long long max_turns,
                        gl_strbuf *record, lines_game_result *res, gl_error *err)
{
    gl_rng rng;
    gl_rng_seed(&rng, seed);
    lines_board *b = (lines_board *)gl_game_lines.create(params, &rng, err);
    if (!b) return -1;
    lines_turn *t = malloc(sizeof *t);
    lines_ai *ai = lines_ai_new(cfg, b, seed ^ 0x5eed5eed5eed5eedULL);
    if (!t || !ai) {
        free(t);
        lines_ai_free(ai);
        free(b);
        return gl_error_set(err, "out of memory");
    }
    int path[LINES_MAX_CELLS], queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    res->ms = 0;
    long long balls = 0;
    res->crowded = 0;
    if (record) lines_replay_start(b, record);
    while (!lines_full(b) && (max_turns <= 0 || b->turns < max_turns)) {
        int from, to;
        uint64_t t0 = gl_now_ns();
        int found = lines_ai_choose(ai, b, &from, &to);
        res->ms += gl_ms_since(t0);
        if (!found) break;
        int npath = lines_path(b, from, to, path, &ws);
        lines_move(b, from, to, t);
        balls += b->nballs;
        res->crowded += 2 * b->nballs >= b->n;
        if (record) lines_replay_turn(b, t, path, npath, record);
    }
    if (record) lines_replay_end(b, record);
    res->score = b->score;
    res->turns = b->turns;
    res->game_over = lines_full(b);
    res->mean_balls = b->turns ? (double)balls / b->turns : 0;
    res->nodes = lines_ai_nodes(ai);
    lines_ai_free(ai);
    free(t);
    gl_game_lines.destroy((gl_board *)b);
    return 0;
}
