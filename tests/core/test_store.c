/* The play session's save file (src/play/store.c, docs/spec.md "Saved
 * games"): a whole game comes back from it (the history with undo and redo
 * past the load, the clock, the help, the level), for every game; a save
 * edited by hand loads as a custom game that enters no table; the format
 * before this one loads as a game at its first position; the reader's
 * limits hold a 9,000-turn Lines game and refuse more than they promise. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/internal.h"

static uint64_t fake_ns;
static uint64_t fake_clock(void *ctx)
{
    (void)ctx;
    return fake_ns;
}

static gl_play *session(void)
{
    gl_play *p = gl_play_new();
    assert_non_null(p);
    gl_play_set_clock(p, fake_clock, NULL);
    return p;
}

static char *save_of(const gl_play *p)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_play_save_text(p, &sb);
    char *s = strdup(gl_sb_str(&sb));
    gl_sb_free(&sb);
    return s;
}

static char *board_of(const gl_play *p)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_play_game(p)->format(gl_play_board(p), &sb);
    char *s = strdup(gl_sb_str(&sb));
    gl_sb_free(&sb);
    return s;
}

static gl_play *load(const char *text)
{
    gl_play *q = session();
    gl_error err = {0};
    if (gl_play_load_text(q, text, strlen(text), "save.txt", &err) != 0) fail_msg("load: %s\n%.400s", err.msg, text);
    return q;
}

/* The message a save is refused with. */
static const char *refused(const char *text)
{
    static gl_error err;
    gl_play *q = session();
    gl_error_clear(&err);
    if (gl_play_load_text(q, text, strlen(text), "save.txt", &err) == 0) fail_msg("loaded:\n%.400s", text);
    gl_play_free(q);
    return err.msg;
}

/* text with the first occurrence of from replaced by to (a hand edit). */
static char *edited(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    if (!at) fail_msg("no '%s' in:\n%.400s", from, text);
    size_t n = strlen(text) - strlen(from) + strlen(to);
    char *s = malloc(n + 1);
    size_t k = (size_t)(at - text);
    memcpy(s, text, k);
    strcpy(s + k, to);
    strcat(s, at + strlen(from));
    return s;
}

/* Onet's level 1 (a 180 s clock): a pair, 20 s, a save, an hour closed, a
 * load: the clock shows the time left as it was, undo reaches back past
 * the load, and a hint keeps the game helped across a save. */
static void test_clock_history_help(void **state)
{
    (void)state;
    if (!gl_game_find("onet")) skip();
    fake_ns = 1000;
    gl_play *p = session();
    gl_error err = {0};
    assert_int_equal(gl_play_start_id(p, "onet:level=1,solvable=yes#5", &err), 0);
    char *first = board_of(p);
    gl_move mv[4];
    assert_true(gl_play_game(p)->legal_moves(gl_play_board(p), mv, 4) > 0);
    assert_int_equal(gl_play_move(p, &mv[0], NULL, &err), 0);
    char *after = board_of(p);
    fake_ns += 20000000000ULL; /* 20 s */
    assert_int_equal(gl_play_tick(p, NULL), 0);
    assert_int_equal(gl_play_time_left_ms(p), 160000);
    char *text = save_of(p);
    assert_non_null(strstr(text, "# clock: played=20000 left=160000\n"));
    assert_non_null(strstr(text, "# history: moves=1 at=1\n"));

    fake_ns += 3600000000000ULL; /* closed for an hour: the clock stands */
    gl_play *q = load(text);
    assert_string_equal(gl_play_id(q), "onet:level=1,solvable=yes#5");
    assert_string_equal(gl_play_load_note(q), "");
    assert_int_equal(gl_play_time_left_ms(q), 160000);
    assert_int_equal(gl_play_status(q), GL_PLAYING);
    fake_ns += 2000000000ULL; /* and goes on once loaded */
    assert_int_equal(gl_play_time_left_ms(q), 158000);
    assert_int_equal(gl_play_moves(q), 1);
    assert_int_equal(gl_play_undo(q, &err), 0); /* past the load */
    char *b = board_of(q);
    assert_string_equal(b, first);
    free(b);
    assert_int_equal(gl_play_undo(q, &err), -1);
    assert_int_equal(gl_play_redo(q, &err), 0);
    b = board_of(q);
    assert_string_equal(b, after);
    free(b);
    assert_int_equal(gl_play_assisted(q) + gl_play_hints(q), 0);

    /* a hint, a save, a load: still helped; the same with the solver */
    gl_move m;
    assert_int_equal(gl_play_hint(q, NULL, &m, NULL, &err), GL_HINT_MOVE);
    char *helped = save_of(q);
    assert_non_null(strstr(helped, "# helped: hints=1 solver=no\n"));
    gl_play *r = load(helped);
    assert_int_equal(gl_play_hints(r), 1);
    gl_solution sol;
    gl_solution_init(&sol);
    assert_int_equal(gl_play_solve(r, NULL, &sol, &err), 0);
    gl_solution_free(&sol);
    int moved;
    assert_int_equal(gl_play_solve_step(r, &moved, NULL, &err), 1);
    char *solved = save_of(r);
    gl_play *s = load(solved);
    assert_int_equal(gl_play_assisted(s), 1);
    assert_int_equal(gl_play_hints(s), 1);
    gl_score e;
    assert_int_equal(gl_score_of_play(s, &e, &err), -1);

    /* the time runs out after a load as it would have */
    fake_ns += 200000000000ULL;
    assert_int_equal(gl_play_tick(s, NULL), 1);
    assert_int_equal(gl_play_status(s), GL_LOST);
    char *up = save_of(s);
    assert_non_null(strstr(up, " left=0\n"));
    gl_play *t = load(up);
    assert_int_equal(gl_play_status(t), GL_LOST);
    assert_int_equal(gl_play_time_left_ms(t), 0);
    assert_int_equal(gl_play_move(t, &mv[0], NULL, &err), -1);

    free(first);
    free(after);
    free(text);
    free(helped);
    free(solved);
    free(up);
    gl_play_free(p);
    gl_play_free(q);
    gl_play_free(r);
    gl_play_free(s);
    gl_play_free(t);
}

