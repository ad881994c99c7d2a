/* Eight plays at once: the score-only play on bit planes (plane_score in
 * match3_bits_k.h) for up to eight swaps of one position, one swap per
 * 64-bit lane of a 512-bit vector, where the processor has AVX-512F, BW,
 * DQ, VL and VPOPCNTDQ (checked at run time; the environment variable
 * GRIDLAB_NO_AVX512 turns it off, to test the portable path).
 *
 * Every lane runs the same rounds as plane_score: the equality words of
 * the planes give the runs of all kinds, a round scores and clears them,
 * and tiles with a hole below fall one cell per step.  A lane whose
 * resolution is over finds no run in the next round, so its clear set is
 * empty and the rounds the other lanes still need leave it unchanged: the
 * loop runs until no lane has a run.  A lane with no swap (the count is
 * below eight) never has one.  The score is linear in the counts of run
 * starts (>= 3, >= 4, >= 5 cells) over all rounds and both directions, so
 * each lane only adds up three counts, weighted once at the end. */
#include "match3_bits_k.h"

#include <stdlib.h>

#if defined(__x86_64__) && defined(__GNUC__)
#define M3_HAVE_WIDE 1
#include <immintrin.h>
#endif

int match3_wide_usable(void)
{
#ifdef M3_HAVE_WIDE
    if (getenv("GRIDLAB_NO_AVX512")) return 0;
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512vpopcntdq");
#else
    return 0;
#endif
}

#ifdef M3_HAVE_WIDE
#define WIDE __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl,avx512vpopcntdq")))
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

/* Plays the swap xy in every lane of the position in planes pl and occ,
 * which become the position after it, and returns the score.  With READ
 * it also gathers into *read the cells the play looked at, as
 * plane_play_read reports them: a lane that is done has no candidates
 * left (the round that found no run left it with none), so the rounds the
 * other lanes still need add nothing to its read cells. */
WHOT __m512i wide_play(const match3_bits *g, __m512i *pl, __m512i *occp, __m512i xy, __m512i *read, const int NP,
                       const int READ)
{
    __m512i occ = *occp;
    /* The swap flips both cells in each plane where they differ. */
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
        __m512i a = w_and(pl[j], xy);
        __mmask8 flip = _mm512_test_epi64_mask(a, a) & ~_mm512_cmpeq_epi64_mask(a, xy);
        pl[j] = _mm512_mask_xor_epi64(pl[j], flip, pl[j], xy);
    }
    const __m512i cells = _mm512_set1_epi64((long long)g->cells);
    __m512i n3 = _mm512_setzero_si512(), n4 = n3, n5 = n3, cand = xy, rd = n3;
    for (;;) {
        __m512i dv = _mm512_setzero_si512(), dh = dv;
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
            dv = w_or(dv, w_xor(pl[j], w_above(pl[j])));
            dh = w_or(dh, w_xor(pl[j], w_right(pl[j])));
        }
        __m512i ev = w_andnot(dv, w_and(occ, w_above(occ))), eh = w_andnot(dh, w_and(occ, w_right(occ)));
        __m512i t = w_and(ev, w_above(ev)), u = w_and(eh, w_right(eh));
        __m512i vc = w_or(w_or(t, _mm512_slli_epi64(t, 1)), _mm512_slli_epi64(t, 2));
        __m512i hc = w_or(w_or(u, w_left(u)), _mm512_slli_epi64(u, 16));
        if (READ) {
            __m512i dc = w_and(cand, occ);
            __m512i sh = w_or(w_or(hc, dc), w_or(w_left(w_and(dc, eh)), w_and(eh, w_right(dc))));
            __m512i sv = w_or(w_or(vc, dc), w_or(w_below(w_and(dc, ev)), w_and(ev, w_above(dc))));
            __m512i sc = w_or(w_or(w_or(sh, w_left(sh)), w_or(w_right(sh), sv)), w_or(w_below(sv), w_above(sv)));
            rd = w_or(rd, w_and(sc, cells));
        }
        __m512i tu = w_or(t, u);
        if (!_mm512_test_epi64_mask(tu, tu)) break;
        /* Column runs: next is the cell above, a start has no equal cell
         * below it. */
        __m512i a2 = w_above(w_above(ev));
        __m512i t4 = w_and(t, a2), t5 = w_and(t4, w_above(a2));
        __m512i f = w_below(ev);
        n3 = _mm512_add_epi64(n3, _mm512_popcnt_epi64(w_andnot(f, t)));
        n4 = _mm512_add_epi64(n4, _mm512_popcnt_epi64(w_andnot(f, t4)));
        n5 = _mm512_add_epi64(n5, _mm512_popcnt_epi64(w_andnot(f, t5)));
        /* Row runs: next is the cell to the right. */
        __m512i r2 = w_right(w_right(eh));
        __m512i u4 = w_and(u, r2), u5 = w_and(u4, w_right(r2));
        __m512i fh = w_left(eh);
        n3 = _mm512_add_epi64(n3, _mm512_popcnt_epi64(w_andnot(fh, u)));
        n4 = _mm512_add_epi64(n4, _mm512_popcnt_epi64(w_andnot(fh, u4)));
        n5 = _mm512_add_epi64(n5, _mm512_popcnt_epi64(w_andnot(fh, u5)));
        __m512i clr = w_or(vc, hc);
        __m512i above = w_smear_up(clr);
        if (READ) rd = w_or(rd, w_and(above, cells));
        occ = w_andnot(clr, occ);
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) pl[j] = w_andnot(clr, pl[j]);
        /* The fall: every tile strictly above a cleared cell moves down
         * one; then, while some tile has a hole below it, again. */
        __m512i moving = w_and(occ, w_below(above));
        for (;;) {
            _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
                __m512i m = w_and(pl[j], moving);
                pl[j] = w_xor(pl[j], w_xor(m, _mm512_srli_epi64(m, 1)));
            }
            occ = w_xor(occ, w_xor(moving, _mm512_srli_epi64(moving, 1)));
            moving = w_and(occ, w_smear_up(w_below(w_andnot(occ, cells))));
            if (!_mm512_test_epi64_mask(moving, moving)) break;
        }
        if (READ) cand = w_and(occ, above);
    }
    *occp = occ;
    if (READ) *read = rd;
    /* score = s3 (n3 - n4) + s4 (n4 - n5) + s5 n5 */
    __m512i sc = _mm512_mullo_epi64(n3, _mm512_set1_epi64(g->scores[0]));
    sc = _mm512_add_epi64(sc, _mm512_mullo_epi64(n4, _mm512_set1_epi64(g->scores[1] - g->scores[0])));
    sc = _mm512_add_epi64(sc, _mm512_mullo_epi64(n5, _mm512_set1_epi64(g->scores[2] - g->scores[1])));
    return sc;
}

