/* The exact solver: the best total score in at most X swaps, proved.
 *
 * Depth-first branch and bound on a scalar engine (match3_player.c: the
 * incremental one by default, the reference resolver on request, the
 * seed's own resolution under rules=seed), with:
 *   - a transposition table keyed by two Zobrist hashes of the board and
 *     the number of swaps left (with refill=yes, also the rng state).
 *     Swaps in different columns commute, so the same position is reached
 *     by many orders; its value is computed once.  An entry holds either
 *     the exact value or an upper bound (a search that found nothing above
 *     what was needed);
 *   - fail-soft bounds: a node is asked for a value above `need` (what the
 *     best line so far leaves for it); children get the best so far as
 *     their floor, so a value at or below need is only an upper bound;
 *   - move ordering by the score the swap makes in its first round, so
 *     strong lines are found first and raise need early;
 *   - an admissible bound (match3_engine_bound, refill=no) cuts a node
 *     when even clearing every remaining tile perfectly cannot beat need.
 *     It holds under both rule sets: a scoring run is cleared whole when
 *     it scores, and a cleared tile is in at most one row run and one
 *     column run;
 *   - on the incremental engine, the two-swaps-left step reuses the score
 *     of a second swap whose read columns the first swap did not change.
 * It deepens X = 1, 2, ... so that a limit still leaves the exact best for
 * the deepest completed X.  The line is rebuilt from the root by asking
 * each child for exactly the remaining value (the table makes that cheap).
 * The meter is ticked once per play, inside the two-swaps-left step too
 * (on a 32x32 board one node there plays millions of swaps), and the table
 * is charged before it grows.
 *
 * Boards of at most 8x8 without refill (standard rules) go to the same
 * search on the bit-parallel engine (match3_exact_bits.c and the files it
 * lists), several times faster; this one serves every other board and is
 * the reference the tests compare that one with. */
#include "match3.h"

#include <stdlib.h>
#include <string.h>

typedef struct ex_ctx {
    match3_player P;
    gl_htab tt;
    int n, maxm;
    uint8_t *stack;     /* (X+2) boards */
    gl_rng rngs[MATCH3_MAX_SWAPS + 2];
    int *moves;         /* (X+2) move lists: one per depth, and two_left's */
    int *spare;         /* the last of them */
    int *order;         /* (X+1) first-round scores for ordering */
    /* two_left's scratch: per swap (search form) its score, read columns
     * and a stamp; per child its changed columns; the children's boards. */
    long long *gain;
    int *stamp, tick;
    uint64_t *rmask, *cmask;
    uint8_t *kids;
    uint32_t units;     /* meter units per play */
    gl_meter *m;
} ex_ctx;

static void key_of(const ex_ctx *c, int depth, int r, uint64_t h1, uint64_t h2, uint64_t key[2])
{
    key[0] = h1 ^ c->P.E.zr1[r];
    key[1] = h2 ^ c->P.E.zr2[r];
    if (c->P.E.use_rng) {
        key[0] ^= gl_hash_words(c->rngs[depth].s, 4);
        key[1] ^= gl_hash_u64(c->rngs[depth].s[0] ^ gl_hash_u64(c->rngs[depth].s[3] + c->rngs[depth].s[1]));
    }
}

/* Keeps v for key; a table that must grow is charged first (a refused
 * charge stops the search: the meter says "memory limit"). */
static void store(ex_ctx *c, const uint64_t key[2], long long v, int exact)
{
    gl_htab *t = &c->tt;
    size_t grown = 0, old = 0;
    if ((t->n + 1) * 4 > t->cap * 3 && !gl_htab_find(t, key)) {
        grown = gl_htab_grow_bytes(t);
        old = gl_htab_bytes(t);
        if (gl_meter_charge(c->m, grown) != 0) return;
    }
    int ins;
    uint64_t *e = gl_htab_upsert(t, key, 0, &ins);
    if (grown) gl_meter_refund(c->m, gl_htab_bytes(t) == grown ? old : grown);
    if (!e) {
        c->m->stopped = "out of memory";
        return;
    }
    uint64_t nv = ((uint64_t)v << 1) | (uint64_t)exact;
    if (ins || exact || (!(*e & 1) && (long long)(*e >> 1) > v)) *e = nv;
}

