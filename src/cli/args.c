/* Argument parsing shared by the subcommands: options and flags, limits,
 * seeds, a board or game ID argument, and the messages of a failure. */
#include "cli.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int gl_cli_failf(const char *fmt, ...)
{
    /* Messages quote arguments and input: escaped like every gl_error. */
    char raw[GL_ERROR_MAX], msg[GL_ERROR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    gl_escape_text(raw, strlen(raw), msg, sizeof msg);
    fprintf(stderr, "gridlab: %s\n", msg);
    return GL_EXIT_USAGE;
}

int gl_cli_fail(const gl_error *err)
{
    return gl_cli_failf("%s", err && err->set ? err->msg : "failed");
}

int gl_cli_help(const char *usage, const char *text)
{
    printf("usage: gridlab %s\n\n%s", usage, text);
    return GL_EXIT_OK;
}

int gl_args_start(int argc, char **argv, const char *flag_names, gl_args *a, int *status, const char *usage,
                  const char *text)
{
    if (gl_args_parse(argc, argv, flag_names, a) != 0) {
        *status = GL_EXIT_USAGE;
        return 0;
    }
    if (gl_args_flag(a, flag_names, "help")) {
        gl_args_free(a);
        *status = gl_cli_help(usage, text);
        return 0;
    }
    return 1;
}

/* Index of name in a space-separated list, or -1. */
int gl_args_flag_index(const char *names, const char *name, size_t len)
{
    int idx = 0;
    const char *p = names;
    while (*p) {
        while (*p == ' ') p++;
        if (!*p) break;
        const char *e = strchr(p, ' ');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        if (l == len && strncmp(p, name, len) == 0) return idx;
        idx++;
        p += l;
    }
    return -1;
}

/* An argument that cannot be an option's value: the next option. */
static int is_option(const char *s) { return s[0] == '-' && s[1] == '-'; }

int gl_args_parse(int argc, char **argv, const char *flag_names, gl_args *a)
{
    memset(a, 0, sizeof *a);
    gl_kv_init(&a->opts);
    if (argc > 0 && argv[0]) gl_kv_set_context(&a->opts, argv[0]);
    char names[256];
    snprintf(names, sizeof names, "help %s", flag_names ? flag_names : "");
    for (const char *p = names; *p;) { /* the flags, for "did you mean" */
        while (*p == ' ') p++;
        size_t l = strcspn(p, " ");
        char f[72];
        if (l && l < sizeof f) {
            memcpy(f, p, l);
            f[l] = '\0';
            gl_kv_note_key(&a->opts, f);
        }
        p += l;
    }
    const char *cmd = argc > 0 && argv[0] ? argv[0] : "gridlab";
    int only_pos = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!only_pos && strcmp(s, "--") == 0) {
            only_pos = 1;
            continue;
        }
        if (!only_pos && (strcmp(s, "-h") == 0)) s = "--help";
        if (!only_pos && s[0] == '-' && s[1] && s[1] != '-') {
            /* "-" alone is standard input; "-x" is no argument of any
             * command, and an option misspelt with one dash */
            gl_cli_failf("unknown option '%s' for %s (options are written --NAME: try 'gridlab %s --help')", s, cmd,
                         cmd);
            gl_args_free(a);
            return -1;
        }
        if (!only_pos && s[0] == '-' && s[1] == '-' && s[2]) {
            const char *name = s + 2;
            const char *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            if (len == 0 || len > 64) {
                gl_cli_failf("bad option '%s'", s);
                gl_args_free(a);
                return -1;
            }
            int fi = gl_args_flag_index(names, name, len);
            if (fi >= 0) {
                if (eq) {
                    gl_cli_failf("option --%.*s takes no value", (int)len, name);
                    gl_args_free(a);
                    return -1;
                }
                if (a->flags & (1u << fi)) {
                    gl_cli_failf("option --%.*s is given twice", (int)len, name);
                    gl_args_free(a);
                    return -1;
                }
                a->flags |= 1u << fi;
                continue;
            }
            char key[80];
            memcpy(key, name, len);
            key[len] = '\0';
            /* One rule for every option: given twice is refused, whether
             * the values agree or not (neither the first nor the last
             * silently wins). */
            for (int k = 0; k < a->opts.n; k++)
                if (strcmp(a->opts.items[k].key, key) == 0) {
                    gl_cli_failf("option --%s is given twice", key);
                    gl_args_free(a);
                    return -1;
                }
            /* Without a value (the last argument, or another option next),
             * it is kept as such: the command knows whether --KEY is one
             * of its options ("needs a value") or not ("unknown option"). */
            if (eq) gl_kv_add(&a->opts, key, eq + 1, 0);
            else if (i + 1 < argc && !is_option(argv[i + 1])) gl_kv_add(&a->opts, key, argv[++i], 0);
            else {
                gl_kv_add(&a->opts, key, "", 0);
                a->opts.items[a->opts.n - 1].novalue = 1;
            }
            continue;
        }
        if (a->npos >= (int)(sizeof a->pos / sizeof a->pos[0])) {
            gl_cli_failf("too many arguments");
            gl_args_free(a);
            return -1;
        }
        a->pos[a->npos++] = s;
    }
    return 0;
}

int gl_args_expect(const gl_args *a, int min, int max, const char *usage)
{
    const char *cmd = a->opts.context ? a->opts.context : "gridlab";
    if (a->npos > max)
        return gl_cli_failf("%s: unexpected argument '%s' (usage: gridlab %s)", cmd, a->pos[max], usage);
    if (a->npos < min)
        return gl_cli_failf("%s: %d argument%s missing (usage: gridlab %s)", cmd, min - a->npos,
                            min - a->npos == 1 ? "" : "s", usage);
    return 0;
}

