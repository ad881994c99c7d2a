/* The search player's plan.
 *
 * Every legal move is ranked by its one-move value (the greedy player's,
 * exact under lines98, where the spawn is in view).  The best `candidates`
 * are played out — with their spawn under lines98; under KLines with one
 * spawn sampled from the player's own rng, the same for every candidate —
 * and each is valued by its one-move value plus a discounted plan: the best
 * gain over `depth` more own moves with the spawns left out, each
 * non-scoring move charged the space its spawn will take, `width` moves
 * searched at each depth.  The plan is optimistic (the spawns it leaves
 * out may block a line or make one), and a line two moves away is worth
 * working towards even though the spawns may spoil it: hence the discount,
 * `discount` percent per planned move.
 *
 * Deterministic: the same position gives the same move on any machine and
 * under any load, so games are reproducible; `ms` is only a ceiling on the
 * CPU time of one move (reached, the best candidate valued by then is
 * played).  The limits and the ceiling are polled inside the plan (a tick
 * per node and per child), so a move stops within a bounded amount of
 * work. */
#include "lines_ai.h"

#include <stdlib.h>
#include <string.h>

/* The moves kept at a plan node: `width`, but never more than the moves
 * a board can have. */
static size_t kept_moves(const lines_eval *ev, const lines_ai_cfg *cfg)
{
    size_t all = (size_t)ev->n * (size_t)ev->n;
    return (size_t)cfg->width < all ? (size_t)cfg->width : all;
}

size_t lines_plan_bytes(const lines_eval *ev, const lines_ai_cfg *cfg)
{
    return (LINES_PLAN_MAX + 2) * lines_sim_bytes(ev) + (LINES_PLAN_MAX + 1) * sizeof(lines_cand) * kept_moves(ev, cfg);
}

void lines_plan_free(lines_plan *p)
{
    lines_sim_free(&p->at);
    for (int d = 0; d <= LINES_PLAN_MAX; d++) {
        lines_sim_free(&p->lvl[d]);
        free(p->best[d]);
        p->best[d] = NULL;
    }
    if (p->table.keys) gl_htab_free(&p->table);
}

int lines_plan_init(lines_plan *p, const lines_eval *ev, const lines_ai_cfg *cfg)
{
    memset(p, 0, sizeof *p);
    p->candidates = cfg->candidates;
    p->depth = cfg->depth < LINES_PLAN_MAX ? cfg->depth : LINES_PLAN_MAX;
    p->width = cfg->width;
    p->discount = cfg->discount;
    size_t width = kept_moves(ev, cfg);
    int ok = lines_sim_alloc(ev, &p->at) == 0;
    for (int d = 0; d <= LINES_PLAN_MAX; d++) {
        ok &= lines_sim_alloc(ev, &p->lvl[d]) == 0;
        p->best[d] = malloc(sizeof(lines_cand) * width);
        ok &= p->best[d] != NULL;
    }
    /* the key: 4 bits a cell, and one word for the depth, width and balls taken off */
    ok = ok && gl_htab_init(&p->table, (size_t)(ev->n + 15) / 16 + 1, 64, LINES_PLAN_TABLE_BYTES) == 0;
    if (!ok) {
        lines_plan_free(p);
        return -1;
    }
    return 0;
}

static int cand_cmp(const void *x, const void *y)
{
    long long a = ((const lines_cand *)x)->value, b = ((const lines_cand *)y)->value;
    return a < b ? 1 : a > b ? -1 : 0;
}

/* The plan table's key: the cells (4 bits each), then the depth, the
 * width and the balls taken off the board (all the plan's value depends
 * on; the score enters only as a difference). */
static void plan_key(const lines_plan *p, const lines_sim *s, int depth, uint64_t *key)
{
    size_t words = p->table.kw - 1;
    for (size_t k = 0; k < words; k++) {
        uint64_t v = 0;
        int end = (int)(k + 1) * 16 < s->b.n ? (int)(k + 1) * 16 : s->b.n;
        for (int i = end - 1; i >= (int)k * 16; i--) v = v << 4 | s->b.cell[i];
        key[k] = v;
    }
    key[words] = (uint64_t)depth | (uint64_t)s->unplaced << 8 | (uint64_t)p->width << 32;
}

/* Keeps a plan's value.  The table's growth is charged to the meter first;
 * a growth that the memory limit (or the table's own cap) refuses leaves
 * the value out, which costs time, not the move: the plan finds the value
 * again when it meets the position. */
static void keep_value(lines_plan *p, gl_meter *m, const uint64_t *key, long long v)
{
    size_t need = gl_htab_insert_bytes(&p->table), old = gl_htab_bytes(&p->table);
    if (need && gl_meter_charge(m, need) != 0) {
        m->stopped = NULL; /* the search goes on without the value */
        return;
    }
    gl_htab_upsert(&p->table, key, (uint64_t)v, NULL);
    if (need) gl_meter_refund(m, gl_htab_bytes(&p->table) == old ? need : old);
}

