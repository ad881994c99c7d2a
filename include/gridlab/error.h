/* Errors a user can act on.
 *
 * Functions that can fail return a non-zero code and fill a gl_error.  The
 * message is complete and ready to print after "gridlab: " — readers put the
 * "FILE:LINE: " prefix in themselves, so a caller never has to know where an
 * error came from to report it well. */
#ifndef GRIDLAB_ERROR_H
#define GRIDLAB_ERROR_H

#include "api.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GL_ERROR_MAX 512

typedef struct gl_error {
    int set;
    char msg[GL_ERROR_MAX];
} gl_error;

/* Sets the message (printf-style); returns -1 so that callers can write
 * `return gl_error_set(err, ...);`.  err may be NULL.  The message is
 * escaped as gl_escape_text does, so quoting input is always safe. */
GL_API int gl_error_set(gl_error *err, const char *fmt, ...) GL_PRINTF(2, 3);
/* Same, prefixed with "FILE:LINE: " (LINE 0 omits the line). */
GL_API int gl_error_at(gl_error *err, const char *file, int line, const char *fmt, ...)
    GL_PRINTF(4, 5);
GL_API void gl_error_clear(gl_error *err);

/* Copies n bytes of text to out (cap bytes, NUL-terminated), writing as
 * \xNN every byte a terminal would not show as itself: control characters
 * (escape sequences, a lone carriage return), bytes that are not UTF-8,
 * and invisible or reordering characters (C1 controls, zero widths, bidi
 * controls, the byte-order mark).  Printable text, UTF-8 included, and
 * backslashes are kept, so escaping escaped text changes nothing.  Stops
 * before an escape or a character that would not fit.  Returns the length
 * written. */
GL_API size_t gl_escape_text(const char *in, size_t n, char *out, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
