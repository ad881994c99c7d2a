/* Beam search over swap sequences: the approximate solver meant to beat
 * the seed's pruning.
 *
 * Level by level, every kept position is expanded by every legal swap;
 * positions reached twice (same hashes, and same rng state with refill)
 * are kept once; the children are ranked by their total so far plus the
 * best score one more swap could add (a one-swap lookahead, played in full
 * with its cascades), and the best W go on.  The answer is the best total
 * seen at any level, kept up to date as children are made, so a search
 * stopped by a limit answers with the best line it met.  The lookahead is
 * what makes a narrow beam good: ranking by the total alone is greedy and
 * drops lines that set up a big swap, and the seed's rule (average so far)
 * has the same weakness.  Not proved optimal.
 *
 * Memory: a child is kept as a few numbers (its parent, its swap, score,
 * lookahead, hash), not as a board; the boards of the W kept children are
 * played again from their parents.  Every array grows as it fills and is
 * charged to the meter before it grows, so --mem-mb holds. */
#include "match3.h"

#include <stdlib.h>
#include <string.h>

typedef struct bm_node {
    long long score;
    long long tie;    /* the best score of one more swap (lookahead) */
    int parent, mv;
    uint64_t h1, h2;  /* the board's hashes */
    uint64_t key;     /* h1, with the rng state mixed in under refill */
} bm_node;

static int by_rank(const void *x, const void *y)
{
    const bm_node *a = x, *b = y;
    long long ra = a->score + a->tie, rb = b->score + b->tie;
    if (ra != rb) return ra > rb ? -1 : 1;
    if (a->score != b->score) return a->score > b->score ? -1 : 1;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return 0;
}

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

typedef struct beam {
    match3_player P;
    gl_meter m;
    const match3_board *b;
    int x, W, n;
    uint32_t units;
    bm_node **levels;  /* the kept nodes of each level */
    int *nlev;
    bm_node *cand;
    size_t ncand, capcand;
    uint8_t *cur, *nxt;  /* the kept boards of this level and of the next */
    gl_rng *cur_rng, *nxt_rng;
    size_t capcur, capnxt, capcur_rng, capnxt_rng;
    uint64_t *seen;
    size_t setcap;
    int *mv, *mv2;
    uint8_t *child, *look;
    /* the best line: from node parent of level lev, swap mv */
    long long best;
    int best_lev, best_parent, best_mv;
} beam;

static uint64_t rng_key(const gl_rng *r) { return gl_hash_words(r->s, 4); }

/* The children of level lev into cand, then their lookahead; 0, or -1
 * when the meter stopped it.  All the children are made before any
 * lookahead, so that a stop during the lookahead (the bulk of the work)
 * still knows every child's score. */
static int expand(beam *B, int lev)
{
    const int n = B->n;
    B->ncand = 0;
    for (int i = 0; i < B->nlev[lev]; i++) {
        const bm_node *par = &B->levels[lev][i];
        uint8_t *cells = B->cur + (size_t)i * (size_t)n;
        int nm = match3_player_moves(&B->P, cells, B->mv);
        if (reserve(&B->m, (void **)&B->cand, &B->capcand, B->ncand + (size_t)nm, sizeof *B->cand) != 0) return -1;
        for (int j = 0; j < nm; j++) {
            if (gl_meter_tick(&B->m, B->units)) return -1;
            memcpy(B->child, cells, (size_t)n);
            gl_rng rng = B->cur_rng[i];
            bm_node *c = &B->cand[B->ncand++];
            c->h1 = par->h1;
            c->h2 = par->h2;
            c->score = par->score + match3_player_play(&B->P, B->child, &rng, B->mv[j], &c->h1, &c->h2);
            c->key = B->P.E.use_rng ? c->h1 ^ rng_key(&rng) : c->h1;
            c->parent = i;
            c->mv = B->mv[j];
            c->tie = 0;
            if (c->score > B->best) {
                B->best = c->score;
                B->best_lev = lev;
                B->best_parent = i;
                B->best_mv = c->mv;
            }
        }
    }
    /* The lookahead: the best one more swap can add (none after the last
     * level), on the child played again from its parent. */
    for (size_t k = 0; k < B->ncand && lev + 1 < B->x; k++) {
        bm_node *c = &B->cand[k];
        if (gl_meter_tick(&B->m, B->units)) return -1;
        memcpy(B->child, B->cur + (size_t)c->parent * (size_t)n, (size_t)n);
        gl_rng rng = B->cur_rng[c->parent];
        match3_player_play(&B->P, B->child, &rng, c->mv, NULL, NULL);
        int nl = match3_player_moves(&B->P, B->child, B->mv2);
        for (int j = 0; j < nl; j++) {
            if (gl_meter_tick(&B->m, B->units)) return -1;
            memcpy(B->look, B->child, (size_t)n);
            gl_rng lr = rng;
            long long s = match3_player_play(&B->P, B->look, &lr, B->mv2[j], NULL, NULL);
            if (s > c->tie) c->tie = s;
        }
    }
    return 0;
}

