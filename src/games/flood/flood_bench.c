/* gridlab bench flood: each solver over the public Flood-It sets (pc19,
 * floodtest1000, two many-colour sets and the 99 hard boards, with their
 * proved optimal lengths), one board at a time on one core, every solution
 * replayed.  The table gives per solver and set:
 * boards, total moves, the optimal total of those boards, how many boards
 * were solved in the optimal number of moves (and how many proved so),
 * mean/median/max milliseconds per board, the mean processor time per
 * board (the time this thread ran, which a loaded machine inflates far less
 * than the elapsed time), the largest peak of the memory the solver charged
 * to its limits (its graph and tables) and
 * the mean nodes per board (load-independent).
 *
 * The data is found without the source tree: --data DIR, else
 * bench/data/flood under the current directory, else bench/data/flood of
 * the source tree the program was built from (GL_BENCH_DATA, the tree's
 * bench/data, given by the build). */
#include "cli.h"
#include "games/flood/flood.h"
#include "gridlab/timing.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef GL_BENCH_DATA
#define GL_BENCH_DATA "bench/data"
#endif

/* A set: its name (the files NAME.txt and NAME.optimal-lengths.txt), the
 * board size (0: square, the side from the line's length), the start, and
 * whether a line is printed per board (with the board's name from
 * NAME.names where there is one) and the default limits for its boards. */
typedef struct {
    const char *name;
    int w, h, start;
    int per_board;
    long long limit_ms, mem_mb;
} flood_set_info;

static const flood_set_info SETS[] = {
    {"pc19", 14, 14, FLOOD_START_CORNER, 0, 60000, 4096},
    {"floodtest1000", 19, 19, FLOOD_START_CENTER, 0, 60000, 4096},
    {"b12c12", 12, 12, FLOOD_START_CORNER, 0, 60000, 4096},
    {"b14c8", 14, 14, FLOOD_START_CORNER, 0, 60000, 4096},
    {"hard99", 0, 0, FLOOD_START_CORNER, 1, 1800000, 14336},
    {"b24c6n1000", 24, 24, FLOOD_START_CORNER, 0, 1800000, 6000},
};
#define SET_NAMES "pc19, floodtest1000, b12c12, b14c8, hard99, b24c6n1000"

/* The side of a square board of len cells, or 0. */
static int square_side(size_t len)
{
    int s = 1;
    while ((size_t)(s + 1) * (size_t)(s + 1) <= len) s++;
    return (size_t)s * (size_t)s == len ? s : 0;
}

static int file_exists(const char *path) { return access(path, R_OK) == 0; }

