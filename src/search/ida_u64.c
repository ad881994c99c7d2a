/* Iterative-deepening A* over 64-bit states.  Each iteration raises the
 * bound to the smallest f that exceeded the last one.  The parent is not
 * regenerated, and a fixed-size transposition table (a few MiB, always
 * replaced on collision) remembers the smallest g at which a state was
 * entered in the current iteration: entering it again with a g no
 * smaller cannot find anything new under the same bound, so that subtree
 * is skipped.  Without it, puzzles with many transpositions (tiles) grow
 * exponentially in the solution length; with it, memory stays fixed.
 *
 * The path arrays grow with the depth reached and the table is sized to
 * what the memory limit leaves (it is only a cache: smaller, or none, is
 * slower but still exact); both are charged to the search's gl_meter,
 * which is ticked once per node. */
#include "gridlab/search.h"
#include "gridlab/hash.h"
#include "gridlab/limits.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const gl_u64_problem *p;
    gl_meter *m;
    unsigned long long nodes;
    uint64_t *path;     /* states on the current path */
    gl_move *moves;     /* moves on the current path */
    int pathcap;        /* entries of path and moves */
    long long next_bound;
    int found_depth;
    long long found_g;
    uint64_t *tt_key;   /* state + 1 (0: empty slot) */
    uint32_t *tt_g;
    uint32_t *tt_iter;
    size_t tt_mask;
    uint32_t iter;
} ida_ctx;

#define IDA_TT_BITS 20     /* the largest table: 2^20 entries, 16 MiB */
#define IDA_TT_MIN_BITS 10
#define IDA_MAX_DEPTH 100000

static size_t path_bytes(int cap) { return (size_t)cap * (sizeof(uint64_t) + sizeof(gl_move)); }
static size_t tt_bytes(size_t n) { return n * (sizeof(uint64_t) + 2 * sizeof(uint32_t)); }

/* Room for depth+1 on the path: 0, or -1 (m->stopped says why). */
static int path_reserve(ida_ctx *c, int depth)
{
    if (depth < c->pathcap) return 0;
    int nc = c->pathcap ? c->pathcap * 2 : 256;
    if (nc > IDA_MAX_DEPTH) nc = IDA_MAX_DEPTH;
    if (depth >= nc) return -1; /* deeper than IDA_MAX_DEPTH: not searched */
    if (gl_meter_charge(c->m, path_bytes(nc)) != 0) return -1;
    gl_meter_refund(c->m, path_bytes(c->pathcap));
    uint64_t *p = realloc(c->path, (size_t)nc * sizeof *p);
    if (p) c->path = p;
    gl_move *mv = p ? realloc(c->moves, (size_t)nc * sizeof *mv) : NULL;
    if (mv) c->moves = mv;
    if (!p || !mv) {
        c->m->stopped = "memory limit";
        return -1;
    }
    c->pathcap = nc;
    return 0;
}

/* The largest table that the memory limit leaves room for; a charge that
 * does not fit is not a stop here (the search runs with a smaller one). */
static void tt_alloc(ida_ctx *c)
{
    for (int bits = IDA_TT_BITS; bits >= IDA_TT_MIN_BITS; bits--) {
        size_t n = (size_t)1 << bits;
        if (gl_meter_charge(c->m, tt_bytes(n)) != 0) {
            c->m->stopped = NULL; /* the charge failed, nothing was taken */
            continue;
        }
        c->tt_key = calloc(n, sizeof *c->tt_key);
        c->tt_g = calloc(n, sizeof *c->tt_g);
        c->tt_iter = calloc(n, sizeof *c->tt_iter);
        if (c->tt_key && c->tt_g && c->tt_iter) {
            c->tt_mask = n - 1;
            return;
        }
        free(c->tt_key);
        free(c->tt_g);
        free(c->tt_iter);
        c->tt_key = NULL;
        c->tt_g = NULL;
        c->tt_iter = NULL;
        gl_meter_refund(c->m, tt_bytes(n));
    }
}

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
    if (depth + 1 >= IDA_MAX_DEPTH) return 0;
    if (c->tt_key) {
        size_t slot = (size_t)gl_hash_u64(s) & c->tt_mask;
        if (c->tt_key[slot] == s + 1 && c->tt_iter[slot] == c->iter && c->tt_g[slot] <= (uint32_t)g)
            return 0;
        c->tt_key[slot] = s + 1;
        c->tt_g[slot] = (uint32_t)g;
        c->tt_iter[slot] = c->iter;
    }
    c->nodes++;
    if (gl_meter_tick(c->m, 1) || (depth + 1 >= c->pathcap && path_reserve(c, depth + 1) != 0)) return -1;
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
    (void)err; /* running out of memory is a stop at the limit, not an error */
    gl_meter m;
    gl_meter_start(&m, lim);
    ida_ctx c;
    memset(&c, 0, sizeof c);
    c.p = p;
    c.m = &m;
    out->solved = out->optimal = 0;
    out->stopped = NULL;
    gl_solution_clear_moves(out);
    int r = -1;
    if (path_reserve(&c, 0) == 0) {
        tt_alloc(&c);
        c.path[0] = start;
        long long bound = p->h(p->ctx, start);
        for (;;) {
            c.next_bound = LLONG_MAX;
            c.iter++;
            r = dfs(&c, 0, 0, bound);
            if (r != 0 || c.next_bound == LLONG_MAX) break;
            bound = c.next_bound;
        }
    }
    if (r > 0) {
        for (int i = 0; i < c.found_depth; i++) gl_solution_push(out, c.moves[i]);
        out->cost = c.found_g;
        out->solved = 1;
        out->optimal = 1;
    } else if (r < 0) {
        /* No answer before the goal's iteration: none to give. */
        out->stopped = m.stopped ? m.stopped : "depth limit";
    } else {
        out->optimal = 1; /* nothing beyond the last bound: no goal reachable */
    }
    out->nodes = c.nodes;
    out->peak_bytes = m.peak;
    free(c.tt_key);
    free(c.tt_g);
    free(c.tt_iter);
    free(c.path);
    free(c.moves);
    out->ms = gl_meter_end(&m);
    return 0;
}
