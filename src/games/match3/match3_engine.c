/* The search engine: incremental run detection, Zobrist hashing, the
 * admissible score bound.
 *
 * Incremental runs: a settled board has no run, so after a swap every run
 * passes through one of the two swapped cells; after a fall, every new run
 * passes through a tile that fell or came in (a run of tiles that all
 * stayed put would have existed, and been cleared, the round before).  So each round only extends
 * runs from the changed cells, and a run is counted once by stamping its
 * first cell.  Stamps carry a round number, so nothing is cleared between
 * rounds.  The tests check this engine against the reference resolver.
 *
 * Hashes: two independent 64-bit Zobrist keys (one cell x kind table each),
 * updated only on the cells that changed; with refill=yes the rng state is
 * mixed in when a key is taken, since it decides the tiles to come.
 *
 * Bound (refill=no): tiles are only ever removed, each once, and a removed
 * tile lies in at most two runs (one row run, one column run).  So the
 * tiles of a kind, n of them, can give at most the best score of runs whose
 * lengths sum to at most 2n: an unbounded knapsack over run lengths, solved
 * once per rules.  The sum over kinds bounds the rest of the game. */
#include "match3.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

int match3_engine_init(match3_engine *e, const match3_rules *R)
{
    memset(e, 0, sizeof *e);
    e->R = *R;
    e->n = R->rows * R->cols;
    e->use_rng = R->refill;
    size_t n = (size_t)e->n;
    e->z1 = calloc(n * 10, sizeof *e->z1);
    e->z2 = calloc(n * 10, sizeof *e->z2);
    e->st_clear = calloc(n, sizeof *e->st_clear);
    e->st_h = calloc(n, sizeof *e->st_h);
    e->st_v = calloc(n, sizeof *e->st_v);
    e->cand = malloc(n * sizeof *e->cand);
    e->next = malloc(n * sizeof *e->next);
    e->kind_bound = calloc(n + 1, sizeof *e->kind_bound);
    long long *g = calloc(2 * n + 1, sizeof *g);
    if (!e->z1 || !e->z2 || !e->st_clear || !e->st_h || !e->st_v || !e->cand || !e->next ||
        !e->kind_bound || !g) {
        free(g);
        match3_engine_free(e);
        return -1;
    }
    /* Fixed keys: hashes only need to be good, not secret or varied. */
    gl_rng zr;
    gl_rng_seed(&zr, 0x6d61746368335aULL);
    for (size_t i = 0; i < n * 10; i++) {
        e->z1[i] = i % 10 ? gl_rng_next(&zr) : 0;
        e->z2[i] = i % 10 ? gl_rng_next(&zr) : 0;
    }
    for (int i = 0; i < MATCH3_MAX_SWAPS + 2; i++) {
        e->zr1[i] = gl_rng_next(&zr);
        e->zr2[i] = gl_rng_next(&zr);
    }
    int maxlen = R->rows > R->cols ? R->rows : R->cols;
    for (size_t i = 1; i <= 2 * n; i++) {
        g[i] = g[i - 1];
        for (int L = 3; L <= maxlen && (size_t)L <= i; L++) {
            long long v = g[i - (size_t)L] + match3_run_score(R, L);
            if (v > g[i]) g[i] = v;
        }
    }
    for (size_t k = 3; k <= n; k++) e->kind_bound[k] = (int)(g[2 * k] < INT_MAX ? g[2 * k] : INT_MAX);
    free(g);
    return 0;
}

size_t match3_engine_bytes(const match3_rules *R)
{
    size_t n = (size_t)R->rows * (size_t)R->cols;
    return 2 * n * 10 * sizeof(uint64_t) + 5 * n * sizeof(uint32_t) + (n + 1) * sizeof(int) +
           (2 * n + 1) * sizeof(long long);
}

void match3_engine_free(match3_engine *e)
{
    free(e->z1);
    free(e->z2);
    free(e->st_clear);
    free(e->st_h);
    free(e->st_v);
    free(e->cand);
    free(e->next);
    free(e->kind_bound);
    memset(e, 0, sizeof *e);
}

void match3_engine_hash(const match3_engine *e, const uint8_t *cells, const gl_rng *rng,
                        uint64_t *h1, uint64_t *h2)
{
    uint64_t a = 0, b = 0;
    for (int p = 0; p < e->n; p++) {
        a ^= e->z1[p * 10 + cells[p]];
        b ^= e->z2[p * 10 + cells[p]];
    }
    if (e->use_rng && rng) {
        a ^= gl_hash_words(rng->s, 4);
        b ^= gl_hash_u64(rng->s[0] ^ gl_hash_u64(rng->s[1] ^ gl_hash_u64(rng->s[2] ^ rng->s[3])));
    }
    *h1 = a;
    *h2 = b;
}

