/* The exact solver on the bit-parallel engine (boards up to 8x8, refill=no).
 *
 * The same search as match3_exact.c (depth-first, transposition table on
 * the board and the swaps left, fail-soft bounds, the admissible material
 * bound, iterative deepening, the two-swaps-left step that reuses the
 * scores of swaps a first swap did not disturb), with every position a
 * handful of 64-bit words: playing a swap, generating the legal swaps and
 * keying the table cost a few dozen word operations instead of cell scans.
 * On top of that, all resting on one rule (a play reads only its read
 * cells, so on any position holding the same tiles there it plays out the
 * same, match3_bits.c):
 *   - the reuse test is per cell (read cells against changed cells), not
 *     per column;
 *   - a lossy cache of the best single swap of positions one swap from the
 *     end (reached again through commuting swaps);
 *   - the children of a node with three swaps left are played once and
 *     their children composed from them where the swaps do not interact.
 * The plays of the two-swaps-left step and of the three-swaps-left
 * children run on bit planes (match3_bits_k.h: ceil(log2 K) words and the
 * occupied cells, the runs of all kinds found at once), eight at a time on
 * 512-bit vectors where the processor has them (match3_wide.c,
 * two_left_wide_k; the same plays and answers as the portable code).  The
 * workspace is kept from one solve to the next (see bx_mem).
 * Without a bound that cuts (docs/match3.md says why none was found) the
 * search visits every distinct position; all of this makes each visit
 * cheaper.  match3_exact_run uses it whenever the board fits. */
#include "match3_bits_k.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Memory.  On the machines measured, the first touch of a fresh page costs
 * about 10 microseconds (a virtual machine), the price of some 150 plays:
 * a solve of a small board spent most of its time faulting in its tables.
 * So the tables are mapped with MAP_POPULATE where it exists (the kernel
 * fills the pages in one call, about six times cheaper than faulting them
 * one by one), and the workspace of a finished solve (context, one-swap
 * cache, table buffers) is kept for the next solve in the process, which
 * only clears the parts it uses.  Elsewhere (and under the sanitizers,
 * which check heap blocks) plain calloc. */
#if defined(MAP_POPULATE) && !defined(__SANITIZE_ADDRESS__)
#define BX_MMAP 1
#endif

static void *bx_mem(size_t bytes)
{
#ifdef BX_MMAP
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
#else
    return calloc(1, bytes);
#endif
}

static void bx_unmem(void *p, size_t bytes)
{
    if (!p) return;
#ifdef BX_MMAP
    munmap(p, bytes);
#else
    (void)bytes;
    free(p);
#endif
}

/* The transposition table: open addressing with linear probing, the two
 * key words and the value side by side in one slot (one cache line per
 * probe), doubled at half load up to the memory cap.  A slot is free when
 * its first key word is 0; keys are made non-zero.  Two buffers take turns
 * (a doubling rehashes into the other one) and are kept between solves;
 * each solve starts small at the front of one of them. */
typedef uint64_t bx_slot[3]; /* key0, key1, value */
typedef struct bx_table {
    bx_slot *slot;
    size_t cap, n, max_bytes;
    bx_slot *buf[2];
    size_t bufcap[2]; /* slots */
    int cur;
    size_t peak;      /* bytes in use at once, at most (both buffers while rehashing) */
} bx_table;

/* Makes buf[i] hold at least cap slots, cleared; 0 or -1. */
static int bt_buf(bx_table *t, int i, size_t cap)
{
    if (t->bufcap[i] < cap) {
        bx_unmem(t->buf[i], t->bufcap[i] * sizeof(bx_slot));
        t->bufcap[i] = 0;
        t->buf[i] = bx_mem(cap * sizeof(bx_slot));
        if (!t->buf[i]) return -1;
        t->bufcap[i] = cap;
    } else {
        memset(t->buf[i], 0, cap * sizeof(bx_slot));
    }
    return 0;
}

static int bt_reset(bx_table *t, size_t cap, size_t max_bytes)
{
    t->cur = t->bufcap[1] > t->bufcap[0]; /* the bigger buffer: fewer remaps */
    if (bt_buf(t, t->cur, cap) != 0) return -1;
    t->slot = t->buf[t->cur];
    t->cap = cap;
    t->n = 0;
    t->max_bytes = max_bytes;
    t->peak = cap * sizeof(bx_slot);
    return 0;
}

