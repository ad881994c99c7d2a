/* Beam search over swap sequences: the approximate solver meant to beat
 * the seed's pruning.
 *
 * The shared kernel (gl_beam) keeps the layers; this file is the problem.
 * Level by level, every kept position is expanded by every legal swap;
 * positions reached twice (same hashes, and same rng state with refill)
 * are merged as they are made, the higher total staying; the children are
 * ranked by their total so far plus the best score one more swap could
 * add (a one-swap lookahead, played in full with its cascades), and the
 * best W go on.  The answer is the best total seen at any level, kept up
 * to date as children are made, so a search stopped by a limit answers
 * with the best line it met.  The lookahead is what makes a narrow beam
 * good: ranking by the total alone is greedy and drops lines that set up a
 * big swap, and the seed's rule (average so far) has the same weakness.
 * Not proved optimal.
 *
 * The kernel minimises, so a node's g is minus its total.  A child's key
 * is its position's two hashes (and the rng's with refill), not its
 * board: the boards of the W kept children are played again from their
 * parents, and only a layer's boards are held.  All the children of a
 * layer are made before any lookahead (the kernel's rank pass), so that a
 * stop during the lookahead (the bulk of the work) still knows every
 * child's score.  Every array is charged to the meter before it grows, so
 * --mem-mb holds.
 *
 * What it costs, per layer of W nodes on a board where a position has L
 * legal swaps: W*L swaps played to make the children, and the lookahead
 * of the ranked children, L swaps each.  Ranking all W*L children is
 * W*L*L swaps: nothing on 7x7 (L about 14 to 33), but on 32x32 with 3
 * kinds (L about 880, a swap cascading over the board, for hundreds of
 * rounds with refill) the default width spent minutes in one layer.  So
 * the work is measured and held to budgets, in swap rounds times the
 * board's cells (WORK_BUDGET each, per layer): the root's swaps are
 * played once first, which gives the work of a swap on this board; the
 * default width is 32, or as many nodes as a layer's children fit in the
 * budget (at least 1; a width given is kept); and the lookahead goes to
 * the children best total first, as many as the budget allows (at least
 * the width), the rest ranked by their total alone.  On 7x7 to 12x12
 * boards nothing changes (32 wide, every child ranked); the default
 * options answer in a few seconds on every board the generator makes
 * (docs/match3.md has the figures). */
#include "match3.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The budget of a layer's children, and of its lookahead, in swap rounds
 * times the board's cells (2^26: about 13 000 swaps on 32x32 with 3
 * kinds, at 5 rounds a swap; over half a million on 7x7). */
#define WORK_BUDGET (1LL << 27)
#define DEFAULT_WIDTH 32

typedef struct beam {
    match3_player P;
    gl_meter m;
    int n;               /* cells */
    int kw;              /* key words: h1, h2 (and the rng's hash with refill) */
    uint32_t units;
    size_t width;
    long long swap_work; /* the work of one swap on this board: rounds times cells */
    /* the lookahead's budget in the layer being ranked */
    long long layer_moves, layer_nodes; /* legal swaps of the layer's nodes, and the nodes */
    int ranking;         /* the first child of the layer was ranked */
    long long look_g;    /* children with g below it get the lookahead */
    long long look_at;   /* and this many more with g equal to it */
    long long *gs;       /* scratch: the children's g */
    size_t capgs;
    uint8_t *cur, *nxt;  /* the boards of the layer and of the next */
    gl_rng *cur_rng, *nxt_rng;
    size_t capcur, capnxt, capcur_rng, capnxt_rng;
    int *mv, *mv2;
    uint8_t *child, *look;
} beam;

/* Makes *p hold at least need elements of size sz, charging the meter
 * before it grows (doubling); 0, or -1 (meter stopped, or no memory). */
