/* Best-first search over states packed in one 64-bit word: A*, uniform
 * cost, greedy best-first and breadth-first share one loop and differ only
 * in the priority they push.
 *
 * Nodes live in flat arrays (state, parent index, g, depth); the closed set
 * maps a state to its node index; the open list is a bucket queue on the
 * integer priority whose entries carry the g (or depth) they were pushed
 * with, so an entry made stale by a cheaper path found later is skipped
 * when popped instead of being searched for and removed.  Moves are not
 * stored: the path is rebuilt at the end by re-expanding each parent and
 * picking the successor that leads to the child, which costs a few
 * expansions per move instead of 12 bytes per node. */
#include "gridlab/search.h"
#include "gridlab/hash.h"
#include "gridlab/heap.h"
#include "gridlab/timing.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t *state;
    uint32_t *parent;
    uint32_t *g;
    uint32_t *depth;
    uint8_t *closed;
    size_t n, cap;
} nodes_t;

static size_t node_bytes(size_t cap) { return cap * (8 + 4 + 4 + 4 + 1); }

static int nodes_grow(nodes_t *nd, size_t max_bytes)
{
    size_t nc = nd->cap ? nd->cap * 2 : 4096;
    if (nc > 0xfffffff0u) return -1;
    if (max_bytes && node_bytes(nc) > max_bytes) return -1;
    uint64_t *s = realloc(nd->state, nc * sizeof *s);
    if (!s) return -1;
    nd->state = s;
    uint32_t *p = realloc(nd->parent, nc * sizeof *p);
    if (!p) return -1;
    nd->parent = p;
    uint32_t *g = realloc(nd->g, nc * sizeof *g);
    if (!g) return -1;
    nd->g = g;
    uint32_t *d = realloc(nd->depth, nc * sizeof *d);
    if (!d) return -1;
    nd->depth = d;
    uint8_t *c = realloc(nd->closed, nc);
    if (!c) return -1;
    nd->closed = c;
    nd->cap = nc;
    return 0;
}

static void nodes_free(nodes_t *nd)
{
    free(nd->state);
    free(nd->parent);
    free(nd->g);
    free(nd->depth);
    free(nd->closed);
}

/* Rebuilds the moves from start to node idx, and their total cost. */
static void rebuild(const gl_u64_problem *p, const nodes_t *nd, uint32_t idx, gl_solution *out)
{
    uint64_t succ[GL_U64_MAX_SUCC];
    int cost[GL_U64_MAX_SUCC];
    gl_move mv[GL_U64_MAX_SUCC];
    long long total = 0;
    gl_solution_clear_moves(out);
    while (nd->parent[idx] != idx) {
        uint32_t par = nd->parent[idx];
        int n = p->expand(p->ctx, nd->state[par], succ, cost, mv);
        int best = -1;
        for (int i = 0; i < n; i++)
            if (succ[i] == nd->state[idx] && (best < 0 || cost[i] < cost[best])) best = i;
        if (best < 0) break; /* cannot happen with a deterministic expand */
        gl_solution_push(out, mv[best]);
        total += cost[best];
        idx = par;
    }
    gl_solution_reverse(out);
    out->cost = total;
}

