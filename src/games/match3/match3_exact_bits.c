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
 *     end (reached again through commuting swaps; match3_exact_cache.h);
 *   - the children of a node with three swaps left are played once and
 *     their children composed from them where the swaps do not interact.
 * The two-swaps-left step (match3_exact_two.c) holds nearly all the plays;
 * match3_exact_bits.h lists the other files.  Without a bound that cuts
 * (docs/notes/match3.md says why none was found) the search visits every
 * distinct position; all of this makes each visit cheaper.
 * match3_exact_run uses it whenever the board fits.
 *
 * A specialisation, beside the shared kernels rather than on them: it
 * maximises a score over a fixed number of swaps (no shortest path, no
 * goal), and its table, bounds and the plays it reuses are all about
 * match-three positions on bit words (docs/architecture.md, "The search
 * kernels"). */
#include "match3_exact_bits.h"

#include <string.h>

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

/* Keeps v for key; when the table cannot grow the meter has stopped the
 * search. */
static void bx_store(bx_ctx *c, const uint64_t key[2], long long v, int exact)
{
    int ins;
    uint64_t *e = bt_upsert(&c->tt, key, &ins);
    if (!e) return;
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

/* Plays every child of p (the swaps mv[0..nm)) into up, with its read
 * and changed cells, for the children's two-swaps-left steps. */
static void bx_play_children(bx_ctx *c, const match3_bpos *p, const int *mv, int nm, bx_up *u)
{
    u->tick++;
    if (c->wide) {
        /* eight at a time (match3_wide_reads) */
        uint64_t pl[4] = {0, 0, 0, 0}, occ = 0;
        for (int k = 0; k < c->G.kinds; k++) {
            occ |= p->k[k];
            for (int j = 0; j < 4; j++)
                if (k >> j & 1) pl[j] |= p->k[k];
        }
        match3_firsts *f = &c->played;
        f->n = nm;
        memcpy(f->id, mv, (size_t)nm * sizeof *mv);
        match3_wide_reads(&c->G, pl, occ, f, c->wk);
        for (int i = 0; i < nm; i++) {
            int m = mv[i];
            memset(&u->pos[m], 0, sizeof u->pos[m]);
            for (int k = 0; k < c->G.kinds; k++) u->pos[m].k[k] = c->wk[k][i];
            u->gain[m] = f->gain[i];
            u->read[m] = f->read[i];
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

/* The meter is told of the plays made since it was last told: a node
 * costs at most a few thousand plays (the two-swaps-left step on 8x8),
 * well under a millisecond. */
static inline int bx_tick(bx_ctx *c)
{
    uint32_t units = (uint32_t)(c->nodes - c->ticked);
    c->ticked = c->nodes;
    return gl_meter_tick(c->m, units);
}

static long long bx_search(bx_ctx *c, int depth, int r, long long need, const bx_up *up, uint64_t mdiff)
{
    if (r == 0 || bx_tick(c)) return 0;
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
         * swaps left, where the nodes are many and, without cuts, the
         * order changes little. */
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
            u = &c->up;
            bx_play_children(c, p, mv, nm, u);
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
            if (c->m->stopped) return 0;
            if (v > best) best = v;
            if (best >= ub) break;
        }
    }
    if (best > ub) best = ub;
    bx_store(c, key, best, best > need);
    return best;
}

#define BX_TT_START 4096

int match3_exact_bits_run(match3_exact_job *j, gl_error *err)
{
    const match3_board *b = j->b;
    gl_meter m;
    gl_meter_start(&m, j->lim);
    j->best = 0;
    j->nline = 0;
    j->nodes = 0;
    j->engine = MATCH3_ENGINE_BITS;
    bx_ctx *c = bx_take(&m, j->keep);
    if (c && bt_reset(&c->tt, BX_TT_START, &m) != 0) {
        bx_free(c);
        c = NULL;
    }
    if (!c) {
        /* The meter refused the workspace: stopped before the search. */
        j->stopped = m.stopped;
        j->peak = m.peak;
        gl_meter_end(&m);
        return 0;
    }
    if (match3_bits_init(&c->G, &b->R) != 0 || !match3_bits_fits(&b->R)) {
        bx_give_back(c, j->keep);
        gl_meter_end(&m);
        return gl_error_set(err, "internal error: board does not fit the bit engine");
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
     * proved best for a smaller number of swaps, at a small cost (the
     * iterations share no table entries, since a board is never reached
     * with two different numbers of swaps left, so steps of one cost
     * more). */
    for (int d = 2 - j->x % 2; d <= j->x; d += 2) {
        c->stack[0] = root;
        long long v = bx_search(c, 0, d, -1, NULL, 0);
        if (m.stopped) break;
        /* Rebuild the line: at each step the child that keeps the value. */
        int tmp[MATCH3_MAX_SWAPS], nt = 0;
        long long target = v;
        for (int depth = 0, r = d; r > 0 && target > 0 && !m.stopped; depth++, r--) {
            int mv[MATCH3_BITS_IDS];
            int nm = bx_moves(c, &c->stack[depth], mv), found = 0;
            for (int i = 0; i < nm && !found && !m.stopped; i++) {
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
            if (!found && !m.stopped) {
                m.stopped = "internal error: line not found";
                break;
            }
        }
        if (m.stopped) break;
        j->best = v;
        memcpy(j->line, tmp, (size_t)nt * sizeof *tmp);
        j->nline = nt;
    }
    j->nodes = c->nodes;
    j->stopped = m.stopped;
    bx_give_back(c, j->keep);
    j->peak = m.peak;
    gl_meter_end(&m);
    return 0;
}
