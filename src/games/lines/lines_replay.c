/* Replays (SPEC 2.2): the writer used by autoplay and play, and a checker
 * that re-simulates every turn of every game in a file.
 *
 * The checker does not have the game's rng: it takes the spawn cells from
 * the file and verifies everything else against the rules: the move is a
 * ball to an empty cell, the path is a shortest path of empty cells, the
 * removed cells are exactly the lines through the moved ball, a scoring
 * move spawned nothing, the spawned colours are the previewed ones (and
 * under lines98 on the previewed cells while those are free), the spawned
 * balls' lines were removed, the points follow the rules' table, the score
 * adds up and the end line agrees. */
#include "lines.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ writer */

static void json_cells(gl_json *j, const lines_board *b, const int *cells, const uint8_t *colour, int n)
{
    gl_json_arr_begin(j);
    for (int i = 0; i < n; i++) {
        gl_json_arr_begin(j);
        gl_json_int(j, cells[i] / b->w);
        gl_json_int(j, cells[i] % b->w);
        if (colour) gl_json_int(j, colour[i]);
        gl_json_arr_end(j);
    }
    gl_json_arr_end(j);
}

static void json_next(gl_json *j, const lines_board *b)
{
    gl_json_arr_begin(j);
    for (int i = 0; i < b->spawn; i++) {
        if (b->rules == LINES_98) {
            gl_json_arr_begin(j);
            gl_json_int(j, b->next_at[i] >= 0 ? b->next_at[i] / b->w : -1);
            gl_json_int(j, b->next_at[i] >= 0 ? b->next_at[i] % b->w : -1);
            gl_json_int(j, b->next[i]);
            gl_json_arr_end(j);
        } else {
            gl_json_int(j, b->next[i]);
        }
    }
    gl_json_arr_end(j);
}

void lines_replay_start(const lines_board *b, gl_strbuf *out)
{
    gl_json j;
    gl_json_init(&j, out);
    gl_json_obj_begin(&j);
    gl_json_key(&j, "start");
    gl_json_obj_begin(&j);
    gl_json_key(&j, "size");
    gl_json_arr_begin(&j);
    gl_json_int(&j, b->w);
    gl_json_int(&j, b->h);
    gl_json_arr_end(&j);
    gl_json_key(&j, "colors");
    gl_json_int(&j, b->colors);
    gl_json_key(&j, "line");
    gl_json_int(&j, b->line);
    gl_json_key(&j, "spawn");
    gl_json_int(&j, b->spawn);
    gl_json_key(&j, "rules");
    gl_json_str(&j, b->rules == LINES_98 ? "lines98" : "klines");
    gl_json_key(&j, "board");
    gl_json_arr_begin(&j);
    char row[LINES_MAX_SIDE + 1];
    for (int r = 0; r < b->h; r++) {
        for (int c = 0; c < b->w; c++) row[c] = b->cell[r * b->w + c] ? (char)('0' + b->cell[r * b->w + c]) : '.';
        row[b->w] = '\0';
        gl_json_str(&j, row);
    }
    gl_json_arr_end(&j);
    gl_json_key(&j, "next");
    json_next(&j, b);
    gl_json_obj_end(&j);
    gl_json_obj_end(&j);
    gl_sb_putc(out, '\n');
}

void lines_replay_turn(const lines_board *after, const lines_turn *t, const int *path, int npath, gl_strbuf *out)
{
    const lines_board *b = after;
    gl_json j;
    char x[16], y[16], mv[40];
    gl_cell_format(t->from / b->w, t->from % b->w, x, sizeof x);
    gl_cell_format(t->to / b->w, t->to % b->w, y, sizeof y);
    snprintf(mv, sizeof mv, "%s-%s", x, y);
    gl_json_init(&j, out);
    gl_json_obj_begin(&j);
    gl_json_key(&j, "move");
    gl_json_str(&j, mv);
    gl_json_key(&j, "path");
    json_cells(&j, b, path, NULL, npath);
    gl_json_key(&j, "removed");
    json_cells(&j, b, t->removed, NULL, t->nremoved);
    gl_json_key(&j, "gain");
    gl_json_int(&j, t->gain);
    gl_json_key(&j, "spawned");
    json_cells(&j, b, t->spawned, t->spawned_colour, t->nspawned);
    gl_json_key(&j, "spawn_removed");
    json_cells(&j, b, t->spawn_removed, NULL, t->nspawn_removed);
    gl_json_key(&j, "spawn_gain");
    gl_json_int(&j, t->spawn_gain);
    gl_json_key(&j, "next");
    json_next(&j, b);
    gl_json_key(&j, "score");
    gl_json_int(&j, b->score);
    gl_json_obj_end(&j);
    gl_sb_putc(out, '\n');
}

