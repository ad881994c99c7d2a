/* The common text board format (SPEC 1).
 *
 *     # comment
 *     GAME key=value key=value ...
 *     <rows>
 *
 * The reader splits a file into its game name, its header pairs and its
 * rows, each remembering its line number, so that a game's parser can say
 * `FILE:LINE: message` about exactly the row that is wrong.  Blank lines
 * after the rows and comment lines anywhere are skipped; CR before LF is
 * accepted, and so is a UTF-8 byte-order mark at the start (skipped).  Limits (bytes, line length, rows) keep hostile files from
 * eating memory. */
#ifndef GRIDLAB_TEXT_H
#define GRIDLAB_TEXT_H

#include "api.h"

#include <stddef.h>
#include "error.h"
#include "kv.h"
#include "strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GL_TEXT_MAX_BYTES (16u << 20) /* a board file larger than this is refused */
#define GL_TEXT_MAX_LINE 4096         /* longest accepted line */
#define GL_TEXT_MAX_ROWS 1024

typedef struct gl_text_row {
    char *text;
    int len;
    int line;
} gl_text_row;

typedef struct gl_text {
    char *file;      /* name used in messages */
    char *game;      /* first word of the header */
    int header_line;
    gl_kvlist keys;  /* header pairs */
    gl_text_row *rows;
    int nrows;
    int end_line;    /* last line of the file, for "too few rows" */
} gl_text;

/* Reads a whole file ("-" is standard input) into a NUL-terminated buffer,
 * refusing more than max bytes.  *len gets the size.  A UTF-8 byte-order
 * mark at the start is dropped; two are refused. */
GL_API int gl_read_file(const char *path, size_t max, char **data, size_t *len, gl_error *err);
/* 1 when data starts with a UTF-8 byte-order mark (EF BB BF). */
GL_API int gl_text_has_bom(const char *data, size_t len);
/* Parses text that came from `file` (name for messages). */
GL_API int gl_text_parse(const char *data, size_t len, const char *file, gl_text *t, gl_error *err);
GL_API int gl_text_read(const char *path, gl_text *t, gl_error *err);
GL_API void gl_text_free(gl_text *t);
/* Error at a line of this file: "FILE:LINE: ..." */
GL_API int gl_text_error(const gl_text *t, int line, gl_error *err, const char *fmt, ...)
    GL_PRINTF(4, 5);
/* Checks that there are exactly n rows (message names the line). */
GL_API int gl_text_expect_rows(const gl_text *t, int n, gl_error *err);
/* Fails on any header key that the game's parser did not look up. */
GL_API int gl_text_check_keys(const gl_text *t, gl_error *err);

#ifdef __cplusplus
}
#endif
#endif
