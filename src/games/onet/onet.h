/* Lianliankan / Onet / Shisen-Sho (SPEC 2.4; its seed: docs/onet.md): the game's
 * internal interface, shared by its files.
 *
 * The board is kept padded: the W x H play area sits inside a one-cell ring
 * (where links may run when border=1) and an impassable guard ring, so the
 * link kernels (gridlab/link_bfs.h) never bounds-check.  A cell is one byte:
 * empty and bomb are passable (<= ONET_BOMB), everything above is a wall or
 * a tile; tile kinds are ONET_KIND0 + k with k the index of the symbol in
 * ONET_SYMBOLS (the obstacle '@' is the last kind).
 *
 * Files: onet_rules.c (rules), onet_text.c (parse, format, render),
 * onet_maps.c (maps, levels, the parameters, the generator), onet_solve.c
 * (the solvers), onet.c (the game table, on all of them). */
#ifndef GRIDLAB_GAMES_ONET_H
#define GRIDLAB_GAMES_ONET_H

#include <stdint.h>
#include "gridlab/internal.h"
#include "gridlab/link_bfs.h"

#define ONET_EMPTY 0
#define ONET_BOMB 1
#define ONET_WALL 2
#define ONET_KIND0 3
#define ONET_SYMBOLS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@"
#define ONET_NKINDS 63
#define ONET_OBSTACLE (ONET_NKINDS - 1) /* kind index of '@' */
#define ONET_MAX_SIDE 40
#define ONET_MAX_TURNS 2
#define ONET_MAX_CORNERS (ONET_MAX_TURNS + 2)
#define ONET_RESHUFFLE_TRIES 1000

enum { ONET_GOAL_ALL = 0, ONET_GOAL_OBSTACLES = 1 };

typedef struct onet_board {
    int w, h;       /* the play area */
    int pw, ph;     /* the padded array: w+4 x h+4 */
    int border;     /* 1: links may use the ring around the board */
    int goal;       /* ONET_GOAL_* */
    int level;      /* 1-based built-in level, 0 for none */
    int time_s;     /* seconds for this board, 0 for none */
    int bombs;      /* bombs placed anew after every removal (as many as fit) */
    gl_rng rng;     /* bombs and reshuffles */
    uint8_t *g;     /* pw * ph cells */
} onet_board;

/* Play-area cell (r, c) -> padded index; the ring is r or c = -1 or h/w. */
static inline int onet_at(const onet_board *b, int r, int c) { return (r + 2) * b->pw + c + 2; }
static inline int onet_row(const onet_board *b, int i) { return i / b->pw - 2; }
static inline int onet_col(const onet_board *b, int i) { return i % b->pw - 2; }
static inline int onet_is_tile(uint8_t v) { return v >= ONET_KIND0; }
static inline gl_link_grid onet_grid(const onet_board *b)
{
    gl_link_grid g = {b->g, b->pw, b->ph, ONET_BOMB};
    return g;
}

/* Life cycle. */
onet_board *onet_alloc(int w, int h, int border);
onet_board *onet_copy(const onet_board *b);
void onet_free(onet_board *b);
/* Copies src's cells and rng into dst of the same size (no allocation). */
void onet_assign(onet_board *dst, const onet_board *src);

/* Rules (onet_rules.c). */
int onet_symbol_kind(char c); /* -1 when not a tile symbol */
/* Shortest link between two tiles of the same kind (padded indices):
 * corners into out (ONET_MAX_CORNERS), returns their count or 0. */
int onet_link(const onet_board *b, int i, int j, int *out);
/* Whether i and j (same kind) link, without the path: the extent test. */
int onet_linkable(const onet_board *b, int i, int j);
/* Every linkable pair (padded indices, i < j, in reading order) into
 * pairs[2k], pairs[2k+1] up to max pairs; returns the count (max == 1
 * stops at the first: an existence query).  By clear extents, see onet_rules.c;
 * sc is only used by the sweep below, and kept so the two interchange. */