static size_t bt_bytes(const bx_table *t) { return t->cap * sizeof(bx_slot); }

static uint64_t *bt_find(const bx_table *t, const uint64_t key[2])
{
    size_t m = t->cap - 1;
    for (size_t i = key[0] & m;; i = (i + 1) & m) {
        uint64_t *s = t->slot[i];
        if (s[0] == key[0] && s[1] == key[1]) return &s[2];
        if (!s[0]) return NULL;
    }
}

/* The value slot of key, inserted (value 0) if new; NULL at the cap. */
static uint64_t *bt_upsert(bx_table *t, const uint64_t key[2], int *ins)
{
    if (2 * (t->n + 1) > t->cap) {
        size_t ncap = 2 * t->cap;
        if (ncap * sizeof(bx_slot) > t->max_bytes) return NULL;
        int o = !t->cur;
        if (bt_buf(t, o, ncap) != 0) return NULL;
        bx_slot *ns = t->buf[o];
        for (size_t i = 0; i < t->cap; i++) {
            if (!t->slot[i][0]) continue;
            size_t j = t->slot[i][0] & (ncap - 1);
            while (ns[j][0]) j = (j + 1) & (ncap - 1);
            memcpy(ns[j], t->slot[i], sizeof *ns);
        }
        if ((ncap + t->cap) * sizeof(bx_slot) > t->peak) t->peak = (ncap + t->cap) * sizeof(bx_slot);
        t->cur = o;
        t->slot = ns;
        t->cap = ncap;
    }
    size_t m = t->cap - 1;
    for (size_t i = key[0] & m;; i = (i + 1) & m) {
        uint64_t *s = t->slot[i];
        if (s[0] == key[0] && s[1] == key[1]) {
            *ins = 0;
            return &s[2];
        }
        if (!s[0]) {
            s[0] = key[0];
            s[1] = key[1];
            s[2] = 0;
            t->n++;
            *ins = 1;
            return &s[2];
        }
    }
}

/* The children of a node with three swaps left, kept for its children's
 * two-swaps-left step (bx_two_left): per swap id the position after it, its
 * score, read cells and changed cells, and a stamp of the node. */
typedef struct bx_up {
    match3_bpos pos[MATCH3_BITS_IDS];
    int gain[MATCH3_BITS_IDS], stamp[MATCH3_BITS_IDS], tick;
    uint64_t read[MATCH3_BITS_IDS], diff[MATCH3_BITS_IDS];
} bx_up;

/* The children of the node being evaluated, by key (bx_lookup). */
typedef struct bx_seen {
    uint64_t key[2];
    int tick, kid;
} bx_seen;

typedef struct bx_ctx {
    match3_bits G;
    bx_table tt;
    int tt_full;
    int kb[65];                      /* material bound for n tiles of a kind */
    match3_bpos stack[MATCH3_MAX_SWAPS + 2];
    int ids[MATCH3_MAX_SWAPS + 1][MATCH3_BITS_IDS];
    /* two_left's scratch, per swap id: score, read columns, stamp; per
     * first swap: changed columns and the position after it. */
    int gain[MATCH3_BITS_IDS], stamp[MATCH3_BITS_IDS], tick;
    uint64_t rmask[MATCH3_BITS_IDS], cmask[MATCH3_BITS_IDS], kkey[MATCH3_BITS_IDS][2];
    match3_bpos kids[MATCH3_BITS_IDS];
    bx_up up;                        /* nodes with three swaps left never nest */
    const gl_limits *lim;
    uint64_t t0, polls, nodes;
    const char *stopped;
    uint64_t (*b1c)[2];              /* the one-swap cache (b1_find) */
    size_t b1mask, b1puts;
    /* Per child of the node in the two-swaps-left step: its best single
     * swap, whether it was computed, the earlier child that is the same
     * position. */
    int kb1[MATCH3_BITS_IDS], kmiss[MATCH3_BITS_IDS], kalias[MATCH3_BITS_IDS];
    bx_seen seen[256];
    /* The vector path (two_left_wide_k): first swaps played eight at a
     * time (swap, child, score, read cells, kind words after); the
     * children's kind words, keys, legal swaps, bit planes, reused swaps
     * and their best (match3_wide_kids); the first swaps' read cells and
     * scores in order. */
    int wid[MATCH3_BITS_IDS], widx[MATCH3_BITS_IDS], wgain[MATCH3_BITS_IDS];
    uint64_t wread[MATCH3_BITS_IDS], wk[MATCH3_MAX_KINDS][MATCH3_BITS_IDS];
    uint64_t ks[MATCH3_MAX_KINDS][MATCH3_BITS_IDS], kk0[MATCH3_BITS_IDS], kk1[MATCH3_BITS_IDS];
    uint64_t kmh[MATCH3_BITS_IDS], kmv[MATCH3_BITS_IDS], kpl[4][MATCH3_BITS_IDS], kocc[MATCH3_BITS_IDS];
    uint64_t kruh[MATCH3_BITS_IDS], kruv[MATCH3_BITS_IDS];
    int krb[MATCH3_BITS_IDS], wmiss[MATCH3_BITS_IDS];
    match3_wide_buf wbuf;
    uint64_t frm[MATCH3_BITS_IDS];
    int fgain[MATCH3_BITS_IDS];
    int wide;                        /* replays on 512-bit vectors (match3_wide.c) */
} bx_ctx;

