/* gridlab play: starts a play session (src/play) from a game and its
 * options, a game ID or a saved file, and hands it to a front end: the
 * full-screen one on a terminal that can show it, else line mode
 * (play_lines.c).  Front ends come from a registry generated with the
 * program, so this file knows none of them but line mode. */
#include "cli.h"
#include "play/front.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern const gl_front gl_front_lines;

static const char HELP[] =
    "Plays a game: full-screen on a terminal (press ? for the keys), else (or with\n"
    "--lines, or TERM=dumb) in line mode, reading commands from standard input:\n"
    "  a move in the game's notation (see 'gridlab list')\n"
    "  undo, redo, hint, solve, restart, new, save [FILE], show, moves, id, help, quit\n"
    "A game starts from a game name and its board options, from a game ID\n"
    "(GAME:PARAMS#SEED, as 'gridlab new' writes it), or from a saved file.\n"
    "With --save FILE the game is saved there (atomically) when it starts and after\n"
    "every move; a save that fails ends line mode with exit status 2.  A game\n"
    "loaded from a file saves back to it with 'save'.\n"
    "Exit status: 0, 2 bad input or a failed save, 130 interrupted.\n";

static int terminal_can_draw(void)
{
    const char *term = getenv("TERM");
    return isatty(0) && isatty(1) && term && *term && strcmp(term, "dumb") != 0;
}

int gl_cmd_play(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "lines";
    int status;
    if (!gl_args_start(argc, argv, flags, &a, &status,
                       "play GAME [--seed N] [--KEY VALUE ...] [--save FILE] [--lines]\n"
                       "       gridlab play ID|FILE [--save FILE] [--lines]",
                       HELP))
        return status;
    int rc = GL_EXIT_OK;
    gl_play *p = gl_play_new();
    gl_kvlist params;
    gl_kv_init(&params);
    if (!p) {
        rc = gl_cli_failf("out of memory");
        goto out;
    }
    const char *save_path = gl_kv_get(&a.opts, "save");
    uint64_t seed = gl_cli_clock_seed();
    int given;
    if (gl_args_seed(&a, &seed, &given, &err) != 0 || gl_args_check_values(&a, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    gl_args_unused(&a, &params);
    const gl_game *g = a.npos >= 1 ? gl_game_find(a.pos[0]) : NULL;
    if ((rc = gl_args_expect(&a, 1, g ? 2 : 1, "play GAME [--seed N] [--KEY VALUE ...] | ID | FILE"))) goto out;
    if (!g && params.n) {
        rc = gl_cli_failf("play: unknown option --%s (board options go with a game name; an ID or a file "
                          "names them already)", params.items[0].key);
        goto out;
    }
    if (!g && given) {
        rc = gl_cli_failf("play: --seed goes with a game name (an ID or a file has its own)");
        goto out;
    }
    int ok;
    if (g && a.npos == 2) { /* play GAME FILE: the file must hold that game */
        ok = gl_play_load_file(p, a.pos[1], &err) == 0;
        if (ok && gl_play_game(p) != g) {
            gl_error_set(&err, "%s is a %s board, not %s", a.pos[1], gl_play_game(p)->name, g->name);
            ok = 0;
        }
    } else if (g && gl_params_file(g, &params)) {
        /* a custom game (an option names a local file): like a board
         * file, no ID */
        gl_board *b = gl_game_create(g, &params, seed, &err);
        ok = b != NULL;
        if (ok) {
            gl_strbuf text = GL_STRBUF_INIT;
            g->format(b, &text);
            g->destroy(b);
            char name[96];
            const gl_kv *file = gl_params_file(g, &params);
            snprintf(name, sizeof name, "%s=%.80s", file->key, file->value);
            ok = gl_play_load_text(p, gl_sb_str(&text), text.len, name, &err) == 0;
            gl_sb_free(&text);
        }
    } else if (g) {
        ok = gl_play_start(p, g, &params, seed, &err) == 0;
    } else if (gl_cli_is_id(a.pos[0])) {
        ok = gl_play_start_id(p, a.pos[0], &err) == 0;
    } else {
        ok = gl_play_load_file(p, a.pos[0], &err) == 0;
    }
    if (!ok) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (save_path) {
        gl_play_set_path(p, save_path);
        gl_play_set_autosave(p, 1);
        if (gl_play_save(p, NULL, &err) != 0) { /* found now, not after the first move */
            rc = gl_cli_failf("cannot save: %s", err.msg);
            goto out;
        }
    }
    gl_cli_catch_sigint();
    gl_front_opts o = {&gl_cli_interrupted, gl_cli_use_color(stdout), gl_play_seed(p), stdin, stdout};
    rc = GL_FRONT_UNUSABLE;
    if (!gl_args_flag(&a, flags, "lines") && terminal_can_draw())
        for (int i = 0; gl_cli_fronts[i] && rc == GL_FRONT_UNUSABLE; i++) rc = gl_cli_fronts[i]->run(p, &o);
    if (rc == GL_FRONT_UNUSABLE) rc = gl_front_lines.run(p, &o);
out:
    gl_kv_free(&params);
    gl_play_free(p);
    gl_args_free(&a);
    return rc;
}
