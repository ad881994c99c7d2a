/* key=value lists with use tracking, and the plain number/size parsers.
 * Every lookup remembers the key it was for, present or not, so that the
 * message about a key nobody asked for can name the nearest one that was. */
#include "gridlab/kv.h"
#include "gridlab/game_impl.h"

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
    free(l->context);
    free(l->asked);
    memset(l, 0, sizeof *l);
}

void gl_kv_set_context(gl_kvlist *l, const char *context)
{
    free(l->context);
    l->context = context ? dupstr(context) : NULL;
}

void gl_kv_note_key(gl_kvlist *l, const char *key)
{
    if (!l || !key || !*key) return;
    for (size_t i = 0; i < l->asked_len; i += strlen(l->asked + i) + 1)
        if (strcmp(l->asked + i, key) == 0) return;
    size_t n = strlen(key) + 1;
    if (l->asked_len + n > l->asked_cap) {
        size_t cap = l->asked_cap ? l->asked_cap : 128;
        while (cap < l->asked_len + n) cap *= 2;
        char *p = realloc(l->asked, cap);
        if (!p) {
            fputs("gridlab: out of memory\n", stderr);
            abort();
        }
        l->asked = p;
        l->asked_cap = cap;
    }
    memcpy(l->asked + l->asked_len, key, n);
    l->asked_len += n;
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
    kv->novalue = 0;
}

void gl_kv_set(gl_kvlist *l, const char *key, const char *value)
{
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->items[i].key, key) == 0) {
            free(l->items[i].value);
            l->items[i].value = dupstr(value);
            l->items[i].novalue = 0;
            return;
        }
    gl_kv_add(l, key, value, 0);
}

gl_kv *gl_kv_find(gl_kvlist *l, const char *key)
{
    if (!l) return NULL;
    gl_kv_note_key(l, key);
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
    if (!s) return -1;
    const char *p = s;
    int neg = *p == '-';
    if (neg) p++;
    if (*p < '0' || *p > '9') return -1;
    if (*p == '0' && (p[1] != '\0' || neg)) return -1; /* 010, 00, -0 */
    /* The magnitude in unsigned arithmetic: LLONG_MIN's is one more than
     * LLONG_MAX's; anything beyond is refused, never clamped. */
    unsigned long long limit = neg ? (unsigned long long)LLONG_MAX + 1 : (unsigned long long)LLONG_MAX;
    unsigned long long v = 0;
    for (; *p; p++) {
        if (*p < '0' || *p > '9') return -1;
        unsigned d = (unsigned)(*p - '0');
        if (v > (limit - d) / 10) return -1;
        v = v * 10 + d;
    }
    long long r = neg ? (v == (unsigned long long)LLONG_MAX + 1 ? LLONG_MIN : -(long long)v) : (long long)v;
    if (r < min || r > max) return -1;
    *out = r;
    return 0;
}

int gl_parse_size(const char *s, int *w, int *h)
{
    const char *x = strchr(s, 'x'); /* one spelling: 14X14 is not 14x14's twin */
    if (!x || x == s || x - s > 10) return -1;
    char a[16];
    memcpy(a, s, (size_t)(x - s));
    a[x - s] = '\0';
    long long ww, hh;
    if (gl_parse_ll(a, 0, INT_MAX, &ww) != 0 || gl_parse_ll(x + 1, 0, INT_MAX, &hh) != 0) return -1;
    *w = (int)ww;
    *h = (int)hh;
    return 0;
}

int gl_parse_real(const char *s, double min, double max, double *out)
{
    if (!s) return -1;
    /* The shape first, as for whole numbers: [-]DIGITS[.DIGITS], no
     * leading zero before another digit, so strtod never sees a sign,
     * a space, hexadecimal, an exponent, "inf" or "nan". */
    const char *p = s + (*s == '-');
    if (*p < '0' || *p > '9') return -1;
    if (*p == '0' && p[1] >= '0' && p[1] <= '9') return -1;
    while (*p >= '0' && *p <= '9') p++;
    if (*p == '.') {
        p++;
        if (*p < '0' || *p > '9') return -1;
        while (*p >= '0' && *p <= '9') p++;
    }
    if (*p || p - s > 64) return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (*end || errno == ERANGE || !(v >= min && v <= max)) return -1;
    *out = v;
    return 0;
}

/* "FILE:LINE: key=value" for header keys, "key=value" for bare pairs,
 * "option --K" for command-line ones. */
int gl_kv_fail(const gl_kvlist *l, const gl_kv *kv, gl_error *err, const char *what)
{
    if (kv->line > 0)
        return gl_error_at(err, l->file, kv->line, "%s=%.60s: %s", kv->key, kv->value, what);
    if (l->bare) return gl_error_set(err, "%s=%.60s: %s", kv->key, kv->value, what);
    if (kv->novalue) return gl_error_set(err, "option --%s needs a value: %s", kv->key, what);
    return gl_error_set(err, "option --%s %.60s: %s", kv->key, kv->value, what);
}

