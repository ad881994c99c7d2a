/* The lines game table: parameters, the text format (SPEC 1 and 2.2), the
 * drawing, moves in `a1-c3` notation, and the path and hint hooks.
 *
 * Header: lines size=WxH colors=K next=123 score=S [line=5] [spawn=3]
 * [rules=klines|lines98] [turns=T] [at=e5,b2,c7] [rng=HEX].  `at` holds the
 * previewed cells under lines98 rules (`-` for one that had no free cell).
 * A board without rng= continues as if its generator had been seeded with 1. */
#include "lines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

GL_BLOCK_BOARD(lines, lines_board, b->w, b->h)

/* The parameters: the one statement of what `new`, IDs, the forms and the
 * header's shared keys take. */
static const gl_param lines_params[] = {
    {"size", GL_PARAM_SIZE, "9x9", 3, LINES_MAX_SIDE, 3, LINES_MAX_SIDE, NULL, "columns x rows", 0},
    {"colors", GL_PARAM_INT, "7", 1, LINES_MAX_COLORS, 0, 0, NULL, "ball colours", 0},
    {"line", GL_PARAM_INT, "5", 2, LINES_MAX_SIDE, 0, 0, NULL, "balls in a line that vanishes", 0},
    {"spawn", GL_PARAM_INT, "3", 1, LINES_MAX_SPAWN, 0, 0, NULL, "balls that come after a move", 0},
    {"rules", GL_PARAM_CHOICE, "klines", 0, 0, 0, 0, "klines|lines98",
     "klines: colours shown, 2n^2-20n+60 points; lines98: places shown too, n(n-4)", 0},
};

/* The keys `new` and the header share, read by the table. */
static int lines_read_params(gl_kvlist *kv, int *w, int *h, int *colors, int *line, int *spawn,
                             int *rules, gl_error *err)
{
    gl_params pv;
    if (gl_params_read(lines_params, (int)(sizeof lines_params / sizeof lines_params[0]), kv, &pv, err) != 0)
        return -1;
    gl_param_size(&pv, "size", w, h);
    /* every one has a default in the table: no fallback is ever taken */
    *colors = (int)gl_param_int(&pv, "colors", 0);
    *line = (int)gl_param_int(&pv, "line", 0);
    *spawn = (int)gl_param_int(&pv, "spawn", 0);
    *rules = gl_param_choice(&pv, "rules", 0);
    return 0;
}

static gl_board *lines_create(gl_kvlist *params, gl_rng *rng, gl_error *err)
{
    int w = 0, h = 0, colors, line, spawn, rules;
    if (lines_read_params(params, &w, &h, &colors, &line, &spawn, &rules, err) != 0) return NULL;
    if (line > w && line > h) {
        gl_error_set(err, "line=%d is longer than the %dx%d board", line, w, h);
        return NULL;
    }
    lines_board *b = lines_board_new(err);
    if (!b) return NULL;
    lines_init(b, w, h, colors, line, spawn, rules, rng);
    return (gl_board *)b;
}

