/* gridlab batch flood: the public benchmark format (SPEC 2.1).
 *
 * One board per line (W*H symbols, row-major); one solution per output
 * line in input order (the colour symbols, or a JSON object with --json),
 * and a summary on stderr.  With --jobs N, N threads take boards from a
 * shared counter; a finished board is printed as soon as every board
 * before it is, so the output is the same for any N.  Each solver run is
 * independent (no shared mutable state), which is what makes the threads
 * safe. */
#include "cli.h"
#include "games/flood/flood.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *text; /* the output line, NULL until done */
    int moves, optimal, solved;
    double ms;
} result;

typedef struct {
    const gl_game *game;
    char **lines;
    int *lens, *lineno;
    int n;
    int w, h, start;
    const char *algo;
    gl_kvlist *opts;
    gl_limits lim;
    int json;
    const char *file;
    /* shared, under mu */
    pthread_mutex_t mu;
    int next_board, next_print;
    result *res;
    int failed;
    gl_error err;
} batch;

static void flush_ready(batch *B)
{
    while (B->next_print < B->n && B->res[B->next_print].text) {
        fputs(B->res[B->next_print].text, stdout);
        B->next_print++;
    }
    fflush(stdout);
}

static void *worker(void *arg)
{
    batch *B = arg;
    for (;;) {
        pthread_mutex_lock(&B->mu);
        int i = B->failed ? B->n : B->next_board++;
        pthread_mutex_unlock(&B->mu);
        if (i >= B->n) return NULL;
        gl_error err = {0};
        flood_board fb;
        gl_solution sol;
        gl_solution_init(&sol);
        gl_strbuf out = GL_STRBUF_INIT;
        int ok = flood_board_from_line(&fb, B->lines[i], B->lens[i], B->w, B->h, B->start, &err) == 0;
        if (!ok) {
            char msg[GL_ERROR_MAX];
            snprintf(msg, sizeof msg, "%s", err.msg);
            gl_error_at(&err, B->file, B->lineno[i], "%s", msg);
        }
        if (ok) {
            /* a private copy of the options: the solver marks them used */
            gl_kvlist opts;
            gl_kv_init(&opts);
            for (int k = 0; k < B->opts->n; k++) gl_kv_add(&opts, B->opts->items[k].key, B->opts->items[k].value, 0);
            ok = gl_cli_run_solver(B->game, (const gl_board *)&fb, B->algo, &opts, &B->lim, NULL, &sol, &err) == 0;
            gl_kv_free(&opts);
        }
        if (ok && sol.solved && gl_cli_replay(B->game, (const gl_board *)&fb, &sol, &err) != 0) ok = 0;
        if (ok) {
            if (B->json) {
                const gl_solver *sv = gl_game_solver(B->game, B->algo);
                gl_cli_solution_json(B->game, (const gl_board *)&fb, sv->name, &sol, &out);
            } else {
                gl_cli_moves_text(B->game, (const gl_board *)&fb, &sol, "", &out);
            }
            gl_sb_putc(&out, '\n');
        }
        pthread_mutex_lock(&B->mu);
        if (!ok) {
            if (!B->failed) {
                B->failed = 1;
                B->err = err;
            }
        } else {
            result *r = &B->res[i];
            r->moves = sol.nmoves;
            r->optimal = sol.optimal;
            r->solved = sol.solved;
            r->ms = sol.ms;
            r->text = strdup(gl_sb_str(&out));
            if (!r->text) {
                B->failed = 1;
                gl_error_set(&B->err, "out of memory");
            } else {
                flush_ready(B);
            }
        }
        pthread_mutex_unlock(&B->mu);
        gl_sb_free(&out);
        gl_solution_free(&sol);
    }
}

static const char BATCH_HELP[] =
    "Solves every board of a benchmark file: one board per line, W*H colour\n"
    "symbols (0-9, a-z) in row-major order; '#' lines and blank lines are skipped.\n"
    "Prints one solution per board in input order (the move symbols, no spaces),\n"
    "and a summary on stderr.  Options:\n"
    "  --size WxH          the boards' size (required)\n"
    "  --start corner|center  where the flood starts (default corner)\n"
    "  --algo A            astar (default), ida, greedy, beam\n"
    "  --json              one JSON object per line (as solve --json)\n"
    "  --limit-ms N        time limit per board (then optimal is false)\n"
    "  --mem-mb N          memory cap per board\n"
    "  --jobs N            worker threads (same output for any N)\n"
    "  --KEY VALUE         a solver option (depth, width)\n"
    "Exit status: 0 all solved, 1 some board not solved, 2 bad input.\n";

