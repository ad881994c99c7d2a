/* gridlab show FILE: draw a board for people (colour on a terminal). */
#include "cli.h"

int gl_cmd_show(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "groups json";
    if (gl_args_parse(argc, argv, flags, &a) != 0) return GL_EXIT_USAGE;
    if (gl_args_flag(&a, flags, "help")) {
        gl_args_free(&a);
        return gl_cli_help("show [--groups] FILE|-",
                           "Draws the board with its status line.  --groups (flood) prints each cell\n"
                           "as group/colour: the component graph the solvers work on.\n"
                           "Colour is used on a terminal unless NO_COLOR is set.\n");
    }
    if (a.npos != 1 || a.opts.n) {
        gl_args_free(&a);
        return gl_cli_failf("usage: gridlab show [--groups] FILE|-");
    }
    const gl_game *g;
    gl_board *b = gl_board_read(a.pos[0], &g, &err);
    if (!b) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    int flags_r = gl_cli_use_color(stdout) ? GL_RENDER_COLOR : 0;
    if (gl_args_flag(&a, flags, "groups")) flags_r |= GL_RENDER_GROUPS;
    gl_strbuf sb = GL_STRBUF_INIT;
    g->render(b, &sb, flags_r);
    gl_sb_putc(&sb, '\n');
    g->status_line(b, &sb);
    gl_sb_putc(&sb, '\n');
    fputs(gl_sb_str(&sb), stdout);
    gl_sb_free(&sb);
    g->destroy(b);
    gl_args_free(&a);
    return GL_EXIT_OK;
}
