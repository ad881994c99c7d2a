/* The game tables' shared part (game_impl.h): a block board's new, clone,
 * destroy and dims, the moves written as board cells (parse, format,
 * picks), a pick's index, and every registered table's shared entries. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/internal.h"

typedef struct {
    int w, h;
    unsigned char cell[12];
} toy_board;

GL_BLOCK_BOARD(toy, toy_board, b->w, b->h)
GL_CELL_MOVES(toy1, toy_board, b->w, b->h, 1, "write one cell like b2")
GL_CELL_MOVES(toy2, toy_board, b->w, b->h, 2, "write two cells like a1-c3")

static void test_block_board(void **state)
{
    (void)state;
    gl_error err = {0};
    toy_board *b = toy_board_new(&err);
    assert_non_null(b);
    for (size_t i = 0; i < sizeof b->cell; i++) assert_int_equal(b->cell[i], 0); /* zeroed */
    b->w = 4;
    b->h = 3;
    b->cell[11] = 7;
    gl_board *c = toy_clone((const gl_board *)b);
    assert_non_null(c);
    assert_ptr_not_equal(c, b);
    assert_memory_equal(c, b, sizeof *b);
    b->cell[11] = 1; /* a copy, not a view */
    assert_int_equal(((toy_board *)c)->cell[11], 7);
    int w = 0, h = 0;
    toy_dims(c, &w, &h);
    assert_int_equal(w, 4);
    assert_int_equal(h, 3);
    toy_destroy(c);
    toy_destroy((gl_board *)b);
}

static void test_cell_moves(void **state)
{
    (void)state;
    toy_board b = {.w = 4, .h = 3};
    const gl_board *gb = (const gl_board *)&b;
    gl_error err = {0};
    gl_move m = {0, 0, 0};
    char buf[32];
    int rc[4];

    /* each move read, written back the same, picked as written (row, column) */
    static const struct {
        int n;
        const char *text;
        int rc[4];
    } ok[] = {{2, "a1-d3", {0, 0, 2, 3}}, {2, "d3-a1", {2, 3, 0, 0}}, {1, "b2", {1, 1}}, {1, "d3", {2, 3}}};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        int n = ok[i].n;
        assert_int_equal((n == 2 ? toy2_parse_move : toy1_parse_move)(gb, ok[i].text, &m, &err), 0);
        assert_int_equal(m.a, ok[i].rc[0] * 4 + ok[i].rc[1]);
        if (n == 2) assert_int_equal(m.b, ok[i].rc[2] * 4 + ok[i].rc[3]);
        (n == 2 ? toy2_format_move : toy1_format_move)(gb, &m, buf, sizeof buf);
        assert_string_equal(buf, ok[i].text);
        assert_int_equal((n == 2 ? toy2_picks : toy1_picks)(gb, &m, rc), n);
        assert_memory_equal(rc, ok[i].rc, sizeof(int) * 2 * (size_t)n);
    }

    const char *bad[] = {"", "a1", "a1-", "a1-b", "a1b2", "a1-b2-c3", "a1-b2 ", "-a1", "A1-b2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err = (gl_error){0};
        assert_int_equal(toy2_parse_move(gb, bad[i], &m, &err), -1);
        char want[64];
        snprintf(want, sizeof want, "'%s' is not a move: write two cells like a1-c3", bad[i]);
        assert_string_equal(err.msg, want);
    }
    err = (gl_error){0};
    assert_int_equal(toy1_parse_move(gb, "a1-b2", &m, &err), -1);
    assert_string_equal(err.msg, "'a1-b2' is not a move: write one cell like b2");
    err = (gl_error){0};
    assert_int_equal(toy2_parse_move(gb, "a1-e1", &m, &err), -1);
    assert_string_equal(err.msg, "'a1-e1': a cell is off the 4x3 board");
    err = (gl_error){0};
    assert_int_equal(toy1_parse_move(gb, "a4", &m, &err), -1);
    assert_string_equal(err.msg, "'a4': a cell is off the 4x3 board");

    /* A buffer too small is cut, never overrun. */
    m = (gl_move){0, 11, 0};
    char small[4];
    toy2_format_move(gb, &m, small, sizeof small);
    assert_string_equal(small, "a1-");
}

static void test_pick_index(void **state)
{
    (void)state;
    int rc[] = {0, 0, 2, 3, -1, 0, 3, 0, 0, 4};
    assert_int_equal(gl_pick_index(rc, 0, 4, 3), 0);
    assert_int_equal(gl_pick_index(rc, 1, 4, 3), 11);
    assert_int_equal(gl_pick_index(rc, 2, 4, 3), -1);
    assert_int_equal(gl_pick_index(rc, 3, 4, 3), -1);
    assert_int_equal(gl_pick_index(rc, 4, 4, 3), -1);
}

/* What GL_GAME_ENTRIES fills is there in every table, the counts those
 * of the arrays (a solver's and a preset's name set). */
static void test_tables_entries(void **state)
{
    (void)state;
    for (int i = 0; gl_games[i]; i++) {
        const gl_game *g = gl_games[i];
        assert_true(g->nsolvers >= 1);
        assert_true(g->npresets >= 1);
        for (int k = 0; k < g->nsolvers; k++) assert_non_null(g->solvers[k].name);
        for (int k = 0; k < g->npresets; k++) assert_non_null(g->presets[k].name);
        assert_true(g->create && g->parse && g->format && g->render && g->clone && g->destroy);
        assert_true(g->parse_move && g->format_move && g->legal_moves && g->apply && g->status);
        assert_true(g->status_line && g->dims && g->cell && g->select && g->picks);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_block_board),
        cmocka_unit_test(test_cell_moves),
        cmocka_unit_test(test_pick_index),
        cmocka_unit_test(test_tables_entries),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
