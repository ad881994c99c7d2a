/* The inline primitives under the Flood-It set operations and bounds: the
 * union of the neighbour rows of a group set, in a portable form for any
 * word count and a 512-bit form for sets of up to 8 words.  Private to
 * flood_sets.c and flood_bound.c, which both inline them into their hot
 * loops. */
#ifndef GRIDLAB_GAMES_FLOOD_SETS_H
#define GRIDLAB_GAMES_FLOOD_SETS_H

#include "flood.h"

/* acc |= the neighbour sets of the groups in X.  The hot loop of every
 * solver: with the word count a constant the accumulators stay in
 * registers (the compiler keeps odd-sized arrays in memory otherwise, and
 * most boards of the public sets have 3 or 5 words). */
static inline __attribute__((always_inline)) void or_adj_kw(const flood_graph *g, const uint64_t *X,
                                                            uint64_t *acc, const int kw)
{
    if (kw > 6) {
        for (int wi = 0; wi < kw; wi++) {
            uint64_t x = X[wi];
            while (x) {
                const uint64_t *adj = g->adj + (size_t)((wi << 6) + __builtin_ctzll(x)) * kw;
                x &= x - 1;
                for (int i = 0; i < kw; i++) acc[i] |= adj[i];
            }
        }
        return;
    }
    uint64_t a0 = acc[0], a1 = kw > 1 ? acc[1] : 0, a2 = kw > 2 ? acc[2] : 0, a3 = kw > 3 ? acc[3] : 0,
             a4 = kw > 4 ? acc[4] : 0, a5 = kw > 5 ? acc[5] : 0;
    for (int wi = 0; wi < kw; wi++) {
        uint64_t x = X[wi];
        /* the rows of this word's 64 groups: one multiply-add per group */
        const uint64_t *base = g->adj + (size_t)wi * 64 * (size_t)kw;
        while (x) {
            const uint64_t *adj = base + (size_t)__builtin_ctzll(x) * (size_t)kw;
            x &= x - 1;
            a0 |= adj[0];
            if (kw > 1) a1 |= adj[1];
            if (kw > 2) a2 |= adj[2];
            if (kw > 3) a3 |= adj[3];
            if (kw > 4) a4 |= adj[4];
            if (kw > 5) a5 |= adj[5];
        }
    }
    acc[0] = a0;
    if (kw > 1) acc[1] = a1;
    if (kw > 2) acc[2] = a2;
    if (kw > 3) acc[3] = a3;
    if (kw > 4) acc[4] = a4;
    if (kw > 5) acc[5] = a5;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define FLOOD_HAVE_WIDE 1
/* the instruction sets of the 512-bit code (checked at run time when the
 * graph is built: flood_graph.c) */
#define FLOOD_WIDE __attribute__((target("avx512f,avx512bw,avx512vbmi2,popcnt,bmi")))

/* The row numbers (in adj8) of the groups in xw (kw words), padded with
 * eight zero rows (row 64 of word 0); returns their count.  Each word is
 * the mask of one byte compress of the numbers 0..63, widened to 16 bits
 * and offset by the word's first row.  Listing first lets a union run one
 * loop over all its words: a loop per word ends once per word, and that
 * mispredicted end had been a large part of the bound's time
 * (docs/notes/flood.md). */
FLOOD_WIDE static inline __attribute__((always_inline)) int row_list(const uint64_t *xw, int kw, uint16_t *idx)
{
    int n = 0;
    const __m512i bytes = _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45,
                                          44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26,
                                          25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6,
                                          5, 4, 3, 2, 1, 0);
    __m512i base = _mm512_setzero_si512();
    const __m512i step = _mm512_set1_epi16(65);
    for (int wi = 0; wi < kw; wi++, base = _mm512_add_epi16(base, step)) {
        uint64_t x = xw[wi];
        __m512i c = _mm512_maskz_compress_epi8((__mmask64)x, bytes);
        int k = (int)_mm_popcnt_u64(x);
        _mm512_storeu_si512((void *)(idx + n),
                            _mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_castsi512_si256(c)), base));
        if (k > 32)
            _mm512_storeu_si512((void *)(idx + n + 32),
                                _mm512_add_epi16(_mm512_cvtepu8_epi16(_mm512_extracti64x4_epi64(c, 1)), base));
        n += k;
    }
    _mm_storeu_si128((__m128i *)(idx + n), _mm_set1_epi16(64));
    return n;
}

/* acc | the neighbours of the groups in xw, eight rows per round in four
 * independent chains. */
FLOOD_WIDE static inline __m512i adj_union_wide(const __m512i *adj, const uint64_t *xw, int kw, __m512i acc)
{
    uint16_t idx[8 * 64 + 64 + 8];
    int n = row_list(xw, kw, idx);
    __m512i acc2 = _mm512_setzero_si512(), acc3 = _mm512_setzero_si512(), acc4 = _mm512_setzero_si512();
    for (int i = 0; i < n; i += 8) {
        acc = _mm512_or_si512(acc, _mm512_or_si512(adj[idx[i]], adj[idx[i + 1]]));
        acc2 = _mm512_or_si512(acc2, _mm512_or_si512(adj[idx[i + 2]], adj[idx[i + 3]]));
        acc3 = _mm512_or_si512(acc3, _mm512_or_si512(adj[idx[i + 4]], adj[idx[i + 5]]));
        acc4 = _mm512_or_si512(acc4, _mm512_or_si512(adj[idx[i + 6]], adj[idx[i + 7]]));
    }
    return _mm512_or_si512(_mm512_or_si512(acc, acc2), _mm512_or_si512(acc3, acc4));
}

/* The same union (returned) and, in *n2, the union of the rows of adj2
 * (the groups within two steps) over the same list. */
FLOOD_WIDE static inline __m512i adj_union_pair_wide(const __m512i *adj, const __m512i *adj2, const uint64_t *xw,
                                                     int kw, __m512i acc, __m512i *n2)
{
    uint16_t idx[8 * 64 + 64 + 8];
    int n = row_list(xw, kw, idx);
    __m512i acc2 = _mm512_setzero_si512(), b1 = _mm512_setzero_si512(), b2 = _mm512_setzero_si512();
    for (int i = 0; i < n; i += 4) {
        acc = _mm512_or_si512(acc, _mm512_or_si512(adj[idx[i]], adj[idx[i + 1]]));
        acc2 = _mm512_or_si512(acc2, _mm512_or_si512(adj[idx[i + 2]], adj[idx[i + 3]]));
        b1 = _mm512_or_si512(b1, _mm512_or_si512(adj2[idx[i]], adj2[idx[i + 1]]));
        b2 = _mm512_or_si512(b2, _mm512_or_si512(adj2[idx[i + 2]], adj2[idx[i + 3]]));
    }
    *n2 = _mm512_or_si512(b1, b2);
    return _mm512_or_si512(acc, acc2);
}
#endif

#endif
