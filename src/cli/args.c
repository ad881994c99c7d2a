/* Argument parsing and output helpers shared by the subcommands. */
#include "cli.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

volatile sig_atomic_t gl_cli_interrupted = 0;

static void on_sigint(int sig)
{
    (void)sig;
    if (gl_cli_interrupted) _exit(130); /* a second Ctrl-C: stop now */
    gl_cli_interrupted = 1;
}

void gl_cli_catch_sigint(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
}

int gl_cli_failf(const char *fmt, ...)
{
    va_list ap;
    fputs("gridlab: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
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

int gl_args_parse(int argc, char **argv, const char *flag_names, gl_args *a)
{
    memset(a, 0, sizeof *a);
    gl_kv_init(&a->opts);
    char names[256];
    snprintf(names, sizeof names, "help %s", flag_names ? flag_names : "");
    int only_pos = 0;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (!only_pos && strcmp(s, "--") == 0) {
            only_pos = 1;
            continue;
        }
        if (!only_pos && (strcmp(s, "-h") == 0)) s = "--help";
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
                a->flags |= 1u << fi;
                continue;
            }
            char key[80];
            memcpy(key, name, len);
            key[len] = '\0';
            const char *val;
            if (eq) val = eq + 1;
            else if (i + 1 < argc) val = argv[++i];
            else {
                gl_cli_failf("option --%s needs a value", key);
                gl_args_free(a);
                return -1;
            }
            gl_kv_add(&a->opts, key, val, 0);
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
    const char *v = gl_kv_get(&a->opts, "seed");
    *given = v != NULL;
    if (!v) return 0;
    if (gl_seed_parse(v, seed) != 0)
        return gl_error_set(err, "option --seed %.40s: expected a whole number from 0 to 18446744073709551615 "
                                 "(decimal, no sign, no leading zeros)", v);
    return 0;
}

void gl_args_unused(const gl_args *a, gl_kvlist *out)
{
    for (int i = 0; i < a->opts.n; i++)
        if (!a->opts.items[i].used) gl_kv_add(out, a->opts.items[i].key, a->opts.items[i].value, 0);
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
    char buf[64];
    gl_json_init(&j, out);
    gl_json_obj_begin(&j);
    gl_json_key(&j, "game");
    gl_json_str(&j, g->name);
    gl_json_key(&j, "algo");
    gl_json_str(&j, algo);
    gl_json_key(&j, "solved");
    gl_json_bool(&j, s->solved);
    gl_json_key(&j, "optimal");
    gl_json_bool(&j, s->optimal);
    gl_json_key(&j, "cost");
    gl_json_int(&j, s->cost);
    gl_json_key(&j, "moves");
    gl_json_arr_begin(&j);
    for (int i = 0; i < s->nmoves; i++) {
        g->format_move(b, &s->moves[i], buf, sizeof buf);
        gl_json_str(&j, buf);
    }
    gl_json_arr_end(&j);
    gl_json_key(&j, "nodes");
    gl_json_uint(&j, s->nodes);
    gl_json_key(&j, "ms");
    gl_json_double(&j, s->ms);
    gl_json_key(&j, "peak_bytes");
    gl_json_uint(&j, s->peak_bytes);
    if (s->stopped) {
        gl_json_key(&j, "stopped");
        gl_json_str(&j, s->stopped);
    }
    gl_cli_info_json(&j, &s->info);
    gl_json_obj_end(&j);
}

static void cells_json(gl_json *j, const int *rc, int n)
{
    gl_json_arr_begin(j);
    for (int k = 0; k < n; k++) {
        gl_json_arr_begin(j);
        gl_json_int(j, rc[2 * k]);
        gl_json_int(j, rc[2 * k + 1]);
        gl_json_arr_end(j);
    }
    gl_json_arr_end(j);
}

void gl_cli_info_json(gl_json *j, const gl_info *info)
{
    for (int i = 0; i < info->n; i++) {
        const gl_info_item *it = &info->items[i];
        gl_json_key(j, it->key);
        switch (it->type) {
        case GL_INFO_INT: gl_json_int(j, it->value); break;
        case GL_INFO_BOOL: gl_json_bool(j, (int)it->value); break;
        case GL_INFO_NULL: gl_json_null(j); break;
        case GL_INFO_CELLS: cells_json(j, info->cells.rc + 2 * it->first, (int)it->value); break;
        case GL_INFO_CELL_LISTS:
            gl_json_arr_begin(j);
            for (int k = 0; k < it->value; k++) {
                const int *l = &info->lists[2 * (it->first + k)];
                cells_json(j, info->cells.rc + 2 * l[0], l[1]);
            }
            gl_json_arr_end(j);
            break;
        }
    }
}

/* Is key in the solver's space-separated option list? */
static int accepts(const char *list, const char *key)
{
    return list && flag_index(list, key, strlen(key)) >= 0;
}

int gl_cli_run_solver(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts,
                      const gl_limits *lim, gl_strbuf *trace, gl_solution *sol, gl_error *err)
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
        for (int i = 0; i < opts->n; i++)
            if (!accepts(sv->options, opts->items[i].key))
                return gl_error_set(err, "unknown option --%s for %s %s (it takes: %s)",
                                    opts->items[i].key, g->name, sv->name,
                                    sv->options ? sv->options : "none");
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim = *lim;
    o.opts = opts;
    o.trace = trace;
    return sv->solve(b, &o, sol, err);
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
