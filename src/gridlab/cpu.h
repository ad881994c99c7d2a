/* Which optional instruction sets the processor offers, for the games that
 * keep wide-vector twins of their hot loops and choose among them at run
 * time.
 *
 * gl_cpu_has() answers for a set of features at once: all of them, or no.
 * gl_simd_path() names the widest path the games' kernels may take: the
 * best the processor has (AVX-512, AVX2, NEON, or the portable loops), or
 * a narrower one forced with the environment variable GRIDLAB_SIMD
 * (avx512, avx2, neon or portable), so that every path can be tested and
 * timed on one machine.  A path the processor lacks is never taken: the
 * variable only lowers the choice (GRIDLAB_SIMD=avx512 on a processor with
 * AVX2 alone gives avx2), and gl_cpu_has() counts every feature of a
 * wider path as absent.  Any other value is ignored.  Both read the
 * variable at every call, so a test may change it between calls. */
#ifndef GRIDLAB_CPU_H
#define GRIDLAB_CPU_H

#ifdef __cplusplus
extern "C" {
#endif

enum {
    GL_CPU_POPCNT = 1u << 0,
    GL_CPU_BMI = 1u << 1,
    GL_CPU_AVX512F = 1u << 2,
    GL_CPU_AVX512BW = 1u << 3,
    GL_CPU_AVX512DQ = 1u << 4,
    GL_CPU_AVX512VL = 1u << 5,
    GL_CPU_AVX512VBMI2 = 1u << 6,
    GL_CPU_AVX512VPOPCNTDQ = 1u << 7,
    GL_CPU_AVX2 = 1u << 8,
};
/* Every AVX-512 feature above: absent when GRIDLAB_SIMD is avx2, neon or
 * portable. */
#define GL_CPU_AVX512_ANY                                                                                        \
    (GL_CPU_AVX512F | GL_CPU_AVX512BW | GL_CPU_AVX512DQ | GL_CPU_AVX512VL | GL_CPU_AVX512VBMI2 |              \
     GL_CPU_AVX512VPOPCNTDQ)

/* 1 when the processor has every feature of `features` (GL_CPU_* ORed)
 * and GRIDLAB_SIMD turns none of them off; 0 otherwise, and always 0 on
 * processors other than x86-64 or compilers without the builtins. */
int gl_cpu_has(unsigned features);

/* The kernels' paths, narrowest first. */
typedef enum { GL_SIMD_PORTABLE = 0, GL_SIMD_NEON = 1, GL_SIMD_AVX2 = 2, GL_SIMD_AVX512 = 3 } gl_simd;

/* The widest path this processor has (AVX-512 here means F, BW, DQ, VL,
 * VBMI2 and VPOPCNTDQ; AVX2 with POPCNT and BMI; NEON on 64-bit ARM),
 * lowered by GRIDLAB_SIMD. */
gl_simd gl_simd_path(void);
/* "avx512", "avx2", "neon", "portable" */
const char *gl_simd_name(gl_simd path);

#ifdef __cplusplus
}
#endif
#endif
