/* Errors a user can act on.
 *
 * Functions that can fail return a non-zero code and fill a gl_error.  The
 * message is complete and ready to print after "gridlab: " — readers put the
 * "FILE:LINE: " prefix in themselves, so a caller never has to know where an
 * error came from to report it well. */
#ifndef GRIDLAB_ERROR_H
#define GRIDLAB_ERROR_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GL_ERROR_MAX 512

typedef struct gl_error {
    int set;
    char msg[GL_ERROR_MAX];
} gl_error;

#if defined(__GNUC__)
#define GL_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define GL_PRINTF(a, b)
#endif

/* Sets the message (printf-style); returns -1 so that callers can write
 * `return gl_error_set(err, ...);`.  err may be NULL. */
int gl_error_set(gl_error *err, const char *fmt, ...) GL_PRINTF(2, 3);
/* Same, prefixed with "FILE:LINE: " (LINE 0 omits the line). */
int gl_error_at(gl_error *err, const char *file, int line, const char *fmt, ...)
    GL_PRINTF(4, 5);
void gl_error_clear(gl_error *err);

#ifdef __cplusplus
}
#endif
#endif
