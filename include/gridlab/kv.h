/* key=value lists: board-file headers, game/solver options, the PARAMS of
 * a game ID, presets and forms share them.
 *
 * The CLI turns `--size 14x14` into size=14x14 and a header token into the
 * same pair, so a game validates its parameters in one place whichever way
 * they came (its parameter table, game.h).  Text written as "key=value
 * key=value" (a preset, a form, the tour's board) has one reader,
 * gl_kv_parse_pairs.  Every lookup marks the pair as used; gl_kv_check_used then
 * names the first key nobody asked for, so a misspelt option is an error,
 * never silently ignored; the keys that were asked for (present or not) are
 * remembered, so the message can offer the nearest ("did you mean
 * --width?").
 *
 * Numbers are strict: decimal digits, a '-' only where negative values are
 * allowed, no '+', no leading zeros (010 is neither 8 nor 10: refused), no
 * spaces, within the range the getter gives; an overflow is refused, never
 * clamped or wrapped. */
#ifndef GRIDLAB_KV_H
#define GRIDLAB_KV_H

#include "api.h"

#include <stddef.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_kv {
    char *key;
    char *value;
    int line;  /* line in the source file, 0 for command-line options */
    int used;
    int novalue; /* an option given without a value (value is ""): getters
                    that find it fail with "needs a value" */
} gl_kv;

typedef struct gl_kvlist {
    gl_kv *items;
    int n, cap;
    const char *file; /* for messages: file name, or NULL for options */
    int bare;         /* pairs written key=value outside a file (a game ID, a preset, a
                         form): messages quote them as `key=value`, a key given twice
                         is refused */
    char *context;    /* for messages about options: the command ("solve"); may be NULL */
    char *asked;      /* every key looked up, each NUL-terminated (for suggestions) */
    size_t asked_len, asked_cap;
} gl_kvlist;

GL_API void gl_kv_init(gl_kvlist *l);
GL_API void gl_kv_free(gl_kvlist *l);
GL_API void gl_kv_add(gl_kvlist *l, const char *key, const char *value, int line);
/* Replaces the value of key if present, else adds it. */
GL_API void gl_kv_set(gl_kvlist *l, const char *key, const char *value);
/* Sets the command named in messages about these options (copied). */
GL_API void gl_kv_set_context(gl_kvlist *l, const char *context);
/* Remembers key as one this list's reader takes, for suggestions, without
 * looking it up (flags, a solver's option names). */
GL_API void gl_kv_note_key(gl_kvlist *l, const char *key);
/* The pair for key (marked used), or NULL. */
GL_API gl_kv *gl_kv_find(gl_kvlist *l, const char *key);
GL_API const char *gl_kv_get(gl_kvlist *l, const char *key);

/* Typed getters.  Each returns 0 and leaves *out untouched when the key is
 * absent, 0 with *out set when it parses within [min, max], and -1 with a
 * message naming the key (and file:line) otherwise. */
GL_API int gl_kv_int(gl_kvlist *l, const char *key, long long min, long long max, long long *out,
              gl_error *err);
GL_API int gl_kv_size(gl_kvlist *l, const char *key, int minw, int maxw, int minh, int maxh,
               int *w, int *h, gl_error *err);
/* value must be one of the |-separated choices; *out is its index. */
GL_API int gl_kv_choice(gl_kvlist *l, const char *key, const char *choices, int *out,
                 gl_error *err);
/* Fails naming the first pair no getter asked for ("FILE:LINE: unknown key
 * 'k'" for a header's pair, "unknown option --k for CONTEXT" for a
 * command's), with "did you mean" the nearest key that was asked for when
 * one is close; or the first option a getter found without a value. */
GL_API int gl_kv_check_used(const gl_kvlist *l, gl_error *err);
/* The key among the asked ones (and the space-separated names in more,
 * may be NULL) nearest to key when it is close enough to be a likely
 * misspelling (a small edit distance, or key is the start of the name):
 * 1 with the name in buf, else 0. */
GL_API int gl_kv_suggest(const gl_kvlist *l, const char *key, const char *more, char *buf, size_t n);

/* "key=value key=value" (separated by spaces, tabs or newlines) into l,
 * which becomes bare: 0, or -1 naming the piece that is not key=value or
 * the key given twice.  Nothing is added on failure. */
GL_API int gl_kv_parse_pairs(gl_kvlist *l, const char *text, gl_error *err);
/* Seeds (0 to 2^64-1, as strict as the getters): gl_seed_parse in game.h. */

#ifdef __cplusplus
}
#endif
#endif
