/* Line mode: `gridlab play` reading commands from standard input, one per
 * line, a thin client of the play session (src/play): a move in the game's
 * notation, or undo, redo, hint, solve, restart, new, save [FILE], show,
 * moves, id, help, quit.  After each move it prints what happened (the
 * session's events in words) and the board.  Scripts drive it; it is also
 * the fallback where the full-screen front end cannot run. */
#include "cli.h"
#include "play/front.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct lines_ui {
    gl_play *p;
    const gl_front_opts *o;
    uint64_t next_seed;
    int failed;  /* a save failed: exit 2 */
    char *scores; /* the file of best results, or NULL (neither XDG_DATA_HOME nor HOME) */
} lines_ui;

static void draw(lines_ui *u)
{
    const gl_game *g = gl_play_game(u->p);
    gl_strbuf sb = GL_STRBUF_INIT;
    g->render(gl_play_board(u->p), &sb, u->o->colour ? GL_RENDER_COLOR : 0);
    gl_sb_putc(&sb, '\n');
    g->status_line(gl_play_board(u->p), &sb);
    long long left = gl_play_time_left_ms(u->p);
    if (left >= 0) gl_sb_printf(&sb, "  time left %lld:%02lld", left / 60000, left / 1000 % 60);
    gl_sb_putc(&sb, '\n');
    fputs(gl_sb_str(&sb), u->o->out);
    gl_sb_free(&sb);
}

static void say_events(lines_ui *u, const gl_events *ev)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_play_describe(u->p, ev, &sb);
    if (sb.len) fprintf(u->o->out, "%s\n", gl_sb_str(&sb));
    gl_sb_free(&sb);
}

/* A failed autosave ends line mode: the player must not play on believing
 * the game is safe. */
static int save_failed(lines_ui *u, const gl_error *err)
{
    fprintf(stderr, "gridlab: cannot save: %s\n", err->msg);
    u->failed = 1;
    return -1;
}

/* A game that has ended goes into its table of best results, as on the
 * full screen (the rules are the play layer's: scores.h). */
static void record(lines_ui *u)
{
    gl_record rec;
    gl_error err = {0};
    char words[400];
    if (!u->scores) {
        gl_score e;
        if (gl_score_of_play(u->p, &e, &err) == 0) {
            gl_score_free(&e);
            fprintf(u->o->out, "No file for the best results (set HOME or XDG_DATA_HOME).\n");
        }
    } else if (gl_play_record(u->p, u->scores, NULL, &rec, &err) != 0) {
        fprintf(u->o->out, "The result could not be recorded: %s.\n", err.msg);
    } else {
        gl_record_words(&rec, words, sizeof words);
        if (words[0]) fprintf(u->o->out, "%s\n", words);
        if (rec.note[0]) fprintf(u->o->out, "note: %s\n", rec.note);
    }
}

/* After a move: the news, the board, the result, the next level.  -1 ends
 * the loop. */
static int after_move(lines_ui *u, int rc, gl_events *ev, gl_error *err)
{
    say_events(u, ev);
    if (rc == 1) return save_failed(u, err);
    if (gl_play_status(u->p) != GL_PLAYING) record(u);
    if (gl_events_find(ev, GL_EV_WON) && gl_play_has_next_level(u->p)) {
        gl_events_clear(ev);
        draw(u);
        int r = gl_play_next_level(u->p, ev, err);
        if (r < 0) {
            fprintf(u->o->out, "no next level: %s\n", err->msg);
            return 0;
        }
        say_events(u, ev);
        if (r == 2) return save_failed(u, err);
        fprintf(u->o->out, "id: %s\n", gl_play_id(u->p));
    }
    draw(u);
    gl_status st = gl_play_status(u->p);
    if (st != GL_PLAYING)
        fprintf(u->o->out, "%s (undo, restart, new or quit)\n", st == GL_WON ? "won!" : "game over.");
    return 0;
}

static void list_moves(lines_ui *u)
{
    const gl_game *g = gl_play_game(u->p);
    const gl_board *b = gl_play_board(u->p);
    gl_move mv[512];
    int n = gl_play_status(u->p) == GL_PLAYING ? g->legal_moves(b, mv, 512) : 0; /* none once over */
    char buf[64];
    fprintf(u->o->out, "%d legal move%s:", n, n == 1 ? "" : "s");
    for (int i = 0; i < n && i < 512; i++) {
        g->format_move(b, &mv[i], buf, sizeof buf);
        fprintf(u->o->out, " %s", buf);
    }
    if (n > 512) fprintf(u->o->out, " ...");
    fputc('\n', u->o->out);
}

