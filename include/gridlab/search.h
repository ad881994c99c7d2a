/* Search kernels shared by the games.
 *
 * The kernels know nothing of any game.  A state is a fixed number of
 * 64-bit words, set per problem (one for a packed tiles row, a flooded set
 * and its frontier for Flood-It, a board's hashes for match-three); a
 * problem hands the kernel its callbacks, and the kernel owns the data
 * structures: flat node arrays, open-addressing tables keyed by the state
 * words, a bucket queue on f, a path of per-depth successor arrays.
 *
 * Every kernel runs on a gl_meter the caller started (so that what the
 * caller allocated first, such as a game's graph, counts against the same
 * limits): it ticks the meter once per node it expands, charges every
 * table before it is allocated or grows (a growth's new array while the
 * old one lives) and gives it all back before it returns.  A stopped
 * search says why (out->stopped) and never claims optimality; the caller
 * ends the meter (peak bytes, milliseconds). */
#ifndef GRIDLAB_SEARCH_H
#define GRIDLAB_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include "game.h"
#include "limits.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------ best-first and IDA* */

/* Where expand writes the successors of a state: successor i is the kw
 * words at state + i * kw, reached by move mv[i] at cost cost[i] (> 0);
 * h[i] is its heuristic when the problem sets succ_h. */
typedef struct gl_succ {
    uint64_t *state;
    int *cost;
    int *h;
    gl_move *mv;
} gl_succ;

typedef struct gl_search_problem {
    void *ctx;
    int kw;        /* 64-bit words of a state (at least 1) */
    int max_succ;  /* the most successors expand gives for one state */
    /* 1: expand fills h[] with the successors' heuristics (a problem that
     * computes them anyway, to order its successors); 0: the kernel calls
     * h on the successors it needs. */
    int succ_h;
    /* IDA*: 1 to try the successors in increasing cost + h (ties in
     * expand's order), which needs succ_h; 0 to try them in expand's
     * order. */
    int order_f;
    /* IDA*: at most 2^tt_bits entries of transposition table (0: none).  A
     * problem whose expand depends on the route (from, via) must have none:
     * the table assumes a state's subtree does not. */
    int tt_bits;
    /* The successors of s (in the order IDA* is to try them, unless
     * order_f); returns their
     * number (at most max_succ), or -1 to stop the search (the meter then
     * says why).  from and via are the state s was reached from and the
     * move that did it: IDA* gives them (NULL at the start), best-first
     * search gives NULL (it keeps no route per node). */
    int (*expand)(void *ctx, const uint64_t *s, const uint64_t *from, const gl_move *via, gl_succ *out);
    /* Heuristic estimate of the cost to a goal (0 at goals). */
    int (*h)(void *ctx, const uint64_t *s);
    int (*is_goal)(void *ctx, const uint64_t *s);
} gl_search_problem;

typedef enum {
    GL_BF_ASTAR,   /* f = g + h; optimal when h is consistent */
    GL_BF_UCS,     /* f = g (Dijkstra); optimal */
    GL_BF_GREEDY,  /* f = h; fast, not optimal */
    GL_BF_BFS      /* f = number of moves; fewest moves, cost reported */
} gl_bf_mode;

/* Best-first search from start (kw words).  Fills out's moves, cost,
 * nodes, solved, optimal and stopped; a stopped search has no answer (a
 * best-first search has none before a goal).  Returns 0, or -1 with err
 * set when the problem is malformed (the limits are not errors). */
int gl_bestfirst(const gl_search_problem *p, const uint64_t *start, gl_bf_mode mode, gl_meter *m,
                 gl_solution *out, gl_error *err);

/* Iterative-deepening A*: memory proportional to the depth (and the
 * transposition table, if any).  Optimal when h is admissible.  Never
 * returns to the state a node was reached from.  Out and the return value
 * as gl_bestfirst. */
int gl_ida(const gl_search_problem *p, const uint64_t *start, gl_meter *m, gl_solution *out, gl_error *err);

#ifdef __cplusplus
}
#endif
#endif
