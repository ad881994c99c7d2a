/* Argument parsing and output helpers shared by the subcommands. */
#include "cli.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

volatile sig_atomic_t gl_cli_interrupted = 0;

/* SIGINT (Ctrl-C) and SIGTERM.  Until a command can stop gently (before
 * its search, while it reads its input, standard input included, or waits
 * at a prompt) the first one ends the program at once, exit 130.  From
 * gl_cli_stop_gently(1) on, the first one only raises the flag the
 * searches poll: the search keeps its answer so far, the command prints it
 * and exits 130; a second one ends the program at once.
 *
 * The handler restarts the system calls it interrupts (SA_RESTART): stdio
 * does not retry a write cut short by a signal, and reported "write error:
 * Interrupted system call" for output that was fine.  A read that must
 * notice the flag (batch's input stream) waits with poll(), which a signal
 * always interrupts.
 *
 * SIGXFSZ (a write past the file size limit, ulimit -f) is ignored: its
 * default action ends the program without a word, where the write itself
 * fails with EFBIG and the output or the save then says so, exit 2. */
static volatile sig_atomic_t stop_gently = 0;

static void on_stop_signal(int sig)
{
    (void)sig;
    if (!stop_gently || gl_cli_interrupted) _exit(GL_EXIT_INTERRUPTED);
    gl_cli_interrupted = 1;
}

void gl_cli_signals_init(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGXFSZ, SIG_IGN);
}

void gl_cli_stop_gently(int on) { stop_gently = on ? 1 : 0; }

void gl_cli_catch_sigint(void)
{
    static int installed = 0; /* main installs it; a test program may not have */
    if (!installed) gl_cli_signals_init();
    installed = 1;
    gl_cli_stop_gently(1);
}

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
static int flag_index(const char *names, const char *name, size_t len)
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
            int fi = flag_index(names, name, len);
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
    int fi = flag_index(names, name, strlen(name));
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

uint64_t gl_cli_clock_seed(void) { return (uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid(); }

int gl_cli_use_color(FILE *f)
{
    const char *nc = getenv("NO_COLOR");
    if (nc && *nc) return 0;
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0) return 0;
    return isatty(fileno(f));
}

void gl_cli_moves_text(const gl_game *g, const gl_board *b, const gl_solution *s, const char *sep,
                       gl_strbuf *out)
{
    char buf[64];
    for (int i = 0; i < s->nmoves; i++) {
        if (i && sep) gl_sb_puts(out, sep);
        g->format_move(b, &s->moves[i], buf, sizeof buf);
        gl_sb_puts(out, buf);
    }
}

void gl_cli_solution_json(const gl_game *g, const gl_board *b, const char *algo,
                          const gl_solution *s, gl_strbuf *out)
{
    gl_json j;
    gl_json_init(&j, out);
    gl_json_solution(&j, g, b, algo, s); /* the page's shape too */
}

/* Is key in the solver's space-separated option list? */
static int accepts(const char *list, const char *key)
{
    return list && flag_index(list, key, strlen(key)) >= 0;
}

static int run_solver(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts, const gl_limits *lim,
                      gl_strbuf *trace, gl_keep *keep, gl_solution *sol, gl_error *err)
{
    const gl_solver *sv = gl_game_solver(g, algo);
    if (!sv) {
        gl_strbuf names = GL_STRBUF_INIT;
        for (int i = 0; i < g->nsolvers; i++) {
            if (i) gl_sb_puts(&names, ", ");
            gl_sb_puts(&names, g->solvers[i].name);
        }
        gl_error_set(err, "%s has no solver '%s' (solvers: %s)", g->name, algo ? algo : "",
                     gl_sb_str(&names));
        gl_sb_free(&names);
        return -1;
    }
    if (opts)
        for (int i = 0; i < opts->n; i++) {
            const gl_kv *kv = &opts->items[i];
            if (kv->used && kv->novalue) return gl_error_set(err, "option --%s needs a value", kv->key);
            if (accepts(sv->options, kv->key)) {
                if (kv->novalue) return gl_error_set(err, "option --%s needs a value", kv->key);
                continue;
            }
            char near[72], hint[96] = "";
            if (gl_kv_suggest(opts, kv->key, sv->options, near, sizeof near))
                snprintf(hint, sizeof hint, "; did you mean --%s?", near);
            if (opts->context)
                return gl_error_set(err, "unknown option --%.60s for %s%s (%s %s takes: %s)", kv->key,
                                    opts->context, hint, g->name, sv->name, sv->options ? sv->options : "none");
            return gl_error_set(err, "unknown option --%.60s for %s %s%s (it takes: %s)", kv->key, g->name,
                                sv->name, hint, sv->options ? sv->options : "none");
        }
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim = *lim;
    o.opts = opts;
    o.trace = trace;
    o.keep = keep;
    return sv->solve(b, &o, sol, err);
}

int gl_cli_run_solver(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts,
                      const gl_limits *lim, gl_strbuf *trace, gl_solution *sol, gl_error *err)
{
    return run_solver(g, b, algo, opts, lim, trace, NULL, sol, err);
}

int gl_cli_run_solver_kept(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts,
                           const gl_limits *lim, gl_keep *keep, gl_solution *sol, gl_error *err)
{
    return run_solver(g, b, algo, opts, lim, NULL, keep, sol, err);
}

int gl_cli_replay(const gl_game *g, const gl_board *b, const gl_solution *s, gl_error *err)
{
    gl_board *c = g->clone(b);
    if (!c) return gl_error_set(err, "out of memory");
    int rc = 0;
    for (int i = 0; i < s->nmoves && rc == 0; i++) rc = g->apply(c, &s->moves[i], NULL, err);
    g->destroy(c);
    return rc;
}

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
