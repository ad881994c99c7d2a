/* The game interface's contract, checked for every registered game: a
 * game added to the registry is held to it without a line here.
 *
 * For seeded boards of the default parameters and of every preset: the
 * parameter table agrees with create (defaults are the defaults, ranges
 * and choices are enforced, and a file's header refuses a value in the
 * same words), IDs reproduce boards, the text format round
 * trips, every legal move formats, parses back, applies with a move event
 * and keeps the round trip, the cells a player picks for each give it
 * back, the front-end facts agree with the moves, status agrees with the
 * legal moves, and the play session's undo, redo, save, load and restart
 * are exact. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/gridlab.h"

static char *board_text(const gl_game *g, const gl_board *b)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    g->format(b, &sb);
    char *s = strdup(gl_sb_str(&sb));
    gl_sb_free(&sb);
    return s;
}

/* "k=v k=v" -> a list. */
static void add_pairs(gl_kvlist *l, const char *text)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text ? text : "");
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        assert_non_null(eq);
        *eq = '\0';
        gl_kv_add(l, tok, eq + 1, 0);
    }
}

static gl_board *make(const gl_game *g, const char *pairs, uint64_t seed)
{
    gl_kvlist l;
    gl_kv_init(&l);
    add_pairs(&l, pairs);
    gl_error err = {0};
    gl_board *b = gl_game_create(g, &l, seed, &err);
    if (!b) fail_msg("%s %s: %s", g->name, pairs ? pairs : "", err.msg);
    gl_kv_free(&l);
    return b;
}

/* A board of g made with key=value alone (seed 1), or NULL with err set. */
static gl_board *made_with(const gl_game *g, const char *key, const char *value, gl_error *err)
{
    gl_kvlist l;
    gl_kv_init(&l);
    gl_kv_add(&l, key, value, 0);
    gl_board *b = gl_game_create(g, &l, 1, err);
    gl_kv_free(&l);
    return b;
}

static int refused(const gl_game *g, const char *key, const char *value)
{
    gl_error err = {0};
    gl_board *b = made_with(g, key, value, &err);
    if (b) {
        g->destroy(b);
        return 0;
    }
    return err.set && strstr(err.msg, key) != NULL; /* the message names the key */
}

/* What a message says of value after naming it ("... size=1x14: expected
 * WxH ..." or "... --size 1x14: expected WxH ..." -> "expected WxH ..."),
 * or "" when it does not name it. */
static const char *said_of(const char *msg, const char *value)
{
    size_t n = strlen(value);
    for (const char *at = strstr(msg, value); at; at = strstr(at + 1, value))
        if (at > msg && (at[-1] == '=' || at[-1] == ' ') && strncmp(at + n, ": ", 2) == 0) return at + n + 2;
    return "";
}

/* One range statement: key=value, which create refuses, is refused in the
 * same words by parse when the board's header (the first line of plain, a
 * default board's text) keeps that key; the message names the file and
 * the line.  Headers that do not keep the key have nothing to check. */
static void check_header_alike(const gl_game *g, const char *plain, const char *key, const char *value)
{
    gl_error e1 = {0};
    gl_board *b = made_with(g, key, value, &e1);
    if (b) g->destroy(b);
    char pat[80];
    snprintf(pat, sizeof pat, " %s=", key);
    const char *eol = strchr(plain, '\n'), *at = strstr(plain, pat);
    if (b || !at || !eol || at > eol) return;
    const char *end = at + strlen(pat) + strcspn(at + strlen(pat), " \n");
    size_t len = strlen(plain) + strlen(value) + 1;
    char *text = malloc(len);
    assert_non_null(text);
    snprintf(text, len, "%.*s%s%s", (int)(at + strlen(pat) - plain), plain, value, end);
    const gl_game *pg = NULL;
    gl_error e2 = {0};
    gl_board *c = gl_board_parse_text(text, strlen(text), "contract", &pg, &e2);
    if (c) fail_msg("%s: create refuses %s=%s, a header takes it", g->name, key, value);
    if (strncmp(e2.msg, "contract:1: ", 12) != 0 || *said_of(e1.msg, value) == '\0' ||
        strcmp(said_of(e1.msg, value), said_of(e2.msg, value)) != 0)
        fail_msg("%s: %s=%s: create says '%s', a header '%s'", g->name, key, value, e1.msg, e2.msg);
    free(text);
}

