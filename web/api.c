/* The web page's C API (web/api.h): one play session, driven with numbers
 * and text, reported as JSON.
 *
 * Everything here is a client of the play session, the game table and the
 * tables of best results: it knows no rule of any game, parses no
 * parameter itself and keeps no state of a game the session does not
 * save.  The JSON shapes of a game's table, a hint and a solution are the
 * library's (gl_json_game, gl_json_hint, gl_json_solution), the ones the
 * command line prints. */
#include "api.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gridlab/gridlab.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define GLW_API EMSCRIPTEN_KEEPALIVE
#else
#define GLW_API
#endif

/* Searches in a browser tab keep to this many bytes of tables. */
#define GLW_SEARCH_MEM ((size_t)256 << 20)
/* The longest search a page may ask for. */
#define GLW_SEARCH_MAX_MS 600000.0
/* The most pieces shown coming next (lines spawns at most 9). */
#define GLW_COMING_MAX 16

static gl_play *S;          /* the session */
static gl_error E;          /* the last failure's reason */
static gl_strbuf OUT;       /* the text the last reporting call returned */
static gl_events EV;        /* what the last acting call did */
static gl_move HINT;        /* the last hint */
static int HINT_RESULT = GL_HINT_NONE;
static gl_info HINT_INFO;
static gl_error HINT_WHY;   /* the limit that stopped the last hint */
static gl_solution SOL;     /* the last solver's answer */
static gl_board *SOL_FROM;  /* the position it started from (its moves' names) */

static gl_play *session(void)
{
    if (!S) {
        S = gl_play_new();
        if (!S) {
            fputs("gridlab: out of memory\n", stderr);
            abort();
        }
        gl_events_init(&EV);
        gl_info_init(&HINT_INFO);
        gl_solution_init(&SOL);
    }
    return S;
}

/* Starts an acting call: no reason, no events yet. */
static gl_play *act(void)
{
    gl_play *p = session();
    gl_error_clear(&E);
    gl_events_clear(&EV);
    return p;
}

static int has_game(const gl_play *p)
{
    if (gl_play_game(p)) return 1;
    gl_error_set(&E, "no game: start one first");
    return 0;
}

static void out_begin(gl_json *j)
{
    gl_sb_clear(&OUT);
    gl_json_init(j, &OUT);
}

/* A time asked for by the page: milliseconds within reason, else 0 (the
 * session's default). */
static double sane_ms(double ms) { return isfinite(ms) && ms > 0 && ms <= GLW_SEARCH_MAX_MS ? ms : 0; }

static const char *status_name(gl_status s)
{
    return s == GL_WON ? "won" : s == GL_LOST ? "lost" : "playing";
}

GLW_API const char *glw_error(void) { return E.msg; }

/* ------------------------------------------------------------ the games */

GLW_API const char *glw_games(void)
{
    gl_json j;
    out_begin(&j);
    gl_json_obj_begin(&j);
    gl_json_key(&j, "games");
    gl_json_arr_begin(&j);
    for (int i = 0; i < gl_ngames; i++) gl_json_game(&j, gl_games[i]); /* `gridlab list --json`'s shape */
    gl_json_arr_end(&j);
    /* what each game's cells show, in words (gl_game.cell_words: the
     * names a screen reader reads) */
    gl_json_key(&j, "cell_words");
    gl_json_obj_begin(&j);
    for (int i = 0; i < gl_ngames; i++) {
        gl_json_key(&j, gl_games[i]->name);
        gl_json_str(&j, gl_games[i]->cell_words ? gl_games[i]->cell_words : "");
    }
    gl_json_obj_end(&j);
    gl_json_key(&j, "default");
    gl_json_str(&j, gl_ngames ? gl_games[0]->name : ""); /* the page starts with the first game listed */
    gl_json_obj_end(&j);
    return gl_sb_str(&OUT);
}

/* The rules of game, following the parameters of the board in play when
 * it is of that game (Lines of 4 says "Four or more"), else its defaults. */
GLW_API const char *glw_rules(const char *game)
{
    const gl_game *g = game ? gl_game_find(game) : NULL;
    if (!g) return "";
    gl_sb_clear(&OUT);
    gl_rules_text(g, S, &OUT);
    return gl_sb_str(&OUT);
}

/* ------------------------------------------------------------ starting */

