/* The search player: lookahead over the player's moves and the random
 * spawns.  Three modes, all starting from the one-move ranking of every
 * legal move (exact under lines98, where the spawn is in view):
 *
 *   plan (default)  the best `candidates` moves of the ranking are played
 *                   out (with their spawn under lines98) and each is valued
 *                   by its one-move value plus a discounted plan: the best
 *                   sequence of `depth` further moves with the spawns left
 *                   out, each non-scoring move charged the space its spawn
 *                   takes, `width` moves searched at each depth.  A line
 *                   that two moves would finish is worth working towards
 *                   even though the random spawns may spoil it, hence the
 *                   discount (`discount` percent per move).  Deterministic:
 *                   the same position gives the same move on any machine
 *                   (`ms` is only a ceiling on the CPU time a move may take).
 *   rollout         the best few moves, each sampled: the candidate on a
 *                   copy whose rng is the player's own (the real future
 *                   spawns stay unknown), then `depth` turns of a fast
 *                   greedy policy (window delta, scoring moves first); the
 *                   end position valued like a leaf of the one-move player.
 *   expectimax      the best few moves, each sampled: the best reply after
 *                   a sampled spawn (max over moves, mean over spawns).
 *
 * The sampling modes spread their time budget (`ms`) by successive halving
 * (Karnin et al. 2013): rounds of equal time; each round samples the
 * surviving candidates in turn, with common random numbers, and keeps the
 * better half by mean value. */
#include "lines_ai.h"

#include <stdlib.h>
#include <time.h>

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

/* A turn without its spawn: the ball moves and its lines go; the spawn
 * that a non-scoring move causes is charged by the caller. */
static void move_nospawn(lines_ai *ai, lines_sim *s, int from, int to)
{
    lines_board *b = &s->b;
    lines_turn *t = &ai->turn;
    int c = b->cell[from];
    lines_ai_sim_set(ai, s, from, 0);
    lines_ai_sim_set(ai, s, to, c);
    t->nremoved = 0;
    lines_collect(b, to, t->removed, t->removed_colour, &t->nremoved);
    for (int i = 0; i < t->nremoved; i++) lines_ai_sim_set(ai, s, t->removed[i], 0);
    b->score += lines_points(b->rules, t->nremoved);
    b->turns++;
    ai->nodes++;
}

/* The plan table's key: the cells (4 bits each), then the depth, the
 * width and the balls taken off the board (all the plan's value depends
 * on; the score enters only as a difference). */
static void plan_key(const lines_ai *ai, const lines_sim *s, int depth, int width, uint64_t *key)
{
    size_t words = ai->plans.kw - 1;
    for (size_t k = 0; k < words; k++) {
        uint64_t v = 0;
        int end = (int)(k + 1) * 16 < s->b.n ? (int)(k + 1) * 16 : s->b.n;
        for (int i = end - 1; i >= (int)k * 16; i--) v = v << 4 | s->b.cell[i];
        key[k] = v;
    }
    key[words] = (uint64_t)depth | (uint64_t)s->unplaced << 8 | (uint64_t)width << 32;
}

/* The best gain from s over `depth` more own moves, spawns left out (each
 * non-scoring move is charged the space its spawn takes): the moves are
 * ranked by their window delta (scoring ones first), the best `width`
 * played out and searched further.  The value depends only on the position
 * and the depth, and the candidates' plans meet the same positions again
 * (two moves of different balls played in either order), so each value
 * found is kept for the rest of the move (ai->plans). */
