/* The AI players behind lines.h: their options, and a player made of the
 * window evaluation, the move listing, the one-move ranking and, for the
 * search player, the plan (lines_ai.h). */
#include "lines_ai.h"
#include "lines_learned.h"
#include "lines_net.h"

#include "gridlab/data.h"
#include "gridlab/game_impl.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether opts holds key (not marked used: a look, not a read). */
static int has_key(const gl_kvlist *opts, const char *key)
{
    for (int i = 0; opts && i < opts->n; i++)
        if (strcmp(opts->items[i].key, key) == 0) return 1;
    return 0;
}

int lines_ai_default_kind(const lines_board *b, const gl_kvlist *opts)
{
    static const char *const search_only[] = {"candidates", "depth", "width", "discount"};
    static const char *const learned_only[] = {"top", "branch", "samples", "decisions", "weights"};
    for (size_t i = 0; opts && i < sizeof search_only / sizeof *search_only; i++)
        if (has_key(opts, search_only[i])) return LINES_AI_SEARCH;
    for (size_t i = 0; opts && i < sizeof learned_only / sizeof *learned_only; i++)
        if (has_key(opts, learned_only[i])) return LINES_AI_LEARNED;
    if (b->w != 9 || b->h != 9 || b->colors != 7 || b->line != 5 || b->spawn != 3) return LINES_AI_SEARCH;
    const char *name = lines_net_file_name(b->rules);
    /* the weights given as bytes (none: the host could not get them, and
     * the search player stands in), or wanted from a host without files
     * (the page fetches them when first used: gridlab/data.h), or the
     * installed file (no access() in the WebAssembly build: Emscripten
     * 3.1.6's throws "SYSCALLS.calculateAt is not a function" in the
     * worker) */
    size_t given = 0;
    if (gl_data_find(name, &given)) return given > 0 ? LINES_AI_LEARNED : LINES_AI_SEARCH;
    if (!gl_data_files_allowed()) return LINES_AI_LEARNED;
#ifdef __EMSCRIPTEN__
    return LINES_AI_LEARNED;
#else
    char path[4096];
    lines_net_default_path(path, sizeof path, b->rules);
    return access(path, F_OK) == 0 ? LINES_AI_LEARNED : LINES_AI_SEARCH;
#endif
}

const char *lines_ai_kind_name(int kind)
{
    return kind == LINES_AI_GREEDY ? "greedy" : kind == LINES_AI_SEARCH ? "search" : "learned";
}

void lines_ai_cfg_default(lines_ai_cfg *c, int kind)
{
    c->kind = kind;
    c->ms = 50;
    c->candidates = 20;
    c->depth = 4;
    c->width = 4;
    c->discount = 30;
    c->top = 8;
    c->branch = 8;
    c->samples = 4;
    c->decisions = LINES_LEARNED_DECISIONS;
    c->net = NULL;
}

int lines_ai_cfg_read(lines_ai_cfg *c, gl_kvlist *opts, gl_error *err)
{
    if (!opts || c->kind == LINES_AI_GREEDY) return 0; /* the greedy player has no options */
    long long ms = (long long)c->ms, cand = c->candidates, depth = c->depth, width = c->width, discount = c->discount,
              top = c->top;
    if (gl_kv_int(opts, "ms", 1, 3600000, &ms, err) != 0) return -1;
    c->ms = (double)ms;
    if (c->kind == LINES_AI_LEARNED) {
        long long branch = c->branch, samples = c->samples, decisions = c->decisions;
        if (gl_kv_int(opts, "top", 1, 64, &top, err) != 0) return -1;
        if (gl_kv_int(opts, "branch", 0, 64, &branch, err) != 0) return -1;
        if (gl_kv_int(opts, "samples", 0, 10000, &samples, err) != 0) return -1;
        if (gl_kv_int(opts, "decisions", 0, 1LL << 40, &decisions, err) != 0) return -1;
        c->decisions = decisions;
        c->top = (int)top;
        c->branch = (int)branch;
        c->samples = (int)samples;
        return 0;
    }
    if (gl_kv_int(opts, "candidates", 1, 100000, &cand, err) != 0) return -1;
    if (gl_kv_int(opts, "depth", 0, LINES_PLAN_MAX, &depth, err) != 0) return -1;
    if (gl_kv_int(opts, "width", 1, 100000, &width, err) != 0) return -1;
    if (gl_kv_int(opts, "discount", 0, 100, &discount, err) != 0) return -1;
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
    if (ai->learner) lines_learner_free(ai->learner);
    free(ai->learner);
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
    /* the player and its window tables first (the learned player has
     * none); then, their sizes known, the listing's, the ranking's and the
     * plan's, or the learned player's levels */
    size_t first = sizeof(lines_ai) + (cfg->kind == LINES_AI_LEARNED ? 0 : lines_eval_bytes(b));
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
    if (cfg->kind == LINES_AI_LEARNED) {
        /* the network's tables; the window tables below are not used */
        if (!cfg->net || lines_net_fits(cfg->net, b, NULL) != 0 ||
            charge(ai, lines_learner_bytes(cfg->net, cfg->top)) != 0)
            goto fail;
        ai->learner = malloc(sizeof *ai->learner);
        if (!ai->learner) goto fail;
        if (lines_learner_init(ai->learner, cfg->net, cfg->top, gl_rng_next(&ai->rng)) != 0) {
            free(ai->learner);
            ai->learner = NULL;
            goto fail;
        }
        lines_learner_set_search(ai->learner, cfg->branch, cfg->samples);
        ai->learner->budget = (unsigned long long)cfg->decisions;
        return ai;
    }
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

unsigned long long lines_ai_nodes(const lines_ai *ai) { return ai->learner ? ai->learner->nodes : ai->ev.nodes; }

size_t lines_ai_bytes(const lines_ai *ai)
{
    return ai->charged + (ai->table_charged ? gl_htab_bytes(&ai->plan.table) : 0);
}

int lines_ai_choose(lines_ai *ai, const lines_board *b, int *from, int *to)
{
    if (lines_full(b)) return 0;
    lines_spend sp = {.m = ai->m, .unit = (uint32_t)(b->n / 16 + 1)};
    if (ai->cfg.kind == LINES_AI_GREEDY)
        return lines_greedy_choose(&ai->rk, &ai->ev, &ai->ls, b, &ai->rng, &sp, from, to);
    sp.ceiling_ms = ai->cfg.ms;
    sp.t0 = lines_cpu_ms();
    if (ai->learner) return lines_learner_choose(ai->learner, b, &sp, from, to, NULL);
    return lines_plan_choose(&ai->plan, &ai->rk, &ai->ev, &ai->ls, b, &ai->rng, &sp, from, to);
}
