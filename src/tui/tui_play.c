/* Playing in the terminal front end: moves (typed, picked, clicked, a
 * single key), their animation, hints, the solver's moves, undo and redo,
 * and what happens when a game ends (its result in the table of best
 * results, the results page, the next level).
 *
 * Animation is built from boards, not from game internals: a move's path
 * is drawn cell by cell before the move (the ball travelling in lines, the
 * link line in onet), then the cells that changed are revealed as a wave
 * spreading from the first changed cell (the flood spreading, the board
 * settling after a cascade) and flashed.  A key or a click skips an
 * animation and is then acted on; a mouse button's release is no input at
 * all (tui_input.c), so it never cuts an animation short. */
#include "tui.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define SOLVE_LIMIT_MS 10000.0
#define SOLVER_BEST_LIMIT_MS 5000.0
#define SOLVE_STEP_MS 250 /* the pause after each of the solver's moves */

void tui_say(tui *t, int bad, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->msg, sizeof t->msg, fmt, ap);
    va_end(ap);
    t->msg_bad = bad;
}

void tui_clear_hint(tui *t)
{
    t->hint_npath = 0;
    t->hint_nmarks = 0;
}

static const gl_game *game(const tui *t) { return gl_play_game(t->p); }
static const gl_board *board(const tui *t) { return gl_play_board(t->p); }

void tui_clamp_cursor(tui *t)
{
    int w, h;
    game(t)->dims(board(t), &w, &h);
    if (t->cur_r >= h) t->cur_r = h - 1;
    if (t->cur_c >= w) t->cur_c = w - 1;
    if (t->cur_r < 0) t->cur_r = 0;
    if (t->cur_c < 0) t->cur_c = 0;
}

