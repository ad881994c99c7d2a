/* Helpers around the game interface: solutions, limits, the registry
 * lookups, reading a board of any game, and the cell notation. */
#include "gridlab/game.h"
#include "gridlab/game_impl.h"
#include "gridlab/text.h"
#include "gridlab/timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gl_keep_free(gl_keep *k)
{
    if (k && k->p && k->free) k->free(k->p);
    if (k) k->p = NULL, k->free = NULL;
}

void gl_solution_init(gl_solution *s)
{
    memset(s, 0, sizeof *s);
    gl_info_init(&s->info);
}

void gl_solution_free(gl_solution *s)
{
    free(s->moves);
    gl_info_free(&s->info);
    memset(s, 0, sizeof *s);
}

void gl_solution_clear_moves(gl_solution *s) { s->nmoves = 0; }

void gl_solution_begin(gl_solution *s)
{
    s->solved = s->optimal = 0;
    s->stopped = NULL;
    s->nodes = 0;
    s->cost = 0;
    s->nmoves = 0;
}

void gl_solution_push(gl_solution *s, gl_move m)
{
    if (s->nmoves == s->cap) {
        int nc = s->cap ? s->cap * 2 : 32;
        gl_move *p = realloc(s->moves, (size_t)nc * sizeof *p);
        if (!p) {
            fputs("gridlab: out of memory\n", stderr);
            abort();
        }
        s->moves = p;
        s->cap = nc;
    }
    s->moves[s->nmoves++] = m;
}

void gl_solution_reverse(gl_solution *s)
{
    for (int i = 0, j = s->nmoves - 1; i < j; i++, j--) {
        gl_move t = s->moves[i];
        s->moves[i] = s->moves[j];
        s->moves[j] = t;
    }
}

const gl_game *gl_game_find(const char *name)
{
    for (int i = 0; i < gl_ngames; i++)
        if (strcmp(gl_games[i]->name, name) == 0) return gl_games[i];
    return NULL;
}

const gl_solver *gl_game_solver(const gl_game *g, const char *name)
{
    if (!name) return g->nsolvers > 0 ? &g->solvers[0] : NULL;
    for (int i = 0; i < g->nsolvers; i++)
        if (strcmp(g->solvers[i].name, name) == 0) return &g->solvers[i];
    return NULL;
}

const gl_param *gl_game_param(const gl_game *g, const char *key)
{
    for (int i = 0; i < g->nparams; i++)
        if (strcmp(g->params[i].key, key) == 0) return &g->params[i];
    return NULL;
}

gl_board *gl_game_create(const gl_game *g, gl_kvlist *params, uint64_t seed, gl_error *err)
{
    gl_rng rng;
    gl_rng_seed(&rng, seed);
    gl_board *b = g->create(params, &rng, err);
    if (b && gl_kv_check_used(params, err) != 0) {
        g->destroy(b);
        b = NULL;
    }
    return b;
}

gl_board *gl_board_parse_text(const char *data, size_t len, const char *file,
                              const gl_game **game, gl_error *err)
{
    gl_text t;
    if (gl_text_parse(data, len, file, &t, err) != 0) return NULL;
    const gl_game *g = gl_game_find(t.game);
    if (!g) {
        gl_strbuf names = GL_STRBUF_INIT;
        for (int i = 0; i < gl_ngames; i++) {
            if (i) gl_sb_puts(&names, ", ");
            gl_sb_puts(&names, gl_games[i]->name);
        }
        gl_text_error(&t, t.header_line, err, "unknown game '%.40s' (known: %s)", t.game,
                      gl_sb_str(&names));
        gl_sb_free(&names);
        gl_text_free(&t);
        return NULL;
    }
    gl_board *b = g->parse(&t, err);
    gl_text_free(&t);
    if (b && game) *game = g;
    return b;
}

gl_board *gl_board_read(const char *path, const gl_game **game, gl_error *err)
{
    char *data;
    size_t len;
    if (gl_read_file(path, GL_TEXT_MAX_BYTES, &data, &len, err) != 0) return NULL;
    gl_board *b = gl_board_parse_text(data, len, strcmp(path, "-") == 0 ? "<stdin>" : path, game, err);
    free(data);
    return b;
}

