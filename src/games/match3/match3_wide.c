/* Eight plays at once, for the exact search's two-swaps-left step
 * (match3_exact_two.c): the plays on bit planes (plane_score and
 * plane_play_read in match3_bits_k.h), one position per 64-bit lane of a
 * 512-bit vector, where the processor has AVX-512F, BW, DQ, VL, VBMI2 and
 * VPOPCNTDQ (checked at run time; GRIDLAB_SIMD=avx2, neon or portable
 * turns it off, to test the portable path: src/gridlab/cpu.h).
 *
 * Every lane runs the same rounds as the scalar play: the equality words
 * of the planes give the runs of all kinds, a round scores and clears
 * them, and tiles with a hole below fall one cell per step.  A lane whose
 * resolution is over finds no run in the next round, so its clear set is
 * empty and the rounds the other lanes still need leave it unchanged.  A
 * lane with no swap (fewer than eight) never has a run.  The score is
 * linear in the counts of run starts (>= 3, >= 4, >= 5 cells) over all
 * rounds and both directions, so each lane only adds up three counts,
 * weighted once at the end.
 *
 * match3_wide_reads plays a node's first swaps with their read cells and
 * positions after; match3_wide_kids keys eight children at a time and
 * finds their legal swaps, planes and the swaps that score as before;
 * match3_wide_best1 plays the other swaps (the replays) of the children
 * and takes each child's best.  The tests check each against the scalar
 * functions. */
#include "match3_bits_k.h"

#include <stdlib.h>

#if defined(__x86_64__) && defined(__GNUC__)
#define M3_HAVE_WIDE 1
#include <immintrin.h>
#endif

int match3_wide_usable(void)
{
#ifdef M3_HAVE_WIDE
    return gl_cpu_has(GL_CPU_AVX512F | GL_CPU_AVX512BW | GL_CPU_AVX512DQ | GL_CPU_AVX512VL | GL_CPU_AVX512VBMI2 |
                      GL_CPU_AVX512VPOPCNTDQ);
#else
    return 0;
#endif
}

#ifdef M3_HAVE_WIDE
#define WIDE __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx512vbmi2,avx512vpopcntdq")))
#define WHOT WIDE static inline __attribute__((always_inline))

WHOT __m512i w_and(__m512i a, __m512i b) { return _mm512_and_si512(a, b); }
WHOT __m512i w_or(__m512i a, __m512i b) { return _mm512_or_si512(a, b); }
WHOT __m512i w_xor(__m512i a, __m512i b) { return _mm512_xor_si512(a, b); }
WHOT __m512i w_andnot(__m512i a, __m512i b) { return _mm512_andnot_si512(a, b); } /* ~a & b */
WHOT __m512i w_above(__m512i x) { return w_andnot(_mm512_set1_epi64((long long)B_TOP1), _mm512_srli_epi64(x, 1)); }
WHOT __m512i w_below(__m512i x) { return w_andnot(_mm512_set1_epi64((long long)B_BOT1), _mm512_slli_epi64(x, 1)); }
WHOT __m512i w_right(__m512i x) { return _mm512_srli_epi64(x, 8); }
WHOT __m512i w_left(__m512i x) { return _mm512_slli_epi64(x, 8); }
WHOT __m512i w_smear_up(__m512i x)
{
    x = w_or(x, w_andnot(_mm512_set1_epi64((long long)B_BOT1), _mm512_slli_epi64(x, 1)));
    x = w_or(x, w_andnot(_mm512_set1_epi64((long long)B_BOT2), _mm512_slli_epi64(x, 2)));
    x = w_or(x, w_andnot(_mm512_set1_epi64((long long)B_BOT4), _mm512_slli_epi64(x, 4)));
    return x;
}

/* The swap masks (both cells) of the n (1..8) swaps ids; 0 in lanes from
 * n on. */
