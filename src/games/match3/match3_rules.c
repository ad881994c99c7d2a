/* Match-three rules in their plainest form (SPEC 2.3): legality of a swap,
 * and the reference resolver that scans the whole board every round (with
 * rules=seed, the seed's resolution instead: match3_seed.c).
 *
 * This is the definition the rest is checked against: it is written to be
 * obviously right, not fast.  Runs are maximal horizontal and vertical
 * segments of 3 or more equal tiles; all runs of a round score and clear
 * together (a tile in a row run and a column run is in both), columns fall,
 * refill tiles are drawn columns left to right, each top to bottom. */
#include "match3.h"

#include <string.h>

int match3_run_score(const match3_rules *R, int len)
{
    if (len < 3 || (R->seed && len > 5)) return 0;
    return R->scores[len >= 5 ? 2 : len - 3];
}

/* Length of the run of v through (r, c) in one direction pair. */
static int span(const match3_rules *R, const uint8_t *cells, int r, int c, int dr, int dc)
{
    uint8_t v = cells[r * R->cols + c];
    int n = 1;
    for (int rr = r + dr, cc = c + dc; rr >= 0 && rr < R->rows && cc >= 0 && cc < R->cols &&
                                       cells[rr * R->cols + cc] == v;
         rr += dr, cc += dc)
        n++;
    for (int rr = r - dr, cc = c - dc; rr >= 0 && rr < R->rows && cc >= 0 && cc < R->cols &&
                                       cells[rr * R->cols + cc] == v;
         rr -= dr, cc -= dc)
        n++;
    return n;
}

int match3_swap_legal(const match3_rules *R, const uint8_t *cells, int a, int b)
{
    int n = R->rows * R->cols;
    if (a < 0 || b < 0 || a >= n || b >= n) return 0;
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    int ra = a / R->cols, ca = a % R->cols, rb = b / R->cols, cb = b % R->cols;
    if (!((ra == rb && cb == ca + 1) || (ca == cb && rb == ra + 1))) return 0;
    if (R->seed) return match3_seed_legal(R, cells, a, b);
    if (!cells[a] || !cells[b] || cells[a] == cells[b]) return 0;
    uint8_t tmp[MATCH3_MAX_CELLS];
    memcpy(tmp, cells, (size_t)n);
    tmp[a] = cells[b];
    tmp[b] = cells[a];
    return span(R, tmp, ra, ca, 0, 1) >= 3 || span(R, tmp, ra, ca, 1, 0) >= 3 ||
           span(R, tmp, rb, cb, 0, 1) >= 3 || span(R, tmp, rb, cb, 1, 0) >= 3;
}

int match3_legal_list(const match3_rules *R, const uint8_t *cells, int *out)
{
    int k = 0;
    for (int p = 0; p < R->rows * R->cols; p++) {
        int c = p % R->cols;
        if (c + 1 < R->cols && match3_swap_legal(R, cells, p, p + 1)) out[k++] = p * 2;
        if (p + R->cols < R->rows * R->cols && match3_swap_legal(R, cells, p, p + R->cols))
            out[k++] = p * 2 + 1;
    }
    return k;
}

gl_move match3_to_move(int mv, int cols)
{
    gl_move m = {match3_mv_a(mv), match3_mv_b(mv, cols), 0};
    return m;
}

/* Marks every run of one round; returns its score, *any set when a run was found. */
static long long mark_runs(const match3_rules *R, const uint8_t *cells, uint8_t *mark, int *any)
{
    long long s = 0;
    *any = 0;
    for (int r = 0; r < R->rows; r++)
        for (int c = 0; c < R->cols;) {
            int e = c + 1;
            uint8_t v = cells[r * R->cols + c];
            while (e < R->cols && cells[r * R->cols + e] == v) e++;
            if (v && e - c >= 3) {
                s += match3_run_score(R, e - c);
                for (int i = c; i < e; i++) mark[r * R->cols + i] = 1;
                *any = 1;
            }
            c = e;
        }
    for (int c = 0; c < R->cols; c++)
        for (int r = 0; r < R->rows;) {
            int e = r + 1;
            uint8_t v = cells[r * R->cols + c];
            while (e < R->rows && cells[e * R->cols + c] == v) e++;
            if (v && e - r >= 3) {
                s += match3_run_score(R, e - r);
                for (int i = r; i < e; i++) mark[i * R->cols + c] = 1;
                *any = 1;
            }
            r = e;
        }
    return s;
}

int match3_has_run(const match3_rules *R, const uint8_t *cells)
{
    uint8_t mark[MATCH3_MAX_CELLS];
    int any;
    mark_runs(R, cells, mark, &any);
    return any;
}

long long match3_resolve_full(const match3_rules *R, uint8_t *cells, gl_rng *rng)
{
    return match3_resolve_rounds(R, cells, rng, NULL, NULL);
}

long long match3_resolve_rounds(const match3_rules *R, uint8_t *cells, gl_rng *rng, match3_round_fn fn, void *ctx)
{
    long long total = 0;
    int n = R->rows * R->cols;
    for (;;) {
        uint8_t mark[MATCH3_MAX_CELLS], spawned[MATCH3_MAX_CELLS];
        memset(mark, 0, (size_t)n);
        int any;
        long long points = mark_runs(R, cells, mark, &any);
        total += points;
        if (!any) break;
        for (int p = 0; p < n; p++)
            if (mark[p]) cells[p] = 0;
        if (fn && rng) memset(spawned, 0, (size_t)n);
        for (int c = 0; c < R->cols; c++) {
            int w = R->rows - 1;
            for (int r = R->rows - 1; r >= 0; r--)
                if (cells[r * R->cols + c]) cells[w-- * R->cols + c] = cells[r * R->cols + c];
            for (; w >= 0; w--) cells[w * R->cols + c] = 0;
            if (rng)
                for (int r = 0; r < R->rows && !cells[r * R->cols + c]; r++) {
                    cells[r * R->cols + c] = (uint8_t)(1 + gl_rng_below(rng, (uint64_t)R->kinds));
                    if (fn) spawned[r * R->cols + c] = 1;
                }
        }
        if (fn) fn(ctx, R, mark, points, rng ? spawned : NULL);
    }
    return total;
}

long long match3_play_swap(const match3_rules *R, uint8_t *cells, gl_rng *rng, int a, int b)
{
    return match3_play_swap_rounds(R, cells, rng, a, b, NULL, NULL);
}

long long match3_play_swap_rounds(const match3_rules *R, uint8_t *cells, gl_rng *rng, int a, int b,
                                  match3_round_fn fn, void *ctx)
{
    if (R->seed) return match3_seed_play_rounds(R, cells, a < b ? a : b, a < b ? b : a, fn, ctx);
    uint8_t t = cells[a];
    cells[a] = cells[b];
    cells[b] = t;
    return match3_resolve_rounds(R, cells, R->refill ? rng : NULL, fn, ctx);
}
