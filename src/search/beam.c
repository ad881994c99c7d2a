/* Beam search: layers of at most `width` nodes, each the best children of
 * the layer before (gl_beam_problem in search.h says what a problem
 * supplies).
 *
 * A layer's children are candidates in a flat array, their keys in
 * another; an open-addressing table over candidate indices finds a key
 * offered again, which is merged into the first offer (the smaller g
 * stays, its rank moving with it) instead of being ranked twice.  With
 * f_max set, a histogram of the candidates' f gives the cut: once `width`
 * candidates have f at or below some value, no child above it can be
 * kept, so a problem can stop computing a child's rank as soon as it
 * passes the cut.  At the end of a layer the candidates are sorted and the
 * first `width` become nodes.  Nodes are kept for the whole search (a key,
 * a parent, a move and g each), so that any node's route can be read back
 * by its parents; a layer is committed only once it is whole, so a search
 * stopped halfway through one still has the last whole layer.
 *
 * Every array is charged to the meter before it is allocated or grows
 * (the new one while the old one lives); gl_beam_free gives it all back. */
#include "gridlab/search.h"
#include "gridlab/hash.h"
#include "search_words.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void gl_beam_init(gl_beam *B, const gl_beam_problem *p, gl_meter *m)
{
    memset(B, 0, sizeof *B);
    B->p = p;
    B->m = m;
    B->cut = LLONG_MAX;
}

static int charge(gl_beam *B, size_t n)
{
    if (gl_meter_charge(B->m, n) != 0) return -1;
    B->bytes += n;
    return 0;
}

static void refund(gl_beam *B, size_t n)
{
    gl_meter_refund(B->m, n);
    B->bytes -= n;
}

/* Resizes *a from old to nc elements of sz bytes, the new size charged
 * while the old lives.  0, or -1 (the meter says why). */
static int resize(gl_beam *B, void **a, size_t old, size_t nc, size_t sz)
{
    if (charge(B, nc * sz) != 0) return -1;
    void *q = realloc(*a, nc * sz);
    if (!q) {
        refund(B, nc * sz);
        B->m->stopped = "memory limit";
        return -1;
    }
    refund(B, old * sz);
    *a = q;
    return 0;
}

static size_t grown(size_t cap, size_t need)
{
    size_t nc = cap ? cap : 64;
    while (nc < need) nc *= 2;
    return nc;
}

static int reserve_nodes(gl_beam *B, size_t need)
{
    if (need <= B->node_cap) return 0;
    size_t old = B->node_cap, nc = grown(old, need), kw = (size_t)B->p->kw;
    if (nc > UINT32_MAX) {
        B->m->stopped = "memory limit"; /* node indices are 32 bits */
        return -1;
    }
    if (resize(B, (void **)&B->node_key, old, nc, kw * sizeof *B->node_key) != 0 ||
        resize(B, (void **)&B->node_parent, old, nc, sizeof *B->node_parent) != 0 ||
        resize(B, (void **)&B->node_move, old, nc, sizeof *B->node_move) != 0 ||
        resize(B, (void **)&B->node_g, old, nc, sizeof *B->node_g) != 0)
        return -1; /* the arrays resized so far keep their charge until the end */
    B->node_cap = nc;
    return 0;
}

static int reserve_cands(gl_beam *B, size_t need)
{
    if (need <= B->cand_cap) return 0;
    size_t old = B->cand_cap, nc = grown(old, need), kw = (size_t)B->p->kw;
    if (nc > UINT32_MAX - 1) {
        B->m->stopped = "memory limit"; /* the table holds indices + 1 in 32 bits */
        return -1;
    }
    if (resize(B, (void **)&B->cand, old, nc, sizeof *B->cand) != 0 ||
        resize(B, (void **)&B->cand_key, old, nc, kw * sizeof *B->cand_key) != 0)
        return -1;
    B->cand_cap = nc;
    return 0;
}

static inline size_t key_slot(const gl_beam *B, const uint64_t *key)
{
    return (size_t)gl_hash_words(key, (size_t)B->p->kw) & (B->tcap - 1);
}

