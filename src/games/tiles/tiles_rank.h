/* Dense indexing of tiles states, and the A* built on it (tiles_rank.c). */
#ifndef GRIDLAB_GAMES_TILES_RANK_H
#define GRIDLAB_GAMES_TILES_RANK_H

#include "tiles.h"

typedef struct tiles_ranker tiles_ranker;

/* A ranker for rows of len cells with nb black tiles; NULL when the state
 * count exceeds max_states (or on bad arguments). */
tiles_ranker *tiles_ranker_new(int len, int nb, uint64_t max_states);
void tiles_ranker_free(tiles_ranker *r);
uint64_t tiles_ranker_states(const tiles_ranker *r);
/* A bijection between states and [0, states). */
uint64_t tiles_rank(const tiles_ranker *r, uint64_t s);
uint64_t tiles_unrank(const tiles_ranker *r, uint64_t idx);

/* A* on bitmaps.  Returns 0 (out filled), 1 when the state space is too
 * large for bitmaps within the memory cap (nothing done), -1 on error. */
int tiles_astar_ranked(const tiles_board *t, int strong, const gl_limits *lim, gl_solution *out,
                       gl_error *err);

#endif
