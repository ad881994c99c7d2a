/* A game's parameter table, read: the one place where a parameter's value
 * is parsed, range-checked and given its default.  A game's create reads
 * its values from here (gl_params_read), game IDs are written from the
 * same values (game_id.c), and help pages and forms describe a parameter
 * with gl_param_describe, so the table is the only statement of what a
 * parameter takes.
 *
 * Numbers are strict everywhere, the numbers of a list included: decimal
 * digits, no sign unless the range is negative, no leading zeros (kv.h). */
#include "gridlab/game.h"
#include "gridlab/game_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The index of value among the |-separated choices, or -1. */
static int choice_index(const char *choices, const char *value)
{
    size_t vl = strlen(value);
    int idx = 0;
    for (const char *p = choices; p;) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == vl && strncmp(p, value, len) == 0) return idx;
        idx++;
        p = bar ? bar + 1 : NULL;
    }
    return -1;
}

/* Is c allowed in a TEXT value?  The ID's separators and anything a shell
 * or a terminal would mangle are not. */
static int text_char_ok(char c)
{
    return c > ' ' && c < 127 && c != '#' && c != '=' && c != ':' && c != ',';
}

void gl_param_describe(const gl_param *p, gl_strbuf *out)
{
    switch (p->kind) {
    case GL_PARAM_INT:
        gl_sb_printf(out, "a whole number from %lld to %lld", p->min, p->max);
        return;
    case GL_PARAM_SIZE:
        gl_sb_printf(out, "WxH with W from %lld to %lld and H from %lld to %lld", p->min, p->max, p->hmin,
                     p->hmax);
        return;
    case GL_PARAM_CHOICE:
        gl_sb_printf(out, "one of %s", p->choices);
        return;
    case GL_PARAM_TEXT:
        if (p->choices && *p->choices) gl_sb_printf(out, "one of %s, or a file on the command line", p->choices);
        else if (p->choices) gl_sb_puts(out, "a file, on the command line");
        else gl_sb_printf(out, "a name of 1 to %d characters (no spaces, # = : or ,)", GL_PARAM_TEXT_MAX);
        return;
    case GL_PARAM_LIST:
        if (p->hmin == p->hmax) gl_sb_printf(out, "%lld", p->hmin);
        else gl_sb_printf(out, "%lld to %lld", p->hmin, p->hmax);
        gl_sb_printf(out, " whole numbers from %lld to %lld separated by commas", p->min, p->max);
        return;
    }
}

/* value (text) -> v, canonical text in v->text: 0, or -1 (the caller says
 * what the parameter takes). */
static int parse_value(const gl_param *p, const char *value, gl_param_value *v)
{
    int w, h;
    switch (p->kind) {
    case GL_PARAM_INT:
        if (gl_parse_ll(value, p->min, p->max, &v->n) != 0) return -1;
        snprintf(v->text, sizeof v->text, "%lld", v->n);
        return 0;
    case GL_PARAM_SIZE:
        if (gl_parse_size(value, &w, &h) != 0 || w < p->min || w > p->max || h < p->hmin || h > p->hmax)
            return -1;
        v->n = w;
        v->h = h;
        snprintf(v->text, sizeof v->text, "%dx%d", w, h);
        return 0;
    case GL_PARAM_CHOICE: {
        int i = p->choices ? choice_index(p->choices, value) : -1;
        if (i < 0) return -1;
        v->n = i;
        snprintf(v->text, sizeof v->text, "%s", value);
        return 0;
    }
    case GL_PARAM_TEXT: {
        size_t len = strlen(value);
        if (len == 0 || len > GL_PARAM_TEXT_MAX) return -1;
        for (size_t i = 0; i < len; i++)
            if (!text_char_ok(value[i])) return -1;
        memcpy(v->text, value, len + 1);
        return 0;
    }
    case GL_PARAM_LIST: {
        v->count = 0;
        size_t used = 0;
        for (const char *s = value;;) {
            size_t len = strcspn(s, ",");
            char num[24];
            if (len == 0 || len >= sizeof num || v->count == GL_PARAM_LIST_MAX || v->count >= p->hmax) return -1;
            memcpy(num, s, len);
            num[len] = '\0';
            long long x;
            if (gl_parse_ll(num, p->min, p->max, &x) != 0) return -1;
            v->list[v->count++] = x;
            used += (size_t)snprintf(v->text + used, sizeof v->text - used, "%s%lld", used ? "," : "", x);
            if (s[len] == '\0') break;
            s += len + 1;
        }
        return v->count >= p->hmin ? 0 : -1;
    }
    }
    return -1;
}

/* Is key one of the space-separated words of keys (NULL: every key)? */
static int key_listed(const char *keys, const char *key)
{
    if (!keys) return 1;
    size_t kl = strlen(key);
    for (const char *p = keys; *p;) {
        size_t len = strcspn(p, " ");
        if (len == kl && strncmp(p, key, len) == 0) return 1;
        p += len;
        p += strspn(p, " ");
    }
    return 0;
}

int gl_params_read(const gl_param *table, int n, gl_kvlist *given, gl_params *out, gl_error *err)
{
    return gl_params_read_keys(table, n, NULL, given, out, err);
}

