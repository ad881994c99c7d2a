/* Helpers for the tests of the web page's C API (web/api.c, built
 * natively): tests/web/test_api.c and a game's own tests/GAME/test_web.c. */
#ifndef GL_TESTS_WEB_API_TEST_H
#define GL_TESTS_WEB_API_TEST_H

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
static inline gl_jv parse(const char *text)
{
    gl_jv v;
    gl_error err = {0};
    if (gl_jv_parse(text, strlen(text), &v, &err) != 0) fail_msg("not JSON (%s): %.200s", err.msg, text);
    return v;
}

static inline const gl_jv *member(const gl_jv *obj, const char *key)
{
    const gl_jv *m = gl_jv_get(obj, key);
    if (!m) fail_msg("no member '%s'", key);
    return m;
}

static inline double num(const gl_jv *obj, const char *key)
{
    const gl_jv *m = member(obj, key);
    assert_int_equal(m->type, GL_JV_NUM);
    return m->num;
}

static inline const char *str(const gl_jv *obj, const char *key)
{
    const gl_jv *m = member(obj, key);
    assert_int_equal(m->type, GL_JV_STR);
    return m->str;
}

static inline int in_list(const char *list_json, const char *move)
{
    gl_jv l = parse(list_json);
    int found = 0;
    for (size_t i = 0; i < l.n; i++)
        if (strcmp(l.items[i].str, move) == 0) found = 1;
    gl_jv_free(&l);
    return found;
}

static inline char *dup(const char *s)
{
    char *d = strdup(s);
    assert_non_null(d);
    return d;
}

/* The position a save holds: its lines that are not comments. */
static inline char *position(const char *save)
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

static inline void same_position(const char *save, const char *want)
{
    char *a = position(save), *b = position(want);
    assert_string_equal(a, b);
    free(a);
    free(b);
}

#endif
