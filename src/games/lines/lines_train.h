/* The trainer of the learned player (lines_train.c): self-play with
 * temporal-difference learning of afterstate values.
 *
 * A game is played by the learned player on the network being trained.
 * After each turn that ends with a spawn (or the end of the game), the
 * value of the previous afterstate moves towards the points scored since
 * plus the value of the new afterstate (0 once the board is full), and the
 * afterstates before it by lambda^k of the same error (TD(lambda) with its
 * trace cut where lambda^k falls below 1%, after LTRAIN_TRACE afterstates
 * at most): undiscounted, so that a value is the points the rest of the
 * game is expected to bring.  A state's
 * step is alpha of its error, spread over the weights it reads in
 * proportion to how often it reads each (a weight of a shared table is
 * often read at many places at once: normalised least mean squares).
 * Each weight's step is then scaled by its temporal coherence (Beal and
 * Smith; the |sum| over the sum of || of its past errors), so that
 * weights whose errors keep their sign move fast and those that only see
 * noise settle.
 *
 * Restarts: a finished game leaves one position from its last turns (a
 * crisis: the board that was lost soon after) in a pool, and a share of
 * the games starts from a pool position with fresh spawns, so that the
 * positions where games are lost, rare in a strong player's games, are
 * learned from as often as the calm middle.
 *
 * Game k of a run has the seed 2^63 + a hash of the run's seed and k, a
 * range no benchmark uses (benchmarks take seeds below 2^62).  With one
 * thread a run is exactly reproducible from its seed; with two, the
 * threads share the weights (updates without locks; a lost update costs
 * nothing) and the order of their updates depends on the machine.
 *
 * Threads, clocks and files are the caller's (src/cli): this file plays
 * and learns from one game at a time, and keeps the state a checkpoint
 * needs. */
#ifndef GRIDLAB_GAMES_LINES_TRAIN_H
#define GRIDLAB_GAMES_LINES_TRAIN_H

#include "lines_learned.h"

/* The most a learning-rate sum of a checkpoint may be: a step adds at
 * most a few thousand points, so 10^30 is never reached by training, and
 * far from float's limit (3.4e38), where the sums stop being numbers. */
#define LTRAIN_SUM_MAX 1e30
#define LTRAIN_POOL 512   /* crisis positions kept */
#define LTRAIN_RING 64    /* a game's last positions, to take a crisis from */
#define LTRAIN_RECENT 100 /* full games in the moving mean */
#define LTRAIN_NESTED 1   /* scoring moves of a decision decided again after them (lines_learner) */
#define LTRAIN_TRACE 32   /* afterstates an error is passed back to at most (TD(lambda), truncated) */

typedef struct lines_trainer {
    lines_net *net;
    _Atomic float *E, *A; /* per weight: the sum of its errors, of their absolute values */
    float alpha;          /* a state's step: the share of the error corrected at once */
    float lambda;         /* TD(lambda): an error moves the k-th afterstate back by lambda^k of it */
    int top;              /* moves played out at a decision */
    int restart_pct;      /* percent of the games started from a crisis position */
    uint64_t seed;
    atomic_flag lock;     /* the counters and the pool */
    /* under lock */
    uint64_t next_game;   /* the first game not started */
    uint64_t full_games, restart_games;
    uint64_t turns;
    double score_sum;     /* full games' scores */
    long long best;
    long long recent[LTRAIN_RECENT];
    int nrecent, recent_at;
    double seconds, cpu_seconds; /* spent by earlier runs of this training */
    int npool;
    lines_board *pool;
} lines_trainer;

typedef struct lines_train_worker {
    lines_trainer *tr;
    lines_learner L;
    uint32_t *idx[LTRAIN_TRACE + 1]; /* the features of the last afterstates (a ring) */
    float norm[LTRAIN_TRACE + 1];    /* each one's gradient norm: the sum of c^2 over the weights read c times */
    uint32_t *cnt;                   /* per weight, for the norm (all 0 between uses) */
    lines_board game;
    lines_turn turn;
    lines_board ring[LTRAIN_RING];
    int nring;
} lines_train_worker;

/* Bytes of a trainer and one worker for net (the network itself aside). */
size_t lines_trainer_bytes(const lines_net *net);
size_t lines_train_worker_bytes(const lines_net *net, int top);

int lines_trainer_init(lines_trainer *tr, lines_net *net, uint64_t seed, float alpha, float lambda, int top,
                       int restart_pct);
void lines_trainer_free(lines_trainer *tr);
/* The trainer's state as a checkpoint keeps it (malloc'd, *len bytes). */
unsigned char *lines_trainer_save(lines_trainer *tr, size_t *len);
/* Restores a state written by lines_trainer_save (tr made by
 * lines_trainer_init for the same network): 0, or -1 with err naming
 * name. */
int lines_trainer_restore(lines_trainer *tr, const unsigned char *data, size_t len, const char *name, gl_error *err);

/* A new training (tr made by lines_trainer_init, counters at 0) that
 * starts from the weights of src, a network of the same tables with one
 * stage or as many as tr's (each stage of tr starts from its stage of
 * src), and, when extra holds src's trainer state (a checkpoint's), from
 * its learning rates' sums.  0, or -1 with err naming name. */
int lines_trainer_start_from(lines_trainer *tr, lines_net *src, const unsigned char *extra, size_t nextra,
                             const char *name, gl_error *err);

int lines_train_worker_init(lines_train_worker *w, lines_trainer *tr);
void lines_train_worker_free(lines_train_worker *w);
/* The number of the next game to play (taken). */
uint64_t lines_trainer_take(lines_trainer *tr);
/* Plays game k and learns from it: 1 when it ended, 0 when stop was set
 * first (the game is dropped: nothing counted, nothing pooled; what was
 * learned from its turns stays). */
int lines_train_game(lines_train_worker *w, uint64_t k, atomic_int *stop);
/* A copy of the counters, taken under the lock. */
void lines_trainer_counters(lines_trainer *tr, uint64_t *full, uint64_t *restarts, uint64_t *turns,
                            double *recent_mean, double *mean, long long *best);

#endif
