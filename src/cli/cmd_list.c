/* gridlab list: what this build knows. */
#include "cli.h"

int gl_cmd_list(int argc, char **argv)
{
    gl_args a;
    int status;
    if (!gl_args_start(argc, argv, "json", &a, &status, "list [--json]",
                       "Lists the games, their board options, move notation and solvers.\n"))
        return status;
    int json = gl_args_flag(&a, "json", "json");
    gl_error err = {0};
    if (gl_kv_check_used(&a.opts, &err) != 0) {
        gl_args_free(&a);
        return gl_cli_fail(&err);
    }
    if (a.npos) {
        gl_args_free(&a);
        return gl_cli_failf("list takes no arguments");
    }
    gl_args_free(&a);
    gl_strbuf out = GL_STRBUF_INIT;
    if (json) { /* the shape the web page's game list has too (gl_json_game) */
        gl_json j;
        gl_json_init(&j, &out);
        gl_json_obj_begin(&j);
        gl_json_key(&j, "games");
        gl_json_arr_begin(&j);
        for (int i = 0; i < gl_ngames; i++) gl_json_game(&j, gl_games[i]);
        gl_json_arr_end(&j);
        gl_json_obj_end(&j);
        gl_sb_putc(&out, '\n');
    } else {
        for (int i = 0; i < gl_ngames; i++) {
            const gl_game *g = gl_games[i];
            gl_sb_printf(&out, "%s — %s\n  board: ", g->name, g->summary);
            gl_params_help(g, &out);
            gl_sb_printf(&out, "\n  moves: %s\n  solvers:\n", g->move_help);
            for (int k = 0; k < g->nsolvers; k++)
                gl_sb_printf(&out, "    %-10s %s%s%s%s\n", g->solvers[k].name, g->solvers[k].summary,
                             g->solvers[k].options ? " [options: " : "",
                             g->solvers[k].options ? g->solvers[k].options : "",
                             g->solvers[k].options ? "]" : "");
            if (g->solve_help && *g->solve_help) gl_sb_printf(&out, "  %s\n", g->solve_help);
            gl_sb_putc(&out, '\n');
        }
    }
    fputs(gl_sb_str(&out), stdout);
    gl_sb_free(&out);
    return GL_EXIT_OK;
}
