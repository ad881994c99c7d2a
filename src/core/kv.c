/* key=value lists with use tracking, and the plain number/size parsers. */
#include "gridlab/kv.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dupstr(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (!p) {
        fputs("gridlab: out of memory\n", stderr);
        abort();
    }
    memcpy(p, s, n);
    return p;
}

void gl_kv_init(gl_kvlist *l) { memset(l, 0, sizeof *l); }

void gl_kv_free(gl_kvlist *l)
{
    for (int i = 0; i < l->n; i++) {
        free(l->items[i].key);
        free(l->items[i].value);
    }
    free(l->items);
    memset(l, 0, sizeof *l);
}

void gl_kv_add(gl_kvlist *l, const char *key, const char *value, int line)
{
    if (l->n == l->cap) {
        int nc = l->cap ? l->cap * 2 : 8;
        gl_kv *p = realloc(l->items, (size_t)nc * sizeof *p);
        if (!p) {
            fputs("gridlab: out of memory\n", stderr);
            abort();
        }
        l->items = p;
        l->cap = nc;
    }
    gl_kv *kv = &l->items[l->n++];
    kv->key = dupstr(key);
    kv->value = dupstr(value);
    kv->line = line;
    kv->used = 0;
}

void gl_kv_set(gl_kvlist *l, const char *key, const char *value)
{
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->items[i].key, key) == 0) {
            free(l->items[i].value);
            l->items[i].value = dupstr(value);
            return;
        }
    gl_kv_add(l, key, value, 0);
}

gl_kv *gl_kv_find(gl_kvlist *l, const char *key)
{
    if (!l) return NULL;
    gl_kv *found = NULL;
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->items[i].key, key) == 0) {
            l->items[i].used = 1;
            found = &l->items[i]; /* the last one wins, like repeated options */
        }
    return found;
}

const char *gl_kv_get(gl_kvlist *l, const char *key)
{
    gl_kv *kv = gl_kv_find(l, key);
    return kv ? kv->value : NULL;
}

int gl_parse_ll(const char *s, long long min, long long max, long long *out)
{
    if (!s || !*s) return -1;
    const char *p = s;
    if (*p == '+' || *p == '-') p++;
    if (*p < '0' || *p > '9') return -1;
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (errno == ERANGE || *end != '\0' || v < min || v > max) return -1;
    *out = v;
    return 0;
}

int gl_parse_size(const char *s, int *w, int *h)
{
    const char *x = strchr(s, 'x');
    if (!x) x = strchr(s, 'X');
    if (!x || x == s || x - s > 9) return -1;
    char a[16];
    memcpy(a, s, (size_t)(x - s));
    a[x - s] = '\0';
    long long ww, hh;
    if (gl_parse_ll(a, 0, INT_MAX, &ww) != 0 || gl_parse_ll(x + 1, 0, INT_MAX, &hh) != 0) return -1;
    *w = (int)ww;
    *h = (int)hh;
    return 0;
}

/* "FILE:LINE: key K" for header keys, "option --K" for command-line ones. */
static int kv_fail(const gl_kvlist *l, const gl_kv *kv, gl_error *err, const char *what)
{
    if (kv->line > 0)
        return gl_error_at(err, l->file, kv->line, "%s=%s: %s", kv->key, kv->value, what);
    return gl_error_set(err, "option --%s %s: %s", kv->key, kv->value, what);
}

int gl_kv_int(gl_kvlist *l, const char *key, long long min, long long max, long long *out,
              gl_error *err)
{
    gl_kv *kv = gl_kv_find(l, key);
    if (!kv) return 0;
    if (gl_parse_ll(kv->value, min, max, out) != 0) {
        char what[96];
        snprintf(what, sizeof what, "expected a whole number from %lld to %lld", min, max);
        return kv_fail(l, kv, err, what);
    }
    return 0;
}

int gl_kv_size(gl_kvlist *l, const char *key, int minw, int maxw, int minh, int maxh, int *w,
               int *h, gl_error *err)
{
    gl_kv *kv = gl_kv_find(l, key);
    if (!kv) return 0;
    int ww, hh;
    if (gl_parse_size(kv->value, &ww, &hh) != 0 || ww < minw || ww > maxw || hh < minh ||
        hh > maxh) {
        char what[128];
        snprintf(what, sizeof what, "expected WxH with W from %d to %d and H from %d to %d", minw,
                 maxw, minh, maxh);
        return kv_fail(l, kv, err, what);
    }
    *w = ww;
    *h = hh;
    return 0;
}

int gl_kv_choice(gl_kvlist *l, const char *key, const char *choices, int *out, gl_error *err)
{
    gl_kv *kv = gl_kv_find(l, key);
    if (!kv) return 0;
    int idx = 0;
    const char *p = choices;
    size_t vl = strlen(kv->value);
    while (*p) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == vl && strncmp(p, kv->value, len) == 0) {
            *out = idx;
            return 0;
        }
        idx++;
        if (!bar) break;
        p = bar + 1;
    }
    char what[160];
    snprintf(what, sizeof what, "expected one of %s", choices);
    return kv_fail(l, kv, err, what);
}

int gl_kv_check_used(const gl_kvlist *l, gl_error *err)
{
    if (!l) return 0;
    for (int i = 0; i < l->n; i++) {
        const gl_kv *kv = &l->items[i];
        if (kv->used) continue;
        if (kv->line > 0) return gl_error_at(err, l->file, kv->line, "unknown key '%s'", kv->key);
        return gl_error_set(err, "unknown option --%s", kv->key);
    }
    return 0;
}
