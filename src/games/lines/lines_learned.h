/* The learned player: a move chosen by the n-tuple network's value of the
 * afterstates it leads to (lines_learned.c), and the trainer that learns
 * the weights by self-play (lines_train.c).
 *
 * A decision at a position values every legal move.  Most moves are
 * valued from tables made once per position: the board with the previewed
 * balls spawned (what every move that scores nothing leads to, the moved
 * ball aside), and for each ball the change of value when it is taken off
 * and for each empty cell and colour the change when a ball of that colour
 * is put there; a move is the sum of its two halves and a correction for
 * the few tuples through both cells.  The best `top` of them, and every
 * move that scores, are then played out exactly (the spawn, the lines it
 * makes, a previewed cell the move fills sending that ball to a random
 * cell of the player's own rng) and valued by the points they bring and
 * the network's value of the afterstate, global features included.  A
 * scoring move spawns nothing, so the position after it is decided again,
 * one level deeper, with the same preview. */
#ifndef GRIDLAB_GAMES_LINES_LEARNED_H
#define GRIDLAB_GAMES_LINES_LEARNED_H

#include "lines_ai.h"
#include "lines_net.h"

#define LNET_MAX_DEPTH 3 /* levels of scoring moves decided in a row */

typedef struct lnet_move {
    int from, to;
    float value;
} lnet_move;

/* The tables of one level of a decision. */
typedef struct lnet_level {
    uint8_t spawned[LINES_MAX_CELLS]; /* the board with the preview spawned */
    uint32_t *raw;                    /* ninst: each tuple's raw index on it */
    float *val;                       /* ninst: its weight */
    uint32_t *base;                   /* ninst: its table at the stage */
    uint32_t *stamp;                  /* ninst: valued again for this play-out (== epoch) */
    uint32_t *pat;                    /* ninst: its pattern */
    uint8_t *lab;                     /* ninst * 8: a colour tuple's label of each colour (0: absent) */
    uint16_t *open;                   /* ninst: the tuple's cells empty on it, a bit per place */
    uint32_t epoch;
    int stage;                        /* the stage of the board with the preview spawned */
    float vsum;                       /* the tuples' value there */
    float remv[LINES_MAX_CELLS];      /* per ball: the change when it is taken off */
    float addv[LINES_MAX_CELLS * 8];  /* per empty cell and colour: the change when put there */
    float corr[LINES_MAX_CELLS];      /* per target of one ball: the tuples through both cells */
    uint8_t touched[LINES_MAX_CELLS]; /* corr[t] set for this ball */
    int label[LINES_MAX_CELLS];
    lnet_move *top;                   /* the best moves by the tables (top of them) */
    lnet_move *scoring;               /* the moves that score (at most LNET_MAX_SCORING) */
    lines_board sim;                  /* a move played out */
} lnet_level;
#define LNET_MAX_SCORING 24

typedef struct lines_learner {
    const lines_net *net;
    int top;      /* moves played out exactly at a decision */
    int nested_top; /* the same after a scoring move (where the value only adds to that move's) */
    int depth;    /* levels of scoring moves decided in a row */
    int nested_scoring; /* 0: every scoring move decided again after it; N: when a decision has more,
                         * each is first valued as if the spawn came at once and only the best N by
                         * that value are (the trainer's: lines_train.h) */
    int branch;   /* expectimax: the best moves valued again by sampled spawns (0: none) */
    int samples;  /* expectimax: the next previews sampled for each of them */
    lnet_move root[LNET_MAX_SCORING + 64]; /* the moves played out at the top level, with their values */
    uint8_t root_scoring[LNET_MAX_SCORING + 64];
    int nroot;
    lines_board after;                     /* a sampled position after a root move */
    gl_rng rng;   /* the player's own: where a displaced ball lands */
    lines_turn turn;
    lnet_level lvl[LNET_MAX_DEPTH];
    unsigned long long nodes; /* afterstates valued exactly */
    unsigned long long decisions; /* decisions made (the root's, the samples', those after scoring moves) */
    unsigned long long budget;    /* the decisions one move may make (0: no budget): the expectimax
                                   * stops there as it does at the CPU ceiling, so a move does not
                                   * depend on the machine's speed */
    lnet_move *all;           /* NULL, or where the top level lists every move it valued by the tables (tests) */
    int nall;
} lines_learner;

/* Heap bytes of a learner for net. */
size_t lines_learner_bytes(const lines_net *net, int top);
int lines_learner_init(lines_learner *L, const lines_net *net, int top, uint64_t seed);
/* Expectimax on top: the best `branch` moves of a decision, those that
 * score nothing valued again by the mean, over next previews drawn from
 * the player's rng (the same draws for every move), of the points and
 * value of the best decision after the preview; in rounds of successive
 * halving, `samples` a move in the first. */
void lines_learner_set_search(lines_learner *L, int branch, int samples);
void lines_learner_free(lines_learner *L);
/* The best move at b (1, with from and to, and *value: the points it is
 * expected to bring from now on), 0 when there is none, -1 when sp stopped
 * the decision before it had a move (sp may be NULL). */
int lines_learner_choose(lines_learner *L, const lines_board *b, lines_spend *sp, int *from, int *to, float *value);

#endif
