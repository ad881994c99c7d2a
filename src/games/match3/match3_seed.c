/* The seed's rules (rules=seed): its CheckRemove, Drop and DropPoint, as
 * its pseudo-code reads.
 *
 * The seed resolves a swap by looking only at the runs through the two
 * swapped cells (CheckRemove): a run of 3 to 5 is cleared and scores 1, 4
 * or 10; a longer one scores 0 and loses only the swapped cell.  Then
 * DropPoint lets the columns fall and checks every cell in turn with
 * CheckRemove(cell, cell), falling again and going back to the top left
 * after each removal.  The places where the pseudo-code can be read two
 * ways, and the reading chosen, are listed in docs/match3.md; the ones that
 * show in the code are marked here.  The tests check these functions
 * against a separate transcription of the seed's program
 * (tests/match3/seed_oracle.h). */
#include "match3.h"

#include <string.h>

/* The seed's point[] table: runs of 3, 4 and 5 score, any other length 0. */
static int point(const match3_rules *R, int len) { return len >= 3 && len <= 5 ? R->scores[len - 3] : 0; }

/* Tiles equal to the one at (r, c) on both sides of it along (dr, dc),
 * plus itself: the seed's xsum (row) or ysum (column). */
static int run_through(const match3_rules *R, const uint8_t *cells, int r, int c, int dr, int dc)
{
    uint8_t v = cells[r * R->cols + c];
    int n = 1;
    for (int i = r - dr, j = c - dc; i >= 0 && j >= 0 && cells[i * R->cols + j] == v; i -= dr, j -= dc) n++;
    for (int i = r + dr, j = c + dc; i < R->rows && j < R->cols && cells[i * R->cols + j] == v; i += dr, j += dc)
        n++;
    return n;
}

/* Clears the tiles equal to (r, c) on both sides of it along (dr, dc), up
 * to the first different one; (r, c) itself stays.  The comparison is with
 * the cell's value at the time (seed lines 10, 12, 14, 16). */
static void clear_beside(const match3_rules *R, uint8_t *cells, int r, int c, int dr, int dc)
{
    for (int i = r - dr, j = c - dc; i >= 0 && j >= 0 && cells[i * R->cols + j] == cells[r * R->cols + c];
         i -= dr, j -= dc)
        cells[i * R->cols + j] = 0;
    for (int i = r + dr, j = c + dc;
         i < R->rows && j < R->cols && cells[i * R->cols + j] == cells[r * R->cols + c]; i += dr, j += dc)
        cells[i * R->cols + j] = 0;
}

int match3_seed_check_remove(const match3_rules *R, uint8_t *cells, int p1, int p2)
{
    int r1 = p1 / R->cols, c1 = p1 % R->cols, r2 = p2 / R->cols, c2 = p2 % R->cols;
    if (!cells[p1] || !cells[p2]) return 0;
    /* The swap itself: in the seed's prose, missing from its pseudo-code. */
    uint8_t t = cells[p1];
    cells[p1] = cells[p2];
    cells[p2] = t;
    int xsum1 = run_through(R, cells, r1, c1, 0, 1), xsum2 = run_through(R, cells, r2, c2, 0, 1);
    int ysum1 = run_through(R, cells, r1, c1, 1, 0);
    int ysum2 = run_through(R, cells, r2, c2, 1, 0); /* line 8 writes xsum2: a slip for ysum2 */
    if (xsum1 >= 3 && xsum1 <= 5) clear_beside(R, cells, r1, c1, 0, 1);
    if (xsum2 >= 3 && xsum2 <= 5) clear_beside(R, cells, r2, c2, 0, 1);
    if (ysum1 >= 3 && ysum1 <= 5) clear_beside(R, cells, r1, c1, 1, 0);
    if (ysum2 >= 3 && ysum2 <= 5) clear_beside(R, cells, r2, c2, 1, 0);
    if (xsum1 >= 3 || ysum1 >= 3) cells[p1] = 0;
    if (xsum2 >= 3 || ysum2 >= 3) cells[p2] = 0;
    int ans = point(R, xsum1) + point(R, ysum1) + point(R, xsum2) + point(R, ysum2);
    if (p1 == p2) ans /= 2;
    return ans;
}

