/* Help from the engine: hints, the solver's moves played one by one, and
 * the cells a move travels through (for drawing a hint or an animation).
 *
 * gl_hint_board is the one place that knows the hint fallback: a game
 * without a hint of its own gets its default solver's first move.  A
 * search stopped by a limit before it had a move says so
 * (GL_HINT_STOPPED) instead of claiming there is none. */
#include "session.h"

#include <stdlib.h>
#include <string.h>

#define SOLVE_DEFAULT_MS 10000.0

int gl_hint_board(const gl_game *g, const gl_board *b, const gl_solve_opts *o, gl_move *m, gl_info *info,
                  gl_error *err)
{
    gl_solve_opts so = *o;
    if (so.lim.limit_ms <= 0) so.lim.limit_ms = GL_HINT_DEFAULT_MS;
    if (g->status(b) != GL_PLAYING) return GL_HINT_NONE;
    if (g->hint) {
        int r = g->hint(b, &so, m, info, err);
        if (r < 0) return GL_HINT_ERROR;
        return r == 1 ? GL_HINT_MOVE : r == 2 ? GL_HINT_STOPPED : GL_HINT_NONE;
    }
    if (g->nsolvers < 1) {
        gl_error_set(err, "%s has no solver to ask for a hint", g->name);
        return GL_HINT_ERROR;
    }
    gl_solution sol;
    gl_solution_init(&sol);
    int r = g->solvers[0].solve(b, &so, &sol, err);
    if (r != 0) r = GL_HINT_ERROR;
    else if (sol.solved && sol.nmoves > 0) {
        *m = sol.moves[0];
        gl_info_bool(info, "optimal", sol.optimal);
        if (sol.stopped) gl_info_text(info, "stopped", sol.stopped);
        r = GL_HINT_MOVE;
    } else {
        r = sol.stopped ? GL_HINT_STOPPED : GL_HINT_NONE;
    }
    if (r == GL_HINT_STOPPED) gl_error_set(err, "%s", sol.stopped);
    gl_solution_free(&sol);
    return r;
}

/* An item of info of the given type, or NULL. */
static const gl_info_item *info_item(const gl_info *info, const char *key, gl_info_type type)
{
    const gl_info_item *it = info ? gl_info_find(info, key) : NULL;
    return it && it->type == type ? it : NULL;
}

static const char *plural(long long n) { return n == 1 ? "" : "s"; }

void gl_hint_words(const gl_game *g, const gl_board *b, int result, const gl_move *m, const gl_info *info,
                   const char *why, gl_strbuf *out)
{
    if (result != GL_HINT_MOVE) {
        if (result == GL_HINT_NONE) gl_sb_puts(out, "no move is left");
        else if (result == GL_HINT_STOPPED)
            gl_sb_puts(out, why && strcmp(why, "interrupted") == 0 ? "the search was stopped before it found a move"
                                                                   : "the search ran out of time before it found a move");
        else gl_sb_puts(out, why && *why ? why : "no hint");
        return;
    }
    char name[64];
    g->format_move(b, m, name, sizeof name);
    gl_sb_puts(out, name);
    const gl_info_item *best = info_item(info, "optimal", GL_INFO_BOOL);
    const gl_info_item *left = info_item(info, "moves_left", GL_INFO_INT);
    const gl_info_item *allowed = info_item(info, "moves_allowed", GL_INFO_INT);
    const gl_info_item *cost = info_item(info, "cost_left", GL_INFO_INT);
    const gl_info_item *score = info_item(info, "score", GL_INFO_INT);
    const gl_info_item *swaps = info_item(info, "swaps", GL_INFO_INT);
    const gl_info_item *lost = info_item(info, "winnable", GL_INFO_BOOL);
    const gl_info_item *solvable = info ? gl_info_find(info, "solvable") : NULL;
    if (lost && lost->value) lost = NULL;
    /* a plan past the move limit: said before anything else */
    if (left && allowed && left->value > allowed->value) {
        if (lost)
            gl_sb_printf(out, ", the first move of the shortest finish, but the game can no longer be won within "
                              "the move limit: it needs %lld more move%s, the limit leaves %lld",
                         left->value, plural(left->value), allowed->value);
        else
            gl_sb_printf(out, ", a good move, but no way to win within the %lld move%s left was found (this plan "
                              "needs %lld): the game may no longer be won within the limit",
                         allowed->value, plural(allowed->value), left->value);
        return;
    }
    if (best) gl_sb_puts(out, best->value ? ", the best move" : ", a good move (not proved the best)");
    else if (solvable && solvable->type == GL_INFO_BOOL && solvable->value) gl_sb_puts(out, ", a safe move");
    if (left) {
        gl_sb_printf(out, ": the game is won in %lld more move%s", left->value, plural(left->value));
        if (allowed) gl_sb_printf(out, ", within the %lld left", allowed->value);
    } else if (cost) {
        gl_sb_printf(out, ": the game is won for a cost of %lld more", cost->value);
    } else if (score && swaps) {
        gl_sb_printf(out, ": %lld point%s in the next %lld swap%s%s", score->value, plural(score->value), swaps->value,
                     plural(swaps->value), best && best->value ? ", the most there are" : "");
    }
    if (solvable && solvable->type == GL_INFO_BOOL)
        gl_sb_printf(out, "%s%s", solvable->value ? ": the board can still be cleared after it" : "; ",
                     solvable->value ? "" : g->no_solution_words ? g->no_solution_words : "the board can no longer be cleared");
    else if (solvable && solvable->type == GL_INFO_NULL)
        gl_sb_puts(out, ", a pair that links now (whether the board can still be cleared was not worked out in "
                        "time)");
}

