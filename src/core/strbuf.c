/* Growable strings, and the atomic file write every save goes through. */
#include "gridlab/strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

static void grow(gl_strbuf *sb, size_t extra)
{
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap) return;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < need) cap *= 2;
    char *p = realloc(sb->data, cap);
    if (!p) {
        fputs("gridlab: out of memory\n", stderr);
        abort();
    }
    sb->data = p;
    sb->cap = cap;
}

void gl_sb_init(gl_strbuf *sb)
{
    sb->data = NULL;
    sb->len = sb->cap = 0;
}

void gl_sb_free(gl_strbuf *sb)
{
    free(sb->data);
    gl_sb_init(sb);
}

void gl_sb_clear(gl_strbuf *sb)
{
    sb->len = 0;
    if (sb->data) sb->data[0] = '\0';
}

void gl_sb_append(gl_strbuf *sb, const char *s, size_t n)
{
    grow(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void gl_sb_putc(gl_strbuf *sb, char c) { gl_sb_append(sb, &c, 1); }
void gl_sb_puts(gl_strbuf *sb, const char *s) { gl_sb_append(sb, s, strlen(s)); }

void gl_sb_printf(gl_strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0) return;
    grow(sb, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

const char *gl_sb_str(const gl_strbuf *sb) { return sb->data ? sb->data : ""; }

int gl_write_file_atomic(const char *path, const char *data, size_t len, gl_error *err)
{
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 32);
    if (!tmp) return gl_error_set(err, "%s: out of memory", path);
    snprintf(tmp, plen + 32, "%s.tmp.%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        return gl_error_set(err, "%s: cannot write: %s", path, strerror(e));
    }
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0) {
            if (errno == EINTR) continue;
            int e = errno;
            close(fd);
            unlink(tmp);
            free(tmp);
            return gl_error_set(err, "%s: write failed: %s", path, strerror(e));
        }
        off += (size_t)w;
    }
    if (fsync(fd) != 0 || close(fd) != 0) {
        int e = errno;
        unlink(tmp);
        free(tmp);
        return gl_error_set(err, "%s: write failed: %s", path, strerror(e));
    }
    if (rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        free(tmp);
        return gl_error_set(err, "%s: cannot replace: %s", path, strerror(e));
    }
    free(tmp);
    return 0;
}