int gl_params_read_keys(const gl_param *table, int n, const char *keys, gl_kvlist *given, gl_params *out,
                        gl_error *err)
{
    memset(out, 0, sizeof *out);
    if (n > GL_PARAMS_MAX) return gl_error_set(err, "a parameter table of %d entries (at most %d)", n, GL_PARAMS_MAX);
    out->table = table;
    out->n = n;
    for (int i = 0; i < n; i++) {
        const gl_param *p = &table[i];
        gl_param_value *v = &out->v[i];
        if (!key_listed(keys, p->key)) continue;
        /* a bare list (an ID, a preset, a form) names each key once */
        if (given && given->bare) {
            int times = 0;
            for (int k = 0; k < given->n; k++) times += strcmp(given->items[k].key, p->key) == 0;
            if (times > 1) return gl_error_set(err, "%s is given twice", p->key);
        }
        gl_kv *kv = given ? gl_kv_find(given, p->key) : NULL;
        if (kv) {
            if (parse_value(p, kv->value, v) != 0 || kv->novalue) {
                gl_strbuf what = GL_STRBUF_INIT;
                gl_sb_puts(&what, "expected ");
                gl_param_describe(p, &what);
                gl_kv_fail(given, kv, err, gl_sb_str(&what));
                gl_sb_free(&what);
                return -1;
            }
            v->set = v->given = 1;
        } else if (p->def) {
            if (parse_value(p, p->def, v) != 0)
                return gl_error_set(err, "%s: the table's default '%s' is not a value of it", p->key, p->def);
            v->set = 1;
        }
    }
    return 0;
}

static const gl_param_value *value_of(const gl_params *v, const char *key, gl_param_kind kind)
{
    for (int i = 0; i < v->n; i++)
        if (strcmp(v->table[i].key, key) == 0) {
            if (v->table[i].kind != kind) break;
            return &v->v[i];
        }
    fprintf(stderr, "gridlab: the parameter table has no %s parameter '%s'\n",
            kind == GL_PARAM_INT ? "number" : kind == GL_PARAM_SIZE ? "size" : kind == GL_PARAM_CHOICE ? "choice"
                                                                 : kind == GL_PARAM_TEXT ? "text" : "list",
            key);
    abort();
}

long long gl_param_int(const gl_params *v, const char *key, long long fallback)
{
    const gl_param_value *x = value_of(v, key, GL_PARAM_INT);
    return x->set ? x->n : fallback;
}

int gl_param_choice(const gl_params *v, const char *key, int fallback)
{
    const gl_param_value *x = value_of(v, key, GL_PARAM_CHOICE);
    return x->set ? (int)x->n : fallback;
}

int gl_param_size(const gl_params *v, const char *key, int *w, int *h)
{
    const gl_param_value *x = value_of(v, key, GL_PARAM_SIZE);
    if (!x->set) return 0;
    *w = (int)x->n;
    *h = (int)x->h;
    return 1;
}

const char *gl_param_text(const gl_params *v, const char *key)
{
    const gl_param_value *x = value_of(v, key, GL_PARAM_TEXT);
    return x->set ? x->text : NULL;
}

int gl_param_list(const gl_params *v, const char *key, long long *out, int max)
{
    const gl_param_value *x = value_of(v, key, GL_PARAM_LIST);
    if (!x->set) return 0;
    for (int i = 0; i < x->count && i < max; i++) out[i] = x->list[i];
    return x->count;
}

int gl_param_given(const gl_params *v, const char *key)
{
    for (int i = 0; i < v->n; i++)
        if (strcmp(v->table[i].key, key) == 0) return v->v[i].given;
    fprintf(stderr, "gridlab: the parameter table has no parameter '%s'\n", key);
    abort();
}

void gl_params_help(const gl_game *g, gl_strbuf *out)
{
    for (int i = 0; i < g->nparams; i++) {
        const gl_param *p = &g->params[i];
        if (i) gl_sb_putc(out, ' ');
        gl_sb_printf(out, "%s=", p->key);
        switch (p->kind) {
        case GL_PARAM_INT: gl_sb_printf(out, "N (%lld..%lld", p->min, p->max); break;
        case GL_PARAM_SIZE:
            gl_sb_printf(out, "WxH (%lld..%lld x %lld..%lld", p->min, p->max, p->hmin, p->hmax);
            break;
        case GL_PARAM_CHOICE: gl_sb_printf(out, "%s (", p->choices); break;
        case GL_PARAM_TEXT:
            if (p->choices && *p->choices) gl_sb_printf(out, "%s|FILE (", p->choices);
            else gl_sb_puts(out, p->choices ? "FILE (" : "NAME (");
            break;
        case GL_PARAM_LIST: gl_sb_printf(out, "N,N,... (%lld..%lld", p->min, p->max); break;
        }
        int more = p->kind != GL_PARAM_CHOICE && p->kind != GL_PARAM_TEXT;
        if (p->def) gl_sb_printf(out, "%sdefault %s", more ? ", " : "", p->def);
        else gl_sb_printf(out, "%sno default", more ? ", " : "");
        if (p->flags & GL_PARAM_NOT_IN_ID) gl_sb_puts(out, ", not in IDs");
        gl_sb_putc(out, ')');
    }
}