WHOT __m512i wide_xy(const int *ids, int n)
{
    __mmask8 live = (__mmask8)((1u << n) - 1);
    __m512i id = _mm512_cvtepi32_epi64(_mm256_maskz_loadu_epi32(live, ids));
    __m512i bit = _mm512_srli_epi64(id, 1), one = _mm512_set1_epi64(1);
    /* bit2 = bit + 1 for a column swap (id odd), bit + 8 for a row swap */
    __mmask8 odd = _mm512_test_epi64_mask(id, one);
    __m512i bit2 = _mm512_add_epi64(bit, _mm512_mask_blend_epi64(odd, _mm512_set1_epi64(8), one));
    return _mm512_maskz_or_epi64(live, _mm512_sllv_epi64(one, bit), _mm512_sllv_epi64(one, bit2));
}

/* The swap xy in every lane: both cells flip in each plane where they
 * differ. */
WHOT void wide_swap(__m512i *pl, __m512i xy, const int NP)
{
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
        __m512i a = w_and(pl[j], xy);
        __mmask8 flip = _mm512_test_epi64_mask(a, a) & ~_mm512_cmpeq_epi64_mask(a, xy);
        pl[j] = _mm512_mask_xor_epi64(pl[j], flip, pl[j], xy);
    }
}

/* One round's runs in every lane: ev and eh have the cells equal to the
 * next one up and to the right, t and u the first cells of windows of
 * three; the lanes with a run. */
WHOT __mmask8 wide_runs(const __m512i *pl, __m512i occ, __m512i *ev, __m512i *eh, __m512i *t, __m512i *u, const int NP)
{
    /* Cells whose next cell differs in some plane (unmasked: the
     * equality words take the masked occupied cells). */
    __m512i dv = _mm512_setzero_si512(), dh = dv;
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
        dv = w_or(dv, w_xor(pl[j], _mm512_srli_epi64(pl[j], 1)));
        dh = w_or(dh, w_xor(pl[j], w_right(pl[j])));
    }
    *ev = w_andnot(dv, w_and(occ, w_above(occ)));
    *eh = w_andnot(dh, w_and(occ, w_right(occ)));
    *t = w_and(*ev, w_above(*ev));
    *u = w_and(*eh, w_right(*eh));
    __m512i tu = w_or(*t, *u);
    return _mm512_test_epi64_mask(tu, tu);
}

/* Counts into n[0..2] the maximal runs of >= 3, >= 4 and >= 5 cells that
 * start in t (windows of three along one direction, whose equality word
 * moved two and three cells on is e2 and e3, and one cell back is back). */
WHOT void wide_count_dir(__m512i t, __m512i e2, __m512i e3, __m512i back, __m512i *n)
{
    __m512i t4 = w_and(t, e2), t5 = w_and(t4, e3);
    n[0] = _mm512_add_epi64(n[0], _mm512_popcnt_epi64(w_andnot(back, t)));
    n[1] = _mm512_add_epi64(n[1], _mm512_popcnt_epi64(w_andnot(back, t4)));
    n[2] = _mm512_add_epi64(n[2], _mm512_popcnt_epi64(w_andnot(back, t5)));
}

/* The runs of a round, t in columns (next: the cell above) and u in rows
 * (next: the cell to the right). */
WHOT void wide_count(__m512i ev, __m512i eh, __m512i t, __m512i u, __m512i *n)
{
    __m512i a2 = w_above(w_above(ev)), r2 = w_right(w_right(eh));
    wide_count_dir(t, a2, w_above(a2), w_below(ev), n);
    wide_count_dir(u, r2, w_right(r2), w_left(eh), n);
}

/* Clears clr (above: the cells at or above it) and lets every tile with a
 * hole below it fall, in every lane. */
