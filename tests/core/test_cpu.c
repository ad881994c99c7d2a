/* The processor feature check shared by the games' wide-vector code:
 * GRIDLAB_SIMD lowers the path (and turns the features of every wider path
 * off, and only those), never raises it; an empty set of features is
 * always there, a feature the check does not know never is. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/cpu.h"

static void test_lowered_by_the_environment(void **state)
{
    (void)state;
    unsetenv("GRIDLAB_SIMD");
    gl_simd best = gl_simd_path();
    int avx512 = gl_cpu_has(GL_CPU_AVX512F), avx2 = gl_cpu_has(GL_CPU_AVX2);
    int popcnt = gl_cpu_has(GL_CPU_POPCNT);
    setenv("GRIDLAB_SIMD", "avx2", 1);
    assert_false(gl_cpu_has(GL_CPU_AVX512F));
    assert_int_equal(gl_cpu_has(GL_CPU_AVX2), avx2);
    assert_int_equal(gl_cpu_has(GL_CPU_POPCNT), popcnt); /* not a vector path's feature */
    assert_true(gl_simd_path() <= GL_SIMD_AVX2 && gl_simd_path() <= best);
    setenv("GRIDLAB_SIMD", "portable", 1);
    assert_false(gl_cpu_has(GL_CPU_AVX512F));
    assert_false(gl_cpu_has(GL_CPU_AVX2));
    assert_false(gl_cpu_has(GL_CPU_AVX2 | GL_CPU_POPCNT));
    assert_int_equal(gl_cpu_has(GL_CPU_POPCNT), popcnt);
    assert_int_equal(gl_simd_path(), GL_SIMD_PORTABLE);
    /* never raised: the best this processor has at most */
    setenv("GRIDLAB_SIMD", "avx512", 1);
    assert_int_equal(gl_simd_path(), best);
    assert_int_equal(gl_cpu_has(GL_CPU_AVX512F), avx512);
    /* other values are ignored */
    setenv("GRIDLAB_SIMD", "", 1);
    assert_int_equal(gl_simd_path(), best);
    setenv("GRIDLAB_SIMD", "sse9", 1);
    assert_int_equal(gl_simd_path(), best);
    unsetenv("GRIDLAB_SIMD");
    assert_int_equal(gl_cpu_has(GL_CPU_AVX512F), avx512);
    assert_int_equal(gl_simd_path(), best);
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(gl_simd_name(GL_SIMD_AVX512), "avx512");
    assert_string_equal(gl_simd_name(GL_SIMD_AVX2), "avx2");
    assert_string_equal(gl_simd_name(GL_SIMD_NEON), "neon");
    assert_string_equal(gl_simd_name(GL_SIMD_PORTABLE), "portable");
#if defined(__aarch64__)
    assert_true(gl_simd_path() == GL_SIMD_NEON || getenv("GRIDLAB_SIMD"));
#elif !defined(__x86_64__)
    assert_int_equal(gl_simd_path(), GL_SIMD_PORTABLE);
#endif
}

static void test_sets_of_features(void **state)
{
    (void)state;
    assert_true(gl_cpu_has(0));
    assert_false(gl_cpu_has(1u << 30)); /* not a feature this check knows */
    /* a set is there only when each of its features is */
    unsigned all = GL_CPU_POPCNT | GL_CPU_BMI | GL_CPU_AVX2 | GL_CPU_AVX512_ANY;
    int each = 1;
    for (unsigned f = 1; f & all; f <<= 1) each &= gl_cpu_has(f);
    assert_int_equal(gl_cpu_has(all), each);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lowered_by_the_environment),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_sets_of_features),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
