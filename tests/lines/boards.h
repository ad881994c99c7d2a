/* Random Color Lines boards for the players' unit tests: a new game of
 * the given rules, its cells (the previewed ones left empty) refilled at
 * random to a density, the ball count made right. */
#ifndef GRIDLAB_TESTS_LINES_BOARDS_H
#define GRIDLAB_TESTS_LINES_BOARDS_H

#include "games/lines/lines.h"

static lines_board *random_board(gl_rng *rng, const char *rules, double density)
{
    gl_kvlist params;
    gl_kv_init(&params);
    gl_kv_add(&params, "rules", rules, 0);
    gl_error err = {0};
    lines_board *b = (lines_board *)gl_game_lines.create(&params, rng, &err);
    gl_kv_free(&params);
    assert_non_null(b);
    for (int i = 0; i < b->n; i++) {
        int taken = 0;
        for (int k = 0; k < b->spawn; k++) taken |= b->next_at[k] == i;
        if (taken) continue;
        b->cell[i] = gl_rng_unit(rng) < density ? (uint8_t)(1 + gl_rng_below(rng, (uint64_t)b->colors)) : 0;
    }
    b->nballs = 0;
    for (int i = 0; i < b->n; i++) b->nballs += b->cell[i] != 0;
    return b;
}

#endif
