/* The legal moves of a simulated position with their change of the window
 * sum (lines_moves.c).
 *
 * A move's change splits into "take the ball off `from`" (per ball) and
 * "put a ball of its colour on `to`" (per empty cell and colour), tabulated
 * once per position, so a move costs one addition; only the windows through
 * both cells, which exist when the two are on one line less than `line`
 * apart, need a correction.  The best few moves are found without valuing
 * most pairs (lines_list_best). */
#ifndef GRIDLAB_GAMES_LINES_MOVES_H
#define GRIDLAB_GAMES_LINES_MOVES_H

#include "lines_eval.h"

typedef struct lines_lister {
    long long *rem, *rem_up; /* per ball: the take-away half, and its positive terms only (a bound) */
    long long *add, *add_up; /* per empty cell and colour: the put half, and its positive terms */
    int *addc;               /* per empty cell and colour: the windows a ball there completes */
    int *al_start, *al;      /* the cells on cell i's lines less than `line` away: al[al_start[i] .. al_start[i+1]) */
    int nreg;                /* the empty regions of the board listed last */
    int label[LINES_MAX_CELLS], queue[LINES_MAX_CELLS];
} lines_lister;

/* Heap bytes lines_lister_init allocates. */
size_t lines_lister_bytes(const lines_eval *ev);
/* 0, or -1 when out of memory (nothing left allocated). */
int lines_lister_init(lines_lister *ls, const lines_eval *ev);
void lines_lister_free(lines_lister *ls);
/* Every legal move of s with its delta and completions, in the order
 * from, then to; returns how many (out must hold n*n). */
int lines_list_moves(lines_lister *ls, const lines_eval *ev, const lines_sim *s, lines_cand *out);
/* The first `top` legal moves by rank (scoring moves first, more
 * completions first, then the delta; a tie keeps the move listed first by
 * lines_list_moves), sorted; returns how many (at most top). */
int lines_list_best(lines_lister *ls, const lines_eval *ev, const lines_sim *s, lines_cand *out, int top);

#endif
