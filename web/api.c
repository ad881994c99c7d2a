/* The web page's C API (web/api.h): one play session, driven with numbers
 * and text, reported as JSON.
 *
 * Everything here is a client of the play session and the game table: it
 * knows no rule of any game.  A hint's cells come from the session's move
 * path (lines' path, onet's link) and, for games whose moves travel
 * nowhere, from the events of the move tried on a copy of the board (the
 * tiles a swap exchanges, the cells a flood colour takes), so the page can
 * draw every game's hint the same way. */
#include "api.h"

#include <stdlib.h>
#include <string.h>

#include "gridlab/gridlab.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define GLW_API EMSCRIPTEN_KEEPALIVE
#else
#define GLW_API
#endif

/* Searches in a browser tab keep to this many bytes of tables. */
#define GLW_SEARCH_MEM ((size_t)256 << 20)

static gl_play *S;          /* the session */
static gl_error E;          /* the last failure's reason */
static gl_strbuf OUT;       /* the text the last reporting call returned */
static gl_events EV;        /* what the last acting call did */
static gl_move HINT;        /* the last hint */
static int HINT_RESULT = GL_HINT_NONE;
static gl_info HINT_INFO;
static gl_solution SOL;     /* the last solver's answer */
static int SOL_DONE;

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

static const char *score_kind_name(gl_score_kind k)
{
    return k == GL_SCORE_FEWER ? "fewer" : k == GL_SCORE_MORE ? "more" : "time";
}

static const char *status_name(gl_status s)
{
    return s == GL_WON ? "won" : s == GL_LOST ? "lost" : "playing";
}

GLW_API const char *glw_error(void) { return E.msg; }

/* "key=value key=value" (a preset's form) into params. */
static int parse_params(const char *text, gl_kvlist *params, gl_error *err)
{
    const char *s = text ? text : "";
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\n') s++;
        if (!*s) break;
        const char *end = s;
        while (*end && *end != ' ' && *end != '\t' && *end != '\n') end++;
        const char *eq = memchr(s, '=', (size_t)(end - s));
        if (!eq || eq == s) return gl_error_set(err, "'%.*s' is not key=value", (int)(end - s), s);
        gl_strbuf key = GL_STRBUF_INIT, value = GL_STRBUF_INIT;
        gl_sb_append(&key, s, (size_t)(eq - s));
        gl_sb_append(&value, eq + 1, (size_t)(end - eq - 1));
        gl_kv_add(params, gl_sb_str(&key), gl_sb_str(&value), 0);
        gl_sb_free(&key);
        gl_sb_free(&value);
        s = end;
    }
    return 0;
}

/* ------------------------------------------------------------ the games */

static const char *param_kind_name(gl_param_kind k)
{
    switch (k) {
    case GL_PARAM_INT: return "int";
    case GL_PARAM_SIZE: return "size";
    case GL_PARAM_CHOICE: return "choice";
    case GL_PARAM_TEXT: return "text";
    }
    return "text";
}

static void json_param(gl_json *j, const gl_param *pm)
{
    gl_json_obj_begin(j);
    gl_json_key(j, "key");
    gl_json_str(j, pm->key);
    gl_json_key(j, "kind");
    gl_json_str(j, param_kind_name(pm->kind));
    gl_json_key(j, "def");
    if (pm->def) gl_json_str(j, pm->def);
    else gl_json_null(j);
    if (pm->kind == GL_PARAM_INT || pm->kind == GL_PARAM_SIZE) {
        gl_json_key(j, "min");
        gl_json_int(j, pm->min);
        gl_json_key(j, "max");
        gl_json_int(j, pm->max);
    }
    if (pm->kind == GL_PARAM_SIZE) {
        gl_json_key(j, "hmin");
        gl_json_int(j, pm->hmin);
        gl_json_key(j, "hmax");
        gl_json_int(j, pm->hmax);
    }
    if (pm->kind == GL_PARAM_CHOICE && pm->choices) {
        gl_json_key(j, "choices");
        gl_json_arr_begin(j);
        const char *c = pm->choices;
        while (*c) {
            const char *bar = strchr(c, '|');
            size_t n = bar ? (size_t)(bar - c) : strlen(c);
            gl_strbuf one = GL_STRBUF_INIT;
            gl_sb_append(&one, c, n);
            gl_json_str(j, gl_sb_str(&one));
            gl_sb_free(&one);
            c += n;
            if (*c == '|') c++;
        }
        gl_json_arr_end(j);
    }
    gl_json_key(j, "help");
    gl_json_str(j, pm->help ? pm->help : "");
    gl_json_obj_end(j);
}

