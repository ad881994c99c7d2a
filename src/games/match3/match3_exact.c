/* The exact solver: the best total score in at most X swaps, proved.
 *
 * Depth-first branch and bound on the engine (incremental runs, Zobrist
 * keys), with:
 *   - a transposition table keyed by the two Zobrist hashes of the board
 *     and the number of swaps left (with refill=yes, also the rng state).
 *     Swaps in different columns commute, so the same position is reached
 *     by many orders; its value is computed once.  An entry holds either
 *     the exact value or an upper bound (a search that found nothing above
 *     what was needed);
 *   - fail-soft bounds: a node is asked for a value above `need` (what the
 *     best line so far leaves for it); children get the best so far as
 *     their floor, so a value at or below need is only an upper bound;
 *   - move ordering by the score the swap makes at once (before any fall),
 *     so strong lines are found first and raise need early;
 *   - an admissible bound (match3_engine_bound, refill=no) cuts a node
 *     when even clearing every remaining tile perfectly cannot beat need.
 * It deepens X = 1, 2, ... so that a time limit still leaves the exact best
 * for the deepest completed X.  The line is rebuilt from the root by asking
 * each child for exactly the remaining value (the table makes that cheap).
 *
 * Boards of at most 8x8 without refill go to the same search on the
 * bit-parallel engine (match3_exact_bits.c), several times faster; this
 * one serves every other board and is the reference the tests compare
 * that one with. */
#include "match3.h"

#include <stdlib.h>
#include <string.h>

typedef struct ex_ctx {
    match3_engine E;
    gl_htab tt;
    int tt_full;
    int n, maxm;
    uint8_t *stack;     /* (X+1) boards */
    gl_rng rngs[MATCH3_MAX_SWAPS + 1];
    int *moves;         /* (X+1) move lists */
    int *order;         /* (X+1) immediate scores for ordering */
    /* two_left's scratch: per swap (search form) its score, read columns
     * and a stamp; per child its changed columns; the children's boards. */
    long long *gain;
    int *stamp, tick;
    uint64_t *rmask, *cmask;
    uint8_t *kids;
    const gl_limits *lim;
    uint64_t t0, polls;
    const char *stopped;
} ex_ctx;

static void key_of(const ex_ctx *c, int depth, int r, uint64_t h1, uint64_t h2, uint64_t key[2])
{
    key[0] = h1 ^ c->E.zr1[r];
    key[1] = h2 ^ c->E.zr2[r];
    if (c->E.use_rng) {
        key[0] ^= gl_hash_words(c->rngs[depth].s, 4);
        key[1] ^= gl_hash_u64(c->rngs[depth].s[0] ^ gl_hash_u64(c->rngs[depth].s[3] + c->rngs[depth].s[1]));
    }
}

static void store(ex_ctx *c, const uint64_t key[2], long long v, int exact)
{
    if (c->tt_full) return;
    int ins;
    uint64_t *e = gl_htab_upsert(&c->tt, key, 0, &ins);
    if (!e) { /* at the memory cap: the search goes on without new entries */
        c->tt_full = 1;
        return;
    }
    uint64_t nv = ((uint64_t)v << 1) | (uint64_t)exact;
    if (ins || exact || (!(*e & 1) && (long long)(*e >> 1) > v)) *e = nv;
}

/* Two swaps left (refill=no): play every swap once, remembering its score,
 * the columns its resolution read and those it changed.  After swap m, a
 * swap s whose read columns m did not change resolves exactly as before,
 * so its score is reused; only the swaps near m's changes are played
 * again.  The best second swap after m is the best of both kinds. */
static long long two_left(ex_ctx *c, const uint8_t *cells, const int *mv, int nm, long long need,
                          long long ub)
{
    const int n = c->n;
    long long *gain = c->gain;
    int *stamp = c->stamp;
    uint64_t *rmask = c->rmask, *cmask = c->cmask;
    uint8_t *kids = c->kids;
    c->tick++;
    for (int i = 0; i < nm; i++) {
        uint8_t *k = kids + (size_t)i * (size_t)n;
        memcpy(k, cells, (size_t)n);
        long long g = match3_engine_play_masks(&c->E, k, NULL, mv[i], NULL, NULL, &rmask[mv[i]], &cmask[i]);
        gain[mv[i]] = g;
        stamp[mv[i]] = c->tick;
    }
    long long best = -1;
    int list[MATCH3_MAX_MOVES];
    uint8_t *tmp = c->kids + (size_t)c->maxm * (size_t)n;
    for (int i = 0; i < nm; i++) {
        uint8_t *k = kids + (size_t)i * (size_t)n;
        long long g = gain[mv[i]];
        int nl = match3_engine_moves(&c->E, k, list);
        long long b1 = 0;
        for (int j = 0; j < nl; j++) {
            int s = list[j];
            long long v;
            if (stamp[s] == c->tick && !(rmask[s] & cmask[i])) {
                v = gain[s];
            } else {
                memcpy(tmp, k, (size_t)n);
                v = match3_engine_play(&c->E, tmp, NULL, s, NULL, NULL);
            }
            if (v > b1) b1 = v;
        }
        if (g + b1 > best) best = g + b1;
        if (best >= ub) break;
    }
    (void)need;
    return best;
}

