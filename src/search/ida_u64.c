/* Iterative-deepening A* over 64-bit states.  Each iteration raises the
 * bound to the smallest f that exceeded the last one.  The parent is not
 * regenerated, and a fixed-size transposition table (a few MiB, always
 * replaced on collision) remembers the smallest g at which a state was
 * entered in the current iteration: entering it again with a g no
 * smaller cannot find anything new under the same bound, so that subtree
 * is skipped.  Without it, puzzles with many transpositions (tiles) grow
 * exponentially in the solution length; with it, memory stays fixed. */
#include "gridlab/search.h"
#include "gridlab/timing.h"
#include "gridlab/hash.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const gl_u64_problem *p;
    const gl_limits *lim;
    uint64_t t0;
    unsigned long long nodes;
    const char *stopped;
    uint64_t *path;     /* states on the current path */
    gl_move *moves;     /* moves on the current path */
    int maxdepth;
    long long next_bound;
    int found_depth;
    long long found_g;
    uint64_t *tt_key;   /* state + 1 (0: empty slot) */
    uint32_t *tt_g;
    uint32_t *tt_iter;
    size_t tt_mask;
    uint32_t iter;
} ida_ctx;

#define IDA_TT_BITS 20

#define IDA_MAX_DEPTH 100000

static int dfs(ida_ctx *c, int depth, long long g, long long bound)
{
    uint64_t s = c->path[depth];
    long long f = g + c->p->h(c->p->ctx, s);
    if (f > bound) {
        if (f < c->next_bound) c->next_bound = f;
        return 0;
    }
    if (c->p->is_goal(c->p->ctx, s)) {
        c->found_depth = depth;
        c->found_g = g;
        return 1;
    }
    if (depth + 1 >= c->maxdepth) return 0;
    if (c->tt_key) {
        size_t slot = (size_t)gl_hash_u64(s) & c->tt_mask;
        if (c->tt_key[slot] == s + 1 && c->tt_iter[slot] == c->iter && c->tt_g[slot] <= (uint32_t)g)
            return 0;
        c->tt_key[slot] = s + 1;
        c->tt_g[slot] = (uint32_t)g;
        c->tt_iter[slot] = c->iter;
    }
    c->nodes++;
    if ((c->nodes & 4095) == 0) {
        const char *why = gl_limits_check(c->lim, c->t0, 0);
        if (why) {
            c->stopped = why;
            return -1;
        }
    }
    uint64_t succ[GL_U64_MAX_SUCC];
    int cost[GL_U64_MAX_SUCC];
    gl_move mv[GL_U64_MAX_SUCC];
    int n = c->p->expand(c->p->ctx, s, succ, cost, mv);
    for (int i = 0; i < n; i++) {
        if (depth > 0 && succ[i] == c->path[depth - 1]) continue;
        c->path[depth + 1] = succ[i];
        c->moves[depth] = mv[i];
        int r = dfs(c, depth + 1, g + cost[i], bound);
        if (r != 0) return r;
    }
    return 0;
}

int gl_u64_ida(const gl_u64_problem *p, uint64_t start, const gl_limits *lim,
               gl_solution *out, gl_error *err)
{
    ida_ctx c;
    memset(&c, 0, sizeof c);
    c.p = p;
    c.lim = lim;
    c.t0 = gl_now_ns();
    c.maxdepth = IDA_MAX_DEPTH;
    c.path = malloc(sizeof(uint64_t) * (size_t)c.maxdepth);
    c.moves = malloc(sizeof(gl_move) * (size_t)c.maxdepth);
    if (!c.path || !c.moves) {
        free(c.path);
        free(c.moves);
        return gl_error_set(err, "out of memory");
    }
    size_t tt_size = (size_t)1 << IDA_TT_BITS;
    c.tt_key = calloc(tt_size, sizeof *c.tt_key);
    c.tt_g = calloc(tt_size, sizeof *c.tt_g);
    c.tt_iter = calloc(tt_size, sizeof *c.tt_iter);
    if (!c.tt_key || !c.tt_g || !c.tt_iter) {
        free(c.tt_key);
        free(c.tt_g);
        free(c.tt_iter);
        c.tt_key = NULL; /* run without the table */
        c.tt_g = NULL;
        c.tt_iter = NULL;
    }
    c.tt_mask = tt_size - 1;
    out->solved = out->optimal = 0;
    out->stopped = NULL;
    c.path[0] = start;
    long long bound = p->h(p->ctx, start);
    for (;;) {
        c.next_bound = LLONG_MAX;
        c.iter++;
        int r = dfs(&c, 0, 0, bound);
        if (r > 0) {
            gl_solution_clear_moves(out);
            for (int i = 0; i < c.found_depth; i++) gl_solution_push(out, c.moves[i]);
            out->cost = c.found_g;
            out->solved = 1;
            out->optimal = 1;
            break;
        }
        if (r < 0) {
            out->stopped = c.stopped;
            break;
        }
        if (c.next_bound == LLONG_MAX) {
            out->optimal = 1; /* nothing beyond: no goal reachable */
            break;
        }
        bound = c.next_bound;
    }
    out->nodes = c.nodes;
    out->peak_bytes = sizeof(uint64_t) * (size_t)c.maxdepth + sizeof(gl_move) * (size_t)c.maxdepth +
                      (c.tt_key ? tt_size * (sizeof *c.tt_key + sizeof *c.tt_g + sizeof *c.tt_iter) : 0);
    free(c.tt_key);
    free(c.tt_g);
    free(c.tt_iter);
    out->ms = gl_ms_since(c.t0);
    free(c.path);
    free(c.moves);
    return 0;
}
