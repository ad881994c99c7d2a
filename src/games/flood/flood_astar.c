/* A* for Flood-It on the component graph: proved optimal move counts.
 *
 * A node is a flooded set of groups (a bitset).  Edges are one move plus
 * the forced closure (every colour whose remaining groups all lie on the
 * frontier is played at once: such a move is always optimal first), so an
 * edge costs 1 + the forced moves.  Three prunings keep the branching low:
 * only colours on the frontier are tried (others gain nothing), dead moves
 * (that bring no new group next to the region) are skipped, and the swap
 * rule: after the edge of colour a, a colour c is not tried when c then a
 * floods a superset of a then c at no greater cost and that pair comes
 * first in a fixed order of move sequences (the cheaper first edge, else
 * the larger first set, else the larger second set, else the smaller
 * colour first).  The rule depends on the route, so each node keeps the
 * union of the colours its least-cost routes leave open, and is expanded
 * again if an arrival opens more after its expansion (docs/flood.md,
 * "The swap rule", has the argument).  Duplicates meet in a transposition
 * table keyed by the flooded set (open addressing over node indices; the
 * bitsets live once, in the node array; a node keeps only its flooded set,
 * its frontier is gathered again when it is expanded).  The open list is a
 * bucket queue on f, and within f on g, deepest first.  Expansion is
 * partial: a node stores only its children of the current f level and is
 * queued again at its next child level.  The bound is max(colours left,
 * layered rings) (flood_bound.c), raised on some children by the two-ring
 * refinement; both are admissible, so the first goal popped is optimal.
 *
 * A specialisation, not a user of the shared best-first kernel: the swap
 * rule makes a node's children depend on its routes (the open colours,
 * and expanding again when they grow), which a closed set keyed by the
 * state alone cannot hold; partial expansion, the held-back children and
 * the f-then-g queue change what an expansion is; and the table keeps 32
 * hash bits beside a node index so that the bitsets are stored once
 * (docs/architecture.md, "The search kernels"). */
#include "flood.h"
#include "flood_xport.h"
#include "gridlab/cpu.h"

#include <pthread.h>

#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t *v;
    uint32_t n, cap;
} bucket;

/* The dominance window of one cost g: the last DOM_WINDOW nodes stored with
 * that g, their sets side by side (stride words each), and per entry a
 * signature: its bits at DOM_PIVOTS groups chosen where the window's sets
 * differ most (each in about half of them).  A set holding all of F has
 * every pivot of F, so a scan compares signatures, 16 to a register, and
 * sets only where a signature passes. */
#define DOM_WINDOW 4096
#define DOM_PIVOTS 32
typedef struct {
    uint64_t *set;  /* DOM_WINDOW * stride words */
    uint32_t *id;   /* the nodes */
    uint32_t *sig;  /* the signatures */
    uint32_t n;     /* entries ever added (the next goes to n % DOM_WINDOW) */
    uint32_t cap;   /* entries allocated: doubles up to DOM_WINDOW */
    uint32_t pick;  /* n at which the pivots are chosen again */
    int npiv;
    uint16_t piv[DOM_PIVOTS];
} dom_ring;

/* lv of a node found dominated: not expanded unless revived (a cheaper
 * route, or a route of the same cost that comes first) */
#define LV_DEAD INT16_MAX

/* A route from the root: its last edge (colour, the cost and cells after
 * it) and the route before.  Records never change once made and live as
 * long as the search, so that the routes of nodes owned by other workers
 * can be read while those nodes change. */
typedef struct route {
    const struct route *prev; /* NULL at the root */
    uint16_t g, cells;
    uint8_t move;
} route;

#define ROUTE_CHUNK 8192

typedef struct {
    const flood_graph *g;
    int kw;
    uint64_t *bits;
    const route **rt; /* the route that comes first among the least-cost routes seen */
    uint16_t *gv;
    uint16_t *hv;      /* the bound at the node */
    uint64_t *allow;   /* colours the swap rule leaves open (union over arrivals) */
    int16_t *lv;       /* children with f up to lv handled; -1 before the first expansion */
    uint64_t *held;    /* children (by colour) the two-ring bound held back at the last expansion */
    uint16_t *cells;   /* cells flooded */
    uint32_t *seen;    /* entries of the window of its cost it was compared with (the window's count then) */
    size_t n, cap;
    uint64_t *tab; /* hash tag << 32 | node index + 1; 0 empty */
    size_t tcap, tn;
    int tbits;     /* tcap == 1 << tbits */
    bucket **qf;   /* qf[f][g] */
    uint32_t *qcount;
    int nf;        /* allocated f levels */
    size_t fmin;
    dom_ring *ring; /* the dominance windows, per g */
    int nring, stride;
    int wide_scan; /* the window scans on 512-bit (2) or 256-bit (1) registers */
    gl_meter *m;   /* every table is charged to it before it grows */
    unsigned long long dominated, revived;
    route *chunk;   /* routes: the current chunk (its first word links the one before) */
    size_t chunk_used;
} astar;

/* The bytes of one node over the node arrays below. */
static size_t node_bytes(const astar *a) { return (size_t)a->kw * 8 + sizeof(route *) + 2 + 2 + 8 + 2 + 8 + 2 + 4; }

/* The growths below charge the new size while the old one still lives (a
 * realloc may copy), and refund the old size once it is gone.  A failed
 * charge or allocation returns -1: the search stops at the memory limit. */
static int grow_nodes(astar *a)
{
    size_t nc = a->cap ? a->cap * 2 : 4096;
    if (gl_meter_charge(a->m, nc * node_bytes(a)) != 0) return -1;
    uint64_t *bits = realloc(a->bits, nc * (size_t)a->kw * sizeof *bits);
    if (!bits) return -1;
    a->bits = bits;
    const route **rt = realloc(a->rt, nc * sizeof *rt);
    if (!rt) return -1;
    a->rt = rt;
    uint16_t *gv = realloc(a->gv, nc * sizeof *gv);
    if (!gv) return -1;
    a->gv = gv;
    uint16_t *hv = realloc(a->hv, nc * sizeof *hv);
    if (!hv) return -1;
    a->hv = hv;
    uint64_t *al = realloc(a->allow, nc * sizeof *al);
    if (!al) return -1;
    a->allow = al;
    int16_t *lv = realloc(a->lv, nc * sizeof *lv);
    if (!lv) return -1;
    a->lv = lv;
    uint64_t *held = realloc(a->held, nc * sizeof *held);
    if (!held) return -1;
    a->held = held;
    uint16_t *cells = realloc(a->cells, nc * sizeof *cells);
    if (!cells) return -1;
    a->cells = cells;
    uint32_t *seen = realloc(a->seen, nc * sizeof *seen);
    if (!seen) return -1;
    a->seen = seen;
    gl_meter_refund(a->m, a->cap * node_bytes(a));
    a->cap = nc;
    return 0;
}

/* The table's slot comes from the top bits of the 32-bit tag, so growing
 * the table never revisits the nodes' bitsets: that would cost a cache
 * miss per node at every growth (docs/notes/flood.md). */
static inline size_t home(const astar *a, uint64_t tag) { return (size_t)(tag >> (32 - a->tbits)); }

static int grow_table(astar *a)
{
    int nb = a->tcap ? a->tbits + 1 : 12;
    if (nb > 31) return -1;
    size_t nc = (size_t)1 << nb;
    if (gl_meter_charge(a->m, nc * sizeof *a->tab) != 0) return -1;
    uint64_t *t = calloc(nc, sizeof *t);
    if (!t) return -1;
    uint64_t *old = a->tab;
    size_t ocap = a->tcap;
    a->tab = t;
    a->tcap = nc;
    a->tbits = nb;
    for (size_t i = 0; i < ocap; i++) {
        uint64_t x = old[i];
        if (!x) continue;
        size_t j = home(a, x >> 32);
        while (t[j]) j = (j + 1) & (nc - 1);
        t[j] = x;
    }
    free(old);
    gl_meter_refund(a->m, ocap * sizeof *a->tab);
    return 0;
}

