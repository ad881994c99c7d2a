/* Game IDs: GAME:PARAMS#SEED names a generated game on any machine (the
 * puzzle collection's idea).  PARAMS is canonical: every parameter of the
 * game's table in the table's order, its default where none was given
 * (parameters without a default only when given), each value written one
 * way by the table's reader (params.c), so one game has one ID and `new
 * ID` makes the board `new` made.
 *
 * An ID is shared, so it names no local file: a parameter that is not part
 * of IDs (GL_PARAM_NOT_IN_ID: onet's levels=FILE) or that may name a file
 * on a command line (a TEXT parameter with choices: onet's map= holds only
 * its built-in names in an ID) makes a custom game without one, and an ID
 * that holds such a value (as older versions wrote) is refused, saying so,
 * before anything is opened. */
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
    if (p->flags & GL_PARAM_NOT_IN_ID) return 1;
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
    /* the values as the table reads them (a copy: params stays unmarked) */
    gl_kvlist copy;
    gl_kv_init(&copy);
    copy.bare = 1;
    for (int i = 0; params && i < params->n; i++) gl_kv_add(&copy, params->items[i].key, params->items[i].value, 0);
    gl_params v;
    int rc = gl_params_read(g->params, g->nparams, &copy, &v, err);
    gl_kv_free(&copy);
    if (rc != 0) return -1;
    for (int i = 0; i < g->nparams; i++)
        if (v.v[i].given && names_file(&g->params[i], v.v[i].text)) {
            const gl_param *p = &g->params[i];
            char builtin[160] = "";
            if (p->choices && p->choices[0])
                snprintf(builtin, sizeof builtin, " names a built-in %s (%s), never a file", p->key, p->choices);
            else snprintf(builtin, sizeof builtin, " names no %s file", p->key);
            gl_error_set(err,
                         "%s=%.60s: a game ID%s: an ID is shared; a %s file goes on the command line "
                         "(--%s FILE) and makes a custom game, without an ID",
                         p->key, v.v[i].text, builtin, p->key, p->key);
            return 1;
        }
    size_t start = out->len;
    for (int i = 0; i < g->nparams; i++) {
        if (!v.v[i].set || names_file(&g->params[i], v.v[i].text)) continue;
        gl_sb_printf(out, "%s%s=%s", out->len > start ? "," : "", g->params[i].key, v.v[i].text);
    }
    return 0;
}

int gl_preset_canon(const gl_game *g, const gl_preset *pr, gl_strbuf *out, gl_error *err)
{
    gl_kvlist kv;
    gl_kv_init(&kv);
    gl_error ignored = {0};
    int rc = gl_kv_parse_pairs(&kv, pr->params, err ? err : &ignored);
    if (rc == 0) rc = gl_params_canon(g, &kv, out, err ? err : &ignored);
    gl_kv_free(&kv);
    return rc;
}

int gl_game_id(const gl_game *g, const gl_kvlist *params, uint64_t seed, gl_strbuf *out, gl_error *err)
{
    gl_strbuf canon = GL_STRBUF_INIT;
    int rc = gl_params_canon(g, params, &canon, err);
    if (rc == 0) {
        char id[GL_ID_MAX + 64];
        int n = snprintf(id, sizeof id, "%s:%s#%llu", g->name, gl_sb_str(&canon), (unsigned long long)seed);
        if (n < 0 || n > GL_ID_MAX) rc = gl_error_set(err, "the game ID would be longer than %d characters", GL_ID_MAX);
        else gl_sb_puts(out, id);
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
    got.bare = 1;
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
    if (rc == 1) {
        gl_error_set(err, "game ID '%.60s': %s", id, e2.msg);
        gl_kv_free(&got);
        return -1;
    }
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