/* The parameter table says what create does. */
static void check_params(const gl_game *g)
{
    assert_true(g->nparams > 0);
    assert_true(g->npresets > 0);
    assert_non_null(g->rules);
    if (g->nsolvers > 0) assert_non_null(g->solve_words); /* what Solve does, for the front ends' help */
    assert_true(g->score_kind == GL_SCORE_TIME || g->score != NULL);
    /* status_help, when there is one: lines "FIGURE: meaning" that help
     * pages split at the first ": " */
    for (const char *line = g->status_help; line && *line;) {
        size_t n = strcspn(line, "\n");
        const char *colon = strstr(line, ": ");
        if (!colon || colon >= line + n || colon == line || colon + 2 >= line + n)
            fail_msg("%s: status_help line '%.*s' is not 'FIGURE: meaning'", g->name, (int)n, line);
        line += n + (line[n] == '\n');
    }
    char *plain = NULL;
    {
        gl_board *b = make(g, NULL, 5);
        plain = board_text(g, b);
        g->destroy(b);
    }
    for (int i = 0; i < g->nparams; i++) {
        const gl_param *p = &g->params[i];
        char pair[128], v[64];
        if (p->def) { /* the default written out makes the same board */
            snprintf(pair, sizeof pair, "%s=%s", p->key, p->def);
            gl_board *b = make(g, pair, 5);
            char *t = board_text(g, b);
            if (strcmp(t, plain) != 0) fail_msg("%s: %s is not the default", g->name, pair);
            free(t);
            g->destroy(b);
        }
        switch (p->kind) {
        case GL_PARAM_INT:
            snprintf(v, sizeof v, "%lld", p->min - 1);
            if (!refused(g, p->key, v)) fail_msg("%s: %s=%s accepted", g->name, p->key, v);
            check_header_alike(g, plain, p->key, v);
            snprintf(v, sizeof v, "%lld", p->max + 1);
            if (!refused(g, p->key, v)) fail_msg("%s: %s=%s accepted", g->name, p->key, v);
            check_header_alike(g, plain, p->key, v);
            break;
        case GL_PARAM_SIZE:
            snprintf(v, sizeof v, "%lldx%lld", p->max + 1, p->hmin);
            if (!refused(g, p->key, v)) fail_msg("%s: %s=%s accepted", g->name, p->key, v);
            check_header_alike(g, plain, p->key, v);
            snprintf(v, sizeof v, "%lldx%lld", p->min, p->hmax + 1);
            if (!refused(g, p->key, v)) fail_msg("%s: %s=%s accepted", g->name, p->key, v);
            check_header_alike(g, plain, p->key, v);
            snprintf(v, sizeof v, "%lldx%lld", p->min - 1, p->hmin); /* flood's 1x3 */
            if (!refused(g, p->key, v)) fail_msg("%s: %s=%s accepted", g->name, p->key, v);
            check_header_alike(g, plain, p->key, v);
            snprintf(v, sizeof v, "%lldx%lld", p->min, p->hmin - 1);
            if (!refused(g, p->key, v)) fail_msg("%s: %s=%s accepted", g->name, p->key, v);
            check_header_alike(g, plain, p->key, v);
            break;
        case GL_PARAM_CHOICE:
            if (!refused(g, p->key, "bogus")) fail_msg("%s: %s=bogus accepted", g->name, p->key);
            check_header_alike(g, plain, p->key, "bogus");
            break;
        case GL_PARAM_TEXT:
            if (!refused(g, p->key, "a,b")) fail_msg("%s: %s=a,b accepted", g->name, p->key);
            break;
        case GL_PARAM_LIST: { /* numbers as strict as anywhere: a leading zero, too few, too many */
            char list[96] = "";
            for (long long k = 0; k < p->hmax; k++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%lld", k ? "," : "", p->min);
            char zero[100];
            snprintf(zero, sizeof zero, "0%s", list);
            if (p->min >= 0 && !refused(g, p->key, zero)) fail_msg("%s: %s=%s accepted", g->name, p->key, zero);
            if (p->min >= 0) check_header_alike(g, plain, p->key, zero);
            snprintf(v, sizeof v, "%s,%lld", list, p->min);
            if (!refused(g, p->key, v)) fail_msg("%s: %s=%s accepted", g->name, p->key, v);
            check_header_alike(g, plain, p->key, v);
            snprintf(v, sizeof v, "%lld", p->max + 1);
            if (!refused(g, p->key, v)) fail_msg("%s: %s=%s accepted", g->name, p->key, v);
            check_header_alike(g, plain, p->key, v);
            break;
        }
        }
        /* what it takes, in words, for help pages and forms */
        gl_strbuf takes = GL_STRBUF_INIT;
        gl_param_describe(p, &takes);
        assert_true(takes.len > 0);
        gl_sb_free(&takes);
    }
    /* the first preset is the default game: the same PARAMS as no parameter at all */
    gl_strbuf first = GL_STRBUF_INIT, none = GL_STRBUF_INIT;
    gl_kvlist empty;
    gl_kv_init(&empty);
    assert_int_equal(gl_preset_canon(g, &g->presets[0], &first, NULL), 0);
    assert_int_equal(gl_params_canon(g, &empty, &none, NULL), 0);
    if (strcmp(gl_sb_str(&first), gl_sb_str(&none)) != 0)
        fail_msg("%s: the first preset '%s' is not the default game '%s'", g->name, gl_sb_str(&first), gl_sb_str(&none));
    gl_sb_free(&first);
    gl_sb_free(&none);
    /* every preset is a game with an ID */
    for (int i = 0; i < g->npresets; i++) {
        gl_strbuf c = GL_STRBUF_INIT;
        gl_error e = {0};
        if (gl_preset_canon(g, &g->presets[i], &c, &e) != 0)
            fail_msg("%s: preset '%s': %s", g->name, g->presets[i].name, e.msg);
        gl_sb_free(&c);
    }
    /* a key not in the table is refused, by create and by the ID */
    assert_true(refused(g, "no-such-key", "1"));
    free(plain);
}

/* Text round trip: format, parse, format again. */
static void check_round_trip(const gl_game *g, const gl_board *b)
{
    char *t = board_text(g, b);
    const gl_game *pg = NULL;
    gl_error err = {0};
    gl_board *c = gl_board_parse_text(t, strlen(t), "contract", &pg, &err);
    if (!c) fail_msg("%s: its own text does not parse: %s\n%s", g->name, err.msg, t);
    assert_ptr_equal(pg, g);
    char *t2 = board_text(g, c);
    assert_string_equal(t, t2);
    g->destroy(c);
    free(t);
    free(t2);
}

/* An ID names the board that its parameters and seed make. */
static void check_id(const gl_game *g, const char *pairs, uint64_t seed)
{
    gl_kvlist l;
    gl_kv_init(&l);
    add_pairs(&l, pairs);
    gl_strbuf id = GL_STRBUF_INIT;
    gl_error err = {0};
    if (gl_game_id(g, &l, seed, &id, &err) != 0) fail_msg("%s %s: no ID: %s", g->name, pairs, err.msg);
    gl_board *b = make(g, pairs, seed);
    const gl_game *ig;
    gl_kvlist ip;
    gl_kv_init(&ip);
    uint64_t iseed;
    if (gl_game_id_parse(gl_sb_str(&id), &ig, &ip, &iseed, &err) != 0)
        fail_msg("%s: its ID %s does not parse: %s", g->name, gl_sb_str(&id), err.msg);
    assert_ptr_equal(ig, g);
    assert_true(iseed == seed);
    gl_board *c = gl_game_create(g, &ip, iseed, &err);
    if (!c) fail_msg("%s: the ID %s makes no board: %s", g->name, gl_sb_str(&id), err.msg);
    char *t1 = board_text(g, b), *t2 = board_text(g, c);
    if (strcmp(t1, t2) != 0) fail_msg("%s: the ID %s makes another board", g->name, gl_sb_str(&id));
    /* the canonical form is a fixed point */
    gl_strbuf id2 = GL_STRBUF_INIT;
    assert_int_equal(gl_game_id(g, &ip, iseed, &id2, &err), 0);
    assert_string_equal(gl_sb_str(&id), gl_sb_str(&id2));
    free(t1);
    free(t2);
    g->destroy(b);
    g->destroy(c);
    gl_kv_free(&l);
    gl_kv_free(&ip);
    gl_sb_free(&id);
    gl_sb_free(&id2);
}

/* Every legal move (up to a cap) formats, parses back to a move that does
 * the same, applies with a move event first, and leaves a board that
 * round-trips; status agrees with whether there are moves. */
static void check_moves(const gl_game *g, const gl_board *b)
{
    enum { CAP = 64 };
    gl_move moves[CAP];
    int n = g->legal_moves(b, moves, CAP);
    gl_status st = g->status(b);
    if (st != GL_PLAYING) assert_int_equal(n, 0);
    if (n == 0) assert_true(st != GL_PLAYING);
    for (int i = 0; i < n && i < CAP; i++) {
        char text[64];
        g->format_move(b, &moves[i], text, sizeof text);
        gl_move parsed;
        gl_error err = {0};
        if (g->parse_move(b, text, &parsed, &err) != 0) fail_msg("%s: move %s does not parse: %s", g->name, text, err.msg);
        gl_board *x = g->clone(b), *y = g->clone(b);
        gl_events ev;
        gl_events_init(&ev);
        if (g->apply(x, &moves[i], &ev, &err) != 0) fail_msg("%s: legal move %s refused: %s", g->name, text, err.msg);
        assert_true(ev.n > 0);
        assert_int_equal(ev.ev[0].kind, GL_EV_MOVE);
        assert_int_equal(g->apply(y, &parsed, NULL, &err), 0);
        char *tx = board_text(g, x), *ty = board_text(g, y);
        if (strcmp(tx, ty) != 0) fail_msg("%s: %s parsed back is another move", g->name, text);
        if (g->move_path) {
            int k = g->move_path(b, &moves[i], NULL, 0);
            assert_true(k >= 0);
            if (k > 0) { /* at most max written: a guard after the room given stays */
                int *rc = malloc(sizeof(int) * 2 * ((size_t)k + 1));
                rc[2 * k - 2] = -77;
                rc[2 * k] = rc[2 * k + 1] = 12345;
                assert_int_equal(g->move_path(b, &moves[i], rc, k), k);
                assert_int_equal(rc[2 * k], 12345);
                free(rc);
            }
        }
        check_round_trip(g, x);
        free(tx);
        free(ty);
        gl_events_free(&ev);
        g->destroy(x);
        g->destroy(y);
    }
    /* an illegal move changes nothing */
    gl_move bad = {-5, -7, 0};
    char *before = board_text(g, b);
    gl_board *x = g->clone(b);
    gl_error err = {0};
    if (g->apply(x, &bad, NULL, &err) == 0) fail_msg("%s: a move off the board applied", g->name);
    assert_true(err.set);
    char *after = board_text(g, x);
    assert_string_equal(before, after);
    free(before);
    free(after);
    g->destroy(x);
}

/* The cells a player picks for a move (picks) give the move back through
 * select, which wants more on every shorter prefix; the front-end facts
 * agree with the moves: GL_FRONT_KEYS exactly when every move is one
 * character, a way that runs off the board only with GL_FRONT_RING, and
 * with GL_FRONT_DRAG a way from the first pick along one row or column.
 * At least one legal move can be picked.  */
static void check_picks(const gl_game *g, const gl_board *b)
{
    enum { CAP = 64 };
    assert_non_null(g->picks);
    assert_non_null(g->select);
    gl_move moves[CAP];
    int n = g->legal_moves(b, moves, CAP), picked = 0, w, h;
    g->dims(b, &w, &h);
    for (int i = 0; i < n && i < CAP; i++) {
        char text[64], back[64];
        g->format_move(b, &moves[i], text, sizeof text);
        if (((g->front & GL_FRONT_KEYS) != 0) != (text[0] && !text[1]))
            fail_msg("%s: the move %s %s one character but GL_FRONT_KEYS is %s", g->name, text,
                     text[1] ? "is not" : "is", g->front & GL_FRONT_KEYS ? "set" : "not set");
        int rc[2 * GL_PICKS_MAX + 2];
        rc[2 * GL_PICKS_MAX] = 12345;
        int k = g->picks(b, &moves[i], rc);
        assert_true(k >= 0 && k <= GL_PICKS_MAX);
        assert_int_equal(rc[2 * GL_PICKS_MAX], 12345);
        for (int j = 0; j < k; j++) {
            gl_move m;
            gl_error err = {0};
            if (rc[2 * j] < 0 || rc[2 * j] >= h || rc[2 * j + 1] < 0 || rc[2 * j + 1] >= w)
                fail_msg("%s: pick %d of %s is off the board", g->name, j + 1, text);
            int sel = g->select(b, rc, j + 1, &m, &err);
            if (j + 1 < k && sel != 0)
                fail_msg("%s: %d of the %d picks of %s give %d, not 0 (more wanted): %s", g->name, j + 1, k, text, sel,
                         err.msg);
            if (j + 1 == k) {
                if (sel != 1) fail_msg("%s: the picks of %s select no move: %s", g->name, text, err.msg);
                g->format_move(b, &m, back, sizeof back);
                if (strcmp(text, back) != 0) fail_msg("%s: the picks of %s select %s", g->name, text, back);
            }
        }
        picked += k > 0;
        if (g->front & GL_FRONT_DRAG) {
            if (!g->move_path || k < 1) fail_msg("%s: GL_FRONT_DRAG without a way or a pick for %s", g->name, text);
            int way[2 * 64];
            int len = g->move_path(b, &moves[i], way, 64);
            if (len < 2 || len > 64 || way[0] != rc[0] || way[1] != rc[1] ||
                (way[2 * len - 2] != way[0] && way[2 * len - 1] != way[1]))
                fail_msg("%s: GL_FRONT_DRAG, but %s is no way from its first pick along a row or column", g->name,
                         text);
        }
        if (g->move_path && !(g->front & GL_FRONT_RING)) {
            int len = g->move_path(b, &moves[i], NULL, 0);
            int *way = malloc(sizeof(int) * 2 * ((size_t)len + 1));
            g->move_path(b, &moves[i], way, len);
            for (int j = 0; j < len; j++)
                if (way[2 * j] < 0 || way[2 * j] >= h || way[2 * j + 1] < 0 || way[2 * j + 1] >= w)
                    fail_msg("%s: the way of %s leaves the board without GL_FRONT_RING", g->name, text);
            free(way);
        }
    }
    if (n > 0) assert_true(picked > 0);
}

/* The play session over a game: moves along the legal list, undo to the
 * start and redo to the end exactly, save and load keep the position and
 * the ID, and the same next move on both gives the same board (the rng is
 * in the save). */
static void check_session(const gl_game *g, const char *pairs, uint64_t seed)
{
    gl_kvlist l;
    gl_kv_init(&l);
    add_pairs(&l, pairs);
    gl_play *p = gl_play_new();
    gl_error err = {0};
    if (gl_play_start(p, g, &l, seed, &err) != 0) fail_msg("%s: %s", g->name, err.msg);
    gl_kv_free(&l);
    assert_true(gl_play_id(p)[0] != '\0');
    char *start = board_text(g, gl_play_board(p));
    int played = 0;
    for (int k = 0; k < 12 && gl_play_status(p) == GL_PLAYING; k++) {
        gl_move mv[16];
        int n = g->legal_moves(gl_play_board(p), mv, 16);
        if (n == 0) break;
        gl_events ev;
        gl_events_init(&ev);
        int rc = gl_play_move(p, &mv[(k * 7) % (n < 16 ? n : 16)], &ev, &err);
        if (rc != 0) fail_msg("%s: session move refused: %s", g->name, err.msg);
        assert_int_equal(ev.ev[0].kind, GL_EV_MOVE);
        gl_events_free(&ev);
        played++;
    }
    assert_int_equal(gl_play_moves(p), played);
    assert_int_equal(gl_play_dirty(p), played > 0);
    char *end = board_text(g, gl_play_board(p));
    for (int k = 0; k < played; k++) assert_int_equal(gl_play_undo(p, &err), 0);
    assert_int_equal(gl_play_undo(p, &err), -1);
    char *t = board_text(g, gl_play_board(p));
    assert_string_equal(t, start);
    free(t);
    for (int k = 0; k < played; k++) assert_int_equal(gl_play_redo(p, &err), 0);
    assert_int_equal(gl_play_redo(p, &err), -1);
    t = board_text(g, gl_play_board(p));
    assert_string_equal(t, end);
    free(t);

    /* save and load */
    gl_strbuf save = GL_STRBUF_INIT;
    gl_play_save_text(p, &save);
    gl_play *q = gl_play_new();
    if (gl_play_load_text(q, save.data, save.len, "save.txt", &err) != 0) fail_msg("%s: load: %s", g->name, err.msg);
    assert_string_equal(gl_play_id(q), gl_play_id(p));
    t = board_text(g, gl_play_board(q));
    assert_string_equal(t, end);
    free(t);
    if (gl_play_status(p) == GL_PLAYING) {
        gl_move mv[4];
        int n = g->legal_moves(gl_play_board(p), mv, 4);
        assert_true(n > 0);
        assert_int_equal(gl_play_move(p, &mv[0], NULL, &err), 0);
        assert_int_equal(gl_play_move(q, &mv[0], NULL, &err), 0);
        char *a = board_text(g, gl_play_board(p)), *b = board_text(g, gl_play_board(q));
        assert_string_equal(a, b);
        free(a);
        free(b);
    }
    /* restart: the ID's first position, from a loaded game too */
    assert_int_equal(gl_play_restart(q, &err), 0);
    t = board_text(g, gl_play_board(q));
    assert_string_equal(t, start);
    free(t);
    assert_int_equal(gl_play_moves(q), 0);
    /* and the ID alone makes that first position */
    gl_play *r = gl_play_new();
    if (gl_play_start_id(r, gl_play_id(p), &err) != 0) fail_msg("%s: start from ID: %s", g->name, err.msg);
    t = board_text(g, gl_play_board(r));
    assert_string_equal(t, start);
    free(t);
    gl_play_free(r);
    gl_play_free(q);
    gl_sb_free(&save);
    free(start);
    free(end);
    gl_play_free(p);
}

/* The pieces that come next, where the game shows them: each a symbol
 * and a colour, as a board's cell; at most max written. */
static void check_coming(const gl_game *g, const gl_board *b)
{
    if (!g->coming) return;
    gl_cell_view v[17];
    memset(v, 0x5a, sizeof v);
    int n = g->coming(b, v, 16);
    assert_true(n >= 0 && n <= 16);
    for (int i = 0; i < n; i++) {
        assert_true(v[i].sym > ' ' && v[i].sym < 127);
        assert_true(v[i].colour > 0);
    }
    assert_int_equal(v[16].sym, 0x5a);
    if (n > 1) assert_int_equal(g->coming(b, v, 1), n); /* the whole count, one written */
}

/* A hint, where the game gives one quickly, is a legal move. */
static void check_hint(const gl_game *g, const gl_board *b)
{
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.limit_ms = 2000;
    gl_move m;
    gl_info info;
    gl_info_init(&info);
    gl_error err = {0};
    int r = gl_hint_board(g, b, &o, &m, &info, &err);
    if (r == GL_HINT_ERROR) fail_msg("%s: hint: %s", g->name, err.msg);
    if (g->status(b) != GL_PLAYING) assert_int_equal(r, GL_HINT_NONE);
    if (r == GL_HINT_MOVE) {
        gl_board *x = g->clone(b);
        if (g->apply(x, &m, NULL, &err) != 0) fail_msg("%s: the hint is not a legal move: %s", g->name, err.msg);
        g->destroy(x);
    }
    if (r == GL_HINT_STOPPED) assert_true(err.set);
    gl_info_free(&info);
}

static void check_game(const gl_game *g)
{
    check_params(g);
    const uint64_t seeds[] = {1, 7, 12345678901234567ULL};
    for (int pi = -1; pi < g->npresets; pi++) {
        const char *pairs = pi < 0 ? NULL : g->presets[pi].params;
        for (size_t si = 0; si < sizeof seeds / sizeof seeds[0]; si++) {
            gl_board *b = make(g, pairs, seeds[si]);
            check_round_trip(g, b);
            check_id(g, pairs, seeds[si]);
            check_moves(g, b);
            check_picks(g, b);
            check_coming(g, b);
            if (si == 0) {
                check_session(g, pairs, seeds[si]);
                check_hint(g, b);
            }
            g->destroy(b);
        }
    }
}

static void test_every_game(void **state)
{
    (void)state;
    assert_true(gl_ngames > 0);
    for (int i = 0; i < gl_ngames; i++) {
        print_message("contract: %s\n", gl_games[i]->name);
        check_game(gl_games[i]);
    }
}

/* IDs that are wrong say which part is. */
static void test_bad_ids(void **state)
{
    (void)state;
    const gl_game *g;
    gl_kvlist l;
    uint64_t seed;
    gl_error err = {0};
    const char *cases[][2] = {
        {"nosuchgame:a=1#3", "no game 'nosuchgame'"},
        {"#3", "expected GAME:PARAMS#SEED"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gl_kv_init(&l);
        gl_error_clear(&err);
        assert_int_equal(gl_game_id_parse(cases[i][0], &g, &l, &seed, &err), -1);
        if (!strstr(err.msg, cases[i][1])) fail_msg("%s: %s", cases[i][0], err.msg);
        gl_kv_free(&l);
    }
    /* the rest need a game: the first registered one */
    const gl_game *g0 = gl_games[0];
    char id[256];
    const char *tails[][2] = {
        {":%s=1", "the seed is missing"},
        {"#x7", "the seed 'x7'"},
        {"#07", "the seed '07'"},
        {"#18446744073709551616", "the seed"},
        {":nokey=1#3", "no parameter 'nokey'"},
        {":novalue#3", "not key=value"},
    };
    for (size_t i = 0; i < sizeof tails / sizeof tails[0]; i++) {
        snprintf(id, sizeof id, "%s", g0->name);
        size_t n = strlen(id);
        snprintf(id + n, sizeof id - n, tails[i][0], g0->params[0].key);
        gl_kv_init(&l);
        gl_error_clear(&err);
        assert_int_equal(gl_game_id_parse(id, &g, &l, &seed, &err), -1);
        if (!strstr(err.msg, tails[i][1])) fail_msg("%s: %s", id, err.msg);
        gl_kv_free(&l);
    }
    /* match3's scores: a list of numbers as strict as any number (a leading
     * zero would give the same game a second ID, and a second record table) */
    if (gl_game_find("match3")) {
        const char *lists[] = {"match3:scores=01,4,10#1", "match3:scores=1,04,10#1", "match3:scores=1,4#1",
                               "match3:scores=1,4,10,20#1", "match3:scores=1,+4,10#1", "match3:scores=1,,10#1"};
        for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
            gl_kv_init(&l);
            gl_error_clear(&err);
            assert_int_equal(gl_game_id_parse(lists[i], &g, &l, &seed, &err), -1);
            if (!strstr(err.msg, "scores=")) fail_msg("%s: %s", lists[i], err.msg);
            gl_kv_free(&l);
        }
        gl_kv_init(&l);
        assert_int_equal(gl_game_id_parse("match3:scores=1,4,10#1", &g, &l, &seed, &err), 0);
        gl_kv_free(&l);
    }
    /* a value out of its range names the parameter */
    const gl_param *p = NULL;
    for (int i = 0; i < g0->nparams && !p; i++)
        if (g0->params[i].kind == GL_PARAM_INT) p = &g0->params[i];
    if (p) {
        snprintf(id, sizeof id, "%s:%s=%lld#3", g0->name, p->key, p->max + 1);
        gl_kv_init(&l);
        assert_int_equal(gl_game_id_parse(id, &g, &l, &seed, &err), -1);
        assert_non_null(strstr(err.msg, p->key));
        gl_kv_free(&l);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_game),
        cmocka_unit_test(test_bad_ids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
