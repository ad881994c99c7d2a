/* Beam search over swap sequences: the approximate solver meant to beat
 * the seed's pruning.
 *
 * Level by level, every kept position is expanded by every legal swap (on
 * the engine); positions reached twice (same Zobrist keys) are kept once;
 * the children are ranked by their total so far plus the best score one
 * more swap could add (a one-swap lookahead, played in full with its
 * cascades), and the best W go on.  The answer is the best total seen at
 * any level.  The lookahead is what makes a narrow beam good: ranking by
 * the total alone is greedy and drops lines that set up a big swap, and
 * the seed's rule (average so far) has the same weakness.  Not proved
 * optimal. */
#include "match3.h"

#include <stdlib.h>
#include <string.h>

typedef struct bm_node {
    long long score;
    long long tie;    /* the best score of one more swap (lookahead) */
    int parent, mv;
    uint64_t h1, h2;
    int slot;         /* where its cells are in the candidate pool */
} bm_node;

static int by_rank(const void *x, const void *y)
{
    const bm_node *a = x, *b = y;
    long long ra = a->score + a->tie, rb = b->score + b->tie;
    if (ra != rb) return ra > rb ? -1 : 1;
    if (a->score != b->score) return a->score > b->score ? -1 : 1;
    if (a->h1 != b->h1) return a->h1 < b->h1 ? -1 : 1;
    return 0;
}

