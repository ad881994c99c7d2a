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
#include "gridlab/cpu.h"

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

typedef struct {
    const flood_graph *g;
    int kw;
    uint64_t *bits;
    uint32_t *parent;
    uint8_t *move;
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
} astar;

/* The bytes of one node over the node arrays below. */
static size_t node_bytes(const astar *a) { return (size_t)a->kw * 8 + 4 + 1 + 2 + 2 + 8 + 2 + 8 + 2 + 4; }

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
    uint32_t *par = realloc(a->parent, nc * sizeof *par);
    if (!par) return -1;
    a->parent = par;
    uint8_t *mv = realloc(a->move, nc);
    if (!mv) return -1;
    a->move = mv;
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
    free(a->parent);
    free(a->move);
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
    for (int i = 0; i < r->npiv; i++) v |= (uint32_t)(F[r->piv[i] >> 6] >> (r->piv[i] & 63) & 1) << i;
    return v;
}

/* Chooses the pivots of a window from its entries: the groups in nearest
 * half of its sets, and computes every signature again. */
static void ring_pick(const astar *a, dom_ring *r)
{
    uint32_t cnt = r->n < DOM_WINDOW ? r->n : DOM_WINDOW;
    int nbits = a->kw * 64;
    uint32_t count[FLOOD_KW_MAX * 64];
    memset(count, 0, (size_t)nbits * sizeof *count);
    for (uint32_t k = 0; k < cnt; k++) {
        const uint64_t *S = r->set + (size_t)k * (size_t)a->stride;
        for (int w = 0; w < a->kw; w++)
            for (uint64_t x = S[w]; x; x &= x - 1) count[w * 64 + __builtin_ctzll(x)]++;
    }
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
    for (uint32_t k = 0; k < cnt; k++) r->sig[k] = ring_sig(r, r->set + (size_t)k * (size_t)a->stride);
    r->pick = r->n < DOM_WINDOW ? 2 * r->n : r->n + DOM_WINDOW;
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
 * time by time, larger first.  Route A is the route to node pa followed by
 * an edge to a set of ca cells at time ta; route B likewise.  Positive
 * when A comes first, negative when B does, 0 when the counts are the same
 * at every time.  The two walk up to their last common node, which is as
 * far back as they can differ. */
static int route_cmp(const astar *a, uint32_t pa, int ta, int ca, uint32_t pb, int tb, int cb)
{
    /* (time, cells) of each route's edges after the common node, deepest
     * first */
    int at[512], ac[512], bt[512], bc[512];
    int na = 0, nb = 0;
    at[na] = ta, ac[na++] = ca;
    bt[nb] = tb, bc[nb++] = cb;
    while (pa != pb) {
        if (a->gv[pa] >= a->gv[pb]) {
            if (na == 512) return 0;
            at[na] = a->gv[pa], ac[na++] = a->cells[pa];
            pa = a->parent[pa];
        } else {
            if (nb == 512) return 0;
            bt[nb] = a->gv[pb], bc[nb++] = a->cells[pb];
            pb = a->parent[pb];
        }
    }
    int va = a->cells[pa], vb = va;
    int ia = na - 1, ib = nb - 1;
    while (ia >= 0 || ib >= 0) {
        int t = ia >= 0 && (ib < 0 || at[ia] <= bt[ib]) ? at[ia] : bt[ib];
        while (ia >= 0 && at[ia] == t) va = ac[ia--];
        while (ib >= 0 && bt[ib] == t) vb = bc[ib--];
        if (va != vb) return va > vb ? 1 : -1;
    }
    return 0;
}

/* Whether the window entry k (a set holding all of F) is a node that may
 * drop F: another node, still of cost g, with a strictly larger set, whose
 * route comes before F's (the route to fp, then an edge to F at time g). */
static int ring_hit(const astar *a, const dom_ring *r, uint32_t k, const uint64_t *F, int g, uint32_t self,
                    uint32_t fp, int fcells)
{
    const uint64_t *S = r->set + (size_t)k * (size_t)a->stride;
    uint32_t y = r->id[k];
    if (y == self || a->gv[y] != g || !fset_subset(F, S, a->kw) || fset_equal(F, S, a->kw)) return 0;
    return route_cmp(a, a->parent[y], g, a->cells[y], fp, g, fcells) > 0;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
/* The newest `newer` entries of cnt, 16 signatures per round, newest round
 * first. */
__attribute__((target("avx512f,bmi"))) static int ring_scan_avx512(const astar *a, const dom_ring *r,
                                                                    uint32_t cnt, uint32_t newer, const uint64_t *F,
                                                                    int g, uint32_t self, uint32_t fp, int fcells)
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
            if (k < cnt && (head + DOM_WINDOW - 1 - k) % DOM_WINDOW < newer && ring_hit(a, r, k, F, g, self, fp, fcells))
                return 1;
        }
    }
    return 0;
}

