/* The web page's C API (web/api.c) with tiles: the solver's steps to a
 * proved optimum, the tables of best results from and into their text, the
 * old page's storage carried over, and numbers from the page out of range.
 * The shared checks over every game are in tests/web/test_api.c. */
#include "web/api_test.h"

/* Solving to the end with the solver's steps (tiles: a proved optimum). */
static void test_solve_steps(void **state)
{
    (void)state;
    assert_int_equal(glw_start_id("tiles:n=3,hop=2,start=standard#1"), 0);
    assert_int_equal(glw_solve(5000), 0);
    gl_jv sol = parse(glw_solution_json()); /* `gridlab solve --json`'s shape */
    assert_true(member(&sol, "solved")->b);
    assert_string_equal(str(&sol, "game"), "tiles");
    int n = (int)member(&sol, "moves")->n;
    assert_int_equal(member(&sol, "moves")->items[0].type, GL_JV_STR);
    gl_jv_free(&sol);
    assert_int_equal(glw_solve_left(), n);
    int steps = 0;
    while (glw_solve_step() == 1) {
        steps++;
        gl_jv ev = parse(glw_events());
        assert_true(member(&ev, "events")->n > 0);
        gl_jv_free(&ev);
    }
    assert_int_equal(steps, n);
    assert_int_equal(glw_status(), GL_WON);
    gl_jv st = parse(glw_state());
    assert_string_equal(str(&st, "status"), "won");
    assert_true(member(&st, "assisted")->b);
    gl_jv_free(&st);
    /* a won game takes no more moves, and lists none (the board itself
     * would still slide: the fuzzer found them listed) */
    assert_int_equal(glw_move("1-2"), -1);
    assert_true(strlen(glw_error()) > 0);
    gl_jv none = parse(glw_legal_moves());
    assert_int_equal(none.type, GL_JV_ARR);
    assert_int_equal((int)none.n, 0);
    gl_jv_free(&none);
    assert_int_equal(glw_undo(), 0); /* and a game in progress lists them again */
    gl_jv some = parse(glw_legal_moves());
    assert_true(some.n > 0);
    assert_int_equal(glw_move(some.items[0].str), 0);
    gl_jv_free(&some);
}

/* Numbers from the page that are out of any range are no harm. */
static void test_numbers(void **state)
{
    (void)state;
    assert_int_equal(glw_start_id("tiles:n=2,hop=2,start=standard#1"), 0);
    assert_string_equal(glw_cell_name(2147483647, 2147483647), "");
    assert_string_equal(glw_cell_name(-1, 0), "");
    assert_string_equal(glw_cell_name(0, 27), "ab1");
    assert_int_equal(glw_pick(2147483647, -2147483647 - 1), GL_PICK_BAD);
    const double odd[] = {-5, 1e300, 0.0 / 0.0, 1.0 / 0.0};
    for (int i = 0; i < 4; i++) assert_int_equal(glw_hint(odd[i]), GL_HINT_MOVE);
    glw_add_time(-1e9); /* never takes time off */
    glw_add_time(0.0 / 0.0);
    gl_jv st = parse(glw_state());
    assert_true(num(&st, "elapsed_ms") >= 0 && num(&st, "elapsed_ms") < 60000);
    gl_jv_free(&st);
}

/* Plays the tiles board to its end with the solver's moves typed in. */
static void win_tiles(const char *id)
{
    assert_int_equal(glw_start_id(id), 0);
    assert_int_equal(glw_solve(5000), 0);
    gl_jv sol = parse(glw_solution_json());
    const gl_jv *mv = member(&sol, "moves");
    char moves[32][16];
    size_t n = mv->n;
    for (size_t i = 0; i < n; i++) snprintf(moves[i], sizeof moves[i], "%s", mv->items[i].str);
    gl_jv_free(&sol);
    glw_solve_cancel();
    for (size_t i = 0; i < n; i++) assert_int_equal(glw_move(moves[i]), 0);
    assert_int_equal(glw_status(), GL_WON);
}

