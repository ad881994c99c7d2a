/* Game IDs: GAME:PARAMS#SEED names a generated game on any machine (the
 * puzzle collection's idea).  PARAMS is canonical: every parameter of the
 * game's table in the table's order, its default where none was given
 * (parameters without a default only when given), each value written one
 * way, so one game has one ID and `new ID` makes the board `new` made.
 *
 * An ID is shared, so it names no local file: a parameter that may name
 * one on a command line (onet's map=FILE, levels=FILE: a TEXT parameter
 * with choices) holds only its built-in names in an ID.  An ID with a path (as older
 * versions wrote) is refused, saying so, before anything is opened. */
#include "gridlab/game.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gl_seed_parse(const char *s, uint64_t *seed)
{
    if (!s || !*s || strlen(s) > 20) return -1;
    if (s[0] == '0' && s[1]) return -1; /* no leading zeros: 010 is not 8, nor 10 */
    uint64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') return -1;
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *seed = v;
    return 0;
}

/* Is c allowed in a TEXT value?  The ID's separators and anything a shell
 * or a terminal would mangle are not.  A comma is (match3's scores=1,4,10):
 * the ID's reader joins a piece without '=' to the value before it. */
static int text_char_ok(char c)
{
    return c > ' ' && c < 127 && c != '#' && c != '=' && c != ':';
}

static int in_choices(const char *choices, const char *v)
{
    size_t vl = strlen(v);
    const char *p = choices;
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == vl && strncmp(p, v, len) == 0) return 1;
        if (!bar) break;
        p = bar + 1;
    }
    return 0;
}

/* Does value v of p name a local file (not one of its built-in names)? */
static int names_file(const gl_param *p, const char *v)
{
    return p->kind == GL_PARAM_TEXT && p->choices && !in_choices(p->choices, v);
}

const gl_kv *gl_params_file(const gl_game *g, const gl_kvlist *params)
{
    for (int i = 0; params && i < params->n; i++) {
        const gl_param *p = gl_game_param(g, params->items[i].key);
        if (p && names_file(p, params->items[i].value)) return &params->items[i];
    }
    return NULL;
}

/* value -> its canonical form in out; 0, or -1 with the reason in err. */
static int canon_value(const gl_game *g, const gl_param *p, const char *v, gl_strbuf *out, gl_error *err)
{
    long long n;
    int w, h;
    if (names_file(p, v)) {
        char builtin[160] = "";
        if (p->choices[0]) snprintf(builtin, sizeof builtin, " names a built-in %s (%s), never a file", p->key, p->choices);
        else snprintf(builtin, sizeof builtin, " names no %s file", p->key);
        return gl_error_set(err,
                            "%s=%.60s: a game ID%s: an ID is shared; a %s file goes on the command line "
                            "(--%s FILE) and makes a custom game, without an ID",
                            p->key, v, builtin, p->key, p->key);
    }
    switch (p->kind) {
    case GL_PARAM_INT:
        if (gl_parse_ll(v, p->min, p->max, &n) != 0)
            return gl_error_set(err, "%s=%.40s: expected a whole number from %lld to %lld", p->key, v,
                                p->min, p->max);
        gl_sb_printf(out, "%lld", n);
        return 0;
    case GL_PARAM_SIZE:
        if (gl_parse_size(v, &w, &h) != 0 || w < p->min || w > p->max || h < p->hmin || h > p->hmax)
            return gl_error_set(err, "%s=%.40s: expected WxH with W from %lld to %lld and H from %lld to %lld",
                                p->key, v, p->min, p->max, p->hmin, p->hmax);
        gl_sb_printf(out, "%dx%d", w, h);
        return 0;
    case GL_PARAM_CHOICE:
        if (!in_choices(p->choices, v))
            return gl_error_set(err, "%s=%.40s: expected one of %s", p->key, v, p->choices);
        gl_sb_puts(out, v);
        return 0;
    case GL_PARAM_TEXT:
        if (!*v || strlen(v) > 200)
            return gl_error_set(err, "%s: expected a value of 1 to 200 characters", p->key);
        for (const char *c = v; *c; c++)
            if (!text_char_ok(*c)) {
                char q[5];
                return gl_error_set(err, "%s=%.40s: a %s ID cannot hold '%s' (spaces and # = : are "
                                    "not allowed)", p->key, v, g->name, gl_escape_byte(*c, q));
            }
        gl_sb_puts(out, v);
        return 0;
    }
    return gl_error_set(err, "%s: parameter of an unknown kind", p->key);
}

static void known_keys(const gl_game *g, gl_strbuf *out)
{
    for (int i = 0; i < g->nparams; i++) {
        if (i) gl_sb_puts(out, ", ");
        gl_sb_puts(out, g->params[i].key);
    }
}

