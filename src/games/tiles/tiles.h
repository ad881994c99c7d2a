/* Black-and-white sliding tiles (SPEC 2.5; its seed: docs/tiles.md).
 *
 * A row of cells holding black tiles, white tiles and one empty cell.  A
 * tile moves into the empty cell from distance d, 1 <= d <= hop+1, at cost
 * 1 for a slide and d-1 (the tiles hopped over) for a hop.  The goal is
 * every white left of every black.
 *
 * A state is one 64-bit word: bit i set when cell i holds a black tile,
 * and the empty cell's index in bits 57..62.  White is "not black and not
 * empty".  So a row of up to 57 cells (N <= 28) is one integer, successors
 * are a few shifts and masks, and a closed set costs 8 bytes a key. */
#ifndef GRIDLAB_GAMES_TILES_H
#define GRIDLAB_GAMES_TILES_H

#include <stdint.h>
#include "gridlab/internal.h"

#define TILES_MAX_CELLS 57
#define TILES_MAX_N ((TILES_MAX_CELLS - 1) / 2)
#define TILES_EMPTY_SHIFT 57
/* Successors of a state at most: a tile from any cell but the empty one. */
#define TILES_MAX_SUCC (TILES_MAX_CELLS - 1)
#define TILES_MAX_MOVES (1 << 30)    /* moves= in a board file */
#define TILES_MAX_COST (1LL << 40)   /* cost= in a board file */

typedef struct tiles_board {
    int len;          /* cells in the row */
    int hop;          /* at most this many tiles hopped over */
    uint64_t state;
    long long cost;   /* cost of the moves played so far */
    int moves;        /* moves played so far */
} tiles_board;

static inline int tiles_empty(uint64_t s) { return (int)(s >> TILES_EMPTY_SHIFT); }
static inline uint64_t tiles_blacks(uint64_t s) { return s & ((1ULL << TILES_EMPTY_SHIFT) - 1); }
static inline uint64_t tiles_pack(uint64_t blacks, int empty)
{
    return blacks | ((uint64_t)empty << TILES_EMPTY_SHIFT);
}

/* h1: (black, white) pairs with the black left of the white (the seed's h). */
int tiles_pairs(uint64_t s, int len);
/* h2: h1, plus 1 when no move can lower h1 by its full cost (see
 * docs/tiles.md for the consistency proof). */
int tiles_h_strong(uint64_t s, int len, int hop);
/* h2 when the pairs count is already known. */
int tiles_h_strong_p(uint64_t s, int hop, int pairs, int len);
/* How the pairs count changes when the tile at `from` moves into the
 * empty cell: minus the pairs it resolves, plus those it creates. */
int tiles_pairs_delta(uint64_t s, int from);
int tiles_is_goal(uint64_t s, int len);
/* Builds the lookup tables (also done on first use; call before threads). */
void tiles_init(void);
/* Successors of s: the moved tile's cell in mv.a, the empty cell in mv.b. */
int tiles_successors(uint64_t s, int len, int hop, uint64_t *succ, int *cost, gl_move *mv);
/* Row text ("BBBWWW_") of a state into buf (len+1 bytes). */
void tiles_row(uint64_t s, int len, char *buf);
/* The moves from t's state, one state a line with g and h, as the seed's
 * program prints its path (docs/tiles.md, --trace; tiles_solve.c). */
void tiles_trace(const tiles_board *t, const gl_move *moves, int nmoves, gl_strbuf *out);

/* The solvers (tiles_solve.c, tiles_seed.c). */
int tiles_solve_astar(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
int tiles_solve_ucs(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
int tiles_solve_ida(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
int tiles_solve_greedy(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
int tiles_solve_bfs(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
int tiles_solve_seed(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
/* The hint (tiles_solve.c): A*'s move within the time, else greedy's. */
int tiles_hint(const gl_board *b, const gl_solve_opts *o, gl_move *m, gl_info *info, gl_error *err);
/* A* on the generic hash-table kernel whatever the size: not a solver of
 * the game (astar picks its kernel), kept for `bench tiles` to compare. */
int tiles_solve_astar_hash(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);

extern const gl_game gl_game_tiles;

/* `gridlab bench tiles` (tiles_bench.c, compiled into the program only, named in
 * the tools table of tiles_cli.c). */
int gl_bench_tiles(int argc, char **argv);

#endif
