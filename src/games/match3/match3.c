/* Match-three: parameters, text format, play and the game table.
 *
 * Format (SPEC 2.3): `match3 size=NxM kinds=K [scores=1,4,10] [refill=no|yes]
 * [rules=standard|seed] [rng=HEX] [swaps=X] [score=S played=T]`, then M
 * rows of N symbols 1..K or '.'.  rules=seed (written only then; no key is
 * the standard rules) resolves a swap as the seed's program does.  swaps=X
 * ends the game after X swaps (written only then; none or 0: no limit).  score= and played= carry
 * the game so far (written once a swap was played; a file from before the
 * limit has score=S swaps=T, T played).  A board file must be settled, as
 * every position of a game is: no run of 3, and no tile above an empty
 * cell; with refill=yes there is no empty cell at all and rng= is required
 * (it decides the tiles to come).
 * A move is two adjacent cells, `a1-b1` (either order). */
#include "match3.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parameters: the one statement of what `new`, IDs, the forms and the
 * header's shared keys take. */
static const gl_param match3_params[] = {
    {"size", GL_PARAM_SIZE, "7x7", 1, MATCH3_MAX_SIDE, 1, MATCH3_MAX_SIDE, NULL, "columns x rows", 0},
    {"kinds", GL_PARAM_INT, "4", MATCH3_MIN_KINDS, MATCH3_MAX_KINDS, 0, 0, NULL, "kinds of tile", 0},
    {"scores", GL_PARAM_LIST, "1,4,10", 0, 1000000, 3, 3, NULL, "points for runs of 3, 4 and 5 or more", 0},
    {"refill", GL_PARAM_CHOICE, "no", 0, 0, 0, 0, "no|yes", "new tiles fall in from the top (yes), or none and the board empties (no)", 0},
    {"rules", GL_PARAM_CHOICE, "standard", 0, 0, 0, 0, "standard|seed",
     "how a swap resolves: every run on the board at once (standard), or the runs through the swapped "
     "tiles first, as the original program did (seed)", 0},
    {"swaps", GL_PARAM_INT, "0", 0, MATCH3_MAX_LIMIT, 0, 0, NULL,
     "the game ends after this many swaps (0: no limit)", 0},
};

#define MATCH3_NPARAMS ((int)(sizeof match3_params / sizeof match3_params[0]))

/* The points for runs of 3, 4 and 5+ when scores= is not given. */
static void default_scores(int out[3])
{
    gl_params pv;
    long long sc[3] = {0, 0, 0};
    if (gl_params_read(match3_params, MATCH3_NPARAMS, NULL, &pv, NULL) == 0) gl_param_list(&pv, "scores", sc, 3);
    for (int i = 0; i < 3; i++) out[i] = (int)sc[i];
}

/* The keys `new` and the header share, read by the table; *limit (may be
 * NULL) gets swaps=, whose range is the same in a header. */
static int read_rules(gl_kvlist *kv, match3_rules *R, long long *limit, gl_error *err)
{
    gl_params pv;
    if (gl_params_read(match3_params, MATCH3_NPARAMS, kv, &pv, err) != 0) return -1;
    int w = 0, h = 0;
    gl_param_size(&pv, "size", &w, &h);
    R->cols = w;
    R->rows = h;
    R->kinds = (int)gl_param_int(&pv, "kinds", 0);
    long long sc[3] = {0, 0, 0};
    gl_param_list(&pv, "scores", sc, 3);
    for (int i = 0; i < 3; i++) R->scores[i] = (int)sc[i];
    int refill = gl_param_choice(&pv, "refill", 0), seed = gl_param_choice(&pv, "rules", 0);
    if (limit) *limit = gl_param_int(&pv, "swaps", 0);
    R->refill = refill;
    R->seed = seed;
    if (seed && (refill || R->scores[0] <= 0 || R->scores[1] <= 0 || R->scores[2] <= 0)) {
        const char *why = refill ? "rules=seed has no refill (in the original game nothing falls in)"
                                 : "rules=seed needs scores above 0 (the original program takes a swap "
                                   "that scores 0 for no swap)";
        gl_kv *k = gl_kv_find(kv, "rules");
        if (kv->file && k && k->line) return gl_error_at(err, kv->file, k->line, "%s", why);
        return gl_error_set(err, "%s", why);
    }
    return 0;
}