static int reserve(gl_meter *m, void **p, size_t *cap, size_t need, size_t sz)
{
    if (need <= *cap) return 0;
    size_t nc = *cap ? *cap : 64;
    while (nc < need) nc *= 2;
    if (gl_meter_charge(m, nc * sz) != 0) return -1;
    void *q = realloc(*p, nc * sz);
    if (!q) {
        gl_meter_refund(m, nc * sz);
        m->stopped = "out of memory";
        return -1;
    }
    gl_meter_refund(m, *cap * sz);
    *p = q;
    *cap = nc;
    return 0;
}

static uint64_t rng_key(const gl_rng *r) { return gl_hash_words(r->s, 4); }

/* Every legal swap of node i: the child's total, key and finish. */
static int beam_expand(void *ctx, gl_beam *B, size_t i)
{
    beam *M = ctx;
    const int n = M->n;
    const uint64_t *pk = gl_beam_key(B, i);
    const long long total = -gl_beam_g(B, i);
    uint8_t *cells = M->cur + i * (size_t)n;
    int nm = match3_player_moves(&M->P, cells, M->mv);
    M->layer_moves += nm;
    M->layer_nodes++;
    M->ranking = 0;
    for (int j = 0; j < nm; j++) {
        if (gl_meter_tick(&M->m, M->units)) return -1;
        memcpy(M->child, cells, (size_t)n);
        gl_rng rng = M->cur_rng[i];
        uint64_t key[3] = {pk[0], pk[1], 0};
        long long score = total + match3_player_play(&M->P, M->child, &rng, M->mv[j], &key[0], &key[1]);
        if (M->kw == 3) key[2] = rng_key(&rng);
        /* every line is an answer: the best total is kept as it is met */
        gl_beam_finish(B, -score, M->mv[j]);
        if (gl_beam_seen(B, key, -score, M->mv[j])) continue;
        if (gl_beam_add(B, key, -score, 0, 0, key[0] ^ key[2], M->mv[j]) != 0) return -1;
    }
    return 0;
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* Which children of the layer get the lookahead (called at its first
 * rank): the best totals (smallest g) first, as many as the budget allows
 * at the layer's mean number of legal swaps, and at least the width.  0,
 * or -1 (the meter stopped). */
static int plan_lookahead(beam *M, gl_beam *B)
{
    long long per = M->layer_nodes ? M->layer_moves / M->layer_nodes : 1;
    if (per < 1) per = 1;
    long long can = WORK_BUDGET / (M->swap_work * per);
    if (can < (long long)M->width) can = (long long)M->width;
    M->ranking = 1;
    M->layer_moves = M->layer_nodes = 0;
    if ((size_t)can >= B->ncand) { /* every child */
        M->look_g = LLONG_MAX;
        M->look_at = 0;
        return 0;
    }
    if (reserve(&M->m, (void **)&M->gs, &M->capgs, B->ncand, sizeof *M->gs) != 0) return -1;
    for (size_t k = 0; k < B->ncand; k++) M->gs[k] = B->cand[k].g;
    qsort(M->gs, B->ncand, sizeof *M->gs, cmp_ll);
    M->look_g = M->gs[can - 1];
    M->look_at = 0; /* those equal to it, in arrival order: can minus those below it */
    for (long long k = can - 1; k >= 0 && M->gs[k] == M->look_g; k--) M->look_at++;
    return 0;
}

/* The lookahead: the best one more swap can add, on the child played
 * again from its parent.  Ranked by total + lookahead, then by total
 * (the larger first: with the sum equal, the smaller lookahead), then by
 * the key (as the hash h1, mixed with the rng's under refill).  A child
 * beyond the lookahead's budget is ranked by its total alone. */
static int beam_rank(void *ctx, gl_beam *B, gl_beam_cand *c)
{
    beam *M = ctx;
    const int n = M->n;
    const size_t from = gl_beam_from(B, c);
    if (!M->ranking && plan_lookahead(M, B) != 0) return -1;
    if (c->g > M->look_g || (c->g == M->look_g && M->look_at-- <= 0)) {
        c->f = c->g;
        c->tie = 0;
        return 0;
    }
    if (gl_meter_tick(&M->m, M->units)) return -1;
    memcpy(M->child, M->cur + from * (size_t)n, (size_t)n);
    gl_rng rng = M->cur_rng[from];
    match3_player_play(&M->P, M->child, &rng, c->move, NULL, NULL);
    int nl = match3_player_moves(&M->P, M->child, M->mv2);
    long long look = 0;
    for (int j = 0; j < nl; j++) {
        if (gl_meter_tick(&M->m, M->units)) return -1;
        memcpy(M->look, M->child, (size_t)n);
        gl_rng lr = rng;
        long long s = match3_player_play(&M->P, M->look, &lr, M->mv2[j], NULL, NULL);
        if (s > look) look = s;
    }
    c->f = c->g - look;
    c->tie = look;
    return 0;
}

/* A kept child's board, played again from its parent's. */
static int beam_keep(void *ctx, gl_beam *B, const gl_beam_cand *c, size_t from, size_t to)
{
    beam *M = ctx;
    const int n = M->n;
    (void)B;
    if (reserve(&M->m, (void **)&M->nxt, &M->capnxt, (to + 1) * (size_t)n, 1) != 0 ||
        reserve(&M->m, (void **)&M->nxt_rng, &M->capnxt_rng, to + 1, sizeof(gl_rng)) != 0 ||
        gl_meter_tick(&M->m, M->units))
        return -1;
    uint8_t *cells = M->nxt + to * (size_t)n;
    memcpy(cells, M->cur + from * (size_t)n, (size_t)n);
    M->nxt_rng[to] = M->cur_rng[from];
    match3_player_play(&M->P, cells, &M->nxt_rng[to], c->move, NULL, NULL);
    return 0;
}

/* The work of one swap on this board, from the root's swaps played once
 * each: rounds (the engine's count; 4 a swap where it keeps none, the
 * seed's rules) times cells.  Deterministic: the same board, the same
 * figure on any machine.  The root's number of swaps in *nroot. */
static long long measure_swap(beam *M, const match3_board *b, int *nroot)
{
    int nm = match3_player_moves(&M->P, M->cur, M->mv);
    *nroot = nm;
    uint32_t r0 = M->P.E.round;
    uint64_t p0 = M->P.E.nodes;
    for (int j = 0; j < nm; j++) {
        memcpy(M->child, M->cur, (size_t)M->n);
        gl_rng rng = b->rng;
        match3_player_play(&M->P, M->child, &rng, M->mv[j], NULL, NULL);
    }
    uint32_t r1 = M->P.E.round;
    M->P.E.nodes = p0; /* a measure, not the search's work */
    long long rounds = r1 > r0 ? (long long)(r1 - r0) : 0;
    long long per = nm && rounds ? (rounds + nm - 1) / nm : 4;
    return per * M->n;
}

static void beam_advance(void *ctx, size_t kept)
{
    beam *M = ctx;
    (void)kept;
    uint8_t *t = M->cur;
    M->cur = M->nxt;
    M->nxt = t;
    size_t tc = M->capcur;
    M->capcur = M->capnxt;
    M->capnxt = tc;
    gl_rng *tr = M->cur_rng;
    M->cur_rng = M->nxt_rng;
    M->nxt_rng = tr;
    tc = M->capcur_rng;
    M->capcur_rng = M->capnxt_rng;
    M->capnxt_rng = tc;
}

int match3_solve_beam(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    long long width = DEFAULT_WIDTH;
    int x, kind;
    if (match3_opt_swaps(o, b, MATCH3_MAX_SWAPS, &x, err) != 0) return -1;
    if (o->opts && gl_kv_int(o->opts, "width", 1, 1 << 20, &width, err) != 0) return -1;
    if (match3_opt_engine(o, &b->R, 0, &kind, err) != 0) return -1;
    if (kind == MATCH3_ENGINE_AUTO) kind = match3_auto_engine("beam", &b->R);
    int width_given = o->opts && gl_kv_find(o->opts, "width") != NULL;
    beam *M = calloc(1, sizeof *M);
    if (!M) return gl_error_set(err, "out of memory");
    M->n = b->R.rows * b->R.cols;
    M->kw = b->R.refill ? 3 : 2;
    M->units = match3_play_units(&b->R);
    int rc = 0;
    gl_meter_start(&M->m, &o->lim);
    gl_beam_problem bp = {.ctx = M,
                          .kw = M->kw,
                          .max_depth = x,
                          .expand = beam_expand,
                          .rank = beam_rank,
                          .keep = beam_keep,
                          .advance = beam_advance};
    gl_beam B;
    gl_beam_init(&B, &bp, &M->m);
    size_t fixed = match3_player_bytes(&b->R) + 4 * (size_t)M->n * sizeof(int) + 2 * (size_t)M->n;
    if (gl_meter_charge(&M->m, fixed) == 0) {
        M->mv = malloc(2 * (size_t)M->n * sizeof *M->mv);
        M->mv2 = malloc(2 * (size_t)M->n * sizeof *M->mv2);
        M->child = malloc((size_t)M->n);
        M->look = malloc((size_t)M->n);
        if (!M->mv || !M->mv2 || !M->child || !M->look || match3_player_init(&M->P, &b->R, kind) != 0) {
            rc = gl_error_set(err, "out of memory (beam width %lld)", width);
            goto done;
        }
        if (reserve(&M->m, (void **)&M->cur, &M->capcur, (size_t)M->n, 1) == 0 &&
            reserve(&M->m, (void **)&M->cur_rng, &M->capcur_rng, 1, sizeof(gl_rng)) == 0) {
            memcpy(M->cur, b->cell, (size_t)M->n);
            M->cur_rng[0] = b->rng;
            int nroot = 0;
            M->swap_work = measure_swap(M, b, &nroot);
            if (!width_given) { /* as many as a layer's children fit in the budget, at most 32 */
                long long fit = WORK_BUDGET / (M->swap_work * (nroot > 0 ? nroot : 1));
                width = fit < 1 ? 1 : fit < DEFAULT_WIDTH ? fit : DEFAULT_WIDTH;
            }
            M->width = (size_t)width;
            bp.width = (size_t)width;
            gl_info_int(&out->info, "width", width);
            uint64_t root[3] = {0, 0, 0};
            match3_engine_hash(&M->P.E, M->cur, NULL, &root[0], &root[1]);
            if (M->kw == 3) root[2] = rng_key(&b->rng);
            /* no swap at all scores 0: a line must beat it */
            if (x > 0) gl_beam_search(&B, root, 0, 1);
        }
    }
    gl_solution_clear_moves(out);
    int line[MATCH3_MAX_SWAPS];
    int nline = B.has_best ? gl_beam_best_route(&B, line, MATCH3_MAX_SWAPS) : 0;
    for (int i = 0; i < nline; i++) gl_solution_push(out, match3_to_move(line[i], b->R.cols));
    /* Stopped before any child was made: no answer to give. */
    out->solved = !M->m.stopped || nline > 0;
    out->optimal = 0;
    out->stopped = M->m.stopped;
    out->cost = B.has_best ? -B.best_g : 0;
    out->nodes = M->P.E.nodes;
    match3_solution_engine(out, &b->R, kind);
done:
    gl_beam_free(&B);
    out->peak_bytes = M->m.peak;
    out->ms = gl_meter_end(&M->m);
    free(M->cur);
    free(M->nxt);
    free(M->cur_rng);
    free(M->nxt_rng);
    free(M->mv);
    free(M->mv2);
    free(M->child);
    free(M->look);
    free(M->gs);
    match3_player_free(&M->P);
    free(M);
    return rc;
}
