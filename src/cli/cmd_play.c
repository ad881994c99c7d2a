/* gridlab play: the full-screen front end on a terminal, else line mode.
 *
 * Line mode reads commands from standard input, one per line: a move in the
 * game's notation, or undo, redo, hint, save [FILE], show, moves, help,
 * quit.  After each move it prints what happened and the board.  Undo is by
 * snapshot, so it is exact even where the game draws random numbers. */
#include "cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define HISTORY_MAX 4096

typedef struct {
    gl_board *items[HISTORY_MAX];
    int n;
} stack_t_;

static void push(const gl_game *g, stack_t_ *s, gl_board *b)
{
    if (s->n == HISTORY_MAX) { /* forget the oldest */
        g->destroy(s->items[0]);
        memmove(s->items, s->items + 1, sizeof(s->items[0]) * (HISTORY_MAX - 1));
        s->n--;
    }
    s->items[s->n++] = b;
}

static void clear(const gl_game *g, stack_t_ *s)
{
    while (s->n) g->destroy(s->items[--s->n]);
}

static void draw(const gl_game *g, const gl_board *b, FILE *out)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    g->render(b, &sb, gl_cli_use_color(out) ? GL_RENDER_COLOR : 0);
    gl_sb_putc(&sb, '\n');
    g->status_line(b, &sb);
    gl_sb_putc(&sb, '\n');
    fputs(gl_sb_str(&sb), out);
    gl_sb_free(&sb);
}

static int save(const gl_game *g, const gl_board *b, const char *path, FILE *out)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_error err = {0};
    g->format(b, &sb);
    int rc = gl_write_file_atomic(path, gl_sb_str(&sb), sb.len, &err);
    if (rc) fprintf(out, "cannot save: %s\n", err.msg);
    else fprintf(out, "saved to %s\n", path);
    gl_sb_free(&sb);
    return rc;
}

int gl_play_lines(const gl_game *g, gl_board *b, const char *save_path, FILE *in, FILE *out)
{
    stack_t_ undo = {{0}, 0}, redo = {{0}, 0};
    char line[1024];
    gl_error err = {0};
    uint64_t level_seed = 1;
    fprintf(out, "%s: %s\nmoves: %s\ncommands: undo redo hint save [FILE] show moves help quit\n\n",
            g->name, g->summary, g->move_help);
    draw(g, b, out);
    int rc = GL_EXIT_OK;
    for (;;) {
        if (g->status(b) != GL_PLAYING) {
            fprintf(out, "%s\n", g->status(b) == GL_WON ? "won!" : "game over.");
            if (g->status(b) != GL_WON || !g->next_level) break;
            /* A level sequence (onet): go on with the next level, its rng
             * drawn from the finished board's so a replay is identical. */
            gl_rng rng;
            gl_rng_seed(&rng, level_seed++);
            gl_board *next = g->next_level(b, &rng, &err);
            if (!next) {
                if (err.set) fprintf(out, "%s\n", err.msg);
                else fprintf(out, "that was the last level.\n");
                break;
            }
            clear(g, &undo);
            clear(g, &redo);
            g->destroy(b);
            b = next;
            fprintf(out, "next level\n");
            draw(g, b, out);
            continue;
        }
        fputs("> ", out);
        fflush(out);
        if (!fgets(line, sizeof line, in)) break;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            int c;
            while ((c = fgetc(in)) != EOF && c != '\n') {}
            fprintf(out, "line too long\n");
            continue;
        }
        while (len && isspace((unsigned char)line[len - 1])) line[--len] = '\0';
        char *cmd = line;
        while (isspace((unsigned char)*cmd)) cmd++;
        if (!*cmd) continue;
        if (!strcmp(cmd, "quit") || !strcmp(cmd, "q")) break;
        if (!strcmp(cmd, "help") || !strcmp(cmd, "?")) {
            fprintf(out, "moves: %s\nundo, redo, hint, save [FILE], show, moves, quit\n", g->move_help);
            continue;
        }
        if (!strcmp(cmd, "show")) {
            draw(g, b, out);
            continue;
        }
        if (!strcmp(cmd, "undo") || !strcmp(cmd, "u")) {
            if (!undo.n) {
                fprintf(out, "nothing to undo\n");
                continue;
            }
            push(g, &redo, b);
            b = undo.items[--undo.n];
            draw(g, b, out);
            continue;
        }
        if (!strcmp(cmd, "redo") || !strcmp(cmd, "r")) {
            if (!redo.n) {
                fprintf(out, "nothing to redo\n");
                continue;
            }
            push(g, &undo, b);
            b = redo.items[--redo.n];
            draw(g, b, out);
            continue;
        }
        if (!strcmp(cmd, "moves")) {
            gl_move mv[512];
            int n = g->legal_moves(b, mv, 512);
            char buf[64];
            fprintf(out, "%d legal move%s:", n, n == 1 ? "" : "s");
            for (int i = 0; i < n && i < 512; i++) {
                g->format_move(b, &mv[i], buf, sizeof buf);
                fprintf(out, " %s", buf);
            }
            fputc('\n', out);
            continue;
        }
        if (!strncmp(cmd, "save", 4) && (cmd[4] == '\0' || cmd[4] == ' ')) {
            const char *p = cmd + 4;
            while (*p == ' ') p++;
            if (!*p) p = save_path;
            if (!p) fprintf(out, "save where? (save FILE, or start with --save FILE)\n");
            else save(g, b, p, out);
            continue;
        }
        if (!strcmp(cmd, "hint") || !strcmp(cmd, "h")) {
            gl_move m;
            gl_solve_opts o;
            memset(&o, 0, sizeof o);
            o.lim.limit_ms = 5000;
            o.lim.interrupt = &gl_cli_interrupted;
            gl_strbuf extra = GL_STRBUF_INIT;
            int found;
            gl_error_clear(&err);
            if (g->hint) found = g->hint(b, &o, &m, &extra, &err);
            else {
                gl_solution sol;
                gl_solution_init(&sol);
                found = g->solvers[0].solve(b, &o, &sol, &err);
                if (found == 0) {
                    found = sol.solved && sol.nmoves > 0;
                    if (found) m = sol.moves[0];
                }
                gl_solution_free(&sol);
            }
            gl_sb_free(&extra);
            if (found < 0) fprintf(out, "no hint: %s\n", err.msg);
            else if (!found) fprintf(out, "no move left\n");
            else {
                char buf[64];
                g->format_move(b, &m, buf, sizeof buf);
                fprintf(out, "hint: %s\n", buf);
            }
            continue;
        }
        gl_move m;
        gl_error_clear(&err);
        if (g->parse_move(b, cmd, &m, &err) != 0) {
            fprintf(out, "%s (type 'help')\n", err.msg);
            continue;
        }
        gl_board *before = g->clone(b);
        gl_strbuf log = GL_STRBUF_INIT;
        if (g->apply(b, &m, &log, &err) != 0) {
            fprintf(out, "%s\n", err.msg);
            g->destroy(before);
        } else {
            push(g, &undo, before);
            clear(g, &redo);
            if (log.len) fprintf(out, "%s\n", gl_sb_str(&log));
            draw(g, b, out);
            if (save_path) save(g, b, save_path, out);
        }
        gl_sb_free(&log);
    }
    clear(g, &undo);
    clear(g, &redo);
    g->destroy(b);
    return rc;
}

