/* gridlab bench match3: the seed's three experiments, and the solvers
 * compared board by board.
 *
 * --table picks the table:
 *   boards  (default) every algorithm's score and time on each board, the
 *           means, and the mean gap to the proved best and the accuracy
 *           (the share of boards where it scored the proved best);
 *   x       the seed's first experiment, time against X (5x5, K=4, X=1..8
 *           unless told otherwise): per X the mean score and time;
 *   k       its second, time against K (7x7, X=3, K=3..7);
 *   c       its third, pruned C=3, 4, 5 against the unpruned search (7x7,
 *           K=4, X=5): the boards table, then its summary as the seed
 *           printed it (time, mean gap, accuracy per C).
 * B boards are generated from --seed S (board i from seed S+i-1), under
 * --rules standard or seed.  Every table names the engine each algorithm
 * played on (--engine E for all that take it, ALGO@E for one), so that a
 * time ratio compares like with like.  The proved best of a board is the
 * score of the first algorithm in the list that proved its answer there
 * (exact or backtrack; a run stopped by --limit-ms proves nothing and is
 * marked '*').  Every answer is replayed with the game's own rules and
 * must reach the score reported. */
#include "cli.h"
#include "games/match3/match3.h"
#include "gridlab/timing.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_ALGOS 16
#define MAX_AXIS 64

typedef struct algo_spec {
    char label[40];
    char name[16];
    char optkey[8];
    char optval[16];
    char engine[16]; /* "" : the solver's own choice */
} algo_spec;

typedef struct run_result {
    long long score;
    double ms;
    int proved, stopped, ok;
    int interrupted; /* stopped by Ctrl-C: neither a result nor a failure */
} run_result;

static int parse_algos(const char *list, const char *engine, algo_spec *al, int *n)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    *n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (*n >= MAX_ALGOS) return -1;
        algo_spec *a = &al[(*n)++];
        memset(a, 0, sizeof *a);
        snprintf(a->label, sizeof a->label, "%s", tok);
        char *at = strchr(tok, '@');
        if (at) {
            *at = '\0';
            snprintf(a->engine, sizeof a->engine, "%s", at + 1);
        } else if (engine) {
            snprintf(a->engine, sizeof a->engine, "%s", engine);
        }
        char *colon = strchr(tok, ':');
        if (colon) *colon = '\0';
        snprintf(a->name, sizeof a->name, "%s", tok);
        if (colon) {
            snprintf(a->optkey, sizeof a->optkey, "%s", strcmp(tok, "beam") == 0 ? "width" : "c");
            snprintf(a->optval, sizeof a->optval, "%s", colon + 1);
        }
        if (!*a->name || (at && !a->engine[0]) || (colon && !a->optval[0])) return -1;
    }
    return *n > 0 ? 0 : -1;
}

/* "3", "1-8" or "3,4,5" into vals (lo..hi each); the count, or -1. */
static int parse_list(const char *s, long long lo, long long hi, int *vals)
{
    int n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *dash = strchr(tok, '-');
        if (dash) *dash = '\0';
        long long a, b;
        if (gl_parse_ll(tok, lo, hi, &a) != 0) return -1;
        b = a;
        if (dash && gl_parse_ll(dash + 1, lo, hi, &b) != 0) return -1;
        if (a > b) return -1;
        for (long long v = a; v <= b; v++) {
            if (n >= MAX_AXIS) return -1;
            vals[n++] = (int)v;
        }
    }
    return n > 0 ? n : -1;
}

typedef struct bench_cfg {
    int rows, cols, kinds, swaps, seed_rules;
    long long seed, boards, limit_ms, repeat;
    int cpu; /* times are the processor time of the run, not the wall clock */
    /* The solvers' workspace, kept from one solve to the next of the run
     * as a caller solving many boards would keep it (gl_keep). */
    gl_keep *keep;
} bench_cfg;