int match3_solve_beam(const gl_board *bb, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const match3_board *b = (const match3_board *)bb;
    int x;
    long long width = 32;
    if (match3_opt_swaps(o, &x, err) != 0) return -1;
    if (o->opts && gl_kv_int(o->opts, "width", 1, 1 << 20, &width, err) != 0) return -1;
    uint64_t t0 = gl_now_ns();
    const int n = b->R.rows * b->R.cols, W = (int)width;
    match3_engine E;
    if (match3_engine_init(&E, &b->R) != 0) return gl_error_set(err, "out of memory");
    size_t maxc = (size_t)W * 2 * (size_t)n; /* children of one level, at most */
    bm_node *levels = malloc((size_t)(x + 1) * (size_t)W * sizeof *levels);
    int *nlev = calloc((size_t)x + 1, sizeof *nlev);
    bm_node *cand = malloc(maxc * sizeof *cand);
    uint8_t *cur = malloc((size_t)W * (size_t)n), *pool = malloc(maxc * (size_t)n);
    gl_rng *cur_rng = malloc((size_t)W * sizeof *cur_rng), *pool_rng = malloc(maxc * sizeof *pool_rng);
    size_t setcap = 1;
    while (setcap < 4 * (size_t)W) setcap <<= 1;
    uint64_t *seen = malloc(setcap * sizeof *seen);
    int *mv = malloc(2 * (size_t)n * sizeof *mv);
    uint8_t *look = malloc((size_t)n);
    const char *stopped = NULL;
    int rc = 0;
    if (!levels || !nlev || !cand || !cur || !pool || !cur_rng || !pool_rng || !seen || !mv || !look) {
        rc = gl_error_set(err, "out of memory (beam width %d)", W);
        goto done;
    }
    memcpy(cur, b->cell, (size_t)n);
    cur_rng[0] = b->rng;
    levels[0] = (bm_node){0, 0, -1, -1, 0, 0, 0};
    match3_engine_hash(&E, cur, NULL, &levels[0].h1, &levels[0].h2);
    nlev[0] = 1;
    long long best = 0;
    int best_lev = 0, best_idx = 0;
    for (int lev = 0; lev < x && nlev[lev] > 0 && !stopped; lev++) {
        size_t nc = 0;
        for (int i = 0; i < nlev[lev]; i++) {
            uint8_t *cells = cur + (size_t)i * (size_t)n;
            int nm = match3_engine_moves(&E, cells, mv);
            for (int j = 0; j < nm; j++) {
                uint8_t *child = pool + nc * (size_t)n;
                memcpy(child, cells, (size_t)n);
                pool_rng[nc] = cur_rng[i];
                bm_node *c = &cand[nc];
                c->h1 = levels[lev * W + i].h1;
                c->h2 = levels[lev * W + i].h2;
                c->score = levels[lev * W + i].score +
                           match3_engine_play(&E, child, &pool_rng[nc], mv[j], &c->h1, &c->h2);
                if (E.use_rng) c->h1 ^= gl_hash_words(pool_rng[nc].s, 4);
                c->parent = i;
                c->mv = mv[j];
                c->slot = (int)nc;
                c->tie = 0;
                nc++;
            }
            if ((i & 63) == 63 && (stopped = gl_limits_check(&o->lim, t0, 0)) != NULL) break;
        }
        if (stopped || nc == 0) break;
        /* The lookahead: the best one more swap can add to each child
         * (none after the last level). */
        for (size_t k = 0; k < nc && lev + 1 < x; k++) {
            uint8_t *child = pool + (size_t)cand[k].slot * (size_t)n;
            int nm = match3_engine_moves(&E, child, mv);
            long long t = 0;
            for (int j = 0; j < nm; j++) {
                memcpy(look, child, (size_t)n);
                gl_rng lr = pool_rng[cand[k].slot];
                long long s = match3_engine_play(&E, look, &lr, mv[j], NULL, NULL);
                if (s > t) t = s;
            }
            cand[k].tie = t;
            if ((k & 255) == 255 && (stopped = gl_limits_check(&o->lim, t0, 0)) != NULL) break;
        }
        if (stopped) break;
        qsort(cand, nc, sizeof *cand, by_rank);
        memset(seen, 0, setcap * sizeof *seen);
        int kept = 0;
        bm_node *next = &levels[(lev + 1) * W];
        for (size_t k = 0; k < nc && kept < W; k++) {
            uint64_t h = cand[k].h1 | 1; /* 0 marks a free slot */
            size_t at = (size_t)(cand[k].h2 & (setcap - 1));
            int dup = 0;
            while (seen[at]) {
                if (seen[at] == h) {
                    dup = 1;
                    break;
                }
                at = (at + 1) & (setcap - 1);
            }
            if (dup) continue;
            seen[at] = h;
            next[kept] = cand[k];
            kept++;
        }
        /* Move the kept children's cells into place (pool slots -> cur). */
        for (int k = 0; k < kept; k++) {
            memcpy(cur + (size_t)k * (size_t)n, pool + (size_t)next[k].slot * (size_t)n, (size_t)n);
            cur_rng[k] = pool_rng[next[k].slot];
        }
        nlev[lev + 1] = kept;
        if (kept > 0 && next[0].score > best) {
            best = next[0].score;
            best_lev = lev + 1;
            best_idx = 0;
        }
    }
    gl_solution_clear_moves(out);
    for (int lev = best_lev, i = best_idx; lev > 0; i = levels[lev * W + i].parent, lev--)
        gl_solution_push(out, match3_to_move(levels[lev * W + i].mv, b->R.cols));
    gl_solution_reverse(out);
    out->solved = 1;
    out->optimal = 0;
    out->stopped = stopped;
    out->cost = best;
    out->nodes = E.nodes;
    out->peak_bytes = (size_t)(x + 1) * (size_t)W * sizeof *levels + maxc * (sizeof *cand + (size_t)n + sizeof(gl_rng)) +
                      (size_t)W * ((size_t)n + sizeof(gl_rng)) + setcap * sizeof *seen;
    out->ms = gl_ms_since(t0);
done:
    free(levels);
    free(nlev);
    free(cand);
    free(cur);
    free(pool);
    free(cur_rng);
    free(pool_rng);
    free(seen);
    free(mv);
    free(look);
    match3_engine_free(&E);
    return rc;
}