/* The slot of F (hash hv) in the table: holds its entry, or 0 where it
 * would go.  The tag (high hash bits) spares most probes a visit to the
 * node's bits. */
static uint64_t *lookup(astar *a, const uint64_t *F, uint64_t hv)
{
    uint64_t tag = hv >> 32;
    size_t j = home(a, tag);
    for (;;) {
        uint64_t x = a->tab[j];
        if (!x || ((x >> 32) == tag && fset_equal(a->bits + (size_t)((uint32_t)x - 1) * a->kw, F, a->kw)))
            return &a->tab[j];
        j = (j + 1) & (a->tcap - 1);
    }
}

static int push(astar *a, int f, int g, uint32_t node)
{
    if (f >= a->nf) {
        int nf = a->nf ? a->nf : 64;
        while (nf <= f) nf *= 2;
        const size_t level = sizeof *a->qf + sizeof *a->qcount;
        if (gl_meter_charge(a->m, (size_t)nf * level) != 0) return -1;
        bucket **q = realloc(a->qf, (size_t)nf * sizeof *q);
        if (!q) return -1;
        a->qf = q;
        uint32_t *cnt = realloc(a->qcount, (size_t)nf * sizeof *cnt);
        if (!cnt) return -1;
        a->qcount = cnt;
        for (int i = a->nf; i < nf; i++) {
            a->qf[i] = NULL;
            a->qcount[i] = 0;
        }
        gl_meter_refund(a->m, (size_t)a->nf * level);
        a->nf = nf;
    }
    if (!a->qf[f]) {
        if (gl_meter_charge(a->m, ((size_t)f + 1) * sizeof(bucket)) != 0) return -1;
        a->qf[f] = calloc((size_t)f + 1, sizeof(bucket));
        if (!a->qf[f]) return -1;
    }
    bucket *b = &a->qf[f][g];
    if (b->n == b->cap) {
        uint32_t nc = b->cap ? b->cap * 2 : 64;
        if (gl_meter_charge(a->m, (size_t)nc * sizeof *b->v) != 0) return -1;
        uint32_t *v = realloc(b->v, nc * sizeof *v);
        if (!v) return -1;
        gl_meter_refund(a->m, (size_t)b->cap * sizeof *b->v);
        b->v = v;
        b->cap = nc;
    }
    b->v[b->n++] = node;
    a->qcount[f]++;
    if ((size_t)f < a->fmin) a->fmin = (size_t)f;
    return 0;
}

static int pop(astar *a, int *f, int *g, uint32_t *node)
{
    while (a->fmin < (size_t)a->nf && a->qcount[a->fmin] == 0) a->fmin++;
    if (a->fmin >= (size_t)a->nf) return -1;
    int ff = (int)a->fmin;
    for (int gg = ff; gg >= 0; gg--) {
        bucket *b = &a->qf[ff][gg];
        if (b->n) {
            *node = b->v[--b->n];
            a->qcount[ff]--;
            *f = ff;
            *g = gg;
            return 0;
        }
    }
    return -1; /* not reached: qcount said there was one */
}

static void astar_free(astar *a)
{
    free(a->bits);
    free(a->rt);
    while (a->chunk) {
        route *prev = *(route **)(void *)a->chunk;
        free(a->chunk);
        a->chunk = prev;
    }
    free(a->gv);
    free(a->hv);
    free(a->allow);
    free(a->lv);
    free(a->held);
    free(a->cells);
    free(a->seen);
    free(a->tab);
    for (int i = 0; i < a->nring; i++) {
        free(a->ring[i].set);
        free(a->ring[i].id);
        free(a->ring[i].sig);
    }
    free(a->ring);
    for (int f = 0; f < a->nf; f++) {
        if (!a->qf[f]) continue;
        for (int g = 0; g <= f; g++) free(a->qf[f][g].v);
        free(a->qf[f]);
    }
    free(a->qf);
    free(a->qcount);
}

/* A new route: the route prev, then an edge of colour move to a set of
 * cells cells at cost g.  NULL when memory cannot be had. */
static const route *new_route(astar *a, const route *prev, int g, int cells, int move)
{
    if (!a->chunk || a->chunk_used == ROUTE_CHUNK) {
        if (gl_meter_charge(a->m, ROUTE_CHUNK * sizeof(route)) != 0) return NULL;
        route *c = malloc(ROUTE_CHUNK * sizeof(route));
        if (!c) return NULL;
        /* record 0 of a chunk holds the link to the chunk before */
        *(route **)(void *)c = a->chunk;
        a->chunk = c;
        a->chunk_used = 1;
    }
    route *r = &a->chunk[a->chunk_used++];
    r->prev = prev;
    r->g = (uint16_t)g;
    r->cells = (uint16_t)cells;
    r->move = (uint8_t)move;
    return r;
}

/* ------------------------------------------------------------ dominance
 *
 * A node whose flooded set lies strictly inside that of a node of no
 * greater cost is not needed: a larger set never needs more moves.  With
 * the swap rule, which keeps only the first of two routes in a fixed order
 * of move sequences, a dominated node of the same cost is dropped only when
 * the dominating node's route comes first in that order, so that the first
 * optimal sequence is never cut (docs/flood.md, "Dominance"). */

static uint32_t ring_sig(const dom_ring *r, const uint64_t *F)
{
    uint32_t v = 0;
    for (int i = 0; i < r->npiv && i < DOM_PIVOTS; i++) v |= (uint32_t)(F[r->piv[i] >> 6] >> (r->piv[i] & 63) & 1) << i;
    return v;
}

/* Chooses the pivots of a window from its entries: the groups in nearest
 * half of its sets (of at most 256 of them), and computes every signature
 * again. */
static void ring_pick(const astar *a, dom_ring *r)
{
    uint32_t cnt = r->n < DOM_WINDOW ? r->n : DOM_WINDOW;
    int nbits = a->kw * 64;
    uint32_t count[FLOOD_KW_MAX * 64];
    memset(count, 0, (size_t)nbits * sizeof *count);
    /* counted on at most 256 entries spread over the window */
    uint32_t step = cnt > 256 ? cnt / 256 : 1, seen = 0;
    for (uint32_t k = 0; k < cnt; k += step, seen++) {
        const uint64_t *S = r->set + (size_t)k * (size_t)a->stride;
        for (int w = 0; w < a->kw; w++)
            for (uint64_t x = S[w]; x; x &= x - 1) count[w * 64 + __builtin_ctzll(x)]++;
    }
    cnt = seen;
    /* the DOM_PIVOTS groups with the smallest |2 count - cnt|, each in some
     * sets and not in others */
    r->npiv = 0;
    uint32_t used[FLOOD_KW_MAX * 64 / 32 + 1] = {0};
    for (int i = 0; i < DOM_PIVOTS; i++) {
        int best = -1;
        uint32_t bd = UINT32_MAX;
        for (int b = 0; b < nbits; b++) {
            if (!count[b] || count[b] == cnt || (used[b >> 5] >> (b & 31) & 1)) continue;
            uint32_t d = 2 * count[b] > cnt ? 2 * count[b] - cnt : cnt - 2 * count[b];
            if (d < bd) bd = d, best = b;
        }
        if (best < 0) break;
        used[best >> 5] |= 1u << (best & 31);
        r->piv[r->npiv++] = (uint16_t)best;
    }
    uint32_t all = r->n < DOM_WINDOW ? r->n : DOM_WINDOW;
    for (uint32_t k = 0; k < all; k++) r->sig[k] = ring_sig(r, r->set + (size_t)k * (size_t)a->stride);
    /* again at 4 times the entries, then every 4 windows */
    r->pick = r->n < DOM_WINDOW ? 4 * r->n : r->n + 4 * DOM_WINDOW;
}

