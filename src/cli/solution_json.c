/* A solution's moves as text and as JSON. */
#include "cli.h"

void gl_cli_moves_text(const gl_game *g, const gl_board *b, const gl_solution *s, const char *sep,
                       gl_strbuf *out)
{
    char buf[64];
    for (int i = 0; i < s->nmoves; i++) {
        if (i && sep) gl_sb_puts(out, sep);
        g->format_move(b, &s->moves[i], buf, sizeof buf);
        gl_sb_puts(out, buf);
    }
}

void gl_cli_solution_json(const gl_game *g, const gl_board *b, const char *algo,
                          const gl_solution *s, gl_strbuf *out)
{
    gl_json j;
    gl_json_init(&j, out);
    gl_json_solution(&j, g, b, algo, s); /* the page's shape too */
    gl_cli_mpi_ranks_json(out);           /* a search over several processes */
}