static void data_dir(const char *given, char *out, size_t n)
{
    if (given) {
        snprintf(out, n, "%s", given);
        return;
    }
    if (file_exists("bench/data/flood/pc19.txt")) {
        snprintf(out, n, "bench/data/flood");
        return;
    }
    snprintf(out, n, "%s/flood", GL_BENCH_DATA);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Reads up to max non-empty lines of a file into lines (owned by data). */
static int read_lines(const char *path, char **data, char ***lines, int *n, int max, gl_error *err)
{
    size_t len;
    if (gl_read_file(path, GL_TEXT_MAX_BYTES, data, &len, err) != 0) return -1;
    int cap = 1024;
    *lines = malloc((size_t)cap * sizeof **lines);
    *n = 0;
    if (!*lines) return gl_error_set(err, "out of memory");
    for (char *p = *data; p < *data + len && *n < max;) {
        char *e = memchr(p, '\n', (size_t)(*data + len - p));
        if (!e) e = *data + len;
        *e = '\0';
        if (e > p && e[-1] == '\r') e[-1] = '\0';
        if (*p) {
            if (*n == cap) {
                cap *= 2;
                char **nl = realloc(*lines, (size_t)cap * sizeof *nl);
                if (!nl) return gl_error_set(err, "out of memory");
                *lines = nl;
            }
            (*lines)[(*n)++] = p;
        }
        p = e + 1;
    }
    return 0;
}

static void run_one(const gl_game *g, const flood_set_info *set, char **boards, char **opt, char **names, int n,
                    int first, const char *algo, gl_kvlist *sopts, const gl_limits *lim)
{
    double *ms = malloc((size_t)(n ? n : 1) * sizeof *ms);
    if (!ms) return;
    long long total = 0, optimal_total = 0;
    int nopt = 0, nproved = 0, bad = 0, done = 0, below = 0;
    size_t peak = 0;
    long long nodes = 0;
    double cpu = 0;
    gl_error err = {0};
    for (int i = 0; i < n && !gl_cli_interrupted; i++) {
        flood_board fb;
        int len = (int)strlen(boards[i]), w = set->w, h = set->h;
        if (!w) w = h = square_side((size_t)len);
        if (flood_board_from_line(&fb, boards[i], len, w, h, set->start, &err) != 0) {
            printf("  board %d: %s\n", i + 1, err.msg);
            bad++;
            continue;
        }
        gl_kvlist o;
        gl_kv_init(&o);
        for (int k = 0; k < sopts->n; k++) gl_kv_add(&o, sopts->items[k].key, sopts->items[k].value, 0);
        gl_solution sol;
        gl_solution_init(&sol);
        double c0 = gl_thread_cpu_ms();
        int rc = gl_cli_run_solver(g, (const gl_board *)&fb, algo, &o, lim, NULL, &sol, &err);
        cpu += gl_thread_cpu_ms() - c0;
        gl_kv_free(&o);
        if (rc != 0) {
            printf("  %s: %s\n", algo, err.msg);
            gl_solution_free(&sol);
            free(ms);
            return;
        }
        if (sol.stopped && strcmp(sol.stopped, "interrupted") == 0) { /* Ctrl-C: this board not counted */
            gl_solution_free(&sol);
            break;
        }
        int known = (int)strtol(opt[i], NULL, 10); /* checked before any work: decimal, 1 to 100000 */
        /* the solution must flood the board in exactly the moves it reports */
        flood_board c = fb;
        int ok = sol.solved && gl_cli_replay(g, (const gl_board *)&fb, &sol, &err) == 0;
        for (int k = 0; ok && k < sol.nmoves; k++) flood_fill(&c, sol.moves[k].a);
        if (!ok || !flood_is_won(&c) || sol.cost != sol.nmoves) bad++;
        if (set->per_board) {
            printf("  %4d %-14s %dx%d %6d %6d %-8s %11.1f %9.1f %12llu%s\n", first + i, names ? names[i] : "", w, h,
                   sol.nmoves, known, sol.optimal ? "proved" : sol.stopped ? sol.stopped : "no", sol.ms,
                   (double)sol.peak_bytes / (1 << 20), (unsigned long long)sol.nodes,
                   !ok || !flood_is_won(&c) ? "  REPLAY FAILED" : sol.nmoves < known ? "  BELOW OPTIMAL?" : "");
            fflush(stdout);
        }
        if (sol.nmoves < known) below++;
        ms[done++] = sol.ms;
        total += sol.nmoves;
        optimal_total += known;
        nopt += sol.nmoves == known;
        nproved += sol.optimal && sol.nmoves == known;
        if (sol.peak_bytes > peak) peak = sol.peak_bytes;
        nodes += (long long)sol.nodes;
        gl_solution_free(&sol);
    }
    double sum = 0, mx = 0;
    for (int i = 0; i < done; i++) {
        sum += ms[i];
        if (ms[i] > mx) mx = ms[i];
    }
    qsort(ms, (size_t)done, sizeof *ms, cmp_double);
    double med = done ? (done % 2 ? ms[done / 2] : (ms[done / 2 - 1] + ms[done / 2]) / 2) : 0;
    printf("%-14s %-8s %6d %8lld %8lld %6.2f%% %6d %6d %9.3f %9.3f %9.1f %9.3f %9.1f %10lld%s", set->name, algo,
           done, total, optimal_total,
           optimal_total ? 100.0 * (double)(total - optimal_total) / (double)optimal_total : 0.0, nopt, nproved,
           done ? sum / done : 0, med, mx, done ? cpu / done : 0, (double)peak / (1 << 20), done ? nodes / done : 0,
           bad ? "  REPLAY FAILED" : below ? "  BELOW OPTIMAL?" : "");
    if (gl_cli_interrupted && done < n) printf("  interrupted: %d of %d boards", done, n);
    printf("\n");
    fflush(stdout);
    free(ms);
}

int gl_bench_flood(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    int status;
    if (!gl_args_start(argc, argv, "", &a, &status,
                       "bench flood [--data DIR] [--sets LIST] [--algos LIST] [--boards N] [--first N] "
                       "[--limit-ms MS] [--mem-mb MB] [--width W] [--depth D]",
                       "Runs each solver over the public sets, one board at a time on one core, and\n"
                       "prints per set and solver: boards, total moves, the optimal total, % over it,\n"
                       "boards solved optimally (and proved), mean/median/max ms per board (elapsed),\n"
                       "the mean processor ms per board (cpu ms: this thread's running time, which\n"
                       "a loaded machine inflates far less), the largest peak of the memory the solver\n"
                       "charged to its limits (its graph and tables, a growing table's old and new\n"
                       "arrays together) and the mean nodes (expansions) per board, which do not\n"
                       "depend on the machine's load.  Every solution is replayed.\n"
                       "  --data DIR     the sets (default bench/data/flood, else beside the source)\n"
                       "  --sets LIST    " SET_NAMES " (default pc19,floodtest1000):\n"
                       "                 b12c12 and b14c8 are 100 boards of 12 and 8 colours, hard99\n"
                       "                 the 99 hard boards (12x12 to 20x20, 6 to 10 colours), a line\n"
                       "                 per board (moves, optimal, proved, ms, peak MiB, nodes);\n"
                       "                 b24c6n1000 is 1000 boards of 24x24 and 6 colours, with the\n"
                       "                 optimal lengths proved by gridlab (docs/flood.md)\n"
                       "  --algos LIST   astar,beam,greedy,ida (default astar,beam,greedy)\n"
                       "  --boards N     only the first N boards of each set (default all)\n"
                       "  --first N      start at board N (1-based, default 1)\n"
                       "  --limit-ms MS  time limit per board (default 60000; hard99, b24c6n1000 1800000)\n"
                       "  --mem-mb MB    memory cap per board (default 4096; hard99 14336; b24c6n1000 6000)\n"
                       "  --width W, --depth D: beam width, greedy depth\n"))
        return status;
    long long boards = 1000000, first = 1, ms = -1, mb = -1;
    if (gl_kv_int(&a.opts, "boards", 1, 1000000, &boards, &err) ||
        gl_kv_int(&a.opts, "first", 1, 1000000, &first, &err) ||
        gl_kv_int(&a.opts, "limit-ms", 1, 1LL << 40, &ms, &err) ||
        gl_kv_int(&a.opts, "mem-mb", 1, 1 << 20, &mb, &err)) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    const char *sets = gl_kv_get(&a.opts, "sets") ? gl_kv_get(&a.opts, "sets") : "pc19,floodtest1000";
    const char *algos = gl_kv_get(&a.opts, "algos") ? gl_kv_get(&a.opts, "algos") : "astar,beam,greedy";
    char dir[1024];
    data_dir(gl_kv_get(&a.opts, "data"), dir, sizeof dir);
    gl_kvlist beam_opts, greedy_opts, none;
    gl_kv_init(&beam_opts);
    gl_kv_init(&greedy_opts);
    gl_kv_init(&none);
    if (gl_kv_get(&a.opts, "width")) gl_kv_add(&beam_opts, "width", gl_kv_get(&a.opts, "width"), 0);
    if (gl_kv_get(&a.opts, "depth")) gl_kv_add(&greedy_opts, "depth", gl_kv_get(&a.opts, "depth"), 0);
    if (gl_kv_check_used(&a.opts, &err) != 0 || a.npos) {
        gl_args_free(&a);
        gl_kv_free(&beam_opts);
        gl_kv_free(&greedy_opts);
        return err.set ? gl_cli_fail(&err) : gl_cli_failf("bench flood: unexpected argument");
    }
    const gl_game *g = gl_game_find("flood");
    /* Every solver and set name is checked before any work. */
    gl_cli_list algo_list, set_list;
    const flood_set_info *set_of[GL_CLI_LIST_MAX];
    const char *bad_name = NULL, *what = NULL;
    if (gl_cli_list_split("bench flood: --algos", algos, &algo_list, &err) != 0 ||
        gl_cli_list_split("bench flood: --sets", sets, &set_list, &err) != 0) {
        gl_args_free(&a);
        gl_kv_free(&beam_opts);
        gl_kv_free(&greedy_opts);
        return gl_cli_fail(&err);
    }
    for (int i = 0; i < algo_list.n && !bad_name; i++)
        if (!gl_game_solver(g, algo_list.name[i])) bad_name = algo_list.name[i], what = "solver";
    for (int k = 0; k < set_list.n && !bad_name; k++) {
        set_of[k] = NULL;
        for (size_t i = 0; i < sizeof SETS / sizeof SETS[0]; i++)
            if (strcmp(SETS[i].name, set_list.name[k]) == 0) set_of[k] = &SETS[i];
        if (!set_of[k]) bad_name = set_list.name[k], what = "set";
    }
    if (bad_name) {
        gl_cli_failf("bench flood: no %s '%s' (%s)", what, bad_name,
                     strcmp(what, "set") == 0 ? SET_NAMES : "astar, beam, greedy, ida");
        gl_args_free(&a);
        gl_kv_free(&beam_opts);
        gl_kv_free(&greedy_opts);
        return GL_EXIT_USAGE;
    }
    /* ... and so are the solvers' options (on a small board, stopped at
     * once), and that each set has a board from --first on. */
    gl_rng rng;
    gl_rng_seed(&rng, 1);
    gl_board *probe = g->create(&none, &rng, &err);
    for (int i = 0; i < algo_list.n && probe && !bad_name; i++) {
        const char *al = algo_list.name[i];
        gl_kvlist *o = strcmp(al, "beam") == 0 ? &beam_opts : strcmp(al, "greedy") == 0 ? &greedy_opts : &none;
        if (gl_cli_check_solver(g, probe, al, o, &err) != 0) bad_name = al;
    }
    if (probe) g->destroy(probe);
    for (int k = 0; k < set_list.n && probe && !bad_name; k++) {
        char path[1200], opath[1200], *bdata = NULL, *odata = NULL, **bl = NULL, **ol = NULL;
        int nb = 0, no = 0;
        snprintf(path, sizeof path, "%s/%s.txt", dir, set_of[k]->name);
        snprintf(opath, sizeof opath, "%s/%s.optimal-lengths.txt", dir, set_of[k]->name);
        if (read_lines(path, &bdata, &bl, &nb, 1000000, &err) != 0 ||
            read_lines(opath, &odata, &ol, &no, 1000000, &err) != 0)
            bad_name = set_of[k]->name;
        for (int i = 0; i < no && !bad_name; i++) { /* the lengths compared with: decimal, as every number */
            long long v;
            if (gl_parse_ll(ol[i], 1, 100000, &v) != 0) {
                bad_name = set_of[k]->name;
                gl_error_set(&err, "%s: board %d: '%.40s' is not a number of moves", opath, i + 1, ol[i]);
            }
        }
        if (!bad_name && (nb < no ? nb : no) < first) {
            bad_name = set_of[k]->name;
            gl_error_set(&err, "--first %lld: the set %s has %d boards", first, bad_name, nb < no ? nb : no);
        }
        free(bl);
        free(ol);
        free(bdata);
        free(odata);
    }
    if (!probe || bad_name) {
        gl_cli_failf("bench flood: %s", err.msg);
        gl_args_free(&a);
        gl_kv_free(&beam_opts);
        gl_kv_free(&greedy_opts);
        gl_kv_free(&none);
        return GL_EXIT_USAGE;
    }
    gl_cli_catch_sigint();
    printf("flood benchmark: data %s, boards from %lld, one core, limits per board: %s\n\n", dir, first,
           ms < 0 && mb < 0 ? "the set's (60 s and 4 GiB; hard99 30 min and 14 GiB; b24c6n1000 30 min and 6000 MB)" : "as given");
    printf("%-14s %-8s %6s %8s %8s %7s %6s %6s %9s %9s %9s %9s %9s %10s\n", "set", "solver", "boards", "moves",
           "optimal", "over", "=opt", "proved", "mean ms", "median", "max ms", "cpu ms", "peak MiB", "mean nodes");
    int rc = GL_EXIT_OK;
    for (int k = 0; k < set_list.n; k++) {
        const flood_set_info *set = set_of[k];
        char path[1200], opath[1200];
        snprintf(path, sizeof path, "%s/%s.txt", dir, set->name);
        snprintf(opath, sizeof opath, "%s/%s.optimal-lengths.txt", dir, set->name);
        char npath[1200];
        snprintf(npath, sizeof npath, "%s/%s.names", dir, set->name);
        char *bdata = NULL, *odata = NULL, *ndata = NULL, **bl = NULL, **ol = NULL, **nl = NULL;
        int nb = 0, no = 0, nn = 0;
        long long maxll = first - 1 + boards;
        int maxl = maxll > 1000000 ? 1000000 : (int)maxll;
        gl_limits lim = {(double)(ms > 0 ? ms : set->limit_ms), (size_t)(mb > 0 ? mb : set->mem_mb) << 20,
                         &gl_cli_interrupted, NULL};
        if (read_lines(path, &bdata, &bl, &nb, maxl, &err) != 0 ||
            read_lines(opath, &odata, &ol, &no, maxl, &err) != 0 ||
            (file_exists(npath) && read_lines(npath, &ndata, &nl, &nn, maxl, &err) != 0)) {
            rc = gl_cli_fail(&err);
        } else {
            int n = nb < no ? nb : no;
            int from = (int)first - 1;
            if (from > n) from = n;
            if (set->per_board)
                printf("  board name           size  moves optimal proved    elapsed ms  peak MiB        nodes\n");
            for (int i = 0; i < algo_list.n && !gl_cli_interrupted; i++) {
                const char *al = algo_list.name[i];
                gl_kvlist *o = strcmp(al, "beam") == 0 ? &beam_opts : strcmp(al, "greedy") == 0 ? &greedy_opts : &none;
                run_one(g, set, bl + from, ol + from, nl && nn >= n ? nl + from : NULL, n - from, from + 1, al, o,
                        &lim);
            }
        }
        free(bl);
        free(ol);
        free(nl);
        free(bdata);
        free(odata);
        free(ndata);
        if (rc != GL_EXIT_OK) break;
    }
    if (gl_cli_interrupted) printf("interrupted: the rows after the last are not run\n");
    printf("\nprocess peak RSS %.1f MiB\n", (double)gl_peak_rss_bytes() / (1 << 20));
    gl_kv_free(&beam_opts);
    gl_kv_free(&greedy_opts);
    gl_kv_free(&none);
    gl_args_free(&a);
    return rc;
}
