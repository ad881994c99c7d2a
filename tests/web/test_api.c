/* The web page's C API (web/api.c), built natively: every answer is valid
 * JSON and says what the session says, for every game of the build.
 *
 * For the first preset of each game: the game list's tables (the shape of
 * `gridlab list --json`), starting from parameters and from the ID (the
 * same board; its parameters and preset in the state), the state's cells,
 * a legal move played by its notation and by picking its cells (the same
 * position), undo and redo, a hint in `gridlab hint --json`'s shape whose
 * move is legal and whose cells are on or around the board, save and load
 * with the whole history; then the errors of forms and of IDs (a bad one
 * leaves the game as it was).  What is checked with one game alone is in
 * its tests/GAME/test_web.c. */
#include "web/api_test.h"

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
    /* for each game, through the first parameter of its table that has a
     * default: the seed missing or out of range, a key twice, an unknown key */
    char(*bad)[2][160] = calloc(2 + 4 * (size_t)gl_ngames, sizeof *bad);
    assert_non_null(bad);
    size_t nbad = 0;
    snprintf(bad[nbad][0], sizeof bad[0][0], "nosuch:#1");
    snprintf(bad[nbad++][1], sizeof bad[0][1], "no game 'nosuch'");
    snprintf(bad[nbad][0], sizeof bad[0][0], "garbage");
    snprintf(bad[nbad++][1], sizeof bad[0][1], "no game 'garbage'");
    for (int i = 0; i < gl_ngames; i++) {
        const gl_game *g = gl_games[i];
        const gl_param *p = NULL;
        for (int k = 0; k < g->nparams && !p; k++)
            if (g->params[k].def && g->params[k].def[0] && g->params[k].kind != GL_PARAM_TEXT) p = &g->params[k];
        if (!p) continue;
        const char *n = g->name, *k = p->key, *v = p->def;
        snprintf(bad[nbad][0], sizeof bad[0][0], "%s:%s=%s", n, k, v);
        snprintf(bad[nbad++][1], sizeof bad[0][1], "the seed is missing");
        snprintf(bad[nbad][0], sizeof bad[0][0], "%s:%s=%s#-1", n, k, v);
        snprintf(bad[nbad++][1], sizeof bad[0][1], "the seed '-1'");
        snprintf(bad[nbad][0], sizeof bad[0][0], "%s:%s=%s,%s=%s#1", n, k, v, k, v);
        snprintf(bad[nbad++][1], sizeof bad[0][1], "%s is given twice", k);
        snprintf(bad[nbad][0], sizeof bad[0][0], "%s:nosuchkey=1#1", n);
        snprintf(bad[nbad++][1], sizeof bad[0][1], "nosuchkey");
    }
    if (gl_ngames > 0) assert_true(nbad > 2); /* a game of the build was tried */
    for (size_t i = 0; i < nbad; i++) {
        assert_int_equal(glw_start_id(bad[i][0]), -1);
        if (!strstr(glw_error(), bad[i][1])) fail_msg("%s: %s", bad[i][0], glw_error());
        assert_string_equal(glw_id(), id);
        same_position(glw_save_text(), board);
        assert_string_equal(glw_id_canon(bad[i][0]), "");
        if (!strstr(glw_error(), bad[i][1])) fail_msg("canon %s: %s", bad[i][0], glw_error());
    }
    free(bad);
    assert_int_equal(glw_move("not a move"), -1);
    free(id);
    free(board);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_games),
        cmocka_unit_test(test_every_game),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
