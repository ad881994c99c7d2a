/* Data files the engine reads (the learned Lines player's weights), given
 * as bytes by a host that has no file system: the page's worker fetches a
 * file when the engine first wants it and gives it here.
 *
 * A part of the engine that needs such a file looks for it with
 * gl_data_find first.  Without it, where files cannot be read (the
 * WebAssembly build, or after gl_data_files(0)), it records the file's
 * name (gl_data_want, gridlab/game_impl.h) and fails its call with an
 * error naming the file;
 * the host then reads gl_data_wanted(), gives the file with gl_data_give
 * and makes the call again.  A failed call changes nothing (a hint that
 * wanted its file is not counted).  A file given with no bytes is one the
 * host could not get: the engine does without it where it can (a Lines 98
 * hint then comes from the search player).  The table is the process's own, for
 * one thread: the host gives files between calls, not during one. */
#ifndef GRIDLAB_DATA_H
#define GRIDLAB_DATA_H

#include "api.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most files kept, and the longest name. */
#define GL_DATA_MAX_FILES 8
#define GL_DATA_MAX_NAME 63

/* Keeps a copy of len bytes under name (replacing what was given under
 * that name before).  0, or -1 when the name is empty or longer than
 * GL_DATA_MAX_NAME, the table is full, or memory runs out. */
GL_API int gl_data_give(const char *name, const unsigned char *bytes, size_t len);
/* The bytes given under name (their length in *len), or NULL. */
GL_API const unsigned char *gl_data_find(const char *name, size_t *len);
/* Whether the engine may read files itself: 1 natively, 0 in the
 * WebAssembly build; a test sets 0 to act as the page does. */
GL_API void gl_data_files(int allowed);
/* The name the last call wanted ("" when none), cleared by reading it. */
GL_API const char *gl_data_wanted(void);
/* Drops every file given (and what was wanted). */
GL_API void gl_data_clear(void);

#ifdef __cplusplus
}
#endif

#endif
