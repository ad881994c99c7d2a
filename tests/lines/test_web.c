/* The web page's C API (web/api.c) with lines: the rules the page shows
 * follow the parameters of the board in play.  The shared checks over
 * every game are in tests/web/test_api.c. */
#include "web/api_test.h"

static void test_rules(void **state)
{
    (void)state;
    assert_int_equal(glw_start_id("lines:size=7x7,colors=5,line=4,spawn=2,rules=klines#1"), 0);
    assert_non_null(strstr(glw_rules("lines"), "Four or more balls"));
    assert_non_null(strstr(glw_rules("lines"), "brings two new balls"));
    assert_null(strchr(glw_rules("lines"), '{'));
    assert_int_equal(glw_start_id("lines:size=9x9,colors=7,line=5,spawn=3,rules=lines98#1"), 0);
    assert_non_null(strstr(glw_rules("lines"), "Five or more balls"));
    assert_non_null(strstr(glw_rules("lines"), "brings three new balls"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
