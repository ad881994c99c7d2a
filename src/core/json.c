/* JSON writer (comma bookkeeping and RFC 8259 escaping) and a small
 * recursive-descent reader for replay files and tests.
 *
 * The reader refuses what readers disagree on, so that a document
 * gridlab accepts means the same to every other program: a key given
 * twice in one object (Python, JavaScript and jq keep the last, a first-
 * match lookup the first) and a NUL character in a string (\u0000, which
 * C strings would cut short, so that "score\u0000x" would be found as
 * "score"). */
#include "gridlab/json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gl_json_init(gl_json *j, gl_strbuf *out)
{
    memset(j, 0, sizeof *j);
    j->out = out;
}

/* Before any value: a comma if a sibling came before (unless after a key). */
static void before_value(gl_json *j)
{
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (j->depth > 0 && j->depth <= GL_JSON_DEPTH) {
        if (j->need_comma[j->depth - 1]) gl_sb_putc(j->out, ',');
        j->need_comma[j->depth - 1] = 1;
    }
}

static void open_(gl_json *j, char c)
{
    before_value(j);
    gl_sb_putc(j->out, c);
    if (j->depth < GL_JSON_DEPTH) j->need_comma[j->depth] = 0;
    j->depth++;
}

static void close_(gl_json *j, char c)
{
    if (j->depth > 0) j->depth--;
    gl_sb_putc(j->out, c);
}

void gl_json_obj_begin(gl_json *j) { open_(j, '{'); }
void gl_json_obj_end(gl_json *j) { close_(j, '}'); }
void gl_json_arr_begin(gl_json *j) { open_(j, '['); }
void gl_json_arr_end(gl_json *j) { close_(j, ']'); }

void gl_json_escape(gl_strbuf *sb, const char *s)
{
    gl_sb_putc(sb, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"': gl_sb_puts(sb, "\\\""); break;
        case '\\': gl_sb_puts(sb, "\\\\"); break;
        case '\n': gl_sb_puts(sb, "\\n"); break;
        case '\r': gl_sb_puts(sb, "\\r"); break;
        case '\t': gl_sb_puts(sb, "\\t"); break;
        case '\b': gl_sb_puts(sb, "\\b"); break;
        case '\f': gl_sb_puts(sb, "\\f"); break;
        default:
            if (*p < 0x20 || *p == 0x7f) gl_sb_printf(sb, "\\u%04x", *p);
            else gl_sb_putc(sb, (char)*p);
        }
    }
    gl_sb_putc(sb, '"');
}

void gl_json_key(gl_json *j, const char *key)
{
    before_value(j);
    gl_json_escape(j->out, key);
    gl_sb_putc(j->out, ':');
    j->after_key = 1;
}

void gl_json_str(gl_json *j, const char *s)
{
    before_value(j);
    gl_json_escape(j->out, s ? s : "");
}

void gl_json_int(gl_json *j, long long v)
{
    before_value(j);
    gl_sb_printf(j->out, "%lld", v);
}

void gl_json_uint(gl_json *j, unsigned long long v)
{
    before_value(j);
    gl_sb_printf(j->out, "%llu", v);
}

void gl_json_double(gl_json *j, double v)
{
    before_value(j);
    if (!isfinite(v)) gl_sb_puts(j->out, "null");
    else gl_sb_printf(j->out, "%.3f", v);
}

void gl_json_bool(gl_json *j, int v)
{
    before_value(j);
    gl_sb_puts(j->out, v ? "true" : "false");
}

void gl_json_null(gl_json *j)
{
    before_value(j);
    gl_sb_puts(j->out, "null");
}

void gl_json_raw(gl_json *j, const char *text)
{
    before_value(j);
    gl_sb_puts(j->out, text);
}

/* ---------------------------------------------------------------- reader */

typedef struct {
    const char *s;
    size_t n, i;
    int depth;
    gl_error *err;
} jparser;

static int jfail(jparser *p, const char *what)
{
    return gl_error_set(p->err, "offset %zu: %s", p->i, what);
}

