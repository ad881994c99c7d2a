/* The JSON shapes every front end shares: a game's table (`gridlab list
 * --json`, the page's game list), a solver's answer (`solve --json`, the
 * page's solver) and a hint (`hint --json`, the page's hint).  One
 * function per thing, so the command line and the page cannot drift
 * apart. */
#include "session.h"

#include <stdlib.h>
#include <string.h>

static const char *const param_kinds[] = {NULL, "int", "size", "choice", "text", "list"};

void gl_json_param(gl_json *j, const gl_param *p)
{
    gl_json_obj_begin(j);
    gl_json_key(j, "key");
    gl_json_str(j, p->key);
    gl_json_key(j, "kind");
    gl_json_str(j, p->kind >= GL_PARAM_INT && p->kind <= GL_PARAM_LIST ? param_kinds[p->kind] : "text");
    gl_json_key(j, "def");
    if (p->def) gl_json_str(j, p->def);
    else gl_json_null(j);
    if (p->kind == GL_PARAM_INT || p->kind == GL_PARAM_SIZE || p->kind == GL_PARAM_LIST) {
        gl_json_key(j, "min");
        gl_json_int(j, p->min);
        gl_json_key(j, "max");
        gl_json_int(j, p->max);
    }
    if (p->kind == GL_PARAM_SIZE) {
        gl_json_key(j, "hmin");
        gl_json_int(j, p->hmin);
        gl_json_key(j, "hmax");
        gl_json_int(j, p->hmax);
    }
    if (p->kind == GL_PARAM_LIST) {
        gl_json_key(j, "count_min");
        gl_json_int(j, p->hmin);
        gl_json_key(j, "count_max");
        gl_json_int(j, p->hmax);
    }
    if ((p->kind == GL_PARAM_CHOICE || p->kind == GL_PARAM_TEXT) && p->choices) {
        gl_json_key(j, "choices");
        gl_json_arr_begin(j);
        for (const char *c = p->choices; *c;) {
            size_t n = strcspn(c, "|");
            gl_strbuf one = GL_STRBUF_INIT;
            gl_sb_append(&one, c, n);
            gl_json_str(j, gl_sb_str(&one));
            gl_sb_free(&one);
            c += n + (c[n] == '|');
        }
        gl_json_arr_end(j);
    }
    gl_json_key(j, "takes");
    gl_strbuf takes = GL_STRBUF_INIT;
    gl_param_describe(p, &takes);
    gl_json_str(j, gl_sb_str(&takes));
    gl_sb_free(&takes);
    gl_json_key(j, "in_id");
    gl_json_bool(j, !(p->flags & GL_PARAM_NOT_IN_ID));
    gl_json_key(j, "help");
    gl_json_str(j, p->help ? p->help : "");
    gl_json_obj_end(j);
}

static const char *score_kind_name(gl_score_kind k)
{
    return k == GL_SCORE_FEWER ? "fewer" : k == GL_SCORE_MORE ? "more" : "time";
}

