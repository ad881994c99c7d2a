/* match3's tools in the program: `gridlab bench match3` (match3_bench.c). */
#include "cli.h"
#include "games/match3/match3.h"

const gl_cli_tools gl_cli_tools_match3 = {.game = "match3", .bench = gl_bench_match3};
