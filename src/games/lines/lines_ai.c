/* The AI players behind lines.h: their options, and a player made of the
 * window evaluation, the move listing, the one-move ranking and, for the
 * search player, the plan (lines_ai.h). */
#include "lines_ai.h"

#include <stdlib.h>

void lines_ai_cfg_default(lines_ai_cfg *c, int kind)
{
    c->kind = kind;
    c->ms = 50;
    c->candidates = 20;
    c->depth = 4;
    c->width = 4;
    c->discount = 30;
}

int lines_ai_cfg_read(lines_ai_cfg *c, gl_kvlist *opts, gl_error *err)
{
    if (!opts) return 0;
    long long ms = (long long)c->ms, cand = c->candidates, depth = c->depth, width = c->width, discount = c->discount;
    if (gl_kv_int(opts, "ms", 1, 3600000, &ms, err) != 0) return -1;
    if (gl_kv_int(opts, "candidates", 1, 100000, &cand, err) != 0) return -1;
    if (gl_kv_int(opts, "depth", 0, LINES_PLAN_MAX, &depth, err) != 0) return -1;
    if (gl_kv_int(opts, "width", 1, 100000, &width, err) != 0) return -1;
    if (gl_kv_int(opts, "discount", 0, 100, &discount, err) != 0) return -1;
    c->ms = (double)ms;
    c->candidates = (int)cand;
    c->depth = (int)depth;
    c->width = (int)width;
    c->discount = (int)discount;
    return 0;
}

int lines_ai_growth(const lines_ai_cfg *c, const lines_board *b)
{
    return c->kind == LINES_AI_SEARCH && b->rules == LINES_98 ? LINES_W_GROWTH_98 : LINES_W_GROWTH;
}

/* Takes back what the player charged, then frees it. */
void lines_ai_free(lines_ai *ai)
{
    if (!ai) return;
    gl_meter_refund(ai->m, ai->charged + (ai->table_charged ? gl_htab_bytes(&ai->plan.table) : 0));
    lines_plan_free(&ai->plan);
    lines_ranking_free(&ai->rk);
    lines_lister_free(&ai->ls);
    lines_eval_free(&ai->ev);
    free(ai);
}

/* Charges n bytes of the player's before they are allocated. */
static int charge(lines_ai *ai, size_t n)
{
    if (gl_meter_charge(ai->m, n) != 0) return -1;
    ai->charged += n;
    return 0;
}

lines_ai *lines_ai_new(const lines_ai_cfg *cfg, const lines_board *b, uint64_t seed, gl_meter *m)
{
    /* the player and its window tables first; then, their sizes known,
     * the listing's, the ranking's and the plan's */
    size_t first = sizeof(lines_ai) + lines_eval_bytes(b);
    if (m && gl_meter_charge(m, first) != 0) return NULL;
    lines_ai *ai = calloc(1, sizeof *ai);
    if (!ai) {
        if (m) gl_meter_refund(m, first);
        return NULL;
    }
    gl_meter_start(&ai->own, NULL);
    ai->m = m ? m : &ai->own;
    ai->charged = first;
    if (!m) gl_meter_charge(ai->m, first); /* no limits: never refused */
    ai->cfg = *cfg;
    gl_rng_seed(&ai->rng, seed);
    int search = cfg->kind == LINES_AI_SEARCH;
    if (lines_eval_init(&ai->ev, b, lines_ai_growth(cfg, b)) != 0) goto fail;
    if (charge(ai, lines_lister_bytes(&ai->ev) + lines_ranking_bytes(&ai->ev) +
                       (search ? lines_plan_bytes(&ai->ev, cfg) : 0)) != 0)
        goto fail;
    if (lines_lister_init(&ai->ls, &ai->ev) != 0 || lines_ranking_init(&ai->rk, &ai->ev) != 0) goto fail;
    if (search) {
        if (lines_plan_init(&ai->plan, &ai->ev, cfg) != 0) goto fail;
        /* the plan table is made small, then charged as it grows */
        if (gl_meter_charge(ai->m, gl_htab_bytes(&ai->plan.table)) != 0) goto fail;
        ai->table_charged = 1;
    }
    return ai;
fail:
    lines_ai_free(ai);
    return NULL;
}

unsigned long long lines_ai_nodes(const lines_ai *ai) { return ai->ev.nodes; }

size_t lines_ai_bytes(const lines_ai *ai)
{
    return ai->charged + (ai->table_charged ? gl_htab_bytes(&ai->plan.table) : 0);
}

int lines_ai_choose(lines_ai *ai, const lines_board *b, int *from, int *to)
{
    if (lines_full(b)) return 0;
    lines_spend sp = {.m = ai->m, .unit = (uint32_t)(ai->ev.n / 16 + 1)};
    if (ai->cfg.kind == LINES_AI_GREEDY)
        return lines_greedy_choose(&ai->rk, &ai->ev, &ai->ls, b, &ai->rng, &sp, from, to);
    sp.ceiling_ms = ai->cfg.ms;
    sp.t0 = lines_cpu_ms();
    return lines_plan_choose(&ai->plan, &ai->rk, &ai->ev, &ai->ls, b, &ai->rng, &sp, from, to);
}