WHOT void wide_fall(const match3_bits *g, __m512i *pl, __m512i *occp, __m512i clr, __m512i above, const int NP)
{
    const __m512i cells = _mm512_set1_epi64((long long)g->cells);
    __m512i occ = w_andnot(clr, *occp);
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) pl[j] = w_andnot(clr, pl[j]);
    /* Every tile strictly above a cleared cell moves down one; then, while
     * some tile has a hole below it, again.  One step does it when no
     * lane has two holes in a column. */
    __m512i moving = w_and(occ, w_below(above));
    int again = _mm512_test_epi64_mask(clr, w_below(above)) != 0;
    for (;;) {
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
            __m512i m = w_and(pl[j], moving);
            pl[j] = w_xor(pl[j], w_xor(m, _mm512_srli_epi64(m, 1)));
        }
        occ = w_xor(occ, w_xor(moving, _mm512_srli_epi64(moving, 1)));
        if (!again) break;
        moving = w_and(occ, w_smear_up(w_below(w_andnot(occ, cells))));
        if (!_mm512_test_epi64_mask(moving, moving)) break;
    }
    *occp = occ;
}

/* The cells the runs t (columns) and u (rows) clear. */
WHOT __m512i wide_vcells(__m512i t) { return w_or(w_or(t, _mm512_slli_epi64(t, 1)), _mm512_slli_epi64(t, 2)); }
WHOT __m512i wide_hcells(__m512i u) { return w_or(w_or(u, w_left(u)), _mm512_slli_epi64(u, 16)); }

/* The score from the run counts: s3 (n3 - n4) + s4 (n4 - n5) + s5 n5. */
WHOT __m512i wide_score(const match3_bits *g, const __m512i *n)
{
    __m512i sc = _mm512_mullo_epi64(n[0], _mm512_set1_epi64(g->scores[0]));
    sc = _mm512_add_epi64(sc, _mm512_mullo_epi64(n[1], _mm512_set1_epi64(g->scores[1] - g->scores[0])));
    return _mm512_add_epi64(sc, _mm512_mullo_epi64(n[2], _mm512_set1_epi64(g->scores[2] - g->scores[1])));
}

/* Plays the swap xy in every lane of the position in planes pl and occ,
 * which become the position after it, and returns the score; as
 * plane_play_read, with the cells the play looked at into *read: a lane
 * that is done has no candidates left (the round that found no run left
 * it with none), so the rounds the other lanes still need add nothing to
 * its read cells. */
WHOT __m512i wide_play_read(const match3_bits *g, __m512i *pl, __m512i *occp, __m512i xy, __m512i *read, const int NP)
{
    __m512i occ = *occp;
    wide_swap(pl, xy, NP);
    const __m512i cells = _mm512_set1_epi64((long long)g->cells);
    __m512i n[3] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
    __m512i cand = xy, rd = n[0];
    for (;;) {
        __m512i ev, eh, t, u;
        __mmask8 any = wide_runs(pl, occ, &ev, &eh, &t, &u, NP);
        __m512i vc = wide_vcells(t), hc = wide_hcells(u);
        __m512i dc = w_and(cand, occ);
        __m512i sh = w_or(w_or(hc, dc), w_or(w_left(w_and(dc, eh)), w_and(eh, w_right(dc))));
        __m512i sv = w_or(w_or(vc, dc), w_or(w_below(w_and(dc, ev)), w_and(ev, w_above(dc))));
        __m512i sc = w_or(w_or(w_or(sh, w_left(sh)), w_or(w_right(sh), sv)), w_or(w_below(sv), w_above(sv)));
        rd = w_or(rd, w_and(sc, cells));
        if (!any) break;
        wide_count(ev, eh, t, u, n);
        __m512i clr = w_or(vc, hc), above = w_smear_up(clr);
        rd = w_or(rd, w_and(above, cells));
        wide_fall(g, pl, &occ, clr, above, NP);
        cand = w_and(occ, above);
    }
    *occp = occ;
    *read = rd;
    return wide_score(g, n);
}

/* n (1..8) legal swaps ids on one position (kind words kin, planes pl0
 * and occ0): each one's score into gain[i], read cells into read[i] and
 * the position after it into kout[k * stride + i] (k < K), as
 * plane_play_read gives them. */