/* `picks MOVE`: the cells a player picks (clicks) for a move, in order. */
static void list_picks(lines_ui *u, const char *text)
{
    const gl_game *g = gl_play_game(u->p);
    const gl_board *b = gl_play_board(u->p);
    gl_move m;
    gl_error err = {0};
    int rc[2 * GL_PICKS_MAX];
    if (g->parse_move(b, text, &m, &err) != 0) {
        fprintf(u->o->out, "%s\n", err.msg);
        return;
    }
    int n = g->picks(b, &m, rc);
    fprintf(u->o->out, "picks %s:", text);
    for (int k = 0; k < n; k++) {
        char cell[24];
        gl_cell_format(rc[2 * k], rc[2 * k + 1], cell, sizeof cell);
        fprintf(u->o->out, " %s", cell);
    }
    fprintf(u->o->out, "%s\n", n ? "" : " none (no cell picks it here)");
}

static void hint(lines_ui *u)
{
    gl_move m;
    gl_error err = {0};
    gl_limits lim = {0, 0, u->o->interrupt, NULL};
    gl_info info;
    gl_info_init(&info);
    int r = gl_play_hint(u->p, &lim, &m, &info, &err);
    *u->o->interrupt = 0; /* Ctrl-C stopped the search, not the game */
    gl_strbuf words = GL_STRBUF_INIT;
    gl_hint_words(gl_play_game(u->p), gl_play_board(u->p), r, &m, &info, err.set ? err.msg : NULL, &words);
    fprintf(u->o->out, "%s%s\n", r == GL_HINT_MOVE ? "hint: " : "no hint: ", gl_sb_str(&words));
    gl_sb_free(&words);
    gl_info_free(&info);
}

static int solve(lines_ui *u, gl_events *ev)
{
    gl_error err = {0};
    gl_limits lim = {0, 0, u->o->interrupt, NULL};
    gl_solution sol;
    gl_solution_init(&sol);
    int rc = gl_play_solve(u->p, &lim, &sol, &err);
    *u->o->interrupt = 0;
    if (rc != 0) fprintf(u->o->out, "no solution: %s\n", err.msg);
    else if (!gl_play_solve_left(u->p)) {
        gl_strbuf w = GL_STRBUF_INIT;
        gl_solve_none_words(gl_play_game(u->p), &sol, &w);
        fprintf(u->o->out, "%s\n", gl_sb_str(&w));
        gl_sb_free(&w);
    }
    else
        fprintf(u->o->out, "the solver's %d move%s (cost %lld%s):\n", sol.nmoves, sol.nmoves == 1 ? "" : "s",
                sol.cost, sol.optimal ? ", optimal" : "");
    gl_solution_free(&sol);
    int moved, r;
    while ((r = gl_play_solve_step(u->p, &moved, ev, &err)) == 1) {
        int lvl = gl_play_level(u->p);
        if (after_move(u, moved, ev, &err) != 0) return -1;
        gl_events_clear(ev);
        if (gl_play_level(u->p) != lvl) break; /* the rest was for the level before */
    }
    if (r < 0) fprintf(u->o->out, "%s\n", err.msg);
    gl_play_solve_cancel(u->p);
    return 0;
}

static void help(lines_ui *u)
{
    const gl_game *g = gl_play_game(u->p);
    gl_strbuf rules = GL_STRBUF_INIT; /* the rules of this board's parameters */
    gl_rules_text(g, u->p, &rules);
    fprintf(u->o->out, "%s\nmoves: %s\n", gl_sb_str(&rules), g->move_help);
    gl_sb_free(&rules);
    if (g->status_help) {
        fprintf(u->o->out, "the status line:\n");
        for (const char *line = g->status_help; *line;) {
            int n = (int)strcspn(line, "\n");
            fprintf(u->o->out, "  %.*s\n", n, line);
            line += n + (line[n] == '\n');
        }
    }
    fprintf(u->o->out,
            "commands: undo, redo, hint, solve, restart, new, save [FILE], show, moves, picks MOVE, id, help, "
            "quit\n");
}

/* One command; -1 to stop. */
static int command(lines_ui *u, char *cmd, gl_events *ev)
{
    gl_error err = {0};
    if (!strcmp(cmd, "quit") || !strcmp(cmd, "q")) return -1;
    if (!strcmp(cmd, "help") || !strcmp(cmd, "?")) help(u);
    else if (!strcmp(cmd, "show")) draw(u);
    else if (!strcmp(cmd, "id"))
        fprintf(u->o->out, "id: %s\n", gl_play_id(u->p)[0] ? gl_play_id(u->p) : "(none: a custom game)");
    else if (!strcmp(cmd, "moves")) list_moves(u);
    else if (!strncmp(cmd, "picks ", 6)) list_picks(u, cmd + 6);
    else if (!strcmp(cmd, "undo") || !strcmp(cmd, "u") || !strcmp(cmd, "redo") || !strcmp(cmd, "r")) {
        int undo = cmd[0] == 'u';
        int rc = undo ? gl_play_undo(u->p, &err) : gl_play_redo(u->p, &err);
        if (rc < 0) fprintf(u->o->out, "nothing to %s\n", undo ? "undo" : "redo");
        else if (rc == 1) return save_failed(u, &err);
        else draw(u);
    } else if (!strcmp(cmd, "hint") || !strcmp(cmd, "h")) hint(u);
    else if (!strcmp(cmd, "solve")) return solve(u, ev);
    else if (!strcmp(cmd, "restart") || !strcmp(cmd, "new")) {
        int rc = cmd[0] == 'r' ? gl_play_restart(u->p, &err) : gl_play_new_game(u->p, u->next_seed++, &err);
        if (rc != 0) fprintf(u->o->out, "%s\n", err.msg);
        else {
            fprintf(u->o->out, "id: %s\n", gl_play_id(u->p)[0] ? gl_play_id(u->p) : "(none: a custom game)");
            draw(u);
        }
    } else if (!strncmp(cmd, "save", 4) && (cmd[4] == '\0' || cmd[4] == ' ')) {
        const char *path = cmd + 4;
        while (*path == ' ') path++;
        if (gl_play_save(u->p, *path ? path : NULL, &err) != 0) fprintf(u->o->out, "not saved: %s\n", err.msg);
        else fprintf(u->o->out, "saved to %s\n", gl_play_path(u->p));
    } else {
        int rc = gl_play_move_text(u->p, cmd, ev, &err);
        if (rc < 0) fprintf(u->o->out, "%s (type 'help')\n", err.msg);
        else return after_move(u, rc, ev, &err);
    }
    return 0;
}