/* Every game: moves, two undone, a hint; the save of the loaded game is
 * the save it came from, line for line, and both go on alike. */
static void test_every_game(void **state)
{
    (void)state;
    for (int gi = 0; gi < gl_ngames; gi++) {
        const gl_game *g = gl_games[gi];
        fake_ns = 5000;
        gl_play *p = session();
        gl_error err = {0};
        if (gl_play_start_text(p, g, g->presets[0].params, 3, &err) != 0) fail_msg("%s: %s", g->name, err.msg);
        for (int k = 0; k < 6 && gl_play_status(p) == GL_PLAYING; k++) {
            gl_move mv[16];
            int n = g->legal_moves(gl_play_board(p), mv, 16);
            assert_int_equal(gl_play_move(p, &mv[(k * 5) % (n < 16 ? n : 16)], NULL, &err), 0);
            fake_ns += 1500000000ULL;
        }
        int played = gl_play_moves(p);
        for (int k = 0; k < 2 && gl_play_can_undo(p); k++) assert_int_equal(gl_play_undo(p, &err), 0);
        gl_move m;
        if (gl_play_status(p) == GL_PLAYING) gl_play_hint(p, NULL, &m, NULL, &err);
        char *text = save_of(p);
        gl_play *q = load(text);
        char *again = save_of(q);
        if (strcmp(text, again) != 0) fail_msg("%s: the loaded game saves otherwise:\n%s\n---\n%s", g->name, text, again);
        assert_string_equal(gl_play_id(q), gl_play_id(p));
        assert_int_equal(gl_play_moves(q), gl_play_moves(p));
        assert_true(gl_play_elapsed_ms(q) == gl_play_elapsed_ms(p));
        int redo = 0;
        while (gl_play_redo(q, &err) == 0) redo++;
        assert_int_equal(gl_play_moves(q), played);
        for (int k = 0; k < redo; k++) assert_int_equal(gl_play_redo(p, &err), 0);
        if (gl_play_status(p) == GL_PLAYING) { /* the same next move, the same position (rng included) */
            gl_move mv[4];
            assert_true(g->legal_moves(gl_play_board(p), mv, 4) > 0);
            assert_int_equal(gl_play_move(p, &mv[0], NULL, &err), 0);
            assert_int_equal(gl_play_move(q, &mv[0], NULL, &err), 0);
        }
        char *a = board_of(p), *b = board_of(q);
        assert_string_equal(a, b);
        /* and a save is a board file: any board reader takes its position */
        const gl_game *rg;
        gl_board *rb = gl_board_parse_text(text, strlen(text), "save.txt", &rg, &err);
        if (!rb) fail_msg("%s: the save is no board: %s", g->name, err.msg);
        assert_ptr_equal(rg, g);
        g->destroy(rb);
        free(a);
        free(b);
        free(text);
        free(again);
        gl_play_free(p);
        gl_play_free(q);
    }
}

