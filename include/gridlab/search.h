/* Search kernels shared by the games.
 *
 * The kernels know nothing of any game: a problem is a start state and a
 * callback table (successors, heuristic, goal test).  States that fit in
 * one 64-bit word use the gl_u64_* kernels, whose open list is a bucket
 * queue on integer f and whose closed set is an open-addressing table keyed
 * by the state, so a node costs a few dozen bytes and no allocation.
 *
 * Every kernel reports nodes expanded, wall time and peak table memory,
 * and stops at the limits in gl_limits, saying why (optimal=false). */
#ifndef GRIDLAB_SEARCH_H
#define GRIDLAB_SEARCH_H

#include <stdint.h>
#include "game.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GL_U64_MAX_SUCC 64

typedef struct gl_u64_problem {
    void *ctx;
    /* Successors of s: fills succ[i], cost[i] (> 0) and mv[i]; returns the
     * count (at most GL_U64_MAX_SUCC). */
    int (*expand)(void *ctx, uint64_t s, uint64_t *succ, int *cost, gl_move *mv);
    /* Heuristic estimate of the cost to a goal (0 at goals). */
    int (*h)(void *ctx, uint64_t s);
    int (*is_goal)(void *ctx, uint64_t s);
} gl_u64_problem;

typedef enum {
    GL_BF_ASTAR,   /* f = g + h; optimal when h is consistent */
    GL_BF_UCS,     /* f = g (Dijkstra); optimal */
    GL_BF_GREEDY,  /* f = h; fast, not optimal */
    GL_BF_BFS      /* f = number of moves; fewest moves, cost reported */
} gl_bf_mode;

/* Best-first search from start.  Fills out (moves, cost, nodes, ms,
 * peak_bytes, solved, optimal, stopped).  Returns 0, or -1 on a usage
 * error (the limits are not errors: they set out->stopped). */
int gl_u64_bestfirst(const gl_u64_problem *p, uint64_t start, gl_bf_mode mode,
                     const gl_limits *lim, gl_solution *out, gl_error *err);

/* Iterative-deepening A*: memory proportional to the depth.  Optimal when h
 * is admissible.  Avoids only the immediate parent as a transposition. */
int gl_u64_ida(const gl_u64_problem *p, uint64_t start, const gl_limits *lim,
               gl_solution *out, gl_error *err);

#ifdef __cplusplus
}
#endif
#endif
