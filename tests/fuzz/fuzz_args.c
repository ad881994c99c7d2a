/* Fuzz target `args`: the command-line parser and the key=value getters
 * every subcommand reads its options with.
 *
 * The input is split into argv at NUL bytes and newlines (so the corpus is
 * readable: one argument per line).  The first byte picks one of the flag
 * lists the real subcommands declare.  After parsing, the options are read
 * the way subcommands read them (limits, seed, sizes, choices, integers)
 * and the unused ones are reported: none of it may crash or leak, and every
 * refusal must come with a message. */
#include "fuzz.h"

#include <string.h>

#include "cli.h"

#define MAX_INPUT 4096
#define MAX_ARGS 64

static const char *const flag_lists[] = {
    "",
    "json",
    "groups json",
    "json trace",
    "json quiet",
    "a b c d e f g h i j k l m n o p q r s t u v w x y z A B C D E",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > MAX_INPUT) return 0;
    const char *flags = flag_lists[data[0] % (sizeof flag_lists / sizeof flag_lists[0])];
    data++;
    size--;

    char *buf = malloc(size + 1);
    if (!buf) return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[MAX_ARGS + 1];
    int argc = 0;
    argv[argc++] = "fuzz";
    char *p = buf;
    for (size_t i = 0; i <= size && argc < MAX_ARGS; i++) {
        if (i == size || buf[i] == '\n' || buf[i] == '\0') {
            buf[i] = '\0';
            argv[argc++] = p;
            p = buf + i + 1;
        }
    }
    argv[argc] = NULL;

    gl_args a;
    if (gl_args_parse(argc, argv, flags, &a) == 0) {
        GL_FUZZ_CHECK(a.npos >= 0 && a.npos <= 16, "npos %d", a.npos);
        (void)gl_args_flag(&a, flags, "json");
        (void)gl_args_flag(&a, flags, "help");
        gl_error err = {0};
        gl_limits lim;
        uint64_t seed = 0;
        int given = 0;
        long long n = 0;
        int w = 0, h = 0, choice = 0;
        if (gl_args_limits(&a, &lim, &err) != 0)
            GL_FUZZ_CHECK(err.set, "limits refused without a message");
        gl_error_clear(&err);
        if (gl_args_seed(&a, &seed, &given, &err) != 0)
            GL_FUZZ_CHECK(err.set, "seed refused without a message");
        gl_error_clear(&err);
        if (gl_kv_size(&a.opts, "size", 1, 1000, 1, 1000, &w, &h, &err) != 0)
            GL_FUZZ_CHECK(err.set, "size refused without a message");
        else if (w || h) GL_FUZZ_CHECK(w >= 1 && w <= 1000 && h >= 1 && h <= 1000, "size %dx%d", w, h);
        gl_error_clear(&err);
        if (gl_kv_int(&a.opts, "colors", 2, 36, &n, &err) != 0)
            GL_FUZZ_CHECK(err.set, "int refused without a message");
        else if (n) GL_FUZZ_CHECK(n >= 2 && n <= 36, "colors %lld", n);
        gl_error_clear(&err);
        if (gl_kv_int(&a.opts, "n", -(1LL << 62), 1LL << 62, &n, &err) != 0)
            GL_FUZZ_CHECK(err.set, "int refused without a message");
        gl_error_clear(&err);
        if (gl_kv_choice(&a.opts, "start", "corner|center", &choice, &err) != 0)
            GL_FUZZ_CHECK(err.set, "choice refused without a message");
        else GL_FUZZ_CHECK(choice >= 0 && choice <= 1, "choice %d", choice);
        gl_error_clear(&err);
        if (gl_kv_choice(&a.opts, "x", "||a|", &choice, &err) != 0)
            GL_FUZZ_CHECK(err.set, "choice refused without a message");
        gl_error_clear(&err);
        /* Options a subcommand does not read must be named. */
        if (gl_kv_check_used(&a.opts, &err) != 0)
            GL_FUZZ_CHECK(err.set, "unused option without a message");
        /* What is passed on to a game or a solver: every option not read,
         * or read without a value, and its checks name them too. */
        gl_kvlist rest;
        gl_kv_init(&rest);
        gl_args_unused(&a, &rest);
        gl_error_clear(&err);
        if (gl_kv_check_used(&rest, &err) != 0) GL_FUZZ_CHECK(err.set, "passed-on option without a message");
        for (int i = 0; i < rest.n; i++) {
            char near[72];
            if (gl_kv_suggest(&rest, rest.items[i].key, "width depth swaps", near, sizeof near))
                GL_FUZZ_CHECK(strcmp(near, rest.items[i].key) != 0, "'%s' suggested for itself", near);
        }
        gl_kv_free(&rest);
        /* Messages hold no raw control character. */
        for (const char *c = err.msg; *c; c++)
            GL_FUZZ_CHECK((unsigned char)*c >= 0x20 && *c != 0x7f, "raw byte 0x%02x in '%s'", (unsigned char)*c, err.msg);
        /* The same list as a header: set/find/get on fuzzed keys. */
        for (int i = 0; i < a.opts.n && i < 4; i++) {
            gl_kv_set(&a.opts, a.opts.items[i].key, "1");
            GL_FUZZ_CHECK(gl_kv_get(&a.opts, a.opts.items[i].key) != NULL, "key vanished");
        }
        gl_args_free(&a);
    }
    free(buf);
    return 0;
}
