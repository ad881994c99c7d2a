/* A* for tiles over a perfect hash of the states, with bitmaps for sets.
 *
 * On B^N W^N _ the pairs heuristic leaves most states with f < C*
 * (docs/notes/tiles.md), so A* must expand nearly the whole state space
 * whatever its data structures.  What decides speed is then the cost per
 * node.
 * Here a state gets a dense index: the empty cell's position times the
 * colex rank of the black tiles' positions among the other cells.  The
 * closed set is one bit per state, and the open list is one bitmap per
 * f-value (a bucket queue whose buckets are sets): a node costs a bit,
 * not a hash entry: 25 x C(24,12) states at N = 12 take a few hundred
 * MiB.
 *
 * Buckets are taken in increasing f.  A bucket is scanned in index order;
 * a successor whose f equals the current bucket's (a move that lowers h by
 * its whole cost) also goes on a stack that is drained at once, so such
 * chains are followed depth-first, which is the usual tie-break toward
 * larger g.  No g is stored: a state first reached in bucket F has
 * g = F - h, and a state stays in the lowest bucket it was put in, where
 * it is expanded first.  The path is rebuilt backwards from the goal: a
 * predecessor on an optimal path is a closed neighbour (moves are
 * reversible at the same cost) whose g plus the move's cost is the goal's g. */
#include "tiles.h"
#include "tiles_rank.h"

#include <stdlib.h>
#include <string.h>

#define CHUNK_BITS 8
#define NCHUNKS ((TILES_MAX_CELLS + CHUNK_BITS - 1) / CHUNK_BITS)

struct tiles_ranker {
    int len, m, nb;              /* cells, bits in the reduced mask, blacks */
    uint64_t ncomb, nstates;
    uint64_t binom[TILES_MAX_CELLS + 1][TILES_MAX_CELLS + 1];
    uint32_t *table;             /* [chunk][byte][ones below]: colex rank shares */
    int nchunks;
    unsigned char pop[256];
};

static uint32_t *tab(const tiles_ranker *r, int chunk, int byte, int below)
{
    return &r->table[((size_t)chunk * 256 + (size_t)byte) * (size_t)(r->m + 1) + (size_t)below];
}

tiles_ranker *tiles_ranker_new(int len, int nb, uint64_t max_states, gl_meter *m)
{
    if (len < 2 || len > TILES_MAX_CELLS || nb < 0 || nb > len - 1) return NULL;
    if (m && gl_meter_charge(m, sizeof(tiles_ranker)) != 0) return NULL;
    tiles_ranker *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->len = len;
    r->m = len - 1;
    r->nb = nb;
    for (int n = 0; n <= TILES_MAX_CELLS; n++) {
        r->binom[n][0] = 1;
        for (int k = 1; k <= n; k++) {
            uint64_t a = r->binom[n - 1][k - 1], b = k <= n - 1 ? r->binom[n - 1][k] : 0;
            r->binom[n][k] = a + b < a ? UINT64_MAX : a + b; /* saturate */
        }
    }
    r->ncomb = r->binom[r->m][nb];
    /* Ranks within one empty-cell position must fit the 32-bit tables. */
    if (r->ncomb == UINT64_MAX || r->ncomb > UINT32_MAX || r->ncomb > max_states / (uint64_t)len) {
        free(r);
        return NULL;
    }
    r->nstates = r->ncomb * (uint64_t)len;
    r->nchunks = (r->m + CHUNK_BITS - 1) / CHUNK_BITS;
    for (int b = 0; b < 256; b++) {
        int c = 0;
        for (int i = 0; i < 8; i++) c += (b >> i) & 1;
        r->pop[b] = (unsigned char)c;
    }
    size_t entries = (size_t)r->nchunks * 256 * (size_t)(r->m + 1);
    r->table = m && gl_meter_charge(m, entries * sizeof(uint32_t)) != 0 ? NULL : calloc(entries, sizeof(uint32_t));
    if (!r->table) {
        free(r);
        return NULL;
    }
    /* Colex rank of a mask = sum over its set bits p_i (i = 1, 2, ... from
     * the lowest) of C(p_i, i); a chunk's share depends only on its byte
     * and on how many ones lie below it. */
    for (int c = 0; c < r->nchunks; c++)
        for (int byte = 0; byte < 256; byte++)
            for (int below = 0; below <= r->m; below++) {
                uint64_t sum = 0; /* <= ncomb, checked to fit 32 bits above */
                int i = below;
                for (int bit = 0; bit < CHUNK_BITS; bit++) {
                    if (!((byte >> bit) & 1)) continue;
                    int p = c * CHUNK_BITS + bit;
                    i++;
                    if (p <= TILES_MAX_CELLS && i <= TILES_MAX_CELLS) sum += r->binom[p][i];
                }
                *tab(r, c, byte, below) = sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
            }
    return r;
}

