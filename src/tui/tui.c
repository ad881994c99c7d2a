/* The full-screen terminal front end (`gridlab play` on a terminal).
 *
 * It drives any game through the gl_game table alone: dims/cell to draw,
 * select to turn picked cells into a move, parse_move for the typed command
 * line, apply/clone for play and undo, hint or the first solver for hints,
 * move_path for the lines drawn on the board, time_limit_s and next_level
 * for onet's timed level sequence.  Undo and redo are stacks of snapshots,
 * exact even where a game draws random numbers during play.
 *
 * Animation is built from boards, not from game internals: a move's path is
 * drawn cell by cell before the move (the ball travelling in lines, the
 * link line in onet), then the cells that changed are revealed as a wave
 * spreading from the first changed cell (the flood spreading, the board
 * settling after a cascade) and flashed.  Any key skips an animation.
 *
 * Signals: Ctrl-C (SIGINT), SIGTERM and SIGHUP only raise the CLI's
 * interrupt flag (which also stops a running solver); the loop then leaves
 * cleanly.  Crash signals restore the terminal with endwin and re-raise
 * under the handler that was there before (the sanitizers' report still
 * comes out). */
#include "tui.h"

#include <locale.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define HISTORY_MAX 4096
#define SOLVE_LIMIT_MS 10000.0
#define HINT_LIMIT_MS 5000.0

/* ------------------------------------------------------------ signals */

/* Signal handlers can only reach state through globals: the previous
 * handlers, restored on exit and chained to on a crash. */
static const int crash_signals[] = {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL};
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define NCRASH ((int)(sizeof crash_signals / sizeof crash_signals[0]))
#define NSTOP ((int)(sizeof stop_signals / sizeof stop_signals[0]))
static struct sigaction old_crash[NCRASH], old_stop[NSTOP];

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
    gl_cli_interrupted = 1;
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

/* ------------------------------------------------------------ history */

static int hist_push(const gl_game *g, tui_hist *h, gl_board *b)
{
    if (h->n == HISTORY_MAX) { /* forget the oldest */
        g->destroy(h->items[0]);
        memmove(h->items, h->items + 1, sizeof(h->items[0]) * (HISTORY_MAX - 1));
        h->n--;
    }
    if (h->n == h->cap) {
        int cap = h->cap ? 2 * h->cap : 64;
        gl_board **p = realloc(h->items, sizeof(*p) * (size_t)cap);
        if (!p) {
            g->destroy(b);
            return -1;
        }
        h->items = p;
        h->cap = cap;
    }
    h->items[h->n++] = b;
    return 0;
}

static void hist_clear(const gl_game *g, tui_hist *h)
{
    while (h->n) g->destroy(h->items[--h->n]);
}

