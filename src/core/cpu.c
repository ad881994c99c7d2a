/* The processor's optional instruction sets (include/gridlab/cpu.h), asked
 * through the compiler's builtins, which read CPUID once and also check that
 * the operating system saves the wide registers. */
#include "gridlab/cpu.h"

#include <stdlib.h>

static int avx512_turned_off(void)
{
    const char *v = getenv("GRIDLAB_NO_AVX512");
    return v && *v && !(v[0] == '0' && v[1] == '\0');
}

int gl_cpu_has(unsigned features)
{
    if (features & ~(GL_CPU_POPCNT | GL_CPU_BMI | GL_CPU_AVX512_ANY)) return 0; /* a feature not known here */
    if ((features & GL_CPU_AVX512_ANY) && avx512_turned_off()) return 0;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if ((features & GL_CPU_POPCNT) && !__builtin_cpu_supports("popcnt")) return 0;
    if ((features & GL_CPU_BMI) && !__builtin_cpu_supports("bmi")) return 0;
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