static gl_board *make_board(const gl_game *g, const bench_cfg *c, long long i, gl_error *err)
{
    gl_kvlist params;
    gl_kv_init(&params);
    char v[32];
    snprintf(v, sizeof v, "%dx%d", c->cols, c->rows);
    gl_kv_add(&params, "size", v, 0);
    snprintf(v, sizeof v, "%d", c->kinds);
    gl_kv_add(&params, "kinds", v, 0);
    gl_kv_add(&params, "rules", c->seed_rules ? "seed" : "standard", 0);
    gl_rng rng;
    gl_rng_seed(&rng, (uint64_t)(c->seed + i));
    gl_board *b = g->create(&params, &rng, err);
    gl_kv_free(&params);
    return b;
}

/* The engine a spec plays on for these rules, by name. */
static const char *engine_of(const algo_spec *a, const match3_rules *R)
{
    if (a->engine[0]) return R->seed ? "seed" : a->engine;
    return match3_engine_name(R, match3_auto_engine(a->name, R));
}

/* Runs one algorithm on one board (the fastest of c->repeat runs, which
 * must agree on the score) and replays its answer; 0, or -1 (err). */
/* The solver options of a run of a (freed by the caller). */
static void algo_opts(const algo_spec *a, const bench_cfg *c, gl_kvlist *sopts)
{
    gl_kv_init(sopts);
    char v[32];
    snprintf(v, sizeof v, "%d", c->swaps);
    if (strcmp(a->name, "best1") != 0) gl_kv_add(sopts, "swaps", v, 0);
    if (a->optkey[0]) gl_kv_add(sopts, a->optkey, a->optval, 0);
    if (a->engine[0]) gl_kv_add(sopts, "engine", a->engine, 0);
}

static int run_algo(const gl_game *g, const gl_board *b, const algo_spec *a, const bench_cfg *c, run_result *r,
                    gl_error *err)
{
    gl_kvlist sopts;
    algo_opts(a, c, &sopts);
    gl_limits lim = {(double)c->limit_ms, 0, &gl_cli_interrupted, NULL};
    gl_solution sol;
    gl_solution_init(&sol);
    double t0 = gl_thread_cpu_ms();
    int rc = gl_cli_run_solver_kept(g, b, a->name, &sopts, &lim, c->keep, &sol, err), agree = 1;
    double fastest = c->cpu ? gl_thread_cpu_ms() - t0 : sol.ms;
    for (long long i = 1; i < c->repeat && rc == 0; i++) {
        gl_solution again;
        gl_solution_init(&again);
        t0 = gl_thread_cpu_ms();
        rc = gl_cli_run_solver_kept(g, b, a->name, &sopts, &lim, c->keep, &again, err);
        double t = c->cpu ? gl_thread_cpu_ms() - t0 : again.ms;
        if (rc == 0 && t < fastest) fastest = t;
        agree &= rc != 0 || again.cost == sol.cost;
        gl_solution_free(&again);
    }
    if (rc == 0) {
        gl_board *d = g->clone(b);
        int ok = d != NULL;
        for (int m = 0; ok && m < sol.nmoves; m++) ok = g->apply(d, &sol.moves[m], NULL, err) == 0;
        ok = ok && ((match3_board *)d)->score - ((const match3_board *)b)->score == sol.cost;
        if (d) g->destroy(d);
        r->score = sol.cost;
        r->ms = fastest;
        r->proved = sol.optimal;
        r->stopped = sol.stopped != NULL;
        r->interrupted = sol.stopped && strcmp(sol.stopped, "interrupted") == 0;
        r->ok = r->interrupted || (ok && agree && sol.solved);
    }
    gl_solution_free(&sol);
    gl_kv_free(&sopts);
    return rc;
}

/* The width of the label column: the longest label, at least 12. */
static int label_width(const algo_spec *al, int na)
{
    int w = 12;
    for (int i = 0; i < na; i++)
        if ((int)strlen(al[i].label) > w) w = (int)strlen(al[i].label);
    return w;
}

static void print_engines(const char *first, const algo_spec *al, int na, const match3_rules *R)
{
    printf("%5s", first);
    for (int i = 0; i < na; i++) printf(" | %-*s", label_width(al, na) + 18, engine_of(&al[i], R));
    printf("\n");
}

