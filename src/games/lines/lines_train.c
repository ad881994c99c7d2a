/* Self-play TD learning of the learned player's weights (lines_train.h). */
#include "lines_train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void tr_lock(lines_trainer *tr)
{
    while (atomic_flag_test_and_set_explicit(&tr->lock, memory_order_acquire)) {
    }
}
static void tr_unlock(lines_trainer *tr) { atomic_flag_clear_explicit(&tr->lock, memory_order_release); }

size_t lines_trainer_bytes(const lines_net *net)
{
    return sizeof(lines_trainer) + 2 * sizeof(float) * net->nw + sizeof(lines_board) * LTRAIN_POOL;
}

size_t lines_train_worker_bytes(const lines_net *net, int top)
{
    return sizeof(lines_train_worker) + lines_learner_bytes(net, top) +
           (LTRAIN_TRACE + 1) * sizeof(uint32_t) * (size_t)lines_net_nfeatures(net) + sizeof(uint32_t) * net->nw;
}

int lines_trainer_init(lines_trainer *tr, lines_net *net, uint64_t seed, float alpha, float lambda, int top,
                       int restart_pct)
{
    memset(tr, 0, sizeof *tr);
    atomic_flag_clear(&tr->lock);
    tr->net = net;
    tr->seed = seed;
    tr->alpha = alpha;
    tr->lambda = lambda;
    tr->top = top;
    tr->restart_pct = restart_pct;
    tr->E = malloc(sizeof *tr->E * (net->nw ? net->nw : 1));
    tr->A = malloc(sizeof *tr->A * (net->nw ? net->nw : 1));
    tr->pool = malloc(sizeof *tr->pool * LTRAIN_POOL);
    if (!tr->E || !tr->A || !tr->pool) {
        lines_trainer_free(tr);
        return -1;
    }
    for (size_t x = 0; x < net->nw; x++) {
        atomic_init(&tr->E[x], 0.0f);
        atomic_init(&tr->A[x], 0.0f);
    }
    return 0;
}

void lines_trainer_free(lines_trainer *tr)
{
    free((void *)tr->E);
    free((void *)tr->A);
    free(tr->pool);
    tr->E = tr->A = NULL;
    tr->pool = NULL;
}

/* ---- the state a checkpoint keeps (little-endian) ---- */

typedef struct wbuf {
    unsigned char *p;
    size_t len, cap;
    int bad;
} wbuf;

static void w_bytes(wbuf *b, const void *data, size_t n)
{
    if (b->bad) return;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) cap *= 2;
        unsigned char *p = realloc(b->p, cap);
        if (!p) {
            b->bad = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
}
static void w_u64(wbuf *b, uint64_t v)
{
    unsigned char x[8];
    for (int i = 0; i < 8; i++) x[i] = (unsigned char)(v >> (8 * i));
    w_bytes(b, x, 8);
}
static void w_u32(wbuf *b, uint32_t v)
{
    unsigned char x[4];
    for (int i = 0; i < 4; i++) x[i] = (unsigned char)(v >> (8 * i));
    w_bytes(b, x, 4);
}
static void w_f32(wbuf *b, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    w_u32(b, u);
}
static void w_f64(wbuf *b, double f)
{
    uint64_t u;
    memcpy(&u, &f, sizeof u);
    w_u64(b, u);
}

typedef struct rbuf {
    const unsigned char *p;
    size_t len, at;
    int bad;
} rbuf;

