/* The processor feature check shared by the games' wide-vector code:
 * GRIDLAB_NO_AVX512 turns the AVX-512 features off (and only those), an
 * empty set is always there, a feature the check does not know never is. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "gridlab/cpu.h"

static void test_turned_off_by_the_environment(void **state)
{
    (void)state;
    unsetenv("GRIDLAB_NO_AVX512");
    int avx512 = gl_cpu_has(GL_CPU_AVX512F);
    int popcnt = gl_cpu_has(GL_CPU_POPCNT);
    setenv("GRIDLAB_NO_AVX512", "1", 1);
    assert_false(gl_cpu_has(GL_CPU_AVX512F));
    assert_false(gl_cpu_has(GL_CPU_AVX512F | GL_CPU_POPCNT));
    assert_int_equal(gl_cpu_has(GL_CPU_POPCNT), popcnt); /* not an AVX-512 feature */
    setenv("GRIDLAB_NO_AVX512", "0", 1);
    assert_int_equal(gl_cpu_has(GL_CPU_AVX512F), avx512);
    setenv("GRIDLAB_NO_AVX512", "", 1);
    assert_int_equal(gl_cpu_has(GL_CPU_AVX512F), avx512);
    unsetenv("GRIDLAB_NO_AVX512");
    assert_int_equal(gl_cpu_has(GL_CPU_AVX512F), avx512);
}

static void test_sets_of_features(void **state)
{
    (void)state;
    assert_true(gl_cpu_has(0));
    assert_false(gl_cpu_has(1u << 30)); /* not a feature this check knows */
    /* a set is there only when each of its features is */
    unsigned all = GL_CPU_POPCNT | GL_CPU_BMI | GL_CPU_AVX512_ANY;
    int each = 1;
    for (unsigned f = 1; f & all; f <<= 1) each &= gl_cpu_has(f);
    assert_int_equal(gl_cpu_has(all), each);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turned_off_by_the_environment),
        cmocka_unit_test(test_sets_of_features),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