static long long ex_search(ex_ctx *c, int depth, int r, long long need, uint64_t h1, uint64_t h2)
{
    if (r == 0 || c->stopped) return 0;
    if ((++c->polls & 63) == 0) {
        c->stopped = gl_limits_check(c->lim, c->t0, gl_htab_bytes(&c->tt));
        if (c->stopped) return 0;
    }
    uint8_t *cells = c->stack + (size_t)depth * (size_t)c->n;
    int *mv = c->moves + (size_t)depth * (size_t)c->maxm;
    if (r == 1) {
        /* The last swap: its value is the best single gain; a table entry
         * would cost more than playing the few swaps again. */
        int nm = match3_engine_moves(&c->E, cells, mv);
        long long best = 0;
        uint8_t *child = cells + c->n;
        for (int i = 0; i < nm; i++) {
            memcpy(child, cells, (size_t)c->n);
            c->rngs[depth + 1] = c->rngs[depth];
            long long gain = match3_engine_play(&c->E, child, &c->rngs[depth + 1], mv[i], NULL, NULL);
            if (gain > best) best = gain;
        }
        return best;
    }
    uint64_t key[2];
    key_of(c, depth, r, h1, h2, key);
    uint64_t *ent = gl_htab_find(&c->tt, key);
    if (ent) {
        long long v = (long long)(*ent >> 1);
        if ((*ent & 1) || v <= need) return v;
    }
    long long ub = match3_engine_bound(&c->E, cells);
    if (ub <= need) return ub;
    int *ord = c->order + (size_t)depth * (size_t)c->maxm;
    int nm = match3_engine_moves(&c->E, cells, mv);
    if (nm == 0) {
        store(c, key, 0, 1);
        return 0;
    }
    /* Insertion sort by the score made at once, best first. */
    for (int i = 0; i < nm; i++) {
        int s = match3_engine_immediate(&c->E, cells, mv[i]), m = mv[i], j = i;
        for (; j > 0 && ord[j - 1] < s; j--) {
            ord[j] = ord[j - 1];
            mv[j] = mv[j - 1];
        }
        ord[j] = s;
        mv[j] = m;
    }
    long long best = -1;
    uint8_t *child = cells + c->n;
    if (r == 2 && !c->E.use_rng) {
        best = two_left(c, cells, mv, nm, need, ub);
        if (best > ub) best = ub;
        store(c, key, best, best > need);
        return best;
    }
    for (int i = 0; i < nm; i++) {
        memcpy(child, cells, (size_t)c->n);
        c->rngs[depth + 1] = c->rngs[depth];
        uint64_t c1 = h1, c2 = h2;
        long long gain = match3_engine_play(&c->E, child, &c->rngs[depth + 1], mv[i], &c1, &c2);
        long long floor = best > need ? best : need;
        long long v = gain + ex_search(c, depth + 1, r - 1, floor - gain, c1, c2);
        if (c->stopped) return 0;
        if (v > best) best = v;
        if (best >= ub) break; /* nothing can do better than the bound */
    }
    if (best > ub) best = ub;
    store(c, key, best, best > need);
    return best;
}

static void ctx_free(ex_ctx *c)
{
    gl_htab_free(&c->tt);
    free(c->stack);
    free(c->moves);
    free(c->order);
    free(c->gain);
    free(c->stamp);
    free(c->rmask);
    free(c->cmask);
    free(c->kids);
    match3_engine_free(&c->E);
}

int match3_exact_run(const match3_board *b, int x, const gl_limits *lim, long long *best_out,
                     int *line, int *nline, uint64_t *nodes, size_t *peak, const char **stopped,
                     gl_error *err)
{
    if (match3_bits_fits(&b->R))
        return match3_exact_bits_run(b, x, lim, best_out, line, nline, nodes, peak, stopped, err);
    return match3_exact_scalar_run(b, x, lim, best_out, line, nline, nodes, peak, stopped, err);
}

