/* The web page's C API (web/api.c), built natively: every answer is valid
 * JSON and says what the session says, for every registered game.
 *
 * For the first preset of each game: the game list's tables, starting from
 * parameters and from the ID (the same board), the state's cells, a legal
 * move played by its notation and by picking its cells (the same position),
 * undo and redo, a hint whose move is legal and whose cells are on or
 * around the board, save and load, and the errors a page shows. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/gridlab.h"
#include "web/api.h"

/* Parses a JSON answer (fails the test when it is not JSON). */
static gl_jv parse(const char *text)
{
    gl_jv v;
    gl_error err = {0};
    if (gl_jv_parse(text, strlen(text), &v, &err) != 0) fail_msg("not JSON (%s): %.200s", err.msg, text);
    return v;
}

static const gl_jv *member(const gl_jv *obj, const char *key)
{
    const gl_jv *m = gl_jv_get(obj, key);
    if (!m) fail_msg("no member '%s'", key);
    return m;
}

static double num(const gl_jv *obj, const char *key)
{
    const gl_jv *m = member(obj, key);
    assert_int_equal(m->type, GL_JV_NUM);
    return m->num;
}

static const char *str(const gl_jv *obj, const char *key)
{
    const gl_jv *m = member(obj, key);
    assert_int_equal(m->type, GL_JV_STR);
    return m->str;
}

static int in_list(const char *list_json, const char *move)
{
    gl_jv l = parse(list_json);
    int found = 0;
    for (size_t i = 0; i < l.n; i++)
        if (strcmp(l.items[i].str, move) == 0) found = 1;
    gl_jv_free(&l);
    return found;
}

static char *dup(const char *s)
{
    char *d = strdup(s);
    assert_non_null(d);
    return d;
}

/* The position a save holds: its lines that are not comments. */
static char *position(const char *save)
{
    char *d = dup(save), *o = d;
    for (const char *s = save; *s;) {
        size_t n = strcspn(s, "\n");
        if (s[0] != '#') {
            memcpy(o, s, n);
            o += n;
            *o++ = '\n';
        }
        s += n + (s[n] == '\n');
    }
    *o = '\0';
    return d;
}