static gl_board *lines_parse(gl_text *tx, gl_error *err)
{
    int w = 0, h = 0, colors, line, spawn, rules;
    long long score = 0, turns = 0;
    lines_board *b = NULL;
    if (lines_read_params(&tx->keys, &w, &h, &colors, &line, &spawn, &rules, err) != 0) return NULL;
    if (gl_kv_int(&tx->keys, "score", 0, LINES_MAX_SCORE, &score, err) != 0) return NULL;
    if (gl_kv_int(&tx->keys, "turns", 0, LINES_MAX_TURNS, &turns, err) != 0) return NULL;
    gl_kv *next = gl_kv_find(&tx->keys, "next");
    gl_kv *at = gl_kv_find(&tx->keys, "at");
    gl_kv *rng = gl_kv_find(&tx->keys, "rng");
    if (gl_text_check_keys(tx, err) != 0) return NULL;
    if (line > w && line > h) {
        gl_text_error(tx, tx->header_line, err, "line=%d is longer than the %dx%d board", line, w, h);
        return NULL;
    }
    if (gl_text_expect_rows(tx, h, err) != 0) return NULL;
    b = lines_board_new(err);
    if (!b) return NULL;
    b->w = w;
    b->h = h;
    b->n = w * h;
    b->colors = colors;
    b->line = line;
    b->spawn = spawn;
    b->rules = rules;
    b->score = score;
    b->turns = (int)turns;
    for (int r = 0; r < h; r++) {
        const gl_text_row *row = &tx->rows[r];
        if (row->len != w) {
            gl_text_error(tx, row->line, err, "row of %d cells: expected %d (size=%dx%d)", row->len, w, w, h);
            goto fail;
        }
        for (int c = 0; c < w; c++) {
            char ch = row->text[c];
            if (ch == '.') continue;
            if (ch < '1' || ch > '0' + colors) {
                char q[5];
                gl_text_error(tx, row->line, err, "column %d: unknown symbol '%s' (expected . or 1-%d)", c + 1,
                              gl_escape_byte(ch, q), colors);
                goto fail;
            }
            b->cell[r * w + c] = (uint8_t)(ch - '0');
            b->nballs++;
        }
    }
    if (rng) {
        if (gl_rng_from_hex(&b->rng, rng->value) != 0) {
            gl_text_error(tx, rng->line, err, "rng=%s: expected 64 hex digits (not all zero)", rng->value);
            goto fail;
        }
    } else {
        gl_rng_seed(&b->rng, 1);
    }
    if (next) {
        if ((int)strlen(next->value) != spawn) {
            gl_text_error(tx, next->line, err, "next=%s: expected %d colours (spawn=%d)", next->value, spawn, spawn);
            goto fail;
        }
        for (int i = 0; i < spawn; i++) {
            char ch = next->value[i];
            if (ch < '1' || ch > '0' + colors) {
                gl_text_error(tx, next->line, err, "next=%s: colours are 1 to %d", next->value, colors);
                goto fail;
            }
            b->next[i] = (uint8_t)(ch - '0');
        }
        for (int i = 0; i < spawn; i++) b->next_at[i] = -1;
        if (rules == LINES_98 && !at) {
            /* colours given, positions not: draw the positions only */
            uint8_t keep[LINES_MAX_SPAWN];
            memcpy(keep, b->next, sizeof keep);
            lines_draw_next(b);
            memcpy(b->next, keep, sizeof keep);
        }
    } else {
        if (at) {
            gl_text_error(tx, at->line, err, "at= needs next= (the colours of the previewed balls)");
            goto fail;
        }
        lines_draw_next(b);
    }
    if (at) {
        if (rules != LINES_98) {
            gl_text_error(tx, at->line, err, "at= (previewed cells) belongs to rules=lines98");
            goto fail;
        }
        const char *p = at->value;
        for (int i = 0; i < spawn; i++) {
            int r, c;
            const char *end;
            if (*p == '-') {
                b->next_at[i] = -1;
                end = p + 1;
            } else if (gl_cell_parse(p, &r, &c, &end) != 0 || r >= h || c >= w) {
                gl_text_error(tx, at->line, err, "at=%s: expected %d cells on the board like e5,b2 (or -)",
                              at->value, spawn);
                goto fail;
            } else {
                b->next_at[i] = r * w + c;
                if (b->cell[b->next_at[i]]) {
                    gl_text_error(tx, at->line, err, "at=%s: a previewed cell holds a ball", at->value);
                    goto fail;
                }
                for (int j = 0; j < i; j++)
                    if (b->next_at[j] == b->next_at[i]) {
                        gl_text_error(tx, at->line, err, "at=%s: a cell is listed twice", at->value);
                        goto fail;
                    }
            }
            p = end;
            if (i < spawn - 1 ? *p != ',' : *p != '\0') {
                gl_text_error(tx, at->line, err, "at=%s: expected %d comma-separated cells", at->value, spawn);
                goto fail;
            }
            p++;
        }
    }
    return (gl_board *)b;
fail:
    free(b);
    return NULL;
}

