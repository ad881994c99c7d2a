/* A growable string: the one output buffer every formatter writes into. */
#ifndef GRIDLAB_STRBUF_H
#define GRIDLAB_STRBUF_H

#include "api.h"

#include <stddef.h>
#include <stdio.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_strbuf {
    char *data; /* always NUL-terminated once anything was written */
    size_t len;
    size_t cap;
} gl_strbuf;

#define GL_STRBUF_INIT {NULL, 0, 0}

GL_API void gl_sb_init(gl_strbuf *sb);
GL_API void gl_sb_free(gl_strbuf *sb);
GL_API void gl_sb_clear(gl_strbuf *sb);
GL_API void gl_sb_putc(gl_strbuf *sb, char c);
GL_API void gl_sb_puts(gl_strbuf *sb, const char *s);
GL_API void gl_sb_append(gl_strbuf *sb, const char *s, size_t n);
GL_API void gl_sb_printf(gl_strbuf *sb, const char *fmt, ...) GL_PRINTF(2, 3);
/* The text, "" when empty (never NULL). */
GL_API const char *gl_sb_str(const gl_strbuf *sb);
/* Writes the text to a file atomically: a new temporary file beside it
 * (O_EXCL | O_NOFOLLOW, a fresh name on a clash), fsync, rename over the
 * target, fsync of the directory.  A symbolic link is followed: the file
 * at the end of the chain is replaced, the link stays.  An existing file
 * keeps its mode (and owner where permitted); a new one gets 0666 less the
 * umask.  Anything but a regular file is refused.  On failure the old file
 * is as it was and no temporary file is left.  Returns 0, or -1 with err
 * naming path. */
GL_API int gl_write_file_atomic(const char *path, const char *data, size_t len, gl_error *err);

#ifdef __cplusplus
}
#endif
#endif