/* Run lengths through p if it held v: horizontal into *h, vertical into *v. */
static inline void spans(const match3_engine *e, const uint8_t *cells, int p, uint8_t v, int *h,
                         int *vv)
{
    int cols = e->R.cols, r = p / cols, c = p % cols;
    int n = 1;
    for (int cc = c - 1; cc >= 0 && cells[r * cols + cc] == v; cc--) n++;
    for (int cc = c + 1; cc < cols && cells[r * cols + cc] == v; cc++) n++;
    *h = n;
    n = 1;
    for (int rr = r - 1; rr >= 0 && cells[rr * cols + c] == v; rr--) n++;
    for (int rr = r + 1; rr < e->R.rows && cells[rr * cols + c] == v; rr++) n++;
    *vv = n;
}

static inline int swap_makes_run(const match3_engine *e, uint8_t *cells, int a, int b)
{
    uint8_t va = cells[a], vb = cells[b];
    if (!va || !vb || va == vb) return 0;
    cells[a] = vb;
    cells[b] = va;
    int h, v, ok;
    spans(e, cells, a, vb, &h, &v);
    ok = h >= 3 || v >= 3;
    if (!ok) {
        spans(e, cells, b, va, &h, &v);
        ok = h >= 3 || v >= 3;
    }
    cells[a] = va;
    cells[b] = vb;
    return ok;
}

int match3_engine_moves(const match3_engine *e, uint8_t *cells, int *out)
{
    int k = 0, cols = e->R.cols;
    for (int p = 0; p < e->n; p++) {
        if (!cells[p]) continue;
        if (p % cols + 1 < cols && swap_makes_run(e, cells, p, p + 1)) out[k++] = p * 2;
        if (p + cols < e->n && swap_makes_run(e, cells, p, p + cols)) out[k++] = p * 2 + 1;
    }
    return k;
}

int match3_engine_immediate(const match3_engine *e, uint8_t *cells, int mv)
{
    int a = match3_mv_a(mv), b = match3_mv_b(mv, e->R.cols);
    uint8_t va = cells[a], vb = cells[b];
    cells[a] = vb;
    cells[b] = va;
    int h1, v1, h2, v2;
    spans(e, cells, a, vb, &h1, &v1);
    spans(e, cells, b, va, &h2, &v2);
    cells[a] = va;
    cells[b] = vb;
    /* The two cells are in different rows or columns of the swap direction,
     * so their runs are distinct unless both lie on one line: they cannot
     * (different kinds after the swap). */
    return match3_run_score(&e->R, h1) + match3_run_score(&e->R, v1) + match3_run_score(&e->R, h2) +
           match3_run_score(&e->R, v2);
}

static inline uint64_t col_range(int lo, int hi, int cols)
{
    if (lo < 0) lo = 0;
    if (hi > cols - 1) hi = cols - 1;
    uint64_t upto = hi >= 63 ? ~0ULL : (1ULL << (hi + 1)) - 1;
    return upto & ~((1ULL << lo) - 1);
}

long long match3_engine_play(match3_engine *e, uint8_t *cells, gl_rng *rng, int mv, uint64_t *h1,
                             uint64_t *h2)
{
    return match3_engine_play_masks(e, cells, rng, mv, h1, h2, NULL, NULL);
}