void match3_seed_drop(const match3_rules *R, uint8_t *cells)
{
    /* The seed's Drop: each empty cell, top to bottom, pulls its column
     * above it down by one; the result is the usual fall. */
    for (int c = 0; c < R->cols; c++) {
        int w = R->rows - 1;
        for (int r = R->rows - 1; r >= 0; r--)
            if (cells[r * R->cols + c]) cells[w-- * R->cols + c] = cells[r * R->cols + c];
        for (; w >= 0; w--) cells[w * R->cols + c] = 0;
    }
}

/* Is (r, c), a tile, in a run of 3 or more along a row or a column?  If
 * not, CheckRemove(cell, cell) scores 0 and changes nothing, so DropPoint
 * can skip the call (the same result, much less work). */
static inline int in_run(const match3_rules *R, const uint8_t *cells, int r, int c)
{
    const int W = R->cols, p = r * W + c;
    const uint8_t v = cells[p];
    int l1 = c > 0 && cells[p - 1] == v, r1 = c + 1 < W && cells[p + 1] == v;
    if ((l1 && (r1 || (c > 1 && cells[p - 2] == v))) || (r1 && c + 2 < W && cells[p + 2] == v)) return 1;
    int u1 = r > 0 && cells[p - W] == v, d1 = r + 1 < R->rows && cells[p + W] == v;
    return (u1 && (d1 || (r > 1 && cells[p - 2 * W] == v))) || (d1 && r + 2 < R->rows && cells[p + 2 * W] == v);
}

/* CheckRemove, telling fn (when non-NULL) the cells it cleared. */
static int check_remove_told(const match3_rules *R, uint8_t *cells, int p1, int p2, match3_round_fn fn, void *ctx)
{
    if (!fn) return match3_seed_check_remove(R, cells, p1, p2);
    int n = R->rows * R->cols;
    uint8_t before[MATCH3_MAX_CELLS], cleared[MATCH3_MAX_CELLS];
    memcpy(before, cells, (size_t)n);
    int got = match3_seed_check_remove(R, cells, p1, p2);
    int any = 0;
    for (int p = 0; p < n; p++) any |= cleared[p] = before[p] && !cells[p];
    if (any) fn(ctx, R, cleared, got, NULL);
    return got;
}

static long long drop_point(const match3_rules *R, uint8_t *cells, match3_round_fn fn, void *ctx)
{
    long long ans = 0;
    match3_seed_drop(R, cells);
    int start = 0; /* the cell the scan starts from */
    for (;;) {
        int found = 0;
        for (int p = start; p < R->rows * R->cols && !found; p++) {
            if (!cells[p] || !in_run(R, cells, p / R->cols, p % R->cols)) continue;
            int tmp = check_remove_told(R, cells, p, p, fn, ctx);
            if (tmp > 0) {
                match3_seed_drop(R, cells);
                ans += tmp;
                found = 1;
            }
        }
        if (!found) return ans;
        /* "i=0, j=0" inside the two for loops: the inner loop's step then
         * moves on to the next cell, so the scan goes on from the second
         * cell in reading order, (0,1), or (1,0) on a board of one column
         * (the prose says "from the top left"; docs/match3.md). */
        start = 1;
    }
}

long long match3_seed_drop_point(const match3_rules *R, uint8_t *cells) { return drop_point(R, cells, NULL, NULL); }

long long match3_seed_play(const match3_rules *R, uint8_t *cells, int a, int b)
{
    return match3_seed_play_rounds(R, cells, a, b, NULL, NULL);
}

long long match3_seed_play_rounds(const match3_rules *R, uint8_t *cells, int a, int b, match3_round_fn fn,
                                  void *ctx)
{
    int t = check_remove_told(R, cells, a, b, fn, ctx);
    if (t == 0) return 0;
    return t + drop_point(R, cells, fn, ctx);
}

int match3_seed_legal(const match3_rules *R, const uint8_t *cells, int a, int b)
{
    uint8_t tmp[MATCH3_MAX_CELLS];
    memcpy(tmp, cells, (size_t)(R->rows * R->cols));
    return match3_seed_check_remove(R, tmp, a, b) != 0;
}
