/* The full-screen terminal front end (`gridlab play` on a terminal), a
 * client of the play session (src/play): the start, the main loop that
 * turns keys and clicks into actions (tui_play.c, tui_menu.c), and the
 * terminal's safety.
 *
 * The session keeps the game: moves, undo and redo, hints, the solver's
 * moves, levels, the clock and saves.  The front end keeps only what is
 * about the screen: the cursor, the hint on show, the message, and the
 * table of best results it shows.
 *
 * Signals: Ctrl-C (SIGINT), SIGTERM and SIGHUP only raise the interrupt
 * flag the program gave (which also stops a running solver); the loop then
 * leaves cleanly.  Crash signals restore the terminal with endwin and
 * re-raise under the handler that was there before (the sanitizers'
 * report still comes out). */
#include "tui.h"

#include <stdio.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ signals */

/* Signal handlers can only reach state through globals: the previous
 * handlers, restored on exit and chained to on a crash. */
static const int crash_signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL};
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define NCRASH ((int)(sizeof crash_signals / sizeof crash_signals[0]))
#define NSTOP ((int)(sizeof stop_signals / sizeof stop_signals[0]))
static struct sigaction old_crash[NCRASH], old_stop[NSTOP];
static volatile sig_atomic_t *stop_flag; /* the program's interrupt flag */

static void on_crash(int sig)
{
    endwin();
    for (int i = 0; i < NCRASH; i++)
        if (crash_signals[i] == sig) sigaction(sig, &old_crash[i], NULL);
    raise(sig);
}

static void on_stop(int sig)
{
    (void)sig;
    if (stop_flag) *stop_flag = 1;
}

static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_crash;
    sa.sa_flags = SA_RESETHAND;
    for (int i = 0; i < NCRASH; i++) sigaction(crash_signals[i], &sa, &old_crash[i]);
    sa.sa_handler = on_stop;
    sa.sa_flags = 0;
    for (int i = 0; i < NSTOP; i++) sigaction(stop_signals[i], &sa, &old_stop[i]);
}

static void restore_signals(void)
{
    for (int i = 0; i < NCRASH; i++) sigaction(crash_signals[i], &old_crash[i], NULL);
    for (int i = 0; i < NSTOP; i++) sigaction(stop_signals[i], &old_stop[i], NULL);
}

/* ------------------------------------------------------------ keys */

static void move_cursor(tui *t, int dr, int dc)
{
    t->cur_r += dr;
    t->cur_c += dc;
    tui_clamp_cursor(t);
}

/* `:` - a move typed in the game's notation. */
static void command_line(tui *t)
{
    char text[128] = "";
    if (!tui_prompt(t, ":", text, sizeof text)) return;
    if (text[0]) tui_play_text(t, text);
}

/* Keys that are commands; any other printable key may be a move of one
 * character in a game whose moves are (GL_FRONT_KEYS). */
static const char command_keys[] = "qnm?:urhSsHJKLjkl ";

/* One input; 1 to quit. */
static int act(tui *t, const tui_in *in)
{
    int ch = in->key;
    switch (ch) {
    case TUI_QUIT: return 1;
    case 'q': return tui_may_drop(t, "Quit");
    case KEY_LEFT: case 'H': move_cursor(t, 0, -1); break;
    case KEY_RIGHT: case 'L': case 'l': move_cursor(t, 0, 1); break;
    case KEY_UP: case 'K': case 'k': move_cursor(t, -1, 0); break;
    case KEY_DOWN: case 'J': case 'j': move_cursor(t, 1, 0); break;
    case '\n': case '\r': case ' ': case KEY_ENTER: tui_select_cell(t, t->cur_r, t->cur_c); break;
    case 27: {
        int picked;
        gl_play_selection(t->p, &picked);
        gl_play_unselect(t->p);
        tui_clear_hint(t);
        tui_say(t, 0, "%s", picked ? "selection dropped" : "");
        break;
    }
    case ':': command_line(t); break;
    case 'u': tui_undo(t, 1); break;
    case 'r': tui_undo(t, 0); break;
    case 'h': tui_hint(t); break;
    case 'S': tui_solve(t); break;
    case 's': tui_save(t, 0); break;
    case 'n': tui_new_game(t); break;
    case 'm': case KEY_F(10): tui_menu(t); break;
    case '?': case KEY_F(1): tui_help(t); break;
    case KEY_RESIZE: clear(); break;
    case TUI_CLICK: {
        int r, c;
        if (tui_hit(t, in->y, in->x, &r, &c)) {
            t->cur_r = r;
            t->cur_c = c;
            tui_select_cell(t, r, c);
        }
        break;
    }
    default:
        if (ch > 32 && ch < 127 && !strchr(command_keys, ch)) {
            if (t->single_keys) {
                char text[2] = {(char)ch, '\0'};
                tui_play_text(t, text);
            } else {
                tui_say(t, 1, "'%c' is no key here: ? shows the keys, m the menu", ch);
            }
        }
        break;
    }
    return 0;
}