int gl_cmd_play(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "lines";
    if (gl_args_parse(argc, argv, flags, &a) != 0) return GL_EXIT_USAGE;
    if (gl_args_flag(&a, flags, "help")) {
        gl_args_free(&a);
        return gl_cli_help(
            "play GAME [--seed N] [--KEY VALUE ...] [--save FILE] [--lines]\n"
            "       gridlab play FILE [--save FILE] [--lines]",
            "Plays a game: full-screen on a terminal (press ? for the keys), else (or with\n"
            "--lines) in line mode, reading commands from standard input:\n"
            "  a move in the game's notation (see 'gridlab list')\n"
            "  undo, redo, hint, save [FILE], show, moves, help, quit\n"
            "With --save FILE the position is saved there (atomically) after every move.\n");
    }
    int rc = GL_EXIT_OK;
    const gl_game *g = NULL;
    gl_board *b = NULL;
    const char *save_path = gl_kv_get(&a.opts, "save");
    uint64_t seed = gl_cli_clock_seed();
    int given;
    if (gl_args_seed(&a, &seed, &given, &err) != 0) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    gl_kvlist params;
    gl_kv_init(&params);
    gl_args_unused(&a, &params);
    if (a.npos == 1 && !gl_game_find(a.pos[0])) {
        if (params.n) {
            rc = gl_cli_failf("unknown option --%s (board options go with a game name)", params.items[0].key);
            gl_kv_free(&params);
            goto out;
        }
        b = gl_board_read(a.pos[0], &g, &err);
    } else if (a.npos == 1 || a.npos == 2) {
        g = gl_game_find(a.pos[0]);
        if (!g) {
            rc = gl_cli_failf("unknown game '%s' (try 'gridlab list')", a.pos[0]);
            gl_kv_free(&params);
            goto out;
        }
        if (a.npos == 2) {
            const gl_game *fg;
            b = gl_board_read(a.pos[1], &fg, &err);
            if (b && fg != g) {
                fg->destroy(b);
                b = NULL;
                gl_error_set(&err, "%s is a %s board, not %s", a.pos[1], fg->name, g->name);
            }
        } else {
            b = gl_cli_create(g, &params, seed, &err);
        }
    } else {
        rc = gl_cli_failf("usage: gridlab play GAME [--seed N] | FILE");
        gl_kv_free(&params);
        goto out;
    }
    if (!b) {
        rc = gl_cli_fail(&err);
        gl_kv_free(&params);
        goto out;
    }
    gl_cli_catch_sigint();
#ifdef GL_HAVE_TUI
    if (!gl_args_flag(&a, flags, "lines") && isatty(0) && isatty(1)) {
        rc = gl_tui_play(g, b, save_path, seed, &params);
        gl_kv_free(&params);
        goto out;
    }
#endif
    gl_kv_free(&params);
    rc = gl_play_lines(g, b, save_path, stdin, stdout);
out:
    gl_args_free(&a);
    return rc;
}
