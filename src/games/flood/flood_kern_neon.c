/* The Flood-It set kernels (flood_kern_body.h) on 128-bit NEON registers:
 * one for sets of up to 2 words, two for up to 4, four for up to 8.  Taken
 * on 64-bit ARM unless GRIDLAB_SIMD=portable. */
#include "flood_kern.h"

#if defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>

#define KT
#define KUNION 0
#define R uint64x2_t
#define RW 2
#define R_ZERO() vdupq_n_u64(0)
#define R_LOAD(p) vld1q_u64(p)
#define R_STORE(p, r) vst1q_u64((p), (r))
#define R_OR(a, b) vorrq_u64((a), (b))
#define R_AND(a, b) vandq_u64((a), (b))
#define R_ANDN(a, b) vbicq_u64((b), (a))
#define R_NOR(a, b) veorq_u64(vorrq_u64((a), (b)), vdupq_n_u64(~0ULL))
#define R_ANY(a) ((vgetq_lane_u64((a), 0) | vgetq_lane_u64((a), 1)) != 0)

#define NR 1
#define KSUF(n) n##_neon_2
#include "flood_kern_body.h"
#undef NR
#undef KSUF
#define NR 2
#define KSUF(n) n##_neon_4
#include "flood_kern_body.h"
#undef NR
#undef KSUF
#define NR 4
#define KSUF(n) n##_neon_8
#include "flood_kern_body.h"
#undef NR
#undef KSUF

static const flood_kernels NEON[3] = {FLOOD_KERNELS("neon", _neon_2), FLOOD_KERNELS("neon", _neon_4),
                                      FLOOD_KERNELS("neon", _neon_8)};

const flood_kernels *flood_kernels_neon(int kw)
{
    if (kw < 1 || kw > 8 || gl_simd_path() < GL_SIMD_NEON) return NULL;
    return &NEON[kw <= 2 ? 0 : kw <= 4 ? 1 : 2];
}
#else
const flood_kernels *flood_kernels_neon(int kw)
{
    (void)kw;
    return NULL;
}
#endif
