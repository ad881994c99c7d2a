/* gridlab: one program, one subcommand per job (SPEC 3).
 *
 * main also owns what every subcommand shares at its end: the exit status
 * of a command stopped by Ctrl-C or SIGTERM (130), and the check that what
 * was printed was written.  Output is buffered, so a full disk or a closed
 * pipe often shows only when the buffer is flushed: standard output is
 * flushed and closed here, and any failure, then or earlier, is exit 2 with
 * a message, whichever subcommand printed. */
#include "cli.h"

#include <errno.h>
#include <string.h>

static const gl_cli_command builtin[] = {
    {"list", "list [--json]", "games, their options and solvers", gl_cmd_list},
    {"new", "new GAME [--seed N] [--KEY VALUE ...]", "print a new board (text format)", gl_cmd_new},
    {"show", "show [--groups] FILE|ID|-", "draw a board", gl_cmd_show},
    {"solve", "solve FILE|ID|- [--algo A] [--json] [--limit-ms N] [--mem-mb N] [--trace] [--KEY VALUE ...]",
     "solve a board", gl_cmd_solve},
    {"hint", "hint FILE|ID|- [--json] [--limit-ms N]", "the best next move", gl_cmd_hint},
    {"path", "path FILE|ID|- CELL CELL [--json]", "lines: the BFS path; onet: the link path", gl_cmd_path},
    {"play", "play GAME [--seed N | FILE] [--save FILE] [--lines]", "play in the terminal", gl_cmd_play},
    {"bench", "bench GAME [...]", "benchmark tables", gl_cmd_bench},
    {"tour", "tour", "a board of each game solved, with timings", gl_cmd_tour},
};
#define NBUILTIN ((int)(sizeof builtin / sizeof builtin[0]))

static void usage(FILE *f)
{
    fprintf(f, "gridlab %s: grid puzzle games and the search algorithms that solve them\n\n"
               "usage: gridlab COMMAND [ARGS]\n\n",
            GRIDLAB_VERSION);
    for (int i = 0; i < NBUILTIN; i++) fprintf(f, "  %-9s %s\n", builtin[i].name, builtin[i].summary);
    for (int k = 0; gl_cli_tools_all[k]; k++)
        for (const gl_cli_command *c = gl_cli_tools_all[k]->commands; c && c->name; c++)
            fprintf(f, "  %-9s %s\n", c->name, c->summary);
    fprintf(f, "\nGames:");
    for (int i = 0; i < gl_ngames; i++) fprintf(f, " %s", gl_games[i]->name);
    fprintf(f, "\n\n'gridlab COMMAND --help' describes a command.\n"
               "Exit status: 0 success, 1 a negative answer (no path, unsolvable), 2 bad usage or\n"
               "input, or output that could not be written, 3 a hint's search stopped before it\n"
               "had a move, 130 interrupted (Ctrl-C or SIGTERM: a search stops, the command\n"
               "prints what it has and exits 130).\n");
}

/* Flushes and closes standard output: 0, or the errno of the failure (-1
 * when a write failed earlier and its errno is gone). */
static int close_stdout(void)
{
    int earlier = ferror(stdout);
    errno = 0;
    if (fflush(stdout) != 0) {
        int e = errno ? errno : -1;
        fclose(stdout);
        return e;
    }
    errno = 0;
    if (fclose(stdout) != 0) {
        /* Nothing left to write to a closed descriptor is no failure. */
        if (!earlier && errno == EBADF) return 0;
        return errno ? errno : -1;
    }
    return earlier ? -1 : 0;
}

static int finish(int rc)
{
    if (gl_cli_interrupted && (rc == GL_EXIT_OK || rc == GL_EXIT_NO)) rc = GL_EXIT_INTERRUPTED;
    int e = close_stdout();
    /* Named as "<stdin>" is in the readers' messages.  A command that
     * failed already said why (its own write error, or the input it
     * refused): one message is enough. */
    if (e != 0 && rc != GL_EXIT_USAGE) {
        if (e > 0) fprintf(stderr, "gridlab: <stdout>: write error: %s\n", strerror(e));
        else fputs("gridlab: <stdout>: write error\n", stderr);
    }
    if (e != 0) rc = GL_EXIT_USAGE;
    /* Standard error carries traces (solve --trace --json) besides
     * messages: a failed write there is a failure too, though it cannot be
     * reported. */
    if ((fflush(stderr) != 0 || ferror(stderr)) && (rc == GL_EXIT_OK || rc == GL_EXIT_NO))
        rc = GL_EXIT_USAGE;
    return rc;
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return GL_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return GL_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("gridlab %s\n", GRIDLAB_VERSION);
        return GL_EXIT_OK;
    }
    for (int i = 0; i < NBUILTIN; i++)
        if (strcmp(cmd, builtin[i].name) == 0) return builtin[i].run(argc - 1, argv + 1);
    for (int k = 0; gl_cli_tools_all[k]; k++)
        for (const gl_cli_command *c = gl_cli_tools_all[k]->commands; c && c->name; c++)
            if (strcmp(cmd, c->name) == 0) return c->run(argc - 1, argv + 1);
    gl_strbuf names = GL_STRBUF_INIT;
    for (int i = 0; i < NBUILTIN; i++) gl_sb_printf(&names, "%s ", builtin[i].name);
    for (int k = 0; gl_cli_tools_all[k]; k++)
        for (const gl_cli_command *c = gl_cli_tools_all[k]->commands; c && c->name; c++)
            gl_sb_printf(&names, "%s ", c->name);
    char near[72];
    if (gl_kv_suggest(NULL, cmd, gl_sb_str(&names), near, sizeof near))
        gl_cli_failf("unknown command '%s'; did you mean '%s'? (try 'gridlab --help')", cmd, near);
    else
        gl_cli_failf("unknown command '%s' (try 'gridlab --help')", cmd);
    gl_sb_free(&names);
    return GL_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    gl_cli_signals_init(); /* before any input is read: a signal then ends the program, exit 130 */
    int rc = gl_cli_mpi_start(&argc, &argv);
    rc = finish(rc ? rc : run(argc, argv));
    gl_cli_mpi_end();
    return rc;
}
