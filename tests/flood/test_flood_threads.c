/* Flood-It's parallel A* under stress: its transport (flood_xport.h) on
 * its own, level after level of messages passed between 2 to 4 workers,
 * and many short parallel solves with time limits, interrupts and memory
 * caps.  A lost wake-up shows as a level that ends before every message is
 * taken, or as a wait that never ends: every run here is watched, and one
 * that outlasts its bound fails the test instead of hanging it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <time.h>

#include "games/flood/flood.h"
#include "games/flood/flood_xport.h"
#include "flood/boards.h"
#include "gridlab/timing.h"

/* Under an emulator (GL_EMULATED: the arm64 pass under qemu) fewer runs,
 * and longer bounds. */
static int emulated(void) { return getenv("GL_EMULATED") != NULL; }

/* Runs fn(arg) on a thread of its own and waits for it, `seconds` at a
 * time: 0 when it returned (joined), -1 when it did not (left running: the
 * test fails, and the process ends with it).  With a progress counter, the
 * wait goes on as long as the counter moved in the last `seconds`: a hang
 * (a lost wake-up) is a failure, a run made slow by a loaded machine (the
 * waiting workers yield to the others, which two cores shared with ctest
 * -j16 give turns slowly) is not. */
typedef struct {
    void *(*fn)(void *);
    void *arg;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int done;
} watched;

static void *watched_run(void *p)
{
    watched *w = p;
    w->fn(w->arg);
    pthread_mutex_lock(&w->mu);
    w->done = 1;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

static int run_watched(void *(*fn)(void *), void *arg, double seconds, atomic_long *progress)
{
    /* left behind (not freed) when the run outlasts its bound */
    watched *w = calloc(1, sizeof *w);
    if (!w) return -1;
    w->fn = fn;
    w->arg = arg;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    pthread_t th;
    if (pthread_create(&th, NULL, watched_run, w) != 0) {
        free(w);
        return -1;
    }
    long seen = progress ? atomic_load(progress) : 0;
    int done = 0;
    for (;;) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += (time_t)seconds;
        pthread_mutex_lock(&w->mu);
        while (!w->done)
            if (pthread_cond_timedwait(&w->cv, &w->mu, &until) != 0) break;
        done = w->done;
        pthread_mutex_unlock(&w->mu);
        if (done || !progress || atomic_load(progress) == seen) break;
        seen = atomic_load(progress);
    }
    if (!done) return -1;
    pthread_join(th, NULL);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
    return 0;
}

/* ------------------------------------------------------------ transport
 *
 * A level: each worker starts a few tokens, each carrying a number of hops;
 * a worker taking a token with hops left sends it on to a random worker
 * (itself included) with one hop less.  The level must end exactly when
 * every hop of every token is taken, and the next level must be the
 * smallest value the workers give. */

enum { TOK_WORDS = 3, MAX_WORKERS = 4 };

typedef struct xrun xrun;
typedef struct {
    xrun *R;
    int id;
    gl_rng rng;
} xworker_arg;

struct xrun {
    flood_xport *t;
    int nw, levels, stop_at; /* stop_at: the level where worker 0 stops the search, or -1 */
    atomic_long taken[2];    /* tokens taken, per parity of the level */
    atomic_long expected[2]; /* tokens the level's starts add up to */
    atomic_long moves;       /* tokens taken in all: the run's progress */
    atomic_int bad;          /* what went wrong, first: 0 none */
    atomic_int polls;        /* polls while a worker stalls */
    atomic_int stalled;
    int poll_stop_at;        /* a poll stops the search after this many calls while a worker stalls, or -1 */
    xworker_arg w[MAX_WORKERS];
    int last_level[MAX_WORKERS];
};

static int xpoll(void *ctx)
{
    xworker_arg *A = ctx;
    if (!atomic_load(&A->R->stalled)) return 0;
    int n = atomic_fetch_add(&A->R->polls, 1) + 1;
    return A->R->poll_stop_at >= 0 && n >= A->R->poll_stop_at;
}

static void xfail(xrun *R, int code)
{
    int zero = 0;
    atomic_compare_exchange_strong(&R->bad, &zero, code);
}

