/* A small JSON writer and reader.
 *
 * The writer appends to a gl_strbuf and inserts commas itself, so callers
 * write keys and values in order and never think about separators.  Strings
 * are escaped per RFC 8259 (quotes, backslash, control characters as \uXXXX;
 * bytes >= 0x80 pass through as UTF-8).
 *
 * The reader parses a complete document into a tree (for replay files and
 * tests); it rejects trailing garbage, nests at most 256 deep, and refuses
 * what other readers would read differently: a key given twice in one
 * object, a NUL character (\u0000) in a string. */
#ifndef GRIDLAB_JSON_H
#define GRIDLAB_JSON_H

#include "api.h"

#include <stddef.h>
#include "strbuf.h"
#include "error.h"
#include "events.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GL_JSON_DEPTH 64

typedef struct gl_json {
    gl_strbuf *out;
    int depth;
    unsigned char need_comma[GL_JSON_DEPTH];
    int after_key;
} gl_json;

GL_API void gl_json_init(gl_json *j, gl_strbuf *out);
GL_API void gl_json_obj_begin(gl_json *j);
GL_API void gl_json_obj_end(gl_json *j);
GL_API void gl_json_arr_begin(gl_json *j);
GL_API void gl_json_arr_end(gl_json *j);
GL_API void gl_json_key(gl_json *j, const char *key);
GL_API void gl_json_str(gl_json *j, const char *s);
GL_API void gl_json_int(gl_json *j, long long v);
GL_API void gl_json_uint(gl_json *j, unsigned long long v);
GL_API void gl_json_double(gl_json *j, double v); /* non-finite -> null */
GL_API void gl_json_bool(gl_json *j, int v);
GL_API void gl_json_null(gl_json *j);
/* Inserts already-valid JSON text as one value. */
GL_API void gl_json_raw(gl_json *j, const char *text);
/* Escapes s as a JSON string literal (with quotes) onto sb. */
GL_API void gl_json_escape(gl_strbuf *sb, const char *s);
/* n cells (rc holds row, column pairs) as [[r,c],...]. */
GL_API void gl_json_cells(gl_json *j, const int *rc, int n);
/* A solver's or hint's typed results as members ("key": value, ...) of the
 * object being written: every gl_info_type has its JSON form here, once. */
GL_API void gl_json_info(gl_json *j, const gl_info *info);

/* --- reader --- */
typedef enum { GL_JV_NULL, GL_JV_BOOL, GL_JV_NUM, GL_JV_STR, GL_JV_ARR, GL_JV_OBJ } gl_jv_type;

typedef struct gl_jv {
    gl_jv_type type;
    int b;
    double num;
    char *str;           /* STR: value; object member: key in keys[] */
    struct gl_jv *items; /* ARR/OBJ: n values */
    char **keys;         /* OBJ: n keys */
    size_t n;
} gl_jv;

/* Parses text[0..len) into *out; returns 0, or -1 with "offset N: what". */
GL_API int gl_jv_parse(const char *text, size_t len, gl_jv *out, gl_error *err);
GL_API void gl_jv_free(gl_jv *v);
/* Object member by key, or NULL. */
GL_API const gl_jv *gl_jv_get(const gl_jv *obj, const char *key);

#ifdef __cplusplus
}
#endif
#endif