static int seed_of(const char *text, uint64_t *seed)
{
    if (gl_seed_parse(text, seed) != 0)
        return gl_error_set(&E, "the seed '%.30s' is not a whole number from 0 to 18446744073709551615",
                            text ? text : "");
    return 0;
}

static void forget_help(void)
{
    HINT_RESULT = GL_HINT_NONE;
    gl_info_clear(&HINT_INFO);
}

/* Before a call that may replace the game: the solver's answer and the
 * position it started from belong to the game they were of. */
static void drop_solution(void)
{
    if (SOL_FROM && S && gl_play_game(S)) gl_play_game(S)->destroy(SOL_FROM);
    SOL_FROM = NULL;
    gl_solution_free(&SOL);
    gl_solution_init(&SOL);
}

GLW_API int glw_start(const char *game, const char *params, const char *seed)
{
    gl_play *p = act();
    const gl_game *g = game ? gl_game_find(game) : NULL;
    if (!g) return gl_error_set(&E, "no game called '%.40s'", game ? game : "");
    uint64_t s;
    if (seed_of(seed, &s) != 0) return -1;
    drop_solution();
    if (gl_play_start_text(p, g, params, s, &E) != 0) return -1;
    forget_help();
    return 0;
}

/* Whether glw_start would start this game (the custom form is checked
 * before the game in progress is left): 0, or -1 with the same message;
 * the game in progress stays as it is. */
GLW_API int glw_check(const char *game, const char *params, const char *seed)
{
    const gl_game *g = game ? gl_game_find(game) : NULL;
    if (!g) return gl_error_set(&E, "no game called '%.40s'", game ? game : "");
    uint64_t s;
    if (seed_of(seed, &s) != 0) return -1;
    gl_play *scratch = gl_play_new();
    if (!scratch) return gl_error_set(&E, "out of memory");
    int rc = gl_play_start_text(scratch, g, params, s, &E);
    gl_play_free(scratch);
    return rc != 0 ? -1 : 0;
}

GLW_API int glw_start_id(const char *id)
{
    gl_play *p = act();
    drop_solution();
    if (gl_play_start_id(p, id ? id : "", &E) != 0) return -1;
    forget_help();
    return 0;
}

GLW_API const char *glw_id_canon(const char *id)
{
    gl_error_clear(&E);
    gl_sb_clear(&OUT);
    const gl_game *g;
    gl_kvlist params;
    gl_kv_init(&params);
    uint64_t seed;
    if (gl_game_id_parse(id ? id : "", &g, &params, &seed, &E) == 0) gl_game_id(g, &params, seed, &OUT, &E);
    gl_kv_free(&params);
    return gl_sb_str(&OUT);
}

GLW_API int glw_new_game(const char *seed)
{
    gl_play *p = act();
    uint64_t s;
    if (!has_game(p) || seed_of(seed, &s) != 0) return -1;
    drop_solution();
    if (gl_play_new_game(p, s, &E) != 0) return -1;
    forget_help();
    return 0;
}

GLW_API int glw_restart(void)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    drop_solution();
    if (gl_play_restart(p, &E) != 0) return -1;
    forget_help();
    return 0;
}

GLW_API int glw_load(const char *text, const char *name)
{
    gl_play *p = act();
    if (!text) return gl_error_set(&E, "nothing to load");
    drop_solution();
    if (gl_play_load_text(p, text, strlen(text), name && *name ? name : "the saved game", &E) != 0) return -1;
    forget_help();
    return 0;
}

GLW_API const char *glw_save_text(void)
{
    gl_sb_clear(&OUT);
    gl_play_save_text(session(), &OUT);
    return gl_sb_str(&OUT);
}

GLW_API void glw_add_time(double ms)
{
    gl_play *p = session();
    if (gl_play_game(p) && isfinite(ms)) gl_play_add_time(p, ms);
}

/* ------------------------------------------------------------ reading */

GLW_API const char *glw_id(void) { return gl_play_id(session()); }

GLW_API int glw_status(void) { return (int)gl_play_status(session()); }

GLW_API const char *glw_status_line(void)
{
    gl_play *p = session();
    gl_sb_clear(&OUT);
    if (gl_play_game(p)) gl_play_game(p)->status_line(gl_play_board(p), &OUT);
    return gl_sb_str(&OUT);
}

