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
#include <gridlab/game.h>
#include <gridlab/game_impl.h>
#include <gridlab/meter.h>

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

/* ------------------------------------------------------------- beam */

/* Layer by layer from a root, each kept node is expanded by the problem,
 * which offers its children to the kernel; children with the same key (kw
 * words: a position, or hashes of one) are merged as they come, the one
 * with the smaller g staying; the `width` best, by f, tie, tie2 and then
 * the order they came in (all smaller first), are the next layer.  The
 * kernel also keeps the best finish the problem reports (the smallest g),
 * so that a search stopped by a limit still has its best answer so far,
 * and the last whole layer, best first.  The layers end when no child is
 * offered or at max_depth: nothing is closed across layers, so on a graph
 * with cycles a problem must stop offering children (say, those that
 * cannot beat the best finish) or set max_depth. */

typedef struct gl_beam_cand {
    long long g;     /* cost so far (a game maximising a score uses minus it) */
    long long f;     /* the rank; a merge moves it with g (f = g + an estimate of the key's position) */
    long long tie;   /* then this (a function of the key, not of the route) */
    uint64_t tie2;   /* then this, then the order of the children */
    uint32_t parent; /* the node it is a child of */
    uint32_t slot;   /* the order it came in; its key is at cand_key + slot * kw */
    int move;        /* the problem's move from its parent */
} gl_beam_cand;

typedef struct gl_beam gl_beam;

#define GL_BEAM_NO_MOVE (-1)

typedef struct gl_beam_problem {
    void *ctx;
    int kw;           /* 64-bit words of a key */
    size_t width;     /* nodes kept per layer (at least 1) */
    int max_depth;    /* layers of children at most (0: no limit) */
    /* > 0: every f offered lies in 0..f_max, and the kernel keeps the cut
     * (gl_beam_cut): the largest f a child can have and still be kept. */
    int f_max;
    /* Expands node i of the current layer (its key and g: gl_beam_key,
     * gl_beam_g): offers each child with gl_beam_seen and gl_beam_add,
     * and each finish with gl_beam_finish.  0, or -1 to stop (the meter
     * says why). */
    int (*expand)(void *ctx, gl_beam *B, size_t i);
    /* Optional: once every child of a layer is in, sets c's f and ties
     * (work the problem would rather do once per distinct child).  0, or
     * -1 to stop. */
    int (*rank)(void *ctx, gl_beam *B, gl_beam_cand *c);
    /* Optional: child c of node `from` of the layer is kept as node `to` of
     * the next one (for a problem that keeps more per node than its key,
     * such as a board).  0, or -1 to stop. */
    int (*keep)(void *ctx, gl_beam *B, const gl_beam_cand *c, size_t from, size_t to);
    /* Optional: the nodes kept are now the layer (n of them). */
    void (*advance)(void *ctx, size_t n);
} gl_beam_problem;

/* The kernel's state: read through the functions below. */
struct gl_beam {
    const gl_beam_problem *p;
    gl_meter *m;
    /* every node kept (all layers: the routes run through them) */
    uint64_t *node_key;
    uint32_t *node_parent;
    int *node_move;
    long long *node_g;
    size_t nnodes, node_cap;
    size_t layer_base, layer_n; /* the current layer: nodes layer_base .. layer_base + layer_n - 1 */
    int depth;                  /* of the current layer (the root's is 0) */
    /* the children of the layer being expanded */
    gl_beam_cand *cand;
    uint64_t *cand_key;
    size_t ncand, cand_cap;
    uint32_t *tab;              /* candidate + 1 by the key's hash (0: free) */
    size_t tcap;
    size_t probe;               /* where the last gl_beam_seen stopped */
    uint32_t *hist;             /* candidates by f (f_max > 0) */
    long long cut;
    size_t within;
    int cut_set;
    uint32_t cur;               /* the node being expanded */
    /* the best finish: node best_node, then best_move (or GL_BEAM_NO_MOVE) */
    int has_best;
    long long best_g;
    uint32_t best_node;
    int best_move;
    unsigned long long nodes;   /* nodes expanded */
    size_t bytes;               /* charged to the meter and not yet given back */
};

/* Sets B up for problem p on meter m (nothing is allocated yet). */
void gl_beam_init(gl_beam *B, const gl_beam_problem *p, gl_meter *m);
/* Runs from the root (key and g); root_finishes: the root is itself an
 * answer (with no moves).  0 when the layers ran out (or max_depth was
 * reached), -1 when the search stopped (m->stopped says why; the last
 * whole layer and the best finish stay). */
int gl_beam_search(gl_beam *B, const uint64_t *root, long long g, int root_finishes);
void gl_beam_free(gl_beam *B);

/* During expand.  The node being expanded reached a finish at cost g by
 * move (GL_BEAM_NO_MOVE: itself); kept when it is the first or better
 * than the best so far. */
void gl_beam_finish(gl_beam *B, long long g, int move);
/* Whether a child with this key was offered in this layer; if so it is
 * merged (when g is smaller, it takes g, this move and the node being
 * expanded as its parent) and the answer is 1.  0: a new key, which
 * gl_beam_add, called next, adds. */
int gl_beam_seen(gl_beam *B, const uint64_t *key, long long g, int move);
/* Adds the child that gl_beam_seen just said was new (nothing when f is
 * above the cut).  0, or -1 when its memory could not be had (the meter
 * says why). */
int gl_beam_add(gl_beam *B, const uint64_t *key, long long g, long long f, long long tie, uint64_t tie2,
                int move);
/* The largest f a child can have and still be kept (f_max before the
 * layer fills; LLONG_MAX without f_max). */
static inline long long gl_beam_cut(const gl_beam *B) { return B->cut; }

/* Node i of the current layer: its key and g. */
static inline const uint64_t *gl_beam_key(const gl_beam *B, size_t i)
{
    return B->node_key + (B->layer_base + i) * (size_t)B->p->kw;
}
static inline long long gl_beam_g(const gl_beam *B, size_t i) { return B->node_g[B->layer_base + i]; }
/* The node of the current layer that candidate c is a child of. */
static inline size_t gl_beam_from(const gl_beam *B, const gl_beam_cand *c) { return c->parent - B->layer_base; }

/* After the search.  The moves from the root to node i of the current
 * layer (the last whole one, best first) into moves (room for cap);
 * returns their number (more than cap: only the count). */
int gl_beam_layer_route(const gl_beam *B, size_t i, int *moves, int cap);
/* The moves of the best finish (0 when there is none; has_best says). */
int gl_beam_best_route(const gl_beam *B, int *moves, int cap);

#ifdef __cplusplus
}
#endif
#endif
