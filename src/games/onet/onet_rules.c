/* Onet rules: links, removal, bombs, deadlock reshuffles (the game
 * table: onet.c).
 *
 * A move names two tiles.  It is legal when they are the same kind and the
 * link kernel finds a path of at most two turns between them through empty
 * cells and bombs (and the ring when border=1).  The shortest such path is
 * the one used, so whether a move crosses a bomb is a property of the board,
 * not of how the player drew the line. */
#include "onet.h"

#include <stdlib.h>
#include <string.h>

onet_board *onet_alloc(int w, int h, int border)
{
    onet_board *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->w = w;
    b->h = h;
    b->pw = w + 4;
    b->ph = h + 4;
    b->border = border;
    b->g = malloc((size_t)b->pw * (size_t)b->ph);
    if (!b->g) {
        free(b);
        return NULL;
    }
    /* Guard ring walls; the inner ring is open only with border=1. */
    for (int r = -2; r < h + 2; r++)
        for (int c = -2; c < w + 2; c++) {
            int guard = r == -2 || c == -2 || r == h + 1 || c == w + 1;
            int ring = !guard && (r == -1 || c == -1 || r == h || c == w);
            b->g[onet_at(b, r, c)] = guard || (ring && !border) ? ONET_WALL : ONET_EMPTY;
        }
    gl_rng_seed(&b->rng, 0);
    return b;
}

onet_board *onet_copy(const onet_board *b)
{
    onet_board *c = onet_alloc(b->w, b->h, b->border);
    if (!c) return NULL;
    uint8_t *g = c->g;
    *c = *b;
    c->g = g;
    memcpy(c->g, b->g, (size_t)b->pw * (size_t)b->ph);
    return c;
}

void onet_assign(onet_board *dst, const onet_board *src)
{
    memcpy(dst->g, src->g, (size_t)src->pw * (size_t)src->ph);
    dst->rng = src->rng;
}

void onet_free(onet_board *b)
{
    if (!b) return;
    free(b->g);
    free(b);
}

int onet_symbol_kind(char c)
{
    if (c == '\0') return -1;
    const char *p = strchr(ONET_SYMBOLS, c);
    return p ? (int)(p - ONET_SYMBOLS) : -1;
}

int onet_link(const onet_board *b, int i, int j, int *out)
{
    if (i == j || !onet_is_tile(b->g[i]) || b->g[i] != b->g[j]) return 0;
    gl_link_grid g = onet_grid(b);
    int n = gl_link_path(&g, i, j, ONET_MAX_TURNS, out);
    return n > 0 ? n : 0;
}

/* All linkable pairs by extents.  A link of at most two turns is
 * vertical-horizontal-vertical or horizontal-vertical-horizontal (with
 * legs of length zero for fewer turns).  So with each tile's clear run up
 * and down (its vertical extent) and left and right, tiles A and B link
 * iff some row r in both vertical extents has no wall strictly between
 * their columns, or some column in both horizontal extents has none
 * strictly between their rows; per-row and per-column prefix counts of
 * walls make each test O(1).  Only pairs of one kind are tested, so on a
 * board with four tiles of a kind this is ~6 pairs per kind, O(W+H) each,
 * whatever the number of empty cells (the sweep's cost grows with them). */
typedef struct extent {
    int i, r, c;                /* padded index, padded row and column */
    int up, down, left, right;  /* clear runs, inclusive of the tile's own row/column */
} extent;

static void extent_of(const onet_board *b, int i, extent *e)
{
    const int pw = b->pw, r = i / pw, c = i % pw;
    int x;
    e->i = i;
    e->r = r;
    e->c = c;
    for (x = r; b->g[(x - 1) * pw + c] <= ONET_BOMB; x--) {}
    e->up = x;
    for (x = r; b->g[(x + 1) * pw + c] <= ONET_BOMB; x++) {}
    e->down = x;
    for (x = c; b->g[r * pw + x - 1] <= ONET_BOMB; x--) {}
    e->left = x;
    for (x = c; b->g[r * pw + x + 1] <= ONET_BOMB; x++) {}
    e->right = x;
}