/* Adds node x (set F, cost g) to the window of g.  -1 when memory cannot
 * be had. */
static int ring_add(astar *a, int g, uint32_t x, const uint64_t *F)
{
    if (g >= a->nring) {
        int nr = a->nring ? a->nring : 64;
        while (nr <= g) nr *= 2;
        if (gl_meter_charge(a->m, (size_t)nr * sizeof *a->ring) != 0) return -1;
        dom_ring *r = realloc(a->ring, (size_t)nr * sizeof *r);
        if (!r) return -1;
        memset(r + a->nring, 0, (size_t)(nr - a->nring) * sizeof *r);
        gl_meter_refund(a->m, (size_t)a->nring * sizeof *a->ring);
        a->ring = r;
        a->nring = nr;
    }
    dom_ring *r = &a->ring[g];
    if (r->n == r->cap && r->cap < DOM_WINDOW) {
        /* the window fills before it turns: grown by doubling (+ 16
         * signatures, read whole by the scans) */
        uint32_t nc = r->cap ? 2 * r->cap : 64;
        size_t per = (size_t)a->stride * 8 + sizeof *r->id + sizeof *r->sig;
        if (gl_meter_charge(a->m, nc * per) != 0) return -1;
        uint64_t *set = realloc(r->set, (size_t)nc * (size_t)a->stride * 8);
        if (set) r->set = set;
        uint32_t *id = realloc(r->id, (size_t)nc * sizeof *id);
        if (id) r->id = id;
        uint32_t *sig = realloc(r->sig, ((size_t)nc + 16) * sizeof *sig);
        if (sig) r->sig = sig;
        if (!set || !id || !sig) return -1;
        memset(sig + r->cap, 0, ((size_t)nc + 16 - r->cap) * sizeof *sig);
        gl_meter_refund(a->m, r->cap * per);
        if (!r->cap) r->pick = 64;
        r->cap = nc;
    }
    uint32_t k = r->n++ % DOM_WINDOW;
    memcpy(r->set + (size_t)k * (size_t)a->stride, F, (size_t)a->kw * 8);
    r->id[k] = x;
    r->sig[k] = ring_sig(r, F);
    if (r->n == r->pick) ring_pick(a, r);
    return 0;
}

/* Compares two routes from the root in the swap rule's order of move
 * sequences: the cells flooded after the last edge completed by each move,
 * time by time, larger first.  Positive when A comes first, negative when
 * B does, 0 when the counts are the same at every time.  The two are
 * walked up to their last common record, which is as far back as they can
 * differ. */
static int route_cmp(const route *A, const route *B)
{
    /* the (time, cells) of each route's edges after the common record,
     * deepest first */
    const route *ra[512], *rb[512];
    int na = 0, nb = 0;
    while (A != B) {
        if (!B || (A && A->g >= B->g)) {
            if (na == 512) return 0;
            ra[na++] = A;
            A = A->prev;
        } else {
            if (nb == 512) return 0;
            rb[nb++] = B;
            B = B->prev;
        }
    }
    int va = A ? A->cells : 0, vb = va;
    int ia = na - 1, ib = nb - 1;
    while (ia >= 0 || ib >= 0) {
        int t = ia >= 0 && (ib < 0 || ra[ia]->g <= rb[ib]->g) ? ra[ia]->g : rb[ib]->g;
        while (ia >= 0 && ra[ia]->g == t) va = ra[ia--]->cells;
        while (ib >= 0 && rb[ib]->g == t) vb = rb[ib--]->cells;
        if (va != vb) return va > vb ? 1 : -1;
    }
    return 0;
}

/* Whether the window entry k (a set holding all of F) is a node that may
 * drop F: another node, still of cost g, with a strictly larger set, whose
 * route comes before F's route fr. */