GL_BLOCK_BOARD(match3, match3_board, b->R.cols, b->R.rows)

static gl_board *match3_create(gl_kvlist *params, gl_rng *rng, gl_error *err)
{
    match3_board *b = match3_board_new(err);
    if (!b) return NULL;
    long long limit = 0;
    if (read_rules(params, &b->R, &limit, err) != 0) {
        free(b);
        return NULL;
    }
    b->limit = (int)limit;
    match3_generate(&b->R, b->cell, rng);
    b->rng = *rng;
    return (gl_board *)b;
}

static gl_board *match3_parse(gl_text *t, gl_error *err)
{
    match3_board *b = match3_board_new(err);
    if (!b) return NULL;
    gl_kv *rk = NULL;
    long long score = 0, played = 0, limit = 0;
    if (!gl_kv_find(&t->keys, "size")) {
        gl_text_error(t, t->header_line, err, "missing size=NxM (columns x rows)");
        goto fail;
    }
    if (read_rules(&t->keys, &b->R, NULL, err) != 0) goto fail;
    if (gl_kv_int(&t->keys, "score", 0, 1LL << 50, &score, err) != 0) goto fail;
    if (gl_kv_find(&t->keys, "score") && !gl_kv_find(&t->keys, "played")) {
        /* Written before the swap limit: score=S swaps=T, T the swaps played. */
        if (gl_kv_int(&t->keys, "swaps", 0, MATCH3_MAX_LIMIT, &played, err) != 0) goto fail;
    } else if (gl_kv_int(&t->keys, "swaps", 0, MATCH3_MAX_LIMIT, &limit, err) != 0 ||
               gl_kv_int(&t->keys, "played", 0, MATCH3_MAX_LIMIT, &played, err) != 0) {
        goto fail;
    }
    if (limit && played > limit) {
        gl_kv *pk = gl_kv_find(&t->keys, "played");
        gl_text_error(t, pk && pk->line ? pk->line : t->header_line, err,
                      "played=%lld: more swaps than the game's swaps=%lld", played, limit);
        goto fail;
    }
    rk = gl_kv_find(&t->keys, "rng");
    if (gl_text_check_keys(t, err) != 0) goto fail;
    b->score = score;
    b->swaps = (int)played;
    b->limit = (int)limit;
    if (b->R.refill) {
        if (!rk) {
            gl_text_error(t, t->header_line, err, "refill=yes needs rng=HEX (the generator state)");
            goto fail;
        }
        if (gl_rng_from_hex(&b->rng, rk->value) != 0) {
            gl_text_error(t, rk->line ? rk->line : t->header_line, err,
                          "rng=%.80s: expected 64 hex digits, not all zero", rk->value);
            goto fail;
        }
    } else if (rk) {
        gl_text_error(t, rk->line ? rk->line : t->header_line, err,
                      "rng= is only for refill=yes (nothing is drawn without refill)");
        goto fail;
    }
    if (gl_text_expect_rows(t, b->R.rows, err) != 0) goto fail;
    const match3_rules *R = &b->R;
    for (int r = 0; r < R->rows; r++) {
        const gl_text_row *row = &t->rows[r];
        if (row->len != R->cols) {
            gl_text_error(t, row->line, err, "row of %d cells: size=%dx%d says %d", row->len, R->cols,
                          R->rows, R->cols);
            goto fail;
        }
        for (int c = 0; c < R->cols; c++) {
            char ch = row->text[c];
            uint8_t v;
            if (ch == '.') v = 0;
            else if (ch >= '1' && ch <= '0' + R->kinds) v = (uint8_t)(ch - '0');
            else {
                char q[5];
                gl_text_error(t, row->line, err, "column %d: '%s' is not a tile (1..%d) or '.'", c + 1,
                              gl_escape_byte(ch, q), R->kinds);
                goto fail;
            }
            if (v == 0 && R->refill) {
                gl_text_error(t, row->line, err, "column %d: empty cell, but with refill=yes the board is full",
                              c + 1);
                goto fail;
            }
            if (v == 0 && r > 0 && b->cell[(r - 1) * R->cols + c] != 0) {
                gl_text_error(t, row->line, err,
                              "column %d: empty cell below a tile (tiles fall: empties are at the top)", c + 1);
                goto fail;
            }
            b->cell[r * R->cols + c] = v;
        }
    }
    /* Runs: name the first cell of the first one found. */
    for (int p = 0; p < R->rows * R->cols; p++) {
        int r = p / R->cols, c = p % R->cols;
        uint8_t v = b->cell[p];
        if (!v) continue;
        int hr = c + 2 < R->cols && b->cell[p + 1] == v && b->cell[p + 2] == v;
        int vr = r + 2 < R->rows && b->cell[p + R->cols] == v && b->cell[p + 2 * R->cols] == v;
        if (hr || vr) {
            char cb[16];
            gl_cell_format(r, c, cb, sizeof cb);
            gl_text_error(t, t->rows[r].line, err,
                          "a %s run of 3 or more starts at %s: a board must be settled (no runs)",
                          hr ? "row" : "column", cb);
            goto fail;
        }
    }
    return (gl_board *)b;
fail:
    free(b);
    return NULL;
}