/* The tables of best results, from and into their text. */
static void test_records(void **state)
{
    (void)state;
    win_tiles("tiles:n=2,hop=2,start=standard#1");
    gl_jv r = parse(glw_record(""));
    assert_int_equal((int)num(&r, "rank"), 1);
    assert_string_equal(str(&r, "words"), "The best result for these options!");
    char *text = dup(str(&r, "text"));
    assert_int_equal(strncmp(text, "gridlab-scores 1\n", 17), 0);
    gl_jv_free(&r);
    /* once */
    r = parse(glw_record(text));
    assert_int_equal((int)num(&r, "rank"), -1);
    assert_null(gl_jv_get(&r, "text"));
    gl_jv_free(&r);
    gl_jv st = parse(glw_state());
    assert_true(member(&st, "recorded")->b);
    char want[96];
    snprintf(want, sizeof want, "You won: %s in 0:00.", str(&st, "score_text"));
    assert_string_equal(str(&st, "outcome"), want);
    gl_jv_free(&st);
    /* the table for this game */
    gl_jv t = parse(glw_records(text));
    assert_string_equal(str(&t, "key"), "n=2,hop=2,start=standard");
    assert_int_equal((int)member(&t, "rows")->n, 1);
    assert_int_equal(strncmp(str(&member(&t, "rows")->items[0], "text"), "cost ", 5), 0);
    assert_string_equal(str(&member(&t, "rows")->items[0], "id"), "tiles:n=2,hop=2,start=standard#1");
    assert_null(gl_jv_get(&t, "damaged"));
    gl_jv_free(&t);
    /* a hint helped: not entered */
    assert_int_equal(glw_start_id("tiles:n=2,hop=2,start=standard#2"), 0);
    assert_int_equal(glw_hint(0), GL_HINT_MOVE);
    assert_int_equal(glw_solve(5000), 0);
    while (glw_solve_step() == 1) {}
    r = parse(glw_record(text));
    assert_int_equal((int)num(&r, "rank"), -1);
    assert_string_equal(str(&r, "words"), "The solver helped: not entered in the best results.");
    gl_jv_free(&r);
    /* a damaged text: said, and the table starts again */
    win_tiles("tiles:n=2,hop=2,start=standard#3");
    r = parse(glw_record("garbage\n"));
    assert_true(strlen(str(&r, "damaged")) > 0);
    assert_int_equal((int)num(&r, "rank"), 1);
    gl_jv_free(&r);
    free(text);
}

/* The old page's storage: its journal replayed, its bests carried over. */
static void test_import(void **state)
{
    (void)state;
    const char *journal = "{\"journal\":[{\"op\":\"id\",\"id\":\"tiles:n=3,hop=2,start=standard#1\"},"
                          "{\"op\":\"move\",\"text\":\"5-7\"},{\"op\":\"move\",\"text\":\"3-5\"},"
                          "{\"op\":\"undo\"}],\"id\":\"tiles:n=3,hop=2,start=standard#1\",\"hinted\":true}";
    assert_int_equal(glw_import_old_game(journal), 0);
    gl_jv st = parse(glw_state());
    assert_string_equal(str(&st, "id"), "tiles:n=3,hop=2,start=standard#1");
    assert_int_equal((int)num(&st, "moves"), 1);
    assert_true(member(&st, "can_redo")->b);
    assert_int_equal((int)num(&st, "hints"), 1);
    assert_false(member(&st, "assisted")->b);
    gl_jv_free(&st);
    assert_int_equal(glw_import_old_game("{\"journal\":[{\"op\":\"move\",\"text\":\"1-2\"}]}"), -1);
    assert_int_equal(glw_import_old_game("not json"), -1);
    const char *bests = "{\"tiles:n=3,hop=2,start=standard\":{\"score\":14,\"id\":\"tiles:n=3,hop=2,start=standard#5\","
                        "\"date\":\"2026-11-20\"},\"nosuch:x=1\":{\"score\":1,\"id\":\"x\"}}";
    gl_jv r = parse(glw_import_bests(bests, ""));
    const char *text = str(&r, "text");
    assert_non_null(strstr(text, "tiles\tn=3,hop=2,start=standard\tfewer\t14\t0\t"));
    assert_null(strstr(text, "nosuch"));
    gl_jv_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_steps),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_records),
        cmocka_unit_test(test_import),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