int gl_cell_parse(const char *s, int *row, int *col, const char **end)
{
    const char *p = s;
    long c = 0;
    int letters = 0;
    while (*p >= 'a' && *p <= 'z') {
        if (++letters > 3) return -1;
        c = c * 26 + (*p - 'a' + 1);
        p++;
    }
    if (!letters) return -1;
    long r = 0;
    int digits = 0;
    while (*p >= '0' && *p <= '9') {
        if (++digits > 5) return -1;
        r = r * 10 + (*p - '0');
        p++;
    }
    if (!digits || r < 1) return -1;
    if (!end && *p) return -1;
    *row = (int)(r - 1);
    *col = (int)(c - 1);
    if (end) *end = p;
    return 0;
}

void gl_cell_format(int row, int col, char *buf, size_t n)
{
    if (n == 0) return;
    if (row < 0 || col < 0) { /* off the board: no name */
        snprintf(buf, n, "?");
        return;
    }
    /* In long long: the column and row after INT_MAX have names too. */
    char tmp[16];
    int k = (int)sizeof tmp - 1;
    tmp[k] = '\0';
    for (long long c = (long long)col + 1; c > 0; c = (c - 1) / 26) tmp[--k] = (char)('a' + (c - 1) % 26);
    snprintf(buf, n, "%s%lld", tmp + k, (long long)row + 1);
}

void *gl_block_new(size_t size, gl_error *err)
{
    void *b = calloc(1, size);
    if (!b) gl_error_set(err, "out of memory");
    return b;
}

gl_board *gl_block_copy(const gl_board *b, size_t size)
{
    void *c = malloc(size);
    if (c) memcpy(c, b, size);
    return c;
}

void gl_block_free(gl_board *b) { free(b); }

int gl_picks_of(int w, const int *idx, int n, int *rc)
{
    for (int k = 0; k < n; k++) {
        rc[2 * k] = idx[k] / w;
        rc[2 * k + 1] = idx[k] % w;
    }
    return n;
}

int gl_cells_move_parse(const char *text, int w, int h, int n, int *idx, const char *how, gl_error *err)
{
    const char *p = text;
    int off = 0;
    for (int k = 0; k < n; k++) {
        int r, c;
        if ((k > 0 && *p++ != '-') || gl_cell_parse(p, &r, &c, &p) != 0)
            return gl_error_set(err, "'%s' is not a move: %s", text, how);
        if (r >= h || c >= w) off = 1;
        else idx[k] = r * w + c;
    }
    if (*p != '\0') return gl_error_set(err, "'%s' is not a move: %s", text, how);
    if (off) return gl_error_set(err, "'%s': a cell is off the %dx%d board", text, w, h);
    return 0;
}

void gl_cells_move_format(int w, const int *idx, int n, char *buf, size_t size)
{
    size_t at = 0;
    if (size) buf[0] = '\0';
    for (int k = 0; k < n && at < size; k++) {
        char cell[32];
        gl_cell_format(idx[k] / w, idx[k] % w, cell, sizeof cell);
        int len = snprintf(buf + at, size - at, "%s%s", k ? "-" : "", cell);
        if (len < 0) return;
        at += (size_t)len;
    }
}

int gl_pick_index(const int *rc, int k, int w, int h)
{
    int r = rc[2 * k], c = rc[2 * k + 1];
    return r >= 0 && r < h && c >= 0 && c < w ? r * w + c : -1;
}

void gl_cells_chain(const int *rc, int n, gl_cells *out)
{
    out->n = 0;
    for (int i = 0; i < n; i++) {
        int r = rc[2 * i], c = rc[2 * i + 1];
        if (out->n > 0) { /* the straight run from the cell before */
            int pr = out->rc[2 * (out->n - 1)], pc = out->rc[2 * (out->n - 1) + 1];
            if (pr == r || pc == c) {
                int dr = (r > pr) - (r < pr), dc = (c > pc) - (c < pc);
                while ((dr || dc) && (pr + dr != r || pc + dc != c)) {
                    pr += dr;
                    pc += dc;
                    gl_cells_push(out, pr, pc);
                }
            }
        }
        gl_cells_push(out, r, c);
    }
}

void gl_game_move_cells(const gl_game *g, const gl_board *b, const gl_move *m, gl_cells *out)
{
    out->n = 0;
    if (!g->move_path) return;
    int n = g->move_path(b, m, NULL, 0);
    if (n <= 0) return;
    int *raw = malloc(sizeof(int) * 2 * (size_t)n);
    if (!raw) return;
    g->move_path(b, m, raw, n);
    gl_cells_chain(raw, n, out);
    free(raw);
}