static void *xworker_main(void *p)
{
    xworker_arg *A = p;
    xrun *R = A->R;
    for (int level = 0; level < R->levels; level++) {
        int par = level & 1;
        /* this level's tokens: counted before any is sent */
        int start = (int)gl_rng_below(&A->rng, 6);
        long hops_total = 0;
        uint64_t tok[MAX_WORKERS * 8][TOK_WORDS];
        for (int i = 0; i < start; i++) {
            tok[i][0] = (uint64_t)level;
            tok[i][1] = gl_rng_below(&A->rng, 40);
            tok[i][2] = (uint64_t)A->id;
            hops_total += (long)tok[i][1] + 1;
        }
        atomic_fetch_add(&R->expected[par], hops_total);
        for (int i = 0; i < start; i++)
            if (flood_xport_send(R->t, A->id, (int)gl_rng_below(&A->rng, (uint64_t)R->nw), tok[i]) != 0)
                xfail(R, 1);
        if (level == R->stop_at && A->id == 0) flood_xport_stop(R->t);
        /* a stalled worker (poll_stop_at): worker 0 stops taking part in
         * the third level, so the others wait on it, and only their polls
         * can end the search */
        if (R->poll_stop_at >= 0 && level == 2 && A->id == 0) {
            atomic_store(&R->stalled, 1);
            while (!flood_xport_stopped(R->t)) {
                struct timespec ts = {0, 1000000};
                nanosleep(&ts, NULL);
            }
            goto stopped;
        }
        for (;;) {
            if (flood_xport_stopped(R->t)) goto stopped;
            const uint64_t *msgs;
            size_t n = flood_xport_recv(R->t, A->id, &msgs);
            for (size_t i = 0; i < n; i++) {
                const uint64_t *m = msgs + i * TOK_WORDS;
                if (m[0] != (uint64_t)level) xfail(R, 2); /* a token of another level */
                atomic_fetch_add(&R->taken[par], 1);
                atomic_fetch_add(&R->moves, 1);
                if (m[1]) {
                    uint64_t next[TOK_WORDS] = {m[0], m[1] - 1, (uint64_t)A->id};
                    if (flood_xport_send(R->t, A->id, (int)gl_rng_below(&A->rng, (uint64_t)R->nw), next) != 0)
                        xfail(R, 1);
                }
                /* now and then a pause, so the others go idle meanwhile */
                if (gl_rng_below(&A->rng, 64) == 0) sched_yield();
            }
            if (flood_xport_flush(R->t, A->id) != 0) xfail(R, 1);
            int r = flood_xport_idle(R->t, A->id, xpoll, A);
            if (r < 0) goto stopped;
            if (r > 0) continue;
            break;
        }
        /* the level is over everywhere: every token of it taken */
        if (atomic_load(&R->taken[par]) != atomic_load(&R->expected[par])) xfail(R, 3);
        int mine = level + 1 + (int)gl_rng_below(&A->rng, 1000);
        int next = flood_xport_next_level(R->t, A->id, A->id == R->nw - 1 ? level : mine, xpoll, A);
        if (next < 0) goto stopped;
        if (next != level) xfail(R, 4); /* the smallest given: the last worker's */
        /* every worker has read the level's counts before anyone can arrive
         * at the next barrier, so the counts of this parity are cleared by
         * worker 0 only after the next level ends: two counters alternate */
        if (A->id == 0) {
            atomic_store(&R->taken[par ^ 1], 0);
            atomic_store(&R->expected[par ^ 1], 0);
        }
        /* and everyone waits for that clearing before starting: a barrier */
        next = flood_xport_next_level(R->t, A->id, level, xpoll, A);
        if (next < 0) goto stopped;
        A->R->last_level[A->id] = level;
    }
    return NULL;
stopped:
    R->last_level[A->id] = -1 - R->last_level[A->id];
    return NULL;
}

static void *xrun_main(void *p)
{
    xrun *R = p;
    pthread_t th[MAX_WORKERS];
    int started = 0;
    for (; started < R->nw; started++)
        if (pthread_create(&th[started], NULL, xworker_main, &R->w[started]) != 0) break;
    if (started < R->nw) {
        xfail(R, 5);
        flood_xport_stop(R->t);
    }
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    return NULL;
}

