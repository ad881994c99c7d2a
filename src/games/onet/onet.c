/* The onet game table (gl_game_onet): moves, status, the front ends'
 * view, the hint, solvers and presets, on the rules of onet_rules.c, the
 * generator and parameters of onet_maps.c and the text format of
 * onet_text.c. */
#include "onet.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static gl_board *onet_clone(const gl_board *b) { return (gl_board *)onet_copy((const onet_board *)b); }
static void onet_destroy(gl_board *b) { onet_free((onet_board *)b); }

/* The two tiles linked, picked in the order written. */
GL_CELL_MOVES(onet, onet_board, b->w, b->h, 2, "write two cells like a1-c3")

static int with_scratch(const onet_board *b, gl_link_scratch *sc)
{
    return gl_link_scratch_init(sc, (size_t)b->pw * (size_t)b->ph);
}

static int onet_legal_moves(const gl_board *gb, gl_move *out, int max)
{
    const onet_board *b = (const onet_board *)gb;
    gl_link_scratch sc;
    if (with_scratch(b, &sc) != 0) return 0;
    int cap = b->w * b->h * 4;
    int *pairs = malloc(sizeof *pairs * 2 * (size_t)cap);
    int n = pairs ? onet_pairs(b, &sc, pairs, cap) : 0;
    for (int k = 0; k < n && k < max && k < cap; k++) {
        out[k].a = onet_row(b, pairs[2 * k]) * b->w + onet_col(b, pairs[2 * k]);
        out[k].b = onet_row(b, pairs[2 * k + 1]) * b->w + onet_col(b, pairs[2 * k + 1]);
        out[k].c = 0;
    }
    free(pairs);
    gl_link_scratch_free(&sc);
    return n;
}

/* Why a pair cannot be linked, for the player. */
static int refuse(const onet_board *b, int i, int j, gl_error *err)
{
    char x[16], y[16];
    gl_cell_format(onet_row(b, i), onet_col(b, i), x, sizeof x);
    gl_cell_format(onet_row(b, j), onet_col(b, j), y, sizeof y);
    if (i == j) return gl_error_set(err, "pick two different cells");
    if (!onet_is_tile(b->g[i])) return gl_error_set(err, "%s holds no tile", x);
    if (!onet_is_tile(b->g[j])) return gl_error_set(err, "%s holds no tile", y);
    if (b->g[i] != b->g[j])
        return gl_error_set(err, "%s (%c) and %s (%c) are different kinds", x,
                            ONET_SYMBOLS[b->g[i] - ONET_KIND0], y, ONET_SYMBOLS[b->g[j] - ONET_KIND0]);
    return gl_error_set(err, "no link with at most two turns joins %s and %s", x, y);
}

static int onet_apply(gl_board *gb, const gl_move *m, gl_events *ev, gl_error *err)
{
    onet_board *b = (onet_board *)gb;
    int i, j, corners[ONET_MAX_CORNERS];
    if (onet_move_cells(b, m, &i, &j) != 0) return gl_error_set(err, "cell outside the board");
    int nc = onet_link(b, i, j, corners);
    if (nc == 0) return refuse(b, i, j, err);
    gl_link_scratch sc;
    if (with_scratch(b, &sc) != 0) return gl_error_set(err, "out of memory");
    uint8_t kind = b->g[i];
    /* the tiles of the kind before: those gone after are the removed ones */
    int had[ONET_MAX_SIDE * ONET_MAX_SIDE], nhad = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++)
            if (b->g[onet_at(b, r, c)] == kind) had[nhad++] = onet_at(b, r, c);
    int removed = onet_remove(b, i, j, corners, nc);
    if (ev) {
        gl_events_add(ev, GL_EV_MOVE, 0);
        for (int k = 0; k < nc; k++) gl_events_cell(ev, onet_row(b, corners[k]), onet_col(b, corners[k]));
        if (removed > 2) gl_events_add(ev, GL_EV_BOMB, ONET_SYMBOLS[kind - ONET_KIND0]);
        gl_events_add(ev, GL_EV_REMOVE, 0);
        for (int k = 0; k < nhad; k++)
            if (b->g[had[k]] != kind) gl_events_cell(ev, onet_row(b, had[k]), onet_col(b, had[k]));
    }
    int shuffles = onet_settle(b, &sc);
    gl_link_scratch_free(&sc);
    if (shuffles != 0) gl_events_add(ev, GL_EV_RESHUFFLE, shuffles);
    return 0;
}

static gl_status onet_status(const gl_board *gb)
{
    const onet_board *b = (const onet_board *)gb;
    if (onet_goal_reached(b)) return GL_WON;
    gl_link_scratch sc;
    if (with_scratch(b, &sc) != 0) return GL_PLAYING;
    int any = onet_any_pair(b, &sc);
    gl_link_scratch_free(&sc);
    return any ? GL_PLAYING : GL_LOST;
}

