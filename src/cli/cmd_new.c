/* gridlab new: a fresh board from a seed, in the text format, with its
 * game ID as the first comment line; or the board an ID names.  A board
 * made from a local file (onet's --map FILE) is a custom game: an ID
 * names no file, so its first line says what it was made from instead. */
#include "cli.h"

#include <string.h>

static int help(void)
{
    printf("usage: gridlab new GAME [--seed N] [--KEY VALUE ...]\n"
           "       gridlab new ID\n\n"
           "Prints a new board.  The same seed gives the same board on every machine;\n"
           "without --seed one is drawn from the clock.  The first line is the game's ID,\n"
           "GAME:PARAMS#SEED with every parameter written out (# id: flood:size=14x14,...#7):\n"
           "'gridlab new ID' and 'gridlab play ID' make the same board again.  An option\n"
           "that names a local file (onet's --map FILE, --levels FILE) makes a custom game,\n"
           "without an ID: an ID is shared, and names no file.\n\n"
           "Board options (defaults in brackets):\n");
    for (int i = 0; i < gl_ngames; i++) {
        const gl_game *g = gl_games[i];
        printf("  %s\n", g->name);
        for (int k = 0; k < g->nparams; k++) {
            const gl_param *p = &g->params[k];
            gl_strbuf takes = GL_STRBUF_INIT;
            gl_param_describe(p, &takes);
            printf("    --%-11s %s (%s)%s%s%s%s\n", p->key, p->help, gl_sb_str(&takes), p->def ? " [" : "",
                   p->def ? p->def : "", p->def ? "]" : "", p->flags & GL_PARAM_NOT_IN_ID ? " (not in IDs)" : "");
            gl_sb_free(&takes);
        }
    }
    return GL_EXIT_OK;
}

/* An ID rather than a game name: it holds ':' or '#'. */
static int looks_like_id(const char *s) { return strchr(s, ':') || strchr(s, '#'); }

int gl_cmd_new(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    if (gl_args_parse(argc, argv, "", &a) != 0) return GL_EXIT_USAGE;
    int rc = GL_EXIT_OK;
    if (gl_args_flag(&a, "", "help")) {
        gl_args_free(&a);
        return help();
    }
    if (a.npos == 0) {
        gl_args_free(&a);
        return gl_cli_failf("new: which game? (try 'gridlab list')");
    }
    if (a.npos > 1) {
        rc = gl_cli_failf("new: unexpected argument '%s'", a.pos[1]);
        goto out;
    }
    const gl_game *g = NULL;
    gl_kvlist params;
    gl_kv_init(&params);
    uint64_t seed = gl_cli_clock_seed();
    if (looks_like_id(a.pos[0])) {
        if (a.opts.n) {
            rc = gl_cli_failf("new: an ID names every parameter and the seed: no --%s with it",
                              a.opts.items[0].key);
            goto out_params;
        }
        if (gl_game_id_parse(a.pos[0], &g, &params, &seed, &err) != 0) {
            rc = gl_cli_fail(&err);
            goto out_params;
        }
    } else {
        g = gl_game_find(a.pos[0]);
        if (!g) {
            rc = gl_cli_failf("unknown game '%s' (try 'gridlab list')", a.pos[0]);
            goto out_params;
        }
        int given;
        if (gl_args_seed(&a, &seed, &given, &err) != 0) {
            rc = gl_cli_fail(&err);
            goto out_params;
        }
        gl_args_unused(&a, &params); /* everything else is a board option */
    }
    /* the board first: create names a bad option the way options are named */
    gl_board *b = gl_game_create(g, &params, seed, &err);
    if (!b) {
        rc = gl_cli_fail(&err);
        goto out_params;
    }
    gl_strbuf sb = GL_STRBUF_INIT, id = GL_STRBUF_INIT;
    int idrc = gl_game_id(g, &params, seed, &id, &err);
    if (idrc < 0) {
        rc = gl_cli_fail(&err);
        gl_sb_free(&sb);
        gl_sb_free(&id);
        g->destroy(b);
        goto out_params;
    }
    if (idrc == 0) {
        gl_sb_printf(&sb, "# id: %s\n", gl_sb_str(&id));
    } else { /* a custom board: no ID */
        const gl_kv *file = gl_params_file(g, &params);
        if (file)
            gl_sb_printf(&sb, "# a custom game: %s=%s is a file, which no game ID names (seed %llu)\n", file->key,
                         file->value, (unsigned long long)seed);
    }
    gl_sb_free(&id);
    g->format(b, &sb);
    fputs(gl_sb_str(&sb), stdout);
    gl_sb_free(&sb);
    g->destroy(b);
out_params:
    gl_kv_free(&params);
out:
    gl_args_free(&a);
    return rc;
}
