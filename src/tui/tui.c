/* The full-screen terminal front end (`gridlab play` on a terminal), a
 * client of the play session (src/play).
 *
 * The session keeps the game: moves, undo and redo, hints, the solver's
 * moves, levels, the clock and saves.  This file turns keys and clicks
 * into session calls and shows what comes back: the board through the
 * game's dims and cell, the hint's way through move_path, and animations.
 *
 * Animation is built from boards, not from game internals: a move's path is
 * drawn cell by cell before the move (the ball travelling in lines, the
 * link line in onet), then the cells that changed are revealed as a wave
 * spreading from the first changed cell (the flood spreading, the board
 * settling after a cascade) and flashed.  Any key skips an animation.
 *
 * Signals: Ctrl-C (SIGINT), SIGTERM and SIGHUP only raise the interrupt
 * flag the program gave (which also stops a running solver); the loop then
 * leaves cleanly.  Crash signals restore the terminal with endwin and
 * re-raise under the handler that was there before (the sanitizers'
 * report still comes out). */
#include "tui.h"

#include <locale.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define SOLVE_LIMIT_MS 10000.0

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

/* ------------------------------------------------------------ helpers */

static void say(tui *t, int bad, const char *fmt, ...) GL_PRINTF(3, 4);
static void say(tui *t, int bad, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->msg, sizeof t->msg, fmt, ap);
    va_end(ap);
    t->msg_bad = bad;
}

static void clear_hint(tui *t)
{
    t->hint_npath = 0;
    t->hint_nmarks = 0;
}

static const gl_game *game(const tui *t) { return gl_play_game(t->p); }
static const gl_board *board(const tui *t) { return gl_play_board(t->p); }

static void clamp_cursor(tui *t)
{
    int w, h;
    game(t)->dims(board(t), &w, &h);
    if (t->cur_r >= h) t->cur_r = h - 1;
    if (t->cur_c >= w) t->cur_c = w - 1;
    if (t->cur_r < 0) t->cur_r = 0;
    if (t->cur_c < 0) t->cur_c = 0;
}

/* A chain of cells (corners filled in) into out, at most max cells. */
static int chain_into(const gl_cells *chain, int *out, int max)
{
    int n = chain->n < max ? chain->n : max;
    if (n > 0) memcpy(out, chain->rc, sizeof(int) * 2 * (size_t)n);
    return n;
}

/* ------------------------------------------------------------ drawing */

static gl_cell_view *board_views(const tui *t, int *w, int *h)
{
    game(t)->dims(board(t), w, h);
    gl_cell_view *views = malloc(sizeof(*views) * (size_t)*w * (size_t)*h);
    if (views) tui_views(game(t), board(t), views, *w, *h);
    return views;
}

static void redraw(tui *t)
{
    int w, h;
    gl_cell_view *views = board_views(t, &w, &h);
    if (!views) return;
    tui_frame f = {views, w, h, t->hint_path, t->hint_npath, 0, 1, NULL, t->hint_marks, t->hint_nmarks};
    tui_draw(t, &f);
    free(views);
}

/* Waits ms milliseconds for the eye; returns 1 (and keeps the key for the
 * main loop) when a key was pressed, which skips the rest. */
static int pause_ms(const tui *t, int ms)
{
    while (ms > 0) {
        if (*t->o->interrupt) return 1;
        int ch = getch();
        if (ch != ERR) {
            if (ch != KEY_RESIZE) ungetch(ch);
            return 1;
        }
        int step = ms < 10 ? ms : 10;
        napms(step);
        ms -= step;
    }
    return 0;
}

/* The path travelled, drawn over the board before the move: a growing
 * line (with the ball at its head when a ball moves onto an empty cell). */
static int animate_path(tui *t, gl_cell_view *views, int w, int h, const int *path, int n)
{
    if (n < 2) return 0;
    int ball = 0;
    int r0 = path[0], c0 = path[1], r1 = path[2 * n - 2], c1 = path[2 * n - 1];
    if (r0 >= 0 && r0 < h && c0 >= 0 && c0 < w && r1 >= 0 && r1 < h && c1 >= 0 && c1 < w &&
        !(views[r0 * w + c0].flags & GL_CELL_EMPTY) && (views[r1 * w + c1].flags & GL_CELL_EMPTY))
        ball = (unsigned char)views[r0 * w + c0].sym;
    int step = 360 / n;
    if (step > 40) step = 40;
    if (step < 8) step = 8;
    int skipped = 0;
    nodelay(stdscr, TRUE);
    for (int k = 2; k <= n && !skipped; k++) {
        tui_frame f = {views, w, h, path, k, ball, 0, NULL, NULL, 0};
        tui_draw(t, &f);
        skipped = pause_ms(t, step);
    }
    if (!skipped && !ball) skipped = pause_ms(t, 150); /* let the whole link be seen */
    nodelay(stdscr, FALSE);
    timeout(200);
    return skipped;
}

