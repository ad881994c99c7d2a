/* The bit-parallel engine's primitives (match3_bits.c explains the layout
 * and the rules on it), as inline functions with the number of kinds K a
 * parameter: a caller that passes a constant gets a copy whose loops over
 * kinds unroll and whose kind words stay in registers.  Included by
 * match3_bits.c (the engine's API), the exact search's files (its inner
 * loops, one copy per K) and match3_wide.c. */
#ifndef GRIDLAB_GAMES_MATCH3_BITS_K_H
#define GRIDLAB_GAMES_MATCH3_BITS_K_H

#include "match3.h"

#define B_BOT1 0x0101010101010101ULL /* bit 0 of every byte */
#define B_BOT2 0x0303030303030303ULL
#define B_BOT4 0x0f0f0f0f0f0f0f0fULL
#define B_TOP1 0x8080808080808080ULL /* bit 7 of every byte */

/* Neighbour views: bit p of the result is the cell below / above / left of
 * / right of p in x. */
static inline uint64_t nb_below(uint64_t x) { return (x << 1) & ~B_BOT1; }
static inline uint64_t nb_above(uint64_t x) { return (x >> 1) & ~B_TOP1; }
static inline uint64_t nb_left(uint64_t x) { return x << 8; }
static inline uint64_t nb_right(uint64_t x) { return x >> 8; }

/* Every cell with some cell of x at or below it in its column. */
static inline uint64_t smear_up(uint64_t x)
{
    x |= (x << 1) & ~B_BOT1;
    x |= (x << 2) & ~B_BOT2;
    x |= (x << 4) & ~B_BOT4;
    return x;
}

/* Bits set in x, for the sparse sets of run starts (the build targets
 * plain x86-64, where __builtin_popcountll is a library call). */
static inline int sparse_count(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* One bit per column that has a cell of x. */
static inline uint64_t cols_of(uint64_t x)
{
    x |= x >> 4;
    x |= x >> 2;
    x |= x >> 1;
    x &= B_BOT1;
    return (x * 0x0102040810204080ULL) >> 56;
}

#define HOT static inline __attribute__((always_inline))

/* Starts of maximal runs of >= 3, >= 4 and >= 5 in one direction, their
 * score added to acc:
 * t3 has the first cell of every run of 3 or more (with its two next
 * cells in b), next(x) steps one cell along, first marks cells whose
 * predecessor is not in b. */
#define RUN_SCORE(acc, g, t3, b, next, prev)                                                   \
    do {                                                                                       \
        uint64_t t4_ = (t3) & next(next(next(b))), t5_ = t4_ & next(next(next(next(b)))); \
        uint64_t f_ = ~prev(b);                                                                \
        int n3_ = sparse_count((t3) & f_), n4_ = sparse_count(t4_ & f_), n5_ = sparse_count(t5_ & f_); \
        (acc) += (g)->scores[0] * (n3_ - n4_) + (g)->scores[1] * (n4_ - n5_) + (g)->scores[2] * n5_; \
    } while (0)

/* The runs of one round: their score, the cells they clear into *clr, and
 * the cells of row runs and column runs into *hcells and *vcells.  All
 * kinds are checked (on a settled board only the kinds of the moved tiles
 * can have runs, but checking all of them costs less than choosing).  Most
 * calls find no run (the round after the last one), so the test for any
 * run comes first.  K is a constant in each copy (see match3_bits_play). */
HOT int runs_of(const match3_bits *g, const uint64_t *kw, const int K, uint64_t *clr, uint64_t *hcells,
                uint64_t *vcells)
{
    uint64_t t3[MATCH3_MAX_KINDS] = {0}, u3[MATCH3_MAX_KINDS] = {0}, any = 0;
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        uint64_t b = kw[k];
        uint64_t a1 = nb_above(b), r1 = nb_right(b);
        t3[k] = b & a1 & nb_above(a1);
        u3[k] = b & r1 & nb_right(r1);
        any |= t3[k] | u3[k];
    }
    if (!any) {
        *clr = *hcells = *vcells = 0;
        return 0;
    }
    int score = 0;
    uint64_t hc = 0, vc = 0;
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        uint64_t b = kw[k], t = t3[k], u = u3[k];
        if (t) {
            RUN_SCORE(score, g, t, b, nb_above, nb_below);
            vc |= t | (t << 1) | (t << 2);
        }
        if (u) {
            RUN_SCORE(score, g, u, b, nb_right, nb_left);
            hc |= u | (u << 8) | (u << 16);
        }
    }
    *clr = hc | vc;
    *hcells = hc;
    *vcells = vc;
    return score;
}

/* The cells a scan from the candidates d looks at: each candidate's
 * same-kind neighbours along its row (hcells: with the row runs) and its
 * column (vcells: with the column runs), and one cell beyond them, where a
 * scan stops. */
HOT uint64_t scanned(const match3_bits *g, const uint64_t *kw, const int K, uint64_t d, uint64_t hcells,
                     uint64_t vcells)
{
    uint64_t sh = hcells, sv = vcells;
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        uint64_t e = d & kw[k];
        sh |= e | ((nb_left(e) | nb_right(e)) & kw[k]);
        sv |= e | ((nb_below(e) | nb_above(e)) & kw[k]);
    }
    return (sh | nb_left(sh) | nb_right(sh) | sv | nb_below(sv) | nb_above(sv)) & g->cells;
}

