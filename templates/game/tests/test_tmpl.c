/* Lights Out: the rules, and the GF(2) solver's fewest presses held to a
 * brute force over every set of presses (every 3x3 and 4x4 board), to the
 * published 15 presses of the 5x5 board with every light on, and to its
 * limits (stopped: the best so far, not proved). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/internal.h"
#include "games/tmpl/tmpl.h"

static tmpl_board board_of(int w, int h, uint32_t lit)
{
    tmpl_board b;
    memset(&b, 0, sizeof b);
    b.w = w;
    b.h = h;
    for (int i = 0; i < w * h; i++) b.lit[i] = (lit >> i) & 1;
    return b;
}

static uint32_t lit_of(const tmpl_board *b)
{
    uint32_t m = 0;
    for (int i = 0; i < b->w * b->h; i++) m |= (uint32_t)b->lit[i] << i;
    return m;
}

static void solve(const tmpl_board *b, const gl_limits *lim, gl_solution *s)
{
    gl_solve_opts o = {0};
    if (lim) o.lim = *lim;
    gl_error err = {0};
    gl_solution_init(s);
    assert_int_equal(tmpl_solve_gf2((const gl_board *)b, &o, s, &err), 0);
}

/* A press toggles the cell and its neighbours on the board, no more. */
static void test_press(void **state)
{
    (void)state;
    tmpl_board b = board_of(3, 3, 0);
    int rc[10];
    assert_int_equal(tmpl_press(&b, 4, rc), 5);
    assert_int_equal(lit_of(&b), 0x0BA); /* the centre and its four neighbours */
    assert_int_equal(tmpl_press(&b, 0, rc), 3);
    assert_int_equal(lit_of(&b), 0x0BA ^ 0x00B);
    assert_int_equal(tmpl_lit_count(&b), 4);
}

/* Every board of w x h (w * h <= 16): the fewest presses by brute force
 * (each set of presses once: what it lights from dark), against the
 * solver's answer, which must also put the board out when played. */
static void check_all(int w, int h, int nullity)
{
    int n = w * h;
    uint32_t size = 1u << n;
    signed char *fewest = malloc(size);
    assert_non_null(fewest);
    memset(fewest, -1, size);
    for (uint32_t set = 0; set < size; set++) {
        tmpl_board b = board_of(w, h, 0);
        int rc[10];
        for (int i = 0; i < n; i++)
            if ((set >> i) & 1) tmpl_press(&b, i, rc);
        uint32_t lit = lit_of(&b);
        int k = __builtin_popcount(set);
        if (fewest[lit] < 0 || k < fewest[lit]) fewest[lit] = (signed char)k;
    }
    int solvable = 0;
    for (uint32_t lit = 0; lit < size; lit++) {
        tmpl_board b = board_of(w, h, lit);
        gl_solution s;
        solve(&b, NULL, &s);
        assert_int_equal(s.optimal, 1);
        if (fewest[lit] < 0) {
            assert_int_equal(s.solved, 0);
        } else {
            solvable++;
            assert_int_equal(s.solved, 1);
            if (s.cost != fewest[lit]) fail_msg("%dx%d board %#x: %lld presses, %d by brute force", w, h, lit, s.cost, fewest[lit]);
            assert_int_equal(s.nmoves, s.cost);
            int rc[10];
            for (int i = 0; i < s.nmoves; i++) tmpl_press(&b, s.moves[i].a, rc);
            assert_int_equal(tmpl_lit_count(&b), 0);
            const gl_info_item *k = gl_info_find(&s.info, "null_space");
            assert_non_null(k);
            assert_int_equal(k->value, nullity);
        }
        gl_solution_free(&s);
    }
    assert_int_equal(solvable, (int)(size >> nullity)); /* the boards reachable by presses */
    free(fewest);
}

static void test_every_3x3(void **state)
{
    (void)state;
    check_all(3, 3, 0);
}

static void test_every_4x4(void **state)
{
    (void)state;
    check_all(4, 4, 4);
}

/* The 5x5 board with every light on: 15 presses at the fewest (a
 * published figure), its null space two vectors wide. */
static void test_all_on_5x5(void **state)
{
    (void)state;
    tmpl_board b = board_of(5, 5, (1u << 25) - 1);
    gl_solution s;
    solve(&b, NULL, &s);
    assert_int_equal(s.solved, 1);
    assert_int_equal(s.optimal, 1);
    assert_int_equal(s.cost, 15);
    gl_solution_free(&s);
}

/* A search stopped by its limits answers with a solution, not proved. */
static void test_stopped(void **state)
{
    (void)state;
    tmpl_board b = board_of(4, 4, 0);
    int rc[10];
    tmpl_press(&b, 5, rc);
    volatile sig_atomic_t stop = 1;
    gl_limits lim = {0};
    lim.interrupt = &stop;
    gl_solution s;
    solve(&b, &lim, &s);
    assert_int_equal(s.solved, 1);
    assert_int_equal(s.optimal, 0);
    assert_non_null(s.stopped);
    for (int i = 0; i < s.nmoves; i++) tmpl_press(&b, s.moves[i].a, rc);
    assert_int_equal(tmpl_lit_count(&b), 0);
    gl_solution_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_press),
        cmocka_unit_test(test_every_3x3),
        cmocka_unit_test(test_every_4x4),
        cmocka_unit_test(test_all_on_5x5),
        cmocka_unit_test(test_stopped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
