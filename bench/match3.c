/* gridlab bench match3: the seed's comparison of its plain backtracking
 * with pruned searches, extended with the exact and beam solvers.
 *
 * B boards are generated from --seed S (board i from seed S+i), every
 * algorithm runs on each, and the table shows per board each one's score
 * and time, then the averages, the average gap to the exact score and the
 * accuracy (share of boards where the score equals the exact one).  The
 * exact reference is the first algorithm in the list that proves its
 * answer on that board (exact or backtrack; a run stopped by --limit-ms
 * proves nothing and is marked with '*').  Every answer is replayed with
 * the game's own rules and must reach the score reported. */
#include "cli.h"
#include "games/match3/match3.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ALGOS 16

typedef struct algo_spec {
    char label[32];
    char name[16];
    char optkey[8];
    char optval[16];
} algo_spec;

static int parse_algos(const char *list, algo_spec *al, int *n)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    *n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (*n >= MAX_ALGOS) return -1;
        algo_spec *a = &al[(*n)++];
        memset(a, 0, sizeof *a);
        snprintf(a->label, sizeof a->label, "%s", tok);
        char *colon = strchr(tok, ':');
        if (colon) *colon = '\0';
        snprintf(a->name, sizeof a->name, "%s", tok);
        if (colon) {
            snprintf(a->optkey, sizeof a->optkey, "%s", strcmp(tok, "beam") == 0 ? "width" : "c");
            snprintf(a->optval, sizeof a->optval, "%s", colon + 1);
        }
    }
    return *n > 0 ? 0 : -1;
}