/* A table of nc slots (a power of two) holding the candidates so far. */
static int rehash(gl_beam *B, size_t nc)
{
    if (charge(B, nc * sizeof *B->tab) != 0) return -1;
    uint32_t *t = calloc(nc, sizeof *t);
    if (!t) {
        refund(B, nc * sizeof *t);
        B->m->stopped = "memory limit";
        return -1;
    }
    free(B->tab);
    refund(B, B->tcap * sizeof *B->tab);
    B->tab = t;
    B->tcap = nc;
    const size_t kw = (size_t)B->p->kw;
    for (size_t i = 0; i < B->ncand; i++) {
        size_t j = key_slot(B, B->cand_key + B->cand[i].slot * kw);
        while (t[j]) j = (j + 1) & (nc - 1);
        t[j] = (uint32_t)i + 1;
    }
    return 0;
}

void gl_beam_finish(gl_beam *B, long long g, int move)
{
    if (B->has_best && g >= B->best_g) return;
    B->has_best = 1;
    B->best_g = g;
    B->best_node = B->cur;
    B->best_move = move;
}

int gl_beam_seen(gl_beam *B, const uint64_t *key, long long g, int move)
{
    const int kw = B->p->kw;
    const size_t mask = B->tcap - 1;
    size_t j = key_slot(B, key);
    while (B->tab[j]) {
        gl_beam_cand *d = &B->cand[B->tab[j] - 1];
        if (words_equal(B->cand_key + (size_t)d->slot * kw, key, kw)) {
            if (g < d->g) {
                if (B->hist) B->hist[d->f]--;
                d->f += g - d->g;
                if (B->hist) B->hist[d->f]++;
                d->g = g;
                d->parent = B->cur;
                d->move = move;
            }
            return 1;
        }
        j = (j + 1) & mask;
    }
    B->probe = j;
    return 0;
}

int gl_beam_add(gl_beam *B, const uint64_t *key, long long g, long long f, long long tie, uint64_t tie2,
                int move)
{
    if (f > B->cut || (B->hist && f < 0)) return 0; /* never kept (and outside the histogram) */
    if (B->ncand == B->cand_cap && reserve_cands(B, B->ncand + 1) != 0) return -1;
    const size_t nc = B->ncand, kw = (size_t)B->p->kw, width = B->p->width ? B->p->width : 1;
    gl_beam_cand *d = &B->cand[nc];
    d->g = g;
    d->f = f;
    d->tie = tie;
    d->tie2 = tie2;
    d->parent = B->cur;
    d->slot = (uint32_t)nc;
    d->move = move;
    words_copy(B->cand_key + nc * kw, key, (int)kw);
    B->tab[B->probe] = (uint32_t)++B->ncand;
    if (B->hist) {
        uint32_t *hist = B->hist;
        hist[f]++;
        if (B->cut_set) {
            B->within++;
        } else if (B->ncand == width) {
            /* the cut: the smallest f with width candidates at or below */
            B->cut_set = 1;
            B->cut = 0;
            B->within = hist[0];
            while (B->within < width) B->within += hist[++B->cut];
        }
        /* lower the cut while the candidates below it still fill the beam */
        while (B->cut_set && B->cut > 0 && B->within - hist[B->cut] >= width) B->within -= hist[B->cut--];
    }
    if (B->ncand * 2 > B->tcap && rehash(B, B->tcap * 2) != 0) return -1;
    return 0;
}

static int cand_cmp(const void *a, const void *b)
{
    const gl_beam_cand *x = a, *y = b;
    if (x->f != y->f) return x->f < y->f ? -1 : 1;
    if (x->tie != y->tie) return x->tie < y->tie ? -1 : 1;
    if (x->tie2 != y->tie2) return x->tie2 < y->tie2 ? -1 : 1;
    return x->slot < y->slot ? -1 : x->slot > y->slot;
}