static void onet_status_line(const gl_board *gb, gl_strbuf *out)
{
    const onet_board *b = (const onet_board *)gb;
    int tiles = 0, obstacles = 0, bombs = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) {
            uint8_t v = b->g[onet_at(b, r, c)];
            tiles += onet_is_tile(v);
            obstacles += v == ONET_KIND0 + ONET_OBSTACLE;
            bombs += v == ONET_BOMB;
        }
    gl_link_scratch sc;
    int links = 0;
    if (with_scratch(b, &sc) == 0) {
        int p[2];
        links = onet_pairs(b, &sc, p, 0); /* count only */
        gl_link_scratch_free(&sc);
    }
    /* for players: what is left and how many pairs can be linked now;
     * obstacles and bombs when there are any (the clock is the front
     * ends' to show) */
    if (b->level) gl_sb_printf(out, "level %d  ", b->level);
    gl_sb_printf(out, "tiles left %d  linkable pairs %d", tiles, links);
    if (obstacles || b->goal != ONET_GOAL_ALL) gl_sb_printf(out, "  obstacles %d", obstacles);
    if (bombs) gl_sb_printf(out, "  bombs %d", bombs);
    if (b->goal != ONET_GOAL_ALL) gl_sb_puts(out, "  goal: clear the obstacles");
    if (onet_goal_reached(b)) gl_sb_puts(out, "  cleared");
    else if (!links) gl_sb_puts(out, "  deadlock");
}

GL_BOARD_DIMS(onet, onet_board, b->w, b->h)

static void onet_cell(const gl_board *gb, int r, int c, gl_cell_view *v)
{
    const onet_board *b = (const onet_board *)gb;
    memset(v, 0, sizeof *v);
    uint8_t x = b->g[onet_at(b, r, c)];
    if (x == ONET_EMPTY) {
        v->sym = '.';
        v->flags = GL_CELL_EMPTY;
    } else if (x == ONET_BOMB) {
        v->sym = '*';
        v->flags = GL_CELL_EMPTY | GL_CELL_MARKED;
    } else {
        v->sym = ONET_SYMBOLS[x - ONET_KIND0];
        v->colour = x - ONET_KIND0 + 1;
        if (x == ONET_KIND0 + ONET_OBSTACLE) v->flags = GL_CELL_BLOCKED;
    }
}

static int onet_select(const gl_board *gb, const int *rc, int ncells, gl_move *m, gl_error *err)
{
    const onet_board *b = (const onet_board *)gb;
    if (ncells < 1) return 0;
    for (int k = 0; k < ncells && k < 2; k++)
        if (gl_pick_index(rc, k, b->w, b->h) < 0 || !onet_is_tile(b->g[onet_at(b, rc[2 * k], rc[2 * k + 1])]))
            return gl_error_set(err, "pick a tile");
    if (ncells < 2) return 0;
    m->a = rc[0] * b->w + rc[1];
    m->b = rc[2] * b->w + rc[3];
    m->c = 0;
    int i = onet_at(b, rc[0], rc[1]), j = onet_at(b, rc[2], rc[3]), corners[ONET_MAX_CORNERS];
    if (!onet_link(b, i, j, corners)) return refuse(b, i, j, err);
    return 1;
}

/* A hint: the first move of a clear when the exact solver finds one
 * within the time limit (300 ms unless the caller gives one); otherwise a
 * pair that is safe to take (the last two of a kind, which can never hurt
 * to remove), else the first linkable pair.  info gets the path and
 * "solvable": true (the move is on a clear), false (proved: no clear
 * without a reshuffle) or null (not decided in time), and "stopped" (the
 * time or memory limit) when the search stopped before it decided, as
 * every game's hint says.  Stopped by Ctrl-C, it gives no move (2,
 * "interrupted"). */