int onet_pairs(const onet_board *b, gl_link_scratch *sc, int *pairs, int max);
int onet_any_pair(const onet_board *b, gl_link_scratch *sc);
/* The same pairs by the link kernel's straight-line sweep (kept as the
 * reference the fast one is tested and benchmarked against). */
int onet_pairs_sweep(const onet_board *b, gl_link_scratch *sc, int *pairs, int max);
int onet_goal_reached(const onet_board *b);
int onet_count_tiles(const onet_board *b);
/* Removes a linked pair along the given corners: the pair, every tile of
 * its kind when the path crosses a bomb, then the bombs are re-placed.
 * Returns how many tiles went.  No deadlock handling. */
int onet_remove(onet_board *b, int i, int j, const int *corners, int ncorners);
/* After a removal: while the goal is not reached and no pair links,
 * reshuffle the tiles among their cells (at most ONET_RESHUFFLE_TRIES);
 * returns the reshuffles made, -1 when none helped. */
int onet_settle(onet_board *b, gl_link_scratch *sc);
void onet_place_bombs(onet_board *b, int n);
/* The move (play-area indices r*w+c in a and b) -> padded indices. */
int onet_move_cells(const onet_board *b, const gl_move *m, int *i, int *j);
/* Appends [[r,c],...] for corners (ring cells as -1 / h / w), for traces. */
void onet_path_json(const onet_board *b, const int *corners, int n, gl_strbuf *out);
/* Corners (padded indices) -> (row, col) pairs, ring cells as -1 / h / w. */
void onet_corners_rc(const onet_board *b, const int *corners, int n, int *rc);

/* Text (onet_text.c). */
gl_board *onet_parse(gl_text *t, gl_error *err);
void onet_format(const gl_board *gb, gl_strbuf *out);
void onet_render(const gl_board *gb, gl_strbuf *out, int flags);

/* Maps, levels and the generator (onet_maps.c). */
typedef struct onet_map {
    int w, h;
    uint8_t *on; /* w*h: 1 where a tile goes */
} onet_map;

typedef struct onet_level {
    char map[256];
    int kinds, obstacles, bombs, goal, time_s, border;
} onet_level;

int onet_map_parse(const char *data, size_t len, const char *file, onet_map *m, gl_error *err);
/* A built-in map by name, or a map file. */
int onet_map_load(const char *name, onet_map *m, gl_error *err);
void onet_map_free(onet_map *m);
/* The built-in maps' names, '|'-separated (the map parameter's choices). */
#define ONET_MAP_NAMES "small|classic|shisen|big|gaps|frame|diamond"
const char *onet_map_names(void);
int onet_levels_parse(const char *data, size_t len, const char *file, onet_level **lv, int *n,
                      gl_error *err);
int onet_builtin_levels(const onet_level **lv);
gl_board *onet_create(gl_kvlist *params, gl_rng *rng, gl_error *err);
/* The parameter table (onet_maps.c), which onet_create reads and the game
 * table names; its count is a constant for the table's initializer (a
 * definition with another count does not compile). */
#define ONET_NPARAMS 11
extern const gl_param onet_params[ONET_NPARAMS];
extern const int onet_nparams;
int onet_next_level(const gl_board *gb, gl_kvlist *params);
/* Lays out a board from a map; solvable: backwards construction. */
onet_board *onet_generate(const onet_map *m, int kinds, int obstacles, int bombs, int border,
                          int backwards, gl_rng *rng, gl_error *err);

/* Solvers (onet_solve.c). */
int onet_solve_exact(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
int onet_solve_greedy(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
/* The exact search with a time limit, for the generator: 1 solvable, 0
 * proved unsolvable, -1 undecided. */
int onet_solvable(const onet_board *b, double limit_ms);

extern const gl_game gl_game_onet;

/* `gridlab bench onet` (onet_bench.c, compiled into the program only, named in
 * the tools table of onet_cli.c). */
int gl_bench_onet(int argc, char **argv);

#endif