/* A lossy cache of the best single swap of positions: a position's entry
 * holds both key words, the low 16 bits of the second replaced by the
 * value, and a newer position simply overwrites an older one.  Two
 * sibling first swaps that commute reach the same position, and so do the
 * orders of commuting swaps higher up, so positions one swap from the end
 * recur often; the cache is cheaper than the transposition table.  Its
 * buffer (2^16 slots, 1 MiB) is kept between solves; a solve starts with
 * the first 2^B1_MIN_BITS slots and doubles in place while it fills (an
 * entry at slot i moves to i + cap when its key has that bit), so a small
 * search clears and touches little. */
#define B1_MIN_BITS 12
#define B1_MAX_BITS 16
static int b1_find(const bx_ctx *c, const uint64_t key[2])
{
    const uint64_t *e = c->b1c[key[0] & c->b1mask];
    if (e[0] == key[0] && (e[1] >> 16) == (key[1] >> 16)) return (int)(e[1] & 0xffff);
    return -1;
}

static void b1_put(bx_ctx *c, const uint64_t key[2], int v)
{
    if (v < 0 || v >= 0xffff) return;
    if (++c->b1puts > (c->b1mask + 1) / 4 && c->b1mask + 1 < ((size_t)1 << B1_MAX_BITS)) {
        size_t cap = c->b1mask + 1;
        memset(c->b1c + cap, 0, cap * sizeof *c->b1c);
        for (size_t i = 0; i < cap; i++)
            if (c->b1c[i][0] & cap) {
                memcpy(c->b1c[i + cap], c->b1c[i], sizeof *c->b1c);
                c->b1c[i][0] = c->b1c[i][1] = 0;
            }
        c->b1mask = 2 * cap - 1;
        c->b1puts = 0;
    }
    uint64_t *e = c->b1c[key[0] & c->b1mask];
    e[0] = key[0];
    e[1] = (key[1] & ~0xffffULL) | (uint64_t)v;
}

void match3_bits_key(const match3_bits *g, const match3_bpos *p, int r, uint64_t key[2])
{
    /* Two independent multiply-xor chains over the kind words. */
    uint64_t a = 0x9e3779b97f4a7c15ULL * (uint64_t)(r + 1), b = 0xc2b2ae3d27d4eb4fULL * (uint64_t)(r + 7);
    for (int k = 0; k < g->kinds; k++) {
        a = (a ^ p->k[k]) * 0xff51afd7ed558ccdULL;
        a ^= a >> 32;
        b = (b + p->k[k]) * 0x9fb21c651e98df25ULL;
        b ^= b >> 29;
    }
    key[0] = gl_hash_u64(a) | (1ULL << 63); /* never 0: bx_table marks free slots so */
    key[1] = gl_hash_u64(b ^ (b >> 31));
}

static void bx_store(bx_ctx *c, const uint64_t key[2], long long v, int exact)
{
    if (c->tt_full) return;
    int ins;
    uint64_t *e = bt_upsert(&c->tt, key, &ins);
    if (!e) {
        c->tt_full = 1;
        return;
    }
    uint64_t nv = ((uint64_t)v << 1) | (uint64_t)exact;
    if (ins || exact || (!(*e & 1) && (long long)(*e >> 1) > v)) *e = nv;
}

