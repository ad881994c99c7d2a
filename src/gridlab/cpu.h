/* Which optional instruction sets the processor offers, for the games that
 * keep a wide-vector twin of a hot loop and choose it at run time.
 *
 * gl_cpu_has() answers for a set of features at once: all of them, or no.
 * Setting the environment variable GRIDLAB_NO_AVX512 (to anything but ""
 * or "0") makes every AVX-512 feature count as absent, so that the
 * portable loops can be tested and timed on any machine; the variable is
 * read at every call, so a test may change it between calls. */
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
};
/* Every AVX-512 feature above, the ones GRIDLAB_NO_AVX512 turns off. */
#define GL_CPU_AVX512_ANY                                                                                        \
    (GL_CPU_AVX512F | GL_CPU_AVX512BW | GL_CPU_AVX512DQ | GL_CPU_AVX512VL | GL_CPU_AVX512VBMI2 |              \
     GL_CPU_AVX512VPOPCNTDQ)

/* 1 when the processor has every feature of `features` (GL_CPU_* ORed)
 * and none of them is turned off; 0 otherwise, and always 0 on processors
 * other than x86-64 or compilers without the builtins. */
int gl_cpu_has(unsigned features);

#ifdef __cplusplus
}
#endif
#endif