static void jws(jparser *p)
{
    while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' ||
                           p->s[p->i] == '\r'))
        p->i++;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static void put_utf8(gl_strbuf *sb, unsigned cp)
{
    if (cp < 0x80) gl_sb_putc(sb, (char)cp);
    else if (cp < 0x800) {
        gl_sb_putc(sb, (char)(0xc0 | (cp >> 6)));
        gl_sb_putc(sb, (char)(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
        gl_sb_putc(sb, (char)(0xe0 | (cp >> 12)));
        gl_sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
        gl_sb_putc(sb, (char)(0x80 | (cp & 0x3f)));
    } else {
        gl_sb_putc(sb, (char)(0xf0 | (cp >> 18)));
        gl_sb_putc(sb, (char)(0x80 | ((cp >> 12) & 0x3f)));
        gl_sb_putc(sb, (char)(0x80 | ((cp >> 6) & 0x3f)));
        gl_sb_putc(sb, (char)(0x80 | (cp & 0x3f)));
    }
}

static int jstring(jparser *p, char **out)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    p->i++; /* opening quote */
    for (;;) {
        if (p->i >= p->n) {
            gl_sb_free(&sb);
            return jfail(p, "unterminated string");
        }
        unsigned char c = (unsigned char)p->s[p->i++];
        if (c == '"') break;
        if (c < 0x20) {
            gl_sb_free(&sb);
            return jfail(p, "control character in string");
        }
        if (c != '\\') {
            gl_sb_putc(&sb, (char)c);
            continue;
        }
        if (p->i >= p->n) {
            gl_sb_free(&sb);
            return jfail(p, "unterminated escape");
        }
        char e = p->s[p->i++];
        switch (e) {
        case '"': gl_sb_putc(&sb, '"'); break;
        case '\\': gl_sb_putc(&sb, '\\'); break;
        case '/': gl_sb_putc(&sb, '/'); break;
        case 'b': gl_sb_putc(&sb, '\b'); break;
        case 'f': gl_sb_putc(&sb, '\f'); break;
        case 'n': gl_sb_putc(&sb, '\n'); break;
        case 'r': gl_sb_putc(&sb, '\r'); break;
        case 't': gl_sb_putc(&sb, '\t'); break;
        case 'u': {
            unsigned cp = 0;
            for (int k = 0; k < 4; k++) {
                int v = p->i < p->n ? hexval(p->s[p->i]) : -1;
                if (v < 0) {
                    gl_sb_free(&sb);
                    return jfail(p, "bad \\u escape");
                }
                cp = cp * 16 + (unsigned)v;
                p->i++;
            }
            if (cp >= 0xd800 && cp < 0xdc00 && p->i + 6 <= p->n && p->s[p->i] == '\\' &&
                p->s[p->i + 1] == 'u') {
                unsigned lo = 0;
                int ok = 1;
                for (int k = 0; k < 4; k++) {
                    int v = hexval(p->s[p->i + 2 + k]);
                    if (v < 0) ok = 0;
                    else lo = lo * 16 + (unsigned)v;
                }
                if (ok && lo >= 0xdc00 && lo < 0xe000) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                    p->i += 6;
                }
            }
            if (cp == 0) {
                gl_sb_free(&sb);
                return jfail(p, "\\u0000 (a NUL character) in a string");
            }
            put_utf8(&sb, cp);
            break;
        }
        default:
            gl_sb_free(&sb);
            return jfail(p, "bad escape");
        }
    }
    if (!sb.data) gl_sb_puts(&sb, "");
    *out = sb.data;
    return 0;
}

static int jvalue(jparser *p, gl_jv *v);