/* After the move: the changed cells appear as a wave, then flash. */
static void animate_change(tui *t, const gl_cell_view *before, int w, int h)
{
    int bw, bh;
    game(t)->dims(board(t), &bw, &bh);
    if (bw != w || bh != h) return;
    size_t n = (size_t)w * (size_t)h;
    gl_cell_view *after = malloc(sizeof(*after) * n);
    gl_cell_view *mix = malloc(sizeof(*mix) * n);
    int *dist = malloc(sizeof(int) * n);
    int *queue = malloc(sizeof(int) * n);
    unsigned char *fresh = calloc(n, 1);
    if (!after || !mix || !dist || !queue || !fresh) goto out;
    tui_views(game(t), board(t), after, w, h);
    int maxd = -1;
    for (size_t i = 0; i < n; i++) dist[i] = -1;
    for (size_t s = 0; s < n; s++) {
        if (dist[s] >= 0 || tui_view_eq(&before[s], &after[s])) continue;
        /* a breadth-first wave over each 4-connected group of changes */
        int qh = 0, qt = 0;
        dist[s] = 0;
        queue[qt++] = (int)s;
        while (qh < qt) {
            int i = queue[qh++], r = i / w, c = i % w;
            if (dist[i] > maxd) maxd = dist[i];
            static const int dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
            for (int k = 0; k < 4; k++) {
                int rr = r + dr[k], cc = c + dc[k];
                if (rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
                int j = rr * w + cc;
                if (dist[j] >= 0 || tui_view_eq(&before[j], &after[j])) continue;
                dist[j] = dist[i] + 1;
                queue[qt++] = j;
            }
        }
    }
    if (maxd < 0) goto out;
    int per = (maxd + 10) / 10; /* at most 10 frames */
    nodelay(stdscr, TRUE);
    int skipped = 0;
    for (int k = 0; k <= maxd + per - 1 && !skipped; k += per) {
        for (size_t i = 0; i < n; i++) {
            int shown = dist[i] >= 0 && dist[i] <= k;
            mix[i] = dist[i] >= 0 && !shown ? before[i] : after[i];
            fresh[i] = (unsigned char)shown;
        }
        tui_frame f = {mix, w, h, NULL, 0, 0, 0, fresh, NULL, 0};
        tui_draw(t, &f);
        skipped = pause_ms(t, maxd > 0 ? 25 : 0);
    }
    if (!skipped) {
        for (size_t i = 0; i < n; i++) fresh[i] = dist[i] >= 0;
        tui_frame f = {after, w, h, NULL, 0, 0, 0, fresh, NULL, 0};
        tui_draw(t, &f);
        pause_ms(t, 160);
    }
    nodelay(stdscr, FALSE);
    timeout(200);
out:
    free(after);
    free(mix);
    free(dist);
    free(queue);
    free(fresh);
}

/* ------------------------------------------------------------ play */

static int playing(tui *t)
{
    gl_status st = gl_play_status(t->p);
    if (st == GL_PLAYING) return 1;
    if (gl_play_time_left_ms(t->p) == 0) say(t, 1, "Time is up: n for a new game, q to quit.");
    else
        say(t, 1, "%s u undoes, n starts a new game, q quits.",
            st == GL_WON ? "This game is won." : "This game is over.");
    return 0;
}

/* After the session played a move (moved: its result; before: the views
 * of the board before it): the animation, the news, the next level. */
static void after_move(tui *t, int moved, gl_cell_view *before, int w, int h, gl_events *ev, gl_error *err)
{
    clear_hint(t);
    const gl_event *mv = gl_events_find(ev, GL_EV_MOVE);
    int skipped = 0;
    if (mv && before) {
        gl_cells chain = {0};
        gl_cells_chain(ev->cells.rc + 2 * mv->first, mv->n, &chain);
        skipped = animate_path(t, before, w, h, chain.rc, chain.n);
        gl_cells_free(&chain);
    }
    if (!skipped && before) animate_change(t, before, w, h);
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_play_describe(t->p, ev, &sb);
    if (moved == 1) {
        say(t, 1, "%s  NOT SAVED: %s", gl_sb_str(&sb), err->msg);
        t->save_failed = 1;
    } else if (gl_events_find(ev, GL_EV_WON) && gl_play_has_next_level(t->p)) {
        gl_events_clear(ev);
        gl_error e2 = {0};
        int r = gl_play_next_level(t->p, ev, &e2);
        clamp_cursor(t);
        if (r == 1) say(t, 0, "Level cleared! On to level %d.", gl_play_level(t->p));
        else if (r == 2) {
            say(t, 1, "Level cleared; level %d is NOT SAVED: %s", gl_play_level(t->p), e2.msg);
            t->save_failed = 1;
        } else say(t, 1, "Won, but the next level failed: %s", e2.msg);
    } else if (gl_events_find(ev, GL_EV_WON)) {
        say(t, 0, "%s  You won! n starts a new game, q quits.", gl_sb_str(&sb));
    } else if (gl_events_find(ev, GL_EV_LOST)) {
        say(t, 0, "%s  Game over: u undoes, n starts a new game.", gl_sb_str(&sb));
    } else {
        say(t, 0, "%s", gl_sb_str(&sb));
    }
    gl_sb_free(&sb);
}

/* A move in the game's notation or from the solver, through the session. */
static int play_move(tui *t, const gl_move *m)
{
    int w, h;
    gl_cell_view *before = board_views(t, &w, &h);
    gl_events ev;
    gl_events_init(&ev);
    gl_error err = {0};
    int rc = gl_play_move(t->p, m, &ev, &err);
    if (rc < 0) say(t, 1, "%s", err.msg);
    else after_move(t, rc, before, w, h, &ev, &err);
    gl_events_free(&ev);
    free(before);
    return rc < 0 ? -1 : 0;
}

static void select_cell(tui *t, int r, int c)
{
    if (!playing(t)) return;
    char cell[16];
    gl_cell_format(r, c, cell, sizeof cell);
    int w, h;
    gl_cell_view *before = board_views(t, &w, &h);
    gl_events ev;
    gl_events_init(&ev);
    gl_error err = {0};
    int moved = 0;
    switch (gl_play_pick(t->p, r, c, &moved, &ev, &err)) {
    case GL_PICK_BAD: say(t, 1, "%s", err.msg); break;
    case GL_PICK_MORE: say(t, 0, "selected %s: now pick the next cell (Esc drops the selection)", cell); break;
    case GL_PICK_DROPPED: say(t, 0, "dropped %s", cell); break;
    case GL_PICK_RESTART: say(t, 1, "%s; %s is selected now", err.msg, cell); break;
    case GL_PICK_MOVED: after_move(t, moved, before, w, h, &ev, &err); break;
    }
    gl_events_free(&ev);
    free(before);
}

static void do_hint(tui *t)
{
    if (!playing(t)) return;
    say(t, 0, "thinking... (Ctrl-C stops)");
    redraw(t);
    gl_move m;
    gl_error err = {0};
    gl_limits lim = {0, 0, t->o->interrupt, NULL};
    int found = gl_play_hint(t->p, &lim, &m, NULL, &err);
    *t->o->interrupt = 0; /* Ctrl-C stopped the search, not the game */
    clear_hint(t);
    if (found == GL_HINT_ERROR) {
        say(t, 1, "no hint: %s", err.msg);
        return;
    }
    if (found == GL_HINT_STOPPED) {
        say(t, 1, "no hint: the search stopped (%s) before it found a move", err.msg);
        return;
    }
    if (found == GL_HINT_NONE) {
        say(t, 1, "no hint: no move leads anywhere from here");
        return;
    }
    const gl_game *g = game(t);
    char name[64];
    g->format_move(board(t), &m, name, sizeof name);
    /* Shown on the board: the move's path, else the cells it changes. */
    gl_cells chain = {0};
    gl_play_move_cells(t->p, &m, &chain);
    t->hint_npath = chain_into(&chain, t->hint_path, TUI_MAXPATH);
    gl_cells_free(&chain);
    if (t->hint_npath >= 2) { /* the ends in braces, the way between as a line */
        int last = t->hint_npath - 1;
        t->hint_marks[0] = t->hint_path[0];
        t->hint_marks[1] = t->hint_path[1];
        t->hint_marks[2] = t->hint_path[2 * last];
        t->hint_marks[3] = t->hint_path[2 * last + 1];
        t->hint_nmarks = 2;
    } else {
        t->hint_npath = 0;
        int w, h;
        gl_cell_view *a = board_views(t, &w, &h);
        gl_board *copy = g->clone(board(t));
        gl_cell_view *b = malloc(sizeof(*b) * (size_t)w * (size_t)h);
        if (copy && a && b && g->apply(copy, &m, NULL, &err) == 0) {
            int nw, nh;
            g->dims(copy, &nw, &nh);
            if (nw == w && nh == h) {
                tui_views(g, copy, b, w, h);
                for (int i = 0; i < w * h && t->hint_nmarks < TUI_MAXPATH; i++)
                    if (!tui_view_eq(&a[i], &b[i])) {
                        t->hint_marks[2 * t->hint_nmarks] = i / w;
                        t->hint_marks[2 * t->hint_nmarks + 1] = i % w;
                        t->hint_nmarks++;
                    }
            }
        }
        if (copy) g->destroy(copy);
        free(a);
        free(b);
    }
    say(t, 0, "hint: %s", name);
}

static void do_solve(tui *t)
{
    if (!playing(t)) return;
    const gl_game *g = game(t);
    if (g->nsolvers < 1) {
        say(t, 1, "this game has no solver");
        return;
    }
    const gl_solver *s = &g->solvers[0];
    say(t, 0, "solving with %s (up to %.0f s, Ctrl-C stops)...", s->name, SOLVE_LIMIT_MS / 1000);
    redraw(t);
    gl_limits lim = {SOLVE_LIMIT_MS, 0, t->o->interrupt, NULL};
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    int rc = gl_play_solve(t->p, &lim, &sol, &err);
    *t->o->interrupt = 0;
    if (rc != 0) say(t, 1, "%s: %s", s->name, err.msg);
    else if (!gl_play_solve_left(t->p))
        say(t, 1, "%s found no solution%s%s", s->name, sol.stopped ? ": " : "", sol.stopped ? sol.stopped : "");
    else {
        /* Play the moves one by one; any key stops. */
        flushinp();
        int done = 0, level = gl_play_level(t->p);
        for (;;) {
            int w, h, moved = 0;
            gl_cell_view *before = board_views(t, &w, &h);
            gl_events ev;
            gl_events_init(&ev);
            int r = gl_play_solve_step(t->p, &moved, &ev, &err);
            if (r == 1) {
                done++;
                after_move(t, moved, before, w, h, &ev, &err);
            } else if (r < 0) {
                say(t, 1, "%s", err.msg);
            }
            gl_events_free(&ev);
            free(before);
            if (r != 1 || gl_play_level(t->p) != level || !gl_play_solve_left(t->p)) break;
            redraw(t);
            nodelay(stdscr, TRUE);
            int stop = pause_ms(t, 250);
            nodelay(stdscr, FALSE);
            timeout(200);
            if (stop) {
                flushinp();
                break;
            }
        }
        gl_play_solve_cancel(t->p);
        char tail[TUI_MSG];
        snprintf(tail, sizeof tail, "%s", t->msg);
        say(t, t->msg_bad, "%s: played %d of %d move%s (cost %lld%s).  %s", s->name, done, sol.nmoves,
            sol.nmoves == 1 ? "" : "s", sol.cost, sol.optimal ? ", optimal" : "", tail);
    }
    gl_solution_free(&sol);
}

static void do_save(tui *t)
{
    gl_error err = {0};
    if (gl_play_save(t->p, NULL, &err) != 0) say(t, 1, "not saved: %s", err.msg);
    else say(t, 0, "saved to %s", gl_play_path(t->p));
}

static void do_new(tui *t)
{
    gl_error err = {0};
    uint64_t seed = t->next_seed++;
    if (gl_play_new_game(t->p, seed, &err) != 0) {
        say(t, 1, "no new game: %s", err.msg);
        return;
    }
    clear_hint(t);
    clamp_cursor(t);
    say(t, 0, "new game: %s", gl_play_id(t->p));
}

static void do_undo(tui *t, int undo)
{
    gl_error err = {0};
    int rc = undo ? gl_play_undo(t->p, &err) : gl_play_redo(t->p, &err);
    if (rc < 0) {
        say(t, 1, "nothing to %s", undo ? "undo" : "redo");
        return;
    }
    clear_hint(t);
    clamp_cursor(t);
    if (rc == 1) {
        say(t, 1, "%s done, NOT SAVED: %s", undo ? "undo" : "redo", err.msg);
        t->save_failed = 1;
    } else {
        say(t, 0, "%s done", undo ? "undo" : "redo");
    }
}

/* `:` - a move typed in the game's notation. */
static void command_line(tui *t)
{
    char text[128];
    size_t len = 0;
    text[0] = '\0';
    curs_set(1);
    for (;;) {
        if (*t->o->interrupt) { /* Ctrl-C: the main loop quits */
            curs_set(0);
            return;
        }
        say(t, 0, ":%s", text);
        redraw(t);
        move(t->msg_y, (int)len + 1);
        refresh();
        int ch = getch();
        if (ch == ERR || ch == KEY_RESIZE) continue;
        if (ch == 27) {
            say(t, 0, "cancelled");
            curs_set(0);
            return;
        }
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) break;
        if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
            if (len) text[--len] = '\0';
            else {
                say(t, 0, "cancelled");
                curs_set(0);
                return;
            }
            continue;
        }
        if (ch >= 32 && ch < 127 && len + 1 < sizeof text) {
            text[len++] = (char)ch;
            text[len] = '\0';
        }
    }
    curs_set(0);
    char *s = text;
    while (*s == ' ') s++;
    while (len && text[len - 1] == ' ') text[--len] = '\0';
    if (!*s) {
        say(t, 0, "%s", "");
        return;
    }
    if (!playing(t)) return;
    gl_move m;
    gl_error err = {0};
    if (game(t)->parse_move(board(t), s, &m, &err) != 0) {
        say(t, 1, "%s", err.msg);
        return;
    }
    gl_play_unselect(t->p);
    play_move(t, &m);
}