/* A tiles game of the ID's, two moves played. */
static char *tiles_save(void)
{
    fake_ns = 1000;
    gl_play *p = session();
    gl_error err = {0};
    assert_int_equal(gl_play_start_id(p, "tiles:n=3,hop=2,start=standard#1", &err), 0);
    assert_int_equal(gl_play_move_text(p, "5-7", NULL, &err), 0);
    assert_int_equal(gl_play_move_text(p, "3-5", NULL, &err), 0);
    char *text = save_of(p);
    gl_play_free(p);
    return text;
}

/* Plays the game in q to its end with the solver's moves, played as the
 * player's own (so no help is counted): whether its result may enter a
 * table. */
static int enters(gl_play *q)
{
    gl_error err = {0};
    const gl_game *g = gl_play_game(q);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.limit_ms = 5000;
    gl_solution sol;
    gl_solution_init(&sol);
    assert_int_equal(g->solvers[0].solve(gl_play_board(q), &o, &sol, &err), 0);
    gl_board *b = g->clone(gl_play_board(q));
    char names[64][16];
    assert_true(sol.nmoves < 64);
    for (int i = 0; i < sol.nmoves; i++) {
        g->format_move(b, &sol.moves[i], names[i], sizeof names[i]);
        assert_int_equal(g->apply(b, &sol.moves[i], NULL, &err), 0);
    }
    g->destroy(b);
    for (int i = 0; i < sol.nmoves; i++) assert_int_equal(gl_play_move_text(q, names[i], NULL, &err), 0);
    gl_solution_free(&sol);
    assert_int_equal(gl_play_status(q), GL_WON);
    gl_score e;
    int ok = gl_score_of_play(q, &e, &err) == 0;
    if (ok) gl_score_free(&e);
    else assert_non_null(strstr(err.msg, "no ID"));
    return ok;
}

static void test_hand_edited(void **state)
{
    (void)state;
    if (!gl_game_find("tiles")) skip();
    char *text = tiles_save();
    gl_play *q = load(text);
    assert_true(enters(q)); /* as saved: the ID's game */
    gl_play_free(q);

    /* the first position edited, the position with it (its moves lead
     * there): a custom game with its history */
    char *s1 = edited(text, "# start: BBBWWW_", "# start: BWBBWW_");
    char *s = edited(s1, "\nBB_WBWW\n", "\nBW_BBWW\n");
    free(s1);
    q = load(s);
    assert_string_equal(gl_play_id(q), "");
    assert_non_null(strstr(gl_play_load_note(q), "first position is not the board its ID"));
    assert_int_equal(gl_play_moves(q), 2); /* its history kept */
    assert_false(enters(q));
    gl_play_free(q);
    free(s);

    /* a move edited: its moves do not lead to its position */
    s = edited(text, "# move: 3-5", "# move: 1-2");
    q = load(s);
    assert_string_equal(gl_play_id(q), "");
    assert_int_equal(gl_play_can_undo(q), 0);
    assert_non_null(strstr(gl_play_load_note(q), "move 2 (line"));
    gl_play_free(q);
    free(s);

    /* the position edited to a nearly finished one */
    s = edited(text, "\nBB_WBWW\n", "\nWW_WBBB\n");
    q = load(s);
    assert_string_equal(gl_play_id(q), "");
    assert_non_null(strstr(gl_play_load_note(q), "do not lead to its position"));
    assert_int_equal(gl_play_can_undo(q), 0);
    assert_false(enters(q));
    gl_play_free(q);
    free(s);

    /* a first position of another game; one that does not read */
    if (gl_game_find("flood")) {
        q = load("# gridlab save 2\n# history: moves=0 at=0\ntiles\nBBBWWW_\n# start: flood size=2x2 colors=2\n"
                 "# start: 01\n# start: 10\n");
        assert_non_null(strstr(gl_play_load_note(q), "its first position is a flood board"));
        gl_play_free(q);
    }
    q = load("# gridlab save 2\n# history: moves=0 at=0\ntiles\nBBBWWW_\n# start: tiles\n# start: BBXWWW_\n");
    assert_non_null(strstr(gl_play_load_note(q), "its first position does not read: save.txt:6:"));
    gl_play_free(q);

    /* the format before the history: the ID kept above a board edited to
     * a nearly finished one is no 1-move win of that ID */
    q = load("# id: tiles:n=3,hop=2,start=standard#1\ntiles\nWW_WBBB\n");
    assert_string_equal(gl_play_id(q), "");
    assert_non_null(strstr(gl_play_load_note(q), "not the first position of its ID"));
    assert_false(enters(q));
    gl_play_free(q);
    /* ... while the ID's own first board (what `gridlab new` prints) is its game */
    q = load("# id: tiles:n=3,hop=2,start=standard#1\ntiles\nBBBWWW_\n");
    assert_string_equal(gl_play_id(q), "tiles:n=3,hop=2,start=standard#1");
    assert_string_equal(gl_play_load_note(q), "");
    assert_true(enters(q));
    gl_play_free(q);
    free(text);
}