long long match3_engine_play_masks(match3_engine *e, uint8_t *cells, gl_rng *rng, int mv, uint64_t *h1,
                                   uint64_t *h2, uint64_t *read_cols, uint64_t *changed_cols)
{
    uint64_t rd_mask = 0, ch_mask = 0;
    const int cols = e->R.cols, rows = e->R.rows;
    int a = match3_mv_a(mv), b = match3_mv_b(mv, cols);
    uint64_t x1 = 0, x2 = 0;
    x1 ^= e->z1[a * 10 + cells[a]] ^ e->z1[b * 10 + cells[b]] ^ e->z1[a * 10 + cells[b]] ^
          e->z1[b * 10 + cells[a]];
    x2 ^= e->z2[a * 10 + cells[a]] ^ e->z2[b * 10 + cells[b]] ^ e->z2[a * 10 + cells[b]] ^
          e->z2[b * 10 + cells[a]];
    uint8_t t = cells[a];
    cells[a] = cells[b];
    cells[b] = t;
    e->nodes++;
    int *cand = e->cand, *next = e->next;
    int ncand = 2;
    cand[0] = a;
    cand[1] = b;
    long long total = 0;
    int low[MATCH3_MAX_SIDE];
    for (int c = 0; c < cols; c++) low[c] = -1;
    for (;;) {
        uint32_t rd = ++e->round;
        if (rd == 0) { /* wrapped: restart the stamps */
            memset(e->st_clear, 0, (size_t)e->n * sizeof *e->st_clear);
            memset(e->st_h, 0, (size_t)e->n * sizeof *e->st_h);
            memset(e->st_v, 0, (size_t)e->n * sizeof *e->st_v);
            rd = e->round = 1;
        }
        int found = 0;
        for (int i = 0; i < ncand; i++) {
            int p = cand[i];
            uint8_t v = cells[p];
            if (!v) continue;
            int r = p / cols, c = p % cols;
            int c0 = c, c1 = c;
            while (c0 > 0 && cells[r * cols + c0 - 1] == v) c0--;
            while (c1 + 1 < cols && cells[r * cols + c1 + 1] == v) c1++;
            rd_mask |= col_range(c0 - 1, c1 + 1, cols);
            if (c1 - c0 >= 2 && e->st_h[r * cols + c0] != rd) {
                e->st_h[r * cols + c0] = rd;
                total += match3_run_score(&e->R, c1 - c0 + 1);
                found = 1;
                for (int cc = c0; cc <= c1; cc++) {
                    e->st_clear[r * cols + cc] = rd;
                    if (r > low[cc]) low[cc] = r;
                }
            }
            int r0 = r, r1 = r;
            while (r0 > 0 && cells[(r0 - 1) * cols + c] == v) r0--;
            while (r1 + 1 < rows && cells[(r1 + 1) * cols + c] == v) r1++;
            if (r1 - r0 >= 2 && e->st_v[r0 * cols + c] != rd) {
                e->st_v[r0 * cols + c] = rd;
                total += match3_run_score(&e->R, r1 - r0 + 1);
                found = 1;
                for (int rr = r0; rr <= r1; rr++) e->st_clear[rr * cols + c] = rd;
                if (r1 > low[c]) low[c] = r1;
            }
        }
        if (!found) break;
        int nnext = 0;
        for (int c = 0; c < cols; c++) {
            if (low[c] < 0) continue;
            ch_mask |= 1ULL << c;
            uint8_t old[MATCH3_MAX_SIDE];
            int L = low[c];
            low[c] = -1;
            for (int r = 0; r <= L; r++) old[r] = cells[r * cols + c];
            int w = L;
            for (int r = L; r >= 0; r--) {
                int p = r * cols + c;
                if (e->st_clear[p] != rd && cells[p]) cells[w-- * cols + c] = cells[p];
            }
            for (; w >= 0; w--) cells[w * cols + c] = 0;
            if (e->use_rng && rng)
                for (int r = 0; r <= L && !cells[r * cols + c]; r++)
                    cells[r * cols + c] = (uint8_t)(1 + gl_rng_below(rng, (uint64_t)e->R.kinds));
            /* Every tile that fell or came in is a candidate, even one equal
             * to what was there before: a cleared run can re-form from
             * tiles of the same kinds. */
            for (int r = 0; r <= L; r++) {
                int p = r * cols + c;
                if (cells[p]) next[nnext++] = p;
                if (old[r] == cells[p]) continue;
                x1 ^= e->z1[p * 10 + old[r]] ^ e->z1[p * 10 + cells[p]];
                x2 ^= e->z2[p * 10 + old[r]] ^ e->z2[p * 10 + cells[p]];
            }
        }
        int *tmp = cand;
        cand = next;
        next = tmp;
        ncand = nnext;
    }
    if (h1) *h1 ^= x1;
    if (h2) *h2 ^= x2;
    /* Vertical scans stay in their column, which a horizontal scan from the
     * same cell already marked. */
    if (read_cols) *read_cols = rd_mask;
    if (changed_cols) *changed_cols = ch_mask | (1ULL << (a % cols)) | (1ULL << (b % cols));
    return total;
}

long long match3_engine_bound(const match3_engine *e, const uint8_t *cells)
{
    if (e->use_rng) return LLONG_MAX;
    int count[MATCH3_MAX_KINDS + 1] = {0};
    for (int p = 0; p < e->n; p++) count[cells[p]]++;
    long long s = 0;
    for (int k = 1; k <= e->R.kinds; k++) s += e->kind_bound[count[k]];
    return s;
}
