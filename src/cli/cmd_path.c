/* gridlab path FILE CELL CELL: the path a move would take (lines: BFS;
 * onet: the link with at most two turns). */
#include "cli.h"

int gl_cmd_path(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "json";
    if (gl_args_parse(argc, argv, flags, &a) != 0) return GL_EXIT_USAGE;
    if (gl_args_flag(&a, flags, "help")) {
        gl_args_free(&a);
        return gl_cli_help("path FILE|- CELL CELL [--json]",
                           "Prints the path between two cells (like a1 and c3): for lines the shortest\n"
                           "path of empty cells a ball takes, for onet the link with at most two turns.\n"
                           "--json prints {\"path\": [[r,c],...]}.  Exit 1 when there is none.\n");
    }
    int rc = GL_EXIT_OK;
    gl_board *b = NULL;
    const gl_game *g = NULL;
    int r1, c1, r2, c2;
    if (a.npos != 3 || a.opts.n) {
        rc = gl_cli_failf("usage: gridlab path FILE|- CELL CELL [--json]");
        goto out;
    }
    if (gl_cell_parse(a.pos[1], &r1, &c1, NULL) != 0 || gl_cell_parse(a.pos[2], &r2, &c2, NULL) != 0) {
        rc = gl_cli_failf("path: cells are written like a1 or c4 (column letter, row number)");
        goto out;
    }
    b = gl_board_read(a.pos[0], &g, &err);
    if (!b) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (!g->path) {
        rc = gl_cli_failf("path: %s has no path query (lines and onet do)", g->name);
        goto out;
    }
    gl_strbuf js = GL_STRBUF_INIT, txt = GL_STRBUF_INIT;
    int found = g->path(b, r1, c1, r2, c2, &js, &txt, &err);
    if (found < 0) rc = gl_cli_fail(&err);
    else if (gl_args_flag(&a, flags, "json")) {
        if (found) printf("{\"path\":%s}\n", gl_sb_str(&js));
        else printf("{\"path\":null}\n");
        rc = found ? GL_EXIT_OK : GL_EXIT_NO;
    } else {
        if (found) fputs(gl_sb_str(&txt), stdout);
        else printf("no path%s%s\n", err.set ? ": " : "", err.set ? err.msg : "");
        rc = found ? GL_EXIT_OK : GL_EXIT_NO;
    }
    gl_sb_free(&js);
    gl_sb_free(&txt);
out:
    if (b) g->destroy(b);
    gl_args_free(&a);
    return rc;
}