/* The fall after a round cleared clr (the board was settled, so the holes
 * are exactly the cleared cells): every tile with a hole below it moves
 * down, in each of the n words w (kind words or bit planes) and in occ,
 * the occupied cells, which it returns.  With at most one hole per column
 * (a row run: the common case) one step does it; otherwise the step
 * repeats while some tile has a hole below it. */
HOT uint64_t fall_k(const match3_bits *g, uint64_t *w, const int n, uint64_t occ, uint64_t clr, uint64_t above)
{
    uint64_t moving = occ & nb_below(above);
    for (;;) {
        _Pragma("GCC unroll 9") for (int j = 0; j < n; j++) {
            uint64_t m = w[j] & moving;
            w[j] ^= m ^ (m >> 1);
        }
        occ ^= moving ^ (moving >> 1);
        if (!(clr & nb_below(above))) return occ;
        moving = occ & smear_up(nb_below(g->cells & ~occ));
        if (!moving) return occ;
    }
}

HOT int play_k(const match3_bits *g, match3_bpos *p, int id, uint64_t *read_cells, const int K)
{
    /* The kind words live in locals (registers, once the loops over the
     * constant K unroll) until the end. */
    uint64_t kw[MATCH3_MAX_KINDS];
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) kw[k] = p->k[k];
    int bit = id >> 1, bit2 = bit + ((id & 1) ? 1 : 8);
    uint64_t xy = (1ULL << bit) | (1ULL << bit2);
    /* The swap: the two kinds involved each hold exactly one of the two
     * cells, and both bits flip in their words. */
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++)
        kw[k] ^= xy & (0 - (((kw[k] >> bit) ^ (kw[k] >> bit2)) & 1));
    uint64_t cand = xy, read = 0;
    int total = 0;
    const int want = read_cells != NULL;
    for (;;) {
        uint64_t clr, hc, vc;
        int s = runs_of(g, kw, K, &clr, &hc, &vc);
        if (want) read |= scanned(g, kw, K, cand, hc, vc);
        if (!clr) break;
        total += s;
        /* The fall rewrites every cell at or above a cleared one. */
        uint64_t above = smear_up(clr);
        if (want) read |= above & g->cells;
        /* Clear, then let every tile with a hole below it fall. */
        uint64_t occ = 0;
        _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
            kw[k] &= ~clr;
            occ |= kw[k];
        }
        occ = fall_k(g, kw, K, occ, clr, above);
        /* Next round: every tile at or above a cleared cell may be in a
         * new run. */
        cand = occ & above;
    }
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) p->k[k] = kw[k];
    if (want) *read_cells = read;
    return total;
}

/* The legal swaps (match3_bits_moves). */
HOT void moves_k(const uint64_t *kw, uint64_t *hm, uint64_t *vm, const int K)
{
    uint64_t occ = 0;
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) occ |= kw[k];
    uint64_t h = 0, v = 0;
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        uint64_t b = kw[k];
        if (!b) continue;
        uint64_t bl = nb_left(b), br = nb_right(b), bd = nb_below(b), bu = nb_above(b);
        uint64_t hl2 = bl & nb_left(bl), hr2 = br & nb_right(br), hlr = bl & br;
        uint64_t vd2 = bd & nb_below(bd), vu2 = bu & nb_above(bu), vdu = bd & bu;
        uint64_t other = occ & ~b; /* cells a k tile can be swapped into */
        uint64_t hpat = hl2 | hr2 | hlr, vpat = vd2 | vu2 | vdu;
        /* From the right (swap p, p+8): p's left pair or any column pattern. */
        h |= other & br & (hl2 | vpat);
        /* From the left (swap p-8, p): indexed by the left cell. */
        h |= nb_right(other & bl & (hr2 | vpat));
        /* From below (swap p-1, p): indexed by the lower cell. */
        v |= nb_above(other & bd & (hpat | vu2));
        /* From above (swap p, p+1). */
        v |= other & bu & (hpat | vd2);
    }
    *hm = h;
    *vm = v;
}

/* Bit planes: the kind index k (0..K-1) of every tile in NP = ceil(log2 K)
 * words (plane j has the tiles whose index has bit j) and one word of
 * occupied cells.  For K = 4 that is 3 words instead of 4, and two cells
 * hold equal tiles when both are occupied and no plane differs, so the
 * runs of all kinds are found at once.  Used for plays whose score alone
 * is wanted (the replays of the two-swaps-left step). */
#define PLANES(K) ((K) <= 4 ? 2 : (K) <= 8 ? 3 : 4)

HOT void planes_of(const uint64_t *kw, uint64_t *pl, uint64_t *occ, const int K)
{
    const int NP = PLANES(K);
    uint64_t o = 0;
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) pl[j] = 0;
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        o |= kw[k];
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++)
            if (k >> j & 1) pl[j] |= kw[k];
    }
    *occ = o;
}

