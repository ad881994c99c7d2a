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

lines_ai *lines_ai_new(const lines_ai_cfg *cfg, const lines_board *b, uint64_t seed)
{
    lines_ai *ai = calloc(1, sizeof *ai);
    if (!ai) return NULL;
    ai->cfg = *cfg;
    gl_rng_seed(&ai->rng, seed);
    if (lines_eval_init(&ai->ev, b, lines_ai_growth(cfg, b)) != 0) {
        free(ai);
        return NULL;
    }
    int ok = lines_lister_init(&ai->ls, &ai->ev) == 0;
    ok = ok && lines_ranking_init(&ai->rk, &ai->ev) == 0;
    ok = ok && (cfg->kind != LINES_AI_SEARCH || lines_plan_init(&ai->plan, &ai->ev, cfg) == 0);
    if (!ok) {
        lines_ai_free(ai);
        return NULL;
    }
    ai->bytes = sizeof *ai + lines_eval_bytes(b) + lines_lister_bytes(&ai->ev) + lines_ranking_bytes(&ai->ev) +
                (cfg->kind == LINES_AI_SEARCH ? lines_plan_bytes(&ai->ev, cfg) : 0);
    return ai;
}

void lines_ai_free(lines_ai *ai)
{
    if (!ai) return;
    lines_plan_free(&ai->plan);
    lines_ranking_free(&ai->rk);
    lines_lister_free(&ai->ls);
    lines_eval_free(&ai->ev);
    free(ai);
}

unsigned long long lines_ai_nodes(const lines_ai *ai) { return ai->ev.nodes; }

size_t lines_ai_bytes(const lines_ai *ai)
{
    return ai->bytes + (ai->cfg.kind == LINES_AI_SEARCH ? gl_htab_bytes(&ai->plan.table) : 0);
}

int lines_ai_choose(lines_ai *ai, const lines_board *b, int *from, int *to)
{
    if (lines_full(b)) return 0;
    if (ai->cfg.kind == LINES_AI_GREEDY) return lines_greedy_choose(&ai->rk, &ai->ev, &ai->ls, b, &ai->rng, from, to);
    return lines_plan_choose(&ai->plan, &ai->rk, &ai->ev, &ai->ls, b, &ai->rng, from, to);
}
