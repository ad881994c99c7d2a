/* Flood-It's game table: parameters, generator, text format, drawing,
 * moves and the solvers' list.
 *
 * Header: flood size=WxH colors=K [start=corner|center] [moves=LIMIT]
 * [played=N].  The rows hold the symbols 0-9a-z; a symbol is colour index
 * 0..35 and must be below K.  `played` counts the moves made so far in a
 * saved game, so that the move limit (and with it won/lost) survives a
 * save.  Playing works on the cells directly (a flood fill from the start
 * cell); the solvers use the component graph (flood_graph.c). */
#include "flood.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the table */

/* The parameters: the one statement of what `new`, IDs and the forms take. */
static const gl_param flood_params[] = {
    {"size", GL_PARAM_SIZE, "14x14", 2, FLOOD_MAX_SIDE, 1, FLOOD_MAX_SIDE, NULL, "columns x rows", 0},
    {"colors", GL_PARAM_INT, "6", 2, FLOOD_MAX_COLORS, 0, 0, NULL, "number of colours", 0},
    {"start", GL_PARAM_CHOICE, "corner", 0, 0, 0, 0, "corner|center", "where the flood starts", 0},
    {"difficulty", GL_PARAM_CHOICE, "medium", 0, 0, 0, 0, "easy|medium|hard",
     "the move limit: a good solution's moves and 5, 2 or 0 to spare", 0},
    {"moves", GL_PARAM_INT, NULL, 0, 100000, 0, 0, NULL, "the move limit itself (0: none)", 0},
};

#define FLOOD_NPARAMS ((int)(sizeof flood_params / sizeof flood_params[0]))

GL_BLOCK_BOARD(flood, flood_board, b->w, b->h)

/* A board of w x h cells and k colours, its cells all 0 (NULL, err set,
 * when memory runs out). */
static flood_board *board_new(int w, int h, int k, int start, gl_error *err)
{
    flood_board *b = flood_board_new(err);
    if (!b) return NULL;
    b->w = w;
    b->h = h;
    b->ncolors = k;
    b->start = start;
    return b;
}

static gl_board *flood_create(gl_kvlist *params, gl_rng *rng, gl_error *err)
{
    gl_params pv;
    if (gl_params_read(flood_params, FLOOD_NPARAMS, params, &pv, err) != 0) return NULL;
    int w = 0, h = 0;
    gl_param_size(&pv, "size", &w, &h);
    long long k = gl_param_int(&pv, "colors", 0);
    /* size, colors, start and difficulty have defaults in the table */
    int start = gl_param_choice(&pv, "start", 0);
    int diff = gl_param_choice(&pv, "difficulty", 0);
    long long limit = gl_param_int(&pv, "moves", -1);
    flood_board *b = board_new(w, h, (int)k, start, err);
    if (!b) return NULL;
    for (int i = 0; i < w * h; i++) b->cell[i] = (uint8_t)gl_rng_below(rng, (uint64_t)k);
    static const int leniency[3] = {5, 2, 0};
    b->limit = limit >= 0 ? (int)limit : flood_limit_for(b, leniency[diff]);
    return (gl_board *)b;
}