GLW_API const char *glw_cell_name(int r, int c)
{
    static char name[32];
    name[0] = '\0';
    if (r >= 0 && c >= 0 && r < 65536 && c < 65536) gl_cell_format(r, c, name, sizeof name);
    return name;
}

/* The game's parameters as its ID has them (each "" when it has none), and
 * which preset they are (-1: none, or a custom game). */
static void json_params(gl_json *j, const gl_play *p, const gl_game *g)
{
    gl_strbuf canon = GL_STRBUF_INIT;
    gl_error ignored = {0};
    int has = gl_play_id(p)[0] && gl_play_params_key(p, &canon, &ignored) == 0;
    gl_kvlist mine;
    gl_kv_init(&mine);
    gl_params v;
    int read = 0;
    if (has) {
        const gl_kvlist *given = gl_play_params(p);
        for (int i = 0; i < given->n; i++) gl_kv_add(&mine, given->items[i].key, given->items[i].value, 0);
        mine.bare = 1;
        read = gl_params_read(g->params, g->nparams, &mine, &v, &ignored) == 0;
    }
    gl_json_key(j, "params");
    gl_json_obj_begin(j);
    for (int i = 0; i < g->nparams; i++) {
        gl_json_key(j, g->params[i].key);
        gl_json_str(j, read && v.v[i].set ? v.v[i].text : "");
    }
    gl_json_obj_end(j);
    gl_json_key(j, "params_key");
    gl_json_str(j, has ? gl_sb_str(&canon) : "");
    int preset = -1;
    for (int i = 0; has && i < g->npresets && preset < 0; i++) {
        gl_strbuf pc = GL_STRBUF_INIT;
        if (gl_preset_canon(g, &g->presets[i], &pc, NULL) == 0 && strcmp(gl_sb_str(&pc), gl_sb_str(&canon)) == 0)
            preset = i;
        gl_sb_free(&pc);
    }
    gl_json_key(j, "preset");
    gl_json_int(j, preset);
    gl_kv_free(&mine);
    gl_sb_free(&canon);
}