/* Bits set in x (SWAR: the build targets plain x86-64). */
static inline int bx_count(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static long long bx_bound(const bx_ctx *c, const match3_bpos *p)
{
    long long s = 0;
    for (int k = 0; k < c->G.kinds; k++) s += c->kb[bx_count(p->k[k])];
    return s;
}

/* The legal swaps of p as ids into out; returns the count. */
static int bx_moves(const bx_ctx *c, const match3_bpos *p, int *out)
{
    uint64_t h, v;
    match3_bits_moves(&c->G, p, &h, &v);
    int n = 0;
    for (; h; h &= h - 1) out[n++] = __builtin_ctzll(h) * 2;
    for (; v; v &= v - 1) out[n++] = __builtin_ctzll(v) * 2 + 1;
    return n;
}

/* The key of p with r swaps left, for a constant K (match3_bits_key). */
HOT void key_k(const match3_bpos *p, int r, uint64_t key[2], const int K)
{
    uint64_t a = 0x9e3779b97f4a7c15ULL * (uint64_t)(r + 1), b = 0xc2b2ae3d27d4eb4fULL * (uint64_t)(r + 7);
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        a = (a ^ p->k[k]) * 0xff51afd7ed558ccdULL;
        a ^= a >> 32;
        b = (b + p->k[k]) * 0x9fb21c651e98df25ULL;
        b ^= b >> 29;
    }
    key[0] = gl_hash_u64(a) | (1ULL << 63);
    key[1] = gl_hash_u64(b ^ (b >> 31));
}

/* The children's one-swap cache lookups, in order: *miss set when child i
 * is not in the cache; a child that is the same position as an earlier
 * missing child of this node takes that one's value later (kalias).
 * Returns the cached value, or -1 (computed by the caller, then kept by
 * bx_finish). */
static inline int bx_lookup(bx_ctx *c, int i, const uint64_t key[2])
{
    int b1 = b1_find(c, key);
    c->kalias[i] = -1;
    c->kmiss[i] = b1 < 0;
    if (b1 >= 0) return b1;
    bx_seen *e = &c->seen[key[0] >> 56];
    if (e->tick == c->tick && e->key[0] == key[0] && e->key[1] == key[1]) {
        c->kalias[i] = e->kid;
        c->kmiss[i] = 0;
        return 0;
    }
    e->tick = c->tick;
    e->key[0] = key[0];
    e->key[1] = key[1];
    e->kid = i;
    return -1;
}

/* The node's value from its children's best single swaps (kb1), keeping
 * the computed ones in the one-swap cache. */
static inline long long bx_finish(bx_ctx *c, const int *mv, int nm)
{
    long long best = -1;
    for (int i = 0; i < nm; i++) {
        if (c->kalias[i] >= 0) c->kb1[i] = c->kb1[c->kalias[i]];
        if (c->kmiss[i]) b1_put(c, c->kkey[i], c->kb1[i]);
        long long tot = c->gain[mv[i]] + c->kb1[i];
        if (tot > best) best = tot;
    }
    return best;
}

HOT long long two_left_k(bx_ctx *c, const match3_bpos *p, const int *mv, int nm, const bx_up *up, uint64_t mdiff,
                         const int K)
{
    c->tick++;
    for (int i = 0; i < nm; i++) {
        int s = mv[i];
        match3_bpos *kid = &c->kids[i];
        if (up && up->stamp[s] == up->tick && !(up->read[s] & mdiff)) {
            /* p is the parent Q after swap m (changed cells mdiff), and s
             * on Q read none of them: on p, s plays out as on Q, writing
             * the same tiles, so p after s is p with Q-after-s's tiles on
             * the cells s changed.  No play needed. */
            uint64_t d = up->diff[s];
            _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) kid->k[k] = (p->k[k] & ~d) | (up->pos[s].k[k] & d);
            c->gain[s] = up->gain[s];
            c->rmask[s] = up->read[s];
            c->cmask[i] = d;
        } else {
            c->gain[s] = plane_play_read(&c->G, p->k, kid->k, s, &c->rmask[s], K);
            uint64_t d = 0;
            _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) d |= p->k[k] ^ kid->k[k];
            c->cmask[i] = d;
            c->nodes++;
        }
        c->stamp[s] = c->tick;
        /* The child's one-swap cache slot is fetched while the others play. */
        key_k(kid, 1, c->kkey[i], K);
        __builtin_prefetch(c->b1c[c->kkey[i][0] & c->b1mask]);
    }
    for (int i = 0; i < nm; i++) {
        const match3_bpos *k = &c->kids[i];
        int b1 = bx_lookup(c, i, c->kkey[i]);
        if (b1 < 0) {
            uint64_t hv[2], pl[4], occ;
            moves_k(k->k, &hv[0], &hv[1], K);
            planes_of(k->k, pl, &occ, K);
            b1 = 0;
            uint64_t cm = c->cmask[i];
            for (int dir = 0; dir < 2; dir++)
                for (uint64_t h = hv[dir]; h; h &= h - 1) {
                    int s = __builtin_ctzll(h) * 2 + dir, v;
                    if (c->stamp[s] == c->tick && !(c->rmask[s] & cm)) {
                        v = c->gain[s];
                    } else {
                        v = plane_score(&c->G, pl, occ, s, K);
                        c->nodes++;
                    }
                    if (v > b1) b1 = v;
                }
        }
        c->kb1[i] = b1;
    }
    return bx_finish(c, mv, nm);
}

