/* The tiles game table (gl_game_tiles): parameters, the text format,
 * moves, the front ends' view, solvers and presets, on the rules of
 * tiles.c. */
#include "tiles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

GL_BLOCK_BOARD(tiles, tiles_board, b->len, 1)

/* The parameters: the one statement of what `new`, IDs and the forms take. */
static const gl_param tiles_params[] = {
    {"n", GL_PARAM_INT, "3", 1, TILES_MAX_N, 0, 0, NULL, "tiles of each colour", 0},
    {"hop", GL_PARAM_INT, "2", 0, TILES_MAX_CELLS - 2, 0, 0, NULL, "how many tiles a move may hop over", 0},
    {"start", GL_PARAM_CHOICE, "standard", 0, 0, 0, 0, "standard|random",
     "standard: BB..WW_; random: the cells shuffled", 0},
};

#define TILES_NPARAMS ((int)(sizeof tiles_params / sizeof tiles_params[0]))

static gl_board *tiles_create(gl_kvlist *params, gl_rng *rng, gl_error *err)
{
    gl_params pv;
    if (gl_params_read(tiles_params, TILES_NPARAMS, params, &pv, err) != 0) return NULL;
    /* every one has a default in the table */
    long long n = gl_param_int(&pv, "n", 0), hop = gl_param_int(&pv, "hop", 0);
    int start = gl_param_choice(&pv, "start", 0);
    tiles_board *t = tiles_board_new(err);
    if (!t) return NULL;
    t->len = (int)(2 * n + 1);
    t->hop = (int)hop;
    char row[TILES_MAX_CELLS + 1];
    for (int i = 0; i < t->len; i++) row[i] = i < n ? 'B' : i < 2 * n ? 'W' : '_';
    if (start == 1) {
        for (int i = t->len - 1; i > 0; i--) {
            int j = (int)gl_rng_below(rng, (uint64_t)i + 1);
            char c = row[i];
            row[i] = row[j];
            row[j] = c;
        }
    }
    uint64_t blacks = 0;
    int e = 0;
    for (int i = 0; i < t->len; i++) {
        if (row[i] == 'B') blacks |= 1ULL << i;
        if (row[i] == '_') e = i;
    }
    t->state = tiles_pack(blacks, e);
    return (gl_board *)t;
}

static gl_board *tiles_parse(gl_text *tx, gl_error *err)
{
    long long cost = 0, moves = 0;
    /* hop through the table: the range of `new` and IDs */
    gl_params pv;
    if (gl_params_read_keys(tiles_params, TILES_NPARAMS, "hop", &tx->keys, &pv, err) != 0) return NULL;
    long long hop = gl_param_int(&pv, "hop", 2);
    if (gl_kv_int(&tx->keys, "cost", 0, TILES_MAX_COST, &cost, err) != 0) return NULL;
    if (gl_kv_int(&tx->keys, "moves", 0, TILES_MAX_MOVES, &moves, err) != 0) return NULL;
    if (gl_text_check_keys(tx, err) != 0) return NULL;
    if (gl_text_expect_rows(tx, 1, err) != 0) return NULL;
    const gl_text_row *r = &tx->rows[0];
    if (r->len < 2 || r->len > TILES_MAX_CELLS) {
        gl_text_error(tx, r->line, err, "row of %d cells: expected 2 to %d (N at most %d)", r->len,
                      TILES_MAX_CELLS, TILES_MAX_N);
        return NULL;
    }
    uint64_t blacks = 0;
    int e = -1;
    for (int i = 0; i < r->len; i++) {
        char c = r->text[i];
        if (c == 'B') blacks |= 1ULL << i;
        else if (c == '_') {
            if (e >= 0) {
                gl_text_error(tx, r->line, err, "column %d: a second empty cell '_' (there is one)", i + 1);
                return NULL;
            }
            e = i;
        } else if (c != 'W') {
            char q[5];
            gl_text_error(tx, r->line, err, "column %d: unknown symbol '%s' (expected B, W or _)", i + 1,
                          gl_escape_byte(c, q));
            return NULL;
        }
    }
    if (e < 0) {
        gl_text_error(tx, r->line, err, "no empty cell '_'");
        return NULL;
    }
    tiles_board *t = tiles_board_new(err);
    if (!t) return NULL;
    t->len = r->len;
    t->hop = (int)hop;
    t->state = tiles_pack(blacks, e);
    t->cost = cost;
    t->moves = (int)moves;
    return (gl_board *)t;
}

static void tiles_format(const gl_board *b, gl_strbuf *out)
{
    const tiles_board *t = (const tiles_board *)b;
    char row[TILES_MAX_CELLS + 1];
    tiles_row(t->state, t->len, row);
    gl_sb_printf(out, "tiles hop=%d", t->hop);
    if (t->cost || t->moves) gl_sb_printf(out, " cost=%lld moves=%d", t->cost, t->moves);
    gl_sb_printf(out, "\n%s\n", row);
}