void lines_replay_end(const lines_board *b, gl_strbuf *out)
{
    gl_sb_printf(out, "{\"end\":{\"score\":%lld,\"turns\":%d}}\n", b->score, b->turns);
}

/* ------------------------------------------------------------ checker */

typedef struct check_ctx {
    const char *file;
    int line;
    gl_error *err;
} check_ctx;

static int fail(check_ctx *x, const char *what)
{
    return gl_error_at(x->err, x->file, x->line, "%s", what);
}

/* An integer member (or element), within [lo, hi]. */
static int get_int(check_ctx *x, const gl_jv *v, long long lo, long long hi, long long *out, const char *what)
{
    *out = 0; /* defined on every path: callers read it only on success */
    if (!v || v->type != GL_JV_NUM || v->num != floor(v->num) || v->num < (double)lo || v->num > (double)hi)
        return gl_error_at(x->err, x->file, x->line, "%s: expected an integer from %lld to %lld", what, lo, hi);
    *out = (long long)v->num;
    return 0;
}

static const gl_jv *get_arr(check_ctx *x, const gl_jv *obj, const char *key)
{
    const gl_jv *v = gl_jv_get(obj, key);
    if (!v || v->type != GL_JV_ARR) {
        gl_error_at(x->err, x->file, x->line, "\"%s\": expected an array", key);
        return NULL;
    }
    return v;
}

/* A list of [r,c] (ncol 2) or [r,c,colour] (ncol 3) into cells/colour. */
static int get_cells(check_ctx *x, const lines_board *b, const gl_jv *arr, int ncol, int *cells, int *colour,
                     int max, int *n, const char *what)
{
    if ((int)arr->n > max) return gl_error_at(x->err, x->file, x->line, "\"%s\": too many cells", what);
    for (size_t i = 0; i < arr->n; i++) {
        const gl_jv *e = &arr->items[i];
        long long r, c, k = 0;
        if (e->type != GL_JV_ARR || (int)e->n != ncol)
            return gl_error_at(x->err, x->file, x->line, "\"%s\": expected [row,col%s] items", what,
                               ncol == 3 ? ",colour" : "");
        if (get_int(x, &e->items[0], 0, b->h - 1, &r, what) || get_int(x, &e->items[1], 0, b->w - 1, &c, what))
            return -1;
        if (ncol == 3 && get_int(x, &e->items[2], 1, b->colors, &k, what)) return -1;
        cells[i] = (int)(r * b->w + c);
        if (colour) colour[i] = (int)k;
    }
    *n = (int)arr->n;
    return 0;
}

/* Same set of cells, each listed once. */
static int same_set(const int *a, int na, const int *expect, int ne)
{
    if (na != ne) return 0;
    for (int i = 0; i < na; i++) {
        int found = 0;
        for (int j = 0; j < ne; j++) found |= a[i] == expect[j];
        for (int j = 0; j < i; j++)
            if (a[j] == a[i]) return 0;
        if (!found) return 0;
    }
    return 1;
}

/* The preview of a start or turn line.  drawn: the preview was drawn after
 * this turn's spawn, so every previewed ball has a cell while cells are
 * free.  A preview kept through a scoring move (or given with the start
 * position) may lack cells that were full when it was drawn. */