static gl_board *flood_parse(gl_text *t, gl_error *err)
{
    /* the header's parameters through the table: the ranges of `new` and IDs */
    gl_params pv;
    if (gl_params_read_keys(flood_params, FLOOD_NPARAMS, "size colors start moves", &t->keys, &pv, err) != 0)
        return NULL;
    int w = 0, h = 0;
    gl_param_size(&pv, "size", &w, &h);
    long long k = gl_param_int(&pv, "colors", 0), limit = gl_param_int(&pv, "moves", 0), played = 0;
    int start = gl_param_choice(&pv, "start", 0);
    if (gl_kv_int(&t->keys, "played", 0, FLOOD_MAX_PLAYED, &played, err) != 0) return NULL;
    if (gl_text_check_keys(t, err) != 0) return NULL;
    if (gl_text_expect_rows(t, h, err) != 0) return NULL;
    flood_board *b = board_new(w, h, (int)k, start, err);
    if (!b) return NULL;
    b->limit = (int)limit;
    b->played = (int)played;
    for (int r = 0; r < h; r++) {
        const gl_text_row *row = &t->rows[r];
        if (row->len != w) {
            gl_text_error(t, row->line, err, "row of %d cells: size=%dx%d needs %d", row->len, w, h, w);
            gl_block_free((gl_board *)b);
            return NULL;
        }
        for (int c = 0; c < w; c++) {
            char s = row->text[c];
            int col = flood_colour_of(s);
            if (col < 0 || col >= k) {
                char q[5];
                if (col < 0)
                    gl_text_error(t, row->line, err, "column %d: unknown symbol '%s' (colours are 0-9, a-z)",
                                  c + 1, gl_escape_byte(s, q));
                else
                    gl_text_error(t, row->line, err, "column %d: colour '%c' but colors=%lld allows 0 to %c",
                                  c + 1, s, k, flood_symbol((int)k - 1));
                gl_block_free((gl_board *)b);
                return NULL;
            }
            b->cell[r * w + c] = (uint8_t)col;
        }
    }
    return (gl_board *)b;
}

static void flood_format(const gl_board *bb, gl_strbuf *out)
{
    const flood_board *b = (const flood_board *)bb;
    gl_sb_printf(out, "flood size=%dx%d colors=%d", b->w, b->h, b->ncolors);
    if (b->start == FLOOD_START_CENTER) gl_sb_puts(out, " start=center");
    if (b->limit) gl_sb_printf(out, " moves=%d", b->limit);
    if (b->played) gl_sb_printf(out, " played=%d", b->played);
    gl_sb_putc(out, '\n');
    for (int r = 0; r < b->h; r++) {
        for (int c = 0; c < b->w; c++) gl_sb_putc(out, flood_symbol(b->cell[r * b->w + c]));
        gl_sb_putc(out, '\n');
    }
}

/* Background colours for up to 36 colours: the 16 ANSI ones, then the
 * 256-colour cube. */
static void colour_on(gl_strbuf *out, int c)
{
    static const int basic[8] = {41, 42, 43, 44, 45, 46, 101, 102};
    if (c < 8) gl_sb_printf(out, "\033[30;%dm", basic[c]);
    else gl_sb_printf(out, "\033[30;48;5;%dm", 16 + (c * 37) % 216);
}

void flood_render_groups(const flood_board *b, gl_strbuf *out, int color)
{
    flood_graph g;
    if (flood_graph_build(&g, b) != 0) {
        gl_sb_puts(out, "(out of memory)\n");
        return;
    }
    int width = 0;
    char buf[16];
    for (int i = 0; i < b->w * b->h; i++) {
        int l = snprintf(buf, sizeof buf, "%d/%c", g.group[i] + 1, flood_symbol(b->cell[i]));
        if (l > width) width = l;
    }
    for (int r = 0; r < b->h; r++) {
        for (int c = 0; c < b->w; c++) {
            int i = r * b->w + c;
            snprintf(buf, sizeof buf, "%d/%c", g.group[i] + 1, flood_symbol(b->cell[i]));
            if (c) gl_sb_putc(out, ' ');
            if (color) colour_on(out, b->cell[i]);
            gl_sb_printf(out, "%*s", width, buf);
            if (color) gl_sb_puts(out, "\033[0m");
        }
        gl_sb_putc(out, '\n');
    }
    gl_sb_printf(out, "%d groups\n", g.n);
    flood_graph_free(&g);
}

static void flood_render(const gl_board *bb, gl_strbuf *out, int flags)
{
    const flood_board *b = (const flood_board *)bb;
    int color = flags & GL_RENDER_COLOR;
    uint8_t in[FLOOD_MAX_CELLS];
    flood_region(b, in);
    for (int r = 0; r < b->h; r++) {
        for (int c = 0; c < b->w; c++) {
            int i = r * b->w + c;
            char s = flood_symbol(b->cell[i]);
            if (color) {
                colour_on(out, b->cell[i]);
                gl_sb_printf(out, "%c%c\033[0m", in[i] ? '*' : ' ', s);
            } else {
                gl_sb_printf(out, "%c%c", in[i] ? '*' : ' ', s);
            }
        }
        gl_sb_putc(out, '\n');
    }
}