GLW_API const char *glw_state(void)
{
    gl_play *p = session();
    const gl_game *g = gl_play_game(p);
    gl_json j;
    out_begin(&j);
    gl_json_obj_begin(&j);
    if (!g) {
        gl_json_key(&j, "game");
        gl_json_null(&j);
        gl_json_obj_end(&j);
        return gl_sb_str(&OUT);
    }
    const gl_board *b = gl_play_board(p);
    int w, h;
    g->dims(b, &w, &h);
    gl_json_key(&j, "game");
    gl_json_str(&j, g->name);
    gl_json_key(&j, "id");
    gl_json_str(&j, gl_play_id(p));
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)gl_play_seed(p));
    gl_json_key(&j, "seed");
    gl_json_str(&j, seed);
    json_params(&j, p, g);
    gl_json_key(&j, "load_note");
    gl_json_str(&j, gl_play_load_note(p));
    gl_json_key(&j, "w");
    gl_json_int(&j, w);
    gl_json_key(&j, "h");
    gl_json_int(&j, h);

    /* the cells, row by row: symbols as one string, colours, flags, names */
    gl_cell_view *views = malloc(sizeof *views * (size_t)(w * h > 0 ? w * h : 1));
    if (!views) {
        fputs("gridlab: out of memory\n", stderr);
        abort();
    }
    gl_strbuf syms = GL_STRBUF_INIT;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            gl_cell_view *v = &views[r * w + c];
            g->cell(b, r, c, v);
            gl_sb_putc(&syms, v->sym > ' ' && v->sym < 127 ? v->sym : ' ');
        }
    gl_json_key(&j, "syms");
    gl_json_str(&j, gl_sb_str(&syms));
    gl_sb_free(&syms);
    gl_json_key(&j, "colours");
    gl_json_arr_begin(&j);
    for (int i = 0; i < w * h; i++) gl_json_int(&j, views[i].colour);
    gl_json_arr_end(&j);
    gl_json_key(&j, "flags");
    gl_json_arr_begin(&j);
    for (int i = 0; i < w * h; i++) gl_json_int(&j, views[i].flags);
    gl_json_arr_end(&j);
    free(views);
    gl_json_key(&j, "names");
    gl_json_arr_begin(&j);
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) gl_json_str(&j, glw_cell_name(r, c));
    gl_json_arr_end(&j);
    /* the pieces that come next (lines' next balls): symbols and colours */
    gl_cell_view next[GLW_COMING_MAX];
    int ncoming = g->coming ? g->coming(b, next, GLW_COMING_MAX) : 0;
    if (ncoming > GLW_COMING_MAX) ncoming = GLW_COMING_MAX;
    gl_json_key(&j, "coming");
    gl_json_arr_begin(&j);
    for (int i = 0; i < ncoming; i++) {
        char sym[2] = {next[i].sym > ' ' && next[i].sym < 127 ? next[i].sym : ' ', '\0'};
        gl_json_obj_begin(&j);
        gl_json_key(&j, "sym");
        gl_json_str(&j, sym);
        gl_json_key(&j, "colour");
        gl_json_int(&j, next[i].colour);
        gl_json_obj_end(&j);
    }
    gl_json_arr_end(&j);

    gl_strbuf line = GL_STRBUF_INIT;
    g->status_line(b, &line);
    gl_json_key(&j, "status");
    gl_json_str(&j, status_name(gl_play_status(p)));
    gl_json_key(&j, "status_line");
    gl_json_str(&j, gl_sb_str(&line));
    gl_sb_free(&line);
    char words[400];
    gl_play_outcome(p, words, sizeof words);
    gl_json_key(&j, "outcome");
    gl_json_str(&j, words);
    gl_json_key(&j, "moves");
    gl_json_int(&j, gl_play_moves(p));
    gl_json_key(&j, "can_undo");
    gl_json_bool(&j, gl_play_can_undo(p));
    gl_json_key(&j, "can_redo");
    gl_json_bool(&j, gl_play_can_redo(p));
    gl_json_key(&j, "level");
    gl_json_int(&j, gl_play_level(p));
    gl_json_key(&j, "has_next_level");
    gl_json_bool(&j, gl_play_has_next_level(p));
    gl_json_key(&j, "time_left_ms");
    gl_json_int(&j, gl_play_time_left_ms(p));
    gl_json_key(&j, "elapsed_ms");
    gl_json_int(&j, (long long)gl_play_elapsed_ms(p));
    gl_json_key(&j, "score");
    gl_json_int(&j, gl_play_score(p));
    gl_score_format_value(g, g->score_kind, gl_play_score(p), words, sizeof words);
    gl_json_key(&j, "score_text");
    gl_json_str(&j, words);
    gl_json_key(&j, "assisted");
    gl_json_bool(&j, gl_play_assisted(p));
    gl_json_key(&j, "hints");
    gl_json_int(&j, gl_play_hints(p));
    gl_json_key(&j, "recorded");
    gl_json_bool(&j, gl_play_recorded(p));
    gl_json_key(&j, "dirty");
    gl_json_bool(&j, gl_play_dirty(p));
    int nsel;
    const int *sel = gl_play_selection(p, &nsel);
    gl_json_key(&j, "selection");
    gl_json_cells(&j, sel, nsel);
    gl_json_key(&j, "solve_left");
    gl_json_int(&j, gl_play_solve_left(p));
    gl_json_key(&j, "last_move");
    gl_json_str(&j, gl_play_last_move(p));
    gl_json_obj_end(&j);
    return gl_sb_str(&OUT);
}

GLW_API const char *glw_legal_moves(void)
{
    gl_play *p = session();
    const gl_game *g = gl_play_game(p);
    gl_json j;
    out_begin(&j);
    gl_json_arr_begin(&j);
    if (g && gl_play_status(p) == GL_PLAYING) { /* none once the game is over */
        const gl_board *b = gl_play_board(p);
        int cap = 256;
        gl_move *mv = malloc(sizeof *mv * (size_t)cap);
        int n = mv ? g->legal_moves(b, mv, cap) : 0;
        if (mv && n > cap) { /* more than the first guess: all of them */
            gl_move *more = realloc(mv, sizeof *mv * (size_t)n);
            if (more) {
                mv = more;
                cap = n;
                n = g->legal_moves(b, mv, cap);
            }
        }
        char name[64];
        for (int i = 0; i < n && i < cap; i++) {
            g->format_move(b, &mv[i], name, sizeof name);
            gl_json_str(&j, name);
        }
        free(mv);
    }
    gl_json_arr_end(&j);
    return gl_sb_str(&OUT);
}

/* ------------------------------------------------------------ moving */