static void xport_case(int nw, int levels, int stop_at, int poll_stop_at, uint64_t seed)
{
    static xrun R;
    memset(&R, 0, sizeof R);
    R.t = flood_xport_new(nw, TOK_WORDS);
    assert_non_null(R.t);
    R.nw = nw;
    R.levels = levels;
    R.stop_at = stop_at;
    R.poll_stop_at = poll_stop_at;
    for (int i = 0; i < nw; i++) {
        R.w[i].R = &R;
        R.w[i].id = i;
        gl_rng_seed(&R.w[i].rng, seed * 977 + (uint64_t)i);
    }
    double bound = emulated() ? 600 : 60;
    if (run_watched(xrun_main, &R, bound, &R.moves) != 0)
        fail_msg("transport, %d workers, %d levels: no token taken in %.0f s (a lost wake-up)", nw, levels, bound);
    int bad = atomic_load(&R.bad);
    static const char *what[] = {"", "out of memory", "a token of another level", "a level ended with tokens in flight",
                                 "the next level is not the smallest given", "a thread did not start"};
    if (bad) fail_msg("transport, %d workers, seed %llu: %s", nw, (unsigned long long)seed, what[bad]);
    for (int i = 0; i < nw; i++) {
        if (stop_at < 0 && poll_stop_at < 0) {
            assert_int_equal(R.last_level[i], levels - 1);
        } else {
            /* stopped: every worker saw it, in the level where it happened */
            assert_true(R.last_level[i] < 0);
        }
    }
    if (poll_stop_at >= 0) assert_true(flood_xport_stopped(R.t));
    flood_xport_free(R.t);
}

static void test_transport_levels(void **state)
{
    (void)state;
    int runs = emulated() ? 6 : 40;
    for (int k = 0; k < runs; k++) {
        int nw = 2 + k % 3;
        xport_case(nw, emulated() ? 30 : 100, -1, -1, (uint64_t)k);
    }
}

static void test_transport_stops(void **state)
{
    (void)state;
    for (int k = 0; k < (emulated() ? 6 : 30); k++) {
        int nw = 2 + k % 3;
        /* a worker stops the search in a level; then the waiting workers'
         * polls do, a worker stalled */
        xport_case(nw, 50, (int)(k % 7), -1, 100 + (uint64_t)k);
        xport_case(nw, 50, -1, 1 + k % 5, 200 + (uint64_t)k);
    }
}

/* ------------------------------------------------------------ solves */

static gl_board *sized_board(int w, int colors, uint64_t seed)
{
    char size[32], cols[16];
    snprintf(size, sizeof size, "%dx%d", w, w);
    snprintf(cols, sizeof cols, "%d", colors);
    return new_board(size, cols, seed);
}

/* One solve, run on a thread of its own (no cmocka there): its answer and
 * how long it took after its interrupt, if any. */
typedef struct {
    const gl_board *b;
    int threads;
    gl_limits lim;
    volatile sig_atomic_t flag;
    int interrupt_after_us; /* < 0: none */
    gl_solution s;
    int rc;
    uint64_t flagged_ns, end_ns;
} solve_run;

static void *interrupter(void *p)
{
    solve_run *R = p;
    struct timespec ts = {0, (long)R->interrupt_after_us * 1000L};
    nanosleep(&ts, NULL);
    R->flagged_ns = gl_now_ns();
    R->flag = 1;
    return NULL;
}

static void *solve_main(void *p)
{
    solve_run *R = p;
    gl_error err = {0};
    gl_kvlist opts;
    gl_kv_init(&opts);
    char t[16];
    snprintf(t, sizeof t, "%d", R->threads);
    gl_kv_add(&opts, "threads", t, 0);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim = R->lim;
    if (R->interrupt_after_us >= 0) o.lim.interrupt = &R->flag;
    o.opts = &opts;
    gl_solution_init(&R->s);
    pthread_t it;
    int interrupting = R->interrupt_after_us >= 0 && pthread_create(&it, NULL, interrupter, R) == 0;
    R->rc = gl_game_solver(&gl_game_flood, "astar")->solve(R->b, &o, &R->s, &err);
    R->end_ns = gl_now_ns();
    if (interrupting) pthread_join(it, NULL);
    gl_kv_free(&opts);
    return NULL;
}