static void lines_format(const gl_board *gb, gl_strbuf *out)
{
    const lines_board *b = (const lines_board *)gb;
    char hex[GL_RNG_HEX_LEN + 1];
    gl_rng_to_hex(&b->rng, hex);
    gl_sb_printf(out, "lines size=%dx%d colors=%d next=", b->w, b->h, b->colors);
    for (int i = 0; i < b->spawn; i++) gl_sb_putc(out, (char)('0' + b->next[i]));
    gl_sb_printf(out, " score=%lld line=%d spawn=%d rules=%s turns=%d", b->score, b->line, b->spawn,
                 b->rules == LINES_98 ? "lines98" : "klines", b->turns);
    if (b->rules == LINES_98) {
        gl_sb_puts(out, " at=");
        for (int i = 0; i < b->spawn; i++) {
            char cb[16];
            if (b->next_at[i] >= 0) gl_cell_format(b->next_at[i] / b->w, b->next_at[i] % b->w, cb, sizeof cb);
            else snprintf(cb, sizeof cb, "-");
            gl_sb_printf(out, "%s%s", i ? "," : "", cb);
        }
    }
    gl_sb_printf(out, " rng=%s\n", hex);
    for (int r = 0; r < b->h; r++) {
        for (int c = 0; c < b->w; c++) {
            int v = b->cell[r * b->w + c];
            gl_sb_putc(out, v ? (char)('0' + v) : '.');
        }
        gl_sb_putc(out, '\n');
    }
}

/* ANSI colours of balls 1..9 (bright foreground). */
static const char *const lines_ansi[LINES_MAX_COLORS + 1] = {"0",  "1;31", "1;32", "1;33", "1;34",
                                                            "1;35", "1;36", "1;37", "0;31", "0;32"};

static int lines_preview_at(const lines_board *b, int cell)
{
    if (b->rules != LINES_98) return 0;
    for (int i = 0; i < b->spawn; i++)
        if (b->next_at[i] == cell) return b->next[i];
    return 0;
}

static void lines_render(const gl_board *gb, gl_strbuf *out, int flags)
{
    const lines_board *b = (const lines_board *)gb;
    gl_sb_puts(out, "   ");
    for (int c = 0; c < b->w; c++) gl_sb_printf(out, " %c", 'a' + c);
    gl_sb_putc(out, '\n');
    for (int r = 0; r < b->h; r++) {
        gl_sb_printf(out, "%3d", r + 1);
        for (int c = 0; c < b->w; c++) {
            int v = b->cell[r * b->w + c];
            int p = v ? 0 : lines_preview_at(b, r * b->w + c);
            if (flags & GL_RENDER_COLOR) {
                if (v) gl_sb_printf(out, " \033[%sm%d\033[0m", lines_ansi[v], v);
                else if (p) gl_sb_printf(out, " \033[2;%sm*\033[0m", lines_ansi[p] + 2);
                else gl_sb_puts(out, " .");
            } else {
                gl_sb_printf(out, " %c", v ? '0' + v : p ? '*' : '.');
            }
        }
        gl_sb_putc(out, '\n');
    }
    gl_sb_printf(out, "score %lld  next", b->score);
    for (int i = 0; i < b->spawn; i++) {
        char cb[16] = "";
        if (b->rules == LINES_98 && b->next_at[i] >= 0)
            gl_cell_format(b->next_at[i] / b->w, b->next_at[i] % b->w, cb, sizeof cb);
        if (flags & GL_RENDER_COLOR) gl_sb_printf(out, " \033[%sm%d\033[0m", lines_ansi[b->next[i]], b->next[i]);
        else gl_sb_printf(out, " %d", b->next[i]);
        if (*cb) gl_sb_printf(out, "@%s", cb);
    }
    gl_sb_putc(out, '\n');
}

static gl_status lines_status(const gl_board *gb)
{
    return lines_over((const lines_board *)gb) ? GL_LOST : GL_PLAYING;
}

static void lines_status_line(const gl_board *gb, gl_strbuf *out)
{
    const lines_board *b = (const lines_board *)gb;
    /* next: the coming balls' symbols, as the board draws them (the
     * full-screen front end colours them so) */
    gl_sb_printf(out, "score %lld  turn %d  next", b->score, b->turns);
    for (int i = 0; i < b->spawn; i++) gl_sb_printf(out, " %c", (char)('0' + b->next[i]));
    gl_sb_printf(out, "  %s rules%s", b->rules == LINES_98 ? "Lines 98" : "KLines",
                 lines_over(b) ? "  game over" : "");
}


