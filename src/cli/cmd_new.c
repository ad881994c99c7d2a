/* gridlab new GAME: a fresh board from a seed, in the text format. */
#include "cli.h"


int gl_cmd_new(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    if (gl_args_parse(argc, argv, "", &a) != 0) return GL_EXIT_USAGE;
    if (gl_args_flag(&a, "", "help") || a.npos == 0) {
        int help = gl_args_flag(&a, "", "help");
        gl_args_free(&a);
        if (!help) return gl_cli_failf("new: which game? (try 'gridlab list')");
        printf("usage: gridlab new GAME [--seed N] [--KEY VALUE ...]\n\n"
               "Prints a new board.  The same seed gives the same board on every machine;\n"
               "without --seed one is drawn from the clock and written in a comment.\n\nBoard options:\n");
        for (int i = 0; i < gl_ngames; i++)
            printf("  %-7s %s\n", gl_games[i]->name, gl_games[i]->params_help);
        return GL_EXIT_OK;
    }
    const gl_game *g = gl_game_find(a.pos[0]);
    int rc = GL_EXIT_OK;
    if (!g) {
        rc = gl_cli_failf("unknown game '%s' (try 'gridlab list')", a.pos[0]);
        goto out;
    }
    if (a.npos > 1) {
        rc = gl_cli_failf("new: unexpected argument '%s'", a.pos[1]);
        goto out;
    }
    uint64_t seed = gl_cli_clock_seed();
    int given;
    if (gl_args_seed(&a, &seed, &given, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    /* Everything else is a board option for the game. */
    gl_kvlist params;
    gl_kv_init(&params);
    gl_args_unused(&a, &params);
    gl_board *b = gl_cli_create(g, &params, seed, &err);
    gl_kv_free(&params);
    if (!b) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_sb_printf(&sb, "# gridlab new %s --seed %llu\n", g->name, (unsigned long long)seed);
    g->format(b, &sb);
    fputs(gl_sb_str(&sb), stdout);
    gl_sb_free(&sb);
    g->destroy(b);
out:
    gl_args_free(&a);
    return rc;
}