static void match3_format(const gl_board *bb, gl_strbuf *out)
{
    const match3_board *b = (const match3_board *)bb;
    const match3_rules *R = &b->R;
    gl_sb_printf(out, "match3 size=%dx%d kinds=%d", R->cols, R->rows, R->kinds);
    int def[3];
    default_scores(def);
    if (memcmp(R->scores, def, sizeof def) != 0)
        gl_sb_printf(out, " scores=%d,%d,%d", R->scores[0], R->scores[1], R->scores[2]);
    if (R->seed) gl_sb_puts(out, " rules=seed");
    if (R->refill) {
        char hex[GL_RNG_HEX_LEN + 1];
        gl_rng_to_hex(&b->rng, hex);
        gl_sb_printf(out, " refill=yes rng=%s", hex);
    }
    if (b->limit) gl_sb_printf(out, " swaps=%d", b->limit);
    if (b->score || b->swaps) gl_sb_printf(out, " score=%lld played=%d", b->score, b->swaps);
    gl_sb_putc(out, '\n');
    for (int r = 0; r < R->rows; r++) {
        for (int c = 0; c < R->cols; c++) {
            uint8_t v = b->cell[r * R->cols + c];
            gl_sb_putc(out, v ? (char)('0' + v) : '.');
        }
        gl_sb_putc(out, '\n');
    }
}

static void match3_render(const gl_board *bb, gl_strbuf *out, int flags)
{
    static const char *const col[MATCH3_MAX_KINDS + 1] = {"",        "1;31", "1;32", "1;33", "1;34",
                                                          "1;35",    "1;36", "1;37", "0;33", "0;36"};
    const match3_board *b = (const match3_board *)bb;
    const match3_rules *R = &b->R;
    gl_sb_puts(out, "   ");
    for (int c = 0; c < R->cols; c++) gl_sb_printf(out, " %c", 'a' + c);
    gl_sb_putc(out, '\n');
    for (int r = 0; r < R->rows; r++) {
        gl_sb_printf(out, "%3d", r + 1);
        for (int c = 0; c < R->cols; c++) {
            uint8_t v = b->cell[r * R->cols + c];
            if (!v) gl_sb_puts(out, " .");
            else if (flags & GL_RENDER_COLOR) gl_sb_printf(out, " \033[%sm%d\033[0m", col[v], v);
            else gl_sb_printf(out, " %d", v);
        }
        gl_sb_putc(out, '\n');
    }
}