/* The same step on 512-bit vectors (match3_wide.c): the first swaps that
 * are not composed are played eight at a time (match3_wide_reads), then
 * eight children at a time are keyed, get their legal swaps and bit
 * planes and find which of their swaps score as before
 * (match3_wide_kids); the others (the replays) of all the children that
 * missed the one-swap cache are gathered, one lane per replay, and played
 * eight at a time (match3_wide_best1).  Same plays, cache use and result
 * as two_left_k. */
HOT long long two_left_wide_k(bx_ctx *c, const match3_bpos *p, const int *mv, int nm, const bx_up *up,
                              uint64_t mdiff, const int K)
{
    c->tick++;
    int nw = 0;
    for (int i = 0; i < nm; i++) {
        int s = mv[i];
        if (up && up->stamp[s] == up->tick && !(up->read[s] & mdiff)) {
            /* Composed, as in two_left_k. */
            uint64_t d = up->diff[s];
            _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) c->ks[k][i] = (p->k[k] & ~d) | (up->pos[s].k[k] & d);
            c->gain[s] = up->gain[s];
            c->rmask[s] = up->read[s];
            c->cmask[i] = d;
        } else {
            c->wid[nw] = s;
            c->widx[nw++] = i;
        }
    }
    if (nw) {
        uint64_t pl[4], occ;
        planes_of(p->k, pl, &occ, K);
        match3_wide_reads(&c->G, pl, occ, c->wid, nw, c->wgain, c->wread, &c->wk[0][0], MATCH3_BITS_IDS);
        c->nodes += (uint64_t)nw;
        for (int j = 0; j < nw; j++) {
            int i = c->widx[j], s = c->wid[j];
            uint64_t d = 0;
            _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
                c->ks[k][i] = c->wk[k][j];
                d |= p->k[k] ^ c->wk[k][j];
            }
            c->cmask[i] = d;
            c->gain[s] = c->wgain[j];
            c->rmask[s] = c->wread[j];
        }
    }
    for (int i = 0; i < nm; i++) {
        int s = mv[i];
        c->frm[i] = c->rmask[s];
        c->fgain[i] = c->gain[s];
    }
    match3_wide_kids(&c->G, &c->ks[0][0], MATCH3_BITS_IDS, nm, c->cmask, c->frm, mv, c->fgain, nm, c->kk0, c->kk1,
                     c->kmh, c->kmv, &c->kpl[0][0], c->kocc, c->krb, c->kruh, c->kruv);
    for (int i = 0; i < nm; i++) {
        c->kkey[i][0] = c->kk0[i];
        c->kkey[i][1] = c->kk1[i];
        __builtin_prefetch(c->b1c[c->kk0[i] & c->b1mask]);
    }
    int nmiss = 0;
    for (int i = 0; i < nm; i++) {
        int b1 = bx_lookup(c, i, c->kkey[i]);
        if (b1 < 0) c->wmiss[nmiss++] = i;
        c->kb1[i] = b1;
    }
    if (nmiss)
        c->nodes += (uint64_t)match3_wide_best1(&c->G, nmiss, c->wmiss, MATCH3_BITS_IDS, &c->kpl[0][0], c->kocc,
                                                c->kmh, c->kmv, c->kruh, c->kruv, c->krb, c->kb1, &c->wbuf);
    return bx_finish(c, mv, nm);
}