WHOT void wide_reads_np(const match3_bits *g, const uint64_t *pl0, uint64_t occ0, const int *ids, int n, int *gain,
                        uint64_t *read, uint64_t *kout, size_t stride, const int K, const int NP)
{
    __mmask8 live = (__mmask8)((1u << n) - 1);
    __m512i pl[4], occ = _mm512_set1_epi64((long long)occ0), rd;
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) pl[j] = _mm512_set1_epi64((long long)pl0[j]);
    __m512i sc = wide_play_read(g, pl, &occ, wide_xy(ids, n), &rd, NP);
    _mm256_mask_storeu_epi32(gain, live, _mm512_cvtepi64_epi32(sc));
    _mm512_mask_storeu_epi64(read, live, rd);
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        __m512i w = occ;
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) w = (k >> j & 1) ? w_and(w, pl[j]) : w_andnot(pl[j], w);
        _mm512_mask_storeu_epi64(kout + (size_t)k * stride, live, w);
    }
}

#define WIDE_K(K)                                                                                              \
    WIDE static void wide_reads_##K(const match3_bits *g, const uint64_t *pl, uint64_t occ, match3_firsts *f,     \
                                    uint64_t (*kout)[MATCH3_BITS_IDS])                                         \
    {                                                                                                          \
        for (int i = 0; i < f->n; i += 8)                                                                      \
            wide_reads_np(g, pl, occ, f->id + i, f->n - i < 8 ? f->n - i : 8, f->gain + i, f->read + i,         \
                          &kout[0][i], MATCH3_BITS_IDS, K, PLANES(K));                                         \
    }
WIDE_K(3)
WIDE_K(4)
WIDE_K(5)
WIDE_K(6)
WIDE_K(7)
WIDE_K(8)
WIDE_K(9)
#endif


#ifdef M3_HAVE_WIDE
/* match3_wide_kids for the eight children from i on (n of them, 1..8;
 * lanes from n on are empty). */
