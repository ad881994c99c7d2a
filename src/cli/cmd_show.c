/* gridlab show FILE: draw a board for people (colour on a terminal), or
 * another drawing a game's tools table names (`--groups` for flood). */
#include "cli.h"

#include <string.h>

int gl_cmd_show(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    char flags[256] = "";
    for (int i = 0; gl_cli_tools_all[i]; i++) {
        const gl_cli_view *v = gl_cli_tools_all[i]->view;
        if (!v || strstr(flags, v->flag)) continue;
        strncat(flags, " ", sizeof flags - strlen(flags) - 1);
        strncat(flags, v->flag, sizeof flags - strlen(flags) - 1);
    }
    if (gl_args_parse(argc, argv, flags, &a) != 0) return GL_EXIT_USAGE;
    if (gl_args_flag(&a, flags, "help")) {
        gl_args_free(&a);
        printf("usage: gridlab show [--VIEW] FILE|ID|-\n\n"
               "Draws the board with its status line.  Colour is used on a terminal unless\n"
               "NO_COLOR is set.  Other drawings:\n");
        for (int i = 0; gl_cli_tools_all[i]; i++) {
            const gl_cli_view *v = gl_cli_tools_all[i]->view;
            if (v) printf("  --%-8s %s: %s\n", v->flag, gl_cli_tools_all[i]->game, v->help);
        }
        return GL_EXIT_OK;
    }
    int rc = gl_args_expect(&a, 1, 1, "show [--VIEW] FILE|ID|-");
    if (!rc && gl_kv_check_used(&a.opts, &err) != 0) rc = gl_cli_fail(&err); /* only the views' flags */
    if (rc) {
        gl_args_free(&a);
        return rc;
    }
    const gl_game *g;
    gl_board *b = gl_cli_board_read(a.pos[0], &g, &err);
    if (!b) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    int colour = gl_cli_use_color(stdout);
    const gl_cli_view *view = NULL;
    for (int i = 0; gl_cli_tools_all[i]; i++) {
        const gl_cli_tools *t = gl_cli_tools_all[i];
        if (!t->view || !gl_args_flag(&a, flags, t->view->flag)) continue;
        if (strcmp(t->game, g->name) == 0) view = t->view;
        else if (!view) rc = gl_cli_failf("show: --%s is for %s boards, not %s", t->view->flag, t->game, g->name);
    }
    if (rc == GL_EXIT_OK) {
        gl_strbuf sb = GL_STRBUF_INIT;
        if (view) view->render(b, &sb, colour);
        else g->render(b, &sb, colour ? GL_RENDER_COLOR : 0);
        gl_sb_putc(&sb, '\n');
        g->status_line(b, &sb);
        gl_sb_putc(&sb, '\n');
        fputs(gl_sb_str(&sb), stdout);
        gl_sb_free(&sb);
    }
    g->destroy(b);
    gl_args_free(&a);
    return rc;
}
