/* The Flood-It set kernels (flood_kern_body.h) on one 512-bit register per
 * set (up to 8 words), the rows of a union listed with a byte compress
 * (flood_sets.h).  Taken where the processor has AVX-512 F, BW, DQ, VL,
 * VBMI2 and VPOPCNTDQ and GRIDLAB_SIMD does not ask for less. */
#include "flood_kern.h"
#include "flood_sets.h"

#ifdef FLOOD_HAVE_WIDE
#define KT FLOOD_WIDE
#define KUNION 1
#define KUNION_FN(t, xw, kw, acc) adj_union_wide((const __m512i *)(const void *)(t), (xw), (kw), (acc))
#define KUNION_PAIR_FN(t, t2, xw, kw, acc, n2)                                                                   \
    adj_union_pair_wide((const __m512i *)(const void *)(t), (const __m512i *)(const void *)(t2), (xw), (kw), (acc),  \
                        (n2))
#define R __m512i
#define RW 8
#define R_ZERO() _mm512_setzero_si512()
#define R_LOAD(p) _mm512_load_si512((const void *)(p))
#define R_LOADW(p, kw) _mm512_maskz_loadu_epi64((__mmask8)((1u << (kw)) - 1), (const void *)(p))
#define R_STORE(p, r) _mm512_store_si512((void *)(p), (r))
#define R_OR(a, b) _mm512_or_si512((a), (b))
#define R_AND(a, b) _mm512_and_si512((a), (b))
#define R_ANDN(a, b) _mm512_andnot_si512((a), (b))
#define R_NOR(a, b) _mm512_ternarylogic_epi64((a), (b), (b), 0x01)
#define R_ANY(a) (_mm512_test_epi64_mask((a), (a)) != 0)

/* The sizes of the groups in F summed 32 at a time: a masked load of
 * 16-bit sizes per half-word. */
KT static int cells_avx512(const flood_graph *g, const uint64_t *F)
{
    __m512i acc = _mm512_setzero_si512();
    for (int wi = 0; wi < g->kw; wi++) {
        uint64_t x = F[wi];
        acc = _mm512_add_epi16(acc, _mm512_maskz_loadu_epi16((__mmask32)x, g->size16 + wi * 64));
        acc = _mm512_add_epi16(acc, _mm512_maskz_loadu_epi16((__mmask32)(x >> 32), g->size16 + wi * 64 + 32));
    }
    /* each lane holds at most 16 groups' sizes, of at most 900 cells in
     * all: no overflow; widened to 32 bits to sum */
    __m512i lo = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(acc));
    __m512i hi = _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(acc, 1));
    return _mm512_reduce_add_epi32(_mm512_add_epi32(lo, hi));
}
#define KCELLS 1

#define NR 1
#define KSUF(n) n##_avx512
#include "flood_kern_body.h"
#undef NR
#undef KSUF

static const flood_kernels AVX512 = FLOOD_KERNELS("avx512", _avx512);

const flood_kernels *flood_kernels_avx512(int kw)
{
    if (kw < 1 || kw > 8 || gl_simd_path() < GL_SIMD_AVX512) return NULL;
    return &AVX512;
}
#else
const flood_kernels *flood_kernels_avx512(int kw)
{
    (void)kw;
    return NULL;
}
#endif