static int push_item(gl_jv *v, size_t *cap, gl_jv *item, char *key)
{
    if (v->n == *cap) {
        size_t nc = *cap ? *cap * 2 : 4;
        gl_jv *ni = realloc(v->items, nc * sizeof *ni);
        if (!ni) return -1;
        v->items = ni;
        if (v->type == GL_JV_OBJ) {
            char **nk = realloc(v->keys, nc * sizeof *nk);
            if (!nk) return -1;
            v->keys = nk;
        }
        *cap = nc;
    }
    v->items[v->n] = *item;
    if (v->type == GL_JV_OBJ) v->keys[v->n] = key;
    v->n++;
    return 0;
}

typedef struct {
    const char *key;
    size_t at; /* its place in the object */
} key_at;

static int cmp_key(const void *a, const void *b)
{
    const key_at *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->at > y->at) - (x->at < y->at);
}

/* A key given twice in the object just read: -1 naming it.  Pairwise for
 * a few keys, by sorting for many (a 64 KiB line can hold ten thousand). */
static int check_unique_keys(jparser *p, const gl_jv *v)
{
    size_t dup = v->n; /* the first repeat, in the document's order */
    if (v->n <= 16) {
        for (size_t i = 1; i < v->n && dup == v->n; i++)
            for (size_t j = 0; j < i; j++)
                if (strcmp(v->keys[i], v->keys[j]) == 0) {
                    dup = i;
                    break;
                }
    } else {
        key_at *k = malloc(v->n * sizeof *k);
        if (!k) return jfail(p, "out of memory");
        for (size_t i = 0; i < v->n; i++) k[i] = (key_at){v->keys[i], i};
        qsort(k, v->n, sizeof *k, cmp_key);
        for (size_t i = 1; i < v->n; i++)
            if (strcmp(k[i].key, k[i - 1].key) == 0 && k[i].at < dup) dup = k[i].at;
        free(k);
    }
    if (dup == v->n) return 0;
    return gl_error_set(p->err, "offset %zu: the key \"%.60s\" is given twice in one object", p->i, v->keys[dup]);
}

static int jcontainer(jparser *p, gl_jv *v, int is_obj)
{
    size_t cap = 0;
    v->type = is_obj ? GL_JV_OBJ : GL_JV_ARR;
    if (++p->depth > 256) return jfail(p, "nested too deeply");
    p->i++;
    jws(p);
    if (p->i < p->n && p->s[p->i] == (is_obj ? '}' : ']')) {
        p->i++;
        p->depth--;
        return 0;
    }
    for (;;) {
        char *key = NULL;
        jws(p);
        if (is_obj) {
            if (p->i >= p->n || p->s[p->i] != '"') return jfail(p, "expected a key");
            if (jstring(p, &key) != 0) return -1;
            jws(p);
            if (p->i >= p->n || p->s[p->i] != ':') {
                free(key);
                return jfail(p, "expected ':'");
            }
            p->i++;
        }
        gl_jv item;
        memset(&item, 0, sizeof item);
        if (jvalue(p, &item) != 0) {
            free(key);
            gl_jv_free(&item);
            return -1;
        }
        if (push_item(v, &cap, &item, key) != 0) {
            free(key);
            gl_jv_free(&item);
            return jfail(p, "out of memory");
        }
        jws(p);
        if (p->i >= p->n) return jfail(p, "unexpected end");
        char c = p->s[p->i++];
        if (c == ',') continue;
        if (c == (is_obj ? '}' : ']')) break;
        return jfail(p, is_obj ? "expected ',' or '}'" : "expected ',' or ']'");
    }
    p->depth--;
    if (is_obj) return check_unique_keys(p, v);
    return 0;
}

