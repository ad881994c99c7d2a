/* gridlab tour: the main job.  For every game in the registry: a board
 * made from the game's tour parameters, solved by its tour solver, the
 * moves replayed to check them, with timings. */
#include "cli.h"

#include <string.h>

int gl_cmd_tour(int argc, char **argv)
{
    gl_args a;
    const char *flags = "";
    int status;
    if (!gl_args_start(argc, argv, flags, &a, &status, "tour [--seed N]",
                       "Shows a board of every game and solves it, with timings.\n"))
        return status;
    gl_error err = {0};
    uint64_t seed = 1;
    int given;
    if (gl_args_seed(&a, &seed, &given, &err) != 0 || gl_kv_check_used(&a.opts, &err) != 0 || a.npos) {
        gl_args_free(&a);
        return err.set ? gl_cli_fail(&err) : gl_cli_failf("tour takes no arguments");
    }
    gl_args_free(&a);
    int color = gl_cli_use_color(stdout);
    int failures = 0, done = 0;
    uint64_t t0 = gl_now_ns();
    gl_cli_catch_sigint(); /* Ctrl-C stops the solver running and the tour */
    printf("gridlab %s tour: one board of each game, solved (seed %llu)\n", GRIDLAB_VERSION,
           (unsigned long long)seed);
    for (int i = 0; i < gl_ngames && !gl_cli_interrupted; i++) {
        const gl_game *g = gl_games[i];
        gl_kvlist params, sopts;
        gl_kv_init(&params);
        gl_kv_init(&sopts);
        char algo[64] = "";
        const char *ts = g->tour_solve ? g->tour_solve : "";
        size_t al = strcspn(ts, " ");
        snprintf(algo, sizeof algo, "%.*s", (int)al, ts);
        printf("\n== %s: %s\n", g->name, g->summary);
        gl_board *b = NULL;
        if (gl_kv_parse_pairs(&params, g->tour_params, &err) == 0 && gl_kv_parse_pairs(&sopts, ts + al, &err) == 0)
            b = gl_game_create(g, &params, seed, &err);
        if (!b) {
            printf("  cannot make the board: %s\n", err.msg);
            failures++;
            gl_kv_free(&params);
            gl_kv_free(&sopts);
            continue;
        }
        gl_strbuf sb = GL_STRBUF_INIT;
        g->render(b, &sb, color ? GL_RENDER_COLOR : 0);
        gl_sb_putc(&sb, '\n');
        g->status_line(b, &sb);
        gl_sb_putc(&sb, '\n');
        fputs(gl_sb_str(&sb), stdout);
        gl_sb_free(&sb);
        gl_limits lim = {0};
        lim.limit_ms = 20000;
        lim.interrupt = &gl_cli_interrupted;
        gl_solution sol;
        gl_solution_init(&sol);
        if (gl_cli_run_solver(g, b, algo[0] ? algo : NULL, &sopts, &lim, NULL, &sol, &err) != 0) {
            printf("  solver failed: %s\n", err.msg);
            failures++;
        } else {
            gl_strbuf mv = GL_STRBUF_INIT;
            gl_cli_moves_text(g, b, &sol, " ", &mv);
            const gl_solver *sv = gl_game_solver(g, algo[0] ? algo : NULL);
            int ok = gl_cli_replay(g, b, &sol, &err) == 0;
            printf("%s %s: cost %lld, %d moves, %s; %llu nodes in %.2f ms%s%s%s\n  moves: %s\n",
                   g->name, sv->name, sol.cost, sol.nmoves,
                   sol.optimal ? "proved optimal" : "not proved optimal", sol.nodes, sol.ms,
                   sol.stopped ? ", stopped: " : "", sol.stopped ? sol.stopped : "",
                   ok ? "" : " (REPLAY FAILED)", gl_sb_str(&mv));
            if (!gl_cli_interrupted && (!ok || !sol.solved)) failures++;
            if (!gl_cli_interrupted) done++;
            gl_sb_free(&mv);
        }
        gl_solution_free(&sol);
        g->destroy(b);
        gl_kv_free(&params);
        gl_kv_free(&sopts);
    }
    if (gl_cli_interrupted) {
        printf("\ntour interrupted: %d of %d game%s solved in %.1f ms%s\n", done, gl_ngames,
               gl_ngames == 1 ? "" : "s", gl_ms_since(t0), failures ? ", WITH FAILURES" : "");
        return GL_EXIT_INTERRUPTED;
    }
    printf("\ntour done: %d game%s in %.1f ms%s\n", gl_ngames, gl_ngames == 1 ? "" : "s",
           gl_ms_since(t0), failures ? ", WITH FAILURES" : "");
    return failures ? GL_EXIT_NO : GL_EXIT_OK;
}