static gl_status flood_status(const gl_board *bb)
{
    const flood_board *b = (const flood_board *)bb;
    if (flood_is_won(b)) return GL_WON;
    /* played= holds at most FLOOD_MAX_PLAYED: a game ends there too, so
     * that a board gridlab saves it reads back */
    if ((b->limit && b->played >= b->limit) || b->played >= FLOOD_MAX_PLAYED) return GL_LOST;
    return GL_PLAYING;
}

static void flood_status_line(const gl_board *bb, gl_strbuf *out)
{
    const flood_board *b = (const flood_board *)bb;
    uint8_t in[FLOOD_MAX_CELLS];
    int n = flood_region(b, in);
    if (b->limit) gl_sb_printf(out, "moves %d/%d", b->played, b->limit);
    else gl_sb_printf(out, "moves %d", b->played);
    gl_sb_printf(out, "  flooded %d/%d", n, b->w * b->h);
    gl_status s = flood_status(bb);
    if (s == GL_WON) gl_sb_puts(out, "  won");
    else if (s == GL_LOST) gl_sb_puts(out, "  lost: no moves left");
}


static int flood_parse_move(const gl_board *bb, const char *text, gl_move *m, gl_error *err)
{
    const flood_board *b = (const flood_board *)bb;
    int c = text[0] && !text[1] ? flood_colour_of(text[0]) : -1;
    if (c < 0 || c >= b->ncolors)
        return gl_error_set(err, "'%s' is not a move: name a colour, 0 to %c", text,
                            flood_symbol(b->ncolors - 1));
    m->a = c;
    m->b = m->c = 0;
    return 0;
}

static void flood_format_move(const gl_board *bb, const gl_move *m, char *buf, size_t n)
{
    (void)bb;
    snprintf(buf, n, "%c", m->a >= 0 && m->a < FLOOD_MAX_COLORS ? flood_symbol(m->a) : '?');
}

static int flood_legal_moves(const gl_board *bb, gl_move *out, int max)
{
    const flood_board *b = (const flood_board *)bb;
    if (flood_status(bb) != GL_PLAYING) return 0;
    int rc = flood_region_colour(b), n = 0;
    for (int c = 0; c < b->ncolors; c++) {
        if (c == rc) continue;
        if (n < max) out[n] = (gl_move){c, 0, 0};
        n++;
    }
    return n;
}

static int flood_apply(gl_board *bb, const gl_move *m, gl_events *ev, gl_error *err)
{
    flood_board *b = (flood_board *)bb;
    gl_status s = flood_status(bb);
    if (s != GL_PLAYING)
        return gl_error_set(err, "the game is over (%s)", s == GL_WON ? "won" : "move limit reached");
    if (m->a < 0 || m->a >= b->ncolors)
        return gl_error_set(err, "no colour %d (the board has %d)", m->a, b->ncolors);
    if (m->a == flood_region_colour(b))
        return gl_error_set(err, "the region already has colour %c", flood_symbol(m->a));
    uint8_t before[FLOOD_MAX_CELLS], after[FLOOD_MAX_CELLS];
    flood_region(b, before);
    flood_fill(b, m->a);
    b->played++;
    if (ev) {
        int n = flood_region(b, after);
        gl_events_add(ev, GL_EV_MOVE, 0);
        gl_events_add(ev, GL_EV_FILL, n);
        for (int i = 0; i < b->w * b->h; i++)
            if (after[i] && !before[i]) gl_events_cell(ev, i / b->w, i % b->w);
    }
    return 0;
}

static long long flood_score(const gl_board *bb) { return ((const flood_board *)bb)->played; }