static void run_solve(solve_run *R, const char *what, int seed)
{
    double bound = emulated() ? 900 : 60;
    if (run_watched(solve_main, R, bound, NULL) != 0)
        fail_msg("%s, board %d on %d threads: no answer after %.0f s", what, seed, R->threads, bound);
    assert_int_equal(R->rc, 0);
}

/* Many short solves on 2 to 4 threads: unlimited ones give the one-thread
 * optimum; under a time limit of a few milliseconds, an interrupt at a
 * random moment or a small memory cap, each answers soon after, with a
 * whole solution and the reason it stopped. */
static void test_parallel_solves_stress(void **state)
{
    (void)state;
    int n = emulated() ? 24 : 160;
    /* how soon after a limit a search must have answered: its last
     * expansion, the greedy finish and the other workers' polls */
    double late_ms = emulated() ? 20000 : 2000;
    int stopped[4] = {0};
    for (int seed = 0; seed < n; seed++) {
        int kind = seed % 4, threads = 2 + seed % 3;
        int w = kind == 0 ? 6 + seed % 7 : 14 + seed % 5, colors = kind == 0 ? 3 + seed % 6 : 6 + seed % 4;
        gl_board *b = sized_board(w, colors, (uint64_t)seed + 1);
        static solve_run R;
        memset(&R, 0, sizeof R);
        R.b = b;
        R.threads = threads;
        R.interrupt_after_us = -1;
        const char *what = "unlimited";
        gl_budget budget;
        if (kind == 1) {
            what = "time limit";
            R.lim.limit_ms = 1 + seed % 9;
        } else if (kind == 2) {
            what = "interrupted";
            gl_rng r;
            gl_rng_seed(&r, (uint64_t)seed);
            R.interrupt_after_us = (int)gl_rng_below(&r, 5000);
        } else if (kind == 3) {
            what = "memory limit";
            gl_budget_init(&budget, (size_t)(256 + 64 * (seed % 16)) << 10);
            R.lim.budget = &budget;
        }
        uint64_t t0 = gl_now_ns();
        run_solve(&R, what, seed);
        gl_solution *s = &R.s;
        if (s->solved) check_replay(b, s);
        if (kind == 0) {
            assert_true(s->solved && s->optimal);
            static solve_run one;
            memset(&one, 0, sizeof one);
            one.b = b;
            one.threads = 1;
            one.interrupt_after_us = -1;
            run_solve(&one, "one thread", seed);
            assert_true(one.s.optimal);
            if (one.s.nmoves != s->nmoves)
                fail_msg("board %d: %d moves on %d threads, %d on one", seed, s->nmoves, threads, one.s.nmoves);
            gl_solution_free(&one.s);
        } else if (!s->optimal) {
            stopped[kind]++;
            if (!s->stopped || strcmp(s->stopped, what) != 0)
                fail_msg("board %d (%s, %d threads): not optimal, stopped: %s", seed, what, threads,
                         s->stopped ? s->stopped : "(no reason)");
            if (kind == 1 && gl_ms_since(t0) > R.lim.limit_ms + late_ms)
                fail_msg("board %d: a %.0f ms limit answered after %.0f ms", seed, R.lim.limit_ms, gl_ms_since(t0));
            if (kind == 2 && (double)(R.end_ns - R.flagged_ns) / 1e6 > late_ms)
                fail_msg("board %d: answered %.0f ms after the interrupt", seed, (double)(R.end_ns - R.flagged_ns) / 1e6);
        }
        if (kind == 3) {
            assert_true(budget.peak <= budget.cap);
            assert_int_equal(gl_budget_used(&budget), 0);
        }
        gl_solution_free(s);
        gl_game_flood.destroy(b);
    }
    print_message("%d solves: stopped by a time limit %d, an interrupt %d, a memory limit %d\n", n, stopped[1],
                  stopped[2], stopped[3]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_transport_levels),
        cmocka_unit_test(test_transport_stops),
        cmocka_unit_test(test_parallel_solves_stress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