static int cmd_batch(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "json";
    if (gl_args_parse(argc, argv, flags, &a) != 0) return GL_EXIT_USAGE;
    if (gl_args_flag(&a, flags, "help")) {
        gl_args_free(&a);
        return gl_cli_help("batch flood FILE --size WxH [--start corner|center] [--algo A] [--jobs N] "
                           "[--json] [--limit-ms N]",
                           BATCH_HELP);
    }
    int rc = GL_EXIT_OK;
    char *data = NULL;
    batch B;
    memset(&B, 0, sizeof B);
    gl_kvlist sopts;
    gl_kv_init(&sopts);
    if (a.npos != 2 || strcmp(a.pos[0], "flood") != 0) {
        rc = gl_cli_failf("usage: gridlab batch flood FILE --size WxH [--start corner|center] [--algo A] [--jobs N]");
        goto out;
    }
    int w = 0, h = 0, start = 0;
    long long jobs = 1;
    if (gl_kv_size(&a.opts, "size", 1, FLOOD_MAX_SIDE, 1, FLOOD_MAX_SIDE, &w, &h, &err) != 0 ||
        gl_kv_choice(&a.opts, "start", "corner|center", &start, &err) != 0 ||
        gl_kv_int(&a.opts, "jobs", 1, 256, &jobs, &err) != 0 || gl_args_limits(&a, &B.lim, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (!w) {
        rc = gl_cli_failf("batch: --size WxH is required");
        goto out;
    }
    B.algo = gl_kv_get(&a.opts, "algo");
    for (int i = 0; i < a.opts.n; i++)
        if (!a.opts.items[i].used) gl_kv_add(&sopts, a.opts.items[i].key, a.opts.items[i].value, 0);
    B.game = gl_game_find("flood");
    if (!gl_game_solver(B.game, B.algo)) {
        rc = gl_cli_failf("flood has no solver '%s' (solvers: astar, ida, greedy, beam)", B.algo);
        goto out;
    }
    size_t len;
    if (gl_read_file(a.pos[1], GL_TEXT_MAX_BYTES, &data, &len, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    /* split into board lines */
    int cap = 1024;
    B.lines = malloc((size_t)cap * sizeof *B.lines);
    B.lens = malloc((size_t)cap * sizeof *B.lens);
    B.lineno = malloc((size_t)cap * sizeof *B.lineno);
    if (!B.lines || !B.lens || !B.lineno) {
        rc = gl_cli_failf("out of memory");
        goto out;
    }
    int lineno = 0;
    for (char *p = data; p < data + len;) {
        char *e = memchr(p, '\n', (size_t)(data + len - p));
        if (!e) e = data + len;
        lineno++;
        int l = (int)(e - p);
        if (l && p[l - 1] == '\r') l--;
        if (l && p[0] != '#') {
            if (B.n == cap) {
                cap *= 2;
                char **nl = realloc(B.lines, (size_t)cap * sizeof *nl);
                if (nl) B.lines = nl;
                int *ll = realloc(B.lens, (size_t)cap * sizeof *ll);
                if (ll) B.lens = ll;
                int *ln = realloc(B.lineno, (size_t)cap * sizeof *ln);
                if (ln) B.lineno = ln;
                if (!nl || !ll || !ln) {
                    rc = gl_cli_failf("out of memory");
                    goto out;
                }
            }
            B.lines[B.n] = p;
            B.lens[B.n] = l;
            B.lineno[B.n] = lineno;
            B.n++;
        }
        p = e + 1;
    }
    /* check every line before solving anything: bad input fails fast */
    for (int i = 0; i < B.n; i++) {
        flood_board fb;
        if (flood_board_from_line(&fb, B.lines[i], B.lens[i], w, h, start, &err) != 0) {
            char msg[GL_ERROR_MAX];
            snprintf(msg, sizeof msg, "%s", err.msg);
            gl_error_at(&err, a.pos[1], B.lineno[i], "%s", msg);
            rc = gl_cli_fail(&err);
            goto out;
        }
    }
    B.w = w;
    B.h = h;
    B.start = start;
    B.opts = &sopts;
    B.json = gl_args_flag(&a, flags, "json");
    B.file = a.pos[1];
    B.res = calloc((size_t)B.n + 1, sizeof *B.res);
    if (!B.res) {
        rc = gl_cli_failf("out of memory");
        goto out;
    }
    pthread_mutex_init(&B.mu, NULL);
    gl_cli_catch_sigint();
    uint64_t t0 = gl_now_ns();
    int nt = (int)jobs;
    if (nt > B.n) nt = B.n > 0 ? B.n : 1;
    pthread_t *th = malloc((size_t)nt * sizeof *th);
    int started = 0;
    if (th)
        for (; started < nt - 1; started++)
            if (pthread_create(&th[started], NULL, worker, &B) != 0) break;
    worker(&B);
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    free(th);
    pthread_mutex_destroy(&B.mu);
    double wall = gl_ms_since(t0);
    if (B.failed) {
        rc = gl_cli_fail(&B.err);
        goto out;
    }
    long long total = 0;
    int optimal = 0, solved = 0;
    double ms = 0;
    for (int i = 0; i < B.n; i++) {
        total += B.res[i].moves;
        optimal += B.res[i].optimal;
        solved += B.res[i].solved;
        ms += B.res[i].ms;
    }
    const gl_solver *sv = gl_game_solver(B.game, B.algo);
    fprintf(stderr, "flood batch: %d boards, %s, total moves %lld, %d solved, %d proved optimal, "
                    "%.1f ms solver time (%.3f ms mean), %.1f ms wall with %d jobs\n",
            B.n, sv->name, total, solved, optimal, ms, B.n ? ms / B.n : 0.0, wall, nt);
    if (solved < B.n) rc = GL_EXIT_NO;
out:
    if (B.res)
        for (int i = 0; i < B.n; i++) free(B.res[i].text);
    free(B.res);
    free(B.lines);
    free(B.lens);
    free(B.lineno);
    free(data);
    gl_kv_free(&sopts);
    gl_args_free(&a);
    return rc;
}

const gl_cli_command gl_cli_commands_flood[] = {
    {"batch", "batch flood FILE --size WxH [--start corner|center] [--algo A] [--jobs N] [--json]",
     "flood: solve a benchmark file, one board per line", cmd_batch},
    {NULL, NULL, NULL, NULL},
};
