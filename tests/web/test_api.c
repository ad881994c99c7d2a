/* The web page's C API (web/api.c), built natively: every answer is valid
 * JSON and says what the session says, for every registered game.
 *
 * For the first preset of each game: the game list's tables (the shape of
 * `gridlab list --json`), starting from parameters and from the ID (the
 * same board; its parameters and preset in the state), the state's cells,
 * a legal move played by its notation and by picking its cells (the same
 * position), undo and redo, a hint in `gridlab hint --json`'s shape whose
 * move is legal and whose cells are on or around the board, save and load
 * with the whole history; then the solver's steps, the ID parser's errors
 * (a bad ID leaves the game as it was), the tables of best results from
 * and into their text, the old page's storage carried over, and numbers
 * out of range. */
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
    gl_jv doc = parse(glw_games());
    const gl_jv *games = member(&doc, "games");
    assert_int_equal(games->type, GL_JV_ARR);
    assert_int_equal((int)games->n, gl_ngames);
    const char *def = str(&doc, "default");
    assert_non_null(gl_game_find(def));
    assert_string_equal(def, gl_games[0]->name); /* the first game of the list */
    /* the same text as `gridlab list --json`'s games */
    gl_strbuf cli = GL_STRBUF_INIT;
    gl_json j;
    gl_json_init(&j, &cli);
    gl_json_arr_begin(&j);
    for (int i = 0; i < gl_ngames; i++) gl_json_game(&j, gl_games[i]);
    gl_json_arr_end(&j);
    assert_non_null(strstr(glw_games(), gl_sb_str(&cli)));
    gl_sb_free(&cli);
    /* every game says what its cells show, in words (a screen reader's
     * names of the cells): a line for every other symbol or one for each */
    const gl_jv *words = member(&doc, "cell_words");
    assert_int_equal(words->type, GL_JV_OBJ);
    for (int i = 0; i < gl_ngames; i++) {
        const char *w = str(words, gl_games[i]->name);
        assert_true(w[0] && w[1] == ':');
        assert_null(strstr(w, "\n\n"));
    }
    for (size_t i = 0; i < games->n; i++) {
        const gl_jv *g = &games->items[i];
        const gl_game *gg = gl_game_find(str(g, "name"));
        assert_non_null(gg);
        assert_string_equal(str(g, "rules"), glw_rules(gg->name));
        assert_int_equal((int)member(g, "params")->n, gg->nparams);
        assert_int_equal((int)member(g, "presets")->n, gg->npresets);
        for (size_t k = 0; k < member(g, "params")->n; k++) {
            const gl_jv *pm = &member(g, "params")->items[k];
            assert_string_equal(str(pm, "key"), gg->params[k].key);
            assert_true(strlen(str(pm, "takes")) > 0);
            if (gg->params[k].kind == GL_PARAM_CHOICE) assert_true(member(pm, "choices")->n >= 2);
        }
    }
    gl_jv_free(&doc);
    assert_string_equal(glw_rules("nosuchgame"), "");
    /* the rules of the board in play follow its parameters */
    if (gl_game_find("lines")) {
        assert_int_equal(glw_start_id("lines:size=7x7,colors=5,line=4,spawn=2,rules=klines#1"), 0);
        assert_non_null(strstr(glw_rules("lines"), "Four or more balls"));
        assert_non_null(strstr(glw_rules("lines"), "brings two new balls"));
        assert_null(strchr(glw_rules("lines"), '{'));
    }
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
    /* from parameters, then from the ID: the same board, the first preset */
    const char *params = g->npresets ? g->presets[0].params : "";
    if (glw_start(g->name, params, "5") != 0) fail_msg("%s: %s", g->name, glw_error());
    check_state(g);
    char *id = dup(glw_id());
    char *text = dup(glw_save_text());
    assert_non_null(strstr(text, "\n# id: "));
    assert_int_equal(glw_start_id(id), 0);
    same_position(glw_save_text(), text);
    gl_jv st = parse(glw_state());
    assert_int_equal((int)num(&st, "preset"), 0);
    assert_string_equal(str(&st, "seed"), "5");
    assert_string_equal(str(&st, "load_note"), "");
    const gl_jv *pv = member(&st, "params");
    assert_int_equal(pv->type, GL_JV_OBJ);
    assert_int_equal((int)pv->n, g->nparams);
    for (int i = 0; i < g->nparams; i++) /* a default shows as the table has it */
        if (g->params[i].def && g->params[i].kind != GL_PARAM_LIST)
            assert_string_equal(str(pv, g->params[i].key), g->params[i].def);
    assert_string_equal(glw_id_canon(id), id);
    gl_jv_free(&st);

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
    st = parse(glw_state());
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

    /* a hint: `gridlab hint --json`'s shape, a legal move, cells on the
     * board or its ring; the game is helped from then on */
    int hr = glw_hint(2000);
    gl_jv hint = parse(glw_hint_json());
    if (hr == GL_HINT_MOVE) {
        assert_true(in_list(glw_legal_moves(), str(&hint, "move")));
        gl_jv st2 = parse(glw_state());
        int w = (int)num(&st2, "w"), h = (int)num(&st2, "h");
        assert_int_equal((int)num(&st2, "hints"), 1);
        gl_jv_free(&st2);
        size_t shown = 0;
        const char *keys[] = {"cells", "ends", "fill"};
        for (int k = 0; k < 3; k++) {
            const gl_jv *cells = member(&hint, keys[k]);
            shown += cells->n;
            for (size_t i = 0; i < cells->n; i++) {
                int r = (int)cells->items[i].items[0].num, c = (int)cells->items[i].items[1].num;
                assert_true(r >= -1 && r <= h && c >= -1 && c <= w);
            }
        }
        assert_true(shown > 0); /* every game's hint can be drawn */
        /* in words: the move first, then what it is */
        const char *words = glw_hint_words();
        assert_int_equal(strncmp(words, str(&hint, "move"), strlen(str(&hint, "move"))), 0);
        assert_null(strstr(words, "stopped"));
        assert_null(strstr(words, "optimal"));
    } else {
        assert_int_not_equal(hr, GL_HINT_ERROR);
        assert_int_equal(member(&hint, "move")->type, GL_JV_NULL);
    }
    gl_jv_free(&hint);

    /* save and load: the whole game, its history and help included */
    assert_int_equal(glw_redo(), 0);
    char *whole = dup(glw_save_text());
    assert_int_equal(glw_load(text, "saved.txt"), 0); /* another game first */
    assert_int_equal(glw_load(whole, "saved.txt"), 0);
    same_position(glw_save_text(), whole);
    assert_string_equal(glw_id(), id);
    st = parse(glw_state());
    assert_int_equal((int)num(&st, "moves"), 1);
    assert_int_equal((int)num(&st, "hints"), hr == GL_HINT_MOVE);
    gl_jv_free(&st);
    assert_int_equal(glw_undo(), 0); /* past the load */
    same_position(glw_save_text(), text);

    free(whole);
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
    /* a form checked before the game in progress is left: the same
     * messages, the game untouched */
    assert_int_equal(glw_start(gl_games[0]->name, "", "4"), 0);
    char *before = dup(glw_save_text()), *before_id = dup(glw_id());
    assert_int_equal(glw_check(gl_games[0]->name, "nosuchkey=1", "1"), -1);
    assert_non_null(strstr(glw_error(), "nosuchkey"));
    assert_int_equal(glw_check(gl_games[0]->name, "", "-3"), -1);
    assert_non_null(strstr(glw_error(), "seed"));
    assert_int_equal(glw_check("nosuch", "", "1"), -1);
    assert_int_equal(glw_check(gl_games[0]->name, "", "77"), 0);
    /* the same game and position (the save's clock line goes on ticking:
     * a slow machine, or the sanitizers, may take seconds over the checks) */
    assert_string_equal(glw_id(), before_id);
    same_position(glw_save_text(), before);
    free(before);
    free(before_id);
    assert_int_equal(glw_load("not a board\n", "x.txt"), -1);
    assert_non_null(strstr(glw_error(), "x.txt"));
    /* a bad ID says which part is wrong and keeps the game in progress */
    assert_int_equal(glw_start(gl_games[0]->name, "", "9"), 0);
    char *id = dup(glw_id());
    char *board = dup(glw_save_text());
    struct {
        const char *id, *want;
        const char *game;
    } bad[] = {
        {"nosuch:#1", "no game 'nosuch'", NULL},
        {"garbage", "no game 'garbage'", NULL},
        {"lines:size=9x9", "the seed is missing", "lines"},
        {"flood:size=999x2#5", "size=999x2: expected WxH", "flood"},
        {"onet:solvable=yes#-1", "the seed '-1'", "onet"},
        {"match3:scores=01,4,10#1", "scores=01,4,10: expected", "match3"},
        {"tiles:n=3,n=4#1", "n is given twice", "tiles"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (bad[i].game && !gl_game_find(bad[i].game)) continue;
        assert_int_equal(glw_start_id(bad[i].id), -1);
        if (!strstr(glw_error(), bad[i].want)) fail_msg("%s: %s", bad[i].id, glw_error());
        assert_string_equal(glw_id(), id);
        same_position(glw_save_text(), board);
        assert_string_equal(glw_id_canon(bad[i].id), "");
        if (!strstr(glw_error(), bad[i].want)) fail_msg("canon %s: %s", bad[i].id, glw_error());
    }
    assert_int_equal(glw_move("not a move"), -1);
    free(id);
    free(board);
}

/* Numbers from the page that are out of any range are no harm. */
static void test_numbers(void **state)
{
    (void)state;
    if (!gl_game_find("tiles")) skip();
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
    if (!gl_game_find("tiles")) skip();
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
    if (!gl_game_find("tiles")) skip();
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
        cmocka_unit_test(test_games),
        cmocka_unit_test(test_every_game),
        cmocka_unit_test(test_solve_steps),
        cmocka_unit_test(test_onet_path),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_records),
        cmocka_unit_test(test_import),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