/* Two swaps left: every first swap is played once, with the cells its
 * resolution read and those it changed.  After first swap m, a swap s
 * that was legal before and whose read cells m did not change scores
 * exactly what it scored before (test_independence_rule pins this), so
 * only the swaps near m's changes are played again.  One copy per K. */
static long long bx_two_left(bx_ctx *c, const match3_bpos *p, const int *mv, int nm, const bx_up *up, uint64_t mdiff)
{
    if (c->wide) switch (c->G.kinds) {
        case 3: return two_left_wide_k(c, p, mv, nm, up, mdiff, 3);
        case 4: return two_left_wide_k(c, p, mv, nm, up, mdiff, 4);
        case 5: return two_left_wide_k(c, p, mv, nm, up, mdiff, 5);
        case 6: return two_left_wide_k(c, p, mv, nm, up, mdiff, 6);
        case 7: return two_left_wide_k(c, p, mv, nm, up, mdiff, 7);
        case 8: return two_left_wide_k(c, p, mv, nm, up, mdiff, 8);
        default: return two_left_wide_k(c, p, mv, nm, up, mdiff, MATCH3_MAX_KINDS);
        }
    switch (c->G.kinds) {
    case 3: return two_left_k(c, p, mv, nm, up, mdiff, 3);
    case 4: return two_left_k(c, p, mv, nm, up, mdiff, 4);
    case 5: return two_left_k(c, p, mv, nm, up, mdiff, 5);
    case 6: return two_left_k(c, p, mv, nm, up, mdiff, 6);
    case 7: return two_left_k(c, p, mv, nm, up, mdiff, 7);
    case 8: return two_left_k(c, p, mv, nm, up, mdiff, 8);
    default: return two_left_k(c, p, mv, nm, up, mdiff, MATCH3_MAX_KINDS);
    }
}

/* A play with its read cells, from p into q (plane_play_read), one copy
 * per number of kinds. */
static int bx_play_read(const bx_ctx *c, const match3_bpos *p, match3_bpos *q, int id, uint64_t *read)
{
    memset(q, 0, sizeof *q);
    switch (c->G.kinds) {
    case 3: return plane_play_read(&c->G, p->k, q->k, id, read, 3);
    case 4: return plane_play_read(&c->G, p->k, q->k, id, read, 4);
    case 5: return plane_play_read(&c->G, p->k, q->k, id, read, 5);
    case 6: return plane_play_read(&c->G, p->k, q->k, id, read, 6);
    case 7: return plane_play_read(&c->G, p->k, q->k, id, read, 7);
    case 8: return plane_play_read(&c->G, p->k, q->k, id, read, 8);
    default: return plane_play_read(&c->G, p->k, q->k, id, read, MATCH3_MAX_KINDS);
    }
}

