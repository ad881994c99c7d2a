/* gridlab bench onet: link-query speed, and for random boards of the
 * classic sizes (every kind 4 tiles) how many are solvable without a
 * reshuffle, how many plain greedy clears, and what the exact solver costs.
 *
 * Boards come from the game's own generator (no obstacles, no bombs,
 * border=1) with seeds 1..N, so every figure can be reproduced. */
#include "cli.h"
#include "games/onet/onet.h"

#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static onet_board *make(int w, int h, uint64_t seed, gl_error *err)
{
    onet_map m = {w, h, malloc((size_t)(w * h))};
    if (!m.on) return NULL;
    memset(m.on, 1, (size_t)(w * h));
    gl_rng rng;
    gl_rng_seed(&rng, seed);
    onet_board *b = onet_generate(&m, w * h / 4, 0, 0, 1, 0, &rng, err);
    onet_map_free(&m);
    return b;
}

/* Mean microseconds of one all-pairs query, over boards at several stages
 * of a game (full, then after removals): the game's extent method and the
 * link kernel's sweep; and of one shortest-path query (the BFS). */
static void bench_links(int reps)
{
    gl_error err = {0};
    printf("link queries, 16x10 board (160 tiles, 40 kinds of 4), %d repetitions each\n\n", reps);
    printf("%-22s %6s %6s %16s %16s %14s\n", "position", "tiles", "pairs", "all pairs: ext.", "all pairs: sweep",
           "one path (us)");
    onet_board *b = make(16, 10, 1, &err);
    gl_link_scratch sc;
    if (!b || gl_link_scratch_init(&sc, (size_t)b->pw * (size_t)b->ph) != 0) {
        onet_free(b);
        return;
    }
    int pairs[2 * 4096];
    for (int stage = 0; stage < 4; stage++) {
        int np = onet_pairs(b, &sc, pairs, 4096);
        volatile int sink = 0;
        uint64_t t0 = gl_now_ns();
        for (int r = 0; r < reps; r++) sink += onet_pairs(b, &sc, pairs, 4096);
        double all_us = gl_ms_since(t0) * 1000.0 / reps;
        t0 = gl_now_ns();
        for (int r = 0; r < reps; r++) sink += onet_pairs_sweep(b, &sc, pairs, 4096);
        double sweep_us = gl_ms_since(t0) * 1000.0 / reps;
        double one_us = 0;
        if (np > 0) {
            int corners[ONET_MAX_CORNERS];
            t0 = gl_now_ns();
            for (int r = 0; r < reps; r++) {
                int k = r % np;
                sink += onet_link(b, pairs[2 * k], pairs[2 * k + 1], corners);
            }
            one_us = gl_ms_since(t0) * 1000.0 / reps;
        }
        (void)sink;
        char name[32];
        snprintf(name, sizeof name, stage == 0 ? "full" : "after %d removals", stage * 20);
        printf("%-22s %6d %6d %13.2f us %13.2f us %14.2f\n", name, onet_count_tiles(b), np, all_us, sweep_us,
               one_us);
        /* Advance 20 removals as in play: first pair, reshuffle on deadlock. */
        for (int k = 0; k < 20; k++) {
            int p[2], corners[ONET_MAX_CORNERS];
            if (onet_pairs(b, &sc, p, 1) == 0) break;
            int nc = onet_link(b, p[0], p[1], corners);
            onet_remove(b, p[0], p[1], corners, nc);
            onet_settle(b, &sc);
        }
    }
    printf("\n");
    gl_link_scratch_free(&sc);
    onet_free(b);
}

/* One row.  Ctrl-C: the board it stopped in is not counted, and the row
 * (over the boards done) says it was interrupted. */
