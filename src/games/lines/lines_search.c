/* The search player: lookahead over the player's moves and the random
 * spawns, within a time budget per move.
 *
 * Both modes start from the greedy ranking and keep its best `candidates`
 * moves.  Each sample plays a candidate on a copy of the position whose rng
 * is the player's own (so the real future spawns stay unknown), spawning
 * the previewed balls on sampled cells, and then:
 *   rollout     plays `depth` more turns with a fast greedy policy (the
 *               window delta, scoring moves first) and values the end
 *               position: points scored, lines in progress, space;
 *   expectimax  values the best reply after the sampled spawn (max over
 *               moves, mean over sampled spawns, max over replies).
 * The budget is spread by successive halving (Karnin et al. 2013): rounds
 * of equal time; each round samples the surviving candidates in turn and
 * keeps the better half by mean value, so most samples go to the moves
 * that are hard to tell apart. */
#include "lines_ai.h"

#include <stdlib.h>

static int cand_cmp(const void *x, const void *y)
{
    long long a = ((const lines_cand *)x)->value, b = ((const lines_cand *)y)->value;
    return a < b ? 1 : a > b ? -1 : 0;
}

/* The rollout policy's move on ai->roll: scoring first, then the window
 * delta, ties broken at random.  0 when there is no move. */
static int policy_move(lines_ai *ai, int *from, int *to)
{
    int n = lines_ai_moves(ai, &ai->roll, ai->pol);
    if (n == 0) return 0;
    int best = -1, ties = 0;
    long long bestv = 0;
    for (int i = 0; i < n; i++) {
        const lines_cand *c = &ai->pol[i];
        long long v = c->completes ? 1000000000LL + c->completes : c->value;
        if (best < 0 || v > bestv) {
            best = i;
            bestv = v;
            ties = 1;
        } else if (v == bestv && gl_rng_below(&ai->prng, (uint64_t)++ties) == 0) {
            best = i;
        }
    }
    *from = ai->pol[best].from;
    *to = ai->pol[best].to;
    return 1;
}

static double sample(lines_ai *ai, const lines_cand *c, uint64_t seed)
{
    lines_sim_copy(ai, &ai->roll, &ai->root);
    gl_rng_seed(&ai->roll.b.rng, seed);
    gl_rng_seed(&ai->prng, seed ^ 0x9e3779b97f4a7c15ULL);
    lines_sim_move(ai, &ai->roll, c->from, c->to);
    if (ai->cfg.mode == LINES_SEARCH_EXPECTIMAX) {
        if (lines_full(&ai->roll.b)) return -(double)LINES_W_LOST;
        long long base = (ai->roll.b.score - ai->root.b.score) * ai->wpoint;
        int n = lines_ai_moves(ai, &ai->roll, ai->pol);
        if (n == 0) return (double)(base + lines_ai_static(ai, &ai->roll));
        /* exact one-move values for the replies the delta likes best */
        for (int i = 0; i < n; i++)
            if (ai->pol[i].completes) ai->pol[i].value += 1000000000LL;
        int keep = n < 8 ? n : 8;
        for (int k = 0; k < keep; k++) {
            int m = k;
            for (int i = k + 1; i < n; i++)
                if (ai->pol[i].value > ai->pol[m].value) m = i;
            lines_cand t = ai->pol[k];
            ai->pol[k] = ai->pol[m];
            ai->pol[m] = t;
        }
        long long best = 0;
        for (int k = 0; k < keep; k++) {
            if (ai->pol[k].completes) ai->pol[k].value -= 1000000000LL;
            long long v = lines_ai_one_move(ai, &ai->roll, &ai->pol[k]);
            if (k == 0 || v > best) best = v;
        }
        return (double)(base + best);
    }
    for (int d = 0; d < ai->cfg.depth && !lines_full(&ai->roll.b); d++) {
        int f, t;
        if (!policy_move(ai, &f, &t)) break;
        lines_sim_move(ai, &ai->roll, f, t);
    }
    return (double)((ai->roll.b.score - ai->root.b.score) * ai->wpoint + lines_ai_static(ai, &ai->roll));
}

int lines_search_choose(lines_ai *ai, const lines_board *b, int *from, int *to)
{
    uint64_t t0 = gl_now_ns();
    lines_sim_build(ai, &ai->root, b);
    int n = lines_ai_moves(ai, &ai->root, ai->cand);
    if (n == 0) return 0;
    for (int i = 0; i < n; i++) ai->cand[i].value = lines_ai_one_move(ai, &ai->root, &ai->cand[i]);
    qsort(ai->cand, (size_t)n, sizeof *ai->cand, cand_cmp);
    int alive = n < ai->cfg.candidates ? n : ai->cfg.candidates;
    int rounds = 0;
    while ((1 << rounds) < alive) rounds++;
    for (int i = 0; i < alive; i++) {
        ai->sum[i] = 0;
        ai->count[i] = 0;
    }
    for (int round = 0; round < rounds && alive > 1; round++) {
        double until = ai->cfg.ms * (round + 1) / rounds;
        do {
            /* common random numbers: every candidate of a pass sees the
             * same spawn draws, so their difference is the moves', not
             * the dice's */
            uint64_t seed = gl_rng_next(&ai->rng);
            for (int i = 0; i < alive; i++) {
                ai->sum[i] += sample(ai, &ai->cand[i], seed);
                ai->count[i]++;
            }
        } while (gl_ms_since(t0) < until);
        /* keep the better half by mean: selection sort of the few alive */
        for (int k = 0; k < alive; k++) {
            int m = k;
            for (int i = k + 1; i < alive; i++)
                if (ai->sum[i] / ai->count[i] > ai->sum[m] / ai->count[m]) m = i;
            lines_cand tc = ai->cand[k];
            ai->cand[k] = ai->cand[m];
            ai->cand[m] = tc;
            double ts = ai->sum[k];
            ai->sum[k] = ai->sum[m];
            ai->sum[m] = ts;
            int tn = ai->count[k];
            ai->count[k] = ai->count[m];
            ai->count[m] = tn;
        }
        alive = (alive + 1) / 2;
    }
    *from = ai->cand[0].from;
    *to = ai->cand[0].to;
    return 1;
}