int gl_bench_match3(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    if (gl_args_parse(argc, argv, "", &a) != 0) return GL_EXIT_USAGE;
    if (gl_args_flag(&a, "", "help")) {
        gl_args_free(&a);
        return gl_cli_help(
            "bench match3 [--rows M] [--cols N] [--kinds K] [--swaps X] [--boards B] [--seed S] [--algos LIST] [--limit-ms MS] [--repeat R]",
            "The seed's experiment: B random boards (board i from seed S+i, default 7x7, K=4,\n"
            "X=5, 10 boards, seed 1), each algorithm's score and time per board, then averages,\n"
            "the average score gap to the exact one and the accuracy (boards equal to exact).\n"
            "--algos (default backtrack,exact,pruned:3,pruned:4,pruned:5,beam): a solver name,\n"
            "with :C for pruned's C or :W for beam's width.  --limit-ms (default 600000) stops a\n"
            "run; a stopped run is marked '*' and is not used as the exact reference.  --repeat R\n"
            "(default 1) runs each algorithm R times on each board and shows the fastest run\n"
            "(the runs must agree on the score).\n");
    }
    long long rows = 7, cols = 7, kinds = 4, swaps = 5, boards = 10, seed = 1, ms = 600000, repeat = 1;
    const char *algos = "backtrack,exact,pruned:3,pruned:4,pruned:5,beam";
    if (gl_kv_int(&a.opts, "rows", 1, MATCH3_MAX_SIDE, &rows, &err) ||
        gl_kv_int(&a.opts, "cols", 1, MATCH3_MAX_SIDE, &cols, &err) ||
        gl_kv_int(&a.opts, "kinds", MATCH3_MIN_KINDS, MATCH3_MAX_KINDS, &kinds, &err) ||
        gl_kv_int(&a.opts, "swaps", 1, MATCH3_MAX_SWAPS, &swaps, &err) ||
        gl_kv_int(&a.opts, "boards", 1, 100000, &boards, &err) ||
        gl_kv_int(&a.opts, "seed", 0, 1LL << 62, &seed, &err) ||
        gl_kv_int(&a.opts, "limit-ms", 1, 1LL << 31, &ms, &err) ||
        gl_kv_int(&a.opts, "repeat", 1, 1000, &repeat, &err)) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    if (gl_kv_get(&a.opts, "algos")) algos = gl_kv_get(&a.opts, "algos");
    algo_spec al[MAX_ALGOS];
    int na;
    if (parse_algos(algos, al, &na) != 0) {
        gl_args_free(&a);
        return gl_cli_failf("bench match3: --algos wants 1 to %d comma-separated names", MAX_ALGOS);
    }
    if (gl_kv_check_used(&a.opts, &err) != 0 || a.npos) {
        gl_args_free(&a);
        return err.set ? gl_cli_fail(&err) : gl_cli_failf("bench match3: unexpected argument");
    }
    const gl_game *g = gl_game_find("match3");
    for (int i = 0; i < na; i++)
        if (!gl_game_solver(g, al[i].name)) {
            gl_args_free(&a);
            return gl_cli_failf("bench match3: no solver '%s'", al[i].name);
        }
    gl_cli_catch_sigint();
    long long *score = calloc((size_t)(boards * na), sizeof *score);
    double *time = calloc((size_t)(boards * na), sizeof *time);
    int *proved = calloc((size_t)(boards * na), sizeof *proved);
    int *stopped = calloc((size_t)(boards * na), sizeof *stopped);
    if (!score || !time || !proved || !stopped) {
        free(score);
        free(time);
        free(proved);
        free(stopped);
        gl_args_free(&a);
        return gl_cli_failf("out of memory");
    }
    printf("match3 benchmark: %lldx%lld (rows x columns), K=%lld, X=%lld swaps, %lld boards from seed %lld, limit %lld ms per run",
           rows, cols, kinds, swaps, boards, seed, ms);
    if (repeat > 1) printf(", fastest of %lld runs", repeat);
    printf("\n\n");
    printf("%5s", "board");
    for (int i = 0; i < na; i++) printf(" | %-12s %6s %10s", al[i].label, "score", "ms");
    printf("\n");
    int failures = 0;
    long long done = 0;
    for (long long bi = 0; bi < boards && !gl_cli_interrupted; bi++) {
        gl_kvlist params;
        gl_kv_init(&params);
        char v[32];
        snprintf(v, sizeof v, "%lldx%lld", cols, rows);
        gl_kv_add(&params, "size", v, 0);
        snprintf(v, sizeof v, "%lld", kinds);
        gl_kv_add(&params, "kinds", v, 0);
        gl_rng rng;
        gl_rng_seed(&rng, (uint64_t)(seed + bi));
        gl_board *b = g->create(&params, &rng, &err);
        gl_kv_free(&params);
        if (!b) {
            printf("error: %s\n", err.msg);
            failures++;
            break;
        }
        printf("%5lld", bi + 1);
        for (int i = 0; i < na; i++) {
            gl_kvlist sopts;
            gl_kv_init(&sopts);
            snprintf(v, sizeof v, "%lld", swaps);
            if (strcmp(al[i].name, "best1") != 0) gl_kv_add(&sopts, "swaps", v, 0);
            if (al[i].optkey[0]) gl_kv_add(&sopts, al[i].optkey, al[i].optval, 0);
            gl_limits lim = {(double)ms, 0, &gl_cli_interrupted, NULL};
            gl_solution sol;
            gl_solution_init(&sol);
            size_t k = (size_t)(bi * na + i);
            int rc = gl_cli_run_solver(g, b, al[i].name, &sopts, &lim, NULL, &sol, &err), agree = 1;
            double fastest = sol.ms;
            for (long long r = 1; r < repeat && rc == 0; r++) {
                gl_solution again;
                gl_solution_init(&again);
                rc = gl_cli_run_solver(g, b, al[i].name, &sopts, &lim, NULL, &again, &err);
                if (rc == 0 && again.ms < fastest) fastest = again.ms;
                agree &= rc != 0 || again.cost == sol.cost;
                gl_solution_free(&again);
            }
            sol.ms = fastest;
            if (rc != 0) {
                printf(" | error: %s", err.msg);
                failures++;
            } else {
                gl_board *c = g->clone(b);
                int ok = c && gl_cli_replay(g, c, &sol, &err) == 0;
                if (ok) {
                    gl_board *d = g->clone(b);
                    for (int m = 0; d && m < sol.nmoves; m++) g->apply(d, &sol.moves[m], NULL, &err);
                    ok = d && ((match3_board *)d)->score - ((match3_board *)b)->score == sol.cost;
                    if (d) g->destroy(d);
                }
                if (c) g->destroy(c);
                ok &= agree;
                if (!ok) failures++;
                score[k] = sol.cost;
                time[k] = sol.ms;
                proved[k] = sol.optimal;
                stopped[k] = sol.stopped != NULL;
                printf(" | %-12s %5lld%s %10.2f", ok ? "" : "REPLAY FAIL", sol.cost, stopped[k] ? "*" : " ",
                       sol.ms);
            }
            fflush(stdout);
            gl_solution_free(&sol);
            gl_kv_free(&sopts);
        }
        printf("\n");
        g->destroy(b);
        done++;
    }
    /* Averages, gap to the proved score and accuracy. */
    printf("%5s", "mean");
    for (int i = 0; i < na; i++) {
        double s = 0, t = 0;
        for (long long bi = 0; bi < done; bi++) {
            s += (double)score[bi * na + i];
            t += time[bi * na + i];
        }
        printf(" | %-12s %6.1f %10.2f", "", done ? s / (double)done : 0, done ? t / (double)done : 0);
    }
    printf("\n%5s", "exact");
    int nref = 0;
    for (int i = 0; i < na; i++) {
        double gap = 0;
        int cmp = 0, equal = 0;
        for (long long bi = 0; bi < done; bi++) {
            int ref = -1;
            for (int j = 0; j < na && ref < 0; j++)
                if (proved[bi * na + j]) ref = j;
            if (ref < 0) continue;
            cmp++;
            gap += (double)(score[bi * na + ref] - score[bi * na + i]);
            equal += score[bi * na + ref] == score[bi * na + i];
        }
        if (i == 0) nref = cmp;
        if (cmp) printf(" | gap %-8.2f acc %9.0f%%", gap / cmp, 100.0 * equal / cmp);
        else printf(" | %-29s", "no proved board");
    }
    /* Where nothing proved the best (large settings), the best any
     * algorithm found on the board is the yardstick. */
    printf("\n%5s", "best");
    for (int i = 0; i < na; i++) {
        double gap = 0;
        int equal = 0;
        for (long long bi = 0; bi < done; bi++) {
            long long top = 0;
            for (int j = 0; j < na; j++)
                if (score[bi * na + j] > top) top = score[bi * na + j];
            gap += (double)(top - score[bi * na + i]);
            equal += top == score[bi * na + i];
        }
        printf(" | gap %-8.2f acc %9.0f%%", done ? gap / (double)done : 0, done ? 100.0 * equal / (double)done : 0);
    }
    printf("\n\nRow 'exact': 'gap' is the mean score below the proved best and 'acc' the share\n"
           "of boards scoring exactly the proved best, over the %d board(s) where some run\n"
           "proved it.  Row 'best': the same against the best score any algorithm found.\n"
           "'*' marks a run stopped by the time limit.\n",
           nref);
    for (int i = 0; i < na; i++) {
        int st = 0;
        for (long long bi = 0; bi < done; bi++) st += stopped[bi * na + i];
        if (st) printf("%s: stopped by the limit on %d of %lld boards\n", al[i].label, st, done);
    }
    if (failures) printf("FAILURES: %d\n", failures);
    free(score);
    free(time);
    free(proved);
    free(stopped);
    gl_args_free(&a);
    return failures ? GL_EXIT_NO : GL_EXIT_OK;
}