static void show_help(tui *t)
{
    gl_play_pause(t->p, 1);
    tui_draw_help(t);
    for (;;) {
        int ch = getch();
        if (*t->o->interrupt) break;
        if (ch == KEY_RESIZE) tui_draw_help(t);
        else if (ch != ERR && ch != KEY_MOUSE) break;
    }
    gl_play_pause(t->p, 0);
}

static void move_cursor(tui *t, int dr, int dc)
{
    t->cur_r += dr;
    t->cur_c += dc;
    clamp_cursor(t);
}

/* ------------------------------------------------------------ main loop */

static int run(gl_play *p, const gl_front_opts *o)
{
    tui *t = calloc(1, sizeof *t);
    if (!t) return GL_FRONT_UNUSABLE;
    t->p = p;
    t->o = o;
    t->next_seed = o->seed + 1;

    setlocale(LC_ALL, "");
    t->colour = o->colour;
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr) { /* an unknown terminal: line mode still works */
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
    timeout(200);
    mouseinterval(0);
    t->mouse = mousemask(BUTTON1_PRESSED, NULL) != 0;
    if (gl_play_id(p)[0]) say(t, 0, "Game %s.  Press ? for help.", gl_play_id(p));
    else say(t, 0, "%s.  Press ? for help.", game(t)->move_help);

    int rc = 0;
    for (;;) {
        if (*o->interrupt) {
            rc = 130;
            break;
        }
        gl_events ev;
        gl_events_init(&ev);
        if (gl_play_tick(p, &ev)) say(t, 1, "Time is up! n starts a new game, q quits.");
        gl_events_free(&ev);
        redraw(t);
        int ch = getch();
        if (ch == ERR) continue;
        switch (ch) {
        case 'q': goto done;
        case KEY_LEFT: case 'H': move_cursor(t, 0, -1); break;
        case KEY_RIGHT: case 'L': case 'l': move_cursor(t, 0, 1); break;
        case KEY_UP: case 'K': case 'k': move_cursor(t, -1, 0); break;
        case KEY_DOWN: case 'J': case 'j': move_cursor(t, 1, 0); break;
        case '\n': case '\r': case ' ': case KEY_ENTER: select_cell(t, t->cur_r, t->cur_c); break;
        case 27:
            gl_play_unselect(p);
            clear_hint(t);
            say(t, 0, "%s", "");
            break;
        case ':': command_line(t); break;
        case 'u': do_undo(t, 1); break;
        case 'r': do_undo(t, 0); break;
        case 'h': do_hint(t); break;
        case 'S': do_solve(t); break;
        case 's': do_save(t); break;
        case 'n': do_new(t); break;
        case '?': show_help(t); break;
        case KEY_RESIZE: clear(); break;
        case KEY_MOUSE: {
            MEVENT mev;
            int r, c;
            if (getmouse(&mev) == OK && (mev.bstate & BUTTON1_PRESSED) && tui_hit(t, mev.y, mev.x, &r, &c)) {
                t->cur_r = r;
                t->cur_c = c;
                select_cell(t, r, c);
            }
            break;
        }
        default: break;
        }
    }
done:
    endwin();
    restore_signals();
    stop_flag = NULL;
    delscreen(scr);
    if (rc == 0 && t->save_failed) rc = 2;
    free(t);
    return rc;
}

const gl_front gl_front_tui = {"tui", run};
