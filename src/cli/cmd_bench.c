/* gridlab bench GAME: hands over to the game's benchmark driver (its
 * tools table's bench), or to the benchmark of every game at once (hints). */
#include "cli.h"

#include <string.h>

typedef int bench_fn(int argc, char **argv);

/* The driver named name (a game's, or "hints"), or NULL. */
static bench_fn *driver(const char *name)
{
    for (int i = 0; gl_cli_tools_all[i]; i++)
        if (gl_cli_tools_all[i]->bench && strcmp(name, gl_cli_tools_all[i]->game) == 0)
            return gl_cli_tools_all[i]->bench;
    return strcmp(name, "hints") == 0 ? gl_bench_hints : NULL;
}

int gl_cmd_bench(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        printf("usage: gridlab bench GAME [--help] [...]\n\nBenchmark tables. Games with one:");
        for (int i = 0; gl_cli_tools_all[i]; i++)
            if (gl_cli_tools_all[i]->bench) printf(" %s", gl_cli_tools_all[i]->game);
        printf(" hints\n'gridlab bench GAME --help' lists its options.\n");
        return argc < 2 ? GL_EXIT_USAGE : GL_EXIT_OK;
    }
    bench_fn *run = driver(argv[1]);
    if (!run) return gl_cli_failf("bench: no benchmark for '%s'", argv[1]);
    /* The driver's argv[0] names it in messages: "unknown option --foo
     * for bench tiles". */
    char name[64];
    snprintf(name, sizeof name, "bench %s", argv[1]);
    char *saved = argv[1];
    argv[1] = name;
    int rc = run(argc - 1, argv + 1);
    argv[1] = saved;
    return rc;
}