/* Fields that are wrong are refused with their line. */
static void test_bad_fields(void **state)
{
    (void)state;
    if (!gl_game_find("tiles")) skip();
    char *text = tiles_save();
    struct {
        const char *from, *to, *want;
    } cases[] = {
        {"# gridlab save 2", "# gridlab save 3", "save.txt:1: a save of version '3': this gridlab reads version 2"},
        {"# level: 1", "# level: 0", "save.txt:3: level: expected a whole number from 1 to 1000000"},
        {"# level: 1", "# level: 01", "save.txt:3: level: expected"},
        {"# clock: played=", "# clock: played=-", "save.txt:4: played=-"},
        {"# clock: played=", "# clock: speed=1 played=", "save.txt:4: unknown key 'speed'"},
        {"# helped: hints=0 solver=no", "# helped: hints=0 solver=maybe", "save.txt:5: solver=maybe: expected one of no|yes"},
        {"# recorded: no", "# recorded: nope", "save.txt:6: recorded: expected yes or no"},
        {"# history: moves=2 at=2", "# history: moves=2 at=3", "save.txt:7: history: at=3 is past its 2 moves"},
        {"# history: moves=2 at=2", "# history: moves=100001 at=2", "save.txt:7: moves=100001: expected a whole number from 0 to 100000"},
        {"# history: moves=2 at=2", "# history: moves=2", "save.txt:7: history: expected moves=N at=K"},
        {"# history: moves=2 at=2", "# nothing", "save.txt:1: a save without its '# history:' line"},
        {"# recorded: no", "# level: 2", "save.txt:6: 'level:' is given twice (first on line 3)"},
        {"# id: tiles:", "# id: tiles:n=0,", "save.txt:2: game ID"},
        {"# id: tiles", "# id: flood", "save.txt:2: "},
        {"# clock: played=", "# clock: left=5 played=", "save.txt:4: clock: left=5, but the board has no clock"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *s = edited(text, cases[i].from, cases[i].to);
        const char *m = refused(s);
        if (strncmp(m, cases[i].want, strlen(cases[i].want)) != 0) fail_msg("case %zu: %s", i, m);
        free(s);
    }
    free(text);
}

/* A clock read is a clock written (issue 42, item 3): every time played up
 * to 10^12 ms is itself when saved again (it wrapped in the nanoseconds,
 * 18446744073710 was saved back as 0); past it, refused.  Onet's level
 * clock: a time played past its 180 s is time up, left=0, and that save
 * loads again; a clocked save without left= is refused. */
static void test_clock_range(void **state)
{
    (void)state;
    if (gl_game_find("tiles")) {
        char *text = tiles_save();
        const char *played[] = {"1000000000000", "999999999999", "18446744073", "4294967296", "0"};
        for (size_t i = 0; i < sizeof played / sizeof played[0]; i++) {
            char want[64];
            snprintf(want, sizeof want, "# clock: played=%s\n", played[i]);
            char *s = edited(text, "# clock: played=0\n", want);
            gl_play *q = load(s);
            char *again = save_of(q);
            if (!strstr(again, want)) fail_msg("played=%s saved as:\n%.300s", played[i], again);
            gl_play_free(q);
            free(again);
            free(s);
        }
        const char *too_big[] = {"1000000000001", "18446744073710", "1125899906842624"};
        for (size_t i = 0; i < sizeof too_big / sizeof too_big[0]; i++) {
            char bad[64];
            snprintf(bad, sizeof bad, "# clock: played=%s\n", too_big[i]);
            char *s = edited(text, "# clock: played=0\n", bad);
            const char *m = refused(s);
            if (!strstr(m, "save.txt:4: played=") || !strstr(m, "from 0 to 1000000000000"))
                fail_msg("played=%s: %s", too_big[i], m);
            free(s);
        }
        char *s = edited(text, "# clock: played=0\n", "# clock: \n");
        assert_non_null(strstr(refused(s), "save.txt:4: clock: expected played=MS"));
        free(s);
        free(text);
    }
    if (gl_game_find("onet")) {
        fake_ns = 1000;
        gl_play *p = session();
        gl_error err = {0};
        assert_int_equal(gl_play_start_id(p, "onet:level=1,solvable=yes#5", &err), 0);
        char *text = save_of(p);
        gl_play_free(p);
        assert_non_null(strstr(text, "# clock: played=0 left=180000\n"));
        const char *played[] = {"18446744073", "1000000000000", "180000"};
        for (size_t i = 0; i < sizeof played / sizeof played[0]; i++) {
            char edit[80];
            snprintf(edit, sizeof edit, "# clock: played=%s left=0\n", played[i]);
            char *s = edited(text, "# clock: played=0 left=180000\n", edit);
            gl_play *q = load(s);
            assert_int_equal(gl_play_time_left_ms(q), 0);
            char *again = save_of(q);
            if (!strstr(again, edit)) fail_msg("played=%s saved as:\n%.300s", played[i], again);
            gl_play *r = load(again); /* what gridlab writes, it reads */
            gl_play_free(r);
            gl_play_free(q);
            free(again);
            free(s);
        }
        char *s = edited(text, "# clock: played=0 left=180000\n", "# clock: played=5000\n");
        assert_non_null(strstr(refused(s), "save.txt:4: clock: expected played=5000 left=175000"));
        free(s);
        free(text);
    }
}

/* The longest real games load, and the promised limit holds. */
static void test_limits(void **state)
{
    (void)state;
    if (!gl_game_find("lines")) skip();
    /* a 9,000-turn Lines game (the one-move player with 3 colours lasts) */
    fake_ns = 1000;
    gl_play *p = session();
    gl_error err = {0};
    assert_int_equal(gl_play_start_id(p, "lines:size=9x9,colors=3,line=5,spawn=3,rules=klines#1", &err), 0);
    const gl_game *g = gl_play_game(p);
    gl_kvlist opts;
    gl_kv_init(&opts);
    gl_kv_add(&opts, "turns", "9000", 0);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.opts = &opts;
    gl_solution sol;
    gl_solution_init(&sol);
    assert_int_equal(gl_game_solver(g, "greedy")->solve(gl_play_board(p), &o, &sol, &err), 0);
    assert_int_equal(sol.nmoves, 9000);
    for (int i = 0; i < sol.nmoves; i++) assert_int_equal(gl_play_move(p, &sol.moves[i], NULL, &err), 0);
    gl_solution_free(&sol);
    gl_kv_free(&opts);
    assert_int_equal(gl_play_status(p), GL_PLAYING);
    for (int k = 0; k < 100; k++) assert_int_equal(gl_play_undo(p, &err), 0);
    char *text = save_of(p);
    size_t bytes = strlen(text);
    print_message("a 9,000-turn Lines game saves in %zu bytes\n", bytes);
    assert_true(bytes < GL_TEXT_MAX_BYTES);
    gl_play *q = load(text);
    assert_string_equal(gl_play_load_note(q), "");
    assert_int_equal(gl_play_moves(q), 8900);
    assert_int_equal(gl_play_can_redo(q), 1);
    char *again = save_of(q);
    assert_string_equal(again, text);
    free(again);
    gl_play_free(q);
    gl_play_free(p);
    free(text);

    /* more moves than a save holds: refused at the first one too many */
    if (!gl_game_find("tiles")) return;
    gl_strbuf big = GL_STRBUF_INIT;
    gl_sb_puts(&big, "# gridlab save 2\n# history: moves=100000 at=0\ntiles\nBBBWWW_\n");
    for (int i = 0; i <= GL_SAVE_MAX_MOVES; i++) gl_sb_puts(&big, i % 2 ? "# move: 7-6\n" : "# move: 6-7\n");
    const char *m = refused(gl_sb_str(&big));
    assert_string_equal(m, "save.txt:100005: more than 100000 moves (a save holds at most 100000)");
    gl_sb_free(&big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clock_history_help), cmocka_unit_test(test_every_game),
        cmocka_unit_test(test_hand_edited),        cmocka_unit_test(test_bad_fields), cmocka_unit_test(test_clock_range),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
