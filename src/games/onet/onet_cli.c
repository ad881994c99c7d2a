/* onet's tools in the program: `gridlab bench onet` (onet_bench.c). */
#include "cli.h"
#include "games/onet/onet.h"

const gl_cli_tools gl_cli_tools_onet = {.game = "onet", .bench = gl_bench_onet};