int gl_beam_search(gl_beam *B, const uint64_t *root, long long g, int root_finishes)
{
    const gl_beam_problem *p = B->p;
    const size_t kw = (size_t)p->kw, width = p->width ? p->width : 1;
    if (p->f_max > 0) {
        size_t hb = ((size_t)p->f_max + 1) * sizeof *B->hist;
        if (charge(B, hb) != 0) return -1;
        if (!(B->hist = malloc(hb))) {
            B->m->stopped = "memory limit";
            return -1;
        }
    }
    if (reserve_nodes(B, 1) != 0 || rehash(B, 64) != 0) return -1;
    words_copy(B->node_key, root, (int)kw);
    B->node_parent[0] = 0;
    B->node_move[0] = GL_BEAM_NO_MOVE;
    B->node_g[0] = g;
    B->nnodes = 1;
    B->layer_base = 0;
    B->layer_n = 1;
    B->depth = 0;
    B->cur = 0;
    if (root_finishes) gl_beam_finish(B, g, GL_BEAM_NO_MOVE);
    while (B->layer_n) {
        B->ncand = 0;
        memset(B->tab, 0, B->tcap * sizeof *B->tab);
        if (B->hist) {
            memset(B->hist, 0, ((size_t)p->f_max + 1) * sizeof *B->hist);
            B->cut = p->f_max;
        }
        B->within = 0;
        B->cut_set = 0;
        for (size_t i = 0; i < B->layer_n; i++) {
            B->cur = (uint32_t)(B->layer_base + i);
            B->nodes++;
            if (p->expand(p->ctx, B, i) != 0) return -1; /* the layer is incomplete: the last whole one stays */
        }
        if ((p->max_depth && B->depth + 1 >= p->max_depth) || B->ncand == 0) return 0;
        if (p->rank)
            for (size_t k = 0; k < B->ncand; k++)
                if (p->rank(p->ctx, B, &B->cand[k]) != 0) return -1;
        qsort(B->cand, B->ncand, sizeof *B->cand, cand_cmp);
        size_t keep = B->ncand < width ? B->ncand : width;
        if (reserve_nodes(B, B->nnodes + keep) != 0) return -1;
        for (size_t k = 0; k < keep; k++) {
            const gl_beam_cand *c = &B->cand[k];
            size_t x = B->nnodes + k;
            words_copy(B->node_key + x * kw, B->cand_key + (size_t)c->slot * kw, (int)kw);
            B->node_parent[x] = c->parent;
            B->node_move[x] = c->move;
            B->node_g[x] = c->g;
            if (p->keep && p->keep(p->ctx, B, c, c->parent - B->layer_base, k) != 0) return -1;
        }
        B->layer_base = B->nnodes;
        B->nnodes += keep;
        B->layer_n = keep;
        B->depth++;
        if (p->advance) p->advance(p->ctx, keep);
    }
    return 0;
}

/* The moves from the root to node x into moves (room for cap), then last
 * unless it is GL_BEAM_NO_MOVE; returns their number (only counted when
 * more than cap). */
static int route(const gl_beam *B, uint32_t x, int last, int *moves, int cap)
{
    int n = last != GL_BEAM_NO_MOVE;
    for (uint32_t y = x; y != 0; y = B->node_parent[y]) n++;
    if (n > cap) return n;
    int k = n;
    if (last != GL_BEAM_NO_MOVE) moves[--k] = last;
    for (uint32_t y = x; y != 0; y = B->node_parent[y]) moves[--k] = B->node_move[y];
    return n;
}

int gl_beam_layer_route(const gl_beam *B, size_t i, int *moves, int cap)
{
    return route(B, (uint32_t)(B->layer_base + i), GL_BEAM_NO_MOVE, moves, cap);
}

int gl_beam_best_route(const gl_beam *B, int *moves, int cap)
{
    return B->has_best ? route(B, B->best_node, B->best_move, moves, cap) : 0;
}

void gl_beam_free(gl_beam *B)
{
    free(B->node_key);
    free(B->node_parent);
    free(B->node_move);
    free(B->node_g);
    free(B->cand);
    free(B->cand_key);
    free(B->tab);
    free(B->hist);
    gl_meter_refund(B->m, B->bytes);
    const gl_beam_problem *p = B->p;
    gl_meter *m = B->m;
    gl_beam_init(B, p, m);
}