int onet_linkable(const onet_board *b, int i, int j)
{
    if (i == j || !onet_is_tile(b->g[i]) || b->g[i] != b->g[j]) return 0;
    extent A, B;
    extent_of(b, i, &A);
    extent_of(b, j, &B);
    const int pw = b->pw;
    int lo = A.up > B.up ? A.up : B.up, hi = A.down < B.down ? A.down : B.down;
    int c1 = A.c < B.c ? A.c : B.c, c2 = A.c < B.c ? B.c : A.c;
    for (int r = lo; r <= hi; r++) {
        int c = c1 + 1;
        while (c < c2 && b->g[r * pw + c] <= ONET_BOMB) c++;
        if (c >= c2) return 1;
    }
    lo = A.left > B.left ? A.left : B.left;
    hi = A.right < B.right ? A.right : B.right;
    int r1 = A.r < B.r ? A.r : B.r, r2 = A.r < B.r ? B.r : A.r;
    for (int c = lo; c <= hi; c++) {
        int r = r1 + 1;
        while (r < r2 && b->g[r * pw + c] <= ONET_BOMB) r++;
        if (r >= r2) return 1;
    }
    return 0;
}

int onet_pairs(const onet_board *b, gl_link_scratch *sc, int *pairs, int max)
{
    (void)sc;
    const int pw = b->pw, ph = b->ph;
    /* rowwall[r*(pw+1)+c]: walls in row r left of column c; colwall alike. */
    int rowwall[(ONET_MAX_SIDE + 4) * (ONET_MAX_SIDE + 5)], colwall[(ONET_MAX_SIDE + 4) * (ONET_MAX_SIDE + 5)];
    for (int r = 0; r < ph; r++) {
        int *rw = rowwall + r * (pw + 1);
        rw[0] = 0;
        for (int c = 0; c < pw; c++) rw[c + 1] = rw[c] + (b->g[r * pw + c] > ONET_BOMB);
    }
    for (int c = 0; c < pw; c++) {
        int *cw = colwall + c * (ph + 1);
        cw[0] = 0;
        for (int r = 0; r < ph; r++) cw[r + 1] = cw[r] + (b->g[r * pw + c] > ONET_BOMB);
    }
    extent ex[ONET_MAX_SIDE * ONET_MAX_SIDE];
    /* next[t]: the next tile of t's kind in reading order. */
    int next[ONET_MAX_SIDE * ONET_MAX_SIDE], last[ONET_KIND0 + ONET_NKINDS];
    for (int k = 0; k < ONET_KIND0 + ONET_NKINDS; k++) last[k] = -1;
    int nt = 0;
    for (int r = 2; r < ph - 2; r++)
        for (int c = 2; c < pw - 2; c++) {
            int i = r * pw + c;
            uint8_t v = b->g[i];
            if (!onet_is_tile(v)) continue;
            extent_of(b, i, &ex[nt]);
            next[nt] = -1;
            if (last[v] >= 0) next[last[v]] = nt;
            last[v] = nt;
            nt++;
        }
    int n = 0;
    for (int a = 0; a < nt; a++) {
        const extent *A = &ex[a];
        for (int z = next[a]; z >= 0; z = next[z]) {
            const extent *B = &ex[z];
            int linked = 0;
            /* Middle leg horizontal, on a row both can reach vertically. */
            int lo = A->up > B->up ? A->up : B->up, hi = A->down < B->down ? A->down : B->down;
            int c1 = A->c < B->c ? A->c : B->c, c2 = A->c < B->c ? B->c : A->c;
            for (int r = lo; r <= hi && !linked; r++) {
                const int *rw = rowwall + r * (pw + 1);
                linked = rw[c2] - rw[c1 + 1] == 0 || c1 == c2;
            }
            /* Middle leg vertical, on a column both can reach sideways. */
            lo = A->left > B->left ? A->left : B->left;
            hi = A->right < B->right ? A->right : B->right;
            int r1 = A->r < B->r ? A->r : B->r, r2 = A->r < B->r ? B->r : A->r;
            for (int c = lo; c <= hi && !linked; c++) {
                const int *cw = colwall + c * (ph + 1);
                linked = cw[r2] - cw[r1 + 1] == 0 || r1 == r2;
            }
            if (!linked) continue;
            if (n < max) {
                pairs[2 * n] = A->i;
                pairs[2 * n + 1] = B->i;
            }
            n++;
            if (max == 1) return n; /* an existence query */
        }
    }
    return n;
}

int onet_pairs_sweep(const onet_board *b, gl_link_scratch *sc, int *pairs, int max)
{
    gl_link_grid g = onet_grid(b);
    int hits[(ONET_MAX_SIDE + 4) * (ONET_MAX_SIDE + 4)]; /* every cell at most once */
    int n = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) {
            int i = onet_at(b, r, c);
            uint8_t k = b->g[i];
            if (!onet_is_tile(k)) continue;
            int nh = gl_link_targets(&g, i, ONET_MAX_TURNS, sc, hits, (int)(sizeof hits / sizeof hits[0]));
            if (nh > (int)(sizeof hits / sizeof hits[0])) nh = (int)(sizeof hits / sizeof hits[0]);
            for (int t = 0; t < nh; t++) {
                int j = hits[t];
                if (j > i && b->g[j] == k) {
                    if (n < max) {
                        pairs[2 * n] = i;
                        pairs[2 * n + 1] = j;
                    }
                    n++;
                }
            }
        }
    return n;
}

