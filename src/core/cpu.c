/* The processor's optional instruction sets (src/gridlab/cpu.h), asked
 * through the compiler's builtins, which read CPUID once and also check that
 * the operating system saves the wide registers; GRIDLAB_SIMD lowers what
 * counts as present. */
#include "gridlab/cpu.h"

#include <stdlib.h>
#include <string.h>

/* The path GRIDLAB_SIMD asks for; GL_SIMD_AVX512 (no cap) when unset or
 * not one of the four names. */
static gl_simd simd_cap(void)
{
    const char *v = getenv("GRIDLAB_SIMD");
    if (!v) return GL_SIMD_AVX512;
    if (strcmp(v, "portable") == 0) return GL_SIMD_PORTABLE;
    if (strcmp(v, "neon") == 0) return GL_SIMD_NEON;
    if (strcmp(v, "avx2") == 0) return GL_SIMD_AVX2;
    return GL_SIMD_AVX512;
}

int gl_cpu_has(unsigned features)
{
    if (features & ~(GL_CPU_POPCNT | GL_CPU_BMI | GL_CPU_AVX2 | GL_CPU_AVX512_ANY)) return 0; /* not known here */
    gl_simd cap = simd_cap();
    if ((features & GL_CPU_AVX512_ANY) && cap < GL_SIMD_AVX512) return 0;
    if ((features & GL_CPU_AVX2) && cap < GL_SIMD_AVX2) return 0;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if ((features & GL_CPU_POPCNT) && !__builtin_cpu_supports("popcnt")) return 0;
    if ((features & GL_CPU_BMI) && !__builtin_cpu_supports("bmi")) return 0;
    if ((features & GL_CPU_AVX2) && !__builtin_cpu_supports("avx2")) return 0;
    if ((features & GL_CPU_AVX512F) && !__builtin_cpu_supports("avx512f")) return 0;
    if ((features & GL_CPU_AVX512BW) && !__builtin_cpu_supports("avx512bw")) return 0;
    if ((features & GL_CPU_AVX512DQ) && !__builtin_cpu_supports("avx512dq")) return 0;
    if ((features & GL_CPU_AVX512VL) && !__builtin_cpu_supports("avx512vl")) return 0;
    if ((features & GL_CPU_AVX512VBMI2) && !__builtin_cpu_supports("avx512vbmi2")) return 0;
    if ((features & GL_CPU_AVX512VPOPCNTDQ) && !__builtin_cpu_supports("avx512vpopcntdq")) return 0;
    return 1;
#else
    return features == 0;
#endif
}

gl_simd gl_simd_path(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (gl_cpu_has(GL_CPU_AVX512_ANY | GL_CPU_POPCNT | GL_CPU_BMI)) return GL_SIMD_AVX512;
    if (gl_cpu_has(GL_CPU_AVX2 | GL_CPU_POPCNT | GL_CPU_BMI)) return GL_SIMD_AVX2;
    return GL_SIMD_PORTABLE;
#elif defined(__aarch64__) && defined(__ARM_NEON)
    return simd_cap() >= GL_SIMD_NEON ? GL_SIMD_NEON : GL_SIMD_PORTABLE;
#else
    return GL_SIMD_PORTABLE;
#endif
}

const char *gl_simd_name(gl_simd path)
{
    static const char *const names[] = {"portable", "neon", "avx2", "avx512"};
    return (unsigned)path < 4 ? names[path] : "portable";
}