void gl_json_game(gl_json *j, const gl_game *g)
{
    gl_json_obj_begin(j);
    gl_json_key(j, "name");
    gl_json_str(j, g->name);
    gl_json_key(j, "summary");
    gl_json_str(j, g->summary);
    gl_json_key(j, "rules");
    gl_strbuf rules = GL_STRBUF_INIT;
    gl_rules_text(g, NULL, &rules);
    gl_json_str(j, gl_sb_str(&rules));
    gl_sb_free(&rules);
    gl_json_key(j, "move_help");
    gl_json_str(j, g->move_help);
    gl_json_key(j, "status_help");
    if (g->status_help) gl_json_str(j, g->status_help);
    else gl_json_null(j);
    gl_json_key(j, "score_kind");
    gl_json_str(j, score_kind_name(g->score_kind));
    gl_json_key(j, "score_name");
    gl_json_str(j, g->score_name ? g->score_name : "score");
    /* how its board is laid out and played: the front ends ask these, never the name */
    gl_json_key(j, "front");
    gl_json_obj_begin(j);
    gl_json_key(j, "gap");
    gl_json_bool(j, !(g->front & GL_FRONT_NO_GAP));
    gl_json_key(j, "ring");
    gl_json_bool(j, (g->front & GL_FRONT_RING) != 0);
    gl_json_key(j, "keys");
    gl_json_bool(j, (g->front & GL_FRONT_KEYS) != 0);
    gl_json_key(j, "drag");
    gl_json_bool(j, (g->front & GL_FRONT_DRAG) != 0);
    gl_json_obj_end(j);
    gl_json_key(j, "params_help");
    gl_strbuf help = GL_STRBUF_INIT;
    gl_params_help(g, &help);
    gl_json_str(j, gl_sb_str(&help));
    gl_sb_free(&help);
    gl_json_key(j, "params");
    gl_json_arr_begin(j);
    for (int k = 0; k < g->nparams; k++) gl_json_param(j, &g->params[k]);
    gl_json_arr_end(j);
    gl_json_key(j, "presets");
    gl_json_arr_begin(j);
    for (int k = 0; k < g->npresets; k++) {
        gl_json_obj_begin(j);
        gl_json_key(j, "name");
        gl_json_str(j, g->presets[k].name);
        gl_json_key(j, "params");
        gl_json_str(j, g->presets[k].params);
        /* its PARAMS as IDs write them: the key of its table of best results */
        gl_json_key(j, "canon");
        gl_strbuf canon = GL_STRBUF_INIT;
        if (gl_preset_canon(g, &g->presets[k], &canon, NULL) == 0) gl_json_str(j, gl_sb_str(&canon));
        else gl_json_null(j);
        gl_sb_free(&canon);
        gl_json_obj_end(j);
    }
    gl_json_arr_end(j);
    gl_json_key(j, "solvers");
    gl_json_arr_begin(j);
    for (int k = 0; k < g->nsolvers; k++) {
        gl_json_obj_begin(j);
        gl_json_key(j, "name");
        gl_json_str(j, g->solvers[k].name);
        gl_json_key(j, "summary");
        gl_json_str(j, g->solvers[k].summary);
        gl_json_key(j, "options");
        gl_json_str(j, g->solvers[k].options ? g->solvers[k].options : "");
        gl_json_obj_end(j);
    }
    gl_json_arr_end(j);
    gl_json_key(j, "solve_help");
    gl_json_str(j, g->solve_help ? g->solve_help : "");
    gl_json_key(j, "solve_words");
    gl_json_str(j, g->solve_words ? g->solve_words : "");
    gl_json_obj_end(j);
}

void gl_json_solution(gl_json *j, const gl_game *g, const gl_board *b, const char *algo, const gl_solution *s)
{
    char buf[64];
    gl_json_obj_begin(j);
    gl_json_key(j, "game");
    gl_json_str(j, g->name);
    gl_json_key(j, "algo");
    gl_json_str(j, algo);
    gl_json_key(j, "solved");
    gl_json_bool(j, s->solved);
    gl_json_key(j, "optimal");
    gl_json_bool(j, s->optimal);
    gl_json_key(j, "cost");
    gl_json_int(j, s->cost);
    gl_json_key(j, "moves");
    gl_json_arr_begin(j);
    for (int i = 0; i < s->nmoves; i++) {
        g->format_move(b, &s->moves[i], buf, sizeof buf);
        gl_json_str(j, buf);
    }
    gl_json_arr_end(j);
    gl_json_key(j, "nodes");
    gl_json_uint(j, s->nodes);
    gl_json_key(j, "ms");
    gl_json_double(j, s->ms);
    gl_json_key(j, "peak_bytes");
    gl_json_uint(j, s->peak_bytes);
    if (s->stopped) {
        gl_json_key(j, "stopped");
        gl_json_str(j, s->stopped);
    }
    gl_json_info(j, &s->info);
    gl_json_obj_end(j);
}

