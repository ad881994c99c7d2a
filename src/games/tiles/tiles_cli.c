/* tiles's tools in the program: `gridlab bench tiles` (tiles_bench.c). */
#include "cli.h"
#include "games/tiles/tiles.h"

const gl_cli_tools gl_cli_tools_tiles = {.game = "tiles", .bench = gl_bench_tiles};