/* The boards table (and, for --table c, the seed's summary after it). */
static int table_boards(const gl_game *g, const bench_cfg *c, const algo_spec *al, int na, int seed_summary)
{
    gl_error err = {0};
    size_t cells = (size_t)(c->boards * na);
    run_result *res = calloc(cells, sizeof *res);
    if (!res) return gl_cli_failf("out of memory");
    printf("match3 benchmark: %dx%d (rows x columns), K=%d, X=%d swaps, %lld boards from seed %lld, rules %s, "
           "limit %lld ms per run",
           c->rows, c->cols, c->kinds, c->swaps, c->boards, c->seed, c->seed_rules ? "seed" : "standard",
           c->limit_ms);
    if (c->repeat > 1) printf(", fastest of %lld runs", c->repeat);
    printf("\n\n%5s", "board");
    const int lw = label_width(al, na);
    for (int i = 0; i < na; i++) printf(" | %-*s %6s %10s", lw, al[i].label, "score", c->cpu ? "cpu ms" : "ms");
    printf("\n");
    int failures = 0;
    long long done = 0;
    match3_rules R = {0};
    for (long long bi = 0; bi < c->boards && !gl_cli_interrupted; bi++) {
        gl_board *b = make_board(g, c, bi, &err);
        if (!b) {
            free(res);
            return gl_cli_fail(&err);
        }
        R = ((match3_board *)b)->R;
        if (bi == 0) print_engines("", al, na, &R);
        printf("%5lld", bi + 1);
        for (int i = 0; i < na; i++) {
            run_result *r = &res[bi * na + i];
            if (gl_cli_interrupted) break; /* Ctrl-C: the board's other runs are not made */
            if (run_algo(g, b, &al[i], c, r, &err) != 0) {
                printf(" | error: %s", err.msg);
                failures++;
                continue;
            }
            if (r->interrupted) break;
            failures += !r->ok;
            printf(" | %-*s %5lld%s %10.2f", lw, r->ok ? "" : "REPLAY FAIL", r->score, r->stopped ? "*" : " ", r->ms);
            fflush(stdout);
        }
        g->destroy(b);
        if (gl_cli_interrupted) { /* the board cut short: not in the means */
            printf(" | interrupted\n");
            break;
        }
        printf("\n");
        done++;
    }
    /* Means; gap to the proved best and accuracy; the same against the
     * best any algorithm found (where nothing proved the best). */
    double mean_s[MAX_ALGOS], mean_t[MAX_ALGOS], gap[MAX_ALGOS], acc[MAX_ALGOS];
    int nref = 0;
    printf("%5s", "mean");
    for (int i = 0; i < na; i++) {
        double s = 0, t = 0;
        for (long long bi = 0; bi < done; bi++) {
            s += (double)res[bi * na + i].score;
            t += res[bi * na + i].ms;
        }
        mean_s[i] = done ? s / (double)done : 0;
        mean_t[i] = done ? t / (double)done : 0;
        printf(" | %-*s %6.1f %10.2f", lw, "", mean_s[i], mean_t[i]);
    }
    printf("\n%5s", "exact");
    for (int i = 0; i < na; i++) {
        double gp = 0;
        int cmp = 0, equal = 0;
        for (long long bi = 0; bi < done; bi++) {
            int ref = -1;
            for (int j = 0; j < na && ref < 0; j++)
                if (res[bi * na + j].proved) ref = j;
            if (ref < 0) continue;
            cmp++;
            gp += (double)(res[bi * na + ref].score - res[bi * na + i].score);
            equal += res[bi * na + ref].score == res[bi * na + i].score;
        }
        if (i == 0) nref = cmp;
        gap[i] = cmp ? gp / cmp : -1;
        acc[i] = cmp ? 100.0 * equal / cmp : -1;
        if (cmp) printf(" | gap %-*.2f acc %9.0f%%", lw - 1, gap[i], acc[i]);
        else printf(" | %-*s", lw + 18, "no proved board");
    }
    printf("\n%5s", "best");
    for (int i = 0; i < na; i++) {
        double gp = 0;
        int equal = 0;
        for (long long bi = 0; bi < done; bi++) {
            long long top = 0;
            for (int j = 0; j < na; j++)
                if (res[bi * na + j].score > top) top = res[bi * na + j].score;
            gp += (double)(top - res[bi * na + i].score);
            equal += top == res[bi * na + i].score;
        }
        printf(" | gap %-*.2f acc %9.0f%%", lw - 1, done ? gp / (double)done : 0,
               done ? 100.0 * equal / (double)done : 0);
    }
    printf("\n\nSecond row: the engine each algorithm played on.  Row 'exact': 'gap' is the mean\n"
           "score below the proved best and 'acc' the share of boards scoring exactly the\n"
           "proved best, over the %d board(s) where some run proved it.  Row 'best': the same\n"
           "against the best score any algorithm found.  '*' marks a run stopped by the limit.\n",
           nref);
    for (int i = 0; i < na; i++) {
        int st = 0;
        for (long long bi = 0; bi < done; bi++) st += res[bi * na + i].stopped;
        if (st) printf("%s: stopped by the limit on %d of %lld boards\n", al[i].label, st, done);
    }
    if (seed_summary && done) {
        /* The seed's summary: per algorithm its time, the mean gap to the
         * proved best, the accuracy, and the time against the first
         * algorithm's (the unpruned search). */
        printf("\nSummary (the seed's layout):\n\n%-*s %-12s %10s %10s %9s %10s\n", lw + 2, "algorithm", "engine",
               c->cpu ? "cpu ms" : "mean ms",
               "mean gap", "accuracy", "time/first");
        for (int i = 0; i < na; i++) {
            printf("%-*s %-12s %10.2f ", lw + 2, al[i].label, engine_of(&al[i], &R), mean_t[i]);
            if (gap[i] >= 0) printf("%10.2f %8.0f%%", gap[i], acc[i]);
            else printf("%10s %9s", "-", "-");
            printf(" %10.3f\n", mean_t[0] > 0 ? mean_t[i] / mean_t[0] : 0);
        }
    }
    if (gl_cli_interrupted) printf("interrupted: the means cover the %lld boards finished of %lld\n", done, c->boards);
    if (failures) printf("FAILURES: %d\n", failures);
    free(res);
    return failures ? GL_EXIT_NO : GL_EXIT_OK;
}