/* The same scan, 8 signatures per round. */
__attribute__((target("avx2,bmi"))) static int ring_scan_avx2(const astar *a, const dom_ring *r, uint32_t cnt,
                                                               uint32_t newer, const uint64_t *F, int g,
                                                               uint32_t self, uint32_t fp, int fcells)
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
            if (k < cnt && (head + DOM_WINDOW - 1 - k) % DOM_WINDOW < newer && ring_hit(a, r, k, F, g, self, fp, fcells))
                return 1;
        }
    }
    return 0;
}
#endif

/* Is F (cost g, reached by an edge from node fp, fcells cells; self is its
 * own node or UINT32_MAX) dropped by a node of the window of g?  Only the
 * entries added after the window counted *since are compared (the others
 * were before); *since becomes the count now. */
static int dominated(const astar *a, const uint64_t *F, int g, uint32_t self, uint32_t fp, int fcells,
                     uint32_t *since)
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
        return ring_scan_avx512(a, r, r->n < DOM_WINDOW ? r->n : DOM_WINDOW, cnt, F, g, self, fp, fcells);
    if (a->wide_scan == 1)
        return ring_scan_avx2(a, r, r->n < DOM_WINDOW ? r->n : DOM_WINDOW, cnt, F, g, self, fp, fcells);
#endif
    uint32_t sf = ring_sig(r, F);
    uint32_t k = r->n % DOM_WINDOW;
    for (uint32_t i = 0; i < cnt; i++) {
        k = k ? k - 1 : DOM_WINDOW - 1;
        if (!(sf & ~r->sig[k]) && ring_hit(a, r, k, F, g, self, fp, fcells)) return 1;
    }
    return 0;
}

/* Adds a node (the caller checked the table: slot is F's empty slot, hv
 * its hash); returns its index or -1. */
