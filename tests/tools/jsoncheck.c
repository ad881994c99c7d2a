/* jsoncheck: exits 0 when standard input is valid JSON (or, with -l, when
 * every non-empty line is), else prints where it is not and exits 1. */
#include "gridlab/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int lines = argc > 1 && strcmp(argv[1], "-l") == 0;
    char *data;
    size_t len;
    gl_error err = {0};
    if (gl_read_file("-", 64u << 20, &data, &len, &err) != 0) {
        fprintf(stderr, "jsoncheck: %s\n", err.msg);
        return 2;
    }
    int bad = 0, count = 0;
    if (lines) {
        size_t st = 0;
        int ln = 0;
        while (st < len) {
            char *nl = memchr(data + st, '\n', len - st);
            size_t n = nl ? (size_t)(nl - (data + st)) : len - st;
            ln++;
            if (n) {
                gl_jv v;
                if (gl_jv_parse(data + st, n, &v, &err) != 0) {
                    fprintf(stderr, "jsoncheck: line %d: %s\n", ln, err.msg);
                    bad = 1;
                } else {
                    gl_jv_free(&v);
                    count++;
                }
            }
            st += n + 1;
        }
        if (!count) bad = 1;
    } else {
        gl_jv v;
        if (gl_jv_parse(data, len, &v, &err) != 0) {
            fprintf(stderr, "jsoncheck: %s\n", err.msg);
            bad = 1;
        } else gl_jv_free(&v);
    }
    free(data);
    return bad;
}