GLW_API int glw_pick(int r, int c)
{
    gl_play *p = act();
    if (!has_game(p)) return GL_PICK_BAD;
    int moved = 0;
    int rc = gl_play_pick(p, r, c, &moved, &EV, &E);
    if (rc == GL_PICK_MOVED) HINT_RESULT = GL_HINT_NONE;
    return rc;
}

GLW_API void glw_unselect(void) { gl_play_unselect(session()); }

GLW_API int glw_move(const char *text)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    if (gl_play_move_text(p, text ? text : "", &EV, &E) < 0) return -1;
    HINT_RESULT = GL_HINT_NONE;
    return 0;
}

GLW_API int glw_undo(void)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    if (gl_play_undo(p, &E) < 0) return gl_error_set(&E, "nothing to undo");
    HINT_RESULT = GL_HINT_NONE;
    return 0;
}

GLW_API int glw_redo(void)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    if (gl_play_redo(p, &E) < 0) return gl_error_set(&E, "nothing to redo");
    HINT_RESULT = GL_HINT_NONE;
    return 0;
}

GLW_API const char *glw_events(void)
{
    gl_play *p = session();
    gl_json j;
    out_begin(&j);
    gl_json_obj_begin(&j);
    gl_json_key(&j, "events");
    gl_json_arr_begin(&j);
    for (int i = 0; i < EV.n; i++) {
        const gl_event *e = &EV.ev[i];
        gl_json_obj_begin(&j);
        gl_json_key(&j, "kind");
        gl_json_str(&j, gl_event_name(e->kind));
        gl_json_key(&j, "value");
        gl_json_int(&j, e->value);
        gl_json_key(&j, "cells");
        gl_json_cells(&j, gl_event_cells(&EV, e), e->n);
        gl_json_obj_end(&j);
    }
    gl_json_arr_end(&j);
    /* the move's way as neighbouring cells (onet lists corners only) */
    const gl_event *mv = gl_events_find(&EV, GL_EV_MOVE);
    gl_cells chain = {0};
    if (mv && mv->n > 1) gl_cells_chain(gl_event_cells(&EV, mv), mv->n, &chain);
    gl_json_key(&j, "path");
    gl_json_cells(&j, chain.rc, chain.n);
    gl_cells_free(&chain);
    gl_strbuf words = GL_STRBUF_INIT;
    gl_play_describe(p, &EV, &words);
    gl_json_key(&j, "text");
    gl_json_str(&j, gl_sb_str(&words));
    gl_sb_free(&words);
    gl_json_obj_end(&j);
    return gl_sb_str(&OUT);
}

/* ------------------------------------------------------------ help */

/* ms comes from JavaScript: any double.  Not a number, zero or less is
 * the default (0); more than a day is a day. */
static gl_limits search_limits(double ms)
{
    gl_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.limit_ms = sane_ms(ms);
    lim.mem_cap = GLW_SEARCH_MEM;
    return lim;
}

GLW_API int glw_hint(double ms)
{
    gl_play *p = act();
    if (!has_game(p)) return HINT_RESULT = GL_HINT_ERROR;
    gl_limits lim = search_limits(ms);
    gl_info_clear(&HINT_INFO);
    gl_error_clear(&HINT_WHY);
    HINT_RESULT = gl_play_hint(p, &lim, &HINT, &HINT_INFO, &HINT_WHY);
    if (HINT_RESULT == GL_HINT_ERROR) E = HINT_WHY;
    return HINT_RESULT;
}

GLW_API const char *glw_hint_json(void)
{
    gl_play *p = session();
    const gl_game *g = gl_play_game(p);
    gl_json j;
    out_begin(&j);
    if (!g || HINT_RESULT == GL_HINT_ERROR) {
        gl_json_obj_begin(&j);
        gl_json_key(&j, "move");
        gl_json_null(&j);
        gl_json_obj_end(&j);
    } else {
        gl_json_hint(&j, g, gl_play_board(p), HINT_RESULT, &HINT, &HINT_INFO, HINT_WHY.set ? HINT_WHY.msg : NULL);
    }
    return gl_sb_str(&OUT);
}

GLW_API const char *glw_hint_words(void)
{
    gl_play *p = session();
    const gl_game *g = gl_play_game(p);
    gl_sb_clear(&OUT);
    if (g)
        gl_hint_words(g, gl_play_board(p), HINT_RESULT, &HINT, &HINT_INFO, HINT_WHY.set ? HINT_WHY.msg : NULL, &OUT);
    return gl_sb_str(&OUT);
}

