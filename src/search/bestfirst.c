/* Best-first search over states of kw 64-bit words: A*, uniform cost,
 * greedy best-first and breadth-first share one loop and differ only in
 * the priority they push.
 *
 * Nodes live in flat arrays (state words, parent index, g, depth); the
 * closed set maps a state to its node index; the open list is a bucket
 * queue on the integer priority whose entries carry the g (or depth) they
 * were pushed with, so an entry made stale by a cheaper path found later
 * is skipped when popped instead of being searched for and removed.  Moves
 * are not stored: the path is rebuilt at the end by re-expanding each
 * parent and picking the successor that leads to the child, which costs a
 * few expansions per move instead of 12 bytes per node.
 *
 * Every table is charged to the search's gl_meter before it grows (a
 * rehash's or a realloc's new array while the old one lives), and the
 * meter is ticked once per node expanded, so time, memory and Ctrl-C stop
 * the search within a bounded amount of work. */
#include "gridlab/search.h"
#include "gridlab/hash.h"
#include "gridlab/bucketq.h"
#include "search_words.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint64_t *state; /* kw words a node */
    uint32_t *parent;
    uint32_t *g;
    uint32_t *depth;
    uint8_t *closed;
    size_t n, cap;
    int kw;
} nodes_t;

static size_t node_bytes(const nodes_t *nd, size_t cap) { return cap * ((size_t)nd->kw * 8 + 4 + 4 + 4 + 1); }

/* Doubles the node arrays.  The new size is charged while the old one
 * still lives (a realloc may copy), and the old size refunded after; when
 * an allocation fails, the arrays already grown keep the new charge. */
static int nodes_grow(nodes_t *nd, gl_meter *m)
{
    size_t nc = nd->cap ? nd->cap * 2 : 4096;
    if (nc > 0xfffffff0u) {
        m->stopped = "memory limit"; /* node indices are 32 bits */
        return -1;
    }
    if (gl_meter_charge(m, node_bytes(nd, nc)) != 0) return -1;
    gl_meter_refund(m, node_bytes(nd, nd->cap));
    uint64_t *s = realloc(nd->state, nc * (size_t)nd->kw * sizeof *s);
    if (!s) goto fail;
    nd->state = s;
    uint32_t *par = realloc(nd->parent, nc * sizeof *par);
    if (!par) goto fail;
    nd->parent = par;
    uint32_t *g = realloc(nd->g, nc * sizeof *g);
    if (!g) goto fail;
    nd->g = g;
    uint32_t *d = realloc(nd->depth, nc * sizeof *d);
    if (!d) goto fail;
    nd->depth = d;
    uint8_t *c = realloc(nd->closed, nc);
    if (!c) goto fail;
    nd->closed = c;
    nd->cap = nc;
    return 0;
fail:
    m->stopped = "memory limit";
    return -1;
}

static void nodes_free(nodes_t *nd)
{
    free(nd->state);
    free(nd->parent);
    free(nd->g);
    free(nd->depth);
    free(nd->closed);
}

/* Finds or inserts a state in the closed table, charging a growth of the
 * table (its whole new size, while the old lives) before it happens. */
static inline uint64_t *closed_upsert(gl_htab *t, gl_meter *m, const uint64_t *s, uint64_t init, int *inserted)
{
    size_t need = gl_htab_insert_bytes(t);
    if (!need) return gl_htab_upsert(t, s, init, inserted); /* no growth: nothing to charge */
    size_t old = gl_htab_bytes(t);
    if (gl_meter_charge(m, need) != 0) return NULL;
    uint64_t *v = gl_htab_upsert(t, s, init, inserted);
    gl_meter_refund(m, gl_htab_bytes(t) == old ? need : old);
    if (!v) m->stopped = "memory limit";
    return v;
}

/* Pushes on the open list, charging a growth of its arrays the same way. */
static inline int open_push(gl_bucketq *q, gl_meter *m, size_t prio, uint64_t item)
{
    size_t need = gl_bucketq_push_bytes(q, prio);
    if (!need) return gl_bucketq_push(q, prio, item);
    size_t before = q->bytes;
    if (gl_meter_charge(m, need) != 0) return -1;
    int rc = gl_bucketq_push(q, prio, item);
    gl_meter_refund(m, need - (q->bytes - before));
    if (rc != 0) m->stopped = "memory limit";
    return rc;
}