GL_CELL_MOVES(lines, lines_board, b->w, b->h, 2, "write FROM-TO like a1-c3 (ball, then empty cell)")

static int lines_legal_moves(const gl_board *gb, gl_move *out, int max)
{
    const lines_board *b = (const lines_board *)gb;
    if (lines_over(b)) return 0;
    int label[LINES_MAX_CELLS], queue[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, NULL, LINES_MAX_CELLS};
    gl_grid_regions(b->cell, b->w, b->h, label, NULL, &ws);
    int count = 0;
    for (int from = 0; from < b->n; from++) {
        if (!b->cell[from]) continue;
        int r = from / b->w, c = from % b->w, adj[4], na = 0;
        if (r > 0 && label[from - b->w]) adj[na++] = label[from - b->w];
        if (r < b->h - 1 && label[from + b->w]) adj[na++] = label[from + b->w];
        if (c > 0 && label[from - 1]) adj[na++] = label[from - 1];
        if (c < b->w - 1 && label[from + 1]) adj[na++] = label[from + 1];
        if (!na) continue;
        for (int to = 0; to < b->n; to++) {
            int l = label[to], ok = 0;
            for (int i = 0; i < na && !ok; i++) ok = adj[i] == l;
            if (!l || !ok) continue;
            if (count < max) {
                out[count].a = from;
                out[count].b = to;
                out[count].c = 0;
            }
            count++;
        }
    }
    return count;
}


/* Checks that m is a legal move; fills path.  0 or -1 with a message. */
static int lines_check_move(const lines_board *b, const gl_move *m, int *path, int *npath, gl_error *err)
{
    char x[16], y[16];
    if (m->a < 0 || m->a >= b->n || m->b < 0 || m->b >= b->n) return gl_error_set(err, "cell off the board");
    gl_cell_format(m->a / b->w, m->a % b->w, x, sizeof x);
    gl_cell_format(m->b / b->w, m->b % b->w, y, sizeof y);
    if (lines_full(b)) return gl_error_set(err, "the game is over (the board is full)");
    if (lines_over(b))
        return gl_error_set(err, "the game is over (the turn count or the score is at the most a board file holds)");
    if (!b->cell[m->a]) return gl_error_set(err, "%s holds no ball", x);
    if (b->cell[m->b]) return gl_error_set(err, "%s is not empty", y);
    int queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    *npath = lines_path(b, m->a, m->b, path, &ws);
    if (!*npath) return gl_error_set(err, "no path of empty cells from %s to %s", x, y);
    return 0;
}

static void event_cells(gl_events *ev, const lines_board *b, const int *cells, int n)
{
    for (int i = 0; i < n; i++) gl_events_cell(ev, cells[i] / b->w, cells[i] % b->w);
}

static int lines_apply(gl_board *gb, const gl_move *m, gl_events *ev, gl_error *err)
{
    lines_board *b = (lines_board *)gb;
    int path[LINES_MAX_CELLS], npath;
    if (lines_check_move(b, m, path, &npath, err) != 0) return -1;
    lines_turn *t = malloc(sizeof *t);
    if (!t) return gl_error_set(err, "out of memory");
    lines_move(b, m->a, m->b, t);
    if (ev) {
        gl_events_add(ev, GL_EV_MOVE, 0);
        event_cells(ev, b, path, npath);
        if (t->nremoved) {
            gl_events_add(ev, GL_EV_REMOVE, t->gain);
            event_cells(ev, b, t->removed, t->nremoved);
        }
        if (t->nspawned) {
            gl_events_add(ev, GL_EV_SPAWN, 0);
            event_cells(ev, b, t->spawned, t->nspawned);
        }
        if (t->nspawn_removed) {
            gl_events_add(ev, GL_EV_REMOVE, t->spawn_gain);
            event_cells(ev, b, t->spawn_removed, t->nspawn_removed);
        }
        gl_events_add(ev, GL_EV_SCORE, b->score);
    }
    free(t);
    return 0;
}

static long long lines_score(const gl_board *gb) { return ((const lines_board *)gb)->score; }