WHOT void wide_kids_k(const match3_firsts *f, match3_kids *kd, int i, int n, const int K, const int NP)
{
    __mmask8 live = (__mmask8)((1u << n) - 1);
    __m512i w[MATCH3_MAX_KINDS];
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) w[k] = _mm512_maskz_loadu_epi64(live, &kd->ks[k][i]);
    /* The key with one swap left, as key_k computes it. */
    __m512i a = _mm512_set1_epi64((long long)(0x9e3779b97f4a7c15ULL * 2));
    __m512i b = _mm512_set1_epi64((long long)(0xc2b2ae3d27d4eb4fULL * 8));
    const __m512i c1 = _mm512_set1_epi64((long long)0xff51afd7ed558ccdULL);
    const __m512i c2 = _mm512_set1_epi64((long long)0x9fb21c651e98df25ULL);
    const __m512i c3 = _mm512_set1_epi64((long long)0xc4ceb9fe1a85ec53ULL);
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        a = _mm512_mullo_epi64(w_xor(a, w[k]), c1);
        a = w_xor(a, _mm512_srli_epi64(a, 32));
        b = _mm512_mullo_epi64(_mm512_add_epi64(b, w[k]), c2);
        b = w_xor(b, _mm512_srli_epi64(b, 29));
    }
    b = w_xor(b, _mm512_srli_epi64(b, 31));
    /* gl_hash_u64 of both */
    __m512i h[2] = {a, b};
    for (int j = 0; j < 2; j++) {
        __m512i x = h[j];
        x = w_xor(x, _mm512_srli_epi64(x, 33));
        x = _mm512_mullo_epi64(x, c1);
        x = w_xor(x, _mm512_srli_epi64(x, 33));
        x = _mm512_mullo_epi64(x, c3);
        h[j] = w_xor(x, _mm512_srli_epi64(x, 33));
    }
    _mm512_mask_storeu_epi64(kd->key0 + i, live, w_or(h[0], _mm512_set1_epi64((long long)(1ULL << 63))));
    _mm512_mask_storeu_epi64(kd->key1 + i, live, h[1]);
    /* The legal swaps, as moves_k finds them. */
    __m512i o = _mm512_setzero_si512(), hm = o, vm = o;
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) o = w_or(o, w[k]);
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        __m512i bl = w_left(w[k]), br = w_right(w[k]), bd = w_below(w[k]), bu = w_above(w[k]);
        __m512i hl2 = w_and(bl, w_left(bl)), hr2 = w_and(br, w_right(br)), hlr = w_and(bl, br);
        __m512i vd2 = w_and(bd, w_below(bd)), vu2 = w_and(bu, w_above(bu)), vdu = w_and(bd, bu);
        __m512i other = w_andnot(w[k], o);
        __m512i hpat = w_or(w_or(hl2, hr2), hlr), vpat = w_or(w_or(vd2, vu2), vdu);
        hm = w_or(hm, w_and(w_and(other, br), w_or(hl2, vpat)));
        hm = w_or(hm, w_right(w_and(w_and(other, bl), w_or(hr2, vpat))));
        vm = w_or(vm, w_above(w_and(w_and(other, bd), w_or(hpat, vu2))));
        vm = w_or(vm, w_and(w_and(other, bu), w_or(hpat, vd2)));
    }
    _mm512_mask_storeu_epi64(kd->mh + i, live, hm);
    _mm512_mask_storeu_epi64(kd->mv + i, live, vm);
    /* The bit planes (planes_of). */
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
        __m512i x = _mm512_setzero_si512();
        _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) if (k >> j & 1) x = w_or(x, w[k]);
        _mm512_mask_storeu_epi64(&kd->pl[j][i], live, x);
    }
    _mm512_mask_storeu_epi64(kd->occ + i, live, o);
    /* The reuse test, one first swap at a time for all eight children:
     * the swap is legal in the child and the child's first swap changed
     * none of the cells it read. */
    __m512i vcm = _mm512_maskz_loadu_epi64(live, kd->changed + i), rh = _mm512_setzero_si512(), rv = rh, best = rh;
    for (int q = 0; q < f->n; q++) {
        __m512i ob = _mm512_set1_epi64((long long)(1ULL << (f->id[q] >> 1)));
        __mmask8 keep = live & ~_mm512_test_epi64_mask(_mm512_set1_epi64((long long)f->read[q]), vcm);
        if (f->id[q] & 1) {
            keep &= _mm512_test_epi64_mask(vm, ob);
            rv = _mm512_mask_or_epi64(rv, keep, rv, ob);
        } else {
            keep &= _mm512_test_epi64_mask(hm, ob);
            rh = _mm512_mask_or_epi64(rh, keep, rh, ob);
        }
        best = _mm512_mask_max_epi64(best, keep, best, _mm512_set1_epi64(f->gain[q]));
    }
    _mm512_mask_storeu_epi64(kd->ruh + i, live, rh);
    _mm512_mask_storeu_epi64(kd->ruv + i, live, rv);
    _mm256_mask_storeu_epi32(kd->rbest + i, live, _mm512_cvtepi64_epi32(best));
}

#define WIDE_KIDS(K)                                                                                           \
    WIDE static void wide_kids_##K(const match3_firsts *f, match3_kids *kd)                                   \
    {                                                                                                          \
        for (int i = 0; i < kd->n; i += 8) wide_kids_k(f, kd, i, kd->n - i < 8 ? kd->n - i : 8, K, PLANES(K)); \
    }
WIDE_KIDS(3)
WIDE_KIDS(4)
WIDE_KIDS(5)
WIDE_KIDS(6)
WIDE_KIDS(7)
WIDE_KIDS(8)
WIDE_KIDS(9)
#endif

void match3_wide_kids(const match3_bits *g, const match3_firsts *f, match3_kids *kd)
{
#ifdef M3_HAVE_WIDE
    switch (g->kinds) {
    case 3: wide_kids_3(f, kd); break;
    case 4: wide_kids_4(f, kd); break;
    case 5: wide_kids_5(f, kd); break;
    case 6: wide_kids_6(f, kd); break;
    case 7: wide_kids_7(f, kd); break;
    case 8: wide_kids_8(f, kd); break;
    default: wide_kids_9(f, kd); break;
    }
#else
    (void)g;
    (void)f;
    (void)kd;
#endif
}