int match3_exact_scalar_run(const match3_board *b, int x, const gl_limits *lim, long long *best_out,
                            int *line, int *nline, uint64_t *nodes, size_t *peak, const char **stopped,
                            gl_error *err)
{
    ex_ctx c;
    memset(&c, 0, sizeof c);
    c.lim = lim;
    c.t0 = gl_now_ns();
    c.n = b->R.rows * b->R.cols;
    c.maxm = 2 * c.n;
    *best_out = 0;
    *nline = 0;
    *stopped = NULL;
    if (match3_engine_init(&c.E, &b->R) != 0) return gl_error_set(err, "out of memory");
    c.stack = malloc((size_t)(x + 2) * (size_t)c.n);
    c.moves = malloc((size_t)(x + 1) * (size_t)c.maxm * sizeof *c.moves);
    c.order = malloc((size_t)(x + 1) * (size_t)c.maxm * sizeof *c.order);
    c.gain = malloc((size_t)c.maxm * sizeof *c.gain);
    c.stamp = calloc((size_t)c.maxm, sizeof *c.stamp);
    c.rmask = malloc((size_t)c.maxm * sizeof *c.rmask);
    c.cmask = malloc((size_t)c.maxm * sizeof *c.cmask);
    c.kids = malloc(((size_t)c.maxm + 1) * (size_t)c.n);
    int ok = c.stack && c.moves && c.order && c.gain && c.stamp && c.rmask && c.cmask && c.kids &&
             gl_htab_init(&c.tt, 2, 1 << 12, gl_limits_mem_cap(lim)) == 0;
    if (!ok) {
        ctx_free(&c);
        return gl_error_set(err, "out of memory");
    }
    uint64_t h1, h2;
    for (int d = 1; d <= x; d++) {
        memcpy(c.stack, b->cell, (size_t)c.n);
        c.rngs[0] = b->rng;
        match3_engine_hash(&c.E, c.stack, NULL, &h1, &h2);
        long long v = ex_search(&c, 0, d, -1, h1, h2);
        if (c.stopped) break;
        /* Rebuild the line: at each step the child that keeps the value. */
        int tmp[MATCH3_MAX_SWAPS], nt = 0;
        long long target = v;
        uint64_t g1 = h1, g2 = h2;
        for (int depth = 0, r = d; r > 0 && target > 0 && !c.stopped; depth++, r--) {
            uint8_t *cells = c.stack + (size_t)depth * (size_t)c.n;
            uint8_t *child = cells + c.n;
            int mv[MATCH3_MAX_MOVES];
            int nm = match3_engine_moves(&c.E, cells, mv), found = 0;
            for (int i = 0; i < nm && !found && !c.stopped; i++) {
                memcpy(child, cells, (size_t)c.n);
                c.rngs[depth + 1] = c.rngs[depth];
                uint64_t c1 = g1, c2 = g2;
                long long gain = match3_engine_play(&c.E, child, &c.rngs[depth + 1], mv[i], &c1, &c2);
                if (gain > target) continue;
                long long sub = ex_search(&c, depth + 1, r - 1, target - gain - 1, c1, c2);
                if (gain + sub == target) {
                    tmp[nt++] = mv[i];
                    target -= gain;
                    g1 = c1;
                    g2 = c2;
                    found = 1;
                }
            }
            if (!found && !c.stopped) {
                c.stopped = "internal error: line not found";
                break;
            }
        }
        if (c.stopped) break;
        *best_out = v;
        memcpy(line, tmp, (size_t)nt * sizeof *tmp);
        *nline = nt;
    }
    *nodes = c.E.nodes;
    *peak = gl_htab_bytes(&c.tt) + (size_t)(x + 2) * (size_t)c.n +
            2 * (size_t)(x + 1) * (size_t)c.maxm * sizeof(int);
    *stopped = c.stopped;
    ctx_free(&c);
    return 0;
}

int match3_solve_exact(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    int x;
    if (match3_opt_swaps(o, &x, err) != 0) return -1;
    uint64_t t0 = gl_now_ns();
    int line[MATCH3_MAX_SWAPS], nline;
    long long best;
    const char *stopped;
    uint64_t nodes;
    if (match3_exact_run(b, x, &o->lim, &best, line, &nline, &nodes, &out->peak_bytes, &stopped, err) != 0)
        return -1;
    out->nodes = nodes;
    gl_solution_clear_moves(out);
    for (int i = 0; i < nline; i++) gl_solution_push(out, match3_to_move(line[i], b->R.cols));
    out->solved = 1;
    out->optimal = stopped == NULL;
    out->stopped = stopped;
    out->cost = best;
    out->ms = gl_ms_since(t0);
    return 0;
}

int match3_hint(const gl_board *bb, const gl_solve_opts *o, gl_move *m, gl_info *info, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    int x;
    if (match3_opt_swaps(o, &x, err) != 0) return -1;
    int list[MATCH3_MAX_MOVES];
    int n = match3_legal_list(&b->R, b->cell, list);
    if (n == 0) return 0;
    int line[MATCH3_MAX_SWAPS], nline;
    long long best;
    uint64_t nodes;
    size_t peak;
    const char *stopped;
    if (match3_exact_run(b, x, &o->lim, &best, line, &nline, &nodes, &peak, &stopped, err) != 0) return -1;
    /* Stopped before even one swap was searched: no move to name. */
    if (nline == 0) {
        if (!stopped) return 0;
        gl_error_set(err, "%s", stopped);
        return 2;
    }
    *m = match3_to_move(line[0], b->R.cols);
    gl_info_int(info, "score", best);
    gl_info_int(info, "swaps", x);
    gl_info_bool(info, "optimal", stopped == NULL);
    return 1;
}