static int jnumber(jparser *p, gl_jv *v)
{
    size_t st = p->i;
    if (p->s[p->i] == '-') p->i++;
    if (p->i >= p->n) return jfail(p, "bad number");
    if (p->s[p->i] == '0') p->i++;
    else if (p->s[p->i] >= '1' && p->s[p->i] <= '9') {
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
    } else return jfail(p, "bad number");
    if (p->i < p->n && p->s[p->i] == '.') {
        p->i++;
        if (p->i >= p->n || p->s[p->i] < '0' || p->s[p->i] > '9') return jfail(p, "bad number");
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
    }
    if (p->i < p->n && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
        p->i++;
        if (p->i < p->n && (p->s[p->i] == '+' || p->s[p->i] == '-')) p->i++;
        if (p->i >= p->n || p->s[p->i] < '0' || p->s[p->i] > '9') return jfail(p, "bad number");
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
    }
    char buf[64];
    size_t len = p->i - st;
    if (len >= sizeof buf) {
        p->i = st;
        return jfail(p, "number too long");
    }
    memcpy(buf, p->s + st, len);
    buf[len] = '\0';
    v->type = GL_JV_NUM;
    v->num = strtod(buf, NULL);
    return 0;
}

static int jlit(jparser *p, const char *word)
{
    size_t l = strlen(word);
    if (p->n - p->i < l || memcmp(p->s + p->i, word, l) != 0) return jfail(p, "unexpected character");
    p->i += l;
    return 0;
}

static int jvalue(jparser *p, gl_jv *v)
{
    jws(p);
    if (p->i >= p->n) return jfail(p, "unexpected end");
    char c = p->s[p->i];
    if (c == '{') return jcontainer(p, v, 1);
    if (c == '[') return jcontainer(p, v, 0);
    if (c == '"') {
        v->type = GL_JV_STR;
        return jstring(p, &v->str);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return jnumber(p, v);
    if (c == 't') {
        v->type = GL_JV_BOOL;
        v->b = 1;
        return jlit(p, "true");
    }
    if (c == 'f') {
        v->type = GL_JV_BOOL;
        return jlit(p, "false");
    }
    if (c == 'n') {
        v->type = GL_JV_NULL;
        return jlit(p, "null");
    }
    return jfail(p, "unexpected character");
}

int gl_jv_parse(const char *text, size_t len, gl_jv *out, gl_error *err)
{
    jparser p = {text, len, 0, 0, err};
    memset(out, 0, sizeof *out);
    if (jvalue(&p, out) != 0) {
        gl_jv_free(out);
        return -1;
    }
    jws(&p);
    if (p.i != p.n) {
        gl_jv_free(out);
        return jfail(&p, "trailing characters after the value");
    }
    return 0;
}

void gl_jv_free(gl_jv *v)
{
    if (!v) return;
    free(v->str);
    for (size_t i = 0; i < v->n; i++) {
        gl_jv_free(&v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    memset(v, 0, sizeof *v);
}

const gl_jv *gl_jv_get(const gl_jv *obj, const char *key)
{
    if (!obj || obj->type != GL_JV_OBJ) return NULL;
    for (size_t i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0) return &obj->items[i];
    return NULL;
}

void gl_json_cells(gl_json *j, const int *rc, int n)
{
    gl_json_arr_begin(j);
    for (int k = 0; k < n; k++) {
        gl_json_arr_begin(j);
        gl_json_int(j, rc[2 * k]);
        gl_json_int(j, rc[2 * k + 1]);
        gl_json_arr_end(j);
    }
    gl_json_arr_end(j);
}

void gl_json_info(gl_json *j, const gl_info *info)
{
    for (int i = 0; i < info->n; i++) {
        const gl_info_item *it = &info->items[i];
        gl_json_key(j, it->key);
        switch (it->type) {
        case GL_INFO_INT: gl_json_int(j, it->value); break;
        case GL_INFO_BOOL: gl_json_bool(j, (int)it->value); break;
        case GL_INFO_NULL: gl_json_null(j); break;
        case GL_INFO_TEXT: gl_json_str(j, it->text); break;
        case GL_INFO_CELLS: gl_json_cells(j, info->cells.rc + 2 * it->first, (int)it->value); break;
        case GL_INFO_CELL_LISTS:
            gl_json_arr_begin(j);
            for (long long k = 0; k < it->value; k++) {
                const int *l = &info->lists[2 * (it->first + k)];
                gl_json_cells(j, info->cells.rc + 2 * l[0], l[1]);
            }
            gl_json_arr_end(j);
            break;
        }
    }
}