static void flood_cell(const gl_board *bb, int r, int c, gl_cell_view *v)
{
    const flood_board *b = (const flood_board *)bb;
    uint8_t in[FLOOD_MAX_CELLS];
    flood_region(b, in);
    memset(v, 0, sizeof *v);
    int i = r * b->w + c;
    v->sym = flood_symbol(b->cell[i]);
    v->colour = b->cell[i] + 1;
    if (in[i]) v->flags = GL_CELL_MARKED;
}

static int flood_select(const gl_board *bb, const int *rc, int ncells, gl_move *m, gl_error *err)
{
    const flood_board *b = (const flood_board *)bb;
    if (ncells < 1) return 0;
    int i = gl_pick_index(rc, ncells - 1, b->w, b->h); /* the last cell picked */
    if (i < 0) return gl_error_set(err, "not a cell of the board");
    int col = b->cell[i];
    if (col == flood_region_colour(b))
        return gl_error_set(err, "that is the region's own colour: pick another");
    *m = (gl_move){col, 0, 0};
    return 1;
}

/* A cell showing the colour (any: the region never has the colour it is
 * given). */
static int flood_picks(const gl_board *bb, const gl_move *m, int *rc)
{
    const flood_board *b = (const flood_board *)bb;
    for (int i = 0; i < b->w * b->h; i++)
        if (b->cell[i] == m->a) {
            rc[0] = i / b->w;
            rc[1] = i % b->w;
            return 1;
        }
    return 0;
}

static const gl_solver flood_solvers[] = {
    {"astar", "A* on the component graph: proved optimal (bound: colours left, layered rings; threads=1)",
     "threads mpi", flood_solve_astar},
    {"ida", "iterative-deepening A*: proved optimal, memory proportional to the depth", NULL,
     flood_solve_ida},
    {"greedy", "k-ply lookahead: fewest moves by the bound, then most cells (depth=3)", "depth", flood_solve_greedy},
    {"beam", "beam search on f = g + bound: fast, near-optimal (width=32)", "width", flood_solve_beam},
};


static const gl_preset flood_presets[] = {
    {"14x14, 6 colours", "size=14x14 colors=6"},
    {"12x12, 6 colours", "size=12x12 colors=6"},
    {"12x12, 6 colours, hard", "size=12x12 colors=6 difficulty=hard"},
    {"18x18, 8 colours", "size=18x18 colors=8"},
    {"22x22, 8 colours", "size=22x22 colors=8"},
};

const gl_game gl_game_flood = {
    .name = "flood",
    .cell_words = "?: colour %s\n+: in the flooded region",
    .summary = "Flood-It: flood the board with one colour in as few moves as possible",
    .move_help = "a colour symbol (0-9, a-z): the region takes that colour",
    .rules = "The flooded region is the group of cells of one colour joined to the start cell\n"
             "(the top-left corner, or the centre).  Each move gives the region a new colour;\n"
             "it then takes in every neighbouring cell of that colour.  Fill the whole board\n"
             "with one colour within the move limit.",
    .status_help = "moves 3/25: the moves played / the move limit (alone without a limit)\n"
                   "flooded 20/196: the cells of the flooded region / all cells\n"
                   "won, lost: the board is one colour; the limit came first",
    .solve_help = "--depth D (greedy lookahead, default 3), --width W (beam, default 32)",
    .solve_words = "Solve plays the fewest moves that flood the board, proved the fewest when the search "
                   "ends within 10 seconds; on a large board it may find no plan within the move limit in that "
                   "time, and says so.",
    .tour_params = "size=14x14 colors=6",
    .tour_solve = "astar",
    .params = flood_params,
    .nparams = FLOOD_NPARAMS,
    .score_kind = GL_SCORE_FEWER,
    .score_name = "moves",
    .front = GL_FRONT_NO_GAP | GL_FRONT_KEYS,
    GL_GAME_ENTRIES(flood),
    .score = flood_score,
    .hint = flood_hint,
};
