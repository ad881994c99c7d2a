/* Shared machinery of the lines players: the window evaluation.
 *
 * A window is `line` consecutive cells in one of the four directions.  A
 * window holding balls of one colour only is a line in progress; its value
 * grows geometrically with the balls in it, so the evaluation rewards
 * building lines and punishes mixing colours.  Each window keeps its ball
 * count, its number of distinct colours and a count per colour, so moving,
 * removing or spawning a ball updates the 4*line windows through that cell
 * in O(1) each, and a candidate move's change of value is computed without
 * touching the board (lines_ai_delta). */
#ifndef GRIDLAB_GAMES_LINES_AI_H
#define GRIDLAB_GAMES_LINES_AI_H

#include "lines.h"

typedef struct lines_wst {
    uint8_t nb, nd;
    uint8_t cnt[LINES_MAX_COLORS + 1];
} lines_wst;

/* A board with its window table (the players' simulated position). */
typedef struct lines_sim {
    lines_board b;
    long long wsum; /* sum of the window values */
    int unplaced;   /* balls taken off again by lines_ai_play_known */
    lines_wst *win; /* nwin entries, owned by whoever allocated the sim */
} lines_sim;

/* A move with its one-move evaluation. */
typedef struct lines_cand {
    int from, to;
    long long value;
    int completes; /* windows it completes: the move removes balls */
} lines_cand;

struct lines_ai {
    lines_ai_cfg cfg;
    gl_rng rng;
    gl_rng prng; /* the rollout policy's tie-breaks, reseeded per sample */
    int w, h, n, line;
    int nwin;
    int *win_cells; /* nwin * line */
    int *cw_start;  /* n + 1: windows through cell i are cw[cw_start[i] .. cw_start[i+1]) */
    int *cw;
    int *win_at;    /* 4 * n: the window starting at cell i in direction d, or -1 */
    int *stamp;     /* per window, for lines_ai_delta */
    int epoch;
    long long vw[LINES_MAX_SIDE + 1]; /* value of a one-colour window by its balls */
    long long wpoint;                 /* value of one point scored */
    unsigned long long nodes;
    size_t bytes; /* everything allocated for the player */
    lines_sim lvl[LINES_PLAN_MAX + 1]; /* plan: the position at each depth */
    gl_htab plans; /* plan: the values found for this move, by position and depth (emptied per move) */
    int plans_off; /* 1: plan() neither looks up nor keeps values (the tests compare) */
    lines_cand *lcand[LINES_PLAN_MAX + 1]; /* plan: the moves at each depth (n*n) */
    lines_sim root, roll, scratch; /* scratch: lines_ai_one_move's */
    lines_turn turn;
    lines_cand *cand; /* n*n: the root's moves */
    lines_cand *pol;  /* n*n: the rollout policy's moves */
    long long *rem, *add; /* lines_ai_moves' half values: per ball; per cell and colour */
    long long *rem_up, *add_up; /* the same, their positive terms only (bounds) */
    int *al_start, *al; /* the cells on cell i's lines less than `line` away: al[al_start[i] .. al_start[i+1]) */
    int *addc;
    double *sum;      /* per candidate, search */
    int *count;
    int nreg; /* regions of the last lines_ai_moves' board */
    int row[LINES_MAX_CELLS], col[LINES_MAX_CELLS];
    int label[LINES_MAX_CELLS], rsize[LINES_MAX_CELLS + 1], queue[LINES_MAX_CELLS];
};

/* Weights of the evaluation (see docs/lines.md). */
#define LINES_W_GROWTH 10   /* ratio of a one-colour window's value with k+1 balls to k (cfg.growth 0) */
#define LINES_W_GROWTH_98 6 /* the same for the plan player under lines98 */
#define LINES_W_FINISH 2    /* a completed line is worth FINISH windows of `line` balls */
#define LINES_W_EMPTY 1000  /* per empty cell: a line of four's worth at growth 10 */
#define LINES_W_REGION 40   /* per empty region beyond the first */
#define LINES_W_LOST 1000000000000000LL /* a full board: worse than anything */

void lines_sim_build(struct lines_ai *ai, lines_sim *s, const lines_board *b);
/* Sets one cell (0 or a colour) keeping the windows and nballs right. */
void lines_ai_sim_set(struct lines_ai *ai, lines_sim *s, int cell, int colour);
/* Builds ai->root from b with an rng of the player's own: whatever the
 * players simulate (a previewed cell the move fills sends that ball to a
 * random cell; the next preview) never peeks at the game's real rng. */
void lines_ai_root(struct lines_ai *ai, const lines_board *b);
void lines_sim_copy(const struct lines_ai *ai, lines_sim *dst, const lines_sim *src);
/* Plays a turn whose spawn is in view (lines98; or a scoring move): exact,
 * but for a previewed cell the move itself fills, whose ball then goes to a
 * random cell the player cannot know: that ball is taken off again and its
 * space charged (unplaced), so no move is valued by a lucky guess. */
void lines_ai_play_known(struct lines_ai *ai, lines_sim *s, int from, int to);
/* Plays a turn on s (board and windows). */
void lines_sim_move(struct lines_ai *ai, lines_sim *s, int from, int to);
/* The change of wsum if the ball at from moved to to, and how many windows
 * it would complete (then the move scores and the value is meaningless). */
long long lines_ai_delta(struct lines_ai *ai, const lines_sim *s, int from, int to, int *completes);
/* Every legal move with its delta; returns how many. */
int lines_ai_moves(struct lines_ai *ai, const lines_sim *s, lines_cand *out);
/* The first `top` legal moves by rank (scoring moves first, more
 * completions first, then the delta; a tie keeps the move listed first by
 * lines_ai_moves), sorted; returns how many (at most top). */
int lines_ai_best_moves(struct lines_ai *ai, const lines_sim *s, lines_cand *out, int top);
/* The value of `empties` empty cells: LINES_W_EMPTY each, less
 * crowd * (n/2 - empties)^2 when fewer than half the cells are empty (a
 * crowded board's space is worth more per cell). */
long long lines_ai_space(const struct lines_ai *ai, int empties);
/* The ratio of a one-colour window's values with k+1 and k balls: the
 * option, or by default LINES_W_GROWTH_98 for the search player in plan
 * mode under lines98 and LINES_W_GROWTH otherwise. */
int lines_ai_growth(const lines_ai_cfg *c, const lines_board *b);
/* Static value of a position (windows, empties, regions, lost). */
long long lines_ai_static(struct lines_ai *ai, const lines_sim *s);
/* lines_ai_static of the board lines_ai_moves has just listed (its
 * regions are known: no second labelling). */
long long lines_ai_static_listed(struct lines_ai *ai, const lines_sim *s);
/* Exact one-move value: scoring moves are played out, others valued by
 * delta plus the region term. */
long long lines_ai_one_move(struct lines_ai *ai, const lines_sim *s, const lines_cand *c);

int lines_greedy_choose(struct lines_ai *ai, const lines_board *b, int *from, int *to);
int lines_search_choose(struct lines_ai *ai, const lines_board *b, int *from, int *to);

/* Bytes the player allocated (its tables and scratch positions). */
size_t lines_ai_bytes(const struct lines_ai *ai);

#endif