static int read_next(check_ctx *x, lines_board *b, const gl_jv *obj, int drawn)
{
    const gl_jv *nx = get_arr(x, obj, "next");
    if (!nx) return -1;
    if ((int)nx->n != b->spawn) return fail(x, "\"next\": expected one entry per spawned ball");
    for (int i = 0; i < b->spawn; i++) {
        long long k;
        if (b->rules == LINES_98) {
            const gl_jv *e = &nx->items[i];
            long long r, c;
            if (e->type != GL_JV_ARR || e->n != 3) return fail(x, "\"next\": expected [row,col,colour] items");
            if (get_int(x, &e->items[0], -1, b->h - 1, &r, "next") || get_int(x, &e->items[1], -1, b->w - 1, &c, "next") ||
                get_int(x, &e->items[2], 1, b->colors, &k, "next"))
                return -1;
            if ((r < 0) != (c < 0)) return fail(x, "\"next\": a position is [-1,-1] or on the board");
            b->next_at[i] = r < 0 ? -1 : (int)(r * b->w + c);
            if (b->next_at[i] >= 0 && b->cell[b->next_at[i]]) return fail(x, "\"next\": a previewed cell holds a ball");
            for (int j = 0; j < i; j++)
                if (b->next_at[i] >= 0 && b->next_at[j] == b->next_at[i]) return fail(x, "\"next\": a cell is previewed twice");
        } else {
            if (get_int(x, &nx->items[i], 1, b->colors, &k, "next")) return -1;
            b->next_at[i] = -1;
        }
        b->next[i] = (uint8_t)k;
    }
    if (b->rules == LINES_98 && drawn) {
        int empties = b->n - b->nballs, placed = 0;
        for (int i = 0; i < b->spawn; i++) placed += b->next_at[i] >= 0;
        if (placed < (empties < b->spawn ? empties : b->spawn))
            return fail(x, "\"next\": a previewed ball has no cell although cells are free");
    }
    return 0;
}

static int check_start(check_ctx *x, const gl_jv *st, lines_board *b)
{
    long long w, h, k, l, s;
    const gl_jv *size = get_arr(x, st, "size");
    if (!size) return -1;
    if (size->n != 2) return fail(x, "\"size\": expected [W,H]");
    if (get_int(x, &size->items[0], 3, LINES_MAX_SIDE, &w, "size") || get_int(x, &size->items[1], 3, LINES_MAX_SIDE, &h, "size") ||
        get_int(x, gl_jv_get(st, "colors"), 1, LINES_MAX_COLORS, &k, "colors") ||
        get_int(x, gl_jv_get(st, "line"), 2, LINES_MAX_SIDE, &l, "line") ||
        get_int(x, gl_jv_get(st, "spawn"), 1, LINES_MAX_SPAWN, &s, "spawn"))
        return -1;
    const gl_jv *rules = gl_jv_get(st, "rules");
    if (!rules || rules->type != GL_JV_STR || (strcmp(rules->str, "klines") && strcmp(rules->str, "lines98")))
        return fail(x, "\"rules\": expected \"klines\" or \"lines98\"");
    memset(b, 0, sizeof *b);
    b->w = (int)w;
    b->h = (int)h;
    b->n = b->w * b->h;
    b->colors = (int)k;
    b->line = (int)l;
    b->spawn = (int)s;
    b->rules = strcmp(rules->str, "lines98") == 0 ? LINES_98 : LINES_KLINES;
    gl_rng_seed(&b->rng, 1);
    const gl_jv *rows = get_arr(x, st, "board");
    if (!rows) return -1;
    if ((int)rows->n != b->h) return fail(x, "\"board\": expected one string per row");
    for (int r = 0; r < b->h; r++) {
        const gl_jv *row = &rows->items[r];
        if (row->type != GL_JV_STR || (int)strlen(row->str) != b->w) return fail(x, "\"board\": a row of the wrong length");
        for (int c = 0; c < b->w; c++) {
            char ch = row->str[c];
            if (ch == '.') continue;
            if (ch < '1' || ch > '0' + b->colors) return fail(x, "\"board\": unknown symbol");
            b->cell[r * b->w + c] = (uint8_t)(ch - '0');
            b->nballs++;
        }
    }
    return read_next(x, b, st, 0);
}

