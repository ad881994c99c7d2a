/* The players' parts, below the interface of lines.h (lines_ai.c).
 *
 * Calls go one way: the player (lines_ai.c) asks the plan (lines_search.c)
 * or the greedy choice (lines_greedy.c); the plan starts from the greedy
 * player's one-move ranking; both list moves (lines_moves.c) and value
 * positions (lines_eval.c). */
#ifndef GRIDLAB_GAMES_LINES_AI_H
#define GRIDLAB_GAMES_LINES_AI_H

#include "lines_moves.h"

/* The one-move ranking both players start from (lines_greedy.c): the
 * position as the player sees it and every legal move with its value. */
typedef struct lines_ranking {
    lines_sim root;
    lines_cand *cand; /* n*n */
    int ncand;        /* the legal moves */
} lines_ranking;

/* Heap bytes of a ranking for boards like ev's. */
size_t lines_ranking_bytes(const lines_eval *ev);
int lines_ranking_init(lines_ranking *rk, const lines_eval *ev);
void lines_ranking_free(lines_ranking *rk);
/* Builds rk->root from b with an rng of the player's own (seeded from
 * rng): whatever the players simulate (a previewed cell the move fills
 * sends that ball to a random cell; the next preview) never peeks at the
 * game's real rng.  Then lists every legal move and values it one move
 * ahead (lines_eval_one_move); returns how many. */
int lines_rank(lines_ranking *rk, lines_eval *ev, lines_lister *ls, const lines_board *b, gl_rng *rng);
/* The greedy player's move: the first of the best by one-move value. */
int lines_greedy_choose(lines_ranking *rk, lines_eval *ev, lines_lister *ls, const lines_board *b, gl_rng *rng,
                        int *from, int *to);

/* The plan (lines_search.c): the search player's state. */
typedef struct lines_plan {
    int candidates, depth, width, discount; /* lines_ai_cfg's */
    double ms;
    lines_sim at;                         /* the position after a candidate */
    lines_sim lvl[LINES_PLAN_MAX + 1];    /* the position at each depth */
    lines_cand *best[LINES_PLAN_MAX + 1]; /* the `width` best moves at each depth */
    gl_htab table;                        /* the values found for this move, by position and depth */
    int table_off;                        /* 1: neither looked up nor kept (the tests compare) */
} lines_plan;

size_t lines_plan_bytes(const lines_eval *ev, const lines_ai_cfg *cfg);
int lines_plan_init(lines_plan *p, const lines_eval *ev, const lines_ai_cfg *cfg);
void lines_plan_free(lines_plan *p);
int lines_plan_choose(lines_plan *p, lines_ranking *rk, lines_eval *ev, lines_lister *ls, const lines_board *b,
                      gl_rng *rng, int *from, int *to);

struct lines_ai {
    lines_ai_cfg cfg;
    gl_rng rng; /* the player's own: its simulated spawns */
    lines_eval ev;
    lines_lister ls;
    lines_ranking rk;
    lines_plan plan; /* the search player's */
    size_t bytes;    /* allocated for it all but the plan table */
};

/* The ratio of a one-colour window's values with k+1 and k balls:
 * LINES_W_GROWTH_98 for the search player under lines98, LINES_W_GROWTH
 * otherwise. */
int lines_ai_growth(const lines_ai_cfg *c, const lines_board *b);

#endif