void gl_json_hint(gl_json *j, const gl_game *g, const gl_board *b, int result, const gl_move *m,
                  const gl_info *info, const char *why)
{
    gl_json_obj_begin(j);
    gl_json_key(j, "move");
    if (result != GL_HINT_MOVE) {
        gl_json_null(j);
        if (result == GL_HINT_STOPPED) {
            gl_json_key(j, "stopped");
            gl_json_str(j, why && *why ? why : "a limit");
        }
        gl_json_obj_end(j);
        return;
    }
    char name[64];
    g->format_move(b, m, name, sizeof name);
    gl_json_str(j, name);
    if (info) gl_json_info(j, info);
    /* what to draw: the way the move goes (neighbouring cells, onet's ring
     * included), the cells it starts and ends on, and the cells it fills,
     * found by playing it on a copy */
    gl_cells way = {0};
    gl_game_move_cells(g, b, m, &way);
    gl_json_key(j, "cells");
    gl_json_cells(j, way.rc, way.n);
    gl_events ev;
    gl_events_init(&ev);
    gl_board *copy = g->clone(b);
    gl_error ignored = {0};
    const gl_event *mv = NULL, *fill = NULL;
    if (copy && g->apply(copy, m, &ev, &ignored) == 0) {
        mv = gl_events_find(&ev, GL_EV_MOVE);
        fill = gl_events_find(&ev, GL_EV_FILL);
    }
    const int *moved = mv && mv->n ? gl_event_cells(&ev, mv) : way.rc;
    int nmoved = mv && mv->n ? mv->n : way.n;
    gl_json_key(j, "ends");
    if (nmoved > 2) {
        int ends[4] = {moved[0], moved[1], moved[2 * nmoved - 2], moved[2 * nmoved - 1]};
        gl_json_cells(j, ends, 2);
    } else {
        gl_json_cells(j, moved, nmoved);
    }
    gl_json_key(j, "fill");
    gl_json_cells(j, fill ? gl_event_cells(&ev, fill) : NULL, fill ? fill->n : 0);
    if (copy) g->destroy(copy);
    gl_events_free(&ev);
    gl_cells_free(&way);
    gl_json_obj_end(j);
}

/* The value of key on p's board, else its default. */
static const char *rule_value(const gl_game *g, const gl_play *p, const char *key)
{
    const gl_kvlist *mine = p && gl_play_game(p) == g ? gl_play_params(p) : NULL;
    if (mine)
        for (int i = 0; i < mine->n; i++)
            if (!strcmp(mine->items[i].key, key)) return mine->items[i].value;
    for (int i = 0; i < g->nparams; i++)
        if (!strcmp(g->params[i].key, key)) return g->params[i].def;
    return NULL;
}

void gl_rules_text(const gl_game *g, const gl_play *p, gl_strbuf *out)
{
    static const char *const words[] = {"zero", "one", "two", "three", "four", "five", "six",
                                        "seven", "eight", "nine", "ten", "eleven", "twelve"};
    const char *c = g->rules ? g->rules : g->summary;
    gl_sb_puts(out, "");
    while (*c) {
        const char *end = *c == '{' ? strchr(c, '}') : NULL;
        char key[40];
        const char *v = NULL;
        if (end && end - c - 1 > 0 && end - c - 1 < (long)sizeof key) {
            memcpy(key, c + 1, (size_t)(end - c - 1));
            key[end - c - 1] = '\0';
            v = rule_value(g, p, key);
        }
        if (!v) {
            gl_sb_putc(out, *c++);
            continue;
        }
        char *e;
        long n = strtol(v, &e, 10);
        if (*v >= '0' && *v <= '9' && !*e && n <= 12) {
            /* at a sentence's start, with a capital */
            size_t k = out->len;
            while (k > 0 && (out->data[k - 1] == ' ' || out->data[k - 1] == '\n')) k--;
            int start = k == 0 || out->data[k - 1] == '.';
            gl_sb_printf(out, "%c%s", start ? words[n][0] - 'a' + 'A' : words[n][0], words[n] + 1);
        } else {
            gl_sb_puts(out, v);
        }
        c = end + 1;
    }
}
