/* The fewest presses that put every light out.
 *
 * Pressing is addition over GF(2): a set of presses x puts the lights b out
 * when A x = b, A the cells' neighbourhoods.  Gaussian elimination gives
 * one solution (its free variables 0) and a basis of the null space (a
 * pattern of presses that changes nothing); every solution is the first
 * plus a combination of the basis, so searching the 2^k combinations (in
 * Gray code order, one vector added a step) finds the fewest presses and
 * proves it.  k is at most the board's narrower side (a pattern that
 * changes nothing follows from its first row or column), so 2^12 at most
 * here; the search still ticks the meter once per combination and, when a
 * limit stops it, answers with its best so far, not proved. */
#include "tmpl.h"

#include <string.h>

#define WORDS ((TMPL_MAX_CELLS + 1 + 63) / 64) /* a row: the cells and b */

typedef struct { uint64_t w[WORDS]; } bits;

static int bit(const bits *v, int i) { return (int)((v->w[i / 64] >> (i % 64)) & 1); }
static void flip(bits *v, int i) { v->w[i / 64] ^= 1ULL << (i % 64); }
static void add(bits *a, const bits *b)
{
    for (int k = 0; k < WORDS; k++) a->w[k] ^= b->w[k];
}
static int weight(const bits *v, int n)
{
    int c = 0;
    for (int i = 0; i < n; i++) c += bit(v, i);
    return c;
}

int tmpl_solve_gf2(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    (void)err;
    const tmpl_board *b = (const tmpl_board *)bb;
    int n = b->w * b->h;
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    gl_solution_begin(out);

    /* the system: row i says which presses toggle cell i, column n its light */
    static const int dr[5] = {0, -1, 1, 0, 0}, dc[5] = {0, 0, 0, -1, 1};
    bits a[TMPL_MAX_CELLS];
    memset(a, 0, sizeof a);
    for (int i = 0; i < n; i++) {
        int r = i / b->w, c = i % b->w;
        for (int k = 0; k < 5; k++) {
            int rr = r + dr[k], cc = c + dc[k];
            if (rr >= 0 && rr < b->h && cc >= 0 && cc < b->w) flip(&a[i], rr * b->w + cc);
        }
        if (b->lit[i]) flip(&a[i], n);
    }
    /* reduced row echelon form; pivot[col] = its row, or -1 for a free column */
    int pivot[TMPL_MAX_CELLS], rank = 0;
    for (int col = 0; col < n; col++) {
        pivot[col] = -1;
        int r = rank;
        while (r < n && !bit(&a[r], col)) r++;
        if (r == n) continue;
        bits t = a[r];
        a[r] = a[rank];
        a[rank] = t;
        for (int i = 0; i < n; i++)
            if (i != rank && bit(&a[i], col)) add(&a[i], &a[rank]);
        pivot[col] = rank++;
    }
    for (int i = rank; i < n; i++)
        if (bit(&a[i], n)) { /* 0 = 1: no set of presses puts these lights out */
            out->optimal = 1;
            out->ms = gl_meter_end(&m);
            return 0;
        }
    /* one solution, and the null space's basis (a vector per free column) */
    bits x, basis[TMPL_MAX_SIDE];
    memset(&x, 0, sizeof x);
    int k = 0;
    for (int col = 0; col < n; col++)
        if (pivot[col] >= 0 && bit(&a[pivot[col]], n)) flip(&x, col);
    for (int f = 0; f < n; f++) {
        if (pivot[f] >= 0) continue;
        if (k == TMPL_MAX_SIDE) return gl_error_set(err, "a null space wider than the board's side (a bug)");
        memset(&basis[k], 0, sizeof basis[k]);
        flip(&basis[k], f);
        for (int col = 0; col < n; col++)
            if (pivot[col] >= 0 && bit(&a[pivot[col]], f)) flip(&basis[k], col);
        k++;
    }
    /* every solution, in Gray code order */
    bits best = x, cur = x;
    int best_w = weight(&x, n), whole = 1;
    for (unsigned long g = 1; g < (1UL << k); g++) {
        out->nodes++;
        if (gl_meter_tick(&m, 1)) {
            whole = 0;
            break;
        }
        int v = __builtin_ctzl(g);
        add(&cur, &basis[v]);
        int wgt = weight(&cur, n);
        if (wgt < best_w) {
            best_w = wgt;
            best = cur;
        }
    }
    for (int i = 0; i < n; i++)
        if (bit(&best, i)) gl_solution_push(out, (gl_move){i, 0, 0});
    out->solved = 1;
    out->optimal = whole;
    out->stopped = whole ? NULL : m.stopped;
    out->cost = best_w;
    gl_info_int(&out->info, "null_space", k);
    out->peak_bytes = m.peak;
    out->ms = gl_meter_end(&m);
    return 0;
}
