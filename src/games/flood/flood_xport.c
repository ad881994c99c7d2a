/* The parallel A*'s transport between threads of one process
 * (flood_xport.h).
 *
 * The end of a level: `active` counts the workers at work plus the
 * messages in flight.  A send adds its messages before they reach the
 * inbox; a worker that takes its inbox counts itself at work first, then
 * takes the messages off; an idle worker counts itself off.  So the count
 * is zero only when every worker is idle and every inbox empty, and then
 * nothing can make more work: every worker sees it and goes to the next
 * level, where all start at work again.
 *
 * Memory order.  Every atomic here is sequentially consistent (the C11
 * default), so each load that sees a store also sees what came before the
 * store in its thread: the messages (and the route records they point to)
 * pass under the inbox's mutex; a worker's fmin is written before its
 * arrival (an atomic add, which the last arrival's add reads after it), the
 * next level before the generation moves on, which the waiting workers read
 * before they read the level.  No plain variable is read in a loop.  Every
 * wait polls the stop flag and, about once a millisecond, its worker's
 * limits (flood_xport_poll). */
#include "flood_xport.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define XPORT_BATCH 64 /* messages buffered per destination */

typedef struct {
    uint64_t *w;
    size_t n, cap; /* messages */
} msgbuf;

typedef struct {
    pthread_mutex_t mu;
    msgbuf in;           /* under mu */
    atomic_size_t count; /* messages in `in` (read without the lock) */
    msgbuf taken;        /* the inbox last taken, the receiver's own */
    msgbuf *out;         /* per destination */
    int fmin;
} xworker;

struct flood_xport {
    int nw, mw;
    xworker *w;
    atomic_long active;
    atomic_int stop;
    /* the level barrier: arrivals, and a generation that moves on when the
     * last arrives */
    atomic_int arrived;
    atomic_uint gen;
    int next;
};

static int buf_add(msgbuf *b, const uint64_t *msg, size_t n, int mw)
{
    if (b->n + n > b->cap) {
        size_t nc = b->cap ? b->cap * 2 : XPORT_BATCH;
        while (nc < b->n + n) nc *= 2;
        uint64_t *w = realloc(b->w, nc * (size_t)mw * sizeof *w);
        if (!w) return -1;
        b->w = w;
        b->cap = nc;
    }
    memcpy(b->w + b->n * (size_t)mw, msg, n * (size_t)mw * sizeof *msg);
    b->n += n;
    return 0;
}

flood_xport *flood_xport_new(int workers, int msg_words)
{
    flood_xport *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->nw = workers;
    t->mw = msg_words;
    t->w = calloc((size_t)workers, sizeof *t->w);
    if (!t->w) {
        free(t);
        return NULL;
    }
    for (int i = 0; i < workers; i++) {
        pthread_mutex_init(&t->w[i].mu, NULL);
        atomic_init(&t->w[i].count, 0);
        t->w[i].out = calloc((size_t)workers, sizeof *t->w[i].out);
        if (!t->w[i].out) {
            flood_xport_free(t);
            return NULL;
        }
    }
    atomic_init(&t->active, workers);
    atomic_init(&t->stop, 0);
    atomic_init(&t->arrived, 0);
    atomic_init(&t->gen, 0);
    return t;
}

void flood_xport_free(flood_xport *t)
{
    if (!t) return;
    for (int i = 0; i < t->nw; i++) {
        xworker *x = &t->w[i];
        pthread_mutex_destroy(&x->mu);
        free(x->in.w);
        free(x->taken.w);
        if (x->out)
            for (int j = 0; j < t->nw; j++) free(x->out[j].w);
        free(x->out);
    }
    free(t->w);
    free(t);
}