static long long plan(lines_ai *ai, const lines_sim *s, int depth, int width)
{
    uint64_t key[LINES_PLAN_KEY_WORDS];
    plan_key(ai, s, depth, width, key);
    const uint64_t *known = ai->plans_off ? NULL : gl_htab_find(&ai->plans, key);
    if (known) return (long long)*known;
    lines_cand *mv = ai->lcand[depth];
    int keep = lines_ai_best_moves(ai, s, mv, width);
    if (keep == 0) return 0;
    long long base = lines_ai_static_listed(ai, s);
    lines_sim *nx = &ai->lvl[depth];
    long long best = 0;
    for (int i = 0; i < keep; i++) {
        lines_sim_copy(ai, nx, s);
        move_nospawn(ai, nx, mv[i].from, mv[i].to);
        long long pts = nx->b.score - s->b.score;
        long long v = pts * ai->wpoint + lines_ai_static(ai, nx) - base;
        if (!pts) {
            /* the space the spawn will take */
            int e = nx->b.n - nx->b.nballs - nx->unplaced;
            v -= lines_ai_space(ai, e) - lines_ai_space(ai, e - s->b.spawn);
        }
        if (depth > 1 && nx->b.nballs > 0) v += ai->cfg.discount * plan(ai, nx, depth - 1, width) / 100;
        if (i == 0 || v > best) best = v;
    }
    if (!ai->plans_off) gl_htab_upsert(&ai->plans, key, (uint64_t)best, NULL); /* NULL: at its cap, not kept */
    return best;
}

/* CPU time of this thread in ms: the plan's ceiling does not depend on
 * how busy the machine is. */
static double cpu_ms(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0) return 0;
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The discounted plan from a position after the candidate (0 when lost). */
static long long planned(lines_ai *ai, const lines_sim *s)
{
    if (s->b.nballs + s->unplaced >= s->b.n || ai->cfg.depth <= 0) return 0;
    int depth = ai->cfg.depth < LINES_PLAN_MAX ? ai->cfg.depth : LINES_PLAN_MAX;
    return ai->cfg.discount * plan(ai, s, depth, ai->cfg.width) / 100;
}

/* One sampled value of a candidate for the refinement (lines98): the
 * candidate played with its spawn (in view), then the preview of the next
 * spawn drawn from seed (unless the candidate scored: then nothing spawned
 * and the game's preview still holds), and the best reply valued like a
 * candidate at the root: its exact one-move value with that spawn plus the
 * discounted plan one level shallower.  The replies searched are the
 * `width` best by one-move value among the 2 * `width` best by rank. */
static double refined_sample(lines_ai *ai, const lines_cand *c, uint64_t seed)
{
    lines_sim *p = &ai->roll;
    lines_sim_copy(ai, p, &ai->root);
    lines_ai_play_known(ai, p, c->from, c->to);
    if (p->b.nballs + p->unplaced >= p->b.n) return -(double)LINES_W_LOST;
    if (!c->completes) {
        gl_rng_seed(&p->b.rng, seed);
        lines_draw_next(&p->b);
    }
    lines_cand *mv = ai->pol;
    int width = ai->cfg.width;
    int keep = lines_ai_best_moves(ai, p, mv, 2 * width);
    if (keep == 0) return -(double)LINES_W_LOST;
    long long base = lines_ai_static_listed(ai, p);
    for (int i = 0; i < keep; i++) mv[i].value = lines_ai_one_move(ai, p, &mv[i]);
    qsort(mv, (size_t)keep, sizeof *mv, cand_cmp);
    if (keep > width) keep = width;
    int depth = ai->cfg.depth < LINES_PLAN_MAX ? ai->cfg.depth : LINES_PLAN_MAX;
    lines_sim *q = &ai->lvl[LINES_PLAN_MAX]; /* plan() below uses lvl[1..depth-1] */
    double best = 0;
    for (int i = 0; i < keep; i++) {
        lines_sim_copy(ai, q, p);
        lines_ai_play_known(ai, q, mv[i].from, mv[i].to);
        double g = (double)(mv[i].value - base);
        if (depth > 1 && q->b.nballs + q->unplaced < q->b.n)
            g += (double)ai->cfg.discount * (double)plan(ai, q, depth - 1, width) / 100.0;
        if (i == 0 || g > best) best = g;
    }
    return (double)c->value + (double)ai->cfg.discount * best / 100.0;
}

/* The refinement (lines98): the `refine` candidates the plan values best
 * are valued again by the mean of `refine_samples` sampled values
 * (refined_sample: the first planned move becomes a real reply after a
 * sampled spawn, instead of a spawn-free move charged 3 cells), with the
 * same samples for every candidate; the best mean is played.  Samples stop
 * at the CPU ceiling (every candidate keeps the same number).  ai->sum
 * holds the plan values of the first `evaluated` candidates. */