static void bench_solver(int w, int h, int nboards, double limit_ms)
{
    gl_error err = {0};
    if (gl_cli_interrupted) return;
    double *times = malloc((size_t)nboards * sizeof *times);
    if (!times) return;
    int solvable = 0, unsolvable = 0, undecided = 0, greedy = 0, asked = nboards;
    unsigned long long nodes = 0;
    for (int s = 0; s < nboards; s++) {
        onet_board *b = make(w, h, (uint64_t)s + 1, &err);
        if (!b) break;
        gl_solve_opts o;
        memset(&o, 0, sizeof o);
        o.lim.limit_ms = limit_ms;
        o.lim.interrupt = &gl_cli_interrupted;
        gl_solution sol;
        gl_solution_init(&sol);
        if (onet_solve_greedy((gl_board *)b, &o, &sol, &err) == 0 && sol.solved) greedy++;
        gl_solution_free(&sol);
        gl_solution_init(&sol);
        uint64_t t0 = gl_now_ns();
        onet_solve_exact((gl_board *)b, &o, &sol, &err);
        if (gl_cli_interrupted) { /* this board not decided, nor counted */
            gl_solution_free(&sol);
            onet_free(b);
            nboards = s;
            break;
        }
        times[s] = gl_ms_since(t0);
        nodes += sol.nodes;
        if (sol.solved) solvable++;
        else if (sol.optimal) unsolvable++;
        else undecided++;
        gl_solution_free(&sol);
        onet_free(b);
    }
    double sum = 0, max = 0;
    for (int s = 0; s < nboards; s++) {
        sum += times[s];
        if (times[s] > max) max = times[s];
    }
    qsort(times, (size_t)nboards, sizeof *times, cmp_double);
    double median = nboards == 0 ? 0 : nboards % 2 ? times[nboards / 2] : (times[nboards / 2 - 1] + times[nboards / 2]) / 2;
    double per = nboards ? 1.0 / nboards : 0;
    char size[16];
    snprintf(size, sizeof size, "%dx%d", w, h);
    printf("%-7s %6d %9.1f%% %9.1f%% %9.1f%% %9d %10.2f %10.2f %10.1f %12.0f", size, nboards,
           100.0 * solvable * per, 100.0 * unsolvable * per, 100.0 * greedy * per, undecided, sum * per, median, max,
           (double)nodes * per);
    if (gl_cli_interrupted) printf("  interrupted: %d of %d boards", nboards, asked);
    printf("\n");
    free(times);
}

int gl_bench_onet(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    int status;
    if (!gl_args_start(argc, argv, "", &a, &status, "bench onet [--boards N] [--limit-ms MS] [--reps N]",
                       "Link-query speed on a 16x10 board, then for random 12x8 and 17x8 boards\n"
                       "(4 tiles of every kind, border=1, seeds 1..N, default N=200): the share\n"
                       "solvable without a reshuffle, proved unsolvable, cleared by greedy, and the\n"
                       "exact solver's time (mean, median, max ms) and nodes; boards it cannot decide\n"
                       "within --limit-ms (default 10000) are counted as undecided.\n"))
        return status;
    long long nboards = 200, ms = 10000, reps = 20000;
    if (gl_kv_int(&a.opts, "boards", 1, 100000, &nboards, &err) ||
        gl_kv_int(&a.opts, "limit-ms", 1, 1LL << 31, &ms, &err) ||
        gl_kv_int(&a.opts, "reps", 1, 100000000, &reps, &err) || gl_kv_check_used(&a.opts, &err) != 0 || a.npos) {
        gl_args_free(&a);
        return err.set ? gl_cli_fail(&err) : gl_cli_failf("bench onet: unexpected argument");
    }
    gl_cli_catch_sigint();
    bench_links((int)reps);
    printf("exact solver, random boards with 4 tiles of every kind (border=1), limit %lld ms each\n\n", ms);
    printf("%-7s %6s %10s %10s %10s %9s %10s %10s %10s %12s\n", "size", "boards", "solvable", "unsolv.",
           "greedy", "undecided", "mean ms", "median ms", "max ms", "mean nodes");
    bench_solver(12, 8, (int)nboards, (double)ms);
    bench_solver(17, 8, (int)nboards, (double)ms);
    if (gl_cli_interrupted) printf("interrupted: the rows after the last are not run\n");
    gl_args_free(&a);
    return GL_EXIT_OK;
}