static void hist_free(const gl_game *g, tui_hist *h)
{
    hist_clear(g, h);
    free(h->items);
    h->items = NULL;
    h->cap = 0;
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

static void level_start(tui *t)
{
    t->limit_s = t->g->time_limit_s ? t->g->time_limit_s(t->b) : 0;
    t->start_ns = gl_now_ns();
    t->paused_ns = 0;
    t->timed_out = 0;
}

static void clamp_cursor(tui *t)
{
    int w, h;
    t->g->dims(t->b, &w, &h);
    if (t->cur_r >= h) t->cur_r = h - 1;
    if (t->cur_c >= w) t->cur_c = w - 1;
    if (t->cur_r < 0) t->cur_r = 0;
    if (t->cur_c < 0) t->cur_c = 0;
}

/* Replaces the board (new game, next level): history and overlays go. */
static void set_board(tui *t, gl_board *b)
{
    t->g->destroy(t->b);
    t->b = b;
    hist_clear(t->g, &t->undo);
    hist_clear(t->g, &t->redo);
    t->nsel = 0;
    clear_hint(t);
    clamp_cursor(t);
    level_start(t);
}

/* A move's cells as a chain of adjacent cells: games may give corners
 * only (onet's link), so straight runs between them are filled in. */
static int path_expand(const int *rc, int n, int *out, int max)
{
    int k = 0;
    for (int i = 0; i < n && k < max; i++) {
        int r = rc[2 * i], c = rc[2 * i + 1];
        if (i > 0) {
            int pr = out[2 * (k - 1)], pc = out[2 * (k - 1) + 1];
            if (pr == r || pc == c) {
                int dr = (r > pr) - (r < pr), dc = (c > pc) - (c < pc);
                while ((pr + dr != r || pc + dc != c) && (dr || dc) && k < max) {
                    pr += dr;
                    pc += dc;
                    out[2 * k] = pr;
                    out[2 * k + 1] = pc;
                    k++;
                }
            }
        }
        if (k < max) {
            out[2 * k] = r;
            out[2 * k + 1] = c;
            k++;
        }
    }
    return k;
}

static int move_path(const tui *t, const gl_board *b, const gl_move *m, int *out, int max)
{
    if (!t->g->move_path) return 0;
    int *raw = malloc(sizeof(int) * 2 * TUI_MAXPATH);
    if (!raw) return 0;
    int n = t->g->move_path(b, m, raw, TUI_MAXPATH);
    if (n > TUI_MAXPATH) n = TUI_MAXPATH;
    int k = n > 0 ? path_expand(raw, n, out, max) : 0;
    free(raw);
    return k;
}

/* ------------------------------------------------------------ drawing */

static void redraw(tui *t)
{
    int w, h;
    t->g->dims(t->b, &w, &h);
    gl_cell_view *views = malloc(sizeof(*views) * (size_t)w * (size_t)h);
    if (!views) return;
    tui_views(t->g, t->b, views, w, h);
    tui_frame f = {views, w, h, t->hint_path, t->hint_npath, 0, 1, NULL, t->hint_marks, t->hint_nmarks};
    tui_draw(t, &f);
    free(views);
}

/* Waits ms milliseconds for the eye; returns 1 (and keeps the key for the
 * main loop) when a key was pressed, which skips the rest. */
static int pause_ms(int ms)
{
    while (ms > 0) {
        if (gl_cli_interrupted) return 1;
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

/* The path travelled before the move is applied: a growing line (with the
 * ball at its head when a ball moves onto an empty cell). */
static int animate_path(tui *t, const int *path, int n)
{
    if (n < 2) return 0;
    int w, h;
    t->g->dims(t->b, &w, &h);
    gl_cell_view *views = malloc(sizeof(*views) * (size_t)w * (size_t)h);
    if (!views) return 0;
    tui_views(t->g, t->b, views, w, h);
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
        skipped = pause_ms(step);
    }
    if (!skipped && !ball) skipped = pause_ms(150); /* let the whole link be seen */
    nodelay(stdscr, FALSE);
    timeout(200);
    free(views);
    return skipped;
}

/* After the move: the changed cells appear as a wave, then flash. */
static void animate_change(tui *t, const gl_cell_view *before, int w, int h)
{
    int bw, bh;
    t->g->dims(t->b, &bw, &bh);
    if (bw != w || bh != h) return;
    size_t n = (size_t)w * (size_t)h;
    gl_cell_view *after = malloc(sizeof(*after) * n);
    gl_cell_view *mix = malloc(sizeof(*mix) * n);
    int *dist = malloc(sizeof(int) * n);
    int *queue = malloc(sizeof(int) * n);
    unsigned char *fresh = calloc(n, 1);
    if (!after || !mix || !dist || !queue || !fresh) goto out;
    tui_views(t->g, t->b, after, w, h);
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
        skipped = pause_ms(maxd > 0 ? 25 : 0);
    }
    if (!skipped) {
        for (size_t i = 0; i < n; i++) fresh[i] = dist[i] >= 0;
        tui_frame f = {after, w, h, NULL, 0, 0, 0, fresh, NULL, 0};
        tui_draw(t, &f);
        pause_ms(160);
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
    if (t->timed_out) {
        say(t, 1, "Time is up: n for a new game, q to quit.");
        return 0;
    }
    gl_status st = t->g->status(t->b);
    if (st == GL_PLAYING) return 1;
    say(t, 1, "%s u undoes, n starts a new game, q quits.",
        st == GL_WON ? "This game is won." : "This game is over.");
    return 0;
}

/* After a move: a won level goes on to the next one when there is one. */
static void after_move(tui *t)
{
    char done[TUI_MSG]; /* what the move did, to go before the news */
    snprintf(done, sizeof done, "%s", t->msg);
    if (t->g->status(t->b) != GL_WON) {
        if (t->g->status(t->b) == GL_LOST)
            say(t, 0, "%s  Game over: u undoes, n starts a new game.", done);
        return;
    }
    if (t->g->next_level) {
        gl_error err = {0};
        gl_board *nb = t->g->next_level(t->b, &t->level_rng, &err);
        if (nb) {
            set_board(t, nb);
            say(t, 0, "Level cleared! On to the next level.");
            return;
        }
        if (err.set) {
            say(t, 1, "Won, but the next level failed: %s", err.msg);
            return;
        }
    }
    say(t, 0, "%s  You won! n starts a new game, q quits.", done);
}

/* Plays a move with its animation; returns 0 when it was applied. */
static int play_move(tui *t, const gl_move *m)
{
    const gl_game *g = t->g;
    char name[64];
    g->format_move(t->b, m, name, sizeof name);
    int *path = malloc(sizeof(int) * 2 * TUI_MAXPATH);
    int npath = path ? move_path(t, t->b, m, path, TUI_MAXPATH) : 0;
    gl_board *before = g->clone(t->b);
    int w, h;
    g->dims(t->b, &w, &h);
    gl_cell_view *views = malloc(sizeof(*views) * (size_t)w * (size_t)h);
    if (!before || !views) {
        say(t, 1, "out of memory");
        if (before) g->destroy(before);
        free(views);
        free(path);
        return -1;
    }
    tui_views(g, t->b, views, w, h);
    clear_hint(t);
    gl_strbuf log = GL_STRBUF_INIT;
    gl_error err = {0};
    /* Check legality on a copy first, so no path is drawn for a bad move. */
    gl_board *probe = g->clone(t->b);
    int rc = probe ? g->apply(probe, m, NULL, &err) : -1;
    if (probe) g->destroy(probe);
    if (rc == 0) {
        int skipped = path ? animate_path(t, path, npath) : 0;
        rc = g->apply(t->b, m, &log, &err);
        if (rc == 0 && !skipped) animate_change(t, views, w, h);
    }
    if (rc != 0) {
        say(t, 1, "%s: %s", name, err.set ? err.msg : "out of memory");
        g->destroy(before);
    } else {
        hist_push(g, &t->undo, before);
        hist_clear(g, &t->redo);
        size_t nl = strlen(name);
        if (log.len > nl && !strncmp(gl_sb_str(&log), name, nl) && log.data[nl] == ':')
            say(t, 0, "%s", gl_sb_str(&log)); /* the log names the move already */
        else if (log.len) say(t, 0, "%s: %s", name, gl_sb_str(&log));
        else say(t, 0, "played %s", name);
        after_move(t);
    }
    gl_sb_free(&log);
    free(views);
    free(path);
    return rc;
}

static void select_cell(tui *t, int r, int c)
{
    if (!playing(t)) return;
    char cell[16];
    gl_cell_format(r, c, cell, sizeof cell);
    for (int i = 0; i < t->nsel; i++)
        if (t->sel[2 * i] == r && t->sel[2 * i + 1] == c) { /* a second press drops it */
            memmove(&t->sel[2 * i], &t->sel[2 * i + 2], sizeof(int) * 2 * (size_t)(t->nsel - i - 1));
            t->nsel--;
            say(t, 0, "dropped %s", cell);
            return;
        }
    if (t->nsel == TUI_MAXSEL) t->nsel = 0;
    t->sel[2 * t->nsel] = r;
    t->sel[2 * t->nsel + 1] = c;
    t->nsel++;
    gl_move m;
    gl_error err = {0};
    int res = t->g->select(t->b, t->sel, t->nsel, &m, &err);
    if (res < 0 && t->nsel > 1) {
        /* Not a move with what came before: perhaps a fresh start
         * (another ball picked in lines). */
        gl_error err2 = {0};
        int res2 = t->g->select(t->b, &t->sel[2 * (t->nsel - 1)], 1, &m, &err2);
        if (res2 == 0) { /* say why, and keep the new cell */
            t->sel[0] = r;
            t->sel[1] = c;
            t->nsel = 1;
            say(t, 1, "%s; %s is selected now", err.set ? err.msg : "not a move", cell);
            return;
        }
        if (res2 == 1) {
            t->nsel = 1;
            res = res2;
        }
    }
    if (res < 0) {
        say(t, 1, "%s", err.set ? err.msg : "not a move");
        t->nsel = 0;
    } else if (res == 0) {
        say(t, 0, "selected %s: now pick the next cell (Esc drops the selection)", cell);
    } else {
        t->nsel = 0;
        play_move(t, &m);
    }
}

/* The best next move: the game's hint, else the first solver's first move. */
static int find_hint(tui *t, gl_move *m, gl_error *err)
{
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.limit_ms = HINT_LIMIT_MS;
    o.lim.interrupt = &gl_cli_interrupted;
    int found;
    if (t->g->hint) {
        gl_strbuf extra = GL_STRBUF_INIT;
        found = t->g->hint(t->b, &o, m, &extra, err);
        gl_sb_free(&extra);
    } else {
        if (t->g->nsolvers < 1) return gl_error_set(err, "this game has no solver");
        gl_solution sol;
        gl_solution_init(&sol);
        found = t->g->solvers[0].solve(t->b, &o, &sol, err);
        if (found == 0) {
            found = sol.solved && sol.nmoves > 0;
            if (found) *m = sol.moves[0];
            else if (sol.stopped) found = gl_error_set(err, "the solver stopped (%s)", sol.stopped);
        }
        gl_solution_free(&sol);
    }
    gl_cli_interrupted = 0; /* Ctrl-C stopped the search, not the game */
    return found;
}

static void do_hint(tui *t)
{
    if (!playing(t)) return;
    say(t, 0, "thinking...");
    redraw(t);
    gl_move m;
    gl_error err = {0};
    int found = find_hint(t, &m, &err);
    clear_hint(t);
    if (found < 0) {
        say(t, 1, "no hint: %s", err.msg);
        return;
    }
    if (found == 0) {
        say(t, 1, "no hint: no move leads anywhere from here");
        return;
    }
    char name[64];
    t->g->format_move(t->b, &m, name, sizeof name);
    /* Shown on the board: the move's path, else the cells it changes. */
    t->hint_npath = move_path(t, t->b, &m, t->hint_path, TUI_MAXPATH);
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
        t->g->dims(t->b, &w, &h);
        gl_board *copy = t->g->clone(t->b);
        gl_cell_view *a = malloc(sizeof(*a) * (size_t)w * (size_t)h);
        gl_cell_view *b = malloc(sizeof(*b) * (size_t)w * (size_t)h);
        if (copy && a && b && t->g->apply(copy, &m, NULL, &err) == 0) {
            int nw, nh;
            t->g->dims(copy, &nw, &nh);
            if (nw == w && nh == h) {
                tui_views(t->g, t->b, a, w, h);
                tui_views(t->g, copy, b, w, h);
                for (int i = 0; i < w * h && t->hint_nmarks < TUI_MAXPATH; i++)
                    if (!tui_view_eq(&a[i], &b[i])) {
                        t->hint_marks[2 * t->hint_nmarks] = i / w;
                        t->hint_marks[2 * t->hint_nmarks + 1] = i % w;
                        t->hint_nmarks++;
                    }
            }
        }
        if (copy) t->g->destroy(copy);
        free(a);
        free(b);
    }
    say(t, 0, "hint: %s", name);
}

static void do_solve(tui *t)
{
    if (!playing(t)) return;
    if (t->g->nsolvers < 1) {
        say(t, 1, "this game has no solver");
        return;
    }
    const gl_solver *s = &t->g->solvers[0];
    say(t, 0, "solving with %s (up to %.0f s, Ctrl-C stops)...", s->name, SOLVE_LIMIT_MS / 1000);
    redraw(t);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.limit_ms = SOLVE_LIMIT_MS;
    o.lim.interrupt = &gl_cli_interrupted;
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    int rc = s->solve(t->b, &o, &sol, &err);
    gl_cli_interrupted = 0;
    if (rc != 0) say(t, 1, "%s: %s", s->name, err.msg);
    else if (!sol.solved || sol.nmoves == 0)
        say(t, 1, "%s found no solution%s%s", s->name, sol.stopped ? ": " : "",
            sol.stopped ? sol.stopped : "");
    else {
        /* Play the moves one by one; any key stops. */
        flushinp();
        int done = 0;
        for (int i = 0; i < sol.nmoves; i++) {
            const gl_board *cur = t->b;
            if (play_move(t, &sol.moves[i]) != 0) break;
            done++;
            if (t->b != cur) break; /* a won level: the rest was for the old board */
            if (i + 1 < sol.nmoves) {
                redraw(t);
                nodelay(stdscr, TRUE);
                int stop = pause_ms(250);
                nodelay(stdscr, FALSE);
                timeout(200);
                if (stop) {
                    flushinp();
                    break;
                }
            }
        }
        char tail[TUI_MSG];
        snprintf(tail, sizeof tail, "%s", t->msg);
        say(t, 0, "%s: played %d of %d moves (cost %lld%s).  %s", s->name, done, sol.nmoves, sol.cost,
            sol.optimal ? ", optimal" : "", tail);
    }
    gl_solution_free(&sol);
}

static void do_save(tui *t)
{
    if (!t->save_path) {
        say(t, 1, "no save file: start with --save FILE to save");
        return;
    }
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_error err = {0};
    t->g->format(t->b, &sb);
    if (gl_write_file_atomic(t->save_path, gl_sb_str(&sb), sb.len, &err) != 0)
        say(t, 1, "cannot save: %s", err.msg);
    else say(t, 0, "saved to %s", t->save_path);
    gl_sb_free(&sb);
}

static void do_new(tui *t)
{
    gl_rng rng;
    gl_rng_seed(&rng, t->seed + (uint64_t)t->games + 1);
    gl_error err = {0};
    gl_board *b = t->g->create(t->params, &rng, &err);
    if (b && gl_kv_check_used(t->params, &err) != 0) {
        t->g->destroy(b);
        b = NULL;
    }
    if (!b) {
        say(t, 1, "no new game: %s", err.msg);
        return;
    }
    t->games++;
    gl_rng_seed(&t->level_rng, t->seed + (uint64_t)t->games + 0x9e3779b97f4a7c15ULL);
    set_board(t, b);
    say(t, 0, "new game (seed %llu)", (unsigned long long)(t->seed + (uint64_t)t->games));
}

static void do_undo(tui *t, tui_hist *from, tui_hist *to, const char *what)
{
    if (!from->n) {
        say(t, 1, "nothing to %s", what);
        return;
    }
    if (hist_push(t->g, to, t->b) != 0) {
        say(t, 1, "out of memory");
        t->b = from->items[--from->n];
        return;
    }
    t->b = from->items[--from->n];
    t->nsel = 0;
    clear_hint(t);
    clamp_cursor(t);
    say(t, 0, "%s done", what);
}

/* `:` - a move typed in the game's notation. */
static void command_line(tui *t)
{
    char text[128];
    size_t len = 0;
    text[0] = '\0';
    curs_set(1);
    for (;;) {
        if (gl_cli_interrupted) { /* Ctrl-C: the main loop quits */
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
    if (t->g->parse_move(t->b, s, &m, &err) != 0) {
        say(t, 1, "%s", err.msg);
        return;
    }
    t->nsel = 0;
    play_move(t, &m);
}

static void show_help(tui *t)
{
    uint64_t start = gl_now_ns();
    tui_draw_help(t);
    for (;;) {
        int ch = getch();
        if (gl_cli_interrupted) break;
        if (ch == KEY_RESIZE) tui_draw_help(t);
        else if (ch != ERR && ch != KEY_MOUSE) break;
    }
    t->paused_ns += gl_now_ns() - start;
}

static void move_cursor(tui *t, int dr, int dc)
{
    t->cur_r += dr;
    t->cur_c += dc;
    clamp_cursor(t);
}

/* ------------------------------------------------------------ main loop */

int gl_tui_play(const gl_game *g, gl_board *b, const char *save_path, uint64_t seed,
                gl_kvlist *params)
{
    tui *t = calloc(1, sizeof *t);
    if (!t) {
        g->destroy(b);
        return gl_cli_failf("out of memory");
    }
    t->g = g;
    t->b = b;
    t->save_path = save_path;
    t->seed = seed;
    t->params = params;
    gl_rng_seed(&t->level_rng, seed + 0x9e3779b97f4a7c15ULL);
    level_start(t);

    setlocale(LC_ALL, "");
    t->colour = gl_cli_use_color(stdout);
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr) { /* an unknown terminal: line mode still works */
        free(t);
        return gl_play_lines(g, b, save_path, stdin, stdout);
    }
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
    say(t, 0, "%s.  Press ? for help.", g->move_help);

    int rc = GL_EXIT_OK;
    for (;;) {
        if (gl_cli_interrupted) {
            rc = 130;
            break;
        }
        if (t->limit_s > 0 && !t->timed_out && g->status(t->b) == GL_PLAYING && tui_time_left(t) == 0) {
            t->timed_out = 1;
            say(t, 1, "Time is up! n starts a new game, q quits.");
        }
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
            t->nsel = 0;
            clear_hint(t);
            say(t, 0, "%s", "");
            break;
        case ':': command_line(t); break;
        case 'u': do_undo(t, &t->undo, &t->redo, "undo"); break;
        case 'r': do_undo(t, &t->redo, &t->undo, "redo"); break;
        case 'h': do_hint(t); break;
        case 'S': do_solve(t); break;
        case 's': do_save(t); break;
        case 'n': do_new(t); break;
        case '?': show_help(t); break;
        case KEY_RESIZE: clear(); break;
        case KEY_MOUSE: {
            MEVENT ev;
            int r, c;
            if (getmouse(&ev) == OK && (ev.bstate & BUTTON1_PRESSED) && tui_hit(t, ev.y, ev.x, &r, &c)) {
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
    delscreen(scr);
    hist_free(g, &t->undo);
    hist_free(g, &t->redo);
    g->destroy(t->b);
    free(t);
    return rc;
}