static void lines_cell(const gl_board *gb, int r, int c, gl_cell_view *v)
{
    const lines_board *b = (const lines_board *)gb;
    memset(v, 0, sizeof *v);
    int x = b->cell[r * b->w + c];
    if (x) {
        v->sym = (char)('0' + x);
        v->colour = x;
        return;
    }
    int p = lines_preview_at(b, r * b->w + c);
    v->sym = p ? '*' : '.';
    v->colour = p;
    v->flags = GL_CELL_EMPTY | (p ? GL_CELL_MARKED : 0);
}

/* The coming balls, as the board will show them. */
static int lines_coming(const gl_board *gb, gl_cell_view *out, int max)
{
    const lines_board *b = (const lines_board *)gb;
    for (int i = 0; i < b->spawn && i < max; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].sym = (char)('0' + b->next[i]);
        out[i].colour = b->next[i];
    }
    return b->spawn;
}

static int lines_select(const gl_board *gb, const int *rc, int ncells, gl_move *m, gl_error *err)
{
    const lines_board *b = (const lines_board *)gb;
    if (ncells < 1) return 0;
    int last = gl_pick_index(rc, ncells - 1, b->w, b->h);
    if (last < 0) return gl_error_set(err, "cell off the board");
    if (b->cell[last]) return 0; /* a ball: (re)selected, now pick its target */
    int from = -1;
    for (int i = ncells - 2; i >= 0 && from < 0; i--) {
        int x = gl_pick_index(rc, i, b->w, b->h);
        if (x >= 0 && b->cell[x]) from = x;
    }
    if (from < 0) return gl_error_set(err, "pick a ball first");
    m->a = from;
    m->b = last;
    m->c = 0;
    int path[LINES_MAX_CELLS], npath;
    return lines_check_move(b, m, path, &npath, err) == 0 ? 1 : -1;
}

static int lines_move_path(const gl_board *gb, const gl_move *m, int *rc, int max)
{
    const lines_board *b = (const lines_board *)gb;
    int path[LINES_MAX_CELLS], queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    if (m->a < 0 || m->a >= b->n || m->b < 0 || m->b >= b->n) return 0;
    int n = lines_path(b, m->a, m->b, path, &ws);
    for (int k = 0; k < n && k < max; k++) {
        rc[2 * k] = path[k] / b->w;
        rc[2 * k + 1] = path[k] % b->w;
    }
    return n;
}

/* The hint is the default player's move (lines_ai_default_kind: the
 * learned player on the boards of its weights, the search player on
 * others), or --ai's, under the limits given (polled
 * inside its search); its rng is derived from the board's so the same
 * position gives the same hint without the player seeing the game's own
 * future spawns.  Stopped at a limit, it gives the best move found so far
 * (and says it stopped), or none if it had none yet; Ctrl-C asks for no
 * move at all. */
static int lines_hint(const gl_board *gb, const gl_solve_opts *o, gl_move *m, gl_info *info, gl_error *err)
{
    const lines_board *b = (const lines_board *)gb;
    gl_kvlist *opts = o ? o->opts : NULL;
    int kind = lines_ai_default_kind(b, opts);
    if (opts && gl_kv_choice(opts, "ai", "greedy|search|learned", &kind, err) != 0) return -1;
    lines_ai_cfg cfg;
    lines_ai_cfg_default(&cfg, kind);
    if (kind != LINES_AI_GREEDY && lines_ai_cfg_read(&cfg, opts, err) != 0) return -1;
    struct lines_net *net = NULL;
    if (kind == LINES_AI_LEARNED && !(net = lines_net_for(opts, b, err))) return -1;
    cfg.net = net;
    if (lines_over(b)) {
        lines_net_close(net);
        return 0;
    }
    gl_meter meter;
    gl_meter_start(&meter, o ? &o->lim : NULL);
    uint64_t seed = b->rng.s[0] ^ (b->rng.s[2] * 0x9e3779b97f4a7c15ULL) ^ 0x6c696e6573ULL;
    lines_ai *ai = lines_ai_new(&cfg, b, seed, &meter);
    int made = ai != NULL, from = 0, to = 0, found = made ? lines_ai_choose(ai, b, &from, &to) : -1;
    lines_ai_free(ai);
    lines_net_close(net);
    gl_meter_end(&meter);
    const char *stopped = meter.stopped;
    if (!made && !stopped) return gl_error_set(err, "out of memory");
    if (stopped && (found != 1 || strcmp(stopped, "interrupted") == 0)) {
        gl_error_set(err, "%s", stopped);
        return 2;
    }
    if (found != 1) return 0;
    m->a = from;
    m->b = to;
    m->c = 0;
    int path[LINES_MAX_CELLS], queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    int n = lines_path(b, from, to, path, &ws);
    int rc[2 * LINES_MAX_CELLS];
    for (int k = 0; k < n; k++) {
        rc[2 * k] = path[k] / b->w;
        rc[2 * k + 1] = path[k] % b->w;
    }
    gl_info_cells(info, "path", rc, n);
    gl_info_bool(info, "optimal", 0); /* the coming balls are chance: no move is proved the best */
    gl_info_text(info, "player", lines_ai_kind_name(kind));
    if (stopped) gl_info_text(info, "stopped", stopped);
    return 1;
}

