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
 * Without a bound that cuts (docs/match3.md says why none was found) the
 * search visits every distinct position; all of this makes each visit
 * cheaper.  match3_exact_run uses it whenever the board fits. */
#include "match3.h"

#include <stdlib.h>
#include <string.h>

/* The transposition table: open addressing with linear probing, the two
 * key words and the value side by side in one slot (one cache line per
 * probe), doubled at half load up to the memory cap.  A slot is free when
 * its first key word is 0; keys are made non-zero. */
typedef struct bx_table {
    uint64_t (*slot)[3]; /* key0, key1, value */
    size_t cap, n, max_bytes;
} bx_table;

static int bt_init(bx_table *t, size_t cap, size_t max_bytes)
{
    t->slot = calloc(cap, sizeof *t->slot);
    t->cap = cap;
    t->n = 0;
    t->max_bytes = max_bytes;
    return t->slot ? 0 : -1;
}

static size_t bt_bytes(const bx_table *t) { return t->cap * sizeof *t->slot; }

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
        if (ncap * sizeof *t->slot > t->max_bytes) return NULL;
        uint64_t(*ns)[3] = calloc(ncap, sizeof *ns);
        if (!ns) return NULL;
        for (size_t i = 0; i < t->cap; i++) {
            if (!t->slot[i][0]) continue;
            size_t j = t->slot[i][0] & (ncap - 1);
            while (ns[j][0]) j = (j + 1) & (ncap - 1);
            memcpy(ns[j], t->slot[i], sizeof *ns);
        }
        free(t->slot);
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
} bx_ctx;

/* A lossy cache of the best single swap of positions: a position's entry
 * holds both key words, the low 16 bits of the second replaced by the
 * value, and a newer position simply overwrites an older one.  Two
 * sibling first swaps that commute reach the same position, and so do the
 * orders of commuting swaps higher up, so positions one swap from the end
 * recur often; the cache is cheaper than the transposition table.  It can
 * start small and double (keeping its entries) while it fills; starting
 * at 2^12 slots saved the page faults of small searches, but cost 3 % more
 * plays and a third more time on ten boards solved in one process (each
 * solve grew it again, on fresh memory), so it starts at full size. */
#define B1_MIN_BITS 16
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
    if (++c->b1puts > (c->b1mask + 1) / 2 && c->b1mask + 1 < ((size_t)1 << B1_MAX_BITS)) {
        size_t ncap = 2 * (c->b1mask + 1);
        uint64_t(*nt)[2] = calloc(ncap, sizeof *nt);
        if (nt) { /* else: stay at this size */
            for (size_t i = 0; i <= c->b1mask; i++)
                if (c->b1c[i][0]) memcpy(nt[c->b1c[i][0] & (ncap - 1)], c->b1c[i], sizeof *nt);
            free(c->b1c);
            c->b1c = nt;
            c->b1mask = ncap - 1;
            c->b1puts = 0;
        }
    }
    uint64_t *e = c->b1c[key[0] & c->b1mask];
    e[0] = key[0];
    e[1] = (key[1] & ~0xffffULL) | (uint64_t)v;
}

