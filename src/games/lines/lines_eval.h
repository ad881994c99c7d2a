/* The players' value of a position: the window evaluation.
 *
 * A window is `line` consecutive cells in one of the four directions.  A
 * window holding balls of one colour only is a line in progress; its value
 * grows geometrically with the balls in it, so the evaluation rewards
 * building lines and punishes mixing colours.  Each window keeps its ball
 * count, its number of distinct colours and a count per colour, so moving,
 * removing or spawning a ball updates the 4*line windows through that cell
 * in O(1) each, and a move's change of value is computed without touching
 * the board (lines_eval_delta; lines_moves.c lists every move with it).
 *
 * A lines_sim is a board with its window table: the positions the players
 * simulate.  They carry an rng of the player's own, never the game's, so
 * no simulated spawn peeks at the real future. */
#ifndef GRIDLAB_GAMES_LINES_EVAL_H
#define GRIDLAB_GAMES_LINES_EVAL_H

#include "lines.h"

typedef struct lines_wst {
    uint8_t nb, nd;                   /* balls, distinct colours */
    uint8_t cnt[LINES_MAX_COLORS + 1]; /* balls per colour */
} lines_wst;

/* A board with its window table. */
typedef struct lines_sim {
    lines_board b;
    long long wsum; /* sum of the window values */
    int unplaced;   /* balls taken off again by lines_sim_play_known */
    lines_wst *win; /* nwin entries (lines_sim_alloc) */
} lines_sim;

/* A move with its value. */
typedef struct lines_cand {
    int from, to;
    long long value;
    int completes; /* windows it completes: the move removes balls */
} lines_cand;

/* Weights of the evaluation (docs/lines.md, "Players"). */
#define LINES_W_GROWTH 10   /* ratio of a one-colour window's value with k+1 balls to k */
#define LINES_W_GROWTH_98 6 /* the same for the search player under lines98 */
#define LINES_W_FINISH 2    /* a completed line is worth FINISH windows of `line` balls */
#define LINES_W_EMPTY 1000  /* per empty cell: a line of four's worth at growth 10 */
#define LINES_W_REGION 40   /* per empty region beyond the first */
#define LINES_W_LOST 1000000000000000LL /* a full board: worse than anything */

typedef struct lines_eval {
    int w, h, n, line;
    int nwin;
    int *win_cells; /* nwin * line: the cells of each window */
    int *cw_start;  /* n + 1: the windows through cell i are cw[cw_start[i] .. cw_start[i+1]) */
    int *cw;
    int *win_at;    /* 4 * n: the window starting at cell i in direction d, or -1 */
    int *stamp;     /* per window, for lines_eval_delta */
    int epoch;
    long long vw[LINES_MAX_SIDE + 1]; /* value of a one-colour window by its balls */
    long long wpoint;                 /* value of one point scored */
    unsigned long long nodes;         /* turns played on simulated positions */
    lines_turn turn;                  /* what the last simulated turn did */
    lines_sim scratch;                /* lines_eval_one_move's */
    int row[LINES_MAX_CELLS], col[LINES_MAX_CELLS];
    int label[LINES_MAX_CELLS], queue[LINES_MAX_CELLS]; /* the empty regions' labelling */
} lines_eval;

/* Heap bytes lines_eval_init allocates for b (a meter charges them first). */
size_t lines_eval_bytes(const lines_board *b);
/* The tables for boards of b's size and rules; growth is the ratio of a
 * one-colour window's values with k+1 and k balls.  0, or -1 when out of
 * memory (nothing left allocated). */
int lines_eval_init(lines_eval *ev, const lines_board *b, int growth);
void lines_eval_free(lines_eval *ev);

static inline long long lines_wvalue(const lines_eval *ev, const lines_wst *w)
{
    return w->nd == 1 ? ev->vw[w->nb] : 0;
}

/* A position's window table: lines_sim_bytes bytes, from lines_sim_alloc. */
size_t lines_sim_bytes(const lines_eval *ev);
int lines_sim_alloc(const lines_eval *ev, lines_sim *s);
void lines_sim_free(lines_sim *s);
void lines_sim_build(const lines_eval *ev, lines_sim *s, const lines_board *b);
void lines_sim_copy(const lines_eval *ev, lines_sim *dst, const lines_sim *src);
/* Sets one cell (0 or a colour) keeping the windows and nballs right. */
void lines_sim_set(const lines_eval *ev, lines_sim *s, int cell, int colour);
/* Plays a turn on s (board and windows); ev->turn says what it did. */
void lines_sim_move(lines_eval *ev, lines_sim *s, int from, int to);
/* Plays a turn whose spawn is in view (lines98; or a scoring move): exact,
 * but for a previewed cell the move itself fills, whose ball then goes to a
 * random cell the player cannot know: that ball is taken off again and its
 * space charged (unplaced), so no move is valued by a lucky guess. */
void lines_sim_play_known(lines_eval *ev, lines_sim *s, int from, int to);
/* A turn without its spawn: the ball moves and its lines go (the spawn a
 * non-scoring move causes is the caller's to charge). */
void lines_sim_move_nospawn(lines_eval *ev, lines_sim *s, int from, int to);

/* The change of wsum if the ball at from moved to to, and how many windows
 * it would complete (then the move scores and the value is meaningless). */
long long lines_eval_delta(lines_eval *ev, const lines_sim *s, int from, int to, int *completes);
/* The value of `empties` empty cells. */
static inline long long lines_eval_space(int empties) { return (long long)LINES_W_EMPTY * empties; }
/* Static value of a position: windows, empty cells, empty regions, lost. */
long long lines_eval_static(lines_eval *ev, const lines_sim *s);
/* The same with its empty regions already counted (nreg of them). */
long long lines_eval_static_regions(const lines_sim *s, int nreg);
/* Exact one-move value: scoring moves (and every move under lines98,
 * whose spawn is in view) are played out, others valued by their delta,
 * the space their spawn leaves and the region term. */
long long lines_eval_one_move(lines_eval *ev, const lines_sim *s, const lines_cand *c);

#endif
