/* The web page's C API (web/api.c) with onet: a link's path for the page.
 * The shared checks over every game are in tests/web/test_api.c. */
#include "web/api_test.h"

/* Onet's link runs round the board: its path may use the ring. */
static void test_onet_path(void **state)
{
    (void)state;
    assert_int_equal(glw_start("onet", "size=4x2 kinds=2 solvable=yes", "3"), 0);
    gl_jv moves = parse(glw_legal_moves());
    assert_true(moves.n > 0);
    assert_int_equal(glw_move(moves.items[0].str), 0);
    gl_jv_free(&moves);
    gl_jv ev = parse(glw_events());
    const gl_jv *path = member(&ev, "path");
    assert_true(path->n >= 2);
    for (size_t i = 1; i < path->n; i++) { /* neighbouring cells */
        int dr = (int)(path->items[i].items[0].num - path->items[i - 1].items[0].num);
        int dc = (int)(path->items[i].items[1].num - path->items[i - 1].items[1].num);
        assert_int_equal(abs(dr) + abs(dc), 1);
    }
    gl_jv_free(&ev);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_onet_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