static int ring_hit(const astar *a, const dom_ring *r, uint32_t k, const uint64_t *F, int g, uint32_t self,
                    const route *fr)
{
    const uint64_t *S = r->set + (size_t)k * (size_t)a->stride;
    uint32_t y = r->id[k];
    if (y == self || a->gv[y] != g || !fset_subset(F, S, a->kw) || fset_equal(F, S, a->kw)) return 0;
    return route_cmp(a->rt[y], fr) > 0;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
/* The newest `newer` entries of cnt, 16 signatures per round, newest round
 * first. */
__attribute__((target("avx512f,bmi"))) static int ring_scan_avx512(const astar *a, const dom_ring *r,
                                                                    uint32_t cnt, uint32_t newer, const uint64_t *F,
                                                                    int g, uint32_t self, const route *fr)
{
    const __m512i f = _mm512_set1_epi32((int)ring_sig(r, F));
    uint32_t head = r->n % DOM_WINDOW;
    uint32_t rounds = (cnt + 15) / 16;
    uint32_t q = head ? (head - 1) / 16 : rounds - 1; /* the round of the newest entry */
    uint32_t want = (newer + 14) / 16 + 2;
    if (want < rounds) rounds = want;
    for (uint32_t i = 0; i < rounds; i++, q = q ? q - 1 : (cnt + 15) / 16 - 1) {
        __m512i sv = _mm512_loadu_si512((const void *)(r->sig + 16 * q));
        uint32_t ok = _mm512_testn_epi32_mask(_mm512_andnot_si512(sv, f), f);
        while (ok) {
            uint32_t k = q * 16 + (uint32_t)__builtin_ctz(ok);
            ok &= ok - 1;
            /* only the newest `newer` entries, as the portable scan */
            if (k < cnt && (head + DOM_WINDOW - 1 - k) % DOM_WINDOW < newer && ring_hit(a, r, k, F, g, self, fr))
                return 1;
        }
    }
    return 0;
}

/* The same scan, 8 signatures per round. */
__attribute__((target("avx2,bmi"))) static int ring_scan_avx2(const astar *a, const dom_ring *r, uint32_t cnt,
                                                               uint32_t newer, const uint64_t *F, int g,
                                                               uint32_t self, const route *fr)
{
    const __m256i f = _mm256_set1_epi32((int)ring_sig(r, F));
    uint32_t head = r->n % DOM_WINDOW;
    uint32_t rounds = (cnt + 7) / 8;
    uint32_t q = head ? (head - 1) / 8 : rounds - 1;
    uint32_t want = (newer + 6) / 8 + 2;
    if (want < rounds) rounds = want;
    for (uint32_t i = 0; i < rounds; i++, q = q ? q - 1 : (cnt + 7) / 8 - 1) {
        __m256i sv = _mm256_loadu_si256((const __m256i *)(const void *)(r->sig + 8 * q));
        /* lanes where f has no bit outside the entry's signature */
        __m256i miss = _mm256_andnot_si256(sv, f);
        uint32_t ok = ~(uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(
                          _mm256_xor_si256(_mm256_cmpeq_epi32(miss, _mm256_setzero_si256()), _mm256_set1_epi32(-1)))) &
                      0xff;
        while (ok) {
            uint32_t k = q * 8 + (uint32_t)__builtin_ctz(ok);
            ok &= ok - 1;
            if (k < cnt && (head + DOM_WINDOW - 1 - k) % DOM_WINDOW < newer && ring_hit(a, r, k, F, g, self, fr))
                return 1;
        }
    }
    return 0;
}
#endif

/* Is F (cost g, route fr; self is its own node or UINT32_MAX) dropped by a
 * node of the window of g?  Only the
 * entries added after the window counted *since are compared (the others
 * were before); *since becomes the count now. */
static int dominated(const astar *a, const uint64_t *F, int g, uint32_t self, const route *fr, uint32_t *since)
{
    if (g >= a->nring || !a->ring[g].set) return 0;
    const dom_ring *r = &a->ring[g];
    uint32_t cnt = r->n < DOM_WINDOW ? r->n : DOM_WINDOW;
    uint32_t newer = r->n - *since;
    *since = r->n;
    if (newer < cnt) cnt = newer; /* (the scan below reads the newest first) */
    if (!cnt) return 0;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (a->wide_scan == 2)
        return ring_scan_avx512(a, r, r->n < DOM_WINDOW ? r->n : DOM_WINDOW, cnt, F, g, self, fr);
    if (a->wide_scan == 1)
        return ring_scan_avx2(a, r, r->n < DOM_WINDOW ? r->n : DOM_WINDOW, cnt, F, g, self, fr);
#endif
    uint32_t sf = ring_sig(r, F);
    uint32_t k = r->n % DOM_WINDOW;
    for (uint32_t i = 0; i < cnt; i++) {
        k = k ? k - 1 : DOM_WINDOW - 1;
        if (!(sf & ~r->sig[k]) && ring_hit(a, r, k, F, g, self, fr)) return 1;
    }
    return 0;
}

/* Adds a node (the caller checked the table: slot is F's empty slot, hv
 * its hash); returns its index or -1. */
static int ring_add(astar *a, int g, uint32_t x, const uint64_t *F);
static long add_node(astar *a, const uint64_t *F, uint64_t hv, uint64_t *slot, const route *rt, int g, int h,
                     uint64_t allow, int cells)
{
    if (a->n == a->cap && grow_nodes(a) != 0) return -1;
    if ((a->tn + 1) * 4 > a->tcap * 3) {
        if (grow_table(a) != 0) return -1;
        slot = lookup(a, F, hv);
    }
    size_t i = a->n++;
    memcpy(a->bits + i * (size_t)a->kw, F, (size_t)a->kw * sizeof *F);
    a->rt[i] = rt;
    a->gv[i] = (uint16_t)g;
    a->hv[i] = (uint16_t)h;
    a->allow[i] = allow;
    a->lv[i] = -1;
    a->held[i] = 0;
    a->cells[i] = (uint16_t)cells;
    a->seen[i] = g < a->nring && a->ring[g].set ? a->ring[g].n : 0;
    *slot = (hv >> 32) << 32 | ((uint64_t)i + 1);
    a->tn++;
    if (ring_add(a, g, (uint32_t)i, F) != 0) return -1;
    return (long)i;
}

/* Writes the solution to node x: the root's forced colours, then for each
 * edge its colour and the closure replayed. */
static int route_colours(const route *r, int *cols)
{
    /* each edge floods a group at least: a route has at most n edges */
    int depth = 0;
    for (const route *y = r; y && y->prev; y = y->prev) depth++;
    int k = depth;
    for (const route *y = r; y && y->prev; y = y->prev) cols[--k] = y->move;
    return depth;
}

static void build_solution(const flood_problem *p, const route *r, gl_solution *s)
{
    int cols[FLOOD_MAX_CELLS];
    flood_push_route(p, cols, route_colours(r, cols), s);
}

/* After a stop: the route to node x, finished greedily on the search's
 * meter (two plies, one once the meter has stopped: the answer must be
 * whole, and quick). */
static void finish_greedy(const flood_problem *p, const astar *a, uint32_t x, gl_solution *s)
{
    build_solution(p, a->rt[x], s);
    uint64_t F[FLOOD_KW_MAX];
    memcpy(F, a->bits + (size_t)x * a->kw, (size_t)a->kw * sizeof *F);
    uint8_t rest[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
    int n = flood_greedy_run(&p->g, F, 2, rest, (int)sizeof rest, a->m);
    if (n >= 0) flood_push_moves(s, rest, n);
}

/* When to try the two-ring bound (flood_h_two_ring) on a child the plain
 * bound puts in the current level.  It costs up to one layered bound per
 * colour of the second ring and pays only when it holds the child back to
 * a later level, which depends mostly on the child's plain bound h: it
 * nearly always does at small h and less and less often above
 * (docs/notes/flood.md).  So each search counts, per value of h, how often
 * it held a child back, and tries it where that was at least half the
 * time: always for the first 256 children of each h, then one in 16 where
 * it did not pay, to notice a change.  Only the speed depends on this
 * choice, never the result. */
typedef struct {
    uint32_t tried, held, skipped;
} two_ring_stat;

static int two_ring_worth(two_ring_stat *t)
{
    if (t->tried < 256 || t->held * 4 >= t->tried) return 1;
    return (++t->skipped & 15) == 0;
}

/* The children of the node being expanded, each built once: by the
 * expansion, or earlier on demand by the swap rule (which may need any
 * frontier colour, allowed there or not).  Per colour: the closed child,
 * its edge cost, its size in cells (once needed), and whether the move is
 * dead. */
typedef struct {
    uint64_t built, dead;
    uint32_t extra; /* children the swap rule built beyond these */
    uint8_t n[FLOOD_MAX_COLORS];
    int size[FLOOD_MAX_COLORS];
    uint64_t F[FLOOD_MAX_COLORS][FLOOD_KW_MAX], fr[FLOOD_MAX_COLORS][FLOOD_KW_MAX];
    /* the groups each move brought next to the region */
    uint64_t fresh[FLOOD_MAX_COLORS][8] __attribute__((aligned(64)));
    /* the frontier's rings (flood_rings_of), gathered with the first child */
    flood_rings rings;
    int rings_done;
} siblings;

/* Builds the child of (F, fr) by colour c into sib, with the dead-move test
 * on the way (the groups the move brings next to the region decide both). */
static void build_child(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c, siblings *sib)
{
    if (!sib->rings_done) {
        flood_rings_of(g, fr, &sib->rings);
        sib->rings_done = 1;
    }
    uint64_t *F2 = sib->F[c], *fr2 = sib->fr[c];
    int complete;
    int fresh = flood_child_step(g, F, fr, c, F2, fr2, &complete, sib->fresh[c], &sib->rings);
    sib->n[c] = (uint8_t)(1 + (complete ? flood_close(g, F2, fr2, NULL) : 0));
    sib->size[c] = -1;
    sib->built |= 1ULL << c;
    if (!fresh) sib->dead |= 1ULL << c;
}

/* The swap rule (docs/flood.md, "The swap rule"): the colours left open
 * at the child C (F2, fr2, edge cost n) of X (F, fr) by colour c.  A colour
 * d is closed when the edges d then c from X flood a superset Y' of what c
 * then d flood (Y), at no greater total cost, and the pair d, c comes first
 * in the order of optimal sequences: cheaper in all; else the first edge
 * cheaper; else (same costs) the larger first set (in cells); else the
 * larger second set; else (Y' = Y, same sizes) the smaller colour first. */
static uint64_t swap_open(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c,
                          const uint64_t *F2, const uint64_t *fr2, int n, siblings *sib)
{
    int kw = g->kw;
    uint64_t open = ~0ULL;
    /* Y' can hold Y only if c brought no new d-group next to the region
     * (a d-group first met through C's new groups is in Y and, but for a
     * closure, not in Y'): a cheap filter, the test itself is exact */
    uint64_t cand = 0;
    for (int d = 0; d < g->ncolors; d++) {
        if (d == c) continue;
        const uint64_t *cm = g->colmask + (size_t)d * kw;
        uint64_t on = 0, fresh = 0;
        for (int i = 0; i < kw; i++) {
            uint64_t y = fr2[i] & cm[i];
            on |= y;
            fresh |= y & ~fr[i];
        }
        if (on && !fresh) cand |= 1ULL << d;
    }
    const uint64_t *cmc = g->colmask + (size_t)c * kw;
    int sc = -1;
    while (cand) {
        int d = __builtin_ctzll(cand);
        cand &= cand - 1;
        if (!(sib->built >> d & 1)) build_child(g, F, fr, d, sib);
        /* c must still be a move after d */
        if (!fset_intersects(sib->fr[d], cmc, kw)) continue;
        int nd = sib->n[d];
        if (nd > n) continue; /* the first edge of c, d ends sooner: it comes first */
        if (nd == n) {
            /* same first costs: the larger first set comes first (a pair
             * cheaper in all is not worth building both for) */
            if (sc < 0) sc = flood_cells(g, F2);
            if (sib->size[d] < 0) sib->size[d] = flood_cells(g, sib->F[d]);
            if (sib->size[d] < sc) continue;
        }
        uint64_t FY[FLOOD_KW_MAX], frY[FLOOD_KW_MAX], FZ[FLOOD_KW_MAX], frZ[FLOOD_KW_MAX];
        int ny = flood_child(g, F2, fr2, d, FY, frY, NULL);
        int nz = flood_child(g, sib->F[d], sib->fr[d], c, FZ, frZ, NULL);
        sib->extra += 2;
        if (nd + nz > n + ny || !fset_subset(FY, FZ, kw)) continue;
        int first;
        if (nd + nz < n + ny || nd < n) {
            first = 1;
        } else {
            if (sib->size[d] != sc) {
                first = sib->size[d] > sc;
            } else if (!fset_equal(FY, FZ, kw)) {
                first = 1;
            } else {
                first = d < c;
            }
        }
        if (first) open &= ~(1ULL << d);
    }
    return open;
}

/* ------------------------------------------------------------ the search
 *
 * One worker, or several (--threads) that each own the states whose hash
 * falls to them: a worker expands its own nodes, stores the children it
 * owns and sends the others to their owners (flood_xport.h), level by level
 * of f; a level ends when every worker is idle and no child is in flight.
 * A child never has a smaller f than its parent (its bound is at least the
 * parent's less the edge), so no node below the level appears during it,
 * and the first goal any worker pops is optimal. */

typedef struct search search;
typedef struct {
    search *S;
    int id;
    astar a;
    gl_meter meter;
    two_ring_stat tr[64];
    unsigned long long generated, revisits, at_level, held_back, expanded;
    uint32_t last; /* the last node expanded, or UINT32_MAX */
    uint32_t work;
    int oom;
    int level; /* the level it was in when it stopped */
    const route **rix; /* across processes: the routes received, each record once */
    size_t rixn, rixcap;
} worker;

struct search {
    const flood_problem *p;
    int nw, mw; /* workers, message words */
    worker *w;
    flood_xport *xp;
    pthread_mutex_t mu;  /* the goal */
    const route *goal;
    int level;
    const flood_remote *rm; /* across processes: this process runs worker rm->self only */
    int nown;               /* workers in all (nw, or rm->workers) */
    /* across processes, the owner's abstraction: a fixed quarter of the
     * groups (proj, OWNER_EVERY), empty when the owner is the plain hash */
    int abstract;
    uint64_t proj[FLOOD_KW_MAX];
};

/* Across processes a child that goes to another owner costs a message,
 * and dominance compares only the nodes of one owner; so the owner is a
 * hash of an abstraction of the set (abstract Zobrist hashing, Jinnai and
 * Fukunaga): the set seen on a fixed pseudo-random quarter of the groups.
 * A set and a slightly larger one (a dominated node and its dominator, a
 * node and its transpositions through moves elsewhere) differ in a few
 * groups and so usually share an owner.  Measured on hard boards over 2
 * processes: 7% fewer expansions in all than the plain hash, with the
 * work as evenly spread (docs/notes/flood.md). */
#define OWNER_EVERY 4
static void owner_projection(search *S)
{
    const flood_graph *g = &S->p->g;
    S->abstract = 1;
    for (int x = 0; x < g->n; x++) {
        uint64_t z = 0x9E3779B97F4A7C15ULL * (uint64_t)(x + 1);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        if ((z ^ (z >> 31)) % OWNER_EVERY == 0) S->proj[x >> 6] |= 1ULL << (x & 63);
    }
}

/* The worker of a set (F, its hash hv). */
static inline int owner_of(const search *S, const uint64_t *F, uint64_t hv)
{
    if (S->abstract) {
        const int kw = S->p->g.kw;
        uint64_t x[FLOOD_KW_MAX];
        for (int i = 0; i < kw; i++) x[i] = F[i] & S->proj[i];
        hv = gl_hash_words(x, (size_t)kw) >> 32;
    }
    return (int)((hv & 0xffffffffu) % (uint32_t)S->nown);
}

/* A child for worker w to store: its set F (hash hv), route r (cost r->g,
 * r->cells cells), the colours the swap rule leaves open and its bound hs.
 * Exactly what the sequential A* did on reaching a child of the level:
 * kept, joined with the node of its set, or dropped. */
static int take_child(worker *W, const uint64_t *F2, uint64_t hv, const route *r, uint64_t open, int hs)
{
    astar *a = &W->a;
    int g2 = r->g;
    uint64_t *slot = lookup(a, F2, hv);
    if (*slot) {
        uint32_t y = (uint32_t)*slot - 1;
        if (a->gv[y] < g2) return 0;
        if (a->gv[y] == g2) {
            /* another route of the same cost: its open colours join y's; y
             * keeps the route that comes first (the one dominance
             * compares), and is revived if it was dropped for a route that
             * does not come before this one; if y was expanded, it is
             * expanded again */
            int first = route_cmp(r, a->rt[y]) > 0;
            if (first) a->rt[y] = r;
            int dead = a->lv[y] == LV_DEAD;
            if (!(open & ~a->allow[y]) && !(dead && first)) return 0;
            a->allow[y] |= open;
            if (dead && !first) return 0;
            if (dead) a->revived++;
            if (a->lv[y] < 0) return 0;
        } else {
            a->gv[y] = (uint16_t)g2;
            a->rt[y] = r;
            a->allow[y] = open;
            a->seen[y] = 0;
            if (ring_add(a, g2, y, F2) != 0) return -1;
        }
        if (hs > a->hv[y]) a->hv[y] = (uint16_t)hs;
        a->lv[y] = -1;
        return push(a, g2 + a->hv[y], g2, y);
    }
    W->work++;
    uint32_t since = 0;
    if (dominated(a, F2, g2, UINT32_MAX, r, &since)) {
        a->dominated++;
        return 0;
    }
    long y = add_node(a, F2, hv, slot, r, g2, hs, open, r->cells);
    if (y < 0) return -1;
    return push(a, g2 + hs, g2, (uint32_t)y);
}

/* A message: the route, the open colours, the bound, the set. */
static int take_message(worker *W, const uint64_t *msg)
{
    const route *r = (const route *)(uintptr_t)msg[0];
    const uint64_t *F2 = msg + 3;
    return take_child(W, F2, gl_hash_words(F2, (size_t)W->a.kw), r, msg[1], (int)msg[2]);
}

/* ------------------------------------------------------------ across processes
 *
 * Under MPI (flood_remote, flood_mpi.c) a child sent to another process
 * carries its route whole, from the root: a record (cost, cells, colour) in
 * 32 bits, two a word.  The receiver keeps each record once (a table keyed
 * by the record before and the record), so the routes it receives share
 * their beginnings as in one process, and compare (route_cmp) exactly as
 * they would there: the order of routes is a function of their contents. */

static inline uint32_t rec_pack(const route *r)
{
    return (uint32_t)r->g | (uint32_t)r->cells << 12 | (uint32_t)r->move << 22;
}

static inline size_t rec_home(const route *prev, uint32_t rec, size_t cap)
{
    uint64_t h = ((uint64_t)(uintptr_t)prev ^ rec) * 0x9E3779B97F4A7C15ULL;
    return (size_t)(h >> 20) & (cap - 1);
}

/* The record rec after prev, this process's one (made the first time). */
static const route *route_intern(worker *W, const route *prev, uint32_t rec)
{
    if ((W->rixn + 1) * 2 > W->rixcap) {
        size_t nc = W->rixcap ? 2 * W->rixcap : 4096;
        if (gl_meter_charge(W->a.m, nc * sizeof *W->rix) != 0) return NULL;
        const route **t = calloc(nc, sizeof *t);
        if (!t) return NULL;
        for (size_t i = 0; i < W->rixcap; i++) {
            const route *y = W->rix[i];
            if (!y) continue;
            size_t j = rec_home(y->prev, rec_pack(y), nc);
            while (t[j]) j = (j + 1) & (nc - 1);
            t[j] = y;
        }
        free(W->rix);
        gl_meter_refund(W->a.m, W->rixcap * sizeof *W->rix);
        W->rix = t;
        W->rixcap = nc;
    }
    size_t j = rec_home(prev, rec, W->rixcap);
    for (; W->rix[j]; j = (j + 1) & (W->rixcap - 1))
        if (W->rix[j]->prev == prev && rec_pack(W->rix[j]) == rec) return W->rix[j];
    const route *y = new_route(&W->a, prev, (int)(rec & 0xfff), (int)(rec >> 12 & 0x3ff), (int)(rec >> 22));
    if (!y) return NULL;
    W->rix[j] = y;
    W->rixn++;
    return y;
}

/* A child for another process: the records, the open colours, the bound,
 * the set, then the route's records from the root. */
static int remote_send(search *S, worker *W, int to, const route *r, uint64_t open, int hs, const uint64_t *F2)
{
    const route *chain[FLOOD_MAX_CELLS + 1];
    int n = 0;
    for (const route *y = r; y; y = y->prev) {
        if (n > FLOOD_MAX_CELLS) return -1;
        chain[n++] = y;
    }
    const int kw = W->a.kw;
    uint64_t msg[3 + FLOOD_KW_MAX + (FLOOD_MAX_CELLS + 2) / 2];
    msg[0] = (uint64_t)n;
    msg[1] = open;
    msg[2] = (uint64_t)hs;
    memcpy(msg + 3, F2, (size_t)kw * sizeof *F2);
    uint64_t *w = msg + 3 + kw;
    for (int i = 0; i < n; i++) {
        uint64_t v = rec_pack(chain[n - 1 - i]);
        if (i & 1) w[i >> 1] |= v << 32;
        else w[i >> 1] = v;
    }
    return S->rm->send(S->rm->ctx, to, msg, (size_t)(3 + kw + (n + 1) / 2));
}

/* Takes the messages of a batch from another process: 0, or -1 (memory, or
 * a message that does not parse). */
static int remote_take(worker *W, const uint64_t *m, size_t words)
{
    astar *a = &W->a;
    const size_t kw = (size_t)a->kw;
    while (words) {
        uint64_t n = m[0];
        if (words < 3 + kw || n == 0 || n > FLOOD_MAX_CELLS + 1) return -1;
        size_t len = 3 + kw + (size_t)(n + 1) / 2;
        if (len > words) return -1;
        const uint64_t *F2 = m + 3, *w = m + 3 + kw;
        uint64_t hv = gl_hash_words(F2, kw);
        /* reached already more cheaply: dropped without its route */
        int g2 = (int)((w[(n - 1) >> 1] >> ((n - 1) & 1 ? 32 : 0)) & 0xfff);
        uint64_t *slot = lookup(a, F2, hv);
        if (!*slot || a->gv[(uint32_t)*slot - 1] >= g2) {
            const route *r = NULL;
            for (uint64_t i = 0; i < n; i++)
                if (!(r = route_intern(W, r, (uint32_t)(w[i >> 1] >> (i & 1 ? 32 : 0))))) return -1;
            if (take_child(W, F2, hv, r, m[1], (int)m[2]) != 0) return -1;
        }
        m += len;
        words -= len;
    }
    return 0;
}

/* The transport, whichever it is (several workers: threads or processes). */
static int x_multi(const search *S) { return S->nw > 1 || S->rm; }
static int x_stopped(search *S) { return S->rm ? S->rm->stopped(S->rm->ctx) : flood_xport_stopped(S->xp); }
static void x_stop(search *S, const char *why)
{
    if (S->rm) S->rm->stop(S->rm->ctx, why);
    else flood_xport_stop(S->xp);
}
static int x_flush(search *S, worker *W) { return S->rm ? S->rm->flush(S->rm->ctx) : flood_xport_flush(S->xp, W->id); }
/* Takes the worker's inbox: 0, or -1 */
static int x_take_inbox(search *S, worker *W)
{
    const uint64_t *msgs;
    if (S->rm) {
        size_t nw;
        while ((nw = S->rm->recv(S->rm->ctx, &msgs)) != 0)
            if (remote_take(W, msgs, nw) != 0) return -1;
        return 0;
    }
    size_t nm = flood_xport_recv(S->xp, W->id, &msgs);
    for (size_t i = 0; i < nm; i++)
        if (take_message(W, msgs + i * (size_t)S->mw) != 0) return -1;
    return 0;
}

/* Expands node x (popped at level f, cost gg): returns 0, or -1 when memory
 * ran out. */
static int expand(worker *W, uint32_t x, int f, int gg)
{
    search *S = W->S;
    astar *a = &W->a;
    const flood_graph *g = a->g;
    const int kw = a->kw;
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX];
    memcpy(F, a->bits + (size_t)x * kw, (size_t)kw * sizeof *F);
    int from = a->lv[x];
    a->lv[x] = (int16_t)f;
    W->expanded++;
    /* Partial expansion: only the children with f in (from, f] are stored
     * now; x goes back in the queue at its smallest larger child f, and is
     * expanded again there.  Most children lie above the optimal cost and
     * are never stored at all. */
    int nextf = INT32_MAX;
    uint64_t held = a->held[x], now_held = 0;
    flood_frontier(g, F, fr);
    uint64_t cols = flood_frontier_colours(g, fr) & a->allow[x];
    siblings sib;
    sib.built = sib.dead = 0;
    sib.extra = 0;
    sib.rings_done = 0;
    const route *rx = a->rt[x];
    while (cols) {
        int c = __builtin_ctzll(cols);
        cols &= cols - 1;
        if (!(sib.built >> c & 1)) build_child(g, F, fr, c, &sib);
        if (sib.dead >> c & 1) continue; /* a dead move */
        const uint64_t *F2 = sib.F[c], *fr2 = sib.fr[c];
        int n = sib.n[c];
        int g2 = gg + n;
        W->generated++;
        /* exact up to this level; above it, a lower bound is enough */
        flood_ring2 R2;
        int r2ok;
        int h2 = flood_h_cut_r2(g, F2, fr2, f - g2, &sib.rings, n == 1 ? sib.fresh[c] : NULL, &R2, &r2ok);
        /* the parent's bound less the edge is a bound too (it may be a
         * refined one): so a child's f is never below its parent's */
        if (a->hv[x] - n > h2) h2 = a->hv[x] - n;
        int f2 = g2 + h2;
        /* stored at an earlier level, unless the two-ring bound held it
         * back then */
        if (f2 <= from && !(held >> c & 1)) continue;
        if (f2 > f) {
            if (f2 < nextf) nextf = f2;
            continue;
        }
        two_ring_stat *t = &W->tr[h2 < 63 ? h2 : 63];
        /* held back at the last expansion: its two-ring bound was then
         * above that level, so it is at least from + 1 - g2 (stored with
         * the plain bound it would be expanded at a level it was proved not
         * to belong to, then again at this one) */
        int hs = f2 <= from ? from + 1 - g2 : h2;
        if (two_ring_worth(t)) {
            int r = flood_h_two_ring_r2(g, F2, fr2, r2ok ? &R2 : NULL, f - g2);
            W->work += (uint32_t)g->ncolors;
            t->tried++;
            if (g2 + r > f) {
                t->held++;
                W->held_back++;
                now_held |= 1ULL << c;
                if (g2 + r < nextf) nextf = g2 + r;
                continue;
            }
        }
        uint64_t open = swap_open(g, F, fr, c, F2, fr2, n, &sib);
        const route *r = new_route(a, rx, g2, flood_cells(g, F2), c);
        if (!r) return -1;
        uint64_t hv = gl_hash_words(F2, (size_t)kw);
        int to = owner_of(S, F2, hv);
        if (to == W->id) {
            if (take_child(W, F2, hv, r, open, hs) != 0) return -1;
        } else if (S->rm) {
            if (remote_send(S, W, to, r, open, hs, F2) != 0) return -1;
        } else {
            uint64_t msg[3 + FLOOD_KW_MAX];
            msg[0] = (uint64_t)(uintptr_t)r;
            msg[1] = open;
            msg[2] = (uint64_t)hs;
            memcpy(msg + 3, F2, (size_t)kw * sizeof *F2);
            if (flood_xport_send(S->xp, W->id, to, msg) != 0) return -1;
        }
    }
    a->held[x] = now_held;
    W->work += (uint32_t)__builtin_popcountll(sib.built) + sib.extra;
    if (nextf != INT32_MAX && push(a, nextf, gg, x) != 0) return -1;
    return 0;
}

/* A waiting worker's limits (flood_xport_poll): the time and an interrupt
 * stop it even while the other workers hold the level. */
static int worker_poll(void *ctx)
{
    worker *W = ctx;
    return gl_meter_check(&W->meter);
}

/* A worker's loop: its inbox, then its nodes of the level, deepest first;
 * idle, the end of the level.  Stops at a goal (for every worker), a limit
 * or when memory runs out. */
static void *worker_run(void *arg)
{
    worker *W = arg;
    search *S = W->S;
    astar *a = &W->a;
    const flood_graph *g = a->g;
    int level = S->level, cur = -1;
    unsigned since_flush = 0;
    for (;;) {
        W->level = level;
        if (x_multi(S)) {
            if (x_stopped(S)) break;
            if (x_take_inbox(S, W) != 0) goto oom;
        }
        int f, gg;
        uint32_t x;
        while (a->fmin < (size_t)a->nf && a->qcount[a->fmin] == 0) a->fmin++;
        if (a->fmin > (size_t)level || pop(a, &f, &gg, &x) != 0) {
            if (!x_multi(S)) {
                /* the next level: the smallest f queued */
                while (a->fmin < (size_t)a->nf && a->qcount[a->fmin] == 0) a->fmin++;
                if (a->fmin >= (size_t)a->nf) break; /* cannot happen: the full set is reachable */
                level = (int)a->fmin;
                continue;
            }
            if (x_flush(S, W) != 0) goto oom;
            since_flush = 0;
            if (S->rm) {
                /* the level's end across processes: the smallest f queued
                 * here is final once the level is over everywhere */
                while (a->fmin < (size_t)a->nf && a->qcount[a->fmin] == 0) a->fmin++;
                int next, r = S->rm->idle(S->rm->ctx, a->fmin < (size_t)a->nf ? (int)a->fmin : INT32_MAX, &next,
                                          worker_poll, W);
                if (r < 0) break;
                if (r == 0) level = next;
                if (level == INT32_MAX) break;
                continue;
            }
            int r = flood_xport_idle(S->xp, W->id, worker_poll, W);
            if (r < 0) break;
            if (r > 0) continue;
            while (a->fmin < (size_t)a->nf && a->qcount[a->fmin] == 0) a->fmin++;
            level = flood_xport_next_level(S->xp, W->id, a->fmin < (size_t)a->nf ? (int)a->fmin : INT32_MAX,
                                           worker_poll, W);
            if (level < 0 || level == INT32_MAX) break;
            continue;
        }
        if (a->gv[x] != gg) continue; /* stale: reached again more cheaply */
        if (a->lv[x] >= f) continue;  /* this level's children are in already (or dead) */
        const uint64_t *F = a->bits + (size_t)x * a->kw;
        if (flood_is_full(g, F)) {
            pthread_mutex_lock(&S->mu);
            if (!S->goal) S->goal = a->rt[x];
            pthread_mutex_unlock(&S->mu);
            if (x_multi(S)) x_stop(S, "goal");
            break;
        }
        W->work++;
        if (x && dominated(a, F, gg, x, a->rt[x], &a->seen[x])) {
            a->dominated++;
            a->lv[x] = LV_DEAD;
            continue;
        }
        W->last = x;
        W->revisits += a->lv[x] >= 0;
        if (f != cur) {
            cur = f;
            W->at_level = 0;
        }
        W->at_level++;
        if (gl_meter_tick(&W->meter, W->work)) {
            if (x_multi(S)) x_stop(S, W->meter.stopped);
            break;
        }
        W->work = 1;
        if (expand(W, x, f, gg) != 0) goto oom;
        if (x_multi(S) && ++since_flush == 16) {
            since_flush = 0;
            if (x_flush(S, W) != 0) goto oom;
        }
    }
    return NULL;
oom:
    W->oom = 1;
    if (!W->meter.stopped) W->meter.stopped = "memory limit";
    if (x_multi(S)) x_stop(S, W->meter.stopped);
    return NULL;
}

/* The search on nw workers, its tables charged to the meters (worker 0's
 * is m, the others charge m's budget) and its work ticked on them.  Always
 * leaves a whole solution in s: proved optimal, or after a stop (a limit,
 * or memory that could not be had) the last node expanded finished
 * greedily, marked stopped. */
static void astar_search(const flood_problem *p, gl_meter *m, gl_solution *s, int nw, const flood_remote *rm)
{
    const flood_graph *g = &p->g;
    search S;
    memset(&S, 0, sizeof S);
    S.p = p;
    S.nw = nw;
    S.rm = rm;
    S.nown = rm ? rm->workers : nw;
    if (rm) owner_projection(&S);
    S.mw = 3 + g->kw;
    pthread_mutex_init(&S.mu, NULL);
    S.w = calloc((size_t)nw, sizeof *S.w);
    if (nw > 1) S.xp = flood_xport_new(nw, S.mw);
    int ok = S.w && (nw == 1 || S.xp);
    /* every worker set up (none left with calloc's zeros, which would read
     * as a node expanded), its tables allocated while memory lasts */
    for (int i = 0; S.w && i < nw; i++) {
        worker *W = &S.w[i];
        W->S = &S;
        W->id = rm ? rm->self : i;
        W->last = UINT32_MAX;
        W->work = 1;
        astar *a = &W->a;
        a->g = g;
        a->kw = g->kw;
        a->stride = g->kw <= 2 ? 2 : g->kw <= 4 ? 4 : g->kw <= 8 ? 8 : g->kw;
        a->wide_scan = gl_simd_path() == GL_SIMD_AVX512 ? 2 : gl_simd_path() == GL_SIMD_AVX2;
        a->fmin = (size_t)-1;
        if (i == 0) W->meter = *m;
        else gl_meter_start(&W->meter, m->lim);
        a->m = &W->meter;
        if (ok && (grow_nodes(a) != 0 || grow_table(a) != 0)) ok = 0;
    }
    int h0 = flood_h(g, p->F, p->fr);
    S.level = p->nroot + h0;
    if (ok) {
        /* the root, at its owner */
        uint64_t hv = gl_hash_words(p->F, (size_t)g->kw);
        int own = owner_of(&S, p->F, hv);
        worker *W = rm ? (own == rm->self ? &S.w[0] : NULL) : &S.w[own];
        const route *r = W ? new_route(&W->a, NULL, p->nroot, flood_cells(g, p->F), 0) : NULL;
        ok = !W || (r && take_child(W, p->F, hv, r, ~0ULL, h0) == 0);
    }
    if (ok) {
        if (nw == 1) {
            worker_run(&S.w[0]);
        } else {
            pthread_t *th = calloc((size_t)nw, sizeof *th);
            int started = 0;
            if (th)
                for (; started < nw; started++)
                    if (pthread_create(&th[started], NULL, worker_run, &S.w[started]) != 0) break;
            if (started < nw) {
                /* a thread could not start: the others stop */
                flood_xport_stop(S.xp);
                if (!S.w[0].meter.stopped) S.w[0].meter.stopped = "memory limit";
            }
            for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
            free(th);
        }
    } else if (S.w) {
        S.w[0].oom = 1;
        /* the other processes wait for this one: stopped for all */
        if (rm) x_stop(&S, "memory limit");
    }
    /* the search's effort, for measuring changes independently of load:
     * children built (each with a bound), expansions that were revisits (a
     * later level, or colours a same-cost arrival opened), nodes stored,
     * expansions in the last f level, children held back by the two-ring
     * bound, nodes dropped as dominated and revived */
    unsigned long long gen = 0, rev = 0, st = 0, lastl = 0, hb = 0, dom = 0, rv = 0, nodes = 0;
    const char *stopped = NULL;
    for (int i = 0; S.w && i < nw; i++) {
        worker *W = &S.w[i];
        gen += W->generated;
        rev += W->revisits;
        st += W->a.n;
        lastl += W->at_level;
        hb += W->held_back;
        dom += W->a.dominated;
        rv += W->a.revived;
        nodes += W->expanded;
        if (!stopped && W->meter.stopped) stopped = W->meter.stopped;
        if (!stopped && W->oom) stopped = "memory limit";
    }
    s->nodes += nodes;
    gl_info_int(&s->info, "generated", (long long)gen);
    gl_info_int(&s->info, "revisits", (long long)rev);
    gl_info_int(&s->info, "stored", (long long)st);
    gl_info_int(&s->info, "last_level", (long long)lastl);
    gl_info_int(&s->info, "held_back", (long long)hb);
    gl_info_int(&s->info, "dominated", (long long)dom);
    gl_info_int(&s->info, "revived", (long long)rv);
    if (nw > 1) gl_info_int(&s->info, "threads", nw);
    int cols[FLOOD_MAX_CELLS], depth = -1;
    size_t peak_all = 0;
    if (S.goal) depth = route_colours(S.goal, cols);
    /* the level the search was in (every worker in the same one): each
     * node below it was expanded and none was a goal, so without a goal
     * no solution is shorter than it */
    int level = S.w ? S.w[0].level : S.level;
    if (rm) {
        /* every process: the goal any found, why any stopped, the effort */
        size_t peak = S.w ? S.w[0].meter.peak : 0;
        unsigned long long all = nodes;
        rm->finish(rm->ctx, cols, &depth, FLOOD_MAX_CELLS, &stopped, &level, &all, &peak);
        s->nodes += all - nodes;
        peak_all = peak;
        /* a stop by Ctrl-C anywhere stops this process's command too */
        if (stopped && strcmp(stopped, "interrupted") == 0 && m->lim && m->lim->interrupt) *m->lim->interrupt = 1;
    }
    if (depth < 0) gl_info_int(&s->info, "lower_bound", level);
    if (depth >= 0) {
        flood_push_route(p, cols, depth, s);
        s->solved = 1;
        s->optimal = 1;
        s->cost = s->nmoves;
    } else {
        /* stopped: the last node expanded (worker 0's, else any), finished
         * greedily on its worker's meter, marked stopped first (one ply:
         * the answer must be whole, and quick) */
        if (!m->stopped) m->stopped = stopped ? stopped : S.w ? "search exhausted" : "memory limit";
        worker *W = NULL;
        for (int i = 0; S.w && i < nw && !W; i++)
            if (S.w[i].last != UINT32_MAX) W = &S.w[i];
        if (W) {
            if (!W->meter.stopped) W->meter.stopped = m->stopped;
            finish_greedy(p, &W->a, W->last, s);
            s->solved = 1;
            s->optimal = 0;
            s->cost = s->nmoves;
        } else {
            flood_finish_from_root(p, m, s);
        }
    }
    if (S.w) {
        /* worker 0's meter is the caller's, with the reason any worker
         * stopped (worker 0 may have been stopped by another's limit) */
        const char *why = m->stopped ? m->stopped : S.w[0].meter.stopped;
        /* the workers' peaks added up: at least the peak of their sum */
        size_t peak = S.w[0].meter.peak;
        *m = S.w[0].meter;
        m->stopped = why;
        for (int i = 1; i < nw; i++) {
            peak += S.w[i].meter.peak;
            gl_meter_end(&S.w[i].meter);
        }
        m->peak = rm ? peak_all : peak;
        for (int i = 0; i < nw; i++) {
            free(S.w[i].rix);
            astar_free(&S.w[i].a);
        }
    }
    free(S.w);
    flood_xport_free(S.xp);
    pthread_mutex_destroy(&S.mu);
}

int flood_astar_run(const flood_problem *p, const gl_limits *lim, gl_solution *s, gl_error *err)
{
    (void)err;
    gl_meter m;
    gl_meter_start(&m, lim);
    /* the graph was built before the meter started: charged now */
    if (gl_meter_charge(&m, p->g.bytes) == 0) astar_search(p, &m, s, 1, NULL);
    else flood_finish_from_root(p, &m, s);
    flood_meter_end(&m, s);
    return 0;
}

int flood_astar_board(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e)
{
    long long threads = 1, mpi = 0;
    if (o->opts && gl_kv_int(o->opts, "threads", 1, 64, &threads, e) != 0) return -1;
    if (o->opts && gl_kv_int(o->opts, "mpi", 0, 1, &mpi, e) != 0) return -1;
    const flood_remote *rm = mpi ? flood_remote_get() : NULL;
    if (mpi && !rm)
        return gl_error_set(e, "--mpi: this process was not started as one of several (mpirun -np N gridlab ... --mpi)");
    if (rm && threads > 1)
        return gl_error_set(e, "--mpi runs one search thread per process: leave out --threads and start more "
                               "processes (mpirun -np N)");
    /* the workers share one memory budget: the caller's, else one made
     * here with the limits' cap */
    gl_limits lim = o->lim;
    gl_budget own;
    if (threads > 1 && !lim.budget) {
        gl_budget_init(&own, gl_limits_mem_cap(&o->lim));
        lim.budget = &own;
    }
    gl_meter m;
    gl_meter_start(&m, &lim);
    flood_problem p;
    int rc = flood_problem_init_metered(&p, b, &m, e);
    if (rc == 0 && rm && rm->begin(rm->ctx, gl_hash_words(p.F, (size_t)p.g.kw) ^ (uint64_t)p.g.n << 32) != 0) {
        flood_problem_free(&p);
        flood_meter_end(&m, s);
        return gl_error_set(e, "--mpi: the processes were given different boards (each reads FILE itself)");
    }
    if (rc == 0) astar_search(&p, &m, s, (int)threads, rm);
    /* several workers and a budget of their own: its peak is the search's */
    if (lim.budget == &own) m.peak = own.peak;
    if (rc >= 0) flood_problem_free(&p);
    flood_meter_end(&m, s);
    return rc < 0 ? -1 : 0;
}

int flood_solve_astar(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e)
{
    if (flood_astar_board(b, o, s, e) != 0) return -1;
    flood_keep_to_limit(b, s);
    return 0;
}