GLW_API int glw_solve(double ms)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    drop_solution();
    gl_limits lim = search_limits(ms);
    SOL_FROM = gl_play_game(p)->clone(gl_play_board(p));
    if (!SOL_FROM) return gl_error_set(&E, "out of memory");
    if (gl_play_solve(p, &lim, &SOL, &E) != 0) {
        drop_solution();
        return -1;
    }
    return 0;
}

GLW_API const char *glw_solution_json(void)
{
    gl_play *p = session();
    gl_json j;
    out_begin(&j);
    if (SOL_FROM) {
        const gl_game *g = gl_play_game(p);
        gl_json_solution(&j, g, SOL_FROM, g->nsolvers ? g->solvers[0].name : "", &SOL);
    } else {
        gl_json_obj_begin(&j);
        gl_json_obj_end(&j);
    }
    return gl_sb_str(&OUT);
}

GLW_API int glw_solve_step(void)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    int moved = 0;
    int rc = gl_play_solve_step(p, &moved, &EV, &E);
    if (rc == 1) HINT_RESULT = GL_HINT_NONE;
    return rc;
}

GLW_API int glw_solve_left(void) { return gl_play_solve_left(session()); }

GLW_API void glw_solve_cancel(void) { gl_play_solve_cancel(session()); }

/* ------------------------------------------------------------ levels, clock */

GLW_API int glw_next_level(void)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    drop_solution();
    int r = gl_play_next_level(p, &EV, &E);
    if (r < 0) return -1;
    if (r == 0) return 0;
    forget_help();
    return 1;
}

GLW_API int glw_tick(void)
{
    gl_play *p = act();
    return gl_play_game(p) ? gl_play_tick(p, &EV) : 0;
}

GLW_API void glw_pause(int paused)
{
    gl_play *p = session();
    if (gl_play_game(p)) gl_play_pause(p, paused != 0);
}

/* ------------------------------------------------------------ records */

/* The table in text (the browser's copy), read: 0; 1 when it was damaged
 * (t is empty, why says what was wrong). */
static int read_table(const char *text, gl_scores *t, gl_error *why)
{
    gl_scores_init(t);
    if (!text || !*text) return 0;
    return gl_scores_parse(t, text, strlen(text), "the best results", why) == 0 ? 0 : 1;
}

static void json_damaged(gl_json *j, int damaged, const gl_error *why)
{
    if (!damaged) return;
    gl_json_key(j, "damaged");
    gl_json_str(j, why->msg);
}

/* The table's new text as a member "text". */
static void json_table_text(gl_json *j, const gl_scores *t)
{
    gl_strbuf text = GL_STRBUF_INIT;
    gl_scores_format(t, &text);
    gl_json_key(j, "text");
    gl_json_str(j, gl_sb_str(&text));
    gl_sb_free(&text);
}

GLW_API const char *glw_record(const char *scores)
{
    gl_play *p = session();
    gl_error why = {0}, err = {0};
    gl_scores t;
    int damaged = read_table(scores, &t, &why);
    gl_record rec;
    memset(&rec, 0, sizeof rec);
    rec.rank = -1;
    int rc = gl_play_game(p) ? gl_play_record_table(p, &t, &rec, &err) : 0;
    gl_json j;
    out_begin(&j);
    gl_json_obj_begin(&j);
    gl_json_key(&j, "rank");
    gl_json_int(&j, rc == 0 ? rec.rank : -1);
    char words[400];
    gl_record_words(&rec, words, sizeof words);
    gl_json_key(&j, "words");
    gl_json_str(&j, rc == 0 ? words : err.msg);
    if (rc == 0 && rec.rank >= 0) json_table_text(&j, &t);
    json_damaged(&j, damaged, &why);
    gl_json_obj_end(&j);
    gl_scores_free(&t);
    return gl_sb_str(&OUT);
}

