/* Iterative-deepening A* over states of kw 64-bit words.  Each iteration
 * is a depth-first search bounded by f = g + h; the next bound is the
 * smallest f that exceeded the last one.  The state a node was reached
 * from is not entered again, and an optional transposition table of fixed
 * size (always replaced on collision) remembers the smallest g at which a
 * state was entered in the current iteration: entering it again with a g
 * no smaller cannot find anything new under the same bound, so that
 * subtree is skipped.  Without it, puzzles with many transpositions
 * (tiles) grow exponentially in the solution length; with it, memory
 * stays fixed.
 *
 * The depth-first search is a loop over an explicit path: depth d holds
 * the successors of the node at depth d (the problem's expand writes them
 * there; with order_f the kernel sorts them by f) and which one is being
 * searched, so the path's memory is a few arrays that grow with the depth
 * reached, not the C stack.  The path and the table are charged to the
 * meter before they are allocated; the table is sized to what the limit
 * leaves (it is only a cache: smaller, or none, is slower but still
 * exact). */
#include "gridlab/search.h"
#include "gridlab/hash.h"
#include "search_words.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define IDA_TT_MIN_BITS 10
#define IDA_MAX_DEPTH 100000
#define IDA_FIRST_DEPTHS 16

typedef struct {
    const gl_search_problem *p;
    gl_meter *m;
    int kw, ms;              /* words of a state, successors of a node at most */
    const uint64_t *start;
    unsigned long long nodes;
    /* depth d: the successors of the node at depth d (ms of them) */
    gl_succ succ;            /* cap * ms entries */
    int *n, *next;           /* successors at depth d, and the one being searched (its place in ord) */
    int *ord;                /* with order_f: depth d's successors in the order to try */
    const uint64_t **at;     /* the state of the node at depth d */
    long long *g;            /* g of the node at depth d */
    int cap;                 /* depths allocated */
    size_t path_bytes;
    uint64_t *tt_key;        /* kw words an entry */
    uint32_t *tt_g;
    uint32_t *tt_iter;       /* 0: empty; else the iteration that wrote it */
    size_t tt_mask;
    uint32_t iter;
} ida_ctx;

static size_t depth_bytes(const ida_ctx *c)
{
    return (size_t)c->ms * (succ_entry_bytes(c->kw) + sizeof(int)) + 2 * sizeof(int) + sizeof(long long) +
           sizeof(uint64_t *);
}
static size_t tt_bytes(const ida_ctx *c, size_t n) { return n * ((size_t)c->kw * 8 + 2 * sizeof(uint32_t)); }

/* Room for depth d: 0, or -1 (m->stopped says why, or the depth is beyond
 * IDA_MAX_DEPTH).  The new arrays are charged while the old ones live. */
static int path_reserve(ida_ctx *c, int d)
{
    if (d < c->cap) return 0;
    int nc = c->cap ? c->cap * 2 : IDA_FIRST_DEPTHS;
    if (nc > IDA_MAX_DEPTH) nc = IDA_MAX_DEPTH;
    if (d >= nc) return -1;
    size_t bytes = (size_t)nc * depth_bytes(c);
    if (gl_meter_charge(c->m, bytes) != 0) return -1;
    gl_succ s;
    int *n = malloc((size_t)nc * sizeof *n), *next = malloc((size_t)nc * sizeof *next);
    long long *g = malloc((size_t)nc * sizeof *g);
    const uint64_t **at = malloc((size_t)nc * sizeof *at);
    int *ord = malloc((size_t)nc * (size_t)c->ms * sizeof *ord);
    if (!n || !next || !g || !at || !ord || succ_alloc(&s, c->kw, (size_t)nc * (size_t)c->ms) != 0) {
        free(n);
        free(next);
        free(g);
        free(at);
        free(ord);
        gl_meter_refund(c->m, bytes);
        c->m->stopped = "memory limit";
        return -1;
    }
    if (c->cap) {
        size_t e = (size_t)c->cap * (size_t)c->ms;
        memcpy(s.state, c->succ.state, e * (size_t)c->kw * sizeof *s.state);
        memcpy(s.cost, c->succ.cost, e * sizeof *s.cost);
        memcpy(s.h, c->succ.h, e * sizeof *s.h);
        memcpy(s.mv, c->succ.mv, e * sizeof *s.mv);
        memcpy(n, c->n, (size_t)c->cap * sizeof *n);
        memcpy(next, c->next, (size_t)c->cap * sizeof *next);
        memcpy(g, c->g, (size_t)c->cap * sizeof *g);
        memcpy(ord, c->ord, e * sizeof *ord);
    }
    /* the path's states (but the start's) lie in the successor arrays */
    at[0] = c->start;
    for (int k = 1; k <= d && k < nc; k++) {
        size_t e = (size_t)(k - 1) * c->ms;
        at[k] = s.state + (e + (size_t)(c->p->order_f ? ord[e + (size_t)next[k - 1]] : next[k - 1])) * c->kw;
    }
    succ_free(&c->succ);
    free(c->n);
    free(c->next);
    free(c->g);
    free(c->at);
    free(c->ord);
    gl_meter_refund(c->m, c->path_bytes);
    c->succ = s;
    c->n = n;
    c->next = next;
    c->g = g;
    c->at = at;
    c->ord = ord;
    c->cap = nc;
    c->path_bytes = bytes;
    return 0;
}