int gl_u64_bestfirst(const gl_u64_problem *p, uint64_t start, gl_bf_mode mode,
                     const gl_limits *lim, gl_solution *out, gl_error *err)
{
    uint64_t t0 = gl_now_ns();
    size_t cap = gl_limits_mem_cap(lim);
    nodes_t nd;
    memset(&nd, 0, sizeof nd);
    gl_htab closed;
    gl_bucketq open;
    int rc = 0;
    out->solved = out->optimal = 0;
    out->nodes = 0;
    out->stopped = NULL;
    if (gl_htab_init(&closed, 1, 1 << 12, cap) != 0) return gl_error_set(err, "out of memory");
    gl_bucketq_init(&open, cap);
    if (nodes_grow(&nd, cap) != 0) {
        rc = gl_error_set(err, "out of memory");
        goto done;
    }

    uint64_t succ[GL_U64_MAX_SUCC];
    int cost[GL_U64_MAX_SUCC];
    gl_move mv[GL_U64_MAX_SUCC];

    nd.state[0] = start;
    nd.parent[0] = 0;
    nd.g[0] = 0;
    nd.depth[0] = 0;
    nd.closed[0] = 0;
    nd.n = 1;
    {
        uint64_t *v = gl_htab_upsert(&closed, &start, 0, NULL);
        size_t f0 = mode == GL_BF_UCS || mode == GL_BF_BFS ? 0 : (size_t)p->h(p->ctx, start);
        if (!v || gl_bucketq_push(&open, f0, 0) != 0) {
            out->stopped = "memory limit";
            goto done;
        }
    }
    size_t peak = 0;
    for (;;) {
        size_t f;
        uint64_t item;
        if (gl_bucketq_pop(&open, &f, &item) != 0) {
            /* Exhausted: no goal is reachable.  That is a proof for every
             * mode, since each explores the whole reachable space. */
            out->optimal = 1;
            break;
        }
        uint32_t idx = (uint32_t)item;
        uint32_t key = (uint32_t)(item >> 32);
        if (nd.closed[idx]) continue;
        if (mode == GL_BF_BFS ? key != nd.depth[idx] : (mode != GL_BF_GREEDY && key != nd.g[idx]))
            continue; /* stale: a cheaper path was found after this push */
        uint64_t s = nd.state[idx];
        if (p->is_goal(p->ctx, s)) {
            rebuild(p, &nd, idx, out);
            out->solved = 1;
            out->optimal = mode == GL_BF_ASTAR || mode == GL_BF_UCS;
            break;
        }
        nd.closed[idx] = 1;
        out->nodes++;
        if ((out->nodes & 4095) == 0) {
            size_t bytes = gl_htab_bytes(&closed) + node_bytes(nd.cap) + open.bytes;
            if (bytes > peak) peak = bytes;
            const char *why = gl_limits_check(lim, t0, bytes);
            if (why) {
                out->stopped = why;
                break;
            }
        }
        int n = p->expand(p->ctx, s, succ, cost, mv);
        uint32_t g = nd.g[idx], d = nd.depth[idx];
        for (int i = 0; i < n; i++) {
            uint32_t ng = g + (uint32_t)cost[i], ndp = d + 1;
            int inserted;
            uint64_t *v = gl_htab_upsert(&closed, &succ[i], nd.n, &inserted);
            if (!v) {
                out->stopped = "memory limit";
                goto stop;
            }
            uint32_t j;
            if (inserted) {
                if (nd.n == nd.cap && nodes_grow(&nd, cap) != 0) {
                    out->stopped = "memory limit";
                    goto stop;
                }
                j = (uint32_t)nd.n++;
                nd.state[j] = succ[i];
                nd.closed[j] = 0;
            } else {
                j = (uint32_t)*v;
                int better = mode == GL_BF_BFS ? ndp < nd.depth[j] : ng < nd.g[j];
                if (!better) continue;
                if (mode == GL_BF_GREEDY) {
                    /* Keep the cheaper parent; greedy never reopens. */
                    nd.parent[j] = idx;
                    nd.g[j] = ng;
                    nd.depth[j] = ndp;
                    continue;
                }
                nd.closed[j] = 0; /* reopen (only with an inconsistent h) */
            }
            nd.parent[j] = idx;
            nd.g[j] = ng;
            nd.depth[j] = ndp;
            size_t prio;
            uint32_t k;
            switch (mode) {
            case GL_BF_ASTAR: prio = ng + (size_t)p->h(p->ctx, succ[i]); k = ng; break;
            case GL_BF_UCS: prio = ng; k = ng; break;
            case GL_BF_GREEDY: prio = (size_t)p->h(p->ctx, succ[i]); k = 0; break;
            default: prio = ndp; k = ndp; break;
            }
            if (gl_bucketq_push(&open, prio, (uint64_t)j | ((uint64_t)k << 32)) != 0) {
                out->stopped = "memory limit";
                goto stop;
            }
        }
    }
stop:
    {
        size_t bytes = gl_htab_bytes(&closed) + node_bytes(nd.cap) + open.bytes;
        if (bytes > peak) peak = bytes;
        out->peak_bytes = peak;
    }
    if (out->stopped) {
        out->solved = 0;
        out->optimal = 0;
    }
done:
    out->ms = gl_ms_since(t0);
    gl_htab_free(&closed);
    gl_bucketq_free(&open);
    nodes_free(&nd);
    return rc;
}
