/* The common text board format (SPEC 1), and the library's file reading
 * and atomic writing.  Internal: a game's parse takes a gl_text, which
 * callers of the API never see (they read boards with gl_board_read and
 * gl_board_parse_text, game.h).
 *
 *     # comment
 *     GAME key=value key=value ...
 *     <rows>
 *
 * The reader splits a file into its game name, its header pairs and its
 * rows, each remembering its line number, so that a game's parser can say
 * `FILE:LINE: message` about exactly the row that is wrong.  Blank lines
 * after the rows and comment lines anywhere are skipped; CR before LF is
 * accepted, and so is a UTF-8 byte-order mark at the start (skipped).
 * Limits (bytes, line length, rows) keep hostile files from eating
 * memory. */
#ifndef GRIDLAB_TEXT_H
#define GRIDLAB_TEXT_H

#include <stddef.h>
#include <gridlab/error.h>
#include <gridlab/kv.h>

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

typedef struct gl_text gl_text; /* as game.h names it */
struct gl_text {
    char *file;      /* name used in messages */
    char *game;      /* first word of the header */
    int header_line;
    gl_kvlist keys;  /* header pairs */
    gl_text_row *rows;
    int nrows;
    int end_line;    /* last line of the file, for "too few rows" */
};

/* Reads a whole file ("-" is standard input) into a NUL-terminated buffer,
 * refusing more than max bytes.  *len gets the size.  A UTF-8 byte-order
 * mark at the start is dropped; two are refused. */
int gl_read_file(const char *path, size_t max, char **data, size_t *len, gl_error *err);
/* 1 when data starts with a UTF-8 byte-order mark (EF BB BF). */
int gl_text_has_bom(const char *data, size_t len);
/* Parses text that came from `file` (name for messages). */
int gl_text_parse(const char *data, size_t len, const char *file, gl_text *t, gl_error *err);
void gl_text_free(gl_text *t);
/* Error at a line of this file: "FILE:LINE: ..." */
int gl_text_error(const gl_text *t, int line, gl_error *err, const char *fmt, ...)
    GL_PRINTF(4, 5);
/* Checks that there are exactly n rows (message names the line). */
int gl_text_expect_rows(const gl_text *t, int n, gl_error *err);
/* Fails on any header key that the game's parser did not look up. */
int gl_text_check_keys(const gl_text *t, gl_error *err);

/* Writes the text to a file atomically: a new temporary file beside it
 * (O_EXCL | O_NOFOLLOW, a fresh name on a clash), fsync, rename over the
 * target, fsync of the directory.  A symbolic link is followed: the file
 * at the end of the chain is replaced, the link stays.  An existing file
 * keeps its mode (and owner where permitted); a new one gets 0666 less the
 * umask.  Anything but a regular file is refused.  On failure the old file
 * is as it was and no temporary file is left.  Returns 0, or -1 with err
 * naming path.  (src/core/strbuf.c) */
int gl_write_file_atomic(const char *path, const char *data, size_t len, gl_error *err);

#ifdef __cplusplus
}
#endif
#endif
