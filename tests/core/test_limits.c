/* The limits every search polls: the shared budget, the meter's memory
 * charges, its time limit and the interrupt flag. */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "gridlab/meter.h"
#include "gridlab/timing.h"

static void test_budget_take_give(void **state)
{
    (void)state;
    gl_budget b;
    gl_budget_init(&b, 1000);
    assert_int_equal(gl_budget_take(&b, 600), 0);
    assert_int_equal(gl_budget_take(&b, 500), -1); /* nothing taken */
    assert_int_equal(gl_budget_used(&b), 600);
    assert_int_equal(gl_budget_take(&b, 400), 0);
    assert_int_equal(gl_budget_take(&b, 1), -1);
    gl_budget_give(&b, 1000);
    assert_int_equal(gl_budget_used(&b), 0);
    assert_int_equal(b.peak, 1000);
    assert_int_equal(gl_budget_take(&b, (size_t)-1), -1); /* no wrap-around */
}

static void test_meter_own_cap(void **state)
{
    (void)state;
    gl_limits lim = {0, 100, NULL, NULL};
    gl_meter m;
    gl_meter_start(&m, &lim);
    assert_int_equal(gl_meter_charge(&m, 60), 0);
    assert_int_equal(gl_meter_charge(&m, 60), -1);
    assert_string_equal(m.stopped, "memory limit");
    assert_int_equal(m.bytes, 60);
    assert_true(gl_meter_tick(&m, 1)); /* a stopped meter stays stopped */
    gl_meter_end(&m);
    assert_int_equal(m.bytes, 0);
    assert_int_equal(m.peak, 60);
}

/* Two searches charging one budget: the second cannot take what the
 * first holds, and gets it once the first ends. */
static void test_meters_share_a_budget(void **state)
{
    (void)state;
    gl_budget b;
    gl_budget_init(&b, 1000);
    gl_limits lim = {0, 0, NULL, &b};
    assert_int_equal(gl_limits_mem_cap(&lim), 1000);
    gl_meter m1, m2;
    gl_meter_start(&m1, &lim);
    gl_meter_start(&m2, &lim);
    assert_int_equal(gl_meter_charge(&m1, 700), 0);
    assert_int_equal(gl_meter_charge(&m2, 400), -1);
    assert_non_null(m2.stopped);
    gl_meter_end(&m1);
    assert_int_equal(gl_budget_used(&b), 0);
    gl_meter_start(&m2, &lim);
    assert_int_equal(gl_meter_charge(&m2, 400), 0);
    gl_meter_refund(&m2, 100);
    assert_int_equal(gl_budget_used(&b), 300);
    gl_meter_end(&m2);
    assert_int_equal(gl_budget_used(&b), 0);
}

static void test_meter_time_and_interrupt(void **state)
{
    (void)state;
    volatile sig_atomic_t flag = 0;
    gl_limits lim = {20, 0, &flag, NULL};
    gl_meter m;
    gl_meter_start(&m, &lim);
    assert_false(gl_meter_tick(&m, 1));
    /* ticks below the interval do not read the clock; the interval does */
    uint64_t t0 = gl_now_ns();
    int stopped = 0;
    while (!stopped && gl_ms_since(t0) < 5000) stopped = gl_meter_tick(&m, 1);
    assert_true(stopped);
    assert_string_equal(m.stopped, "time limit");
    assert_true(gl_meter_ms(&m) >= 20);

    gl_limits lim2 = {0, 0, &flag, NULL};
    gl_meter_start(&m, &lim2);
    assert_false(gl_meter_tick(&m, 1));
    flag = 1;
    assert_true(gl_meter_tick(&m, 1)); /* the flag is read at every tick */
    assert_string_equal(m.stopped, "interrupted");
    gl_meter_end(&m);
}

/* A limit too far for the clock (1e16 ms, infinity, the largest double)
 * is no limit, and not a number is none: the meter neither stops at once
 * nor converts out of range (UBSan's float-cast-overflow). */
static void test_meter_far_limits(void **state)
{
    (void)state;
    const double far[] = {1e16, 1e300, HUGE_VAL, DBL_MAX, NAN, -HUGE_VAL, -1.0};
    for (size_t i = 0; i < sizeof far / sizeof far[0]; i++) {
        gl_limits lim;
        memset(&lim, 0, sizeof lim);
        lim.limit_ms = far[i];
        gl_meter m;
        gl_meter_start(&m, &lim);
        assert_int_equal(gl_meter_check(&m), 0);
        assert_null(m.stopped);
        assert_true(m.deadline_ns == 0 || m.deadline_ns == UINT64_MAX);
        gl_meter_end(&m);
    }
    /* 1e12 ms (about 32 years) is still a deadline, in the future */
    gl_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.limit_ms = 1e12;
    gl_meter m;
    gl_meter_start(&m, &lim);
    assert_true(m.deadline_ns > m.start_ns && m.deadline_ns != UINT64_MAX);
    assert_int_equal(gl_meter_check(&m), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_budget_take_give),
        cmocka_unit_test(test_meter_own_cap),
        cmocka_unit_test(test_meters_share_a_budget),
        cmocka_unit_test(test_meter_time_and_interrupt),
        cmocka_unit_test(test_meter_far_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
