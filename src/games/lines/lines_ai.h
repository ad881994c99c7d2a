/* The players' parts, below the interface of lines.h (lines_ai.c).
 *
 * Calls go one way: the player (lines_ai.c) asks the plan (lines_search.c)
 * or the greedy choice (lines_greedy.c); the plan starts from the greedy
 * player's one-move ranking; both list moves (lines_moves.c) and value
 * positions (lines_eval.c). */
#ifndef GRIDLAB_GAMES_LINES_AI_H
#define GRIDLAB_GAMES_LINES_AI_H

#include "lines_moves.h"

#include "gridlab/timing.h"

#include <time.h>

/* What one move may spend: the search's meter (time limit, memory, Ctrl-C;
 * gridlab/meter.h) and the player's own ceiling on the CPU time of a move
 * (`ms`).  Both are polled inside every loop of a move, with units of work
 * in proportion to its cost, so a move stops within a bounded amount of
 * work of either; the CPU clock is read once every GL_METER_INTERVAL
 * units, as the meter reads the wall clock. */
typedef struct lines_spend {
    gl_meter *m;
    double ceiling_ms; /* the CPU a move may take; 0: no ceiling */
    double t0;         /* this thread's CPU time when the move began, ms */
    uint32_t unit;     /* the units of one simulated turn (a board's cells / 16) */
    uint32_t work;     /* units since the CPU clock was read */
    int over;          /* the ceiling is passed */
} lines_spend;

/* This thread's CPU time in ms: a ceiling that does not depend on how
 * busy the machine is. */
static inline double lines_cpu_ms(void) { return gl_thread_cpu_ms(); }

/* Reads the CPU clock: whether the ceiling is passed (and remembers it). */
static inline int lines_spend_over(lines_spend *sp)
{
    sp->work = 0;
    if (sp->ceiling_ms > 0 && lines_cpu_ms() - sp->t0 > sp->ceiling_ms) sp->over = 1;
    return sp->over;
}

/* `units` of work done: 1 when the move must stop (the meter stopped, or
 * the ceiling is passed). */
static inline int lines_spend_tick(lines_spend *sp, uint32_t units)
{
    if (sp->over || gl_meter_tick(sp->m, units)) return 1;
    sp->work += units;
    return sp->work >= GL_METER_INTERVAL && lines_spend_over(sp);
}

/* Whether the move must stop, both clocks read now. */
static inline int lines_spend_check(lines_spend *sp) { return gl_meter_check(sp->m) || lines_spend_over(sp); }

/* Whether the move was stopped (the last tick or check said so). */
static inline int lines_spend_stopped(const lines_spend *sp) { return sp->over || sp->m->stopped != NULL; }

/* The one-move ranking both players start from (lines_greedy.c): the
 * position as the player sees it and every legal move with its value. */
typedef struct lines_ranking {
    lines_sim root;
    lines_cand *cand; /* n*n */
    int ncand;        /* the legal moves */
    int nvalued;      /* the first of them valued (all, unless the move was stopped) */
} lines_ranking;

/* Heap bytes of a ranking for boards like ev's. */
size_t lines_ranking_bytes(const lines_eval *ev);
int lines_ranking_init(lines_ranking *rk, const lines_eval *ev);
void lines_ranking_free(lines_ranking *rk);
/* Builds rk->root from b with an rng of the player's own (seeded from
 * rng): whatever the players simulate (a previewed cell the move fills
 * sends that ball to a random cell; the next preview) never peeks at the
 * game's real rng.  Then lists every legal move and values it one move
 * ahead (lines_eval_one_move) until sp stops it; returns how many it
 * valued (rk->nvalued, of rk->ncand). */
int lines_rank(lines_ranking *rk, lines_eval *ev, lines_lister *ls, const lines_board *b, gl_rng *rng,
               lines_spend *sp);
/* The first of the best valued moves of the ranking (nvalued > 0). */
int lines_ranking_best(const lines_ranking *rk);
/* The greedy player's move: the first of the best by one-move value.  1,
 * 0 when there is no move, -1 when stopped before any move was valued. */
int lines_greedy_choose(lines_ranking *rk, lines_eval *ev, lines_lister *ls, const lines_board *b, gl_rng *rng,
                        lines_spend *sp, int *from, int *to);

/* The plan (lines_search.c): the search player's state. */
typedef struct lines_plan {
    int candidates, depth, width, discount; /* lines_ai_cfg's */
    lines_sim at;                         /* the position after a candidate */
    lines_sim lvl[LINES_PLAN_MAX + 1];    /* the position at each depth */
    lines_cand *best[LINES_PLAN_MAX + 1]; /* the `width` best moves at each depth */
    gl_htab table;                        /* the values found for this move, by position and depth */
    int table_off;                        /* 1: neither looked up nor kept (the tests compare) */
} lines_plan;

/* Heap bytes of lines_plan_init, the plan table aside: the table is made
 * small and its bytes (gl_htab_bytes) are charged as it grows. */
size_t lines_plan_bytes(const lines_eval *ev, const lines_ai_cfg *cfg);
int lines_plan_init(lines_plan *p, const lines_eval *ev, const lines_ai_cfg *cfg);
void lines_plan_free(lines_plan *p);
/* The search player's move: 1, 0 when there is no move, -1 when stopped
 * before any move was valued.  Stopped during the ranking, the best move
 * valued so far; during a candidate's plan, the best of the candidates
 * valued before it (the first candidate when it was the first). */
int lines_plan_choose(lines_plan *p, lines_ranking *rk, lines_eval *ev, lines_lister *ls, const lines_board *b,
                      gl_rng *rng, lines_spend *sp, int *from, int *to);

struct lines_ai {
    lines_ai_cfg cfg;
    gl_rng rng;    /* the player's own: its simulated spawns */
    gl_meter *m;   /* the caller's, or own */
    gl_meter own;  /* no limits, for a caller without a meter */
    size_t charged; /* to m, the plan table aside */
    int table_charged;
    lines_eval ev;
    lines_lister ls;
    lines_ranking rk;
    lines_plan plan; /* the search player's */
    struct lines_learner *learner; /* the learned player's */
};

/* The ratio of a one-colour window's values with k+1 and k balls:
 * LINES_W_GROWTH_98 for the search player under lines98, LINES_W_GROWTH
 * otherwise. */
int lines_ai_growth(const lines_ai_cfg *c, const lines_board *b);

#endif