static void tiles_render(const gl_board *b, gl_strbuf *out, int flags)
{
    const tiles_board *t = (const tiles_board *)b;
    char row[TILES_MAX_CELLS + 1];
    tiles_row(t->state, t->len, row);
    for (int i = 0; i < t->len; i++) gl_sb_printf(out, "%3d", i + 1);
    gl_sb_putc(out, '\n');
    for (int i = 0; i < t->len; i++) {
        if (flags & GL_RENDER_COLOR) {
            if (row[i] == 'B') gl_sb_puts(out, "  \033[1;37;40mB\033[0m");
            else if (row[i] == 'W') gl_sb_puts(out, "  \033[1;30;47mW\033[0m");
            else gl_sb_puts(out, "  _");
        } else {
            gl_sb_printf(out, "  %c", row[i]);
        }
    }
    gl_sb_putc(out, '\n');
}

static void tiles_status_line(const gl_board *b, gl_strbuf *out)
{
    const tiles_board *t = (const tiles_board *)b;
    /* for players: the cost so far, not the search's g and h */
    gl_sb_printf(out, "moves %d  cost %lld  hops over up to %d%s", t->moves, t->cost, t->hop,
                 tiles_pairs(t->state, t->len) == 0 ? "  solved" : "");
}

static int tiles_parse_move(const gl_board *b, const char *text, gl_move *m, gl_error *err)
{
    const tiles_board *t = (const tiles_board *)b;
    long long from, to;
    const char *dash = strchr(text, '-');
    char a[16];
    if (!dash || dash - text >= (long)sizeof a) goto bad;
    memcpy(a, text, (size_t)(dash - text));
    a[dash - text] = '\0';
    if (gl_parse_ll(a, 1, t->len, &from) != 0 || gl_parse_ll(dash + 1, 1, t->len, &to) != 0) goto bad;
    m->a = (int)from - 1;
    m->b = (int)to - 1;
    m->c = 0;
    return 0;
bad:
    return gl_error_set(err, "'%s' is not a move: write FROM-TO with cells 1 to %d (like 4-7)", text,
                        t->len);
}

static void tiles_format_move(const gl_board *b, const gl_move *m, char *buf, size_t n)
{
    (void)b;
    snprintf(buf, n, "%d-%d", m->a + 1, m->b + 1);
}

/* The counters a board file holds are at their most: one more move could
 * pass them (a board gridlab saves it must read back), so the game is
 * over. */
static int counters_full(const tiles_board *t)
{
    return t->moves >= TILES_MAX_MOVES || t->cost > TILES_MAX_COST - (t->hop > 1 ? t->hop : 1);
}

static int tiles_legal_moves(const gl_board *b, gl_move *out, int max)
{
    const tiles_board *t = (const tiles_board *)b;
    if (counters_full(t)) return 0;
    uint64_t succ[TILES_MAX_SUCC];
    int cost[TILES_MAX_SUCC];
    gl_move mv[TILES_MAX_SUCC];
    int n = tiles_successors(t->state, t->len, t->hop, succ, cost, mv);
    for (int i = 0; i < n && i < max; i++) out[i] = mv[i];
    return n;
}

static int tiles_apply(gl_board *b, const gl_move *m, gl_events *ev, gl_error *err)
{
    tiles_board *t = (tiles_board *)b;
    int e = tiles_empty(t->state);
    if (counters_full(t))
        return gl_error_set(err, "the game is over: its move count or cost is at the most a board file holds");
    if (m->b != e) return gl_error_set(err, "cell %d is not the empty cell (it is %d)", m->b + 1, e + 1);
    int d = abs(m->a - e);
    if (m->a < 0 || m->a >= t->len || d < 1 || d > t->hop + 1)
        return gl_error_set(err, "cell %d is not within %d of the empty cell %d", m->a + 1, t->hop + 1,
                            e + 1);
    uint64_t blacks = tiles_blacks(t->state);
    if ((blacks >> m->a) & 1) blacks = (blacks & ~(1ULL << m->a)) | (1ULL << e);
    t->state = tiles_pack(blacks, m->a);
    int c = d == 1 ? 1 : d - 1;
    t->cost += c;
    t->moves++;
    gl_events_add(ev, GL_EV_MOVE, c);
    gl_events_cell(ev, 0, m->a);
    gl_events_cell(ev, 0, e);
    return 0;
}

static long long tiles_score(const gl_board *b) { return ((const tiles_board *)b)->cost; }

