/* Lights Out: a board of lights; pressing a cell toggles it and its four
 * neighbours; the game is won when every light is out.
 *
 * This game is the template that scripts/new-game copies (docs/
 * architecture.md, "Adding a game"): a complete small game in the shape of
 * the others, the rules here and in tmpl.c, the solver in tmpl_solve.c,
 * the game table in tmpl_game.c.  A board is one block of memory (no
 * pointers), so the table's shared part (game_impl.h) allocates, copies,
 * frees and measures it. */
#ifndef GRIDLAB_TMPL_H
#define GRIDLAB_TMPL_H

#include <stdint.h>
#include "gridlab/internal.h"

#define TMPL_MAX_SIDE 12
#define TMPL_MAX_CELLS (TMPL_MAX_SIDE * TMPL_MAX_SIDE)
#define TMPL_MAX_PLAYED 1000000 /* presses a board file counts */

typedef struct tmpl_board {
    int w, h;
    int played;                  /* presses made so far */
    uint8_t lit[TMPL_MAX_CELLS]; /* row-major, 1: the light is on */
} tmpl_board;

/* Presses cell i (row-major): toggles it and its neighbours; writes the
 * toggled cells (row, col pairs, at most 5) to rc and returns how many. */
int tmpl_press(tmpl_board *b, int i, int *rc);
/* The lights that are on. */
int tmpl_lit_count(const tmpl_board *b);

/* The solver: the fewest presses that put every light out, by Gaussian
 * elimination over GF(2) and the null space searched whole. */
int tmpl_solve_gf2(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);

#endif