/* The best W distinct children become level lev+1, their boards played
 * again from their parents; 0, or -1 when the meter stopped it. */
static int select_next(beam *B, int lev)
{
    const int n = B->n;
    qsort(B->cand, B->ncand, sizeof *B->cand, by_rank);
    size_t want = B->ncand < (size_t)B->W ? B->ncand : (size_t)B->W;
    if (gl_meter_charge(&B->m, want * sizeof(bm_node)) != 0) return -1;
    B->levels[lev + 1] = malloc((want ? want : 1) * sizeof(bm_node));
    if (!B->levels[lev + 1]) {
        B->m.stopped = "out of memory";
        return -1;
    }
    if (reserve(&B->m, (void **)&B->nxt, &B->capnxt, want * (size_t)n, 1) != 0 ||
        reserve(&B->m, (void **)&B->nxt_rng, &B->capnxt_rng, want, sizeof(gl_rng)) != 0)
        return -1;
    memset(B->seen, 0, B->setcap * sizeof *B->seen);
    int kept = 0;
    bm_node *next = B->levels[lev + 1];
    for (size_t k = 0; k < B->ncand && (size_t)kept < want; k++) {
        uint64_t h = B->cand[k].key | 1; /* 0 marks a free slot */
        size_t at = (size_t)(B->cand[k].h2 & (B->setcap - 1));
        int dup = 0;
        while (B->seen[at]) {
            if (B->seen[at] == h) {
                dup = 1;
                break;
            }
            at = (at + 1) & (B->setcap - 1);
        }
        if (dup) continue;
        B->seen[at] = h;
        if (gl_meter_tick(&B->m, B->units)) return -1;
        const bm_node *c = &B->cand[k];
        uint8_t *cells = B->nxt + (size_t)kept * (size_t)n;
        memcpy(cells, B->cur + (size_t)c->parent * (size_t)n, (size_t)n);
        B->nxt_rng[kept] = B->cur_rng[c->parent];
        match3_player_play(&B->P, cells, &B->nxt_rng[kept], c->mv, NULL, NULL);
        next[kept++] = *c;
    }
    B->nlev[lev + 1] = kept;
    uint8_t *t = B->cur;
    B->cur = B->nxt;
    B->nxt = t;
    size_t tc = B->capcur;
    B->capcur = B->capnxt;
    B->capnxt = tc;
    gl_rng *tr = B->cur_rng;
    B->cur_rng = B->nxt_rng;
    B->nxt_rng = tr;
    tc = B->capcur_rng;
    B->capcur_rng = B->capnxt_rng;
    B->capnxt_rng = tc;
    return 0;
}

