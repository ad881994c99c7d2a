/* Lights Out's game table (gl_game_tmpl): parameters, generator, text
 * format, drawing, moves, the front ends' view and the solver's list, on
 * the rules of tmpl.c.
 *
 * Header: tmpl size=WxH [played=N].  The rows hold 'O' (a light on) and
 * '.' (off).  `played` counts the presses made so far, so that a saved
 * game keeps its score.  A move presses one cell, written as the cell
 * (a1, c4: SPEC's notation). */
#include "tmpl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the table */

/* The parameters: the one statement of what `new`, IDs, the forms and the
 * header take (parse reads its keys through this table too). */
static const gl_param tmpl_params[] = {
    {"size", GL_PARAM_SIZE, "5x5", 2, TMPL_MAX_SIDE, 2, TMPL_MAX_SIDE, NULL, "columns x rows", 0},
    {"presses", GL_PARAM_INT, "0", 0, TMPL_MAX_CELLS, 0, 0, NULL,
     "the random presses that make the board (0: every cell pressed or not, by a coin)", 0},
};

#define TMPL_NPARAMS ((int)(sizeof tmpl_params / sizeof tmpl_params[0]))

/* allocation, clone, destroy and dims: the tables' shared part */
GL_BLOCK_BOARD(tmpl, tmpl_board, b->w, b->h)

/* A new board is a set of presses played on a dark board, so it can always
 * be put out; one that comes out dark gets one press more. */
static gl_board *tmpl_create(gl_kvlist *params, gl_rng *rng, gl_error *err)
{
    gl_params pv;
    if (gl_params_read(tmpl_params, TMPL_NPARAMS, params, &pv, err) != 0) return NULL;
    int w = 0, h = 0;
    gl_param_size(&pv, "size", &w, &h); /* both have defaults in the table */
    long long presses = gl_param_int(&pv, "presses", 0);
    if (presses > (long long)w * h) { /* the one check that ties two parameters */
        gl_error_set(err, "presses=%lld: more than the %dx%d board's %d cells", presses, w, h, w * h);
        return NULL;
    }
    tmpl_board *b = tmpl_board_new(err);
    if (!b) return NULL;
    b->w = w;
    b->h = h;
    int order[TMPL_MAX_CELLS], rc[10];
    for (int i = 0; i < w * h; i++) order[i] = i;
    if (presses > 0) {
        gl_rng_shuffle_int(rng, order, (size_t)(w * h));
        for (long long i = 0; i < presses; i++) tmpl_press(b, order[i], rc);
    } else {
        for (int i = 0; i < w * h; i++)
            if (gl_rng_below(rng, 2)) tmpl_press(b, i, rc);
    }
    if (tmpl_lit_count(b) == 0) tmpl_press(b, 0, rc);
    return (gl_board *)b;
}

static gl_board *tmpl_parse(gl_text *t, gl_error *err)
{
    /* the header's parameters through the table: the ranges of `new` and IDs */
    gl_params pv;
    if (gl_params_read_keys(tmpl_params, TMPL_NPARAMS, "size", &t->keys, &pv, err) != 0) return NULL;
    int w = 0, h = 0;
    gl_param_size(&pv, "size", &w, &h);
    long long played = 0;
    if (gl_kv_int(&t->keys, "played", 0, TMPL_MAX_PLAYED, &played, err) != 0) return NULL;
    if (gl_text_check_keys(t, err) != 0) return NULL;
    if (gl_text_expect_rows(t, h, err) != 0) return NULL;
    tmpl_board *b = tmpl_board_new(err);
    if (!b) return NULL;
    b->w = w;
    b->h = h;
    b->played = (int)played;
    for (int r = 0; r < h; r++) {
        const gl_text_row *row = &t->rows[r];
        if (row->len != w) {
            gl_text_error(t, row->line, err, "row of %d cells: size=%dx%d needs %d", row->len, w, h, w);
            gl_block_free((gl_board *)b);
            return NULL;
        }
        for (int c = 0; c < w; c++) {
            char s = row->text[c], q[5];
            if (s != 'O' && s != '.') {
                gl_text_error(t, row->line, err, "column %d: '%s' is not a light ('O' on, '.' off)", c + 1,
                              gl_escape_byte(s, q));
                gl_block_free((gl_board *)b);
                return NULL;
            }
            b->lit[r * w + c] = s == 'O';
        }
    }
    return (gl_board *)b;
}

static void tmpl_format(const gl_board *bb, gl_strbuf *out)
{
    const tmpl_board *b = (const tmpl_board *)bb;
    gl_sb_printf(out, "tmpl size=%dx%d", b->w, b->h);
    if (b->played) gl_sb_printf(out, " played=%d", b->played);
    gl_sb_putc(out, '\n');
    for (int r = 0; r < b->h; r++) {
        for (int c = 0; c < b->w; c++) gl_sb_putc(out, b->lit[r * b->w + c] ? 'O' : '.');
        gl_sb_putc(out, '\n');
    }
}