uint64_t tiles_ranker_count(int len, int nb)
{
    if (len < 2 || len > TILES_MAX_CELLS || nb < 0 || nb > len - 1) return UINT64_MAX;
    /* C(len-1, nb) by the multiplicative formula, saturating. */
    uint64_t c = 1;
    int k = nb < len - 1 - nb ? nb : len - 1 - nb;
    for (int i = 1; i <= k; i++) {
        uint64_t num = (uint64_t)(len - 1 - k + i);
        if (c > UINT64_MAX / num) return UINT64_MAX;
        c = c * num / (uint64_t)i;
    }
    if (c > UINT32_MAX || c > UINT64_MAX / (uint64_t)len) return UINT64_MAX;
    return c * (uint64_t)len;
}

void tiles_ranker_free(tiles_ranker *r)
{
    if (!r) return;
    free(r->table);
    free(r);
}

uint64_t tiles_ranker_states(const tiles_ranker *r) { return r->nstates; }

uint64_t tiles_rank(const tiles_ranker *r, uint64_t s)
{
    int e = tiles_empty(s);
    uint64_t blacks = tiles_blacks(s);
    uint64_t low = blacks & ((1ULL << e) - 1);
    uint64_t mask = low | ((blacks >> (e + 1)) << e);
    uint64_t rank = 0;
    int below = 0;
    for (int c = 0; c < r->nchunks; c++) {
        int byte = (int)((mask >> (c * CHUNK_BITS)) & 0xff);
        rank += *tab(r, c, byte, below);
        below += r->pop[byte];
    }
    return (uint64_t)e * r->ncomb + rank;
}

static uint64_t tiles_unrank_mask(const tiles_ranker *r, uint64_t rank)
{
    uint64_t mask = 0;
    int k = r->nb;
    for (int p = r->m - 1; p >= 0 && k > 0; p--) {
        if (rank >= r->binom[p][k]) {
            mask |= 1ULL << p;
            rank -= r->binom[p][k];
            k--;
        }
    }
    return mask;
}

uint64_t tiles_unrank(const tiles_ranker *r, uint64_t idx)
{
    int e = (int)(idx / r->ncomb);
    uint64_t mask = tiles_unrank_mask(r, idx % r->ncomb);
    uint64_t blacks = (mask & ((1ULL << e) - 1)) | ((mask >> e) << (e + 1));
    return tiles_pack(blacks, e);
}

/* ------------------------------------------------------------- A* */

typedef struct {
    const tiles_ranker *r;
    int len, hop, strong;
    size_t words;        /* 64-bit words per bitmap */
    uint64_t *closed;
    uint64_t **bucket;   /* by f - f0 */
    int nbuckets;
    int f0;
    uint64_t *stack;
    size_t sn, scap;
    gl_meter *m;         /* every array is charged to it before it is allocated */
    unsigned long long nodes;
} rsearch;

static int h_from_pairs(const rsearch *S, uint64_t s, int pairs)
{
    return S->strong ? tiles_h_strong_p(s, S->hop, pairs, S->len) : pairs;
}

static int h_of(const rsearch *S, uint64_t s) { return h_from_pairs(S, s, tiles_pairs(s, S->len)); }

static uint64_t *get_bucket(rsearch *S, int f)
{
    int i = f - S->f0;
    if (i < 0) return NULL;
    if (i >= S->nbuckets) {
        int nb = S->nbuckets ? S->nbuckets : 64;
        while (nb <= i) nb *= 2;
        if (gl_meter_charge(S->m, (size_t)nb * sizeof *S->bucket) != 0) return NULL;
        gl_meter_refund(S->m, (size_t)S->nbuckets * sizeof *S->bucket);
        uint64_t **b = realloc(S->bucket, (size_t)nb * sizeof *b);
        if (!b) return NULL;
        memset(b + S->nbuckets, 0, (size_t)(nb - S->nbuckets) * sizeof *b);
        S->bucket = b;
        S->nbuckets = nb;
    }
    if (!S->bucket[i]) {
        if (gl_meter_charge(S->m, S->words * sizeof(uint64_t)) != 0) return NULL;
        S->bucket[i] = calloc(S->words, sizeof(uint64_t));
        if (!S->bucket[i]) return NULL;
    }
    return S->bucket[i];
}