/* The largest table of at most 2^tt_bits entries that the memory limit
 * leaves room for, with an eighth of its size to spare for the path to
 * grow; a charge that does not fit is not a stop here (the search runs
 * with a smaller table, or none). */
static void tt_alloc(ida_ctx *c)
{
    const char *stopped = c->m->stopped;
    const gl_limits *lim = c->m->lim;
    size_t cap = gl_limits_mem_cap(lim);
    size_t used = lim && lim->budget ? gl_budget_used(lim->budget) : c->m->bytes;
    size_t left = used < cap ? cap - used : 0;
    for (int bits = c->p->tt_bits; bits >= IDA_TT_MIN_BITS; bits--) {
        size_t n = (size_t)1 << bits, bytes = tt_bytes(c, n);
        if (bytes + bytes / 8 > left) continue;
        if (gl_meter_charge(c->m, bytes) != 0) {
            c->m->stopped = stopped; /* taken meanwhile by another search of the budget: nothing was charged */
            continue;
        }
        c->tt_key = malloc(n * (size_t)c->kw * sizeof *c->tt_key);
        c->tt_g = malloc(n * sizeof *c->tt_g);
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
        gl_meter_refund(c->m, bytes);
    }
}

/* The successor searched at depth d: its index in depth d's arrays. */
static inline size_t chosen(const ida_ctx *c, int d)
{
    size_t e = (size_t)d * c->ms;
    return e + (size_t)(c->p->order_f ? c->ord[e + (size_t)c->next[d]] : c->next[d]);
}

/* Whether the table says the node s at g need not be searched (it was
 * entered at no greater g in this iteration); records it otherwise. */
static inline int tt_skip(ida_ctx *c, const uint64_t *s, long long g, const int kw)
{
    size_t slot = (size_t)(kw == 1 ? gl_hash_u64(*s) : gl_hash_words(s, (size_t)kw)) & c->tt_mask;
    uint64_t *key = c->tt_key + slot * (size_t)kw;
    if (c->tt_iter[slot] == c->iter && c->tt_g[slot] <= (uint32_t)g && words_equal(key, s, kw)) return 1;
    words_copy(key, s, kw);
    c->tt_g[slot] = (uint32_t)g;
    c->tt_iter[slot] = c->iter;
    return 0;
}

/* One iteration under bound: 1 when a goal was reached (at depth *found,
 * cost *found_g), 0 when the bound holds none (*next_bound is the least f
 * above it, LLONG_MAX when none was seen), -1 when stopped.  Inlined into
 * one copy for one-word states in expand's order with h asked of the
 * problem (copies and comparisons of states are then single
 * instructions, and no flag is tested per successor), one for successors
 * that come with their h and are tried by f, and one for the rest. */