/* Two swaps left (incremental engine, refill=no): play every swap once,
 * remembering its score, the columns its resolution read and those it
 * changed.  After swap m, a swap s whose read columns m did not change
 * resolves exactly as before, so its score is reused; only the swaps near
 * m's changes are played again.  The best second swap after m is the best
 * of both kinds.  Returns -1 when the meter stopped it. */
static long long two_left(ex_ctx *c, const uint8_t *cells, const int *mv, int nm, long long ub)
{
    const int n = c->n;
    match3_engine *E = &c->P.E;
    c->tick++;
    for (int i = 0; i < nm; i++) {
        if (gl_meter_tick(c->m, c->units)) return -1;
        uint8_t *k = c->kids + (size_t)i * (size_t)n;
        memcpy(k, cells, (size_t)n);
        c->gain[mv[i]] = match3_engine_play_masks(E, k, NULL, mv[i], NULL, NULL, &c->rmask[mv[i]], &c->cmask[i]);
        c->stamp[mv[i]] = c->tick;
    }
    long long best = -1;
    int *list = c->spare;
    uint8_t *tmp = c->kids + (size_t)c->maxm * (size_t)n;
    for (int i = 0; i < nm; i++) {
        uint8_t *k = c->kids + (size_t)i * (size_t)n;
        long long g = c->gain[mv[i]];
        int nl = match3_engine_moves(E, k, list);
        long long b1 = 0;
        for (int j = 0; j < nl; j++) {
            int s = list[j];
            long long v;
            if (c->stamp[s] == c->tick && !(c->rmask[s] & c->cmask[i])) {
                v = c->gain[s];
            } else {
                if (gl_meter_tick(c->m, c->units)) return -1;
                memcpy(tmp, k, (size_t)n);
                v = match3_engine_play(E, tmp, NULL, s, NULL, NULL);
            }
            if (v > b1) b1 = v;
        }
        if (g + b1 > best) best = g + b1;
        if (best >= ub) break;
    }
    return best;
}

