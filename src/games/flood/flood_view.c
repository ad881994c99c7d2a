/* `gridlab show --groups`: flood's component graph, each cell as
 * group/colour like the seed's figures. */
#include "cli.h"
#include "games/flood/flood.h"

static void show_groups(const gl_board *b, gl_strbuf *out, int colour)
{
    flood_render_groups((const flood_board *)b, out, colour);
}

const gl_cli_view gl_cli_view_flood = {
    "flood", "groups", "each cell as group/colour: the component graph the solvers work on", show_groups};
