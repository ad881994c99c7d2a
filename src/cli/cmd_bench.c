/* gridlab bench GAME: hands over to the game's benchmark driver (bench/). */
#include "cli.h"

#include <string.h>

int gl_cmd_bench(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        printf("usage: gridlab bench GAME [--help] [...]\n\nBenchmark tables. Games with one:");
        for (int i = 0; gl_cli_benches[i].game; i++) printf(" %s", gl_cli_benches[i].game);
        printf("\n'gridlab bench GAME --help' lists its options.\n");
        return argc < 2 ? GL_EXIT_USAGE : GL_EXIT_OK;
    }
    for (int i = 0; gl_cli_benches[i].game; i++)
        if (strcmp(argv[1], gl_cli_benches[i].game) == 0) {
            /* The driver's argv[0] names it in messages: "unknown option
             * --foo for bench tiles". */
            char name[64];
            snprintf(name, sizeof name, "bench %s", gl_cli_benches[i].game);
            char *saved = argv[1];
            argv[1] = name;
            int rc = gl_cli_benches[i].run(argc - 1, argv + 1);
            argv[1] = saved;
            return rc;
        }
    return gl_cli_failf("bench: no benchmark for '%s'", argv[1]);
}