void gl_solve_none_words(const gl_game *g, const gl_solution *sol, gl_strbuf *out)
{
    if (sol->stopped && strcmp(sol->stopped, "interrupted") == 0)
        gl_sb_puts(out, "The solver was stopped before it found a solution.");
    else if (sol->stopped) gl_sb_puts(out, "No solution found in the time the solver has.");
    else if (sol->optimal)
        gl_sb_printf(out, "No solution found: %s.", g->no_solution_words ? g->no_solution_words : "there is none");
    else gl_sb_puts(out, "No solution found.");
}

int gl_play_hint(gl_play *p, const gl_limits *lim, gl_move *m, gl_info *info, gl_error *err)
{
    if (!p->b) {
        gl_error_set(err, "no game");
        return GL_HINT_ERROR;
    }
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    if (lim) o.lim = *lim;
    int r = gl_hint_board(p->g, p->b, &o, m, info, err);
    if (r == GL_HINT_MOVE) p->hints++;
    return r;
}

int gl_play_solve(gl_play *p, const gl_limits *lim, gl_solution *sol, gl_error *err)
{
    if (!p->b) return gl_error_set(err, "no game");
    if (p->g->nsolvers < 1) return gl_error_set(err, "%s has no solver", p->g->name);
    gl_play_solve_cancel(p);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    if (lim) o.lim = *lim;
    if (o.lim.limit_ms <= 0) o.lim.limit_ms = SOLVE_DEFAULT_MS;
    if (p->g->solvers[0].solve(p->b, &o, sol, err) != 0) return -1;
    if (sol->solved && sol->nmoves > 0) {
        p->plan = malloc(sizeof *p->plan * (size_t)sol->nmoves);
        if (!p->plan) return gl_error_set(err, "out of memory");
        memcpy(p->plan, sol->moves, sizeof *p->plan * (size_t)sol->nmoves);
        p->nplan = sol->nmoves;
        p->iplan = 0;
    }
    return 0;
}

int gl_play_solve_first(const gl_play *p, const gl_limits *lim, gl_solution *sol, gl_error *err)
{
    if (!p->start) return gl_error_set(err, "no game");
    if (p->g->nsolvers < 1) return gl_error_set(err, "%s has no solver", p->g->name);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    if (lim) o.lim = *lim;
    if (o.lim.limit_ms <= 0) o.lim.limit_ms = SOLVE_DEFAULT_MS;
    return p->g->solvers[0].solve(p->start, &o, sol, err) != 0 ? -1 : 0;
}

int gl_play_solve_left(const gl_play *p) { return p->nplan - p->iplan; }

int gl_play_solve_step(gl_play *p, int *moved, gl_events *ev, gl_error *err)
{
    if (p->iplan >= p->nplan) return 0;
    gl_move m = p->plan[p->iplan];
    /* gl_play_move drops the plan (a move of the player's own makes it
     * stale): keep it across the solver's own move */
    gl_move *plan = p->plan;
    int nplan = p->nplan, iplan = p->iplan;
    p->plan = NULL;
    p->nplan = p->iplan = 0;
    int rc = gl_play_move(p, &m, ev, err);
    p->plan = plan;
    p->nplan = nplan;
    p->iplan = iplan + 1;
    if (rc < 0) {
        gl_play_solve_cancel(p);
        return -1;
    }
    p->assisted = 1;
    if (moved) *moved = rc;
    return 1;
}

void gl_play_move_cells(const gl_play *p, const gl_move *m, gl_cells *out)
{
    out->n = 0;
    if (p->b) gl_game_move_cells(p->g, p->b, m, out);
}