static int onet_hint(const gl_board *gb, const gl_solve_opts *o, gl_move *m, gl_info *info, gl_error *err)
{
    const onet_board *b = (const onet_board *)gb;
    if (onet_goal_reached(b)) return 0;
    gl_solve_opts so;
    memset(&so, 0, sizeof so);
    so.lim = o ? o->lim : so.lim;
    if (so.lim.limit_ms <= 0) so.lim.limit_ms = 300;
    gl_solution sol;
    gl_solution_init(&sol);
    int verdict = -1, found = 0;
    const char *stopped = NULL; /* why the search stopped (a string literal) */
    if (onet_solve_exact(gb, &so, &sol, err) != 0) {
        gl_solution_free(&sol);
        return -1;
    }
    /* Ctrl-C asks for no move at all; at the time or memory limit the
     * pair below stands in for the search's move. */
    if (sol.stopped && strcmp(sol.stopped, "interrupted") == 0) {
        gl_error_set(err, "%s", sol.stopped);
        gl_solution_free(&sol);
        return 2;
    }
    if (sol.solved && sol.nmoves > 0) {
        *m = sol.moves[0];
        verdict = 1;
        found = 1;
    } else if (!sol.solved && sol.optimal) {
        verdict = 0;
    }
    if (!found && verdict < 0) stopped = sol.stopped;
    gl_solution_free(&sol);
    if (!found) {
        gl_link_scratch sc;
        if (with_scratch(b, &sc) != 0) return gl_error_set(err, "out of memory");
        int cap = b->w * b->h * 4;
        int *pairs = malloc(sizeof *pairs * 2 * (size_t)cap);
        if (!pairs) {
            gl_link_scratch_free(&sc);
            return gl_error_set(err, "out of memory");
        }
        int n = onet_pairs(b, &sc, pairs, cap);
        if (n > cap) n = cap;
        int count[ONET_KIND0 + ONET_NKINDS] = {0};
        for (int r = 0; r < b->h; r++)
            for (int c = 0; c < b->w; c++) count[b->g[onet_at(b, r, c)]]++;
        int pick = -1;
        for (int k = 0; k < n && pick < 0; k++)
            if (count[b->g[pairs[2 * k]]] == 2) pick = k;
        if (pick < 0 && n > 0) pick = 0;
        if (pick >= 0) {
            int i = pairs[2 * pick], j = pairs[2 * pick + 1];
            m->a = onet_row(b, i) * b->w + onet_col(b, i);
            m->b = onet_row(b, j) * b->w + onet_col(b, j);
            m->c = 0;
            found = 1;
        }
        free(pairs);
        gl_link_scratch_free(&sc);
    }
    if (!found) return 0;
    int i, j, corners[ONET_MAX_CORNERS];
    onet_move_cells(b, m, &i, &j);
    int nc = onet_link(b, i, j, corners), rc[2 * ONET_MAX_CORNERS];
    onet_corners_rc(b, corners, nc, rc);
    gl_info_cells(info, "path", rc, nc);
    if (verdict < 0) gl_info_null(info, "solvable");
    else gl_info_bool(info, "solvable", verdict);
    if (stopped) gl_info_text(info, "stopped", stopped);
    return 1;
}

static int onet_move_path(const gl_board *gb, const gl_move *m, int *rc, int max)
{
    const onet_board *b = (const onet_board *)gb;
    int i, j, corners[ONET_MAX_CORNERS];
    if (onet_move_cells(b, m, &i, &j) != 0) return 0;
    int nc = onet_link(b, i, j, corners);
    for (int k = 0; k < nc && k < max; k++) {
        rc[2 * k] = onet_row(b, corners[k]);
        rc[2 * k + 1] = onet_col(b, corners[k]);
    }
    return nc;
}

static int onet_time_limit(const gl_board *gb) { return ((const onet_board *)gb)->time_s; }

static const gl_solver onet_solvers[] = {
    {"exact", "depth-first search with forced moves and a table of dead positions: proves (un)solvability",
     NULL, onet_solve_exact},
    {"greedy", "takes the first linkable pair each time: fast, no proof", NULL, onet_solve_greedy},
};

static const gl_preset onet_presets[] = {
    {"Classic map, 24 kinds", ""},
    {"Level 1 (the timed sequence)", "level=1"},
    {"Classic map, obstacles and bombs", "map=classic kinds=24 obstacles=4 bombs=3"},
    {"Small 8x6, solvable", "size=8x6 kinds=6 solvable=yes"},
};

const gl_game gl_game_onet = {
    .name = "onet",
    .cell_words = "?: tile %s\n.: empty\n*: bomb\n@: obstacle",
    .summary = "Lianliankan / Onet: link pairs with at most two turns; obstacles, bombs, levels",
    .move_help = "CELL-CELL: two tiles of a kind, like a1-c3 (column letter, 1-based row)",
    .rules = "Remove two tiles of a kind when a line joins them with at most two turns through\n"
             "empty cells (and the ring around the board).  Obstacles (@) pair up like any kind.\n"
             "A link through a bomb (*) removes every tile of that kind.  When no pair can be\n"
             "linked the tiles are reshuffled.  Clear the board (or every obstacle) in time.",
    .status_help = "level: the level of a level sequence (level=N)\n"
                   "tiles left: the tiles still on the board\n"
                   "linkable pairs: the pairs a link of at most two turns joins now\n"
                   "obstacles, bombs: the obstacles (@) and bombs (*) left, when there are any\n"
                   "cleared, deadlock: the goal reached; no pair can be linked",
    .solve_help = "exact: solvable or proved unsolvable (no reshuffle); greedy: first pair each time",
    .solve_words = "Solve looks for an order of pairs that clears the board without a reshuffle and plays it; "
                   "when it proves there is none, it says so: play on, the game reshuffles the tiles when no "
                   "pair links.",
    .no_solution_words = "no order of pairs clears this board without a reshuffle; play on: when no pair links, "
                         "the game reshuffles the tiles",
    .tour_params = "map=classic kinds=24 obstacles=4 bombs=3",
    .tour_solve = "exact",
    .params = onet_params,
    .nparams = ONET_NPARAMS,
    .score_kind = GL_SCORE_TIME,
    .score_name = "time",
    .front = GL_FRONT_RING,
    GL_GAME_ENTRIES(onet),
    .hint = onet_hint,
    .move_path = onet_move_path,
    .time_limit_s = onet_time_limit,
    .next_level = onet_next_level,
};
