/* Flood-It boards and answers for the unit tests: a board from the
 * generator, and an answer replayed on its board. */
#ifndef GRIDLAB_TESTS_FLOOD_BOARDS_H
#define GRIDLAB_TESTS_FLOOD_BOARDS_H

#include "games/flood/flood.h"

/* Replays s on b: every move legal, the board won after the last one and
 * not before, and cost == number of moves. */
static void check_replay(const gl_board *b, const gl_solution *s)
{
    const gl_game *g = &gl_game_flood;
    gl_board *c = g->clone(b);
    gl_error err = {0};
    assert_int_equal(s->cost, s->nmoves);
    for (int i = 0; i < s->nmoves; i++) {
        assert_int_equal(g->status(c), GL_PLAYING);
        assert_int_equal(g->apply(c, &s->moves[i], NULL, &err), 0);
    }
    assert_int_equal(g->status(c), GL_WON);
    g->destroy(c);
}

/* A board of the given size and colours, from the generator. */
static gl_board *new_board(const char *size, const char *colors, uint64_t seed)
{
    gl_error err = {0};
    gl_kvlist p;
    gl_kv_init(&p);
    gl_kv_add(&p, "size", size, 0);
    gl_kv_add(&p, "colors", colors, 0);
    gl_kv_add(&p, "moves", "0", 0);
    gl_rng r;
    gl_rng_seed(&r, seed);
    gl_board *b = gl_game_flood.create(&p, &r, &err);
    assert_non_null(b);
    gl_kv_free(&p);
    return b;
}

#endif
