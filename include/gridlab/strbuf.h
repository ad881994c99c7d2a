/* A growable string: the one output buffer every formatter writes into. */
#ifndef GRIDLAB_STRBUF_H
#define GRIDLAB_STRBUF_H

#include "api.h"

#include <stddef.h>

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

#ifdef __cplusplus
}
#endif
#endif