static int deliver(flood_xport *t, int from, int to)
{
    msgbuf *b = &t->w[from].out[to];
    if (!b->n) return 0;
    xworker *x = &t->w[to];
    /* counted before it can be taken */
    atomic_fetch_add(&t->active, (long)b->n);
    pthread_mutex_lock(&x->mu);
    int rc = buf_add(&x->in, b->w, b->n, t->mw);
    if (rc == 0) atomic_store(&x->count, x->in.n);
    pthread_mutex_unlock(&x->mu);
    if (rc != 0) {
        atomic_fetch_sub(&t->active, (long)b->n);
        return -1;
    }
    b->n = 0;
    return 0;
}

int flood_xport_send(flood_xport *t, int from, int to, const uint64_t *msg)
{
    msgbuf *b = &t->w[from].out[to];
    if (buf_add(b, msg, 1, t->mw) != 0) return -1;
    return b->n >= XPORT_BATCH ? deliver(t, from, to) : 0;
}

int flood_xport_flush(flood_xport *t, int from)
{
    for (int to = 0; to < t->nw; to++)
        if (deliver(t, from, to) != 0) return -1;
    return 0;
}

size_t flood_xport_recv(flood_xport *t, int to, const uint64_t **msgs)
{
    xworker *x = &t->w[to];
    *msgs = NULL;
    if (!atomic_load(&x->count)) return 0;
    pthread_mutex_lock(&x->mu);
    msgbuf b = x->in;
    x->in = x->taken;
    x->in.n = 0;
    atomic_store(&x->count, 0);
    pthread_mutex_unlock(&x->mu);
    x->taken = b;
    /* the messages are this worker's work now (it is at work) */
    atomic_fetch_sub(&t->active, (long)b.n);
    *msgs = b.w;
    return b.n;
}

/* One round of a wait: a yield for the first rounds, then a short sleep;
 * every 16th round the caller's poll.  Non-zero when the search must stop
 * (another worker stopped it, or the poll said so, which stops it for
 * every worker). */
static int wait_round(flood_xport *t, int round, flood_xport_poll poll, void *ctx)
{
    if (atomic_load(&t->stop)) return 1;
    if (round % 16 == 15 && poll && poll(ctx)) {
        flood_xport_stop(t);
        return 1;
    }
    if (round < 64) {
        sched_yield();
    } else {
        struct timespec ts = {0, 20000};
        nanosleep(&ts, NULL);
    }
    return 0;
}

int flood_xport_idle(flood_xport *t, int id, flood_xport_poll poll, void *ctx)
{
    xworker *x = &t->w[id];
    atomic_fetch_sub(&t->active, 1);
    for (int round = 0;; round++) {
        if (atomic_load(&x->count)) {
            atomic_fetch_add(&t->active, 1);
            return 1;
        }
        if (atomic_load(&t->active) == 0) return 0;
        if (wait_round(t, round, poll, ctx)) return -1;
    }
}

int flood_xport_next_level(flood_xport *t, int id, int fmin, flood_xport_poll poll, void *ctx)
{
    t->w[id].fmin = fmin;
    unsigned gen = atomic_load(&t->gen);
    if (atomic_fetch_add(&t->arrived, 1) + 1 == t->nw) {
        int next = INT32_MAX;
        for (int i = 0; i < t->nw; i++)
            if (t->w[i].fmin < next) next = t->w[i].fmin;
        t->next = next;
        atomic_store(&t->arrived, 0);
        atomic_store(&t->active, t->nw);
        atomic_fetch_add(&t->gen, 1);
        return next;
    }
    for (int round = 0; atomic_load(&t->gen) == gen; round++)
        if (wait_round(t, round, poll, ctx)) return -1;
    return t->next;
}

void flood_xport_stop(flood_xport *t) { atomic_store(&t->stop, 1); }

int flood_xport_stopped(flood_xport *t) { return atomic_load(&t->stop); }

/* Set once, before any search, by a program that runs under MPI: the
 * process is one of many for its whole life. */
static const flood_remote *remote_installed;

void flood_remote_install(const flood_remote *r) { remote_installed = r; }

const flood_remote *flood_remote_get(void) { return remote_installed; }