int gl_params_canon(const gl_game *g, const gl_kvlist *params, gl_strbuf *out, gl_error *err)
{
    /* every given key must be a parameter, given once */
    for (int i = 0; params && i < params->n; i++) {
        const char *key = params->items[i].key;
        if (!gl_game_param(g, key)) {
            gl_strbuf names = GL_STRBUF_INIT;
            known_keys(g, &names);
            gl_error_set(err, "%s has no parameter '%.40s' (it has: %s)", g->name, key, gl_sb_str(&names));
            gl_sb_free(&names);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (strcmp(params->items[j].key, key) == 0)
                return gl_error_set(err, "%s is given twice", key);
    }
    int first = 1;
    for (int i = 0; i < g->nparams; i++) {
        const gl_param *p = &g->params[i];
        const char *v = p->def;
        for (int k = 0; params && k < params->n; k++)
            if (strcmp(params->items[k].key, p->key) == 0) v = params->items[k].value;
        if (!v) continue;
        if (!first) gl_sb_putc(out, ',');
        first = 0;
        gl_sb_printf(out, "%s=", p->key);
        if (canon_value(g, p, v, out, err) != 0) return -1;
    }
    return 0;
}

int gl_game_id(const gl_game *g, const gl_kvlist *params, uint64_t seed, gl_strbuf *out, gl_error *err)
{
    gl_strbuf canon = GL_STRBUF_INIT;
    int rc = gl_params_canon(g, params, &canon, err);
    if (rc == 0) {
        gl_sb_printf(out, "%s:%s#%llu", g->name, gl_sb_str(&canon), (unsigned long long)seed);
        if (out->len > GL_ID_MAX) rc = gl_error_set(err, "the game ID would be longer than %d characters", GL_ID_MAX);
    }
    gl_sb_free(&canon);
    return rc;
}

int gl_game_id_parse(const char *id, const gl_game **gp, gl_kvlist *params, uint64_t *seed, gl_error *err)
{
    if (strlen(id) > GL_ID_MAX) return gl_error_set(err, "game ID: longer than %d characters", GL_ID_MAX);
    const char *hash = strrchr(id, '#');
    const char *colon = strchr(id, ':');
    size_t glen = colon && (!hash || colon < hash) ? (size_t)(colon - id) : hash ? (size_t)(hash - id) : strlen(id);
    char name[32];
    if (glen == 0 || glen >= sizeof name)
        return gl_error_set(err, "game ID '%.60s': expected GAME:PARAMS#SEED", id);
    memcpy(name, id, glen);
    name[glen] = '\0';
    const gl_game *g = gl_game_find(name);
    if (!g) {
        gl_strbuf names = GL_STRBUF_INIT;
        for (int i = 0; i < gl_ngames; i++) {
            if (i) gl_sb_puts(&names, ", ");
            gl_sb_puts(&names, gl_games[i]->name);
        }
        gl_error_set(err, "game ID '%.60s': no game '%.30s' (games: %s)", id, name, gl_sb_str(&names));
        gl_sb_free(&names);
        return -1;
    }
    if (!hash) return gl_error_set(err, "game ID '%.60s': the seed is missing (GAME:PARAMS#SEED)", id);
    if (gl_seed_parse(hash + 1, seed) != 0)
        return gl_error_set(err, "game ID '%.60s': the seed '%.30s' is not a whole number from 0 to "
                            "18446744073709551615 (decimal digits, no sign, no leading zeros)", id, hash + 1);
    /* PARAMS: key=value,key=value between ':' and '#'; a piece without '='
     * belongs to the value before it (a list: scores=1,4,10) */
    gl_kvlist got;
    gl_kv_init(&got);
    if (colon && colon < hash) {
        const char *p = colon + 1;
        while (p < hash) {
            const char *eq = memchr(p, '=', (size_t)(hash - p));
            const char *comma = memchr(p, ',', (size_t)(hash - p));
            if (!eq || eq == p || (comma && comma < eq)) {
                const char *end = comma ? comma : hash;
                gl_error_set(err, "game ID '%.60s': parameter '%.*s' is not key=value", id,
                             (int)(end - p > 40 ? 40 : end - p), p);
                gl_kv_free(&got);
                return -1;
            }
            /* the value runs to the comma before the next key= */
            const char *end = eq + 1;
            for (;;) {
                const char *c = memchr(end, ',', (size_t)(hash - end));
                if (!c) {
                    end = hash;
                    break;
                }
                const char *next_eq = memchr(c + 1, '=', (size_t)(hash - c - 1));
                const char *next_comma = memchr(c + 1, ',', (size_t)(hash - c - 1));
                if (next_eq && (!next_comma || next_eq < next_comma)) {
                    end = c;
                    break;
                }
                end = c + 1;
            }
            char key[64], val[256];
            if ((size_t)(eq - p) >= sizeof key || (size_t)(end - eq - 1) >= sizeof val) {
                gl_error_set(err, "game ID '%.60s': parameter '%.*s' is too long", id,
                             (int)(end - p > 40 ? 40 : end - p), p);
                gl_kv_free(&got);
                return -1;
            }
            memcpy(key, p, (size_t)(eq - p));
            key[eq - p] = '\0';
            memcpy(val, eq + 1, (size_t)(end - eq - 1));
            val[end - eq - 1] = '\0';
            gl_kv_add(&got, key, val, 0);
            p = end < hash ? end + 1 : hash;
        }
    }
    /* the same checks as for options, so the message names the parameter */
    gl_strbuf canon = GL_STRBUF_INIT;
    gl_error e2 = {0};
    int rc = gl_params_canon(g, &got, &canon, &e2);
    gl_sb_free(&canon);
    if (rc != 0) {
        gl_error_set(err, "game ID '%.60s': %s", id, e2.msg);
        gl_kv_free(&got);
        return -1;
    }
    for (int i = 0; i < got.n; i++) gl_kv_add(params, got.items[i].key, got.items[i].value, 0);
    gl_kv_free(&got);
    *gp = g;
    return 0;
}