/* Maximal runs in one direction from e (bit p: p and the next cell hold
 * equal tiles), scored as RUN_SCORE does per kind. */
#define PLANE_RUN_SCORE(acc, g, t3, e, next, prev)                                             \
    do {                                                                                       \
        uint64_t t4_ = (t3) & next(next(e)), t5_ = t4_ & next(next(next(e)));                  \
        uint64_t f_ = ~prev(e);                                                                \
        int n3_ = sparse_count((t3) & f_), n4_ = sparse_count(t4_ & f_), n5_ = sparse_count(t5_ & f_); \
        (acc) += (g)->scores[0] * (n3_ - n4_) + (g)->scores[1] * (n4_ - n5_) + (g)->scores[2] * n5_; \
    } while (0)

/* The score of a legal swap (with its cascades) on the position in planes
 * (planes_of); the same rounds, clears and falls as play_k. */
HOT int plane_score(const match3_bits *g, const uint64_t *pl0, uint64_t occ, int id, const int K)
{
    const int NP = PLANES(K);
    uint64_t pl[4] = {0, 0, 0, 0};
    int bit = id >> 1, bit2 = bit + ((id & 1) ? 1 : 8);
    uint64_t xy = (1ULL << bit) | (1ULL << bit2);
    /* The swap flips both cells in each plane where they differ. */
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
        uint64_t a = pl0[j] & xy;
        pl[j] = pl0[j] ^ ((a != 0 && a != xy) ? xy : 0);
    }
    int total = 0;
    for (;;) {
        uint64_t dv = 0, dh = 0;
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
            dv |= pl[j] ^ nb_above(pl[j]);
            dh |= pl[j] ^ nb_right(pl[j]);
        }
        uint64_t ev = occ & nb_above(occ) & ~dv, eh = occ & nb_right(occ) & ~dh;
        uint64_t t = ev & nb_above(ev), u = eh & nb_right(eh);
        if (!(t | u)) break;
        uint64_t clr = 0;
        if (t) {
            PLANE_RUN_SCORE(total, g, t, ev, nb_above, nb_below);
            clr |= t | (t << 1) | (t << 2);
        }
        if (u) {
            PLANE_RUN_SCORE(total, g, u, eh, nb_right, nb_left);
            clr |= u | (u << 8) | (u << 16);
        }
        uint64_t above = smear_up(clr);
        occ &= ~clr;
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) pl[j] &= ~clr;
        occ = fall_k(g, pl, NP, occ, clr, above);
    }
    return total;
}

/* The same play on planes, also giving the position after it (kind words
 * into kout) and the cells it read, as play_k reports them: the scan from
 * the candidates d reaches each one's equal neighbours along its row and
 * column (equal: the e words above), the run cells, and one cell beyond;
 * and every cell at or above a cleared one. */
HOT int plane_play_read(const match3_bits *g, const uint64_t *kin, uint64_t *kout, int id, uint64_t *read_cells,
                        const int K)
{
    const int NP = PLANES(K);
    uint64_t pl[4] = {0, 0, 0, 0}, occ;
    planes_of(kin, pl, &occ, K);
    int bit = id >> 1, bit2 = bit + ((id & 1) ? 1 : 8);
    uint64_t xy = (1ULL << bit) | (1ULL << bit2);
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
        uint64_t a = pl[j] & xy;
        pl[j] ^= (a != 0 && a != xy) ? xy : 0;
    }
    uint64_t cand = xy, read = 0;
    int total = 0;
    for (;;) {
        uint64_t dv = 0, dh = 0;
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
            dv |= pl[j] ^ nb_above(pl[j]);
            dh |= pl[j] ^ nb_right(pl[j]);
        }
        uint64_t ev = occ & nb_above(occ) & ~dv, eh = occ & nb_right(occ) & ~dh;
        uint64_t t = ev & nb_above(ev), u = eh & nb_right(eh);
        uint64_t vc = t ? t | (t << 1) | (t << 2) : 0, hc = u ? u | (u << 8) | (u << 16) : 0;
        uint64_t dc = cand & occ;
        uint64_t sh = hc | dc | nb_left(dc & eh) | (eh & nb_right(dc));
        uint64_t sv = vc | dc | nb_below(dc & ev) | (ev & nb_above(dc));
        read |= (sh | nb_left(sh) | nb_right(sh) | sv | nb_below(sv) | nb_above(sv)) & g->cells;
        if (!(t | u)) break;
        if (t) PLANE_RUN_SCORE(total, g, t, ev, nb_above, nb_below);
        if (u) PLANE_RUN_SCORE(total, g, u, eh, nb_right, nb_left);
        uint64_t clr = hc | vc, above = smear_up(clr);
        read |= above & g->cells;
        occ &= ~clr;
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) pl[j] &= ~clr;
        occ = fall_k(g, pl, NP, occ, clr, above);
        cand = occ & above;
    }
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        uint64_t w = occ;
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) w &= (k >> j & 1) ? pl[j] : ~pl[j];
        kout[k] = w;
    }
    *read_cells = read;
    return total;
}

#endif