/* For people: column letters over the board, row numbers beside it. */
static void tmpl_render(const gl_board *bb, gl_strbuf *out, int flags)
{
    const tmpl_board *b = (const tmpl_board *)bb;
    gl_sb_puts(out, "   ");
    for (int c = 0; c < b->w; c++) gl_sb_printf(out, " %c", 'a' + c);
    gl_sb_putc(out, '\n');
    for (int r = 0; r < b->h; r++) {
        gl_sb_printf(out, "%3d", r + 1);
        for (int c = 0; c < b->w; c++) {
            int on = b->lit[r * b->w + c];
            if ((flags & GL_RENDER_COLOR) && on) gl_sb_puts(out, " \033[30;103mO\033[0m");
            else gl_sb_printf(out, " %c", on ? 'O' : '.');
        }
        gl_sb_putc(out, '\n');
    }
}

/* The presses a board file counts are at their most: the game is over. */
static int counter_full(const tmpl_board *b) { return b->played >= TMPL_MAX_PLAYED; }

static gl_status tmpl_status(const gl_board *bb)
{
    const tmpl_board *b = (const tmpl_board *)bb;
    if (tmpl_lit_count(b) == 0) return GL_WON;
    return counter_full(b) ? GL_LOST : GL_PLAYING;
}

static void tmpl_status_line(const gl_board *bb, gl_strbuf *out)
{
    const tmpl_board *b = (const tmpl_board *)bb;
    gl_sb_printf(out, "presses %d  lit %d%s", b->played, tmpl_lit_count(b),
                 tmpl_lit_count(b) == 0 ? "  all out" : "");
}

static long long tmpl_score(const gl_board *b) { return ((const tmpl_board *)b)->played; }

/* ------------------------------------------------------------ moves */

/* parse_move, format_move and picks of a one-cell move: the tables' shared
 * part (a move of two cells, a1-c3, gives 2; a move of another shape
 * writes these three itself) */
GL_CELL_MOVES(tmpl, tmpl_board, b->w, b->h, 1, "write the cell to press, like b3")

static int tmpl_legal_moves(const gl_board *bb, gl_move *out, int max)
{
    const tmpl_board *b = (const tmpl_board *)bb;
    if (tmpl_status(bb) != GL_PLAYING) return 0;
    for (int i = 0; i < b->w * b->h && i < max; i++) out[i] = (gl_move){i, 0, 0};
    return b->w * b->h;
}

/* A press: the move event names the cell pressed, the change event the
 * lights it toggled. */
static int tmpl_apply(gl_board *bb, const gl_move *m, gl_events *ev, gl_error *err)
{
    tmpl_board *b = (tmpl_board *)bb;
    if (m->a < 0 || m->a >= b->w * b->h || m->b || m->c) return gl_error_set(err, "not a cell of the board");
    if (tmpl_status(bb) != GL_PLAYING) return gl_error_set(err, "the game is over");
    int rc[10];
    int n = tmpl_press(b, m->a, rc);
    b->played++;
    gl_events_add(ev, GL_EV_MOVE, 0);
    gl_events_cell(ev, m->a / b->w, m->a % b->w);
    gl_events_add(ev, GL_EV_CHANGE, 0);
    for (int k = 0; k < n; k++) gl_events_cell(ev, rc[2 * k], rc[2 * k + 1]);
    return 0;
}

/* ------------------------------------------------------------ the front ends' view */

static void tmpl_cell(const gl_board *bb, int r, int c, gl_cell_view *v)
{
    const tmpl_board *b = (const tmpl_board *)bb;
    memset(v, 0, sizeof *v);
    if (b->lit[r * b->w + c]) {
        v->sym = 'O';
        v->colour = 1;
    } else {
        v->sym = '.';
    }
}

/* One cell picked is a press. */
static int tmpl_select(const gl_board *bb, const int *rc, int ncells, gl_move *m, gl_error *err)
{
    const tmpl_board *b = (const tmpl_board *)bb;
    if (ncells < 1) return 0;
    int i = gl_pick_index(rc, ncells - 1, b->w, b->h); /* the last cell picked */
    if (i < 0) return gl_error_set(err, "not a cell of the board");
    *m = (gl_move){i, 0, 0};
    return 1;
}

/* ------------------------------------------------------------ the table */

static const gl_solver tmpl_solvers[] = {
    {"gf2", "linear algebra over GF(2) and the null space searched whole: the fewest presses, proved", NULL,
     tmpl_solve_gf2},
};

static const gl_preset tmpl_presets[] = {
    {"5x5 (the classic)", "size=5x5"},
    {"3x3, 3 presses", "size=3x3 presses=3"},
    {"7x7", "size=7x7"},
    {"9x9", "size=9x9"},
};

const gl_game gl_game_tmpl = {
    .name = "tmpl",
    .summary = "Lights Out: put every light out; a press toggles a cell and its neighbours",
    .move_help = "a cell (a1, c4): press it",
    .rules = "A board of lights, some on (O), some off (.).  Pressing a cell toggles it and\n"
             "the cells above, below, left and right of it.  Put every light out with as few\n"
             "presses as you can.",
    .status_help = "presses: the presses made, to be kept low\n"
                   "lit: the lights still on",
    .solve_words = "Solve presses the fewest cells that put every light out, proved the fewest.",
    .no_solution_words = "no set of presses puts these lights out",
    .tour_params = "size=5x5",
    .tour_solve = "gf2",
    .params = tmpl_params,
    .nparams = TMPL_NPARAMS,
    .score_kind = GL_SCORE_FEWER,
    .score_name = "presses",
    .front = 0,
    .change_word = "toggled",
    /* the entries every table has, from the functions named tmpl_* above */
    GL_GAME_ENTRIES(tmpl),
    .score = tmpl_score,
};
