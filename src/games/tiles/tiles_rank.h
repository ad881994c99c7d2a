/* Dense indexing of tiles states, and the A* built on it (tiles_rank.c). */
#ifndef GRIDLAB_GAMES_TILES_RANK_H
#define GRIDLAB_GAMES_TILES_RANK_H

#include "tiles.h"

typedef struct tiles_ranker tiles_ranker;

/* A ranker for rows of len cells with nb black tiles; NULL when the state
 * count exceeds max_states (or on bad arguments), or when m (may be NULL)
 * refuses the charge for its tables. */
tiles_ranker *tiles_ranker_new(int len, int nb, uint64_t max_states, gl_meter *m);
/* The number of states such a ranker indexes; UINT64_MAX when too many
 * for it (more than 2^32 per position of the empty cell). */
uint64_t tiles_ranker_count(int len, int nb);
void tiles_ranker_free(tiles_ranker *r);
uint64_t tiles_ranker_states(const tiles_ranker *r);
/* A bijection between states and [0, states). */
uint64_t tiles_rank(const tiles_ranker *r, uint64_t s);
uint64_t tiles_unrank(const tiles_ranker *r, uint64_t idx);

/* A* on bitmaps, its arrays charged to a gl_meter on lim.  Returns 0 (out
 * filled), 1 when the state space is too large for bitmaps within the
 * memory cap (nothing done), -1 on error. */
int tiles_astar_ranked(const tiles_board *t, int strong, const gl_limits *lim, gl_solution *out,
                       gl_error *err);

#endif