static long long ex_search(ex_ctx *c, int depth, int r, long long need, uint64_t h1, uint64_t h2)
{
    if (r == 0 || c->m->stopped) return 0;
    uint8_t *cells = c->stack + (size_t)depth * (size_t)c->n;
    int *mv = c->moves + (size_t)depth * (size_t)c->maxm;
    if (r == 1) {
        /* The last swap: its value is the best single gain; a table entry
         * would cost more than playing the few swaps again. */
        int nm = match3_player_moves(&c->P, cells, mv);
        long long best = 0;
        uint8_t *child = cells + c->n;
        for (int i = 0; i < nm; i++) {
            if (gl_meter_tick(c->m, c->units)) return 0;
            memcpy(child, cells, (size_t)c->n);
            c->rngs[depth + 1] = c->rngs[depth];
            long long gain = match3_player_play(&c->P, child, &c->rngs[depth + 1], mv[i], NULL, NULL);
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
    long long ub = match3_engine_bound(&c->P.E, cells);
    if (ub <= need) return ub;
    int *ord = c->order + (size_t)depth * (size_t)c->maxm;
    int nm = match3_player_moves(&c->P, cells, mv);
    if (nm == 0) {
        store(c, key, 0, 1);
        return 0;
    }
    /* Insertion sort by the first round's score, best first; not at three
     * swaps left or fewer, where the nodes are many and, without cuts, the
     * order changes little. */
    for (int i = 0; i < nm && r > 3; i++) {
        int s = match3_player_immediate(&c->P, cells, mv[i]), m = mv[i], j = i;
        for (; j > 0 && ord[j - 1] < s; j--) {
            ord[j] = ord[j - 1];
            mv[j] = mv[j - 1];
        }
        ord[j] = s;
        mv[j] = m;
    }
    long long best = -1;
    uint8_t *child = cells + c->n;
    if (r == 2 && c->P.incremental && !c->P.E.use_rng) {
        best = two_left(c, cells, mv, nm, ub);
        if (c->m->stopped) return 0;
        if (best > ub) best = ub;
        store(c, key, best, best > need);
        return best;
    }
    for (int i = 0; i < nm; i++) {
        if (gl_meter_tick(c->m, c->units)) return 0;
        memcpy(child, cells, (size_t)c->n);
        c->rngs[depth + 1] = c->rngs[depth];
        uint64_t c1 = h1, c2 = h2;
        /* A child with one swap left is not keyed (no table entry). */
        long long gain = match3_player_play(&c->P, child, &c->rngs[depth + 1], mv[i], r > 2 ? &c1 : NULL,
                                            r > 2 ? &c2 : NULL);
        long long floor = best > need ? best : need;
        long long v = gain + ex_search(c, depth + 1, r - 1, floor - gain, c1, c2);
        if (c->m->stopped) return 0;
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
    match3_player_free(&c->P);
}

int match3_exact_run(match3_exact_job *j, gl_error *err)
{
    const match3_rules *R = &j->b->R;
    if (j->engine == MATCH3_ENGINE_AUTO) j->engine = match3_auto_engine("exact", R);
    if (j->engine == MATCH3_ENGINE_BITS) return match3_exact_bits_run(j, err);
    return match3_exact_scalar_run(j, err);
}

/* Rebuilds the line of value v in d swaps from the root: at each step the
 * child that keeps the value.  0, or -1 when stopped. */
static int ex_line(ex_ctx *c, int d, long long v, uint64_t h1, uint64_t h2, int *line, int *nline)
{
    long long target = v;
    *nline = 0;
    for (int depth = 0, r = d; r > 0 && target > 0; depth++, r--) {
        uint8_t *cells = c->stack + (size_t)depth * (size_t)c->n;
        uint8_t *child = cells + c->n;
        int *mv = c->moves + (size_t)depth * (size_t)c->maxm;
        int nm = match3_player_moves(&c->P, cells, mv), found = -1;
        long long gain = 0;
        for (int i = 0; i < nm && found < 0; i++) {
            memcpy(child, cells, (size_t)c->n);
            c->rngs[depth + 1] = c->rngs[depth];
            uint64_t c1 = h1, c2 = h2;
            gain = match3_player_play(&c->P, child, &c->rngs[depth + 1], mv[i], &c1, &c2);
            if (gain > target) continue;
            long long sub = ex_search(c, depth + 1, r - 1, target - gain - 1, c1, c2);
            if (c->m->stopped) return -1;
            if (gain + sub == target) {
                found = mv[i];
                h1 = c1;
                h2 = c2;
            }
        }
        if (found < 0) {
            c->m->stopped = "internal error: line not found";
            return -1;
        }
        line[(*nline)++] = found;
        target -= gain;
    }
    return 0;
}

int match3_exact_scalar_run(match3_exact_job *j, gl_error *err)
{
    const match3_board *b = j->b;
    const int x = j->x;
    ex_ctx c;
    memset(&c, 0, sizeof c);
    gl_meter m;
    gl_meter_start(&m, j->lim);
    c.m = &m;
    c.n = b->R.rows * b->R.cols;
    c.maxm = 2 * c.n;
    c.units = match3_play_units(&b->R);
    if (j->engine != MATCH3_ENGINE_REFERENCE)
        j->engine = b->R.seed ? MATCH3_ENGINE_REFERENCE : MATCH3_ENGINE_INCREMENTAL;
    j->best = 0;
    j->nline = 0;
    j->stopped = NULL;
    size_t stack_b = (size_t)(x + 2) * (size_t)c.n, list_b = (size_t)(x + 2) * (size_t)c.maxm * sizeof(int);
    size_t order_b = (size_t)(x + 1) * (size_t)c.maxm * sizeof(int);
    size_t scratch_b = (size_t)c.maxm * (sizeof(long long) + sizeof(int) + 2 * sizeof(uint64_t)) +
                       ((size_t)c.maxm + 1) * (size_t)c.n;
    size_t fixed = match3_player_bytes(&b->R) + stack_b + list_b + order_b + scratch_b;
    /* The table's first 4096 entries: two key words, a value, a flag. */
    size_t tt_b = 4096 * (2 * sizeof(uint64_t) + sizeof(uint64_t) + 1);
    int rc = 0;
    if (gl_meter_charge(&m, fixed + tt_b) == 0) {
        c.stack = malloc(stack_b);
        c.moves = malloc(list_b);
        c.order = malloc(order_b);
        c.gain = malloc((size_t)c.maxm * sizeof *c.gain);
        c.stamp = calloc((size_t)c.maxm, sizeof *c.stamp);
        c.rmask = malloc((size_t)c.maxm * sizeof *c.rmask);
        c.cmask = malloc((size_t)c.maxm * sizeof *c.cmask);
        c.kids = malloc(((size_t)c.maxm + 1) * (size_t)c.n);
        if (!c.stack || !c.moves || !c.order || !c.gain || !c.stamp || !c.rmask || !c.cmask || !c.kids ||
            match3_player_init(&c.P, &b->R, j->engine) != 0 || gl_htab_init(&c.tt, 2, 4096, 0) != 0) {
            rc = gl_error_set(err, "out of memory");
            goto done;
        }
        c.spare = c.moves + (size_t)(x + 1) * (size_t)c.maxm;
        for (int d = 1; d <= x; d++) {
            uint64_t h1, h2;
            memcpy(c.stack, b->cell, (size_t)c.n);
            c.rngs[0] = b->rng;
            match3_engine_hash(&c.P.E, c.stack, NULL, &h1, &h2);
            long long v = ex_search(&c, 0, d, -1, h1, h2);
            int tmp[MATCH3_MAX_SWAPS], nt;
            if (m.stopped || ex_line(&c, d, v, h1, h2, tmp, &nt) != 0) break;
            j->best = v;
            memcpy(j->line, tmp, (size_t)nt * sizeof *tmp);
            j->nline = nt;
        }
    }
    j->nodes = c.P.E.nodes;
done:
    j->stopped = m.stopped;
    j->peak = m.peak;
    gl_meter_end(&m);
    ctx_free(&c);
    return rc;
}

int match3_solve_exact(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    match3_exact_job j = {.b = b, .lim = &o->lim, .keep = o->keep};
    if (match3_opt_swaps(o, b, MATCH3_MAX_SWAPS, &j.x, err) != 0 ||
        match3_opt_engine(o, &b->R, 1, &j.engine, err) != 0)
        return -1;
    uint64_t t0 = gl_now_ns();
    if (match3_exact_run(&j, err) != 0) return -1;
    out->nodes = j.nodes;
    out->peak_bytes = j.peak;
    gl_solution_clear_moves(out);
    for (int i = 0; i < j.nline; i++) gl_solution_push(out, match3_to_move(j.line[i], b->R.cols));
    /* Stopped before the first depth was done: no answer to give. */
    out->solved = !j.stopped || j.nline > 0;
    out->optimal = j.stopped == NULL;
    out->stopped = j.stopped;
    out->cost = j.best;
    match3_solution_engine(out, &b->R, j.engine);
    out->ms = gl_ms_since(t0);
    return 0;
}

int match3_hint(const gl_board *bb, const gl_solve_opts *o, gl_move *m, gl_info *info, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    match3_exact_job j = {.b = b, .lim = &o->lim, .keep = o->keep};
    if (match3_opt_swaps(o, b, 3, &j.x, err) != 0) return -1;
    int list[MATCH3_MAX_MOVES];
    int n = match3_swaps_left(b) == 0 ? 0 : match3_legal_list(&b->R, b->cell, list);
    if (n == 0) return 0;
    if (match3_exact_run(&j, err) != 0) return -1;
    /* Stopped before even one swap was searched: no move to name. */
    if (j.nline == 0) {
        if (!j.stopped) return 0;
        gl_error_set(err, "%s", j.stopped);
        return 2;
    }
    *m = match3_to_move(j.line[0], b->R.cols);
    gl_info_int(info, "score", j.best);
    gl_info_int(info, "swaps", j.x);
    gl_info_bool(info, "optimal", j.stopped == NULL);
    if (j.stopped) gl_info_text(info, "stopped", j.stopped);
    return 1;
}