GLW_API const char *glw_records(const char *scores)
{
    gl_play *p = session();
    const gl_game *g = gl_play_game(p);
    gl_error why = {0};
    gl_scores t;
    int damaged = read_table(scores, &t, &why);
    gl_json j;
    out_begin(&j);
    gl_json_obj_begin(&j);
    if (g) {
        gl_strbuf key = GL_STRBUF_INIT;
        gl_error ignored = {0};
        int has = gl_play_params_key(p, &key, &ignored) == 0;
        gl_json_key(&j, "key");
        gl_json_str(&j, has ? gl_sb_str(&key) : "");
        gl_json_key(&j, "kind");
        gl_json_str(&j, g->score_kind == GL_SCORE_MORE ? "more" : g->score_kind == GL_SCORE_TIME ? "time" : "fewer");
        char v[96];
        gl_json_key(&j, "rows");
        gl_json_arr_begin(&j);
        const gl_score *rows[GL_SCORES_KEEP];
        int n = has ? gl_scores_table(&t, g->name, gl_sb_str(&key), rows, GL_SCORES_KEEP) : 0;
        for (int i = 0; i < n; i++) {
            gl_json_obj_begin(&j);
            gl_json_key(&j, "value");
            gl_json_int(&j, rows[i]->value);
            gl_score_format_value(g, rows[i]->kind, rows[i]->value, v, sizeof v);
            gl_json_key(&j, "text");
            gl_json_str(&j, v);
            gl_json_key(&j, "ms");
            gl_json_int(&j, rows[i]->ms);
            gl_json_key(&j, "when");
            gl_json_int(&j, rows[i]->when);
            gl_json_key(&j, "id");
            gl_json_str(&j, rows[i]->id);
            gl_json_obj_end(&j);
        }
        gl_json_arr_end(&j);
        /* the best of the game's other parameter sets */
        gl_json_key(&j, "others");
        gl_json_arr_begin(&j);
        for (int i = 0; i < t.n; i++) {
            const gl_score *e = &t.items[i];
            if (strcmp(e->game, g->name) != 0 || (has && strcmp(e->params, gl_sb_str(&key)) == 0)) continue;
            int seen = 0;
            for (int k = 0; k < i && !seen; k++)
                seen = strcmp(t.items[k].game, e->game) == 0 && strcmp(t.items[k].params, e->params) == 0;
            if (seen) continue;
            const gl_score *top[1];
            gl_scores_table(&t, e->game, e->params, top, 1);
            gl_score_format_value(g, top[0]->kind, top[0]->value, v, sizeof v);
            gl_json_obj_begin(&j);
            gl_json_key(&j, "params");
            gl_json_str(&j, e->params);
            gl_json_key(&j, "text");
            gl_json_str(&j, v);
            gl_json_obj_end(&j);
        }
        gl_json_arr_end(&j);
        gl_json_key(&j, "words");
        gl_json_str(&j, g->score_kind == GL_SCORE_MORE   ? "Most points per board settings."
                        : g->score_kind == GL_SCORE_TIME ? "Fastest clear per board settings."
                                                         : "Fewest per board settings, then the shorter time.");
        gl_sb_free(&key);
    }
    json_damaged(&j, damaged, &why);
    gl_json_obj_end(&j);
    gl_scores_free(&t);
    return gl_sb_str(&OUT);
}

/* ------------------------------------------------------------ the old page's storage */

static const char *jv_str(const gl_jv *obj, const char *key)
{
    const gl_jv *v = obj ? gl_jv_get(obj, key) : NULL;
    return v && v->type == GL_JV_STR ? v->str : NULL;
}