static int check_turn(check_ctx *x, const gl_jv *tv, lines_board *b, gl_grid_ws *ws)
{
    int cells[LINES_MAX_CELLS], colour[LINES_MAX_CELLS], n;
    int expect[LINES_MAX_CELLS];
    uint8_t expect_colour[LINES_MAX_CELLS];
    long long v;
    if (lines_full(b)) return fail(x, "a turn after the board filled up (the game was over)");
    if (b->turns >= LINES_MAX_TURNS) return fail(x, "more turns than a game has (1073741824)");
    const gl_jv *mv = gl_jv_get(tv, "move");
    int r1, c1, r2, c2;
    const char *end;
    if (!mv || mv->type != GL_JV_STR || gl_cell_parse(mv->str, &r1, &c1, &end) || *end != '-' ||
        gl_cell_parse(end + 1, &r2, &c2, &end) || *end || r1 >= b->h || c1 >= b->w || r2 >= b->h || c2 >= b->w)
        return fail(x, "\"move\": expected a move like \"a1-c3\" on the board");
    int from = r1 * b->w + c1, to = r2 * b->w + c2;
    if (!b->cell[from]) return fail(x, "\"move\": the source holds no ball");
    if (b->cell[to]) return fail(x, "\"move\": the target is not empty");
    const gl_jv *arr = get_arr(x, tv, "path");
    if (!arr || get_cells(x, b, arr, 2, cells, NULL, LINES_MAX_CELLS, &n, "path")) return -1;
    if (n < 2 || cells[0] != from || cells[n - 1] != to) return fail(x, "\"path\": must run from the ball to the target");
    for (int i = 1; i < n; i++) {
        int a = cells[i - 1], c = cells[i];
        int dr = abs(a / b->w - c / b->w), dc = abs(a % b->w - c % b->w);
        if (dr + dc != 1) return fail(x, "\"path\": consecutive cells are not neighbours");
        if (b->cell[c]) return fail(x, "\"path\": runs through a ball");
    }
    int dist = gl_grid_distance(b->cell, b->w, b->h, from, to, ws);
    if (dist < 0) return fail(x, "\"path\": the target is not reachable");
    if (n - 1 != dist) return fail(x, "\"path\": not a shortest path");
    /* the move and its lines */
    lines_turn t;
    t.nremoved = 0;
    b->cell[to] = b->cell[from];
    b->cell[from] = 0;
    b->turns++;
    lines_collect(b, to, expect, expect_colour, &t.nremoved);
    arr = get_arr(x, tv, "removed");
    if (!arr || get_cells(x, b, arr, 2, cells, NULL, LINES_MAX_CELLS, &n, "removed")) return -1;
    if (!same_set(cells, n, expect, t.nremoved)) return fail(x, "\"removed\": not the lines through the moved ball");
    for (int i = 0; i < n; i++) b->cell[cells[i]] = 0;
    b->nballs -= n;
    if (get_int(x, gl_jv_get(tv, "gain"), 0, 1LL << 50, &v, "gain")) return -1;
    if (v != lines_points(b->rules, n)) return fail(x, "\"gain\": not the points for the balls removed");
    b->score += v;
    int spawns = n == 0 || b->nballs == 0;
    arr = get_arr(x, tv, "spawned");
    if (!arr || get_cells(x, b, arr, 3, cells, colour, LINES_MAX_SPAWN, &n, "spawned")) return -1;
    int empties = b->n - b->nballs;
    int want = spawns ? (empties < b->spawn ? empties : b->spawn) : 0;
    if (n != want) return fail(x, spawns ? "\"spawned\": expected the previewed balls (as many as fit)"
                                         : "\"spawned\": a scoring move spawns nothing");
    for (int i = 0; i < n; i++) {
        if (colour[i] != b->next[i]) return fail(x, "\"spawned\": not the previewed colour");
        if (b->cell[cells[i]]) return fail(x, "\"spawned\": a ball on a full cell");
        if (b->rules == LINES_98 && b->next_at[i] >= 0 && !b->cell[b->next_at[i]] && cells[i] != b->next_at[i])
            return fail(x, "\"spawned\": not on the previewed (and free) cell");
        b->cell[cells[i]] = (uint8_t)colour[i];
        b->nballs++;
    }
    int ne = 0;
    for (int i = 0; i < n; i++) lines_collect(b, cells[i], expect, expect_colour, &ne);
    arr = get_arr(x, tv, "spawn_removed");
    if (!arr || get_cells(x, b, arr, 2, cells, NULL, LINES_MAX_CELLS, &n, "spawn_removed")) return -1;
    if (!same_set(cells, n, expect, ne)) return fail(x, "\"spawn_removed\": not the lines through the spawned balls");
    for (int i = 0; i < n; i++) b->cell[cells[i]] = 0;
    b->nballs -= n;
    if (get_int(x, gl_jv_get(tv, "spawn_gain"), 0, 1LL << 50, &v, "spawn_gain")) return -1;
    if (v != lines_points(b->rules, n)) return fail(x, "\"spawn_gain\": not the points for the balls removed");
    b->score += v;
    if (spawns) {
        if (read_next(x, b, tv, 1)) return -1;
    } else {
        lines_board same = *b;
        if (read_next(x, &same, tv, 0)) return -1;
        if (memcmp(same.next, b->next, sizeof b->next) || memcmp(same.next_at, b->next_at, sizeof b->next_at))
            return fail(x, "\"next\": changed although nothing spawned");
    }
    if (get_int(x, gl_jv_get(tv, "score"), 0, 1LL << 50, &v, "score")) return -1;
    if (v != b->score) return fail(x, "\"score\": does not add up");
    return 0;
}

