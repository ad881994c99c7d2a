/* gridlab solve and gridlab hint. */
#include "cli.h"

#include <string.h>

static const char SOLVE_HELP[] =
    "Solves the board with a solver of its game (the first listed by 'gridlab list'\n"
    "is the default).  Options:\n"
    "  --algo A        the solver\n"
    "  --json          one JSON object: game, algo, solved, optimal, cost, moves,\n"
    "                  nodes, ms, peak_bytes (and stopped when a limit was hit)\n"
    "  --limit-ms N    stop after N ms (the answer is then not proved optimal)\n"
    "  --mem-mb N      cap the solver's tables at N MiB (default: half the memory, at most 8 GiB)\n"
    "  --trace         print the answer state by state (to stderr with --json): tiles\n"
    "                  each state with g and h, onet each pair's path, the other games\n"
    "                  each move with the status line it leads to\n"
    "  --KEY VALUE     a solver option (see 'gridlab list')\n"
    "Exit status: 0 solved, 1 no solution found (unsolvable, or a limit hit), 2 bad input\n"
    "or output that could not be written, 130 interrupted (Ctrl-C or SIGTERM: the search\n"
    "stops and its answer so far is printed, \"stopped\":\"interrupted\").\n";

/* The answer state by state, for a solver that wrote no trace of its own:
 * the start's status line, then each move and the status line after it
 * (flood: moves and cells flooded; lines: score, turn and the next balls;
 * match3: score and swaps). */
static void replay_trace(const gl_game *g, const gl_board *b, const gl_solution *s, gl_strbuf *out)
{
    gl_board *c = g->clone(b);
    if (!c) return;
    gl_sb_printf(out, "%4s  %-8s %s\n%4d  %-8s ", "step", "move", "state", 0, "");
    g->status_line(c, out);
    gl_sb_putc(out, '\n');
    char name[64];
    for (int i = 0; i < s->nmoves; i++) {
        g->format_move(c, &s->moves[i], name, sizeof name);
        gl_error err = {0};
        if (g->apply(c, &s->moves[i], NULL, &err) != 0) {
            gl_sb_printf(out, "%4d  %-8s not legal here: %s\n", i + 1, name, err.msg);
            break;
        }
        gl_sb_printf(out, "%4d  %-8s ", i + 1, name);
        g->status_line(c, out);
        gl_sb_putc(out, '\n');
    }
    g->destroy(c);
}

/* The common part of solve and hint: one board file, the limits, and the
 * remaining options for the solver.  Returns 0, or an exit status. */
static int load(gl_args *a, const char *usage, const gl_game **g, gl_board **b, gl_limits *lim,
                gl_kvlist *sopts)
{
    gl_error err = {0};
    if (gl_args_expect(a, 1, 1, usage)) return GL_EXIT_USAGE;
    if (gl_args_limits(a, lim, &err) != 0 || gl_args_check_values(a, &err) != 0) return gl_cli_fail(&err);
    gl_args_unused(a, sopts);
    *b = gl_cli_board_read(a->pos[0], g, &err);
    if (!*b) return gl_cli_fail(&err);
    gl_cli_catch_sigint();
    return 0;
}