int gl_args_flag(const gl_args *a, const char *flag_names, const char *name)
{
    char names[256];
    snprintf(names, sizeof names, "help %s", flag_names ? flag_names : "");
    int fi = gl_args_flag_index(names, name, strlen(name));
    return fi >= 0 && (a->flags & (1u << fi));
}

void gl_args_free(gl_args *a) { gl_kv_free(&a->opts); }

/* One memory budget for the whole process: every search of a command (and
 * every job of a batch) charges it, so --mem-mb caps the process. */
static gl_budget process_budget;

int gl_args_limits(gl_args *a, gl_limits *lim, gl_error *err)
{
    long long ms = 0, mb = 0;
    memset(lim, 0, sizeof *lim);
    if (gl_kv_int(&a->opts, "limit-ms", 0, 1000LL * 3600 * 24 * 365, &ms, err) != 0) return -1;
    if (gl_kv_int(&a->opts, "mem-mb", 1, 1LL << 30, &mb, err) != 0) return -1;
    lim->limit_ms = (double)ms;
    lim->mem_cap = (size_t)mb << 20;
    lim->interrupt = &gl_cli_interrupted;
    gl_budget_init(&process_budget, lim->mem_cap);
    lim->budget = &process_budget;
    return 0;
}

int gl_args_seed(gl_args *a, uint64_t *seed, int *given, gl_error *err)
{
    gl_kv *kv = gl_kv_find(&a->opts, "seed");
    *given = kv != NULL;
    if (!kv) return 0;
    static const char range[] = "expected a whole number from 0 to 18446744073709551615 "
                                "(decimal digits, no sign, no leading zeros)";
    if (kv->novalue) return gl_error_set(err, "option --seed needs a value: %s", range);
    if (gl_seed_parse(kv->value, seed) != 0)
        return gl_error_set(err, "option --seed %.40s: %s", kv->value, range);
    return 0;
}

int gl_cli_list_split(const char *what, const char *value, gl_cli_list *out, gl_error *err)
{
    out->n = 0;
    for (const char *p = value; *p;) {
        size_t len = strcspn(p, ",");
        if (len >= GL_CLI_NAME_MAX) return gl_error_set(err, "%s: '%.*s' is too long", what, (int)len, p);
        if (len > 0) {
            if (out->n == GL_CLI_LIST_MAX) return gl_error_set(err, "%s: more than %d names", what, GL_CLI_LIST_MAX);
            memcpy(out->name[out->n], p, len);
            out->name[out->n++][len] = '\0';
        }
        p += len + (p[len] == ',');
    }
    if (out->n == 0) return gl_error_set(err, "%s names nothing", what);
    return 0;
}

int gl_args_check_values(const gl_args *a, gl_error *err)
{
    for (int i = 0; i < a->opts.n; i++)
        if (a->opts.items[i].used && a->opts.items[i].novalue)
            return gl_error_set(err, "option --%s needs a value", a->opts.items[i].key);
    return 0;
}

void gl_args_unused(const gl_args *a, gl_kvlist *out)
{
    /* An option the command read but found without a value goes along as
     * well, marked used: the reader's final gl_kv_check_used then says it
     * needs a value, where the command itself only asked gl_kv_get. */
    for (int i = 0; i < a->opts.n; i++) {
        const gl_kv *kv = &a->opts.items[i];
        if (kv->used && !kv->novalue) continue;
        gl_kv_add(out, kv->key, kv->value, 0);
        out->items[out->n - 1].novalue = kv->novalue;
        out->items[out->n - 1].used = kv->used;
    }
    /* Messages about them name the command, and suggest among its own
     * options too. */
    if (a->opts.context && !out->context) gl_kv_set_context(out, a->opts.context);
    for (size_t i = 0; i < a->opts.asked_len; i += strlen(a->opts.asked + i) + 1)
        gl_kv_note_key(out, a->opts.asked + i);
}

/* A seed from the clock: 32 bits, so that IDs carry seeds of at most ten
 * digits, as the web page's (whose seeds are 32-bit random numbers). */
uint64_t gl_cli_clock_seed(void) { return ((uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid()) & 0xffffffffu; }

int gl_cli_is_id(const char *s)
{
    const char *sep = strpbrk(s, ":#");
    if (!sep) return 0;
    char name[32];
    size_t n = (size_t)(sep - s);
    if (n == 0 || n >= sizeof name) return 0;
    memcpy(name, s, n);
    name[n] = '\0';
    return gl_game_find(name) != NULL;
}

gl_board *gl_cli_board_read(const char *arg, const gl_game **g, gl_error *err)
{
    struct stat st;
    if (strcmp(arg, "-") == 0 || stat(arg, &st) == 0 || !strpbrk(arg, ":#")) {
        gl_board *b = gl_board_read(arg, g, err);
        if (!b && strcmp(arg, "-") != 0 && stat(arg, &st) != 0) {
            char msg[sizeof err->msg];
            snprintf(msg, sizeof msg, "%s", err->msg);
            gl_error_set(err, "%s (nor is it a game ID, GAME:PARAMS#SEED)", msg);
        }
        return b;
    }
    gl_kvlist params;
    gl_kv_init(&params);
    uint64_t seed;
    gl_board *b = NULL;
    if (gl_game_id_parse(arg, g, &params, &seed, err) == 0) b = gl_game_create(*g, &params, seed, err);
    gl_kv_free(&params);
    return b;
}