static const unsigned char *r_bytes(rbuf *b, size_t n)
{
    if (b->bad || b->len - b->at < n) {
        b->bad = 1;
        return NULL;
    }
    const unsigned char *p = b->p + b->at;
    b->at += n;
    return p;
}
static uint64_t r_u64(rbuf *b)
{
    const unsigned char *p = r_bytes(b, 8);
    uint64_t v = 0;
    for (int i = 7; p && i >= 0; i--) v = v << 8 | p[i];
    return v;
}
static uint32_t r_u32(rbuf *b)
{
    const unsigned char *p = r_bytes(b, 4);
    uint32_t v = 0;
    for (int i = 3; p && i >= 0; i--) v = v << 8 | p[i];
    return v;
}
static float r_f32(rbuf *b)
{
    uint32_t u = r_u32(b);
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static double r_f64(rbuf *b)
{
    uint64_t u = r_u64(b);
    double f;
    memcpy(&f, &u, sizeof f);
    return f;
}

#define LTRAIN_STATE_VERSION 1

/* A board of the pool: 9x9 at most in a checkpoint is not assumed; the
 * cells are written whole. */
static void w_board(wbuf *b, const lines_board *x)
{
    const int head[9] = {x->w, x->h, x->colors, x->line, x->spawn, x->rules, x->turns, x->nballs, 0};
    for (int i = 0; i < 9; i++) w_u32(b, (uint32_t)head[i]);
    w_u64(b, (uint64_t)x->score);
    for (int i = 0; i < LINES_MAX_SPAWN; i++) {
        w_u32(b, x->next[i]);
        w_u32(b, (uint32_t)x->next_at[i]);
    }
    for (int i = 0; i < 4; i++) w_u64(b, x->rng.s[i]);
    w_bytes(b, x->cell, (size_t)x->n);
}

static int r_board(rbuf *b, lines_board *x, const lines_net *net)
{
    memset(x, 0, sizeof *x);
    int head[9];
    for (int i = 0; i < 9; i++) head[i] = (int)r_u32(b);
    x->w = head[0];
    x->h = head[1];
    x->n = x->w * x->h;
    x->colors = head[2];
    x->line = head[3];
    x->spawn = head[4];
    x->rules = head[5];
    x->turns = head[6];
    x->nballs = head[7];
    x->score = (long long)r_u64(b);
    for (int i = 0; i < LINES_MAX_SPAWN; i++) {
        x->next[i] = (uint8_t)r_u32(b);
        x->next_at[i] = (int)r_u32(b);
    }
    for (int i = 0; i < 4; i++) x->rng.s[i] = r_u64(b);
    if (b->bad || x->w != net->w || x->h != net->h || x->colors != net->colors || x->line != net->line ||
        x->spawn != net->spawn || x->rules != net->rules || x->turns < 0 || x->score < 0)
        return -1;
    const unsigned char *cells = r_bytes(b, (size_t)x->n);
    if (!cells) return -1;
    int balls = 0;
    for (int i = 0; i < x->n; i++) {
        if (cells[i] > x->colors) return -1;
        x->cell[i] = cells[i];
        balls += cells[i] != 0;
    }
    for (int i = 0; i < x->spawn; i++)
        if (x->next[i] < 1 || x->next[i] > x->colors || x->next_at[i] < -1 || x->next_at[i] >= x->n) return -1;
    if ((x->rng.s[0] | x->rng.s[1] | x->rng.s[2] | x->rng.s[3]) == 0) return -1;
    return balls == x->nballs && balls < x->n ? 0 : -1;
}

unsigned char *lines_trainer_save(lines_trainer *tr, size_t *len)
{
    wbuf b = {0};
    tr_lock(tr);
    w_u32(&b, LTRAIN_STATE_VERSION);
    w_u64(&b, tr->seed);
    w_f32(&b, tr->alpha);
    w_f32(&b, tr->lambda);
    w_u32(&b, (uint32_t)tr->top);
    w_u32(&b, (uint32_t)tr->restart_pct);
    w_u64(&b, tr->next_game);
    w_u64(&b, tr->full_games);
    w_u64(&b, tr->restart_games);
    w_u64(&b, tr->turns);
    w_f64(&b, tr->score_sum);
    w_u64(&b, (uint64_t)tr->best);
    w_f64(&b, tr->seconds);
    w_f64(&b, tr->cpu_seconds);
    w_u32(&b, (uint32_t)tr->nrecent);
    w_u32(&b, (uint32_t)tr->recent_at);
    for (int i = 0; i < LTRAIN_RECENT; i++) w_u64(&b, (uint64_t)tr->recent[i]);
    w_u32(&b, (uint32_t)tr->npool);
    for (int i = 0; i < tr->npool; i++) w_board(&b, &tr->pool[i]);
    tr_unlock(tr);
    w_u64(&b, (uint64_t)tr->net->nw);
    for (size_t x = 0; x < tr->net->nw; x++) w_f32(&b, atomic_load_explicit(&tr->E[x], memory_order_relaxed));
    for (size_t x = 0; x < tr->net->nw; x++) w_f32(&b, atomic_load_explicit(&tr->A[x], memory_order_relaxed));
    if (b.bad) {
        free(b.p);
        return NULL;
    }
    *len = b.len;
    return b.p;
}

int lines_trainer_restore(lines_trainer *tr, const unsigned char *data, size_t len, const char *name, gl_error *err)
{
    rbuf b = {data, len, 0, 0};
    if (!data || len == 0) return gl_error_set(err, "%s: a weights file, not a trainer's checkpoint", name);
    if (r_u32(&b) != LTRAIN_STATE_VERSION)
        return gl_error_set(err, "%s: a checkpoint of another trainer version", name);
    tr->seed = r_u64(&b);
    tr->alpha = r_f32(&b);
    tr->lambda = r_f32(&b);
    tr->top = (int)r_u32(&b);
    tr->restart_pct = (int)r_u32(&b);
    tr->next_game = r_u64(&b);
    tr->full_games = r_u64(&b);
    tr->restart_games = r_u64(&b);
    tr->turns = r_u64(&b);
    tr->score_sum = r_f64(&b);
    tr->best = (long long)r_u64(&b);
    tr->seconds = r_f64(&b);
    tr->cpu_seconds = r_f64(&b);
    tr->nrecent = (int)r_u32(&b);
    tr->recent_at = (int)r_u32(&b);
    for (int i = 0; i < LTRAIN_RECENT; i++) tr->recent[i] = (long long)r_u64(&b);
    tr->npool = (int)r_u32(&b);
    if (b.bad || !(tr->alpha > 0 && tr->alpha <= 1) || !(tr->lambda >= 0 && tr->lambda < 1) || tr->top < 1 || tr->top > 1000 || tr->restart_pct < 0 ||
        tr->restart_pct > 100 || tr->nrecent < 0 || tr->nrecent > LTRAIN_RECENT || tr->recent_at < 0 ||
        tr->recent_at >= LTRAIN_RECENT || tr->npool < 0 || tr->npool > LTRAIN_POOL || !isfinite(tr->score_sum) ||
        !isfinite(tr->seconds) || !isfinite(tr->cpu_seconds))
        return gl_error_set(err, "%s: corrupt trainer state", name);
    for (int i = 0; i < tr->npool; i++)
        if (r_board(&b, &tr->pool[i], tr->net) != 0)
            return gl_error_set(err, "%s: corrupt trainer state (crisis position %d)", name, i + 1);
    if (r_u64(&b) != tr->net->nw) return gl_error_set(err, "%s: corrupt trainer state (its size)", name);
    /* The learning rates' sums: E sums the errors, A their sizes, so
     * |E| <= A, both far below LTRAIN_SUM_MAX (a sum that large, or not a
     * number, would end the training in "the training diverged"). */
    for (size_t x = 0; x < tr->net->nw && !b.bad; x++) {
        float e = r_f32(&b);
        if (b.bad) break;
        if (!(fabsf(e) <= LTRAIN_SUM_MAX))
            return gl_error_set(err, "%s: corrupt trainer state (learning-rate sum E of weight %zu is %g; "
                                     "expected a number from -%g to %g)", name, x, (double)e, LTRAIN_SUM_MAX,
                                LTRAIN_SUM_MAX);
        atomic_store_explicit(&tr->E[x], e, memory_order_relaxed);
    }
    for (size_t x = 0; x < tr->net->nw && !b.bad; x++) {
        float a = r_f32(&b);
        if (b.bad) break;
        if (!(a >= 0 && a <= LTRAIN_SUM_MAX))
            return gl_error_set(err, "%s: corrupt trainer state (learning-rate sum A of weight %zu is %g; "
                                     "expected a number from 0 to %g)", name, x, (double)a, LTRAIN_SUM_MAX);
        atomic_store_explicit(&tr->A[x], a, memory_order_relaxed);
    }
    if (b.bad || b.at != b.len) return gl_error_set(err, "%s: corrupt trainer state", name);
    return 0;
}

int lines_trainer_start_from(lines_trainer *tr, lines_net *src, const unsigned char *extra, size_t nextra,
                             const char *name, gl_error *err)
{
    const lines_net *net = tr->net;
    size_t *map = malloc(sizeof *map * (net->nw ? net->nw : 1));
    if (!map) return gl_error_set(err, "out of memory");
    if (lines_net_stage_map(net, src, map) != 0) {
        free(map);
        return gl_error_set(err, "%s: its layout ('%s') has other tables than '%s', or a stage boundary that one lacks",
                             name, src->layout, net->layout);
    }
    for (size_t x = 0; x < net->nw; x++) lnet_w_set(net, x, map[x] == LNET_NEW ? 0.0f : lnet_w(src, map[x]));
    if (extra && nextra) {
        lines_trainer old;
        if (lines_trainer_init(&old, src, 0, 1, 0, 1, 0) != 0) {
            free(map);
            return gl_error_set(err, "out of memory");
        }
        if (lines_trainer_restore(&old, extra, nextra, name, err) != 0) {
            lines_trainer_free(&old);
            free(map);
            return -1;
        }
        for (size_t x = 0; x < net->nw; x++) {
            if (map[x] == LNET_NEW) continue; /* a new feature's rate starts afresh */
            atomic_store_explicit(&tr->E[x], atomic_load_explicit(&old.E[map[x]], memory_order_relaxed),
                                  memory_order_relaxed);
            atomic_store_explicit(&tr->A[x], atomic_load_explicit(&old.A[map[x]], memory_order_relaxed),
                                  memory_order_relaxed);
        }
        lines_trainer_free(&old);
    }
    free(map);
    return 0;
}

/* ---- games ---- */

int lines_train_worker_init(lines_train_worker *w, lines_trainer *tr)
{
    memset(w, 0, sizeof *w);
    w->tr = tr;
    size_t nf = (size_t)lines_net_nfeatures(tr->net);
    int ok = 1;
    for (int i = 0; i <= LTRAIN_TRACE; i++) ok &= (w->idx[i] = malloc(sizeof(uint32_t) * nf)) != NULL;
    ok &= (w->cnt = calloc(tr->net->nw ? tr->net->nw : 1, sizeof *w->cnt)) != NULL;
    if (!ok || lines_learner_init(&w->L, tr->net, tr->top, 0) != 0) {
        lines_train_worker_free(w);
        return -1;
    }
    w->L.nested_scoring = LTRAIN_NESTED;
    return 0;
}

void lines_train_worker_free(lines_train_worker *w)
{
    lines_learner_free(&w->L);
    free(w->cnt);
    w->cnt = NULL;
    for (int i = 0; i <= LTRAIN_TRACE; i++) {
        free(w->idx[i]);
        w->idx[i] = NULL;
    }
}

uint64_t lines_trainer_take(lines_trainer *tr)
{
    tr_lock(tr);
    uint64_t k = tr->next_game++;
    tr_unlock(tr);
    return k;
}

void lines_trainer_counters(lines_trainer *tr, uint64_t *full, uint64_t *restarts, uint64_t *turns,
                            double *recent_mean, double *mean, long long *best)
{
    tr_lock(tr);
    *full = tr->full_games;
    *restarts = tr->restart_games;
    *turns = tr->turns;
    double s = 0;
    for (int i = 0; i < tr->nrecent; i++) s += (double)tr->recent[i];
    *recent_mean = tr->nrecent ? s / tr->nrecent : 0;
    *mean = tr->full_games ? tr->score_sum / (double)tr->full_games : 0;
    *best = tr->best;
    tr_unlock(tr);
}

/* The squared norm of a state's gradient: the features of a shared table
 * often read one weight several times (the empty pattern at many places),
 * and a weight read c times moves the value c times for each step it
 * takes, so the step is divided by the sum of c^2 over the weights read,
 * not by the number of features (normalised least mean squares). */
static float grad_norm(lines_train_worker *w, const uint32_t *idx)
{
    int nf = lines_net_nfeatures(w->tr->net);
    uint32_t sum = 0;
    for (int j = 0; j < nf; j++) sum += 2u * ++w->cnt[idx[j]] - 1u; /* c^2 - (c-1)^2 */
    for (int j = 0; j < nf; j++) w->cnt[idx[j]] = 0;
    return (float)sum;
}

/* Moves the features idx by share of delta, each weight at its
 * temporal-coherence rate. */
static void td_step(lines_trainer *tr, const uint32_t *idx, float norm, float delta, float share)
{
    const lines_net *net = tr->net;
    int nf = lines_net_nfeatures(net);
    float step = tr->alpha * share / norm * delta, ad = fabsf(delta) * share, sd = delta * share;
    for (int j = 0; j < nf; j++) {
        uint32_t x = idx[j];
        float e = atomic_load_explicit(&tr->E[x], memory_order_relaxed);
        float a = atomic_load_explicit(&tr->A[x], memory_order_relaxed);
        float rate = a > 0 ? fabsf(e) / a : 1.0f;
        lnet_w_set(net, x, lnet_w(net, x) + step * rate);
        atomic_store_explicit(&tr->E[x], e + sd, memory_order_relaxed);
        atomic_store_explicit(&tr->A[x], a + ad, memory_order_relaxed);
    }
}

/* The error of the latest afterstate of the ring (target: the points
 * since and the next afterstate's value), passed back along the trace. */
static void td_update(lines_train_worker *w, int nprev, float target)
{
    lines_trainer *tr = w->tr;
    int last = (nprev - 1) % (LTRAIN_TRACE + 1);
    float delta = target - lines_net_sum(tr->net, w->idx[last]);
    if (!isfinite(delta)) return; /* never a weight that is not a number */
    float share = 1;
    for (int k = 0; k < nprev && k < LTRAIN_TRACE && share >= 0.01f; k++, share *= tr->lambda) {
        int slot = (nprev - 1 - k) % (LTRAIN_TRACE + 1);
        td_step(tr, w->idx[slot], w->norm[slot], delta, share);
        if (tr->lambda == 0) break;
    }
}

/* The seed of game k of the run: the upper half of the seeds. */
static uint64_t game_seed(uint64_t run, uint64_t k)
{
    return (1ULL << 63) | (gl_hash_u64(run ^ gl_hash_u64(k + 0x7472616e6c696e65ULL)) >> 1);
}

int lines_train_game(lines_train_worker *w, uint64_t k, atomic_int *stop)
{
    lines_trainer *tr = w->tr;
    const lines_net *net = tr->net;
    lines_board *b = &w->game;
    gl_rng rng;
    gl_rng_seed(&rng, game_seed(tr->seed, k));
    int restart = 0;
    if ((int)gl_rng_below(&rng, 100) < tr->restart_pct) {
        tr_lock(tr);
        if (tr->npool > 0) {
            *b = tr->pool[gl_rng_below(&rng, (uint64_t)tr->npool)];
            restart = 1;
        }
        tr_unlock(tr);
    }
    if (restart) {
        gl_rng_seed(&b->rng, gl_rng_next(&rng)); /* fresh spawns */
    } else {
        lines_init(b, net->w, net->h, net->colors, net->line, net->spawn, net->rules, &rng);
    }
    gl_rng_seed(&w->L.rng, gl_rng_next(&rng));
    long long start_score = b->score;
    int nprev = 0; /* afterstates of the game so far (the last LTRAIN_TRACE + 1 in w->idx) */
    float reward = 0;
    w->nring = 0;
    uint64_t turns = 0;
    while (!lines_full(b)) {
        if (atomic_load_explicit(stop, memory_order_relaxed)) {
            tr_lock(tr);
            tr->turns += turns;
            tr_unlock(tr);
            return 0;
        }
        w->ring[w->nring % LTRAIN_RING] = *b;
        w->nring++;
        int from, to;
        if (lines_learner_choose(&w->L, b, NULL, &from, &to, NULL) != 1) break;
        long long before = b->score;
        lines_move(b, from, to, &w->turn);
        if (++turns == 256) { /* counted as they go, for the progress line */
            tr_lock(tr);
            tr->turns += turns;
            tr_unlock(tr);
            turns = 0;
        }
        reward += (float)(b->score - before);
        if (w->turn.nremoved && !w->turn.nspawned) continue; /* a scoring move: no afterstate yet */
        if (lines_full(b)) {
            if (nprev) td_update(w, nprev, reward);
            break;
        }
        int slot = nprev % (LTRAIN_TRACE + 1);
        float v = lines_net_features(net, b->cell, b->nballs, w->idx[slot]);
        w->norm[slot] = grad_norm(w, w->idx[slot]);
        if (nprev) {
            /* the new afterstate is in the ring already, not yet on the trace */
            td_update(w, nprev, reward + v);
        }
        nprev++;
        reward = 0;
    }
    /* the crisis: a position from the game's last turns */
    tr_lock(tr);
    tr->turns += turns;
    if (restart) {
        tr->restart_games++;
    } else {
        long long s = b->score - start_score;
        tr->full_games++;
        tr->score_sum += (double)s;
        if (s > tr->best) tr->best = s;
        tr->recent[tr->recent_at] = s;
        tr->recent_at = (tr->recent_at + 1) % LTRAIN_RECENT;
        if (tr->nrecent < LTRAIN_RECENT) tr->nrecent++;
    }
    if (w->nring > 0) {
        int avail = w->nring < LTRAIN_RING ? w->nring : LTRAIN_RING;
        int back = 8 + (int)gl_rng_below(&rng, 48);
        if (back > avail) back = avail;
        const lines_board *crisis = &w->ring[(w->nring - back) % LTRAIN_RING];
        if (tr->npool < LTRAIN_POOL) tr->pool[tr->npool++] = *crisis;
        else tr->pool[gl_rng_below(&rng, LTRAIN_POOL)] = *crisis;
    }
    tr_unlock(tr);
    return 1;
}
