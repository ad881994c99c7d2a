/* The common board text format: split a file into header pairs and rows,
 * remembering line numbers, so each game's parser reports exact places.
 *
 * A UTF-8 byte-order mark at the start of a file (some editors write one)
 * is skipped, by the file reader and by the text parser: it is invisible,
 * so refusing it would quote a character the user cannot see. */
#include "gridlab/text.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gl_read_file(const char *path, size_t max, char **data, size_t *len, gl_error *err)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    if (!f) return gl_error_set(err, "%s: cannot open: %s", name, strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf) {
        if (f != stdin) fclose(f);
        return gl_error_set(err, "%s: out of memory", name);
    }
    for (;;) {
        if (n == cap) {
            if (cap >= max + 1) break;
            cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
            char *nb = realloc(buf, cap + 1);
            if (!nb) {
                free(buf);
                if (f != stdin) fclose(f);
                return gl_error_set(err, "%s: out of memory", name);
            }
            buf = nb;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
    }
    int bad = ferror(f);
    int e = errno;
    if (f != stdin) fclose(f);
    if (bad) {
        free(buf);
        return gl_error_set(err, "%s: read error: %s", name, strerror(e));
    }
    if (n > max) {
        free(buf);
        return gl_error_set(err, "%s: file too large (more than %zu bytes)", name, max);
    }
    if (gl_text_has_bom(buf, n)) {
        /* One mark is an editor's; two are not, and a parser that skips
         * one of its own (gl_text_parse) would accept them both. */
        if (gl_text_has_bom(buf + 3, n - 3)) {
            free(buf);
            return gl_error_at(err, name, 1, "two byte-order marks at the start (one is skipped, not two)");
        }
        memmove(buf, buf + 3, n - 3);
        n -= 3;
    }
    buf[n] = '\0';
    *data = buf;
    *len = n;
    return 0;
}

int gl_text_has_bom(const char *data, size_t len)
{
    return len >= 3 && (unsigned char)data[0] == 0xef && (unsigned char)data[1] == 0xbb &&
           (unsigned char)data[2] == 0xbf;
}

static char *dupn(const char *s, size_t n)
{
    char *p = malloc(n + 1);
    if (!p) {
        fputs("gridlab: out of memory\n", stderr);
        abort();
    }
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

int gl_text_error(const gl_text *t, int line, gl_error *err, const char *fmt, ...)
{
    char msg[GL_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return gl_error_at(err, t->file, line, "%s", msg);
}

static int is_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t') return 0;
    return 1;
}

static int parse_header(gl_text *t, const char *s, size_t n, int line, gl_error *err)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    size_t st = i;
    while (i < n && s[i] != ' ' && s[i] != '\t') i++;
    t->game = dupn(s + st, i - st);
    t->header_line = line;
    for (size_t k = 0; t->game[k]; k++) {
        char c = t->game[k];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
            return gl_text_error(t, line, err, "expected a game name (lower-case letters and digits), found '%.40s'",
                                 t->game);
    }
    for (;;) {
        while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
        if (i >= n) break;
        st = i;
        while (i < n && s[i] != ' ' && s[i] != '\t') i++;
        const char *tok = s + st;
        size_t tl = i - st;
        const char *eq = memchr(tok, '=', tl);
        if (!eq || eq == tok)
            return gl_text_error(t, line, err, "expected key=value, found '%.*s'",
                                 (int)(tl > 40 ? 40 : tl), tok);
        char *key = dupn(tok, (size_t)(eq - tok));
        char *val = dupn(eq + 1, tl - (size_t)(eq - tok) - 1);
        for (int k = 0; k < t->keys.n; k++)
            if (strcmp(t->keys.items[k].key, key) == 0) {
                gl_text_error(t, line, err, "key '%s' given twice", key);
                free(key);
                free(val);
                return -1;
            }
        gl_kv_add(&t->keys, key, val, line);
        free(key);
        free(val);
    }
    return 0;
}

int gl_text_parse(const char *data, size_t len, const char *file, gl_text *t, gl_error *err)
{
    memset(t, 0, sizeof *t);
    gl_kv_init(&t->keys);
    t->file = dupn(file, strlen(file));
    t->keys.file = t->file;
    int line = 0;
    size_t pos = 0;
    int rows_cap = 0;
    int seen_blank_after_rows = 0;
    if (gl_text_has_bom(data, len)) pos = 3;
    while (pos < len) {
        const char *s = data + pos;
        const char *nl = memchr(s, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - s) : len - pos;
        pos += n + (nl ? 1 : 0);
        line++;
        if (n > 0 && s[n - 1] == '\r') n--;
        if (memchr(s, '\0', n)) {
            gl_text_error(t, line, err, "NUL byte in text");
            goto fail;
        }
        if (n > GL_TEXT_MAX_LINE) {
            gl_text_error(t, line, err, "line too long (%zu characters; at most %d)", n,
                          GL_TEXT_MAX_LINE);
            goto fail;
        }
        size_t lead = 0;
        while (lead < n && (s[lead] == ' ' || s[lead] == '\t')) lead++;
        if (lead < n && s[lead] == '#') continue;
        if (is_blank(s, n)) {
            if (t->nrows > 0) seen_blank_after_rows = 1;
            continue;
        }
        if (!t->game) {
            if (parse_header(t, s, n, line, err) != 0) goto fail;
            continue;
        }
        if (seen_blank_after_rows) {
            gl_text_error(t, line, err, "blank line inside the board");
            goto fail;
        }
        if (t->nrows >= GL_TEXT_MAX_ROWS) {
            gl_text_error(t, line, err, "too many rows (at most %d)", GL_TEXT_MAX_ROWS);
            goto fail;
        }
        if (t->nrows == rows_cap) {
            rows_cap = rows_cap ? rows_cap * 2 : 16;
            gl_text_row *r = realloc(t->rows, (size_t)rows_cap * sizeof *r);
            if (!r) {
                gl_error_set(err, "%s: out of memory", file);
                goto fail;
            }
            t->rows = r;
        }
        /* Trailing spaces are not part of a row. */
        while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
        t->rows[t->nrows].text = dupn(s + lead, n - lead);
        t->rows[t->nrows].len = (int)(n - lead);
        t->rows[t->nrows].line = line;
        t->nrows++;
    }
    t->end_line = line;
    if (!t->game) {
        gl_error_at(err, t->file, line > 0 ? line : 1, "%s", "empty file: expected a header like 'flood size=14x14 colors=6'");
        goto fail;
    }
    return 0;
fail:
    gl_text_free(t);
    return -1;
}

void gl_text_free(gl_text *t)
{
    for (int i = 0; i < t->nrows; i++) free(t->rows[i].text);
    free(t->rows);
    free(t->game);
    free(t->file);
    gl_kv_free(&t->keys);
    memset(t, 0, sizeof *t);
}

int gl_text_expect_rows(const gl_text *t, int n, gl_error *err)
{
    if (t->nrows < n)
        return gl_text_error(t, t->nrows ? t->rows[t->nrows - 1].line + 1 : t->header_line + 1,
                             err, "too few rows: expected %d, found %d", n, t->nrows);
    if (t->nrows > n)
        return gl_text_error(t, t->rows[n].line, err, "too many rows: expected %d", n);
    return 0;
}

int gl_text_check_keys(const gl_text *t, gl_error *err) { return gl_kv_check_used(&t->keys, err); }