static int refine(lines_ai *ai, int evaluated, double t0, int best)
{
    int top[LINES_MAX_REFINE], nt = 0;
    while (nt < ai->cfg.refine && nt < evaluated) {
        int m = -1;
        for (int i = 0; i < evaluated; i++) {
            int taken = 0;
            for (int j = 0; j < nt; j++) taken |= top[j] == i;
            if (!taken && (m < 0 || ai->sum[i] > ai->sum[m])) m = i;
        }
        top[nt++] = m;
    }
    if (nt < 2) return best;
    double mean[LINES_MAX_REFINE] = {0};
    for (int k = 0; k < ai->cfg.refine_samples; k++) {
        if (k > 0 && cpu_ms() - t0 > ai->cfg.ms) break;
        uint64_t seed = gl_rng_next(&ai->rng);
        for (int j = 0; j < nt; j++) mean[j] += refined_sample(ai, &ai->cand[top[j]], seed);
    }
    int pick = 0;
    for (int j = 1; j < nt; j++)
        if (mean[j] > mean[pick]) pick = j;
    return top[pick];
}

static int plan_choose(lines_ai *ai, const lines_board *b, int *from, int *to)
{
    double t0 = cpu_ms();
    gl_htab_clear(&ai->plans);
    lines_ai_root(ai, b);
    int n = lines_ai_moves(ai, &ai->root, ai->cand);
    if (n == 0) return 0;
    for (int i = 0; i < n; i++) ai->cand[i].value = lines_ai_one_move(ai, &ai->root, &ai->cand[i]);
    qsort(ai->cand, (size_t)n, sizeof *ai->cand, cand_cmp);
    int keep = n < ai->cfg.candidates ? n : ai->cfg.candidates;
    gl_rng spawn_rng[LINES_MAX_SAMPLES];
    for (int k = 0; k < ai->cfg.samples && k < LINES_MAX_SAMPLES; k++) gl_rng_seed(&spawn_rng[k], gl_rng_next(&ai->rng));
    int best = 0, evaluated = 0;
    long long bestv = 0;
    for (int i = 0; i < keep; i++) {
        /* the ceiling: the rest of the ranking is skipped (never hit at
         * the defaults on 9x9, which take a few ms) */
        if (i > 0 && cpu_ms() - t0 > ai->cfg.ms) break;
        long long v;
        if (b->rules == LINES_98 || ai->cand[i].completes) {
            /* the outcome is known: a scoring move spawns nothing, and
             * under lines98 the spawn is in view */
            lines_sim_copy(ai, &ai->scratch, &ai->root);
            lines_ai_play_known(ai, &ai->scratch, ai->cand[i].from, ai->cand[i].to);
            v = ai->cand[i].value + planned(ai, &ai->scratch);
        } else {
            /* KLines: the spawn's cells are unknown; the mean over sampled
             * spawns, the same samples for every candidate */
            v = 0;
            for (int k = 0; k < ai->cfg.samples; k++) {
                lines_sim_copy(ai, &ai->scratch, &ai->root);
                ai->scratch.b.rng = spawn_rng[k];
                lines_sim_move(ai, &ai->scratch, ai->cand[i].from, ai->cand[i].to);
                v += (ai->scratch.b.score - b->score) * ai->wpoint + lines_ai_static(ai, &ai->scratch) +
                     planned(ai, &ai->scratch);
            }
            v /= ai->cfg.samples;
        }
        ai->sum[i] = (double)v;
        evaluated = i + 1;
        if (i == 0 || v > bestv) {
            bestv = v;
            best = i;
        }
    }
    if (b->rules == LINES_98 && ai->cfg.refine > 1 && ai->cfg.refine_samples > 0 && b->nballs >= ai->cfg.refine_from)
        best = refine(ai, evaluated, t0, best);
    *from = ai->cand[best].from;
    *to = ai->cand[best].to;
    return 1;
}

int lines_search_choose(lines_ai *ai, const lines_board *b, int *from, int *to)
{
    if (ai->cfg.mode == LINES_SEARCH_PLAN) return plan_choose(ai, b, from, to);
    uint64_t t0 = gl_now_ns();
    lines_ai_root(ai, b);
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