/* The scores of n (1..8) lanes, lane i the legal swap ids[i] on the
 * position in planes pl[j][i] (stride: the distance between two planes'
 * arrays), occ[i]; each lane as plane_score plays it.  Lanes from n to 7
 * are loaded as empty boards and score nothing. */
WHOT void wide_lanes_np(const match3_bits *g, const uint64_t *pl0, size_t stride, const uint64_t *occ0,
                        const int *ids, int n, int *scores, const int NP)
{
    __mmask8 live = (__mmask8)((1u << n) - 1);
    __m512i pl[4], occ = _mm512_maskz_loadu_epi64(live, occ0);
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) pl[j] = _mm512_maskz_loadu_epi64(live, pl0 + (size_t)j * stride);
    __m512i sc = wide_play(g, pl, &occ, wide_xy(ids, n), NULL, NP, 0);
    _mm256_mask_storeu_epi32(scores, live, _mm512_cvtepi64_epi32(sc));
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
    __m512i sc = wide_play(g, pl, &occ, wide_xy(ids, n), &rd, NP, 1);
    _mm256_mask_storeu_epi32(gain, live, _mm512_cvtepi64_epi32(sc));
    _mm512_mask_storeu_epi64(read, live, rd);
    _Pragma("GCC unroll 9") for (int k = 0; k < K; k++) {
        __m512i w = occ;
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) w = (k >> j & 1) ? w_and(w, pl[j]) : w_andnot(pl[j], w);
        _mm512_mask_storeu_epi64(kout + (size_t)k * stride, live, w);
    }
}

#define WIDE_NP(NP)                                                                                            \
    WIDE static void wide_lanes_##NP(const match3_bits *g, const uint64_t *pl, size_t stride, const uint64_t *occ, \
                                     const int *ids, int n, int *scores)                                       \
    {                                                                                                          \
        for (int i = 0; i < n; i += 8)                                                                         \
            wide_lanes_np(g, pl + i, stride, occ + i, ids + i, n - i < 8 ? n - i : 8, scores + i, NP);          \
    }
WIDE_NP(2)
WIDE_NP(3)
WIDE_NP(4)