int gl_cmd_solve(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "json trace";
    int status;
    if (!gl_args_start(argc, argv, flags, &a, &status,
                       "solve FILE|ID|- [--algo A] [--json] [--limit-ms N] [--mem-mb N] [--trace] [--KEY VALUE ...]",
                       SOLVE_HELP))
        return status;
    int rc = GL_EXIT_OK;
    gl_board *b = NULL;
    const gl_game *g = NULL;
    gl_limits lim;
    gl_kvlist sopts;
    gl_kv_init(&sopts);
    const char *algo = gl_kv_get(&a.opts, "algo");
    if ((rc = load(&a, "solve FILE|ID|- [--algo A] [--json] [--limit-ms N] [--trace]", &g, &b, &lim, &sopts)))
        goto out;
    int json = gl_args_flag(&a, flags, "json");
    int trace = gl_args_flag(&a, flags, "trace");
    const gl_solver *sv = gl_game_solver(g, algo);
    gl_strbuf tr = GL_STRBUF_INIT;
    gl_solution sol;
    gl_solution_init(&sol);
    if (gl_cli_run_solver(g, b, algo, &sopts, &lim, trace ? &tr : NULL, &sol, &err) != 0) {
        rc = gl_cli_fail(&err);
        gl_solution_free(&sol);
        gl_sb_free(&tr);
        goto out;
    }
    if (trace && tr.len == 0) replay_trace(g, b, &sol, &tr);
    if (trace) fputs(gl_sb_str(&tr), json ? stderr : stdout);
    gl_strbuf outb = GL_STRBUF_INIT;
    if (json) {
        gl_cli_solution_json(g, b, sv->name, &sol, &outb);
        gl_sb_putc(&outb, '\n');
    } else {
        gl_sb_printf(&outb, "%s %s: %s", g->name, sv->name,
                     sol.solved ? "solved" : (sol.optimal ? "no solution (proved)" : "no solution found"));
        if (sol.solved)
            gl_sb_printf(&outb, ", cost %lld in %d moves, %s", sol.cost, sol.nmoves,
                         sol.optimal ? "proved optimal" : "not proved optimal");
        if (sol.stopped) gl_sb_printf(&outb, " (stopped: %s)", sol.stopped);
        gl_sb_printf(&outb, "\nmoves: ");
        gl_cli_moves_text(g, b, &sol, " ", &outb);
        gl_sb_printf(&outb, "\nnodes %llu, %.3f ms, peak %.1f MiB\n", sol.nodes, sol.ms,
                     (double)sol.peak_bytes / (1 << 20));
    }
    fputs(gl_sb_str(&outb), stdout);
    gl_sb_free(&outb);
    gl_sb_free(&tr);
    rc = sol.solved ? GL_EXIT_OK : GL_EXIT_NO;
    gl_solution_free(&sol);
out:
    if (b) g->destroy(b);
    gl_kv_free(&sopts);
    gl_args_free(&a);
    return rc;
}

int gl_cmd_hint(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "json";
    int status;
    if (!gl_args_start(argc, argv, flags, &a, &status,
                       "hint FILE|ID|- [--json] [--limit-ms N] [--KEY VALUE ...]",
                       "Prints the best next move in the game's notation (with --json: \"move\", and\n"
                       "\"path\" for lines and onet).  The search has 5 s unless --limit-ms says\n"
                       "otherwise.\n"
                       "Exit status: 0 a move, 1 no move (the game is over or deadlocked), 2 bad\n"
                       "input or output that could not be written, 3 the search stopped at its\n"
                       "limit before it had a move (\"stopped\" in --json), 130 interrupted (Ctrl-C\n"
                       "or SIGTERM: the search stops and what it has is printed).\n"))
        return status;
    int rc = GL_EXIT_OK;
    gl_board *b = NULL;
    const gl_game *g = NULL;
    gl_limits lim;
    gl_kvlist sopts;
    gl_kv_init(&sopts);
    gl_info info;
    gl_info_init(&info);
    if ((rc = load(&a, "hint FILE|ID|- [--json]", &g, &b, &lim, &sopts))) goto out;
    int json = gl_args_flag(&a, flags, "json");
    gl_move m;
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim = lim;
    o.opts = &sopts;
    int found = gl_hint_board(g, b, &o, &m, &info, &err);
    if (found != GL_HINT_ERROR && gl_kv_check_used(&sopts, &err) != 0) found = GL_HINT_ERROR;
    gl_strbuf out = GL_STRBUF_INIT;
    gl_json j;
    gl_json_init(&j, &out);
    if (found == GL_HINT_ERROR) {
        rc = gl_cli_fail(&err);
    } else if (json) { /* the page's shape too */
        gl_json_hint(&j, g, b, found, &m, &info, err.set ? err.msg : NULL);
        if (found == GL_HINT_NONE) rc = GL_EXIT_NO;
        else if (found == GL_HINT_STOPPED)
            rc = err.set && strcmp(err.msg, "interrupted") == 0 ? GL_EXIT_INTERRUPTED : GL_EXIT_STOPPED;
    } else if (found == GL_HINT_MOVE) {
        char buf[64];
        g->format_move(b, &m, buf, sizeof buf);
        gl_sb_puts(&out, buf);
    } else if (found == GL_HINT_NONE) {
        gl_sb_puts(&out, "no move");
        rc = GL_EXIT_NO;
    } else { /* stopped before it had a move */
        const char *why = err.set ? err.msg : "a limit";
        gl_sb_printf(&out, "no hint: the search stopped (%s) before it found a move", why);
        rc = strcmp(why, "interrupted") == 0 ? GL_EXIT_INTERRUPTED : GL_EXIT_STOPPED;
    }
    if (found != GL_HINT_ERROR) {
        gl_sb_putc(&out, '\n');
        fputs(gl_sb_str(&out), stdout);
    }
    gl_sb_free(&out);
out:
    gl_info_free(&info);
    if (b) g->destroy(b);
    gl_kv_free(&sopts);
    gl_args_free(&a);
    return rc;
}