/* The seed's first and second experiments: one row per value of X
 * (axis 'x') or K (axis 'k'), each algorithm's mean score and time over
 * the boards. */
static int table_axis(const gl_game *g, bench_cfg c, const algo_spec *al, int na, char axis, const int *vals, int nv)
{
    gl_error err = {0};
    printf("match3 benchmark, time against %s: %dx%d (rows x columns), ", axis == 'x' ? "X" : "K", c.rows, c.cols);
    if (axis == 'x') printf("K=%d", c.kinds);
    else printf("X=%d swaps", c.swaps);
    printf(", %lld boards from seed %lld per row, rules %s, limit %lld ms per run", c.boards, c.seed,
           c.seed_rules ? "seed" : "standard", c.limit_ms);
    if (c.repeat > 1) printf(", fastest of %lld runs", c.repeat);
    printf("\n\n%5s", axis == 'x' ? "X" : "K");
    const int lw = label_width(al, na);
    for (int i = 0; i < na; i++) printf(" | %-*s %6s %10s", lw, al[i].label, "score", c.cpu ? "cpu ms" : "mean ms");
    printf("\n");
    int failures = 0;
    for (int vi = 0; vi < nv && !gl_cli_interrupted; vi++) {
        if (axis == 'x') c.swaps = vals[vi];
        else c.kinds = vals[vi];
        double s[MAX_ALGOS] = {0}, t[MAX_ALGOS] = {0};
        int st[MAX_ALGOS] = {0};
        long long done = 0;
        for (long long bi = 0; bi < c.boards && !gl_cli_interrupted; bi++) {
            gl_board *b = make_board(g, &c, bi, &err);
            if (!b) return gl_cli_fail(&err);
            if (vi == 0 && bi == 0) print_engines("", al, na, &((match3_board *)b)->R);
            run_result r[MAX_ALGOS] = {{0}};
            for (int i = 0; i < na && !gl_cli_interrupted; i++)
                if (run_algo(g, b, &al[i], &c, &r[i], &err) != 0) {
                    g->destroy(b);
                    return gl_cli_fail(&err);
                }
            g->destroy(b);
            if (gl_cli_interrupted) break; /* Ctrl-C: the board cut short is not counted */
            for (int i = 0; i < na; i++) {
                failures += !r[i].ok;
                s[i] += (double)r[i].score;
                t[i] += r[i].ms;
                st[i] += r[i].stopped;
            }
            done++;
        }
        printf("%5d", vals[vi]);
        for (int i = 0; i < na; i++)
            printf(" | %-*s %6.1f %10.2f", lw, st[i] ? "stopped*" : "", done ? s[i] / (double)done : 0,
                   done ? t[i] / (double)done : 0);
        if (gl_cli_interrupted) printf("  interrupted: %lld of %lld boards", done, c.boards);
        printf("\n");
        fflush(stdout);
    }
    printf("\nSecond row: the engine each algorithm played on.  'stopped*': the limit stopped\n"
           "some run of that row (its score is then a lower bound).\n");
    if (gl_cli_interrupted) printf("interrupted: the rows after the last are not run\n");
    if (failures) printf("FAILURES: %d\n", failures);
    return failures ? GL_EXIT_NO : GL_EXIT_OK;
}