int onet_any_pair(const onet_board *b, gl_link_scratch *sc)
{
    int p[2];
    return onet_pairs(b, sc, p, 1) > 0;
}

int onet_count_tiles(const onet_board *b)
{
    int n = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) n += onet_is_tile(b->g[onet_at(b, r, c)]);
    return n;
}

int onet_goal_reached(const onet_board *b)
{
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) {
            uint8_t v = b->g[onet_at(b, r, c)];
            if (!onet_is_tile(v)) continue;
            if (b->goal == ONET_GOAL_ALL || v == ONET_KIND0 + ONET_OBSTACLE) return 0;
        }
    return 1;
}

void onet_place_bombs(onet_board *b, int n)
{
    int cells[ONET_MAX_SIDE * ONET_MAX_SIDE];
    int ne = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) {
            int i = onet_at(b, r, c);
            if (b->g[i] == ONET_BOMB) b->g[i] = ONET_EMPTY;
            if (b->g[i] == ONET_EMPTY) cells[ne++] = i;
        }
    /* A partial Fisher-Yates: the first n of a random order. */
    for (int k = 0; k < n && k < ne; k++) {
        int x = k + (int)gl_rng_below(&b->rng, (uint64_t)(ne - k));
        int t = cells[k];
        cells[k] = cells[x];
        cells[x] = t;
        b->g[cells[k]] = ONET_BOMB;
    }
}

int onet_remove(onet_board *b, int i, int j, const int *corners, int ncorners)
{
    uint8_t kind = b->g[i];
    int bombed = 0;
    for (int k = 0; k + 1 < ncorners; k++) {
        int a = corners[k], z = corners[k + 1];
        int step = onet_row(b, a) == onet_row(b, z) ? (z > a ? 1 : -1) : (z > a ? b->pw : -b->pw);
        for (int x = a + step; x != z; x += step)
            if (b->g[x] == ONET_BOMB) bombed = 1;
    }
    int removed = 2;
    b->g[i] = b->g[j] = ONET_EMPTY;
    if (bombed)
        for (int r = 0; r < b->h; r++)
            for (int c = 0; c < b->w; c++) {
                int x = onet_at(b, r, c);
                if (b->g[x] == kind) {
                    b->g[x] = ONET_EMPTY;
                    removed++;
                }
            }
    if (b->bombs) onet_place_bombs(b, b->bombs);
    return removed;
}

int onet_settle(onet_board *b, gl_link_scratch *sc)
{
    int tries = 0;
    while (!onet_goal_reached(b) && !onet_any_pair(b, sc)) {
        if (tries == ONET_RESHUFFLE_TRIES) return -1;
        int cells[ONET_MAX_SIDE * ONET_MAX_SIDE];
        int n = 0;
        for (int r = 0; r < b->h; r++)
            for (int c = 0; c < b->w; c++)
                if (onet_is_tile(b->g[onet_at(b, r, c)])) cells[n++] = onet_at(b, r, c);
        for (int k = n - 1; k > 0; k--) {
            int x = (int)gl_rng_below(&b->rng, (uint64_t)k + 1);
            uint8_t t = b->g[cells[k]];
            b->g[cells[k]] = b->g[cells[x]];
            b->g[cells[x]] = t;
        }
        tries++;
    }
    return tries;
}

int onet_move_cells(const onet_board *b, const gl_move *m, int *i, int *j)
{
    int n = b->w * b->h;
    if (m->a < 0 || m->a >= n || m->b < 0 || m->b >= n) return -1;
    *i = onet_at(b, m->a / b->w, m->a % b->w);
    *j = onet_at(b, m->b / b->w, m->b % b->w);
    return 0;
}

void onet_corners_rc(const onet_board *b, const int *corners, int n, int *rc)
{
    for (int k = 0; k < n; k++) {
        rc[2 * k] = onet_row(b, corners[k]);
        rc[2 * k + 1] = onet_col(b, corners[k]);
    }
}

void onet_path_json(const onet_board *b, const int *corners, int n, gl_strbuf *out)
{
    gl_sb_putc(out, '[');
    for (int k = 0; k < n; k++)
        gl_sb_printf(out, "%s[%d,%d]", k ? "," : "", onet_row(b, corners[k]), onet_col(b, corners[k]));
    gl_sb_putc(out, ']');
}