static int match3_parse_move(const gl_board *bb, const char *text, gl_move *m, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    int idx[2], w = b->R.cols;
    if (gl_cells_move_parse(text, w, b->R.rows, 2, idx, "write two adjacent cells like c4-d4", err) != 0) return -1;
    if (abs(idx[0] / w - idx[1] / w) + abs(idx[0] % w - idx[1] % w) != 1)
        return gl_error_set(err, "'%s': the two cells must be side by side or one above the other", text);
    m->a = idx[0] < idx[1] ? idx[0] : idx[1];
    m->b = idx[0] < idx[1] ? idx[1] : idx[0];
    m->c = 0;
    return 0;
}

static void match3_format_move(const gl_board *bb, const gl_move *m, char *buf, size_t n)
{
    int idx[2] = {m->a, m->b};
    gl_cells_move_format(((const match3_board *)bb)->R.cols, idx, 2, buf, n);
}

static int match3_legal_moves(const gl_board *bb, gl_move *out, int max)
{
    const match3_board *b = (const match3_board *)bb;
    int list[MATCH3_MAX_MOVES];
    int n = match3_swaps_left(b) == 0 ? 0 : match3_legal_list(&b->R, b->cell, list);
    for (int i = 0; i < n && i < max; i++) out[i] = match3_to_move(list[i], b->R.cols);
    return n;
}

/* What the events have told of the board so far (the board a front end
 * shows, round by round), and the board the rounds work on. */
typedef struct round_teller {
    gl_events *ev;
    const uint8_t *live;
    uint8_t shown[MATCH3_MAX_CELLS];
} round_teller;

/* A round of the swap's resolution as events: the cells it cleared (where
 * they stood, in reading order) with their points; the tiles that fell
 * (each column's tiles close up downwards: the fall of both rule sets),
 * bottom up; then the refills, with their kinds (from the live board, which
 * holds them when a round is told with refills). */
static void tell_round(void *ctx, const match3_rules *R, const uint8_t *cleared, long long points,
                       const uint8_t *spawned)
{
    round_teller *t = ctx;
    gl_events *ev = t->ev;
    int n = R->rows * R->cols, W = R->cols;
    gl_events_add(ev, GL_EV_REMOVE, points);
    for (int p = 0; p < n; p++)
        if (cleared[p]) {
            gl_events_cell(ev, p / W, p % W);
            t->shown[p] = 0;
        }
    int fell = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass) {
            if (!fell) break;
            gl_events_add(ev, GL_EV_FALL, fell);
        }
        for (int c = 0; c < W; c++)
            for (int r = R->rows - 1, w = R->rows - 1; r >= 0; r--) {
                if (!t->shown[r * W + c]) continue;
                if (r != w) {
                    if (!pass) fell++;
                    else {
                        gl_events_cell(ev, r, c);
                        gl_events_cell(ev, w, c);
                        t->shown[w * W + c] = t->shown[r * W + c];
                        t->shown[r * W + c] = 0;
                    }
                }
                w--;
            }
    }
    if (!spawned) return;
    gl_events_add(ev, GL_EV_SPAWN, 0);
    for (int p = 0; p < n; p++)
        if (spawned[p]) gl_events_cell(ev, p / W, p % W);
    for (int p = 0; p < n; p++)
        if (spawned[p]) {
            gl_events_add(ev, GL_EV_PLACE, t->live[p]);
            gl_events_cell(ev, p / W, p % W);
            t->shown[p] = t->live[p];
        }
}