static const char BENCH_HELP[] =
    "The seed's experiments and the solvers compared.  --table (default boards):\n"
    "  boards  each algorithm's score and time per board, the means, the mean gap to the\n"
    "          proved best and the accuracy (default 7x7, K=4, X=5, 10 boards, --algos\n"
    "          backtrack,exact,pruned:3,pruned:4,pruned:5,beam)\n"
    "  x       the seed's time against X: one row per X of --swaps (a list or range,\n"
    "          default 1-8) on 5x5, K=4 (--algos default backtrack,exact)\n"
    "  k       the seed's time against K: one row per K of --kinds (default 3-7) on\n"
    "          7x7, X=3 (--algos default backtrack,exact)\n"
    "  c       the seed's pruned C=3,4,5 against the unpruned search: the boards table and\n"
    "          the seed's summary (default 7x7, K=4, X=5, --algos\n"
    "          backtrack,pruned:3,pruned:4,pruned:5)\n"
    "Board i comes from seed S+i-1 (--seed S, default 1; --boards B, default 10) under\n"
    "--rules standard|seed.  --algos: solver names, with :C for pruned's C or :W for\n"
    "beam's width, and @E for the engine it plays on; --engine E gives E to every one\n"
    "(reference, incremental, bits for exact; the seed's rules have only seed).  The\n"
    "second row names each one's engine.  --limit-ms (default 600000) stops a run\n"
    "(marked '*', never the proved best); --repeat R shows the fastest of R runs;\n"
    "--clock cpu shows each run's processor time instead of the wall clock (steadier\n"
    "on a loaded machine).\n";