static long long bx_search(bx_ctx *c, int depth, int r, long long need, const bx_up *up, uint64_t mdiff)
{
    if (r == 0 || c->stopped) return 0;
    if ((++c->polls & 255) == 0) {
        c->stopped = gl_limits_check(c->lim, c->t0, bt_bytes(&c->tt));
        if (c->stopped) return 0;
    }
    const match3_bpos *p = &c->stack[depth];
    int *mv = c->ids[depth];
    if (r == 1) {
        int nm = bx_moves(c, p, mv);
        long long best = 0;
        for (int i = 0; i < nm; i++) {
            match3_bpos t = *p;
            long long g = match3_bits_play(&c->G, &t, mv[i], NULL);
            if (g > best) best = g;
        }
        c->nodes += (uint64_t)nm;
        return best;
    }
    uint64_t key[2];
    match3_bits_key(&c->G, p, r, key);
    uint64_t *ent = bt_find(&c->tt, key);
    if (ent) {
        long long v = (long long)(*ent >> 1);
        if ((*ent & 1) || v <= need) return v;
    }
    long long ub = bx_bound(c, p);
    if (ub <= need) return ub;
    int nm = bx_moves(c, p, mv);
    if (nm == 0) {
        bx_store(c, key, 0, 1);
        return 0;
    }
    long long best;
    if (r == 2) {
        best = bx_two_left(c, p, mv, nm, up, mdiff);
    } else {
        /* Best first by the score a swap makes at once; not at three
         * swaps left, where the nodes are many and the order changes
         * little (no bound cuts there: 0.3 % more plays, 3 % less time). */
        int ord[MATCH3_BITS_IDS];
        for (int i = 0; i < nm && r > 3; i++) {
            int s = match3_bits_immediate(&c->G, p, mv[i]), m = mv[i], j = i;
            for (; j > 0 && ord[j - 1] < s; j--) {
                ord[j] = ord[j - 1];
                mv[j] = mv[j - 1];
            }
            ord[j] = s;
            mv[j] = m;
        }
        bx_up *u = NULL;
        if (r == 3) {
            /* Play every child first, with its read and changed cells,
             * for the children's two-swaps-left steps. */
            u = &c->up;
            u->tick++;
            if (c->wide) {
                /* eight at a time (match3_wide_reads) */
                uint64_t pl[4] = {0, 0, 0, 0}, occ = 0;
                for (int k = 0; k < c->G.kinds; k++) {
                    occ |= p->k[k];
                    for (int j = 0; j < 4; j++)
                        if (k >> j & 1) pl[j] |= p->k[k];
                }
                match3_wide_reads(&c->G, pl, occ, mv, nm, c->wgain, c->wread, &c->wk[0][0], MATCH3_BITS_IDS);
                for (int i = 0; i < nm; i++) {
                    int m = mv[i];
                    memset(&u->pos[m], 0, sizeof u->pos[m]);
                    for (int k = 0; k < c->G.kinds; k++) u->pos[m].k[k] = c->wk[k][i];
                    u->gain[m] = c->wgain[i];
                    u->read[m] = c->wread[i];
                    u->diff[m] = match3_bits_diff(&c->G, p, &u->pos[m]);
                    u->stamp[m] = u->tick;
                }
            } else {
                for (int i = 0; i < nm; i++) {
                    int m = mv[i];
                    u->gain[m] = bx_play_read(c, p, &u->pos[m], m, &u->read[m]);
                    u->diff[m] = match3_bits_diff(&c->G, p, &u->pos[m]);
                    u->stamp[m] = u->tick;
                }
            }
            c->nodes += (uint64_t)nm;
        }
        best = -1;
        for (int i = 0; i < nm; i++) {
            long long gain;
            if (u) {
                c->stack[depth + 1] = u->pos[mv[i]];
                gain = u->gain[mv[i]];
            } else {
                c->stack[depth + 1] = *p;
                gain = match3_bits_play(&c->G, &c->stack[depth + 1], mv[i], NULL);
                c->nodes++;
            }
            long long floor = best > need ? best : need;
            long long v = gain + bx_search(c, depth + 1, r - 1, floor - gain, u, u ? u->diff[mv[i]] : 0);
            if (c->stopped) return 0;
            if (v > best) best = v;
            if (best >= ub) break;
        }
    }
    if (best > ub) best = ub;
    bx_store(c, key, best, best > need);
    return best;
}

/* The workspace of the last finished solve, for the next one (see bx_mem);
 * a solve takes it or builds its own, and puts it back unless another
 * solve (another thread) already did. */
static _Atomic(bx_ctx *) bx_spare;

#define BX_TT_START 4096
#define BX_KEEP_BYTES ((size_t)8 << 20) /* table buffers above this are not kept */

static void bx_free(bx_ctx *c)
{
    for (int i = 0; i < 2; i++) bx_unmem(c->tt.buf[i], c->tt.bufcap[i] * sizeof(bx_slot));
    bx_unmem(c->b1c, ((size_t)1 << B1_MAX_BITS) * sizeof *c->b1c);
    bx_unmem(c, sizeof *c);
}

static bx_ctx *bx_take(void)
{
    bx_ctx *c = atomic_exchange(&bx_spare, NULL);
    if (!c) {
        c = bx_mem(sizeof *c);
        if (!c) return NULL;
        c->b1c = bx_mem(((size_t)1 << B1_MAX_BITS) * sizeof *c->b1c);
        if (!c->b1c) {
            bx_unmem(c, sizeof *c);
            return NULL;
        }
    }
    /* Stamps are compared with ticks: both start again from zero. */
    memset(c->stamp, 0, sizeof c->stamp);
    memset(c->up.stamp, 0, sizeof c->up.stamp);
    memset(c->seen, 0, sizeof c->seen);
    c->tick = c->up.tick = 0;
    c->tt_full = 0;
    c->polls = c->nodes = 0;
    c->stopped = NULL;
    c->b1mask = ((size_t)1 << B1_MIN_BITS) - 1;
    c->b1puts = 0;
    c->wide = match3_wide_usable();
    memset(c->b1c, 0, (c->b1mask + 1) * sizeof *c->b1c);
    return c;
}