#define WIDE_K(K)                                                                                              \
    WIDE static void wide_reads_##K(const match3_bits *g, const uint64_t *pl, uint64_t occ, const int *ids, int n, \
                                    int *gain, uint64_t *read, uint64_t *kout, size_t stride)                  \
    {                                                                                                          \
        for (int i = 0; i < n; i += 8)                                                                         \
            wide_reads_np(g, pl, occ, ids + i, n - i < 8 ? n - i : 8, gain + i, read + i, kout + i, stride, K,  \
                          PLANES(K));                                                                          \
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
/* match3_wide_reuse, eight first swaps per step. */
WIDE static int wide_reuse(const uint64_t *rm, const uint64_t *bit, const uint64_t *dir, const uint64_t *gain, int n,
                           uint64_t sh, uint64_t sv, uint64_t cm, uint64_t out[2])
{
    const __m512i one = _mm512_set1_epi64(1), vcm = _mm512_set1_epi64((long long)cm);
    const __m512i vsh = _mm512_set1_epi64((long long)sh), vsv = _mm512_set1_epi64((long long)sv);
    __m512i rh = _mm512_setzero_si512(), rv = rh, best = rh;
    for (int i = 0; i < n; i += 8) {
        __mmask8 live = n - i >= 8 ? (__mmask8)0xff : (__mmask8)((1u << (n - i)) - 1);
        __m512i r = _mm512_maskz_loadu_epi64(live, rm + i), b = _mm512_maskz_loadu_epi64(live, bit + i);
        __mmask8 col = _mm512_test_epi64_mask(_mm512_maskz_loadu_epi64(live, dir + i), one);
        /* legal after the first swap: its bit in the child's swap word */
        __m512i w = _mm512_mask_blend_epi64(col, vsh, vsv);
        __mmask8 legal = _mm512_test_epi64_mask(_mm512_srlv_epi64(w, b), one);
        __mmask8 reuse = live & legal & ~_mm512_test_epi64_mask(r, vcm);
        __m512i ob = _mm512_sllv_epi64(one, b);
        rh = _mm512_mask_or_epi64(rh, reuse & ~col, rh, ob);
        rv = _mm512_mask_or_epi64(rv, reuse & col, rv, ob);
        best = _mm512_mask_max_epi64(best, reuse, best, _mm512_maskz_loadu_epi64(live, gain + i));
    }
    out[0] = (uint64_t)_mm512_reduce_or_epi64(rh);
    out[1] = (uint64_t)_mm512_reduce_or_epi64(rv);
    return (int)_mm512_reduce_max_epi64(best);
}
#endif

int match3_wide_reuse(const uint64_t *rm, const uint64_t *bit, const uint64_t *dir, const uint64_t *gain, int n,
                      uint64_t sh, uint64_t sv, uint64_t cm, uint64_t out[2])
{
#ifdef M3_HAVE_WIDE
    return wide_reuse(rm, bit, dir, gain, n, sh, sv, cm, out);
#else
    (void)rm;
    (void)bit;
    (void)dir;
    (void)gain;
    (void)n;
    (void)sh;
    (void)sv;
    (void)cm;
    out[0] = out[1] = 0;
    return 0;
#endif
}

void match3_wide_reads(const match3_bits *g, const uint64_t *pl, uint64_t occ, const int *ids, int n, int *gain,
                       uint64_t *read, uint64_t *kout, size_t stride)
{
#ifdef M3_HAVE_WIDE
    switch (g->kinds) {
    case 3: wide_reads_3(g, pl, occ, ids, n, gain, read, kout, stride); break;
    case 4: wide_reads_4(g, pl, occ, ids, n, gain, read, kout, stride); break;
    case 5: wide_reads_5(g, pl, occ, ids, n, gain, read, kout, stride); break;
    case 6: wide_reads_6(g, pl, occ, ids, n, gain, read, kout, stride); break;
    case 7: wide_reads_7(g, pl, occ, ids, n, gain, read, kout, stride); break;
    case 8: wide_reads_8(g, pl, occ, ids, n, gain, read, kout, stride); break;
    default: wide_reads_9(g, pl, occ, ids, n, gain, read, kout, stride); break;
    }
#else
    (void)g;
    (void)pl;
    (void)occ;
    (void)ids;
    (void)n;
    (void)gain;
    (void)read;
    (void)kout;
    (void)stride;
#endif
}

void match3_wide_lanes(const match3_bits *g, const uint64_t *pl, size_t stride, const uint64_t *occ, const int *ids,
                       int n, int *scores)
{
#ifdef M3_HAVE_WIDE
    if (g->kinds <= 4)
        wide_lanes_2(g, pl, stride, occ, ids, n, scores);
    else if (g->kinds <= 8)
        wide_lanes_3(g, pl, stride, occ, ids, n, scores);
    else
        wide_lanes_4(g, pl, stride, occ, ids, n, scores);
#else
    (void)g;
    (void)pl;
    (void)stride;
    (void)occ;
    (void)ids;
    for (int i = 0; i < n; i++) scores[i] = 0;
#endif
}