void tui_game_changed(tui *t)
{
    tui_clear_hint(t);
    tui_clamp_cursor(t);
    t->end_words[0] = '\0';
    /* the game says whether its moves are one character each: then a key
     * that is no command is tried as a move */
    t->single_keys = (game(t)->front & GL_FRONT_KEYS) != 0;
    gl_strbuf key = GL_STRBUF_INIT;
    gl_error err = {0};
    t->scores_key[0] = '\0';
    if (gl_play_params_key(t->p, &key, &err) == 0) snprintf(t->scores_key, sizeof t->scores_key, "%s", gl_sb_str(&key));
    gl_sb_free(&key);
    /* a board that is over already (a finished game loaded) is no new result */
    t->done_serial = gl_play_status(t->p) != GL_PLAYING ? gl_play_serial(t->p) : 0;
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

void tui_redraw(tui *t)
{
    int w, h;
    gl_cell_view *views = board_views(t, &w, &h);
    if (!views) return;
    tui_frame f = {views, w, h, t->hint_path, t->hint_npath, 0, 1, NULL, t->hint_marks, t->hint_nmarks};
    tui_draw(t, &f);
    free(views);
}

/* The path travelled, drawn over the board before the move: a growing
 * line (with the ball at its head when a ball moves onto an empty cell). */
static int animate_path(tui *t, gl_cell_view *views, int w, int h, const int *path, int n)
{
    if (n < 2 || !t->fits) return 0;
    int ball = 0;
    int r0 = path[0], c0 = path[1], r1 = path[2 * n - 2], c1 = path[2 * n - 1];
    if (r0 >= 0 && r0 < h && c0 >= 0 && c0 < w && r1 >= 0 && r1 < h && c1 >= 0 && c1 < w &&
        !(views[r0 * w + c0].flags & GL_CELL_EMPTY) && (views[r1 * w + c1].flags & GL_CELL_EMPTY))
        ball = (unsigned char)views[r0 * w + c0].sym;
    int step = 360 / n;
    if (step > 40) step = 40;
    if (step < 8) step = 8;
    int skipped = 0;
    for (int k = 2; k <= n && !skipped; k++) {
        tui_frame f = {views, w, h, path, k, ball, 0, NULL, NULL, 0};
        tui_draw(t, &f);
        skipped = tui_wait(t, step);
    }
    if (!skipped && !ball) skipped = tui_wait(t, 150); /* let the whole link be seen */
    return skipped;
}

/* After the move: the changed cells appear as a wave, then flash. */
static void animate_change(tui *t, const gl_cell_view *before, int w, int h)
{
    int bw, bh;
    game(t)->dims(board(t), &bw, &bh);
    if (bw != w || bh != h || !t->fits) return;
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
    int skipped = 0;
    for (int k = 0; k <= maxd + per - 1 && !skipped; k += per) {
        for (size_t i = 0; i < n; i++) {
            int shown = dist[i] >= 0 && dist[i] <= k;
            mix[i] = dist[i] >= 0 && !shown ? before[i] : after[i];
            fresh[i] = (unsigned char)shown;
        }
        tui_frame f = {mix, w, h, NULL, 0, 0, 0, fresh, NULL, 0};
        tui_draw(t, &f);
        skipped = tui_wait(t, maxd > 0 ? 25 : 0);
    }
    if (!skipped) {
        for (size_t i = 0; i < n; i++) fresh[i] = dist[i] >= 0;
        tui_frame f = {after, w, h, NULL, 0, 0, 0, fresh, NULL, 0};
        tui_draw(t, &f);
        tui_wait(t, 160);
    }
out:
    free(after);
    free(mix);
    free(dist);
    free(queue);
    free(fresh);
}

/* A move whose tiles fall (match3: remove, fall, spawn and places, round
 * by round) as frames from the board before it: the swap, then each
 * round's clear (the cleared cells marked), fall and refill, the whole
 * within a second; a key skips to the end.  Returns 1 when it was shown
 * (or skipped), 0 when the move has no such rounds. */
static int animate_rounds(tui *t, const gl_cell_view *before, int w, int h, const gl_events *ev)
{
    int steps = 0;
    for (int i = 0; i < ev->n; i++) {
        gl_event_kind k = ev->ev[i].kind;
        if (k == GL_EV_REMOVE || k == GL_EV_FALL || (k == GL_EV_PLACE && (i == 0 || ev->ev[i - 1].kind != GL_EV_PLACE))) steps++;
    }
    if (!gl_events_find(ev, GL_EV_FALL) && !gl_events_find(ev, GL_EV_PLACE)) return 0;
    int bw, bh;
    game(t)->dims(board(t), &bw, &bh);
    if (bw != w || bh != h || !t->fits) return 0;
    size_t n = (size_t)w * (size_t)h;
    gl_cell_view *views = malloc(sizeof(*views) * n), *after = malloc(sizeof(*after) * n);
    unsigned char *fresh = calloc(n, 1);
    if (!views || !after || !fresh) {
        free(views);
        free(after);
        free(fresh);
        return 0;
    }
    memcpy(views, before, sizeof(*views) * n);
    tui_views(game(t), board(t), after, w, h);
    gl_cell_view empty;
    memset(&empty, 0, sizeof empty);
    empty.sym = '.';
    empty.flags = GL_CELL_EMPTY;
    const gl_event *mv = gl_events_find(ev, GL_EV_MOVE);
    if (mv && mv->n == 2) {
        const int *c = gl_event_cells(ev, mv);
        gl_cell_view x = views[c[0] * w + c[1]];
        views[c[0] * w + c[1]] = views[c[2] * w + c[3]];
        views[c[2] * w + c[3]] = x;
    }
    int per = 1000 / (steps + 1), skipped = 0;
    if (per > 150) per = 150;
    tui_frame f = {views, w, h, NULL, 0, 0, 0, fresh, NULL, 0};
    tui_draw(t, &f);
    skipped = tui_wait(t, per);
    for (int i = 0; i < ev->n && !skipped; i++) {
        const gl_event *e = &ev->ev[i];
        const int *c = gl_event_cells(ev, e);
        if (e->kind != GL_EV_REMOVE && e->kind != GL_EV_FALL && e->kind != GL_EV_PLACE) continue;
        if (e->kind != GL_EV_PLACE || i == 0 || ev->ev[i - 1].kind != GL_EV_PLACE) memset(fresh, 0, n);
        if (e->kind == GL_EV_REMOVE) {
            for (int k = 0; k < e->n; k++) {
                views[c[2 * k] * w + c[2 * k + 1]] = empty;
                fresh[c[2 * k] * w + c[2 * k + 1]] = 1;
            }
        } else if (e->kind == GL_EV_FALL) {
            for (int k = 0; k + 1 < e->n; k += 2) {
                int a = c[2 * k] * w + c[2 * k + 1], b = c[2 * k + 2] * w + c[2 * k + 3];
                views[b] = views[a];
                views[a] = empty;
                fresh[b] = 1;
            }
        } else if (e->n == 1) {
            int p = c[0] * w + c[1];
            /* the kind's look, from a cell of it on either board */
            views[p] = after[p];
            for (size_t q = 0; q < n; q++)
                if (after[q].colour == e->value && !(after[q].flags & GL_CELL_EMPTY)) {
                    views[p] = after[q];
                    break;
                } else if (before[q].colour == e->value && !(before[q].flags & GL_CELL_EMPTY)) {
                    views[p] = before[q];
                    break;
                }
            fresh[p] = 1;
            if (i + 1 < ev->n && ev->ev[i + 1].kind == GL_EV_PLACE) continue;
        }
        tui_draw(t, &f);
        skipped = tui_wait(t, per);
    }
    free(views);
    free(after);
    free(fresh);
    return 1;
}

/* ------------------------------------------------------------ play */

int tui_playing(tui *t)
{
    if (!t->fits) {
        tui_say(t, 1, "The board is hidden: make the terminal at least %dx%d to play.", t->need_w, t->need_h);
        return 0;
    }
    gl_status st = gl_play_status(t->p);
    if (st == GL_PLAYING) return 1;
    if (gl_play_time_left_ms(t->p) == 0) tui_say(t, 1, "The time is up: u undoes, n starts a new game, m for the menu.");
    else
        tui_say(t, 1, "This game is %s: u undoes, n starts a new game, m for the menu.",
                st == GL_WON ? "won" : "over");
    return 0;
}

/* After the session played a move (moved: its result; before: the views
 * of the board before it): the animation, the news, the end of the game. */
static void after_move(tui *t, int moved, gl_cell_view *before, int w, int h, gl_events *ev, gl_error *err)
{
    tui_clear_hint(t);
    const gl_event *mv = gl_events_find(ev, GL_EV_MOVE);
    int skipped = 0;
    if (mv && before) {
        gl_cells chain = {0};
        gl_cells_chain(ev->cells.rc + 2 * mv->first, mv->n, &chain);
        skipped = animate_path(t, before, w, h, chain.rc, chain.n);
        gl_cells_free(&chain);
    }
    if (!skipped && before && !animate_rounds(t, before, w, h, ev)) animate_change(t, before, w, h);
    /* the words of the move; the end of the game is told by tui_finish */
    gl_events said;
    gl_events_init(&said);
    for (int i = 0; i < ev->n; i++) {
        const gl_event *e = &ev->ev[i];
        if (e->kind == GL_EV_WON || e->kind == GL_EV_LOST) continue;
        gl_events_add(&said, e->kind, e->value);
        for (int k = 0; k < e->n; k++)
            gl_events_cell(&said, ev->cells.rc[2 * (e->first + k)], ev->cells.rc[2 * (e->first + k) + 1]);
    }
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_play_describe(t->p, &said, &sb);
    gl_events_free(&said);
    if (moved == 1) {
        tui_say(t, 1, "%s  NOT SAVED: %s", gl_sb_str(&sb), err->msg);
        t->save_failed = 1;
        snprintf(t->save_error, sizeof t->save_error, "%s", err->msg);
    } else {
        tui_say(t, 0, "%s", gl_sb_str(&sb));
    }
    gl_sb_free(&sb);
    if (gl_play_status(t->p) != GL_PLAYING) tui_finish(t);
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
    if (rc < 0) tui_say(t, 1, "%s", err.msg);
    else after_move(t, rc, before, w, h, &ev, &err);
    gl_events_free(&ev);
    free(before);
    return rc < 0 ? -1 : 0;
}

void tui_play_text(tui *t, const char *text)
{
    if (!tui_playing(t)) return;
    gl_move m;
    gl_error err = {0};
    if (game(t)->parse_move(board(t), text, &m, &err) != 0) {
        tui_say(t, 1, "%s", err.msg);
        return;
    }
    gl_play_unselect(t->p);
    play_move(t, &m);
}

void tui_select_cell(tui *t, int r, int c)
{
    if (!tui_playing(t)) return;
    char cell[16];
    gl_cell_format(r, c, cell, sizeof cell);
    int w, h;
    gl_cell_view *before = board_views(t, &w, &h);
    gl_events ev;
    gl_events_init(&ev);
    gl_error err = {0};
    int moved = 0;
    switch (gl_play_pick(t->p, r, c, &moved, &ev, &err)) {
    case GL_PICK_BAD: tui_say(t, 1, "%s", err.msg); break;
    case GL_PICK_MORE: tui_say(t, 0, "selected %s: now pick the next cell (Esc drops the selection)", cell); break;
    case GL_PICK_DROPPED: tui_say(t, 0, "dropped %s", cell); break;
    case GL_PICK_RESTART: tui_say(t, 1, "%s; %s is selected now", err.msg, cell); break;
    case GL_PICK_MOVED: after_move(t, moved, before, w, h, &ev, &err); break;
    }
    gl_events_free(&ev);
    free(before);
}

void tui_hint(tui *t)
{
    if (!tui_playing(t)) return;
    tui_say(t, 0, "thinking... (Ctrl-C stops)");
    tui_redraw(t);
    gl_move m;
    gl_error err = {0};
    gl_limits lim = {0, 0, t->o->interrupt, NULL};
    gl_info info;
    gl_info_init(&info);
    int found = gl_play_hint(t->p, &lim, &m, &info, &err);
    *t->o->interrupt = 0; /* Ctrl-C stopped the search, not the game */
    tui_clear_hint(t);
    const gl_game *g = game(t);
    /* in words: whether it is the best move, and a plan past the limit */
    gl_strbuf words = GL_STRBUF_INIT;
    gl_hint_words(g, board(t), found, &m, &info, err.set ? err.msg : NULL, &words);
    gl_info_free(&info);
    if (found != GL_HINT_MOVE) {
        tui_say(t, 1, "no hint: %s", gl_sb_str(&words));
        gl_sb_free(&words);
        return;
    }
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
    tui_say(t, 0, "hint: %s (a hinted game enters no best results)", gl_sb_str(&words));
    gl_sb_free(&words);
}

/* Plays the session's plan move by move, each with its animation and a
 * pause to watch it: 1 when a key or a click stopped the playing (the key
 * did its job and is dropped). */
static int play_plan(tui *t, int *done, int level)
{
    gl_error err = {0};
    for (;;) {
        int w, h, moved = 0;
        gl_cell_view *before = board_views(t, &w, &h);
        gl_events ev;
        gl_events_init(&ev);
        int r = gl_play_solve_step(t->p, &moved, &ev, &err);
        if (r == 1) {
            (*done)++;
            after_move(t, moved, before, w, h, &ev, &err);
        } else if (r < 0) {
            tui_say(t, 1, "%s", err.msg);
        }
        gl_events_free(&ev);
        free(before);
        if (r != 1 || gl_play_level(t->p) != level || !gl_play_solve_left(t->p)) return 0;
        tui_redraw(t);
        if (tui_wait(t, SOLVE_STEP_MS)) {
            t->has_pending = 0;
            return 1;
        }
    }
}

/* The solver plays from here.  A solver that plans a stretch at a time
 * (Lines' players plan 20 turns; match3's searches a few swaps ahead)
 * plans again when its plan is played and the game goes on, so the game
 * is played on until it ends, a key stops it, or the solver finds no
 * move. */
void tui_solve(tui *t)
{
    if (!tui_playing(t)) return;
    const gl_game *g = game(t);
    if (g->nsolvers < 1) {
        tui_say(t, 1, "this game has no solver");
        return;
    }
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    int level = gl_play_level(t->p), done = 0, plans = 0, stopped = 0, failed = 0, proved = 0;
    char last_words[TUI_MSG] = ""; /* what the last of the solver's moves said */
    t->end_words[0] = '\0';        /* said again if this play ends the game */
    for (;;) {
        /* the page's words (web/js/main.js), no solver's name */
        if (!plans) tui_say(t, 0, "Solving (up to %.0f s; Ctrl-C stops)...", SOLVE_LIMIT_MS / 1000);
        else
            tui_say(t, 0, "The solver has played %d move%s; planning the next (any key stops)...", done,
                    done == 1 ? "" : "s");
        tui_redraw(t);
        gl_solution_free(&sol);
        gl_solution_init(&sol);
        gl_limits lim = {SOLVE_LIMIT_MS, 0, t->o->interrupt, NULL};
        int rc = gl_play_solve(t->p, &lim, &sol, &err);
        int interrupted = *t->o->interrupt != 0;
        *t->o->interrupt = 0;
        if (rc != 0) {
            tui_say(t, 1, "The solver failed: %s", err.msg);
            failed = 1;
            break;
        }
        if (!gl_play_solve_left(t->p)) {
            if (!plans) {
                gl_strbuf w = GL_STRBUF_INIT;
                gl_solve_none_words(g, &sol, &w);
                tui_say(t, 1, "%s", gl_sb_str(&w));
                gl_sb_free(&w);
                failed = 1;
            } else if (interrupted) {
                stopped = 1;
            }
            break;
        }
        /* A key typed while the first plan was made is not taken as a
         * stop (the player may have pressed it before seeing the moves
         * start); one typed while a later plan was made stops. */
        if (!plans) flushinp();
        else if (tui_wait(t, 0)) {
            t->has_pending = 0;
            stopped = 1;
            break;
        }
        if (!plans) proved = sol.optimal;
        plans++;
        int before = done;
        stopped = play_plan(t, &done, level);
        snprintf(last_words, sizeof last_words, "%s", t->msg);
        gl_play_solve_cancel(t->p);
        if (interrupted) stopped = 1;
        if (stopped || done == before || gl_play_status(t->p) != GL_PLAYING || gl_play_level(t->p) != level)
            break;
    }
    gl_play_solve_cancel(t->p);
    if (!failed) {
        /* what happened, the true score (not the plan's), stopped or
         * finished: the end's words when the solver's moves ended the game
         * (its last move's own words are no news then), else the last
         * move's */
        int ended = gl_play_status(t->p) != GL_PLAYING && t->end_words[0];
        char what[64];
        gl_score_format_value(g, g->score_kind, gl_play_score(t->p), what, sizeof what);
        if (ended)
            tui_say(t, t->msg_bad, "The solver played %d move%s%s.  %s", done, done == 1 ? "" : "s",
                    plans == 1 && proved ? " (proved the best)" : "", t->end_words);
        else
            tui_say(t, t->msg_bad, "The solver played %d move%s%s%s (%s).%s%s", done, done == 1 ? "" : "s",
                    plans == 1 && proved && !stopped ? " (proved the best)" : "",
                    stopped ? ", then you stopped it" : "", what, last_words[0] ? "  " : "", last_words);
    }
    gl_solution_free(&sol);
}

void tui_undo(tui *t, int undo)
{
    if (!t->fits) {
        tui_playing(t);
        return;
    }
    gl_error err = {0};
    int rc = undo ? gl_play_undo(t->p, &err) : gl_play_redo(t->p, &err);
    if (rc < 0) {
        tui_say(t, 1, "nothing to %s", undo ? "undo" : "redo");
        return;
    }
    tui_clear_hint(t);
    tui_clamp_cursor(t);
    if (rc == 1) {
        tui_say(t, 1, "%s done, NOT SAVED: %s", undo ? "undo" : "redo", err.msg);
        t->save_failed = 1;
        snprintf(t->save_error, sizeof t->save_error, "%s", err.msg);
    } else {
        tui_say(t, 0, "%s done", undo ? "undo" : "redo");
    }
}

/* ------------------------------------------------------------ the end */

/* For a game measured by points: what the default solver makes of the
 * first position, in a few words ("the solver's best in 3 moves was 14,
 * proved"; the count matters where the solver is given a number of
 * moves, as match3's). */
static void solver_best(tui *t, char *buf, size_t n)
{
    buf[0] = '\0';
    const gl_game *g = game(t);
    if (g->nsolvers < 1) return;
    tui_say(t, 0, "The game is over.  The solver is playing your first position for comparison "
                  "(up to %.0f s, Ctrl-C stops)...", SOLVER_BEST_LIMIT_MS / 1000);
    tui_redraw(t);
    gl_limits lim = {SOLVER_BEST_LIMIT_MS, 0, t->o->interrupt, NULL};
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    int rc = gl_play_solve_first(t->p, &lim, &sol, &err);
    *t->o->interrupt = 0;
    if (rc != 0) snprintf(buf, n, "The solver failed: %s.", err.msg);
    else if (!sol.solved) snprintf(buf, n, "The solver found nothing%s%s.", sol.stopped ? ": " : "", sol.stopped ? sol.stopped : "");
    else
        snprintf(buf, n, "The solver's best in %d move%s was %lld (%s%s%s).", sol.nmoves, sol.nmoves == 1 ? "" : "s",
                 sol.cost, sol.optimal ? "proved optimal" : "not proved optimal",
                 sol.stopped ? ", stopped: " : "", sol.stopped ? sol.stopped : "");
    gl_solution_free(&sol);
}

void tui_finish(tui *t)
{
    if (t->done_serial == gl_play_serial(t->p)) return;
    t->done_serial = gl_play_serial(t->p);
    const gl_game *g = game(t);
    gl_status st = gl_play_status(t->p);
    char news[TUI_MSG], outcome[256], measure[64], clock[32], best[700] = "";
    snprintf(news, sizeof news, "%s", t->msg);
    tui_clock((long long)gl_play_elapsed_ms(t->p), clock, sizeof clock);
    long long value = gl_play_score(t->p);
    gl_score_format_value(g, g->score_kind, value, measure, sizeof measure);
    if (st == GL_WON)
        snprintf(outcome, sizeof outcome, "You won: %s%s%s.", measure, g->score_kind == GL_SCORE_TIME ? "" : " in ",
                 g->score_kind == GL_SCORE_TIME ? "" : clock);
    else if (gl_play_time_left_ms(t->p) == 0)
        snprintf(outcome, sizeof outcome, "The time is up!  n starts a new game, m opens the menu.");
    else snprintf(outcome, sizeof outcome, "Game over: %s in %s.", measure, clock);
    if (g->score_kind == GL_SCORE_MORE) solver_best(t, best, sizeof best);
    int next_level = st == GL_WON && gl_play_has_next_level(t->p);

    /* which games enter and how they rank: the play layer's rules (scores.h) */
    char result[1300] = "";
    int rank = -1, failed = 0;
    gl_record rec;
    gl_error err = {0};
    if (!t->scores_path) {
        gl_score e;
        if (gl_score_of_play(t->p, &e, &err) == 0) {
            gl_score_free(&e);
            snprintf(result, sizeof result, "No file for the best results (set HOME or XDG_DATA_HOME).");
        }
    } else if (gl_play_record(t->p, t->scores_path, &t->scores, &rec, &err) != 0) {
        failed = 1;
        snprintf(result, sizeof result, "The result could not be recorded: %s.", err.msg);
    } else {
        rank = rec.rank;
        gl_record_words(&rec, result, sizeof result);
        if (rec.note[0]) {
            size_t l = strlen(result);
            snprintf(result + l, sizeof result - l, "  NOTE: %s", rec.note);
        }
    }
    snprintf(t->end_words, sizeof t->end_words, "%s%s%s%s%s", outcome, best[0] ? "  " : "", best,
             result[0] ? "  " : "", result);
    tui_say(t, failed, "%s%s%s", news, news[0] ? "  " : "", t->end_words);
    if (rank >= 0) {
        char head[1100];
        snprintf(head, sizeof head, "%s%s%s", outcome, best[0] ? "  " : "", best);
        tui_results(t, rank, head);
    }
    if (next_level) {
        gl_events ev;
        gl_events_init(&ev);
        gl_error e2 = {0};
        int r = gl_play_next_level(t->p, &ev, &e2);
        gl_events_free(&ev);
        tui_game_changed(t);
        if (r == 1)
            tui_say(t, 0, "Level cleared (%s)!  %s%sOn to level %d.", measure, result, result[0] ? "  " : "",
                    gl_play_level(t->p));
        else if (r == 2) {
            tui_say(t, 1, "Level cleared; level %d is NOT SAVED: %s", gl_play_level(t->p), e2.msg);
            t->save_failed = 1;
            snprintf(t->save_error, sizeof t->save_error, "%s", e2.msg);
        } else tui_say(t, 1, "Won, but the next level failed: %s", e2.msg);
    }
}
