/* Fuzz target `json`: the JSON reader (replay files, tests).
 *
 * gl_jv_parse must refuse malformed text with a message and never crash,
 * leak or recurse without bound.  Whatever it accepts holds no key twice in
 * an object and no NUL in a string (what other readers read differently),
 * and is written back with the project's writer and read again: the two
 * trees must be equal (a round trip through both halves of json.c). */
#include "fuzz.h"

#include <math.h>
#include <string.h>

#include "gridlab/json.h"
#include "gridlab/strbuf.h"

#define MAX_INPUT (64u << 10)

static int depth_of(const gl_jv *v)
{
    int d = 0;
    if (v->type == GL_JV_ARR || v->type == GL_JV_OBJ)
        for (size_t i = 0; i < v->n; i++) {
            int k = depth_of(&v->items[i]);
            if (k > d) d = k;
        }
    return d + (v->type == GL_JV_ARR || v->type == GL_JV_OBJ);
}

static void write_jv(gl_json *j, const gl_jv *v)
{
    char num[64];
    switch (v->type) {
    case GL_JV_NULL: gl_json_null(j); break;
    case GL_JV_BOOL: gl_json_bool(j, v->b); break;
    case GL_JV_NUM:
        /* %.17g keeps every double exactly; non-finite (an overflowing
         * literal like 1e999) has no JSON spelling. */
        if (isfinite(v->num)) {
            snprintf(num, sizeof num, "%.17g", v->num);
            gl_json_raw(j, num);
        } else gl_json_null(j);
        break;
    case GL_JV_STR: gl_json_str(j, v->str); break;
    case GL_JV_ARR:
        gl_json_arr_begin(j);
        for (size_t i = 0; i < v->n; i++) write_jv(j, &v->items[i]);
        gl_json_arr_end(j);
        break;
    case GL_JV_OBJ:
        gl_json_obj_begin(j);
        for (size_t i = 0; i < v->n; i++) {
            gl_json_key(j, v->keys[i]);
            write_jv(j, &v->items[i]);
        }
        gl_json_obj_end(j);
        break;
    }
}

static int same(const gl_jv *a, const gl_jv *b)
{
    if (a->type == GL_JV_NUM && !isfinite(a->num)) return b->type == GL_JV_NULL;
    if (a->type != b->type) return 0;
    switch (a->type) {
    case GL_JV_NULL: return 1;
    case GL_JV_BOOL: return a->b == b->b;
    case GL_JV_NUM: return a->num == b->num;
    case GL_JV_STR: return strcmp(a->str, b->str) == 0;
    case GL_JV_ARR:
    case GL_JV_OBJ:
        if (a->n != b->n) return 0;
        for (size_t i = 0; i < a->n; i++) {
            if (a->type == GL_JV_OBJ && strcmp(a->keys[i], b->keys[i]) != 0) return 0;
            if (!same(&a->items[i], &b->items[i])) return 0;
        }
        return 1;
    }
    return 0;
}

/* No object holds a key twice (checked pairwise in objects of up to 512
 * keys: the reader's own check sorts above 16, so both of its ways are
 * covered). */
static void check_unique(const gl_jv *v)
{
    if (v->type != GL_JV_ARR && v->type != GL_JV_OBJ) return;
    for (size_t i = 0; i < v->n; i++) {
        if (v->type == GL_JV_OBJ && v->n <= 512)
            for (size_t k = 0; k < i; k++)
                GL_FUZZ_CHECK(strcmp(v->keys[i], v->keys[k]) != 0, "the key \"%s\" accepted twice", v->keys[i]);
        check_unique(&v->items[i]);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) return 0;
    char *text = malloc(size ? size : 1); /* exact size: no NUL to lean on */
    if (!text) return 0;
    memcpy(text, data, size);
    gl_jv v;
    memset(&v, 0, sizeof v);
    gl_error err = {0};
    if (gl_jv_parse(text, size, &v, &err) == 0) {
        if (v.type == GL_JV_OBJ && v.n > 0) (void)gl_jv_get(&v, v.keys[0]);
        check_unique(&v);
        /* The writer keeps comma state for GL_JSON_DEPTH levels only. */
        if (depth_of(&v) < GL_JSON_DEPTH) {
            gl_strbuf sb = GL_STRBUF_INIT;
            gl_json j;
            gl_json_init(&j, &sb);
            write_jv(&j, &v);
            gl_jv w;
            memset(&w, 0, sizeof w);
            gl_error e2 = {0};
            GL_FUZZ_CHECK(gl_jv_parse(gl_sb_str(&sb), sb.len, &w, &e2) == 0,
                          "written JSON does not parse: %s\n%s", e2.msg, gl_sb_str(&sb));
            GL_FUZZ_CHECK(same(&v, &w), "JSON changed in a round trip:\n%s", gl_sb_str(&sb));
            gl_jv_free(&w);
            gl_sb_free(&sb);
        }
    } else {
        GL_FUZZ_CHECK(err.set && err.msg[0], "JSON refused without a message");
    }
    gl_jv_free(&v);
    free(text);
    return 0;
}