static int match3_apply(gl_board *bb, const gl_move *m, gl_events *ev, gl_error *err)
{
    match3_board *b = (match3_board *)bb;
    char buf[40];
    int n = b->R.rows * b->R.cols;
    if (m->a < 0 || m->b < 0 || m->a >= n || m->b >= n)
        return gl_error_set(err, "swap outside the board");
    if (match3_swaps_left(b) == 0)
        return b->limit ? gl_error_set(err, "no swap left: the game allows %d (swaps=%d)", b->limit, b->limit)
                        : gl_error_set(err, "no swap left: a game ends after %d swaps", MATCH3_MAX_LIMIT);
    match3_format_move(bb, m, buf, sizeof buf);
    if (!match3_swap_legal(&b->R, b->cell, m->a, m->b)) {
        uint8_t va = b->cell[m->a], vb = b->cell[m->b];
        if (!va || !vb) return gl_error_set(err, "%s: both cells must hold tiles", buf);
        if (va == vb) return gl_error_set(err, "%s: the two tiles are the same kind", buf);
        if (b->R.seed) return gl_error_set(err, "%s: not adjacent, or no run of 3 to 5 through a swapped cell (rules=seed)", buf);
        return gl_error_set(err, "%s: not adjacent, or the swap makes no run of 3", buf);
    }
    gl_events_add(ev, GL_EV_MOVE, 0);
    gl_events_cell(ev, m->a / b->R.cols, m->a % b->R.cols);
    gl_events_cell(ev, m->b / b->R.cols, m->b % b->R.cols);
    round_teller t = {ev, b->cell, {0}};
    if (ev) {
        memcpy(t.shown, b->cell, (size_t)n);
        t.shown[m->a] = b->cell[m->b];
        t.shown[m->b] = b->cell[m->a];
    }
    long long gain = match3_play_swap_rounds(&b->R, b->cell, &b->rng, m->a, m->b, ev ? tell_round : NULL, &t);
    b->score += gain;
    b->swaps++;
    gl_events_add(ev, GL_EV_SCORE, b->score);
    /* The game's end (the swap limit reached, or no swap left) is the play
     * session's GL_EV_WON / GL_EV_LOST, from status. */
    return 0;
}

static long long match3_score(const gl_board *bb) { return ((const match3_board *)bb)->score; }

static int board_empty(const match3_board *b)
{
    for (int p = 0; p < b->R.rows * b->R.cols; p++)
        if (b->cell[p]) return 0;
    return 1;
}

/* The game is over when the swap limit is reached (won: the challenge is
 * the best score in those swaps), or when no legal swap is left before it
 * (won if the board was cleared, lost otherwise), as without a limit. */
static gl_status match3_status(const gl_board *bb)
{
    const match3_board *b = (const match3_board *)bb;
    int list[MATCH3_MAX_MOVES];
    if (match3_swaps_left(b) == 0) return GL_WON;
    if (match3_legal_list(&b->R, b->cell, list) > 0) return GL_PLAYING;
    return board_empty(b) ? GL_WON : GL_LOST;
}

static void match3_status_line(const gl_board *bb, gl_strbuf *out)
{
    const match3_board *b = (const match3_board *)bb;
    int list[MATCH3_MAX_MOVES], left = match3_swaps_left(b);
    int n = left == 0 ? 0 : match3_legal_list(&b->R, b->cell, list);
    gl_sb_printf(out, "score %lld  swaps %d", b->score, b->swaps);
    if (b->limit) gl_sb_printf(out, " of %d, %d left", b->limit, left);
    gl_sb_printf(out, "  legal swaps %d%s", n,
                 left == 0 ? "  no swap left" : n ? "" : (board_empty(b) ? "  board cleared" : "  game over"));
}


static void match3_cell(const gl_board *bb, int r, int c, gl_cell_view *v)
{
    const match3_board *b = (const match3_board *)bb;
    memset(v, 0, sizeof *v);
    uint8_t k = b->cell[r * b->R.cols + c];
    if (!k) {
        v->sym = '.';
        v->flags = GL_CELL_EMPTY;
    } else {
        v->sym = (char)('0' + k);
        v->colour = k;
    }
}

static int match3_select(const gl_board *bb, const int *rc, int ncells, gl_move *m, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    if (ncells < 2) return 0;
    int r1 = rc[0], c1 = rc[1], r2 = rc[2], c2 = rc[3];
    if (abs(r1 - r2) + abs(c1 - c2) != 1) return gl_error_set(err, "pick two cells side by side");
    int a = r1 * b->R.cols + c1, q = r2 * b->R.cols + c2;
    m->a = a < q ? a : q;
    m->b = a < q ? q : a;
    m->c = 0;
    return 1;
}

/* The two tiles swapped. */
static int match3_picks(const gl_board *bb, const gl_move *m, int *rc)
{
    int idx[2] = {m->a, m->b};
    return gl_picks_of(((const match3_board *)bb)->R.cols, idx, 2, rc);
}