GLW_API const char *glw_games(void)
{
    gl_json j;
    out_begin(&j);
    gl_json_arr_begin(&j);
    for (int i = 0; i < gl_ngames; i++) {
        const gl_game *g = gl_games[i];
        gl_json_obj_begin(&j);
        gl_json_key(&j, "name");
        gl_json_str(&j, g->name);
        gl_json_key(&j, "summary");
        gl_json_str(&j, g->summary);
        gl_json_key(&j, "rules");
        gl_json_str(&j, g->rules ? g->rules : g->summary);
        gl_json_key(&j, "move_help");
        gl_json_str(&j, g->move_help);
        gl_json_key(&j, "status_help");
        if (g->status_help) gl_json_str(&j, g->status_help);
        else gl_json_null(&j);
        gl_json_key(&j, "score_kind");
        gl_json_str(&j, score_kind_name(g->score_kind));
        gl_json_key(&j, "score_name");
        gl_json_str(&j, g->score_name ? g->score_name : "score");
        gl_json_key(&j, "solver");
        if (g->nsolvers > 0) gl_json_str(&j, g->solvers[0].summary);
        else gl_json_null(&j);
        gl_json_key(&j, "params");
        gl_json_arr_begin(&j);
        for (int k = 0; k < g->nparams; k++) json_param(&j, &g->params[k]);
        gl_json_arr_end(&j);
        gl_json_key(&j, "presets");
        gl_json_arr_begin(&j);
        for (int k = 0; k < g->npresets; k++) {
            gl_json_obj_begin(&j);
            gl_json_key(&j, "name");
            gl_json_str(&j, g->presets[k].name);
            gl_json_key(&j, "params");
            gl_json_str(&j, g->presets[k].params);
            /* its PARAMS as IDs write them, to tell which preset a game is */
            gl_json_key(&j, "canon");
            gl_kvlist kv;
            gl_kv_init(&kv);
            gl_strbuf canon = GL_STRBUF_INIT;
            gl_error ignored = {0};
            if (parse_params(g->presets[k].params, &kv, &ignored) == 0 &&
                gl_params_canon(g, &kv, &canon, &ignored) == 0)
                gl_json_str(&j, gl_sb_str(&canon));
            else
                gl_json_null(&j);
            gl_sb_free(&canon);
            gl_kv_free(&kv);
            gl_json_obj_end(&j);
        }
        gl_json_arr_end(&j);
        gl_json_obj_end(&j);
    }
    gl_json_arr_end(&j);
    return gl_sb_str(&OUT);
}

GLW_API const char *glw_rules(const char *game)
{
    const gl_game *g = game ? gl_game_find(game) : NULL;
    if (!g) return "";
    return g->rules ? g->rules : g->summary;
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
    gl_solution_free(&SOL);
    gl_solution_init(&SOL);
    SOL_DONE = 0;
}

GLW_API int glw_start(const char *game, const char *params, const char *seed)
{
    gl_play *p = act();
    const gl_game *g = game ? gl_game_find(game) : NULL;
    if (!g) return gl_error_set(&E, "no game called '%.40s'", game ? game : "");
    uint64_t s;
    if (seed_of(seed, &s) != 0) return -1;
    gl_kvlist kv;
    gl_kv_init(&kv);
    int rc = parse_params(params, &kv, &E);
    if (rc == 0) rc = gl_play_start(p, g, &kv, s, &E);
    gl_kv_free(&kv);
    if (rc == 0) forget_help();
    return rc == 0 ? 0 : -1;
}

GLW_API int glw_start_id(const char *id)
{
    gl_play *p = act();
    if (gl_play_start_id(p, id ? id : "", &E) != 0) return -1;
    forget_help();
    return 0;
}

GLW_API int glw_new_game(const char *seed)
{
    gl_play *p = act();
    uint64_t s;
    if (!has_game(p) || seed_of(seed, &s) != 0) return -1;
    if (gl_play_new_game(p, s, &E) != 0) return -1;
    forget_help();
    return 0;
}

GLW_API int glw_restart(void)
{
    gl_play *p = act();
    if (!has_game(p) || gl_play_restart(p, &E) != 0) return -1;
    forget_help();
    return 0;
}

GLW_API int glw_load(const char *text, const char *name)
{
    gl_play *p = act();
    if (!text) return gl_error_set(&E, "nothing to load");
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
    gl_cell_format(r, c, name, sizeof name);
    return name;
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

    gl_strbuf line = GL_STRBUF_INIT;
    g->status_line(b, &line);
    gl_json_key(&j, "status");
    gl_json_str(&j, status_name(gl_play_status(p)));
    gl_json_key(&j, "status_line");
    gl_json_str(&j, gl_sb_str(&line));
    gl_sb_free(&line);
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
    gl_json_key(&j, "score_kind");
    gl_json_str(&j, score_kind_name(g->score_kind));
    gl_json_key(&j, "assisted");
    gl_json_bool(&j, gl_play_assisted(p));
    gl_json_key(&j, "hints");
    gl_json_int(&j, gl_play_hints(p));
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
    if (g) {
        const gl_board *b = gl_play_board(p);
        int cap = 256;
        gl_move *mv = malloc(sizeof *mv * (size_t)cap);
        int n = mv ? g->legal_moves(b, mv, cap) : 0;
        if (mv && n > cap) {
            cap = n;
            gl_move *more = realloc(mv, sizeof *mv * (size_t)cap);
            if (more) {
                mv = more;
                n = g->legal_moves(b, mv, cap);
            } else {
                n = cap = 256;
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
    if (rc == GL_PICK_MOVED) forget_help();
    return rc;
}

GLW_API void glw_unselect(void) { gl_play_unselect(session()); }

GLW_API int glw_move(const char *text)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    if (gl_play_move_text(p, text ? text : "", &EV, &E) < 0) return -1;
    forget_help();
    return 0;
}

GLW_API int glw_undo(void)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    if (gl_play_undo(p, &E) < 0) return gl_error_set(&E, "nothing to undo");
    forget_help();
    return 0;
}

GLW_API int glw_redo(void)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    if (gl_play_redo(p, &E) < 0) return gl_error_set(&E, "nothing to redo");
    forget_help();
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
    lim.limit_ms = ms > 0 ? (ms < 86400000.0 ? ms : 86400000.0) : 0;
    lim.mem_cap = GLW_SEARCH_MEM;
    return lim;
}

