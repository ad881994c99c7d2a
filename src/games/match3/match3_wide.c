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

/* The scores of n (1..8) lanes, lane i the legal swap ids[i] on the
 * position in planes pl[j][i] (stride: the distance between two planes'
 * arrays), occ[i]; each lane as plane_score plays it.  Lanes from n to 7
 * are loaded as empty boards and score nothing. */
WHOT void wide_lanes_np(const match3_bits *g, const uint64_t *pl0, size_t stride, const uint64_t *occ0,
                        const int *ids, int n, int *scores, const int NP)
{
    __mmask8 live = (__mmask8)((1u << n) - 1);
    __m512i id = _mm512_cvtepi32_epi64(_mm256_maskz_loadu_epi32(live, ids));
    __m512i bit = _mm512_srli_epi64(id, 1), one = _mm512_set1_epi64(1);
    /* bit2 = bit + 1 for a column swap (id odd), bit + 8 for a row swap */
    __mmask8 odd = _mm512_test_epi64_mask(id, one);
    __m512i bit2 = _mm512_add_epi64(bit, _mm512_mask_blend_epi64(odd, _mm512_set1_epi64(8), one));
    __m512i xy = w_or(_mm512_sllv_epi64(one, bit), _mm512_sllv_epi64(one, bit2));
    __m512i pl[4], occ = _mm512_maskz_loadu_epi64(live, occ0);
    /* The swap flips both cells in each plane where they differ. */
    _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
        __m512i p = _mm512_maskz_loadu_epi64(live, pl0 + (size_t)j * stride), a = w_and(p, xy);
        __mmask8 flip = _mm512_test_epi64_mask(a, a) & ~_mm512_cmpeq_epi64_mask(a, xy);
        pl[j] = _mm512_mask_xor_epi64(p, flip, p, xy);
    }
    const __m512i cells = _mm512_set1_epi64((long long)g->cells);
    __m512i n3 = _mm512_setzero_si512(), n4 = n3, n5 = n3;
    for (;;) {
        __m512i dv = _mm512_setzero_si512(), dh = dv;
        _Pragma("GCC unroll 4") for (int j = 0; j < NP; j++) {
            dv = w_or(dv, w_xor(pl[j], w_above(pl[j])));
            dh = w_or(dh, w_xor(pl[j], w_right(pl[j])));
        }
        __m512i ev = w_andnot(dv, w_and(occ, w_above(occ))), eh = w_andnot(dh, w_and(occ, w_right(occ)));
        __m512i t = w_and(ev, w_above(ev)), u = w_and(eh, w_right(eh));
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
        __m512i clr = w_or(w_or(t, _mm512_slli_epi64(t, 1)), _mm512_slli_epi64(t, 2));
        clr = w_or(clr, w_or(w_or(u, w_left(u)), _mm512_slli_epi64(u, 16)));
        __m512i above = w_smear_up(clr);
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
    }
    /* score = s3 (n3 - n4) + s4 (n4 - n5) + s5 n5 */
    __m512i sc = _mm512_mullo_epi64(n3, _mm512_set1_epi64(g->scores[0]));
    sc = _mm512_add_epi64(sc, _mm512_mullo_epi64(n4, _mm512_set1_epi64(g->scores[1] - g->scores[0])));
    sc = _mm512_add_epi64(sc, _mm512_mullo_epi64(n5, _mm512_set1_epi64(g->scores[2] - g->scores[1])));
    _mm256_mask_storeu_epi32(scores, live, _mm512_cvtepi64_epi32(sc));
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
#endif

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