int gl_bench_match3(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    int status;
    if (!gl_args_start(argc, argv, "", &a, &status,
                       "bench match3 [--table boards|x|k|c] [--rules standard|seed] [--rows M] [--cols N] "
                       "[--kinds K] [--swaps X] [--boards B] [--seed S] [--algos LIST] [--engine E] "
                       "[--limit-ms MS] [--repeat R] [--clock wall|cpu]",
                       BENCH_HELP))
        return status;
    int table = 0, seed_rules = 0, cpu = 0, rc;
    if (gl_kv_choice(&a.opts, "table", "boards|x|k|c", &table, &err) != 0 ||
        gl_kv_choice(&a.opts, "clock", "wall|cpu", &cpu, &err) != 0 ||
        gl_kv_choice(&a.opts, "rules", "standard|seed", &seed_rules, &err) != 0) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    char axis = table == 1 ? 'x' : table == 2 ? 'k' : 0;
    gl_keep keep = GL_KEEP_INIT;
    bench_cfg c = {7, 7, 4, table == 2 ? 3 : 5, seed_rules, 1, 10, 600000, 1, cpu, &keep};
    if (axis == 'x') c.rows = c.cols = 5;
    long long rows = c.rows, cols = c.cols, kinds = c.kinds, swaps = c.swaps;
    const char *list_key = axis == 'x' ? "swaps" : axis == 'k' ? "kinds" : NULL;
    const char *list = axis == 'x' ? "1-8" : "3-7";
    if (list_key && gl_kv_get(&a.opts, list_key)) list = gl_kv_get(&a.opts, list_key);
    if (gl_kv_int(&a.opts, "rows", 1, MATCH3_MAX_SIDE, &rows, &err) ||
        gl_kv_int(&a.opts, "cols", 1, MATCH3_MAX_SIDE, &cols, &err) ||
        (axis != 'k' && gl_kv_int(&a.opts, "kinds", MATCH3_MIN_KINDS, MATCH3_MAX_KINDS, &kinds, &err)) ||
        (axis != 'x' && gl_kv_int(&a.opts, "swaps", 1, MATCH3_MAX_SWAPS, &swaps, &err)) ||
        gl_kv_int(&a.opts, "boards", 1, 100000, &c.boards, &err) ||
        gl_kv_int(&a.opts, "seed", 0, 1LL << 62, &c.seed, &err) ||
        gl_kv_int(&a.opts, "limit-ms", 1, 1LL << 31, &c.limit_ms, &err) ||
        gl_kv_int(&a.opts, "repeat", 1, 1000, &c.repeat, &err)) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    c.rows = (int)rows;
    c.cols = (int)cols;
    c.kinds = (int)kinds;
    c.swaps = (int)swaps;
    int vals[MAX_AXIS], nv = 0;
    if (axis) {
        nv = parse_list(list, axis == 'x' ? 1 : MATCH3_MIN_KINDS, axis == 'x' ? MATCH3_MAX_SWAPS : MATCH3_MAX_KINDS,
                        vals);
        if (nv < 0) {
            /* list points into a's options: the message before they are freed */
            int rc = gl_cli_failf("bench match3: --%s %s: expected a value, a range like %s or a list like 3,4,5",
                                  list_key, list, axis == 'x' ? "1-8" : "3-7");
            gl_args_free(&a);
            return rc;
        }
    }
    static const char *const default_algos[] = {"backtrack,exact,pruned:3,pruned:4,pruned:5,beam", "backtrack,exact",
                                                "backtrack,exact", "backtrack,pruned:3,pruned:4,pruned:5"};
    const char *algos = gl_kv_get(&a.opts, "algos") ? gl_kv_get(&a.opts, "algos") : default_algos[table];
    const char *engine = gl_kv_get(&a.opts, "engine");
    algo_spec al[MAX_ALGOS];
    int na;
    if (parse_algos(algos, engine, al, &na) != 0) {
        gl_args_free(&a);
        return gl_cli_failf("bench match3: --algos wants 1 to %d comma-separated NAME[:VALUE][@ENGINE]", MAX_ALGOS);
    }
    if (gl_kv_check_used(&a.opts, &err) != 0 || a.npos) {
        gl_args_free(&a);
        return err.set ? gl_cli_fail(&err) : gl_cli_failf("bench match3: unexpected argument");
    }
    /* Every algorithm, its option and engine checked on a first board
     * before any work (the solver run stopped at once). */
    const gl_game *g = gl_game_find("match3");
    gl_board *probe = make_board(g, &c, 0, &err);
    if (!probe) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    for (int i = 0; i < na; i++) {
        gl_kvlist o;
        algo_opts(&al[i], &c, &o);
        int bad = gl_cli_check_solver(g, probe, al[i].name, &o, &err) != 0;
        gl_kv_free(&o);
        if (bad) {
            g->destroy(probe);
            rc = gl_cli_failf("bench match3: %s: %s", al[i].label, err.msg);
            gl_args_free(&a);
            return rc;
        }
    }
    g->destroy(probe);
    gl_cli_catch_sigint();
    if (axis) rc = table_axis(g, c, al, na, axis, vals, nv);
    else rc = table_boards(g, &c, al, na, table == 3);
    gl_keep_free(&keep);
    gl_args_free(&a);
    return rc;
}