#ifdef M3_HAVE_WIDE
/* match3_wide_best1 for NP planes. */
WHOT long long wide_best1_np(const match3_bits *g, const match3_kids *kd, const int *kids, int nk, int *b1,
                             match3_wide_buf *w, const int NP)
{
    uint8_t iota_b[64];
    for (int i = 0; i < 64; i++) iota_b[i] = (uint8_t)i;
    const __m512i iota = _mm512_loadu_si512((const void *)iota_b);
    long long played = 0;
    int done = 0;
    while (done < nk) {
        /* Lanes: each child's replays (its legal swaps that do not score
         * as before) next to each other, the child's planes copied to
         * them. */
        int nl = 0, start = done;
        for (; done < nk && nl <= MATCH3_WIDE_LANES - MATCH3_BITS_IDS; done++) {
            int i = kids[done], lo = nl;
            w->first[done - start] = nl;
            for (int dir = 0; dir < 2; dir++) {
                uint64_t rep = dir ? kd->mv[i] & ~kd->ruv[i] : kd->mh[i] & ~kd->ruh[i];
                if (!rep) continue;
                int cnt = (int)_mm_popcnt_u64(rep);
                uint8_t pos[64];
                _mm512_storeu_si512((void *)pos, _mm512_maskz_compress_epi8(rep, iota));
                for (int q = 0; q < cnt; q += 16) {
                    __m512i id = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(pos + q)));
                    id = _mm512_add_epi32(_mm512_slli_epi32(id, 1), _mm512_set1_epi32(dir));
                    _mm512_storeu_si512((void *)(w->id + nl + q), id);
                }
                nl += cnt;
            }
            for (int q = lo; q < nl; q += 8) {
                _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
                    __m512i x = _mm512_set1_epi64((long long)kd->pl[j][i]);
                    _mm512_storeu_si512((void *)(w->pl[j] + q), x);
                }
                _mm512_storeu_si512((void *)(w->occ + q), _mm512_set1_epi64((long long)kd->occ[i]));
            }
        }
        w->first[done - start] = nl;
        /* Every lane plays its swap, the first round and looks for a
         * second (most swaps end there); the lanes that cascade go on in a
         * queue, eight at a time, so that the rounds of the few do not
         * hold up the many. */
        int nq = 0;
        const __m512i iota8 = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
        for (int q = 0; q < nl; q += 8) {
            __m512i pl[4], ev, eh, t, u;
            int n = nl - q < 8 ? nl - q : 8;
            __mmask8 live = (__mmask8)((1u << n) - 1);
            __m512i occ = _mm512_maskz_loadu_epi64(live, w->occ + q);
            _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) pl[j] = _mm512_maskz_loadu_epi64(live, w->pl[j] + q);
            wide_swap(pl, wide_xy(w->id + q, n), NP);
            __m512i cnt[3] = {_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()};
            if (wide_runs(pl, occ, &ev, &eh, &t, &u, NP)) {
                wide_count(ev, eh, t, u, cnt);
                __m512i clr = w_or(wide_vcells(t), wide_hcells(u));
                wide_fall(g, pl, &occ, clr, w_smear_up(clr), NP);
            }
            __mmask8 more = wide_runs(pl, occ, &ev, &eh, &t, &u, NP);
            _mm256_mask_storeu_epi32(w->sc + q, (__mmask8)(live & ~more), _mm512_cvtepi64_epi32(wide_score(g, cnt)));
            if (more) {
                _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++)
                    _mm512_storeu_si512((void *)(w->qpl[j] + nq), _mm512_maskz_compress_epi64(more, pl[j]));
                _mm512_storeu_si512((void *)(w->qocc + nq), _mm512_maskz_compress_epi64(more, occ));
                for (int c = 0; c < 3; c++)
                    _mm512_storeu_si512((void *)(w->qn[c] + nq), _mm512_maskz_compress_epi64(more, cnt[c]));
                _mm512_storeu_si512((void *)(w->qidx + nq),
                                    _mm512_maskz_compress_epi64(more, _mm512_add_epi64(iota8, _mm512_set1_epi64(q))));
                nq += (int)_mm_popcnt_u32(more);
            }
        }
        for (int q = 0; q < nq; q += 8) {
            __m512i pl[4], ev, eh, t, u, cnt[3];
            int n = nq - q < 8 ? nq - q : 8;
            __mmask8 live = (__mmask8)((1u << n) - 1);
            __m512i occ = _mm512_maskz_loadu_epi64(live, w->qocc + q);
            _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) pl[j] = _mm512_maskz_loadu_epi64(live, w->qpl[j] + q);
            for (int c = 0; c < 3; c++) cnt[c] = _mm512_maskz_loadu_epi64(live, w->qn[c] + q);
            while (wide_runs(pl, occ, &ev, &eh, &t, &u, NP)) {
                wide_count(ev, eh, t, u, cnt);
                __m512i clr = w_or(wide_vcells(t), wide_hcells(u));
                wide_fall(g, pl, &occ, clr, w_smear_up(clr), NP);
            }
            __m512i idx = _mm512_maskz_loadu_epi64(live, w->qidx + q);
            _mm512_mask_i64scatter_epi32(w->sc, live, idx, _mm512_cvtepi64_epi32(wide_score(g, cnt)), 4);
        }
        /* Each child's best: the reused swaps' best and its lanes' scores. */
        for (int t = start; t < done; t++) {
            int i = kids[t], m = kd->rbest[i];
            for (int q = w->first[t - start], hi = w->first[t - start + 1]; q < hi; q += 16) {
                __mmask16 k = (__mmask16)(hi - q >= 16 ? 0xffff : (1u << (hi - q)) - 1);
                int v = _mm512_mask_reduce_max_epi32(k, _mm512_maskz_loadu_epi32(k, w->sc + q));
                m = v > m ? v : m;
            }
            b1[i] = m;
        }
        played += nl;
    }
    return played;
}