GLW_API int glw_import_old_game(const char *json)
{
    gl_play *p = act();
    gl_jv doc;
    if (gl_jv_parse(json ? json : "", json ? strlen(json) : 0, &doc, &E) != 0) return -1;
    const gl_jv *journal = gl_jv_get(&doc, "journal");
    const gl_jv *hinted = gl_jv_get(&doc, "hinted");
    int rc = 0, steps = 0;
    if (!journal || journal->type != GL_JV_ARR || journal->n == 0) rc = gl_error_set(&E, "no journal");
    drop_solution();
    /* the old page's calls again, in order (steps are the solver's moves;
     * a hint shown since the board began made the game helped) */
    for (size_t i = 0; rc == 0 && i < journal->n; i++) {
        const gl_jv *e = &journal->items[i];
        const char *op = jv_str(e, "op"), *text = jv_str(e, "text");
        if (!op) rc = gl_error_set(&E, "entry %zu has no op", i + 1);
        else if (strcmp(op, "id") == 0) rc = gl_play_start_id(p, jv_str(e, "id") ? jv_str(e, "id") : "", &E);
        else if (strcmp(op, "load") == 0 && text)
            rc = gl_play_load_text(p, text, strlen(text), jv_str(e, "name") ? jv_str(e, "name") : "the saved game", &E);
        else if (!gl_play_game(p)) rc = gl_error_set(&E, "entry %zu (%s) comes before a game", i + 1, op);
        else if (strcmp(op, "move") == 0 || strcmp(op, "step") == 0) {
            rc = gl_play_move_text(p, text ? text : "", NULL, &E) < 0 ? -1 : 0;
            if (rc == 0 && op[0] == 's') steps = 1;
        } else if (strcmp(op, "undo") == 0) rc = gl_play_undo(p, &E) < 0 ? gl_error_set(&E, "nothing to undo") : 0;
        else if (strcmp(op, "redo") == 0) rc = gl_play_redo(p, &E) < 0 ? gl_error_set(&E, "nothing to redo") : 0;
        else if (strcmp(op, "restart") == 0) {
            rc = gl_play_restart(p, &E);
            steps = 0;
        } else if (strcmp(op, "level") == 0) {
            rc = gl_play_next_level(p, NULL, &E) == 1 ? 0 : gl_error_set(&E, "no next level");
            steps = 0;
        } else rc = gl_error_set(&E, "entry %zu: unknown op '%.20s'", i + 1, op);
        if (rc != 0 && !E.set) gl_error_set(&E, "entry %zu (%s) could not be replayed", i + 1, op);
    }
    if (rc == 0) gl_play_mark_helped(p, hinted && hinted->type == GL_JV_BOOL && hinted->b ? 1 : 0, steps);
    gl_jv_free(&doc);
    forget_help();
    return rc == 0 ? 0 : -1;
}

GLW_API const char *glw_import_bests(const char *json, const char *scores)
{
    gl_error why = {0};
    gl_scores t;
    int damaged = read_table(scores, &t, &why);
    gl_jv doc;
    gl_error err = {0};
    int parsed = gl_jv_parse(json ? json : "", json ? strlen(json) : 0, &doc, &err) == 0;
    int ok = parsed && doc.type == GL_JV_OBJ;
    for (size_t i = 0; ok && i < doc.n; i++) {
        /* "GAME:PARAMS" -> {score, id, date}: a result of that table, its
         * time played unknown (0: it came first) */
        const char *key = doc.keys[i], *colon = strchr(key, ':');
        const gl_jv *v = &doc.items[i], *score = gl_jv_get(v, "score");
        const char *id = jv_str(v, "id"), *date = jv_str(v, "date");
        const gl_game *g = NULL;
        char name[32];
        if (colon && (size_t)(colon - key) < sizeof name) {
            memcpy(name, key, (size_t)(colon - key));
            name[colon - key] = '\0';
            g = gl_game_find(name);
        }
        if (!g || !score || score->type != GL_JV_NUM || !id || strlen(id) > GL_ID_MAX) continue;
        gl_score e;
        memset(&e, 0, sizeof e);
        snprintf(e.game, sizeof e.game, "%s", g->name);
        e.kind = g->score_kind;
        e.value = (long long)score->num;
        e.ms = g->score_kind == GL_SCORE_TIME ? e.value : 0;
        struct tm tm;
        memset(&tm, 0, sizeof tm);
        int y, mo, d;
        if (date && sscanf(date, "%4d-%2d-%2d", &y, &mo, &d) == 3) {
            tm.tm_year = y - 1900;
            tm.tm_mon = mo - 1;
            tm.tm_mday = d;
            tm.tm_hour = 12;
            e.when = (long long)mktime(&tm);
        }
        e.params = (char *)(colon + 1);
        e.id = (char *)id;
        gl_scores_add(&t, &e);
    }
    gl_json j;
    out_begin(&j);
    gl_json_obj_begin(&j);
    json_table_text(&j, &t);
    json_damaged(&j, damaged, &why);
    gl_json_obj_end(&j);
    if (parsed) gl_jv_free(&doc);
    gl_scores_free(&t);
    return gl_sb_str(&OUT);
}

/* ------------------------------------------------------------ data files */

GLW_API const char *glw_data_wanted(void) { return gl_data_wanted(); }

GLW_API int glw_data_give(const char *name, const unsigned char *bytes, int len)
{
    if (len < 0 || gl_data_give(name, bytes, (size_t)len) != 0)
        return gl_error_set(&E, "%s: the data file could not be kept (%d bytes)", name ? name : "(no name)", len);
    return 0;
}