void lines_replay_checker_init(lines_replay_checker *c, const char *file)
{
    memset(c, 0, sizeof *c);
    c->file = file;
}

/* One line: a start line, a turn line of the game begun, or its end line. */
static int check_value(lines_replay_checker *c, check_ctx *x, const gl_jv *v)
{
    int queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    lines_board *b = &c->board;
    if (v->type != GL_JV_OBJ) return fail(x, "expected a JSON object");
    const gl_jv *st = gl_jv_get(v, "start"), *en = gl_jv_get(v, "end");
    if (st) {
        if (c->open) return fail(x, "a start line before the previous game's end line");
        if (st->type != GL_JV_OBJ) return fail(x, "\"start\": expected an object");
        if (check_start(x, st, b) != 0) return -1;
        c->open = 1;
        return 0;
    }
    if (en) {
        long long score, turns;
        if (!c->open) return fail(x, "an end line without a start line");
        if (en->type != GL_JV_OBJ) return fail(x, "\"end\": expected an object");
        if (get_int(x, gl_jv_get(en, "score"), 0, 1LL << 50, &score, "score") ||
            get_int(x, gl_jv_get(en, "turns"), 0, 1LL << 40, &turns, "turns"))
            return -1;
        if (score != b->score) return fail(x, "\"end\": the score is not the game's");
        if (turns != b->turns) return fail(x, "\"end\": the turn count is not the game's");
        c->open = 0;
        c->games++;
        return 0;
    }
    if (!c->open) return fail(x, "a turn line without a start line");
    if (check_turn(x, v, b, &ws) != 0) return -1;
    c->turns++;
    return 0;
}

int lines_replay_check_line(lines_replay_checker *c, const char *text, size_t len, gl_error *err)
{
    check_ctx x = {c->file, ++c->line, err};
    if (c->line == 1 && gl_text_has_bom(text, len)) {
        text += 3;
        len -= 3;
    }
    if (len > LINES_REPLAY_MAX_LINE)
        return gl_error_at(err, c->file, c->line, "line too long (more than %d bytes)", LINES_REPLAY_MAX_LINE);
    if (len && text[len - 1] == '\r') len--;
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t')) i++;
    if (i == len) return 0; /* blank */
    gl_jv v;
    gl_error jerr = {0};
    if (gl_jv_parse(text, len, &v, &jerr) != 0) return gl_error_at(err, c->file, c->line, "not JSON: %s", jerr.msg);
    int rc = check_value(c, &x, &v);
    gl_jv_free(&v);
    return rc;
}

int lines_replay_check_end(lines_replay_checker *c, gl_error *err)
{
    if (c->open) return gl_error_at(err, c->file, c->line, "the last game has no end line");
    if (c->games == 0) return gl_error_at(err, c->file, c->line, "no game in the file");
    return 0;
}

int lines_replay_check(const char *text, size_t len, const char *file, int *games, long long *turns, gl_error *err)
{
    lines_replay_checker *c = malloc(sizeof *c);
    if (!c) return gl_error_set(err, "out of memory");
    lines_replay_checker_init(c, file);
    int rc = 0;
    for (size_t pos = 0; pos < len && rc == 0;) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t eol = nl ? (size_t)(nl - text) : len;
        rc = lines_replay_check_line(c, text + pos, eol - pos, err);
        pos = eol + 1;
    }
    if (rc == 0) rc = lines_replay_check_end(c, err);
    *games = c->games;
    *turns = c->turns;
    free(c);
    return rc;
}
