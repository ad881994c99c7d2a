/* gridlab bench tiles: every solver on B^N W^N _ for a range of N, with
 * cost, nodes expanded, time and peak table memory.  Each run has a time
 * and memory limit, so a solver that cannot finish is reported as stopped
 * instead of thrashing the machine. */
#include "cli.h"
#include "games/tiles/tiles.h"

#include <string.h>

int gl_bench_tiles(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    int status;
    if (!gl_args_start(argc, argv, "", &a, &status,
                       "bench tiles [--from N] [--to N] [--hop H] [--algos LIST] [--limit-ms MS] [--mem-mb MB]",
                       "Runs each solver on B^N W^N _ for N from --from (3) to --to (12) and prints\n"
                       "cost, nodes expanded, time and the solver's peak table memory.  Each run stops\n"
                       "at --limit-ms (default 60000) or --mem-mb (default 4096).  Solvers (--algos,\n"
                       "comma-separated): astar, astar-pairs (the seed's h), astar-hash (the generic\n"
                       "hash-table kernel, which astar takes only when the bitmaps do not fit), ucs,\n"
                       "ida, ida-pairs, greedy, bfs, seed (the seed's program); default all.\n"))
        return status;
    long long from = 3, to = 12, hop = 2, ms = 60000, mb = 4096;
    const char *algos = "astar,astar-pairs,astar-hash,ucs,ida,ida-pairs,greedy,bfs,seed";
    if (gl_kv_int(&a.opts, "from", 1, 28, &from, &err) ||
        gl_kv_int(&a.opts, "to", 1, 28, &to, &err) ||
        gl_kv_int(&a.opts, "hop", 0, 50, &hop, &err) ||
        gl_kv_int(&a.opts, "limit-ms", 1, 1LL << 31, &ms, &err) ||
        gl_kv_int(&a.opts, "mem-mb", 1, 1 << 20, &mb, &err)) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    if (from > to) {
        gl_args_free(&a);
        return gl_cli_failf("bench tiles: --from %lld is past --to %lld (no row to run)", from, to);
    }
    if (gl_kv_get(&a.opts, "algos")) algos = gl_kv_get(&a.opts, "algos");
    if (gl_kv_check_used(&a.opts, &err) != 0 || a.npos) {
        gl_args_free(&a);
        return err.set ? gl_cli_fail(&err) : gl_cli_failf("bench tiles: unexpected argument");
    }
    const gl_game *g = gl_game_find("tiles");
    /* Every name is checked before any run: a misspelt one is an error
     * (exit 2), not a row of errors.  NAME-pairs sets the solver's
     * heuristic (only for a solver that takes one); astar-hash is A* on the
     * generic kernel, which astar itself only takes when the bitmaps do not
     * fit. */
    gl_cli_list list;
    struct {
        const char *label;
        char solver[GL_CLI_NAME_MAX];
        int pairs, hash;
    } run[GL_CLI_LIST_MAX];
    if (gl_cli_list_split("bench tiles: --algos", algos, &list, &err) != 0) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    for (int i = 0; i < list.n; i++) {
        run[i].label = list.name[i];
        snprintf(run[i].solver, sizeof run[i].solver, "%s", list.name[i]);
        run[i].hash = strcmp(run[i].solver, "astar-hash") == 0;
        char *suffix = strstr(run[i].solver, "-pairs");
        run[i].pairs = suffix != NULL;
        if (suffix) *suffix = '\0';
        if (run[i].hash) run[i].solver[5] = '\0';
        const gl_solver *sv = gl_game_solver(g, run[i].solver);
        int ok = sv != NULL;
        if (ok && run[i].pairs) {
            char opts[128];
            snprintf(opts, sizeof opts, " %s ", sv->options ? sv->options : "");
            ok = strstr(opts, " heuristic ") != NULL;
        }
        if (!ok) {
            gl_args_free(&a);
            return gl_cli_failf("bench tiles: no solver '%s' (astar, astar-pairs, astar-hash, ucs, ida, "
                                "ida-pairs, greedy, seed, bfs)", list.name[i]);
        }
    }
    /* Every row's board is made before any run: a --hop its N does not
     * take is refused here, not reported in a row. */
    for (long long n = from; n <= to; n++) {
        gl_kvlist params;
        gl_kv_init(&params);
        char nb[16], hb[16];
        snprintf(nb, sizeof nb, "%lld", n);
        snprintf(hb, sizeof hb, "%lld", hop);
        gl_kv_add(&params, "n", nb, 0);
        gl_kv_add(&params, "hop", hb, 0);
        gl_rng rng;
        gl_rng_seed(&rng, 1);
        gl_board *b = g->create(&params, &rng, &err);
        gl_kv_free(&params);
        if (!b) {
            gl_args_free(&a);
            return gl_cli_failf("bench tiles: N=%lld: %s", n, err.msg);
        }
        g->destroy(b);
    }
    gl_cli_catch_sigint();
    printf("tiles benchmark: B^N W^N _, hop=%lld, limits %lld ms and %lld MiB per run\n\n", hop, ms, mb);
    printf("%3s  %-12s %7s %6s %13s %11s %10s  %s\n", "N", "solver", "cost", "moves", "nodes", "ms",
           "peak MiB", "result");
    for (long long n = from; n <= to; n++) {
        for (int i = 0; i < list.n; i++) {
            const char *tok = run[i].label, *name = run[i].solver;
            gl_kvlist params, sopts;
            gl_kv_init(&params);
            gl_kv_init(&sopts);
            char nb[16], hb[16];
            snprintf(nb, sizeof nb, "%lld", n);
            snprintf(hb, sizeof hb, "%lld", hop);
            gl_kv_add(&params, "n", nb, 0);
            gl_kv_add(&params, "hop", hb, 0);
            if (run[i].pairs) gl_kv_add(&sopts, "heuristic", "pairs", 0);
            gl_rng rng;
            gl_rng_seed(&rng, 1);
            gl_board *b = g->create(&params, &rng, &err);
            gl_limits lim = {(double)ms, (size_t)mb << 20, &gl_cli_interrupted, NULL};
            gl_solution sol;
            gl_solution_init(&sol);
            int failed = !b;
            if (!failed && run[i].hash) {
                gl_solve_opts o = {lim, &sopts, NULL, NULL};
                failed = tiles_solve_astar_hash(b, &o, &sol, &err) != 0;
            } else if (!failed) {
                failed = gl_cli_run_solver(g, b, name, &sopts, &lim, NULL, &sol, &err) != 0;
            }
            if (failed) {
                printf("%3lld  %-12s error: %s\n", n, tok, err.msg);
            } else {
                /* The seed's loop message names the states: too long for a column. */
                int loops = sol.stopped && strncmp(sol.stopped, "the seed's program loops", 24) == 0;
                const char *res = loops ? "loops" : sol.stopped ? sol.stopped
                                  : !sol.solved ? "no solution"
                                  : sol.optimal ? "optimal" : "not optimal";
                if (sol.solved && gl_cli_replay(g, b, &sol, &err) != 0) res = "REPLAY FAILED";
                char cost[32] = "-", moves[32] = "-";
                if (sol.solved) {
                    snprintf(cost, sizeof cost, "%lld", sol.cost);
                    snprintf(moves, sizeof moves, "%d", sol.nmoves);
                }
                printf("%3lld  %-12s %7s %6s %13llu %11.1f %10.1f  %s\n", n, tok, cost, moves, sol.nodes,
                       sol.ms, (double)sol.peak_bytes / (1 << 20), res);
            }
            fflush(stdout);
            gl_solution_free(&sol);
            if (b) g->destroy(b);
            gl_kv_free(&params);
            gl_kv_free(&sopts);
            if (gl_cli_interrupted) break;
        }
        if (gl_cli_interrupted) break;
    }
    if (gl_cli_interrupted) printf("interrupted: the rows after the last are not run\n");
    gl_args_free(&a);
    return GL_EXIT_OK;
}