int match3_solve_beam(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    long long width = 32;
    int x, kind;
    if (match3_opt_swaps(o, b, MATCH3_MAX_SWAPS, &x, err) != 0) return -1;
    if (o->opts && gl_kv_int(o->opts, "width", 1, 1 << 20, &width, err) != 0) return -1;
    if (match3_opt_engine(o, &b->R, 0, &kind, err) != 0) return -1;
    if (kind == MATCH3_ENGINE_AUTO) kind = match3_auto_engine("beam", &b->R);
    beam *B = calloc(1, sizeof *B);
    if (!B) return gl_error_set(err, "out of memory");
    B->b = b;
    B->x = x;
    B->W = (int)width;
    B->n = b->R.rows * b->R.cols;
    B->units = match3_play_units(&b->R);
    B->best = 0;
    B->best_lev = -1;
    int rc = 0;
    gl_meter_start(&B->m, &o->lim);
    B->setcap = 64;
    while (B->setcap < 4 * (size_t)B->W) B->setcap <<= 1;
    size_t fixed = match3_player_bytes(&b->R) + (size_t)(x + 1) * (sizeof *B->levels + sizeof *B->nlev) +
                   B->setcap * sizeof *B->seen + 4 * (size_t)B->n * sizeof(int) + 2 * (size_t)B->n;
    if (gl_meter_charge(&B->m, fixed) == 0) {
        B->levels = calloc((size_t)x + 1, sizeof *B->levels);
        B->nlev = calloc((size_t)x + 1, sizeof *B->nlev);
        B->seen = malloc(B->setcap * sizeof *B->seen);
        B->mv = malloc(2 * (size_t)B->n * sizeof *B->mv);
        B->mv2 = malloc(2 * (size_t)B->n * sizeof *B->mv2);
        B->child = malloc((size_t)B->n);
        B->look = malloc((size_t)B->n);
        if (!B->levels || !B->nlev || !B->seen || !B->mv || !B->mv2 || !B->child || !B->look ||
            match3_player_init(&B->P, &b->R, kind) != 0) {
            rc = gl_error_set(err, "out of memory (beam width %d)", B->W);
            goto done;
        }
        if (reserve(&B->m, (void **)&B->cur, &B->capcur, (size_t)B->n, 1) == 0 &&
            reserve(&B->m, (void **)&B->cur_rng, &B->capcur_rng, 1, sizeof(gl_rng)) == 0 &&
            gl_meter_charge(&B->m, sizeof(bm_node)) == 0 && (B->levels[0] = calloc(1, sizeof(bm_node))) != NULL) {
            memcpy(B->cur, b->cell, (size_t)B->n);
            B->cur_rng[0] = b->rng;
            B->levels[0][0].parent = -1;
            match3_engine_hash(&B->P.E, B->cur, NULL, &B->levels[0][0].h1, &B->levels[0][0].h2);
            B->nlev[0] = 1;
            for (int lev = 0; lev < x && B->nlev[lev] > 0; lev++)
                if (expand(B, lev) != 0 || B->ncand == 0 || select_next(B, lev) != 0) break;
        }
    }
    gl_solution_clear_moves(out);
    if (B->best_lev >= 0) {
        gl_solution_push(out, match3_to_move(B->best_mv, b->R.cols));
        for (int lev = B->best_lev, i = B->best_parent; lev > 0; i = B->levels[lev][i].parent, lev--)
            gl_solution_push(out, match3_to_move(B->levels[lev][i].mv, b->R.cols));
        gl_solution_reverse(out);
    }
    /* Stopped before any child was made: no answer to give. */
    out->solved = !B->m.stopped || B->best_lev >= 0;
    out->optimal = 0;
    out->stopped = B->m.stopped;
    out->cost = B->best;
    out->nodes = B->P.E.nodes;
    match3_solution_engine(out, &b->R, kind);
done:
    out->peak_bytes = B->m.peak;
    out->ms = gl_meter_end(&B->m);
    for (int lev = 0; B->levels && lev <= x; lev++) free(B->levels[lev]);
    free(B->levels);
    free(B->nlev);
    free(B->cand);
    free(B->cur);
    free(B->nxt);
    free(B->cur_rng);
    free(B->nxt_rng);
    free(B->seen);
    free(B->mv);
    free(B->mv2);
    free(B->child);
    free(B->look);
    match3_player_free(&B->P);
    free(B);
    return rc;
}