/* A tile's way: from its cell to the empty one. */
static int tiles_move_path(const gl_board *b, const gl_move *m, int *rc, int max)
{
    const tiles_board *t = (const tiles_board *)b;
    int d = abs(m->a - m->b);
    if (m->a < 0 || m->a >= t->len || m->b != tiles_empty(t->state) || d < 1 || d > t->hop + 1) return 0;
    int cells[2] = {m->a, m->b};
    for (int k = 0; k < 2 && k < max; k++) {
        rc[2 * k] = 0;
        rc[2 * k + 1] = cells[k];
    }
    return 2;
}

static gl_status tiles_status(const gl_board *b)
{
    const tiles_board *t = (const tiles_board *)b;
    if (tiles_is_goal(t->state, t->len)) return GL_WON;
    return counters_full(t) ? GL_LOST : GL_PLAYING;
}

static void tiles_cell(const gl_board *b, int r, int c, gl_cell_view *v)
{
    const tiles_board *t = (const tiles_board *)b;
    (void)r;
    memset(v, 0, sizeof *v);
    if (c == tiles_empty(t->state)) {
        v->sym = '_';
        v->flags = GL_CELL_EMPTY;
    } else if ((tiles_blacks(t->state) >> c) & 1) {
        v->sym = 'B';
        v->colour = 1;
    } else {
        v->sym = 'W';
        v->colour = 2;
    }
}

static int tiles_select(const gl_board *b, const int *rc, int ncells, gl_move *m, gl_error *err)
{
    const tiles_board *t = (const tiles_board *)b;
    if (ncells < 1) return 0;
    int c = rc[2 * ncells - 1];
    int e = tiles_empty(t->state);
    int d = abs(c - e);
    if (d < 1 || d > t->hop + 1)
        return gl_error_set(err, "pick a tile within %d of the empty cell", t->hop + 1);
    m->a = c;
    m->b = e;
    m->c = 0;
    return 1;
}

/* The tile that moves. */
static int tiles_picks(const gl_board *b, const gl_move *m, int *rc)
{
    (void)b;
    rc[0] = 0;
    rc[1] = m->a;
    return 1;
}

static const gl_solver tiles_solvers[] = {
    {"astar", "A*, proved optimal cost (h = pairs + 1 when no move can use all its cost)",
     "heuristic", tiles_solve_astar},
    {"ucs", "uniform-cost search (Dijkstra), proved optimal", NULL, tiles_solve_ucs},
    {"ida", "iterative-deepening A*, proved optimal, memory-light", "heuristic", tiles_solve_ida},
    {"greedy", "greedy best-first search on the pairs count (open list, closed set): fast, not optimal",
     NULL, tiles_solve_greedy},
    {"bfs", "breadth-first: fewest moves (their cost is reported, not minimal)", NULL, tiles_solve_bfs},
    {"seed", "the seed's program: one step at a time to the neighbour of least g+h, no open list;"
             " stops when it loops", NULL, tiles_solve_seed},
};


static const gl_preset tiles_presets[] = {
    {"3 and 3 (the classic puzzle)", "n=3"},
    {"4 and 4", "n=4"},
    {"6 and 6", "n=6"},
    {"10 and 10", "n=10"},
    {"6 and 6, shuffled", "n=6 start=random"},
};

const gl_game gl_game_tiles = {
    .name = "tiles",
    .cell_words = "B: black tile\nW: white tile\n_: empty",
    .summary = "black and white sliding tiles: whites left of blacks at least cost",
    .move_help = "FROM-TO: 1-based cells, a tile into the empty cell (like 4-7)",
    .rules = "A row of black (B) and white (W) tiles and one empty cell (_).  A tile moves into\n"
             "the empty cell from at most hop+1 cells away: a slide to the next cell costs 1,\n"
             "a hop over k tiles costs k.  Put every white tile left of every black one at\n"
             "the least total cost (the empty cell may end anywhere).",
    .status_help = "moves: the moves played\n"
                   "cost: their total cost (a slide 1, a hop over k tiles k), to be kept low\n"
                   "hops over up to: the most tiles a hop may jump (hop=H)\n"
                   "solved: every white tile is left of every black one",
    .solve_help = "--heuristic pairs|strong (astar, ida): the seed's pairs count or the stronger default",
    .solve_words = "Solve plays the cheapest way to put every white tile left of every black one, proved the "
                   "cheapest when the search ends within 10 seconds.",
    .tour_params = "n=7",
    .tour_solve = "astar",
    .params = tiles_params,
    .nparams = TILES_NPARAMS,
    .score_kind = GL_SCORE_FEWER,
    .score_name = "cost",
    .front = GL_FRONT_DRAG,
    GL_GAME_ENTRIES(tiles),
    .score = tiles_score,
    .hint = tiles_hint,
    .move_path = tiles_move_path,
};
