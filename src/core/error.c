/* gl_error: one message buffer per failing call, filled where the failure
 * is understood best.
 *
 * Messages quote input (a header token, an option's value, a file name), and
 * input can hold anything: an escape sequence that recolours or clears the
 * terminal, a lone carriage return that hides the start of the line, a
 * byte-order mark or a bidirectional override that is invisible.  Every
 * message is therefore escaped once it is formatted: such bytes are written
 * as \xNN, so what a user reads is what the file holds. */
#include "gridlab/error.h"
#include "gridlab/game_impl.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (n bytes left) and its code
 * point, or 0 when the bytes are not one (overlong, surrogate, cut). */
static size_t utf8_seq(const unsigned char *s, size_t n, uint32_t *cp)
{
    unsigned char b = s[0];
    size_t len;
    uint32_t v, min;
    if (b >= 0xc2 && b <= 0xdf) len = 2, v = b & 0x1f, min = 0x80;
    else if (b >= 0xe0 && b <= 0xef) len = 3, v = b & 0x0f, min = 0x800;
    else if (b >= 0xf0 && b <= 0xf4) len = 4, v = b & 0x07, min = 0x10000;
    else return 0;
    if (len > n) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        v = (v << 6) | (s[i] & 0x3f);
    }
    if (v < min || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return 0;
    *cp = v;
    return len;
}

/* Code points a terminal does not show as themselves: C1 controls, zero
 * widths, line and paragraph separators, bidirectional controls, the BOM. */
static int invisible(uint32_t cp)
{
    return (cp >= 0x80 && cp <= 0x9f) || (cp >= 0x200b && cp <= 0x200f) ||
           (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x2069) || cp == 0xfeff;
}

size_t gl_escape_text(const char *in, size_t n, char *out, size_t cap)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)in;
    size_t o = 0;
    if (cap == 0) return 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp = 0;
        size_t len = 1;
        int esc;
        if (s[i] < 0x20 || s[i] == 0x7f) esc = 1;
        else if (s[i] < 0x80) esc = 0;
        else {
            len = utf8_seq(s + i, n - i, &cp);
            if (len == 0) len = 1, esc = 1; /* not UTF-8: this byte alone */
            else esc = invisible(cp);
        }
        size_t need = esc ? 4 * len : len;
        if (o + need >= cap) break; /* never half an escape or a character */
        for (size_t k = 0; k < len; k++) {
            if (esc) {
                out[o++] = '\\';
                out[o++] = 'x';
                out[o++] = hex[s[i + k] >> 4];
                out[o++] = hex[s[i + k] & 15];
            } else {
                out[o++] = (char)s[i + k];
            }
        }
        i += len;
    }
    out[o] = '\0';
    return o;
}

const char *gl_escape_byte(char c, char buf[5])
{
    static const char hex[] = "0123456789abcdef";
    unsigned char u = (unsigned char)c;
    if (u > 0x20 && u < 0x7f) {
        buf[0] = (char)u;
        buf[1] = '\0';
    } else {
        buf[0] = '\\';
        buf[1] = 'x';
        buf[2] = hex[u >> 4];
        buf[3] = hex[u & 15];
        buf[4] = '\0';
    }
    return buf;
}

/* A byte-order mark is named as one: "\xef\xbb\xbf" alone tells a user
 * nothing about the invisible character an editor put there. */
static const char bom_note[] = " (\\xef\\xbb\\xbf is a byte-order mark)";

static void set_escaped(gl_error *err, const char *text)
{
    size_t n = gl_escape_text(text, strlen(text), err->msg, sizeof err->msg);
    if (strstr(text, "\xef\xbb\xbf") && n + sizeof bom_note <= sizeof err->msg)
        memcpy(err->msg + n, bom_note, sizeof bom_note);
    err->set = 1;
}

int gl_error_set(gl_error *err, const char *fmt, ...)
{
    if (err) {
        char raw[GL_ERROR_MAX];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        set_escaped(err, raw);
    }
    return -1;
}

int gl_error_at(gl_error *err, const char *file, int line, const char *fmt, ...)
{
    if (err) {
        char raw[GL_ERROR_MAX];
        int n = line > 0 ? snprintf(raw, sizeof raw, "%.200s:%d: ", file ? file : "-", line)
                         : snprintf(raw, sizeof raw, "%.200s: ", file ? file : "-");
        if (n < 0) n = 0;
        if ((size_t)n >= sizeof raw) n = (int)sizeof raw - 1;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw + n, sizeof raw - (size_t)n, fmt, ap);
        va_end(ap);
        set_escaped(err, raw);
    }
    return -1;
}

void gl_error_clear(gl_error *err)
{
    if (err) {
        err->set = 0;
        err->msg[0] = '\0';
    }
}