static int match3_move_path(const gl_board *bb, const gl_move *m, int *rc, int max)
{
    const match3_board *b = (const match3_board *)bb;
    int n = b->R.rows * b->R.cols;
    if (m->a < 0 || m->a >= n || m->b < 0 || m->b >= n) return 0;
    int cells[2] = {m->a, m->b};
    for (int k = 0; k < 2 && k < max; k++) {
        rc[2 * k] = cells[k] / b->R.cols;
        rc[2 * k + 1] = cells[k] % b->R.cols;
    }
    return 2;
}

static const gl_solver match3_solvers[] = {
    {"exact", "best total in X swaps, proved: transposition table, move ordering, branch and bound",
     "swaps engine", match3_solve_exact},
    {"best1", "the best single swap (the seed's task 1), proved", "swaps engine", match3_solve_best1},
    {"backtrack", "the seed's plain depth-first search over every legal swap (baseline), proved",
     "swaps engine", match3_solve_backtrack},
    {"pruned", "the seed's pruned search: cut when P0/(n-1)*(X-n+1)*C + P0 < best (not proved)",
     "swaps c engine", match3_solve_pruned},
    {"beam", "beam search over swap sequences, width W (not proved)", "swaps width engine",
     match3_solve_beam},
};


static const gl_preset match3_presets[] = {
    {"7x7, 4 kinds: classic match-3 (no refill)", "size=7x7 kinds=4"},
    {"7x7, 4 kinds: the best score in 10 swaps (no refill)", "size=7x7 kinds=4 swaps=10"},
    {"7x7, 4 kinds: 5 swaps, the swapped tiles' runs first (no refill)", "size=7x7 kinds=4 rules=seed swaps=5"},
    {"5x5, 4 kinds (no refill)", "size=5x5 kinds=4"},
    {"8x8, 5 kinds (no refill)", "size=8x8 kinds=5"},
    {"8x8, 6 kinds, new tiles fall in (refill)", "size=8x8 kinds=6 refill=yes"},
};

const gl_game gl_game_match3 = {
    .name = "match3",
    .cell_words = "?: tile %s\n.: empty",
    .summary = "match-three: swap for runs of 3/4/5+ (1/4/10 points), cascades",
    .move_help = "two adjacent cells, like c4-d4 (columns a.., rows 1.. from the top)",
    .rules = "Swap two tiles side by side when the swap makes a run of 3 or more of a kind in\n"
             "a row or a column.  Runs of 3, 4 and 5 or more score 1, 4 and 10; they vanish,\n"
             "the tiles above fall, and new runs made by the fall score again (cascades).\n"
             "No new tiles fall in unless the game refills (refill=yes in its ID): without\n"
             "refill the board empties as you play.  With a swap limit (swaps=X) the game\n"
             "ends after X swaps: the challenge is the best score in them.  The game also ends\n"
             "when no swap makes a run.  With rules=seed a swap resolves as in the original\n"
             "program: the runs through the two swapped tiles first.",
    .status_help = "score: the points so far\n"
                   "swaps 3 of 10, 7 left: swaps played, the limit (swaps=X), swaps left\n"
                   "legal swaps: the swaps that make a run now\n"
                   "no swap left, game over, board cleared: why the game ended",
    .solve_help = "--swaps X (default 3, or the swaps left on a board with swaps=; 1..64); pruned: --c C "
                  "(default 5); beam: --width W (default 32); --engine reference|incremental (exact: |bits; "
                  "rules=seed: seed only) picks what plays the swaps",
    .solve_words = "Solve plays the swaps that score the most in the next three (or in the swaps left), "
                   "proved the most, and plans again until no swap is left or you stop it.",
    .tour_params = "size=7x7 kinds=4",
    .tour_solve = "exact swaps=5",
    .params = match3_params,
    .nparams = MATCH3_NPARAMS,
    .score_kind = GL_SCORE_MORE,
    .score_name = "score",
    .front = GL_FRONT_DRAG,
    GL_GAME_ENTRIES(match3),
    .score = match3_score,
    .hint = match3_hint,
    .move_path = match3_move_path,
};