static void bx_key(const bx_ctx *c, const match3_bpos *p, int r, uint64_t key[2])
{
    /* Two independent multiply-xor chains over the kind words. */
    uint64_t a = 0x9e3779b97f4a7c15ULL * (uint64_t)(r + 1), b = 0xc2b2ae3d27d4eb4fULL * (uint64_t)(r + 7);
    for (int k = 0; k < c->G.kinds; k++) {
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

/* Two swaps left: every first swap is played once, with the columns its
 * resolution read and those it changed.  After first swap m, a swap s
 * that was legal before and whose read columns m did not change scores
 * exactly what it scored before (test_independence_rule pins this), so
 * only the swaps near m's changes are played again. */
static long long bx_two_left(bx_ctx *c, const match3_bpos *p, const int *mv, int nm, long long ub, const bx_up *up,
                             uint64_t mdiff)
{
    c->tick++;
    const int K = c->G.kinds;
    for (int i = 0; i < nm; i++) {
        int s = mv[i];
        if (up && up->stamp[s] == up->tick && !(up->read[s] & mdiff)) {
            /* p is the parent Q after swap m (changed cells mdiff), and s
             * on Q read none of them: on p, s plays out as on Q, writing
             * the same tiles, so p after s is p with Q-after-s's tiles on
             * the cells s changed.  No play needed. */
            uint64_t d = up->diff[s];
            for (int k = 0; k < K; k++) c->kids[i].k[k] = (p->k[k] & ~d) | (up->pos[s].k[k] & d);
            c->gain[s] = up->gain[s];
            c->rmask[s] = up->read[s];
            c->cmask[i] = d;
        } else {
            c->kids[i] = *p;
            c->gain[s] = match3_bits_play(&c->G, &c->kids[i], s, &c->rmask[s]);
            c->cmask[i] = match3_bits_diff(&c->G, p, &c->kids[i]);
            c->nodes++;
        }
        c->stamp[s] = c->tick;
        /* The child's one-swap cache slot is fetched while the others play. */
        bx_key(c, &c->kids[i], 1, c->kkey[i]);
        __builtin_prefetch(c->b1c[c->kkey[i][0] & c->b1mask]);
    }
    long long best = -1;
    int list[MATCH3_BITS_IDS];
    for (int i = 0; i < nm; i++) {
        const match3_bpos *k = &c->kids[i];
        const uint64_t *key1 = c->kkey[i];
        int b1 = b1_find(c, key1);
        if (b1 >= 0) {
            long long tot = c->gain[mv[i]] + b1;
            if (tot > best) best = tot;
            if (best >= ub) break;
            continue;
        }
        int nl = bx_moves(c, k, list);
        b1 = 0;
        uint64_t cm = c->cmask[i];
        for (int j = 0; j < nl; j++) {
            int s = list[j], v;
            if (c->stamp[s] == c->tick && !(c->rmask[s] & cm)) {
                v = c->gain[s];
            } else {
                match3_bpos t = *k;
                v = match3_bits_play(&c->G, &t, s, NULL);
                c->nodes++;
            }
            if (v > b1) b1 = v;
        }
        b1_put(c, key1, b1);
        long long tot = c->gain[mv[i]] + b1;
        if (tot > best) best = tot;
        if (best >= ub) break;
    }
    return best;
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
    bx_key(c, p, r, key);
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
        best = bx_two_left(c, p, mv, nm, ub, up, mdiff);
    } else {
        /* Best first by the score a swap makes at once. */
        int ord[MATCH3_BITS_IDS];
        for (int i = 0; i < nm; i++) {
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
            for (int i = 0; i < nm; i++) {
                int m = mv[i];
                u->pos[m] = *p;
                u->gain[m] = match3_bits_play(&c->G, &u->pos[m], m, &u->read[m]);
                u->diff[m] = match3_bits_diff(&c->G, p, &u->pos[m]);
                u->stamp[m] = u->tick;
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

int match3_exact_bits_run(const match3_board *b, int x, const gl_limits *lim, long long *best_out, int *line,
                          int *nline, uint64_t *nodes, size_t *peak, const char **stopped, gl_error *err)
{
    bx_ctx *c = calloc(1, sizeof *c);
    if (!c) return gl_error_set(err, "out of memory");
    if (match3_bits_init(&c->G, &b->R) != 0 || b->R.refill) {
        free(c);
        return gl_error_set(err, "internal error: board does not fit the bit engine");
    }
    c->lim = lim;
    c->t0 = gl_now_ns();
    *best_out = 0;
    *nline = 0;
    *stopped = NULL;
    c->b1c = calloc((size_t)1 << B1_MIN_BITS, sizeof *c->b1c);
    c->b1mask = ((size_t)1 << B1_MIN_BITS) - 1;
    if (!c->b1c || bt_init(&c->tt, 1 << 12, gl_limits_mem_cap(lim)) != 0) {
        free(c->b1c);
        free(c);
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
    *peak = bt_bytes(&c->tt) + sizeof *c + (c->b1mask + 1) * sizeof *c->b1c;
    *stopped = c->stopped;
    free(c->tt.slot);
    free(c->b1c);
    free(c);
    return 0;
}