static int bit(const uint64_t *b, uint64_t i) { return (int)((b[i >> 6] >> (i & 63)) & 1); }
static void setbit(uint64_t *b, uint64_t i) { b[i >> 6] |= 1ULL << (i & 63); }

/* The stack of same-bucket successors doubles; 0, or -1 at the limit. */
static int stack_push(rsearch *S, uint64_t s)
{
    if (S->sn == S->scap) {
        size_t nc = S->scap ? S->scap * 2 : 4096;
        if (gl_meter_charge(S->m, nc * sizeof *S->stack) != 0) return -1;
        gl_meter_refund(S->m, S->scap * sizeof *S->stack);
        uint64_t *st = realloc(S->stack, nc * sizeof *st);
        if (!st) return -1;
        S->stack = st;
        S->scap = nc;
    }
    S->stack[S->sn++] = s;
    return 0;
}

/* Expands s (in bucket f).  Returns 1 when s is a goal, -1 on a limit. */
static int expand(rsearch *S, uint64_t s, uint64_t rs, int f)
{
    if (bit(S->closed, rs)) return 0;
    setbit(S->closed, rs);
    int pairs = tiles_pairs(s, S->len);
    if (pairs == 0) return 1;
    S->nodes++;
    if (gl_meter_tick(S->m, 1)) return -1;
    int g = f - h_from_pairs(S, s, pairs);
    uint64_t succ[TILES_MAX_SUCC];
    int cost[TILES_MAX_SUCC];
    gl_move mv[TILES_MAX_SUCC];
    int n = tiles_successors(s, S->len, S->hop, succ, cost, mv);
    for (int i = 0; i < n; i++) {
        uint64_t rt = tiles_rank(S->r, succ[i]);
        if (bit(S->closed, rt)) continue;
        int pt = pairs + tiles_pairs_delta(s, mv[i].a);
        int ft = g + cost[i] + h_from_pairs(S, succ[i], pt);
        uint64_t *b = get_bucket(S, ft);
        if (!b || (ft == f && stack_push(S, succ[i]) != 0)) {
            if (!S->m->stopped) S->m->stopped = "memory limit"; /* an allocation failed */
            return -1;
        }
        setbit(b, rt);
    }
    return 0;
}

/* g of a closed state: the lowest bucket holding it, minus h. */
static int g_of(const rsearch *S, uint64_t s, uint64_t rs)
{
    for (int i = 0; i < S->nbuckets; i++)
        if (S->bucket[i] && bit(S->bucket[i], rs)) return S->f0 + i - h_of(S, s);
    return -1;
}