enum { LINE_OK, LINE_END, LINE_TOO_LONG, LINE_NUL };

/* One command line from in, measured by the bytes read (a NUL byte does
 * not end it, as it would a string: "3-7\0garbage" is not 3-7, and a NUL
 * before 1,022 spaces does not hide a long line's tail).  The rest of a
 * line too long, or holding a NUL, is read and dropped.  LINE_END at the
 * end of the input before any byte. */
static int read_command(FILE *in, char *line, size_t cap, size_t *len)
{
    size_t n = 0;
    int c, nul = 0, any = 0;
    while ((c = getc(in)) != EOF) {
        any = 1;
        if (c == '\n') break;
        nul |= c == '\0';
        if (n < cap) line[n] = (char)c;
        n++;
    }
    if (!any) return LINE_END;
    if (n >= cap) return LINE_TOO_LONG;
    line[n] = '\0';
    *len = n;
    return nul ? LINE_NUL : LINE_OK;
}

static int run(gl_play *p, const gl_front_opts *o)
{
    lines_ui u = {p, o, o->seed + 1, 0, NULL};
    gl_strbuf path = GL_STRBUF_INIT;
    gl_error perr = {0};
    if (gl_scores_default_path(&path, &perr) == 0) u.scores = strdup(gl_sb_str(&path));
    gl_sb_free(&path);
    const gl_game *g = gl_play_game(p);
    gl_events ev;
    gl_events_init(&ev);
    char line[1024];
    fprintf(o->out, "%s: %s\nid: %s\nmoves: %s\ntype help for the commands\n\n", g->name, g->summary,
            gl_play_id(p)[0] ? gl_play_id(p) : "(none: a custom game)", g->move_help);
    if (gl_play_load_note(p)[0]) fprintf(o->out, "note: %s\n", gl_play_load_note(p));
    draw(&u);
    for (;;) {
        gl_events_clear(&ev);
        if (gl_play_tick(p, &ev)) {
            say_events(&u, &ev);
            record(&u);
            fprintf(o->out, "game over. (undo, restart, new or quit)\n");
        }
        fputs("> ", o->out);
        fflush(o->out);
        /* Waiting for a command, Ctrl-C ends the program at once (exit
         * 130): nothing is in progress, the last move is saved.  A command
         * (a solver's search) is stopped gently. */
        gl_cli_stop_gently(0);
        size_t len = 0;
        int got = *o->interrupt ? LINE_END : read_command(o->in, line, sizeof line, &len);
        gl_cli_stop_gently(1);
        if (got == LINE_END) break;
        if (got == LINE_TOO_LONG) {
            fprintf(o->out, "line too long (more than %zu bytes)\n", sizeof line - 1);
            continue;
        }
        if (got == LINE_NUL) {
            fprintf(o->out, "a NUL byte in the line: not a command\n");
            continue;
        }
        while (len && isspace((unsigned char)line[len - 1])) line[--len] = '\0';
        char *cmd = line;
        while (isspace((unsigned char)*cmd)) cmd++;
        if (!*cmd) continue;
        gl_events_clear(&ev);
        if (gl_play_tick(p, &ev)) { /* the clock ran out while the player typed */
            say_events(&u, &ev);
            record(&u);
            gl_events_clear(&ev);
        }
        if (command(&u, cmd, &ev) != 0) break;
    }
    gl_events_free(&ev);
    /* the time played since the last move goes into the save as well: the
     * clock stands while the game is closed, and goes on from there */
    gl_error err = {0};
    if (!u.failed && gl_play_autosaving(p) && gl_play_path(p) && gl_play_save(p, NULL, &err) != 0)
        save_failed(&u, &err);
    free(u.scores);
    if (u.failed) return GL_EXIT_USAGE;
    return *o->interrupt ? GL_EXIT_INTERRUPTED : GL_EXIT_OK;
}

const gl_front gl_front_lines = {"lines", run};