GLW_API int glw_hint(double ms)
{
    gl_play *p = act();
    if (!has_game(p)) return GL_HINT_ERROR;
    gl_limits lim = search_limits(ms);
    gl_info_clear(&HINT_INFO);
    HINT_RESULT = gl_play_hint(p, &lim, &HINT, &HINT_INFO, &E);
    return HINT_RESULT;
}

static void json_info(gl_json *j, const gl_info *info)
{
    gl_json_obj_begin(j);
    gl_json_info(j, info);
    gl_json_obj_end(j);
}

GLW_API const char *glw_hint_json(void)
{
    gl_play *p = session();
    const gl_game *g = gl_play_game(p);
    gl_json j;
    out_begin(&j);
    gl_json_obj_begin(&j);
    gl_json_key(&j, "result");
    gl_json_str(&j, HINT_RESULT == GL_HINT_MOVE      ? "move"
                    : HINT_RESULT == GL_HINT_STOPPED ? "stopped"
                    : HINT_RESULT == GL_HINT_ERROR   ? "error"
                                                     : "none");
    if (HINT_RESULT == GL_HINT_MOVE && g) {
        const gl_board *b = gl_play_board(p);
        char name[64];
        g->format_move(b, &HINT, name, sizeof name);
        gl_json_key(&j, "move");
        gl_json_str(&j, name);
        gl_cells path = {0};
        gl_play_move_cells(p, &HINT, &path);
        gl_json_key(&j, "path");
        gl_json_cells(&j, path.rc, path.n);
        gl_cells_free(&path);
        /* the move tried on a copy: which cells it moves and fills */
        gl_events ev;
        gl_events_init(&ev);
        gl_board *copy = g->clone(b);
        gl_error ignored = {0};
        if (copy && g->apply(copy, &HINT, &ev, &ignored) == 0) {
            const gl_event *mv = gl_events_find(&ev, GL_EV_MOVE);
            const gl_event *fill = gl_events_find(&ev, GL_EV_FILL);
            gl_json_key(&j, "cells");
            if (mv) gl_json_cells(&j, gl_event_cells(&ev, mv), mv->n);
            else gl_json_cells(&j, NULL, 0);
            gl_json_key(&j, "fill");
            if (fill) gl_json_cells(&j, gl_event_cells(&ev, fill), fill->n);
            else gl_json_cells(&j, NULL, 0);
        }
        if (copy) g->destroy(copy);
        gl_events_free(&ev);
        gl_json_key(&j, "info");
        json_info(&j, &HINT_INFO);
    }
    if (HINT_RESULT == GL_HINT_STOPPED || HINT_RESULT == GL_HINT_ERROR) {
        gl_json_key(&j, "reason");
        gl_json_str(&j, E.msg);
    }
    gl_json_obj_end(&j);
    return gl_sb_str(&OUT);
}

GLW_API int glw_solve(double ms)
{
    gl_play *p = act();
    if (!has_game(p)) return -1;
    gl_limits lim = search_limits(ms);
    gl_solution_free(&SOL);
    gl_solution_init(&SOL);
    SOL_DONE = 0;
    if (gl_play_solve(p, &lim, &SOL, &E) != 0) return -1;
    SOL_DONE = 1;
    return 0;
}

GLW_API const char *glw_solution_json(void)
{
    gl_json j;
    out_begin(&j);
    gl_json_obj_begin(&j);
    if (SOL_DONE) {
        gl_json_key(&j, "solved");
        gl_json_bool(&j, SOL.solved);
        gl_json_key(&j, "optimal");
        gl_json_bool(&j, SOL.optimal);
        gl_json_key(&j, "cost");
        gl_json_int(&j, SOL.cost);
        gl_json_key(&j, "moves");
        gl_json_int(&j, SOL.nmoves);
        gl_json_key(&j, "nodes");
        gl_json_uint(&j, SOL.nodes);
        gl_json_key(&j, "ms");
        gl_json_double(&j, SOL.ms);
        gl_json_key(&j, "stopped");
        if (SOL.stopped) gl_json_str(&j, SOL.stopped);
        else gl_json_null(&j);
        gl_json_key(&j, "info");
        json_info(&j, &SOL.info);
    }
    gl_json_obj_end(&j);
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
    if (gl_play_game(p)) gl_play_pause(p, paused);
}