static inline __attribute__((always_inline)) int iteration_kw(ida_ctx *c, const int kw, const int ordered,
                                                              const int succ_h, long long bound,
                                                              long long *next_bound, int *found, long long *found_g)
{
    const gl_search_problem *p = c->p;
    int (*const h)(void *, const uint64_t *) = p->h;
    void *const ctx = p->ctx;
    const int ms = c->ms;
    const uint64_t *s = c->start;
    long long g = 0;
    int d = 0, i, n;
enter:
    /* the node s at depth d, with f = g + h(s) within the bound */
    if (p->is_goal(p->ctx, s)) {
        *found = d;
        *found_g = g;
        return 1;
    }
    if (d + 1 >= IDA_MAX_DEPTH) goto leave;
    if (c->tt_key && tt_skip(c, s, g, kw)) goto leave;
    c->nodes++;
    if (gl_meter_tick(c->m, 1)) return -1;
    if (d >= c->cap) {
        if (path_reserve(c, d) != 0) return -1;
        s = c->at[d]; /* the path moved */
    }
    c->at[d] = s;
    {
        const size_t e0 = (size_t)d * ms;
        gl_succ out = {c->succ.state + e0 * kw, c->succ.cost + e0, c->succ.h + e0, c->succ.mv + e0};
        n = p->expand(p->ctx, s, d ? c->at[d - 1] : NULL, d ? &c->succ.mv[chosen(c, d - 1)] : NULL, &out);
        if (n < 0) return -1;
        c->n[d] = n;
        c->g[d] = g;
        i = 0;
        if (ordered) {
            /* increasing cost + h, ties in expand's order (insertion sort:
             * a node has few successors) */
            int *ord = c->ord + e0;
            for (int k = 0; k < n; k++) {
                int j = k, fk = out.cost[k] + out.h[k];
                while (j > 0 && out.cost[ord[j - 1]] + out.h[ord[j - 1]] > fk) {
                    ord[j] = ord[j - 1];
                    j--;
                }
                ord[j] = k;
            }
        }
    }
    for (;;) {
        /* the successors of the node at depth d from the i-th on */
        const size_t e0 = (size_t)d * ms;
        const uint64_t *st = c->succ.state + e0 * kw, *from = d ? c->at[d - 1] : NULL;
        const int *cost = c->succ.cost + e0, *hs = c->succ.h + e0, *ord = c->ord + e0;
        const long long gd = c->g[d];
        for (; i < n; i++) {
            const int k = ordered ? ord[i] : i;
            const uint64_t *t = st + (size_t)k * kw;
            if (from && words_equal(t, from, kw)) continue;
            long long f = gd + cost[k] + (succ_h ? hs[k] : h(ctx, t));
            if (f > bound) {
                if (f < *next_bound) *next_bound = f;
                continue;
            }
            c->next[d] = i;
            s = t;
            g = gd + cost[k];
            d++;
            goto enter;
        }
    leave:
        if (d == 0) return 0;
        d--;
        i = c->next[d] + 1;
        n = c->n[d];
    }
}

static int iteration_1(ida_ctx *c, long long bound, long long *next_bound, int *found, long long *found_g)
{
    return iteration_kw(c, 1, 0, 0, bound, next_bound, found, found_g);
}

static int iteration_ordered(ida_ctx *c, long long bound, long long *next_bound, int *found, long long *found_g)
{
    return iteration_kw(c, c->kw, 1, 1, bound, next_bound, found, found_g);
}

static int iteration(ida_ctx *c, long long bound, long long *next_bound, int *found, long long *found_g)
{
    return iteration_kw(c, c->kw, c->p->order_f, c->p->succ_h, bound, next_bound, found, found_g);
}

int gl_ida(const gl_search_problem *p, const uint64_t *start, gl_meter *m, gl_solution *out, gl_error *err)
{
    out->solved = out->optimal = 0;
    out->nodes = 0;
    out->stopped = NULL;
    gl_solution_clear_moves(out);
    if (p->kw < 1 || p->max_succ < 1) return gl_error_set(err, "search: %d-word states, %d successors", p->kw, p->max_succ);
    const size_t base = m->bytes; /* what the caller had charged: the rest is given back at the end */
    ida_ctx c;
    memset(&c, 0, sizeof c);
    c.p = p;
    c.m = m;
    c.kw = p->kw;
    c.ms = p->max_succ;
    c.start = start;
    int r = -1, found = 0;
    long long found_g = 0;
    if (path_reserve(&c, 0) == 0) {
        if (p->tt_bits > 0) tt_alloc(&c);
        long long bound = p->h(p->ctx, start);
        for (;;) {
            long long next = LLONG_MAX;
            c.iter++;
            if (c.kw == 1 && !p->order_f && !p->succ_h) r = iteration_1(&c, bound, &next, &found, &found_g);
            else if (p->order_f && p->succ_h) r = iteration_ordered(&c, bound, &next, &found, &found_g);
            else r = iteration(&c, bound, &next, &found, &found_g);
            if (r != 0 || next == LLONG_MAX) break;
            bound = next;
        }
    }
    if (r > 0) {
        for (int d = 0; d < found; d++) gl_solution_push(out, c.succ.mv[chosen(&c, d)]);
        out->cost = found_g;
        out->solved = 1;
        out->optimal = 1;
    } else if (r < 0) {
        /* No answer before the goal's iteration: none to give. */
        out->stopped = m->stopped ? m->stopped : "depth limit";
    } else {
        out->optimal = 1; /* nothing beyond the last bound: no goal reachable */
    }
    out->nodes = c.nodes;
    free(c.tt_key);
    free(c.tt_g);
    free(c.tt_iter);
    succ_free(&c.succ);
    free(c.n);
    free(c.next);
    free(c.g);
    free(c.at);
    free(c.ord);
    gl_meter_refund(m, m->bytes - base);
    return 0;
}
