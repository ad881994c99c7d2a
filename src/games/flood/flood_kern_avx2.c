/* The Flood-It set kernels (flood_kern_body.h) on 256-bit registers: one
 * for sets of up to 4 words, two for up to 8.  Taken where the processor
 * has AVX2 (with POPCNT and BMI) and nothing wider is chosen. */
#include "flood_kern.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define KT __attribute__((target("avx2,popcnt,bmi")))
#define KUNION 0
#define R __m256i
#define RW 4
#define R_ZERO() _mm256_setzero_si256()
#define R_LOAD(p) _mm256_load_si256((const __m256i *)(const void *)(p))
#define R_STORE(p, r) _mm256_store_si256((__m256i *)(void *)(p), (r))
#define R_OR(a, b) _mm256_or_si256((a), (b))
#define R_AND(a, b) _mm256_and_si256((a), (b))
#define R_ANDN(a, b) _mm256_andnot_si256((a), (b))
#define R_NOR(a, b) _mm256_xor_si256(_mm256_or_si256((a), (b)), _mm256_set1_epi64x(-1))
#define R_ANY(a) (!_mm256_testz_si256((a), (a)))

#define NR 1
#define KSUF(n) n##_avx2_4
#include "flood_kern_body.h"
#undef NR
#undef KSUF
#define NR 2
#define KSUF(n) n##_avx2_8
#include "flood_kern_body.h"
#undef NR
#undef KSUF

static const flood_kernels AVX2[2] = {FLOOD_KERNELS("avx2", _avx2_4), FLOOD_KERNELS("avx2", _avx2_8)};

const flood_kernels *flood_kernels_avx2(int kw)
{
    if (kw < 1 || kw > 8 || !gl_cpu_has(GL_CPU_AVX2 | GL_CPU_POPCNT | GL_CPU_BMI)) return NULL;
    return &AVX2[kw > 4];
}
#else
const flood_kernels *flood_kernels_avx2(int kw)
{
    (void)kw;
    return NULL;
}
#endif