static void bx_give_back(bx_ctx *c)
{
    for (int i = 0; i < 2; i++)
        if (c->tt.bufcap[i] * sizeof(bx_slot) > BX_KEEP_BYTES) {
            bx_unmem(c->tt.buf[i], c->tt.bufcap[i] * sizeof(bx_slot));
            c->tt.buf[i] = NULL;
            c->tt.bufcap[i] = 0;
        }
    bx_ctx *none = NULL;
    if (!atomic_compare_exchange_strong(&bx_spare, &none, c)) bx_free(c);
}

int match3_exact_bits_run(const match3_board *b, int x, const gl_limits *lim, long long *best_out, int *line,
                          int *nline, uint64_t *nodes, size_t *peak, const char **stopped, gl_error *err)
{
    bx_ctx *c = bx_take();
    if (!c) return gl_error_set(err, "out of memory");
    if (match3_bits_init(&c->G, &b->R) != 0 || b->R.refill) {
        bx_give_back(c);
        return gl_error_set(err, "internal error: board does not fit the bit engine");
    }
    c->lim = lim;
    c->t0 = gl_now_ns();
    *best_out = 0;
    *nline = 0;
    *stopped = NULL;
    if (bt_reset(&c->tt, BX_TT_START, gl_limits_mem_cap(lim)) != 0) {
        bx_free(c);
        return gl_error_set(err, "out of memory");
    }
    /* The material bound (match3_engine.c): the best runs whose lengths sum
     * to at most 2n, for the n tiles of one kind. */
    long long g[129] = {0};
    int maxlen = b->R.rows > b->R.cols ? b->R.rows : b->R.cols;
    for (int i = 1; i <= 128; i++) {
        g[i] = g[i - 1];
        for (int L = 3; L <= maxlen && L <= i; L++) {
            long long v = g[i - L] + match3_run_score(&b->R, L);
            if (v > g[i]) g[i] = v;
        }
    }
    for (int k = 0; k <= 64; k++) c->kb[k] = k >= 3 ? (int)g[2 * k] : 0;
    match3_bpos root;
    match3_bits_load(&c->G, b->cell, &root);
    /* Deepening in steps of two, ending at x: a limit still leaves the
     * proved best for a smaller number of swaps, and the earlier
     * iterations cost only a few percent (one step of one costs about a
     * fifth more: the iterations share no table entries, since a board is
     * never reached with two different numbers of swaps left). */
    for (int d = 2 - x % 2; d <= x; d += 2) {
        c->stack[0] = root;
        long long v = bx_search(c, 0, d, -1, NULL, 0);
        if (c->stopped) break;
        /* Rebuild the line: at each step the child that keeps the value. */
        int tmp[MATCH3_MAX_SWAPS], nt = 0;
        long long target = v;
        for (int depth = 0, r = d; r > 0 && target > 0 && !c->stopped; depth++, r--) {
            int mv[MATCH3_BITS_IDS];
            int nm = bx_moves(c, &c->stack[depth], mv), found = 0;
            for (int i = 0; i < nm && !found && !c->stopped; i++) {
                c->stack[depth + 1] = c->stack[depth];
                long long gain = match3_bits_play(&c->G, &c->stack[depth + 1], mv[i], NULL);
                c->nodes++;
                if (gain > target) continue;
                long long sub = bx_search(c, depth + 1, r - 1, target - gain - 1, NULL, 0);
                if (gain + sub == target) {
                    tmp[nt++] = match3_bits_mv(&c->G, mv[i]);
                    target -= gain;
                    found = 1;
                }
            }
            if (!found && !c->stopped) {
                c->stopped = "internal error: line not found";
                break;
            }
        }
        if (c->stopped) break;
        *best_out = v;
        memcpy(line, tmp, (size_t)nt * sizeof *tmp);
        *nline = nt;
    }
    *nodes = c->nodes;
    *peak = c->tt.peak + sizeof *c + (c->b1mask + 1) * sizeof *c->b1c;
    *stopped = c->stopped;
    bx_give_back(c);
    return 0;
}