static const gl_solver lines_solvers[] = {
    {"auto", "plays turns=N (20) turns with the learned player on boards of 9x9 and 7 colours (when the weights "
             "file of their rules is installed), the search player on others; an option of one player chooses it; cost = "
             "points scored; never optimal",
     "turns ms candidates depth width discount top branch samples decisions weights", lines_solve_auto},
    {"search", "plays turns=N (20) turns with the lookahead player; cost = points scored; never optimal",
     "turns ms candidates depth width discount", lines_solve_search},
    {"greedy", "plays turns=N (20) turns with the one-move player; cost = points scored; never optimal",
     "turns", lines_solve_greedy},
    {"learned", "plays turns=N (20) turns with the learned player (9x9, 7 colours, either rules); cost = points "
                "scored; never optimal",
     "turns ms top branch samples decisions weights", lines_solve_learned},
};


static const gl_preset lines_presets[] = {
    {"9x9, 7 colours (KLines)", "size=9x9 colors=7"},
    {"9x9, 7 colours, next places shown (Lines 98)", "size=9x9 colors=7 rules=lines98"},
    {"9x9, 5 colours (the classic Line game)", "size=9x9 colors=5"},
    {"7x7, 5 colours, lines of 4", "size=7x7 colors=5 line=4"},
};

const gl_game gl_game_lines = {
    .name = "lines",
    .cell_words = "?: ball %s\n.: empty\n*: empty, ball %n comes here next",
    .summary = "Color Lines: move balls along free paths, make lines of 5, score before the board fills",
    .move_help = "FROM-TO: a ball to an empty cell reachable through empty cells (like a1-c3)",
    .rules = "Move a ball to an empty cell it can reach through empty cells (up, down, left,\n"
             "right).  {line} or more balls of a colour in a row, a column or a diagonal vanish\n"
             "and score.  A move that removes nothing brings {spawn} new balls, in the colours\n"
             "shown as next.  The game ends when the board is full.",
    .status_help = "score: the points so far (5 in a line: 10 in KLines, 5 in Lines 98)\n"
                   "turn: the moves played\n"
                   "next 5 3 5: the colours of the balls a move that scores nothing brings\n"
                   "KLines, Lines 98 rules: the scoring; Lines 98 shows where balls fall\n"
                   "game over: the board is full",
    .solve_help = "--turns N: turns the player plays (20); search: --candidates N (20), --depth D (4, at "
                  "most 6), --width W (4), --discount P (30), --ms MS: CPU ceiling per move (50)",
    .solve_words = "Solve plays on with the computer's player until the board is full or you stop it: on "
                   "9x9 boards of 7 colours the learned one, which values positions from millions of training "
                   "games, otherwise one that looks a few balls ahead.  The coming balls are chance, so no move is "
                   "proved the best.",
    .tour_params = "rules=lines98",
    .tour_solve = "search turns=10 ms=1000", /* the ceiling out of reach: the same moves on any machine */
    .params = lines_params,
    .nparams = (int)(sizeof lines_params / sizeof lines_params[0]),
    .score_kind = GL_SCORE_MORE,
    .score_name = "score",
    GL_GAME_ENTRIES(lines),
    .score = lines_score,
    .hint = lines_hint,
    .move_path = lines_move_path,
    .coming = lines_coming,
};
