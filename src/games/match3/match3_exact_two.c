/* The exact bit-engine search's step for nodes with two swaps left, where
 * nearly all of its plays happen.
 *
 * Every first swap m is played once, with the cells its resolution read
 * and those it changed.  After m, a second swap s that was legal before
 * and whose read cells m did not change scores exactly what it scored
 * before (a play reads only its read cells; test_independence_rule pins
 * this), so only the swaps near m's changes are played again.  The best
 * second swap of each child is looked up first in the one-swap cache
 * (children recur through commuting swaps), and a child that is the same
 * position as an earlier child of the node takes that one's value.
 *
 * A first swap that the parent's swap did not disturb is not played at
 * all: its child is composed from the parent's (bx_up).  The plays run on
 * bit planes (match3_bits_k.h), one copy of the step per number of kinds;
 * where the processor has AVX-512 the first swaps, the children and the
 * replays go eight at a time on 512-bit vectors (match3_wide.c), with the
 * same plays, cache use and result as the portable step. */
#include "match3_exact_cache.h"

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

/* The children's one-swap cache lookups, in order: kmiss[i] set when child
 * i is not in the cache; a child that is the same position as an earlier
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

/* Can first swap s of p (a child of up's node through a swap that changed
 * mdiff) be composed instead of played: did the parent's s read none of
 * the changed cells? */
static inline int composable(const bx_up *up, int s, uint64_t mdiff)
{
    return up && up->stamp[s] == up->tick && !(up->read[s] & mdiff);
}

HOT long long two_left_k(bx_ctx *c, const match3_bpos *p, const int *mv, int nm, const bx_up *up, uint64_t mdiff,
                         const int K)
{
    c->tick++;
    for (int i = 0; i < nm; i++) {
        int s = mv[i];
        match3_bpos *kid = &c->kids[i];
        if (composable(up, s, mdiff)) {
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
        __builtin_prefetch(b1_slot(c, c->kkey[i][0]));
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

/* The same step on 512-bit vectors: the first swaps that are not composed
 * are played eight at a time (match3_wide_reads), then eight children at a
 * time are keyed, get their legal swaps and bit planes and find which of
 * their swaps score as before (match3_wide_kids); the others (the
 * replays) of all the children that missed the one-swap cache are
 * gathered, one lane per replay, and played eight at a time
 * (match3_wide_best1). */
HOT long long two_left_wide_k(bx_ctx *c, const match3_bpos *p, const int *mv, int nm, const bx_up *up,
                              uint64_t mdiff, const int K)
{
    c->tick++;
    match3_kids *kd = &c->kid;
    match3_firsts *pf = &c->played;
    pf->n = 0;
    for (int i = 0; i < nm; i++) {
        int s = mv[i];
        if (composable(up, s, mdiff)) {
            uint64_t d = up->diff[s];
            _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) kd->ks[k][i] = (p->k[k] & ~d) | (up->pos[s].k[k] & d);
            c->gain[s] = up->gain[s];
            c->rmask[s] = up->read[s];
            kd->changed[i] = d;
        } else {
            pf->id[pf->n] = s;
            c->widx[pf->n++] = i;
        }
    }
    if (pf->n) {
        uint64_t pl[4], occ;
        planes_of(p->k, pl, &occ, K);
        match3_wide_reads(&c->G, pl, occ, pf, c->wk);
        c->nodes += (uint64_t)pf->n;
        for (int j = 0; j < pf->n; j++) {
            int i = c->widx[j], s = pf->id[j];
            uint64_t d = 0;
            _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
                kd->ks[k][i] = c->wk[k][j];
                d |= p->k[k] ^ c->wk[k][j];
            }
            kd->changed[i] = d;
            c->gain[s] = pf->gain[j];
            c->rmask[s] = pf->read[j];
        }
    }
    match3_firsts *f = &c->firsts;
    f->n = nm;
    for (int i = 0; i < nm; i++) {
        int s = mv[i];
        f->id[i] = s;
        f->read[i] = c->rmask[s];
        f->gain[i] = c->gain[s];
    }
    kd->n = nm;
    match3_wide_kids(&c->G, f, kd);
    for (int i = 0; i < nm; i++) {
        c->kkey[i][0] = kd->key0[i];
        c->kkey[i][1] = kd->key1[i];
        __builtin_prefetch(b1_slot(c, kd->key0[i]));
    }
    int nmiss = 0;
    for (int i = 0; i < nm; i++) {
        int b1 = bx_lookup(c, i, c->kkey[i]);
        if (b1 < 0) c->wmiss[nmiss++] = i;
        c->kb1[i] = b1;
    }
    if (nmiss) c->nodes += (uint64_t)match3_wide_best1(&c->G, kd, c->wmiss, nmiss, c->kb1, &c->wbuf);
    return bx_finish(c, mv, nm);
}

long long bx_two_left(bx_ctx *c, const match3_bpos *p, const int *mv, int nm, const bx_up *up, uint64_t mdiff)
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