int tiles_astar_ranked(const tiles_board *t, int strong, const gl_limits *lim, gl_solution *out,
                       gl_error *err)
{
    int nb = 0;
    for (int i = 0; i < t->len; i++) nb += (int)((tiles_blacks(t->state) >> i) & 1);
    size_t cap = gl_limits_mem_cap(lim);
    /* Bitmaps must fit: the closed set and a few dozen buckets. */
    if (tiles_ranker_count(t->len, nb) > (uint64_t)cap * 8 / 16)
        return 1; /* too large for this method: the caller falls back */
    gl_meter m;
    gl_meter_start(&m, lim);
    rsearch S;
    memset(&S, 0, sizeof S);
    S.m = &m;
    S.len = t->len;
    S.hop = t->hop;
    S.strong = strong;
    out->solved = out->optimal = 0;
    out->stopped = NULL;
    gl_solution_clear_moves(out);
    int rc = 0;
    tiles_ranker *r = tiles_ranker_new(t->len, nb, UINT64_MAX, &m);
    S.r = r;
    if (!r) goto done;
    S.words = (size_t)((r->nstates + 63) / 64);
    if (gl_meter_charge(&m, S.words * sizeof(uint64_t)) != 0 || !(S.closed = calloc(S.words, sizeof(uint64_t))))
        goto done;
    S.f0 = h_of(&S, t->state);
    uint64_t rstart = tiles_rank(r, t->state);
    uint64_t *b0 = get_bucket(&S, S.f0);
    if (!b0) goto done;
    setbit(b0, rstart);
    uint64_t goal = 0;
    int found = 0, fgoal = 0;
    for (int f = S.f0; !found && !m.stopped; f++) {
        int i = f - S.f0;
        if (i >= S.nbuckets) break;
        uint64_t *b = S.bucket[i];
        if (!b) {
            int any = 0;
            for (int k = i + 1; k < S.nbuckets; k++) any |= S.bucket[k] != NULL;
            if (!any) break;
            continue;
        }
        /* Ranks come out of the scan in increasing order, and colex order
         * is the order of Gosper's next-combination step, so a state close
         * after the previous one is reached by a few steps instead of a
         * full unrank. */
        uint64_t prev_rank = UINT64_MAX, prev_mask = 0;
        int prev_e = -1;
        for (size_t w = 0; w < S.words && !found && !m.stopped; w++) {
            /* An empty stretch of the bitmap is work too. */
            if ((w & 63) == 0 && gl_meter_tick(&m, 1)) break;
            uint64_t word = b[w] & ~S.closed[w];
            while (word && !found && !m.stopped) {
                int bitpos = __builtin_ctzll(word);
                word &= word - 1;
                uint64_t rs = (uint64_t)w * 64 + (uint64_t)bitpos;
                uint64_t s;
                int e = (int)(rs / r->ncomb);
                uint64_t within = rs - (uint64_t)e * r->ncomb;
                if (e == prev_e && prev_rank != UINT64_MAX && within > prev_rank && within - prev_rank <= 16 &&
                    prev_mask) {
                    uint64_t x = prev_mask;
                    for (uint64_t k = prev_rank; k < within; k++) {
                        uint64_t low = x & (~x + 1), ripple = x + low;
                        x = (((ripple ^ x) >> 2) >> __builtin_ctzll(low)) | ripple;
                    }
                    prev_mask = x;
                } else {
                    prev_mask = tiles_unrank_mask(r, within);
                }
                prev_rank = within;
                prev_e = e;
                s = tiles_pack((prev_mask & ((1ULL << e) - 1)) | ((prev_mask >> e) << (e + 1)), e);
                int x = expand(&S, s, rs, f);
                if (x > 0) {
                    found = 1;
                    goal = s;
                    fgoal = f;
                }
                while (x == 0 && S.sn > 0) {
                    uint64_t u = S.stack[--S.sn];
                    x = expand(&S, u, tiles_rank(r, u), f);
                    if (x > 0) {
                        found = 1;
                        goal = u;
                        fgoal = f;
                    }
                }
                if (x < 0) break;
                /* A same-bucket state behind the cursor was expanded from
                 * the stack, and one ahead is skipped by the closed mask. */
                word &= ~S.closed[w];
            }
        }
    }
    out->nodes = S.nodes;
    if (found) {
        /* Walk back from the goal through closed neighbours. */
        int g = fgoal;
        uint64_t s = goal;
        gl_solution_clear_moves(out);
        while (g > 0) {
            uint64_t succ[TILES_MAX_SUCC];
            int cost[TILES_MAX_SUCC];
            gl_move mv[TILES_MAX_SUCC];
            int n = tiles_successors(s, S.len, S.hop, succ, cost, mv);
            int step = -1;
            for (int k = 0; k < n && step < 0; k++) {
                uint64_t rp = tiles_rank(r, succ[k]);
                if (bit(S.closed, rp) && g_of(&S, succ[k], rp) == g - cost[k]) step = k;
            }
            if (step < 0) {
                rc = gl_error_set(err, "internal error: tiles path reconstruction failed");
                goto done;
            }
            /* The move from the predecessor to s: the tile now at the
             * predecessor's empty cell came from s's empty cell. */
            gl_move back = {tiles_empty(s), tiles_empty(succ[step]), 0};
            gl_solution_push(out, back);
            g -= cost[step];
            s = succ[step];
        }
        gl_solution_reverse(out);
        out->cost = fgoal;
        out->solved = 1;
        out->optimal = 1;
    } else if (!m.stopped) {
        out->optimal = 1; /* every reachable state expanded: no goal */
    }
done:
    if (!out->solved && !out->optimal && rc == 0)
        out->stopped = m.stopped ? m.stopped : "memory limit"; /* else an allocation failed */
    out->peak_bytes = m.peak;
    for (int i = 0; i < S.nbuckets; i++) free(S.bucket[i]);
    free(S.bucket);
    free(S.closed);
    free(S.stack);
    tiles_ranker_free(r);
    out->ms = gl_meter_end(&m);
    return rc;
}