/* ------------------------------------------------------------ main loop */

/* The table of best results: its file and what it holds now. */
static void open_scores(tui *t)
{
    gl_strbuf path = GL_STRBUF_INIT;
    gl_error err = {0};
    gl_scores_init(&t->scores);
    if (gl_scores_default_path(&path, &err) != 0) {
        gl_sb_free(&path);
        return;
    }
    t->scores_path = strdup(gl_sb_str(&path));
    gl_sb_free(&path);
    if (t->scores_path && gl_scores_load(&t->scores, t->scores_path, &err) != 0)
        tui_say(t, 1, "Best results: %s", err.msg);
}

static int run(gl_play *p, const gl_front_opts *o)
{
    tui *t = calloc(1, sizeof *t);
    if (!t) return GL_FRONT_UNUSABLE;
    t->p = p;
    t->o = o;
    t->next_seed = o->seed + 1;
    t->autosave = gl_play_autosaving(p) && gl_play_path(p);
    if (t->autosave) t->save_file = strdup(gl_play_path(p));

    setlocale(LC_ALL, "");
    t->colour = o->colour;
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr) { /* an unknown terminal: line mode still works */
        free(t->save_file);
        free(t);
        return GL_FRONT_UNUSABLE;
    }
    stop_flag = o->interrupt;
    install_signals();
    t->colour = t->colour && has_colors();
    tui_draw_init(t);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    /* Presses and releases both: a report outside the mask is not
     * returned, and getch can then hang on it.  No click resolution (its
     * wait would delay every press); tui_input.c drops the releases. */
    mouseinterval(0);
    t->mouse = mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED, NULL) != 0;
    if (gl_play_load_note(p)[0]) tui_say(t, 1, "%s", gl_play_load_note(p));
    else tui_say(t, 0, "Moves: %s.  Press ? for help, m for the menu.", gl_play_game(p)->move_help);
    open_scores(t);
    tui_game_changed(t);

    int rc = 0;
    for (;;) {
        if (*o->interrupt) {
            rc = 130;
            break;
        }
        gl_events ev;
        gl_events_init(&ev);
        if (gl_play_tick(p, &ev)) {
            tui_say(t, 1, "%s", "");
            tui_finish(t); /* says so */
            t->msg_bad = 1;
        }
        gl_events_free(&ev);
        tui_redraw(t);
        gl_play_pause(p, !t->fits); /* no time counts while the board is hidden */
        tui_in in;
        if (!tui_read(t, &in, 200)) continue;
        if (act(t, &in)) break;
    }
    /* the time played since the last move goes into the save as well: the
     * clock stands while the game is closed, and goes on from there */
    if (gl_play_autosaving(p) && gl_play_path(p) && !t->save_failed) {
        gl_error err = {0};
        if (gl_play_save(p, NULL, &err) != 0) {
            t->save_failed = 1;
            snprintf(t->save_error, sizeof t->save_error, "%s", err.msg);
        }
    }
    endwin();
    restore_signals();
    stop_flag = NULL;
    delscreen(scr);
    if (rc == 0 && t->save_failed) {
        /* as line mode does: the terminal is back, say why on stderr */
        fprintf(stderr, "gridlab: cannot save: %s\n", t->save_error);
        rc = 2;
    }
    gl_scores_free(&t->scores);
    free(t->scores_path);
    free(t->save_file);
    free(t);
    return rc;
}

const gl_front gl_front_tui = {"tui", run};