static void same_position(const char *save, const char *want)
{
    char *a = position(save), *b = position(want);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

static void test_games(void **state)
{
    (void)state;
    gl_jv games = parse(glw_games());
    assert_int_equal(games.type, GL_JV_ARR);
    assert_int_equal((int)games.n, gl_ngames);
    for (size_t i = 0; i < games.n; i++) {
        const gl_jv *g = &games.items[i];
        const gl_game *gg = gl_game_find(str(g, "name"));
        assert_non_null(gg);
        assert_string_equal(str(g, "rules"), glw_rules(gg->name));
        assert_int_equal((int)member(g, "params")->n, gg->nparams);
        assert_int_equal((int)member(g, "presets")->n, gg->npresets);
        for (size_t k = 0; k < member(g, "params")->n; k++) {
            const gl_jv *pm = &member(g, "params")->items[k];
            assert_string_equal(str(pm, "key"), gg->params[k].key);
            if (gg->params[k].kind == GL_PARAM_CHOICE) assert_true(member(pm, "choices")->n >= 2);
        }
    }
    gl_jv_free(&games);
    assert_string_equal(glw_rules("nosuchgame"), "");
}

/* The cells of a move in CELL-CELL notation, else 0. */
static int cells_of(const char *move, int rc[4])
{
    const char *end;
    if (gl_cell_parse(move, &rc[0], &rc[1], &end) != 0 || *end != '-') return 0;
    if (gl_cell_parse(end + 1, &rc[2], &rc[3], NULL) != 0) return 0;
    return 1;
}

static void check_state(const gl_game *g)
{
    gl_jv st = parse(glw_state());
    assert_string_equal(str(&st, "game"), g->name);
    assert_string_equal(str(&st, "id"), glw_id());
    int w = (int)num(&st, "w"), h = (int)num(&st, "h");
    assert_true(w > 0 && h > 0);
    assert_int_equal((int)strlen(str(&st, "syms")), w * h);
    assert_int_equal((int)member(&st, "colours")->n, w * h);
    assert_int_equal((int)member(&st, "flags")->n, w * h);
    const gl_jv *names = member(&st, "names");
    assert_int_equal((int)names->n, w * h);
    assert_string_equal(names->items[0].str, "a1");
    assert_string_equal(names->items[w * h - 1].str, glw_cell_name(h - 1, w - 1));
    assert_string_equal(str(&st, "status_line"), glw_status_line());
    static const char *const status[] = {"playing", "won", "lost"};
    assert_string_equal(str(&st, "status"), status[glw_status()]);
    gl_jv_free(&st);
}

static void play_game(const gl_game *g)
{
    /* from parameters, then from the ID: the same board */
    const char *params = g->npresets ? g->presets[0].params : "";
    if (glw_start(g->name, params, "5") != 0) fail_msg("%s: %s", g->name, glw_error());
    check_state(g);
    char *id = dup(glw_id());
    char *text = dup(glw_save_text());
    assert_non_null(strstr(text, "\n# id: "));
    assert_int_equal(glw_start_id(id), 0);
    same_position(glw_save_text(), text);

    /* a legal move by its notation: events with the move first */
    gl_jv moves = parse(glw_legal_moves());
    assert_true(moves.n > 0);
    char *move = dup(moves.items[0].str);
    gl_jv_free(&moves);
    assert_int_equal(glw_move(move), 0);
    gl_jv ev = parse(glw_events());
    assert_true(member(&ev, "events")->n > 0);
    assert_string_equal(str(&member(&ev, "events")->items[0], "kind"), "move");
    assert_true(strlen(str(&ev, "text")) > 0);
    gl_jv_free(&ev);
    char *after = dup(glw_save_text());
    gl_jv st = parse(glw_state());
    assert_int_equal((int)num(&st, "moves"), 1);
    assert_string_equal(str(&st, "last_move"), move);
    gl_jv_free(&st);

    /* undo and redo are exact */
    assert_int_equal(glw_undo(), 0);
    same_position(glw_save_text(), text);
    assert_int_equal(glw_undo(), -1);
    assert_string_equal(glw_error(), "nothing to undo");
    assert_int_equal(glw_redo(), 0);
    same_position(glw_save_text(), after);
    assert_int_equal(glw_undo(), 0);

    /* the same move by picking its cells */
    int rc[4];
    if (cells_of(move, rc)) {
        assert_int_equal(glw_pick(rc[0], rc[1]), GL_PICK_MORE);
        gl_jv sel = parse(glw_state());
        assert_int_equal((int)member(&sel, "selection")->n, 1);
        gl_jv_free(&sel);
        assert_int_equal(glw_pick(rc[2], rc[3]), GL_PICK_MOVED);
        same_position(glw_save_text(), after);
        assert_int_equal(glw_undo(), 0);
    }
    assert_int_equal(glw_pick(-1, 0), GL_PICK_BAD);
    assert_string_equal(glw_error(), "not a cell of the board");

    /* a hint: a legal move, cells on the board or its ring */
    int hr = glw_hint(2000);
    gl_jv hint = parse(glw_hint_json());
    if (hr == GL_HINT_MOVE) {
        assert_string_equal(str(&hint, "result"), "move");
        assert_true(in_list(glw_legal_moves(), str(&hint, "move")));
        gl_jv st2 = parse(glw_state());
        int w = (int)num(&st2, "w"), h = (int)num(&st2, "h");
        gl_jv_free(&st2);
        size_t shown = 0;
        const char *keys[] = {"path", "cells", "fill"};
        for (int k = 0; k < 3; k++) {
            const gl_jv *cells = member(&hint, keys[k]);
            shown += cells->n;
            for (size_t i = 0; i < cells->n; i++) {
                int r = (int)cells->items[i].items[0].num, c = (int)cells->items[i].items[1].num;
                assert_true(r >= -1 && r <= h && c >= -1 && c <= w);
            }
        }
        assert_true(shown > 0); /* every game's hint can be drawn */
    } else {
        assert_int_not_equal(hr, GL_HINT_ERROR);
    }
    gl_jv_free(&hint);

    /* save and load */
    assert_int_equal(glw_load(text, "saved.txt"), 0);
    same_position(glw_save_text(), text);
    assert_string_equal(glw_id(), id);

    free(move);
    free(after);
    free(text);
    free(id);
}

static void test_every_game(void **state)
{
    (void)state;
    for (int i = 0; i < gl_ngames; i++) play_game(gl_games[i]);
}

/* Solving to the end with the solver's steps (tiles: a proved optimum). */
static void test_solve_steps(void **state)
{
    (void)state;
    if (!gl_game_find("tiles")) skip();
    assert_int_equal(glw_start_id("tiles:n=3,hop=2,start=standard#1"), 0);
    assert_int_equal(glw_solve(5000), 0);
    gl_jv sol = parse(glw_solution_json());
    assert_true(member(&sol, "solved")->b);
    int n = (int)num(&sol, "moves");
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
    /* a won game takes no more moves */
    assert_int_equal(glw_move("1-2"), -1);
    assert_true(strlen(glw_error()) > 0);
}

/* Onet's link runs round the board: its path may use the ring. */
static void test_onet_path(void **state)
{
    (void)state;
    if (!gl_game_find("onet")) skip();
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

static void test_errors(void **state)
{
    (void)state;
    assert_int_equal(glw_start("nosuch", "", "1"), -1);
    assert_non_null(strstr(glw_error(), "nosuch"));
    assert_int_equal(glw_start(gl_games[0]->name, "", "-3"), -1);
    assert_non_null(strstr(glw_error(), "seed"));
    assert_int_equal(glw_start(gl_games[0]->name, "novalue", "1"), -1);
    assert_non_null(strstr(glw_error(), "key=value"));
    assert_int_equal(glw_start(gl_games[0]->name, "nosuchkey=1", "1"), -1);
    assert_non_null(strstr(glw_error(), "nosuchkey"));
    assert_int_equal(glw_start_id("nosuch:#1"), -1);
    assert_true(strlen(glw_error()) > 0);
    assert_int_equal(glw_load("not a board\n", "x.txt"), -1);
    assert_non_null(strstr(glw_error(), "x.txt"));
    /* a failed start keeps the game in progress */
    assert_int_equal(glw_start(gl_games[0]->name, "", "9"), 0);
    char *id = dup(glw_id());
    assert_int_equal(glw_start_id("nosuch:#1"), -1);
    assert_string_equal(glw_id(), id);
    assert_int_equal(glw_move("not a move"), -1);
    free(id);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_games),
        cmocka_unit_test(test_every_game),
        cmocka_unit_test(test_solve_steps),
        cmocka_unit_test(test_onet_path),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
