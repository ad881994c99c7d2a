/* gridlab: one program, one subcommand per job (SPEC 3). */
#include "cli.h"

#include <string.h>

static const gl_cli_command builtin[] = {
    {"list", "list [--json]", "games, their options and solvers", gl_cmd_list},
    {"new", "new GAME [--seed N] [--KEY VALUE ...]", "print a new board (text format)", gl_cmd_new},
    {"show", "show [--groups] FILE|-", "draw a board", gl_cmd_show},
    {"solve", "solve FILE|- [--algo A] [--json] [--limit-ms N] [--mem-mb N] [--trace] [--KEY VALUE ...]",
     "solve a board", gl_cmd_solve},
    {"hint", "hint FILE|- [--json] [--limit-ms N]", "the best next move", gl_cmd_hint},
    {"path", "path FILE|- CELL CELL [--json]", "lines: the BFS path; onet: the link path", gl_cmd_path},
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
    for (int k = 0; gl_cli_game_commands[k]; k++)
        for (const gl_cli_command *c = gl_cli_game_commands[k]; c->name; c++)
            fprintf(f, "  %-9s %s\n", c->name, c->summary);
    fprintf(f, "\nGames:");
    for (int i = 0; i < gl_ngames; i++) fprintf(f, " %s", gl_games[i]->name);
    fprintf(f, "\n\n'gridlab COMMAND --help' describes a command.\n"
               "Exit status: 0 success, 1 a negative answer (no path, unsolvable), 2 bad usage or input.\n");
}

int main(int argc, char **argv)
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
    for (int k = 0; gl_cli_game_commands[k]; k++)
        for (const gl_cli_command *c = gl_cli_game_commands[k]; c->name; c++)
            if (strcmp(cmd, c->name) == 0) return c->run(argc - 1, argv + 1);
    gl_cli_failf("unknown command '%s' (try 'gridlab --help')", cmd);
    return GL_EXIT_USAGE;
}