#define WIDE_B1(NP)                                                                                            \
    WIDE static long long wide_best1_##NP(const match3_bits *g, const match3_kids *kd, const int *kids, int nk,  \
                                          int *b1, match3_wide_buf *w)                                         \
    {                                                                                                          \
        return wide_best1_np(g, kd, kids, nk, b1, w, NP);                                                      \
    }
WIDE_B1(2)
WIDE_B1(3)
WIDE_B1(4)
#endif

long long match3_wide_best1(const match3_bits *g, const match3_kids *kd, const int *kids, int nk, int *b1,
                            match3_wide_buf *w)
{
#ifdef M3_HAVE_WIDE
    if (g->kinds <= 4) return wide_best1_2(g, kd, kids, nk, b1, w);
    if (g->kinds <= 8) return wide_best1_3(g, kd, kids, nk, b1, w);
    return wide_best1_4(g, kd, kids, nk, b1, w);
#else
    (void)g;
    (void)kd;
    (void)kids;
    (void)nk;
    (void)b1;
    (void)w;
    return 0;
#endif
}

void match3_wide_reads(const match3_bits *g, const uint64_t *pl, uint64_t occ, match3_firsts *f,
                       uint64_t (*kout)[MATCH3_BITS_IDS])
{
#ifdef M3_HAVE_WIDE
    switch (g->kinds) {
    case 3: wide_reads_3(g, pl, occ, f, kout); break;
    case 4: wide_reads_4(g, pl, occ, f, kout); break;
    case 5: wide_reads_5(g, pl, occ, f, kout); break;
    case 6: wide_reads_6(g, pl, occ, f, kout); break;
    case 7: wide_reads_7(g, pl, occ, f, kout); break;
    case 8: wide_reads_8(g, pl, occ, f, kout); break;
    default: wide_reads_9(g, pl, occ, f, kout); break;
    }
#else
    (void)g;
    (void)pl;
    (void)occ;
    (void)f;
    (void)kout;
#endif
}