/* Rebuilds the moves from start to node idx, and their total cost. */
static void rebuild(const gl_search_problem *p, const nodes_t *nd, uint32_t idx, gl_succ *sc, gl_solution *out)
{
    const int kw = nd->kw;
    long long total = 0;
    gl_solution_clear_moves(out);
    while (nd->parent[idx] != idx) {
        uint32_t par = nd->parent[idx];
        const uint64_t *s = nd->state + (size_t)idx * kw;
        int n = p->expand(p->ctx, nd->state + (size_t)par * kw, NULL, NULL, sc);
        int best = -1;
        for (int i = 0; i < n; i++)
            if (words_equal(sc->state + (size_t)i * kw, s, kw) && (best < 0 || sc->cost[i] < sc->cost[best]))
                best = i;
        if (best < 0) break; /* cannot happen with a deterministic expand */
        gl_solution_push(out, sc->mv[best]);
        total += sc->cost[best];
        idx = par;
    }
    gl_solution_reverse(out);
    out->cost = total;
}

int gl_bestfirst(const gl_search_problem *p, const uint64_t *start, gl_bf_mode mode, gl_meter *m,
                 gl_solution *out, gl_error *err)
{
    out->solved = out->optimal = 0;
    out->nodes = 0;
    out->stopped = NULL;
    gl_solution_clear_moves(out);
    if (p->kw < 1 || p->max_succ < 1) return gl_error_set(err, "search: %d-word states, %d successors", p->kw, p->max_succ);
    const int kw = p->kw;
    const size_t base = m->bytes; /* what the caller had charged: the rest is given back at the end */
    nodes_t nd;
    memset(&nd, 0, sizeof nd);
    nd.kw = kw;
    gl_htab closed;
    memset(&closed, 0, sizeof closed);
    gl_bucketq open;
    gl_succ sc = {0};
    int rc = 0;
    /* The tables have no caps of their own: the meter is the one cap. */
    gl_bucketq_init(&open, 0);
    if (gl_meter_charge(m, (size_t)p->max_succ * succ_entry_bytes(kw)) != 0) goto stop;
    if (succ_alloc(&sc, kw, (size_t)p->max_succ) != 0 || gl_htab_init(&closed, (size_t)kw, 64, 0) != 0) {
        rc = gl_error_set(err, "out of memory");
        goto stop;
    }
    /* The first table is a few hundred bytes: charged as soon as it exists. */
    if (gl_meter_charge(m, gl_htab_bytes(&closed)) != 0 || nodes_grow(&nd, m) != 0) goto stop;

    words_copy(nd.state, start, kw);
    nd.parent[0] = 0;
    nd.g[0] = 0;
    nd.depth[0] = 0;
    nd.closed[0] = 0;
    nd.n = 1;
    {
        size_t f0 = mode == GL_BF_UCS || mode == GL_BF_BFS ? 0 : (size_t)p->h(p->ctx, start);
        if (!closed_upsert(&closed, m, start, 0, NULL) || open_push(&open, m, f0, 0) != 0) goto stop;
    }
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
        const uint64_t *s = nd.state + (size_t)idx * kw;
        if (p->is_goal(p->ctx, s)) {
            rebuild(p, &nd, idx, &sc, out);
            out->solved = 1;
            out->optimal = mode == GL_BF_ASTAR || mode == GL_BF_UCS;
            break;
        }
        nd.closed[idx] = 1;
        out->nodes++;
        if (gl_meter_tick(m, 1)) break;
        int n = p->expand(p->ctx, s, NULL, NULL, &sc);
        if (n < 0) break;
        uint32_t g = nd.g[idx], d = nd.depth[idx];
        for (int i = 0; i < n; i++) {
            const uint64_t *t = sc.state + (size_t)i * kw;
            uint32_t ng = g + (uint32_t)sc.cost[i], ndp = d + 1;
            int inserted;
            uint64_t *v = closed_upsert(&closed, m, t, nd.n, &inserted);
            if (!v) goto stop;
            uint32_t j;
            if (inserted) {
                if (nd.n == nd.cap && nodes_grow(&nd, m) != 0) goto stop;
                j = (uint32_t)nd.n++;
                words_copy(nd.state + (size_t)j * kw, t, kw);
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
            case GL_BF_ASTAR: prio = ng + (size_t)p->h(p->ctx, t); k = ng; break;
            case GL_BF_UCS: prio = ng; k = ng; break;
            case GL_BF_GREEDY: prio = (size_t)p->h(p->ctx, t); k = 0; break;
            default: prio = ndp; k = ndp; break;
            }
            if (open_push(&open, m, prio, (uint64_t)j | ((uint64_t)k << 32)) != 0) goto stop;
        }
    }
stop:
    if (m->stopped) {
        /* No answer so far: a best-first search has none before a goal. */
        out->stopped = m->stopped;
        out->solved = 0;
        out->optimal = 0;
        gl_solution_clear_moves(out);
    }
    gl_meter_refund(m, m->bytes - base);
    gl_htab_free(&closed);
    gl_bucketq_free(&open);
    nodes_free(&nd);
    succ_free(&sc);
    return rc;
}