static int ring_add(astar *a, int g, uint32_t x, const uint64_t *F);
static long add_node(astar *a, const uint64_t *F, uint64_t hv, uint64_t *slot, uint32_t parent, int move,
                     int g, int h, uint64_t allow, int cells)
{
    if (a->n == a->cap && grow_nodes(a) != 0) return -1;
    if ((a->tn + 1) * 4 > a->tcap * 3) {
        if (grow_table(a) != 0) return -1;
        slot = lookup(a, F, hv);
    }
    size_t i = a->n++;
    memcpy(a->bits + i * (size_t)a->kw, F, (size_t)a->kw * sizeof *F);
    a->parent[i] = parent;
    a->move[i] = (uint8_t)move;
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
static void build_solution(const flood_problem *p, const astar *a, uint32_t x, gl_solution *s)
{
    /* each edge floods a group at least: a route has at most n edges */
    int cols[FLOOD_MAX_CELLS];
    int depth = 0;
    for (uint32_t y = x; y != 0; y = a->parent[y]) depth++;
    int k = depth;
    for (uint32_t y = x; y != 0; y = a->parent[y]) cols[--k] = a->move[y];
    flood_push_route(p, cols, depth, s);
}

/* After a stop: the route to node x, finished greedily (a few lookahead
 * plies at most, whatever the limits: the answer must be whole). */
static void finish_greedy(const flood_problem *p, const astar *a, uint32_t x, gl_solution *s)
{
    build_solution(p, a, x, s);
    uint64_t F[FLOOD_KW_MAX];
    memcpy(F, a->bits + (size_t)x * a->kw, (size_t)a->kw * sizeof *F);
    uint8_t rest[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
    int n = flood_greedy_run(&p->g, F, 2, rest, (int)sizeof rest, NULL);
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

/* The search, its tables charged to m and its work ticked on it.  Always
 * leaves a whole solution in s: proved optimal, or after a stop (a limit,
 * or memory that could not be had) the last node expanded finished
 * greedily, marked stopped. */
static void astar_search(const flood_problem *p, gl_meter *m, gl_solution *s)
{

    const flood_graph *g = &p->g;
    astar a;
    memset(&a, 0, sizeof a);
    a.g = g;
    a.kw = g->kw;
    a.fmin = (size_t)-1;
    a.m = m;
    a.stride = g->kw <= 2 ? 2 : g->kw <= 4 ? 4 : g->kw <= 8 ? 8 : g->kw;
    a.wide_scan = gl_simd_path() == GL_SIMD_AVX512 ? 2 : gl_simd_path() == GL_SIMD_AVX2;
    /* work since the last tick: one unit per child built, and per branch a
     * two-ring refinement may take (a unit is about one bound) */
    uint32_t work = 1;
    uint32_t last = 0; /* the last node expanded */
    if (grow_nodes(&a) != 0 || grow_table(&a) != 0) goto oom;
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX];
    int kw = g->kw;
    int h0 = flood_h(g, p->F, p->fr);
    {
        uint64_t hv = gl_hash_words(p->F, (size_t)kw);
        if (add_node(&a, p->F, hv, lookup(&a, p->F, hv), 0, 0, p->nroot, h0, ~0ULL, flood_cells(g, p->F)) < 0)
            goto oom;
    }
    if (push(&a, p->nroot + h0, p->nroot, 0) != 0) goto oom;
    int found = 0;
    unsigned long long generated = 0, revisits = 0, at_level = 0, held_back = 0;
    two_ring_stat tr[64];
    memset(tr, 0, sizeof tr);
    int level = -1;
    while (!found) {
        int f, gg;
        uint32_t x;
        if (pop(&a, &f, &gg, &x) != 0) break; /* cannot happen: the full set is reachable */
        if (a.gv[x] != gg) continue;          /* stale: reached again more cheaply */
        if (a.lv[x] >= f) continue;           /* this level's children are in already (or dead) */
        memcpy(F, a.bits + (size_t)x * kw, (size_t)kw * sizeof *F);
        if (flood_is_full(g, F)) {
            last = x;
            found = 1;
            break;
        }
        work++;
        if (x && dominated(&a, F, gg, x, a.parent[x], a.cells[x], &a.seen[x])) {
            a.dominated++;
            a.lv[x] = LV_DEAD;
            continue;
        }
        last = x;
        revisits += a.lv[x] >= 0;
        if (f != level) {
            level = f;
            at_level = 0;
        }
        at_level++;
        if (gl_meter_tick(m, work)) break;
        work = 1;
        int from = a.lv[x];
        a.lv[x] = (int16_t)f;
        s->nodes++;
        /* Partial expansion: only the children with f in (from, f] are
         * stored now; x goes back in the queue at its smallest larger child
         * f, and is expanded again there.  Most children lie above the
         * optimal cost and are never stored at all. */
        int nextf = INT32_MAX;
        uint64_t held = a.held[x], now_held = 0;
        flood_frontier(g, F, fr);
        uint64_t cols = flood_frontier_colours(g, fr) & a.allow[x];
        siblings sib;
        sib.built = sib.dead = 0;
        sib.extra = 0;
        sib.rings_done = 0;
        while (cols) {
            int c = __builtin_ctzll(cols);
            cols &= cols - 1;
            if (!(sib.built >> c & 1)) build_child(g, F, fr, c, &sib);
            if (sib.dead >> c & 1) continue; /* a dead move */
            const uint64_t *F2 = sib.F[c], *fr2 = sib.fr[c];
            int n = sib.n[c];
            int g2 = gg + n;
            generated++;
            /* exact up to this level; above it, a lower bound is enough */
            flood_ring2 R2;
            int r2ok;
            int h2 = flood_h_cut_r2(g, F2, fr2, f - g2, &sib.rings, n == 1 ? sib.fresh[c] : NULL, &R2, &r2ok);
            /* the parent's bound less the edge is a bound too (it may be a
             * refined one) */
            if (a.hv[x] - n > h2) h2 = a.hv[x] - n;
            int f2 = g2 + h2;
            /* stored at an earlier level, unless the two-ring bound held
             * it back then */
            if (f2 <= from && !(held >> c & 1)) continue;
            if (f2 > f) {
                if (f2 < nextf) nextf = f2;
                continue;
            }
            two_ring_stat *t = &tr[h2 < 63 ? h2 : 63];
            /* held back at the last expansion: its two-ring bound was then
             * above that level, so it is at least from + 1 - g2 (stored
             * with the plain bound it would be expanded at a level it was
             * proved not to belong to, then again at this one) */
            int hs = f2 <= from ? from + 1 - g2 : h2;
            if (two_ring_worth(t)) {
                int r = flood_h_two_ring_r2(g, F2, fr2, r2ok ? &R2 : NULL, f - g2);
                work += (uint32_t)g->ncolors;
                t->tried++;
                if (g2 + r > f) {
                    t->held++;
                    held_back++;
                    now_held |= 1ULL << c;
                    if (g2 + r < nextf) nextf = g2 + r;
                    continue;
                }
            }
            uint64_t hv = gl_hash_words(F2, (size_t)kw);
            uint64_t *slot = lookup(&a, F2, hv);
            uint64_t open = swap_open(g, F, fr, c, F2, fr2, n, &sib);
            if (*slot) {
                uint32_t y = (uint32_t)*slot - 1;
                if (a.gv[y] < g2) continue;
                if (a.gv[y] == g2) {
                    /* another route of the same cost: its open colours join
                     * y's; y keeps the route that comes first (the one
                     * dominance compares), and is revived if it was dropped
                     * for a route that does not come before this one; if y
                     * was expanded, it is expanded again */
                    int first = route_cmp(&a, x, g2, a.cells[y], a.parent[y], g2, a.cells[y]) > 0;
                    if (first) {
                        a.parent[y] = x;
                        a.move[y] = (uint8_t)c;
                    }
                    int dead = a.lv[y] == LV_DEAD;
                    if (!(open & ~a.allow[y]) && !(dead && first)) continue;
                    a.allow[y] |= open;
                    if (dead && !first) continue;
                    if (dead) a.revived++;
                    if (a.lv[y] < 0) continue;
                } else {
                    a.gv[y] = (uint16_t)g2;
                    a.parent[y] = x;
                    a.move[y] = (uint8_t)c;
                    a.allow[y] = open;
                    a.seen[y] = 0;
                    if (ring_add(&a, g2, y, F2) != 0) goto oom;
                }
                if (hs > a.hv[y]) a.hv[y] = (uint16_t)hs;
                a.lv[y] = -1;
                if (push(&a, g2 + a.hv[y], g2, y) != 0) goto oom;
                continue;
            }
            int cells2 = flood_cells(g, F2);
            work++;
            uint32_t since = 0;
            if (dominated(&a, F2, g2, UINT32_MAX, x, cells2, &since)) {
                a.dominated++;
                continue;
            }
            long y = add_node(&a, F2, hv, slot, x, c, g2, hs, open, cells2);
            if (y < 0) goto oom;
            if (push(&a, g2 + hs, g2, (uint32_t)y) != 0) goto oom;
        }
        a.held[x] = now_held;
        work += (uint32_t)__builtin_popcountll(sib.built) + sib.extra;
        if (nextf != INT32_MAX && push(&a, nextf, gg, x) != 0) goto oom;
    }
    /* the search's effort, for measuring changes independently of load:
     * children built (each with a bound), expansions that were revisits
     * (a later level, or colours a same-cost arrival opened), nodes stored,
     * expansions in the last f level, children held back by the two-ring
     * bound */
    gl_info_int(&s->info, "generated", (long long)generated);
    gl_info_int(&s->info, "revisits", (long long)revisits);
    gl_info_int(&s->info, "stored", (long long)a.n);
    gl_info_int(&s->info, "last_level", (long long)at_level);
    gl_info_int(&s->info, "held_back", (long long)held_back);
    gl_info_int(&s->info, "dominated", (long long)a.dominated);
    gl_info_int(&s->info, "revived", (long long)a.revived);
    if (found) {
        build_solution(p, &a, last, s);
        s->solved = 1;
        s->optimal = 1;
    } else {
        finish_greedy(p, &a, last, s);
        s->solved = 1;
        s->optimal = 0;
        if (!m->stopped) s->stopped = "search exhausted";
    }
    s->cost = s->nmoves;
    astar_free(&a);
    return;
oom:
    /* A table could not grow (its charge, or the allocation itself) */
    if (!m->stopped) m->stopped = "memory limit";
    if (a.n) {
        finish_greedy(p, &a, last, s);
        s->solved = 1;
        s->optimal = 0;
        s->cost = s->nmoves;
    } else {
        flood_finish_from_root(p, s);
    }
    astar_free(&a);
}

int flood_astar_run(const flood_problem *p, const gl_limits *lim, gl_solution *s, gl_error *err)
{
    (void)err;
    gl_meter m;
    gl_meter_start(&m, lim);
    /* the graph was built before the meter started: charged now */
    if (gl_meter_charge(&m, p->g.bytes) == 0) astar_search(p, &m, s);
    else flood_finish_from_root(p, s);
    flood_meter_end(&m, s);
    return 0;
}

int flood_astar_board(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e)
{
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    flood_problem p;
    int rc = flood_problem_init_metered(&p, b, &m, e);
    if (rc == 0) astar_search(&p, &m, s);
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