int gl_kv_parse_pairs(gl_kvlist *l, const char *text, gl_error *err)
{
    const char *s = text ? text : "";
    int first = l->n;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
        if (!*s) break;
        size_t n = strcspn(s, " \t\n\r");
        const char *eq = memchr(s, '=', n);
        int rc = 0;
        if (!eq || eq == s) rc = gl_error_set(err, "'%.*s' is not key=value", (int)(n > 60 ? 60 : n), s);
        else if ((size_t)(eq - s) > 64) rc = gl_error_set(err, "'%.40s...': the key is too long", s);
        if (rc == 0) {
            char key[72];
            memcpy(key, s, (size_t)(eq - s));
            key[eq - s] = '\0';
            for (int i = first; i < l->n && rc == 0; i++)
                if (strcmp(l->items[i].key, key) == 0) rc = gl_error_set(err, "%s is given twice", key);
            if (rc == 0) {
                char *value = malloc(n - (size_t)(eq - s));
                if (!value) {
                    fputs("gridlab: out of memory\n", stderr);
                    abort();
                }
                memcpy(value, eq + 1, n - (size_t)(eq - s) - 1);
                value[n - (size_t)(eq - s) - 1] = '\0';
                gl_kv_add(l, key, value, 0);
                free(value);
            }
        }
        if (rc != 0) {
            while (l->n > first) { /* nothing added on failure */
                l->n--;
                free(l->items[l->n].key);
                free(l->items[l->n].value);
            }
            return -1;
        }
        s += n;
    }
    l->bare = 1;
    return 0;
}

int gl_kv_int(gl_kvlist *l, const char *key, long long min, long long max, long long *out,
              gl_error *err)
{
    gl_kv *kv = gl_kv_find(l, key);
    if (!kv) return 0;
    if (gl_parse_ll(kv->value, min, max, out) != 0) {
        char what[96];
        snprintf(what, sizeof what, "expected a whole number from %lld to %lld", min, max);
        return gl_kv_fail(l, kv, err, what);
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
        return gl_kv_fail(l, kv, err, what);
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
    return gl_kv_fail(l, kv, err, what);
}

/* Edit distance with adjacent transpositions (optimal string alignment),
 * on names of at most 64 characters. */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64) return 1000;
    int d[65][65];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int cost = a[i - 1] != b[j - 1];
            int v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
            if (d[i - 1][j - 1] + cost < v) v = d[i - 1][j - 1] + cost;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            d[i][j] = v;
        }
    return d[la][lb];
}

/* How far key may be from a name to be offered as what was meant. */
static int close_enough(const char *key, const char *name)
{
    size_t kl = strlen(key);
    if (kl >= 3 && strncmp(name, key, kl) == 0) return 1; /* --limit: --limit-ms */
    int d = distance(key, name);
    int allowed = kl <= 3 ? 1 : kl <= 6 ? 2 : 3;
    return d <= allowed ? d : 0;
}

static void consider(const char *key, const char *name, size_t len, int *best, char *buf, size_t n)
{
    char cand[72];
    if (len == 0 || len >= sizeof cand) return;
    memcpy(cand, name, len);
    cand[len] = '\0';
    if (strcmp(cand, key) == 0) return;
    int d = close_enough(key, cand);
    if (d > 0 && (*best == 0 || d < *best)) {
        *best = d;
        snprintf(buf, n, "%s", cand);
    }
}

int gl_kv_suggest(const gl_kvlist *l, const char *key, const char *more, char *buf, size_t n)
{
    int best = 0;
    if (l)
        for (size_t i = 0; i < l->asked_len; i += strlen(l->asked + i) + 1)
            consider(key, l->asked + i, strlen(l->asked + i), &best, buf, n);
    for (const char *p = more; p && *p;) {
        while (*p == ' ') p++;
        size_t len = strcspn(p, " ");
        consider(key, p, len, &best, buf, n);
        p += len;
    }
    return best > 0;
}

int gl_kv_check_used(const gl_kvlist *l, gl_error *err)
{
    if (!l) return 0;
    for (int i = 0; i < l->n; i++) {
        const gl_kv *kv = &l->items[i];
        char near[72], hint[96] = "";
        if (kv->used) {
            if (kv->novalue) return gl_error_set(err, "option --%s needs a value", kv->key);
            continue;
        }
        int has = gl_kv_suggest(l, kv->key, NULL, near, sizeof near);
        if (l->bare) {
            if (has) snprintf(hint, sizeof hint, "; did you mean '%s'?", near);
            return gl_error_set(err, "no parameter '%.60s'%s", kv->key, hint);
        }
        if (kv->line > 0) {
            if (has) snprintf(hint, sizeof hint, "; did you mean '%s'?", near);
            return gl_error_at(err, l->file, kv->line, "unknown key '%.60s'%s", kv->key, hint);
        }
        if (has) snprintf(hint, sizeof hint, "; did you mean --%s?", near);
        if (l->context) return gl_error_set(err, "unknown option --%.60s for %s%s", kv->key, l->context, hint);
        return gl_error_set(err, "unknown option --%.60s%s", kv->key, hint);
    }
    return 0;
}
