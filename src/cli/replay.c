/* A solution replayed on a copy of its board: every move legal. */
#include "cli.h"

int gl_cli_replay(const gl_game *g, const gl_board *b, const gl_solution *s, gl_error *err)
{
    gl_board *c = g->clone(b);
    if (!c) return gl_error_set(err, "out of memory");
    int rc = 0;
    for (int i = 0; i < s->nmoves && rc == 0; i++) rc = g->apply(c, &s->moves[i], NULL, err);
    g->destroy(c);
    return rc;
}