/* The best gain from s over `depth` more own moves, spawns left out (each
 * non-scoring move is charged the space its spawn takes): the moves are
 * ranked by their window delta (scoring ones first), the best `width`
 * played out and searched further.  The value depends only on the position
 * and the depth, and the candidates' plans meet the same positions again
 * (two moves of different balls played in either order), so each value
 * found is kept for the rest of the move (p->table).  A plan that sp
 * stops returns at once; its value means nothing and is not kept. */
static long long plan(lines_plan *p, lines_eval *ev, lines_lister *ls, lines_spend *sp, const lines_sim *s, int depth)
{
    if (lines_spend_tick(sp, sp->unit)) return 0;
    uint64_t key[LINES_PLAN_KEY_WORDS];
    plan_key(p, s, depth, key);
    const uint64_t *known = p->table_off ? NULL : gl_htab_find(&p->table, key);
    if (known) return (long long)*known;
    lines_cand *mv = p->best[depth];
    int keep = lines_list_best(ls, ev, s, mv, p->width);
    if (keep == 0) return 0;
    long long base = lines_eval_static_regions(s, ls->nreg);
    lines_sim *nx = &p->lvl[depth];
    long long best = 0;
    for (int i = 0; i < keep; i++) {
        if (lines_spend_tick(sp, sp->unit)) return 0;
        lines_sim_copy(ev, nx, s);
        lines_sim_move_nospawn(ev, nx, mv[i].from, mv[i].to);
        long long pts = nx->b.score - s->b.score;
        long long v = pts * ev->wpoint + lines_eval_static(ev, nx) - base;
        if (!pts) v -= lines_eval_space(s->b.spawn); /* the space the spawn will take */
        if (depth > 1 && nx->b.nballs > 0) v += p->discount * plan(p, ev, ls, sp, nx, depth - 1) / 100;
        if (i == 0 || v > best) best = v;
    }
    if (lines_spend_stopped(sp)) return 0;
    if (!p->table_off) keep_value(p, sp->m, key, best);
    return best;
}

/* The discounted plan from a position after the candidate (0 when lost). */
static long long planned(lines_plan *p, lines_eval *ev, lines_lister *ls, lines_spend *sp, const lines_sim *s)
{
    if (s->b.nballs + s->unplaced >= s->b.n || p->depth <= 0) return 0;
    return p->discount * plan(p, ev, ls, sp, s, p->depth) / 100;
}

int lines_plan_choose(lines_plan *p, lines_ranking *rk, lines_eval *ev, lines_lister *ls, const lines_board *b,
                      gl_rng *rng, lines_spend *sp, int *from, int *to)
{
    gl_htab_clear(&p->table);
    int n = lines_rank(rk, ev, ls, b, rng, sp);
    if (rk->ncand == 0) return 0;
    if (n == 0) return -1;
    lines_cand *cand = rk->cand;
    int best = 0;
    if (n < rk->ncand) {
        best = lines_ranking_best(rk); /* stopped while ranking */
    } else {
        qsort(cand, (size_t)n, sizeof *cand, cand_cmp);
        int keep = n < p->candidates ? n : p->candidates;
        gl_rng spawn_rng;
        gl_rng_seed(&spawn_rng, gl_rng_next(rng));
        long long bestv = 0;
        for (int i = 0; i < keep; i++) {
            if (i > 0 && lines_spend_check(sp)) break; /* the other candidates are skipped */
            long long v;
            lines_sim_copy(ev, &p->at, &rk->root);
            if (b->rules == LINES_98 || cand[i].completes) {
                /* the outcome is known: a scoring move spawns nothing, and
                 * under lines98 the spawn is in view */
                lines_sim_play_known(ev, &p->at, cand[i].from, cand[i].to);
                v = cand[i].value + planned(p, ev, ls, sp, &p->at);
            } else {
                /* KLines: the spawn's cells are unknown; one sampled spawn,
                 * the same for every candidate */
                p->at.b.rng = spawn_rng;
                lines_sim_move(ev, &p->at, cand[i].from, cand[i].to);
                v = (p->at.b.score - b->score) * ev->wpoint + lines_eval_static(ev, &p->at) +
                    planned(p, ev, ls, sp, &p->at);
            }
            if (lines_spend_stopped(sp)) break; /* its plan was cut short: not counted */
            if (i == 0 || v > bestv) {
                bestv = v;
                best = i;
            }
        }
    }
    *from = cand[best].from;
    *to = cand[best].to;
    return 1;
}
