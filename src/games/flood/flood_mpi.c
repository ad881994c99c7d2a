/* The flood A*'s transport across processes (flood_remote in
 * flood_xport.h) over MPI: one search worker per process, each owning the
 * states that hash to it (HDA*).  Compiled into the program only, in a
 * build with MPI; src/cli/mpi.c starts MPI and installs it.
 *
 * Children travel in batches (one MPI message of many children per
 * destination, sent without blocking; the buffers are reused once a send
 * completes; past MAX_INFLIGHT batches in flight to one process, its buffer
 * grows until one completes or the sender goes idle).  Everything else is a small control message to or from rank
 * 0, the coordinator:
 *
 * - The end of a level (the termination count, in waves).  A process with
 *   nothing left in the level reports (epoch, batches sent, batches taken
 *   and done with, its smallest queued f) to rank 0, once per epoch, and
 *   goes on taking what comes.  When rank 0 holds every report of a wave,
 *   the level is over if the batches sent counted in this wave equal the
 *   batches taken counted in the wave before; otherwise a new wave starts.
 *   Why: every report of the last wave was made before any of this one;
 *   at a moment T between them, at most the sends of this wave had been
 *   made and at least the receipts of the last had; equal, nothing was in
 *   flight at T and no process had taken anything since its last report,
 *   made idle; so every process was idle at T with nothing to come, and
 *   stayed so: the smallest f of this wave's reports is the next level.
 * - A stop (a goal, a limit, Ctrl-C, memory): the process sends STOP to
 *   every other, and every process leaves its loop at the next poll (every
 *   loop of the search and every wait polls the control messages).
 *
 * After a stop every process completes its sends while it takes (and
 * drops) whatever comes, the processes count what was sent to each, each
 * takes the rest of what is addressed to it, and they agree on the goal
 * (sent by the process that found it), the reason of the stop and the
 * level reached.  So a search leaves no message behind, and the next board
 * of a batch starts clean.  Every wait here is non-blocking with a
 * watchdog: a process that stops answering (a rank that died while the
 * others wait for it) ends the program with a message naming the wait,
 * never a hang. */
#include "flood.h"
#include "flood_xport.h"
#include "cli.h"

#include <mpi.h>

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TAG_DATA 0x464c
#define TAG_CTRL 0x464d
#define BATCH_WORDS 8192 /* a batch is sent once it holds this many words */
#define MAX_INFLIGHT 32  /* batches in flight to one process; past it its buffer grows */
#define HELD_WORDS (1u << 24) /* a held buffer is sent past this, in flight or not */
#define ALIVE_S 1.0      /* a searching process tells every other it lives this often */
#define GRACE_S 0.3      /* after a signal: how long rank 0 waits for the others' answers */

enum { C_REPORT = 1, C_VERDICT, C_STOP, C_ALIVE };
enum { V_CONTINUE = 1, V_NEXT };

typedef struct {
    uint64_t *w;
    size_t n, cap;
} wbuf;

typedef struct {
    MPI_Request req;
    wbuf b;
    int to;
} pending;

typedef struct {
    MPI_Request req;
    long long m[5];
} ctrl_msg;

typedef struct {
    MPI_Comm comm;
    int rank, size;
    double watchdog_s;
    wbuf *out;      /* per destination */
    pending *pend;  /* sends in flight */
    size_t npend, cappend;
    ctrl_msg **cpend; /* control messages in flight (each allocated alone: MPI
                       * may read a message's words until its send completes,
                       * so they never move) */
    size_t ncpend, capcpend;
    int searching;      /* between r_begin and r_finish: the watchdog of the peers runs */
    double *heard;      /* per process: when a message from it last came (monotonic s) */
    double next_alive;  /* when this process next sends C_ALIVE */
    double finish_t0;   /* when r_finish began */
    wbuf *spare;    /* buffers of completed sends */
    size_t nspare, capspare;
    wbuf in;
    uint64_t *abandoned;  /* a receive's buffer left to MPI after a signal (freed at exit) */
    long long sent, taken;            /* data batches of this search */
    long long *data_to, *ctrl_to;     /* per destination */
    int *inflight;                    /* per destination: data batches in flight */
    long long data_in, ctrl_in;       /* received (taken or dropped) */
    int stop;
    long long epoch;
    /* rank 0: the reports of the epoch */
    int nrep;
    long long rep_sent, rep_taken, rep_fmin;
    int reported;              /* this epoch's report is sent */
    int prev_valid;            /* rank 0: the last wave of this level */
    long long prev_taken;
    /* a non-root rank: the verdict received */
    int have_verdict;
    long long v_kind, v_level;
    unsigned polls, recvs;
    int want;                   /* take a batch at the next r_recv (after an idle wait) */
    unsigned long long *rank_nodes;
    size_t *rank_peak;
    double *rank_cpu_ms;
    double cpu0;                /* the process's processor time at the start */
} mctx;

static mctx M;
static flood_remote R;

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A process stopped answering: every process ends (mpirun then reports
 * which one died). */
static void give_up(const char *what)
{
    dprintf(gl_cli_mpi_err_fd(),
            "gridlab: --mpi: rank %d of %d: no answer from the other processes for %.0f s while %s "
            "(a process died or hangs); stopping every process\n",
            M.rank, M.size, M.watchdog_s, what);
    MPI_Abort(M.comm, GL_EXIT_USAGE);
    exit(GL_EXIT_USAGE);
}

static void failed(const char *what, int rc)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, msg, &len);
    dprintf(gl_cli_mpi_err_fd(), "gridlab: --mpi: rank %d of %d: %s failed: %s\n", M.rank, M.size, what, msg);
    MPI_Abort(M.comm, GL_EXIT_USAGE);
    exit(GL_EXIT_USAGE);
}

#define CHECK(call, what)                                                                                      \
    do {                                                                                                       \
        int rc_ = (call);                                                                                      \
        if (rc_ != MPI_SUCCESS) failed(what, rc_);                                                             \
    } while (0)

static void drain(void);
static void wait_round(unsigned round);
static void r_stop(void *ctx, const char *why);

/* Completes the control messages sent; the number still in flight. */
static size_t ctrl_reap(void)
{
    for (size_t i = 0; i < M.ncpend;) {
        int done = 0;
        CHECK(MPI_Test(&M.cpend[i]->req, &done, MPI_STATUS_IGNORE), "a control message");
        if (done) {
            free(M.cpend[i]);
            M.cpend[i] = M.cpend[--M.ncpend];
        }
        else i++;
    }
    return M.ncpend;
}

/* Sends a control message without blocking (a peer that died or hangs
 * never holds the sender: the watchdog then speaks). */
static void ctrl_send(int to, long long kind, long long a, long long b, long long c, long long d)
{
    ctrl_reap();
    if (M.ncpend == M.capcpend) {
        size_t nc = M.capcpend ? 2 * M.capcpend : 16;
        ctrl_msg **p = realloc(M.cpend, nc * sizeof *p);
        if (!p) failed("memory for a control message", MPI_ERR_NO_MEM);
        M.cpend = p;
        M.capcpend = nc;
    }
    ctrl_msg *c_ = malloc(sizeof *c_);
    if (!c_) failed("memory for a control message", MPI_ERR_NO_MEM);
    M.cpend[M.ncpend++] = c_;
    long long m[5] = {kind, a, b, c, d};
    memcpy(c_->m, m, sizeof m);
    CHECK(MPI_Isend(c_->m, 5, MPI_LONG_LONG, to, TAG_CTRL, M.comm, &c_->req), "a control message");
    M.ctrl_to[to]++;
}

/* A peer silent for the watchdog's time during a search: it died or
 * hangs; every process ends, exit 2, the message naming it. */
static void peer_lost(int peer)
{
    dprintf(gl_cli_mpi_err_fd(),
            "gridlab: --mpi: rank %d of %d: no message from rank %d for %g s (GRIDLAB_MPI_WATCHDOG_S): it "
            "died or hangs; stopping every process\n",
            M.rank, M.size, peer, M.watchdog_s);
    MPI_Abort(M.comm, GL_EXIT_USAGE);
    exit(GL_EXIT_USAGE);
}

/* During a search: C_ALIVE to every other process about every ALIVE_S,
 * and the watchdog on each (any message from a process counts). */
static void heartbeat(void)
{
    if (!M.searching) return;
    double t = now_s();
    if (t >= M.next_alive) {
        M.next_alive = t + ALIVE_S;
        for (int to = 0; to < M.size; to++)
            if (to != M.rank) ctrl_send(to, C_ALIVE, 0, 0, 0, 0);
    }
    for (int p = 0; p < M.size; p++)
        if (p != M.rank && t - M.heard[p] > M.watchdog_s) peer_lost(p);
}

static void ctrl_take(const long long *m)
{
    switch (m[0]) {
    case C_STOP: M.stop = 1; break;
    case C_REPORT:
        if (M.rank == 0 && m[1] == M.epoch) {
            M.nrep++;
            M.rep_sent += m[2];
            M.rep_taken += m[3];
            if (m[4] < M.rep_fmin) M.rep_fmin = m[4];
        }
        break;
    case C_VERDICT:
        M.have_verdict = 1;
        M.v_kind = m[2];
        M.v_level = m[3];
        break;
    default: break;
    }
}

/* Takes the control messages waiting. */
static void ctrl_poll(void)
{
    heartbeat();
    for (;;) {
        int flag = 0;
        MPI_Status st;
        CHECK(MPI_Iprobe(MPI_ANY_SOURCE, TAG_CTRL, M.comm, &flag, &st), "a probe");
        if (!flag) return;
        long long m[5];
        CHECK(MPI_Recv(m, 5, MPI_LONG_LONG, st.MPI_SOURCE, TAG_CTRL, M.comm, MPI_STATUS_IGNORE),
              "a control message");
        M.ctrl_in++;
        M.heard[st.MPI_SOURCE] = now_s();
        ctrl_take(m);
    }
}

static int reap(void)
{
    for (size_t i = 0, k = 0; i < M.npend; k++) {
        /* each test runs MPI's progress over every send still queued:
         * with a peer that takes nothing (stopped) they pile up and a
         * pass grows long, so the watchdog is heard inside it too */
        if ((k & 63) == 63) ctrl_poll();
        int done = 0;
        CHECK(MPI_Test(&M.pend[i].req, &done, MPI_STATUS_IGNORE), "a send");
        if (!done) {
            i++;
            continue;
        }
        if (M.nspare == M.capspare) {
            size_t nc = M.capspare ? 2 * M.capspare : 16;
            wbuf *s = realloc(M.spare, nc * sizeof *s);
            if (!s) return -1;
            M.spare = s;
            M.capspare = nc;
        }
        M.pend[i].b.n = 0;
        M.spare[M.nspare++] = M.pend[i].b;
        M.inflight[M.pend[i].to]--;
        M.pend[i] = M.pend[--M.npend];
    }
    return 0;
}

/* Sends destination to's batch; unless forced, not while MAX_INFLIGHT
 * batches to it are in flight: its buffer grows meanwhile.  Why: a
 * process that takes nothing (stopped, or slower) would otherwise have
 * sends pile up without end, and every MPI test runs the transport's
 * progress over all of them. */
static int post(int to, int force)
{
    wbuf *b = &M.out[to];
    if (!b->n) return 0;
    if (reap() != 0) return -1;
    if (!force && M.inflight[to] >= MAX_INFLIGHT && b->n < HELD_WORDS) return 0;
    if (M.npend == M.cappend) {
        size_t nc = M.cappend ? 2 * M.cappend : 16;
        pending *p = realloc(M.pend, nc * sizeof *p);
        if (!p) return -1;
        M.pend = p;
        M.cappend = nc;
    }
    pending *p = &M.pend[M.npend++];
    p->b = *b;
    p->to = to;
    M.inflight[to]++;
    CHECK(MPI_Isend(p->b.w, (int)p->b.n, MPI_UINT64_T, to, TAG_DATA, M.comm, &p->req), "a send");
    M.sent++;
    M.data_to[to]++;
    if (M.nspare) *b = M.spare[--M.nspare];
    else memset(b, 0, sizeof *b);
    b->n = 0;
    return 0;
}

static int r_send(void *ctx, int to, const uint64_t *msg, size_t words)
{
    (void)ctx;
    wbuf *b = &M.out[to];
    if (b->n + words > b->cap) {
        size_t nc = b->cap ? b->cap : BATCH_WORDS + 1024;
        while (nc < b->n + words) nc *= 2;
        uint64_t *w = realloc(b->w, nc * sizeof *w);
        if (!w) return -1;
        b->w = w;
        b->cap = nc;
    }
    memcpy(b->w + b->n, msg, words * sizeof *msg);
    b->n += words;
    return b->n >= BATCH_WORDS ? post(to, 0) : 0;
}

/* Every buffer sent, those to a process with MAX_INFLIGHT batches in
 * flight only if forced (r_idle forces: a process reports idle with
 * nothing held). */
static int flush_all(int force)
{
    for (int to = 0; to < M.size; to++)
        if (post(to, force) != 0) return -1;
    return reap();
}

static int r_flush(void *ctx)
{
    (void)ctx;
    return flush_all(0);
}

/* Receives one data batch into M.in if one waits: its words, else 0. */
static size_t data_take(void)
{
    int flag = 0;
    MPI_Status st;
    CHECK(MPI_Iprobe(MPI_ANY_SOURCE, TAG_DATA, M.comm, &flag, &st), "a probe");
    if (!flag) return 0;
    int n = 0;
    MPI_Get_count(&st, MPI_UINT64_T, &n);
    if ((size_t)n > M.in.cap) {
        uint64_t *w = realloc(M.in.w, (size_t)n * sizeof *w);
        if (!w) {
            dprintf(gl_cli_mpi_err_fd(), "gridlab: --mpi: rank %d: out of memory for a batch of %d words\n", M.rank, n);
            MPI_Abort(M.comm, GL_EXIT_USAGE);
            exit(GL_EXIT_USAGE);
        }
        M.in.w = w;
        M.in.cap = (size_t)n;
    }
    /* not a blocking receive: a large batch's words are copied from the
     * sender's memory after its envelope came, and a sender killed in
     * between (kill -9 with mpirun --enable-recovery) left MPI_Recv waiting
     * for ever; the watchdog's time bounds the copy */
    MPI_Request req;
    CHECK(MPI_Irecv(M.in.w, n, MPI_UINT64_T, st.MPI_SOURCE, TAG_DATA, M.comm, &req), "a receive");
    double t0 = now_s();
    for (unsigned round = 0;; round++) {
        int done = 0;
        CHECK(MPI_Test(&req, &done, MPI_STATUS_IGNORE), "a receive");
        if (done) break;
        if (gl_cli_interrupted) {
            /* a signal (mpirun's SIGTERM after a process died): the search
             * stops and rank 0 answers alone; the receive is left as it
             * is, and so its buffer, which MPI may still write */
            M.abandoned = M.in.w;
            M.in.w = NULL;
            M.in.cap = 0;
            r_stop(NULL, NULL);
            return 0;
        }
        if (now_s() - t0 > M.watchdog_s) peer_lost(st.MPI_SOURCE);
        wait_round(round);
    }
    M.data_in++;
    M.heard[st.MPI_SOURCE] = now_s();
    M.in.n = (size_t)n;
    return (size_t)n > 0 ? (size_t)n : 0;
}

static size_t r_recv(void *ctx, const uint64_t **words)
{
    (void)ctx;
    *words = NULL;
    if (M.stop) return 0;
    /* a probe costs MPI's progress over every transport: between two
     * expansions only every 8th call probes, after an idle wait each */
    if (!M.want && (++M.recvs & 7)) return 0;
    M.want = 0;
    size_t n = data_take(); /* (no batch is empty) */
    if (!n) return 0;
    M.taken = M.data_in; /* taken whole before the next call */
    *words = M.in.w;
    return n;
}

static void r_stop(void *ctx, const char *why)
{
    (void)ctx;
    (void)why; /* the reasons are agreed on at the end (r_finish) */
    if (M.stop) return;
    M.stop = 1;
    for (int to = 0; to < M.size; to++)
        if (to != M.rank) ctrl_send(to, C_STOP, 0, 0, 0, 0);
}

static int r_stopped(void *ctx)
{
    (void)ctx;
    if (!M.stop && (++M.polls & 7) == 0) ctrl_poll();
    return M.stop;
}

/* One round of a wait: a yield for the first rounds, then sleeps that
 * grow to 2 ms.  A waiting process polls MPI on every round, and with
 * more processes than free cores the waits last as long as the slowest
 * process is kept from running (with 0.2 ms sleeps, 4 processes on 2
 * loaded cores spent most of their time polling: docs/notes/flood.md). */
static void wait_round(unsigned round)
{
    if (round < 16) {
        sched_yield();
    } else {
        long us = 10L * (long)(round - 15);
        struct timespec ts = {0, (us < 2000 ? us : 2000) * 1000L};
        nanosleep(&ts, NULL);
    }
}

static int r_idle(void *ctx, int fmin, int *next, flood_xport_poll poll, void *pctx)
{
    (void)ctx;
    if (flush_all(1) != 0) failed("memory for the send buffers", MPI_ERR_NO_MEM);
    ctrl_poll();
    if (M.stop) return -1;
    int flag = 0;
    CHECK(MPI_Iprobe(MPI_ANY_SOURCE, TAG_DATA, M.comm, &flag, MPI_STATUS_IGNORE), "a probe");
    if (flag) return M.want = 1;
    /* this epoch's report, once (idle: every batch taken is done with) */
    if (!M.reported) {
        M.reported = 1;
        if (M.rank == 0) {
            M.nrep++;
            M.rep_sent += M.sent;
            M.rep_taken += M.taken;
            if (fmin < M.rep_fmin) M.rep_fmin = fmin;
        } else {
            ctrl_send(0, C_REPORT, M.epoch, M.sent, M.taken, fmin);
        }
    }
    for (unsigned round = 0;; round++) {
        ctrl_poll();
        if (M.stop) return -1;
        long long kind = 0, level = 0;
        if (M.rank == 0 && M.nrep == M.size) {
            /* the level is over when this wave's sends equal the last
             * wave's receipts (file comment) */
            kind = M.prev_valid && M.prev_taken == M.rep_sent ? V_NEXT : V_CONTINUE;
            level = M.rep_fmin;
            M.prev_taken = M.rep_taken;
            M.prev_valid = kind == V_CONTINUE;
            for (int to = 1; to < M.size; to++) ctrl_send(to, C_VERDICT, M.epoch, kind, level, 0);
        } else if (M.rank != 0 && M.have_verdict) {
            kind = M.v_kind;
            level = M.v_level;
            M.have_verdict = 0;
        }
        if (kind) {
            M.epoch++;
            M.reported = 0;
            M.nrep = 0;
            M.rep_sent = M.rep_taken = 0;
            M.rep_fmin = INT32_MAX;
            if (kind == V_CONTINUE) return M.want = 1;
            *next = (int)level;
            return 0;
        }
        /* work that comes meanwhile is taken (the waves tell) */
        CHECK(MPI_Iprobe(MPI_ANY_SOURCE, TAG_DATA, M.comm, &flag, MPI_STATUS_IGNORE), "a probe");
        if (flag) return M.want = 1;
        if (round % 16 == 15 && poll && poll(pctx)) {
            r_stop(ctx, NULL);
            return -1;
        }
        wait_round(round);
    }
}

/* After a stop: the control messages and data batches waiting, taken
 * (counted) and dropped. */
static void drain(void)
{
    ctrl_poll();
    while (data_take()) {
    }
}

/* After Ctrl-C or SIGTERM to rank 0 (mpirun sends it to every process
 * and kills them 1 s later): true once rank 0 has waited GRACE_S for the
 * others at the end of the search; it then prints what it knows alone. */
static int grace_over(void)
{
    return M.rank == 0 && gl_cli_interrupted && now_s() - M.finish_t0 > GRACE_S;
}

/* Completes a collective request under the watchdog; while the stopped
 * search's messages may still come, draining them (never at the start of
 * a search: those would be the new search's).  -1 when the grace is over
 * (grace_over) before it completes. */
static int wait_req(MPI_Request *req, const char *what, int draining)
{
    double t0 = now_s();
    for (unsigned round = 0;; round++) {
        int done = 0;
        CHECK(MPI_Test(req, &done, MPI_STATUS_IGNORE), what);
        if (done) return 0;
        if (draining) drain();
        if (grace_over()) return -1;
        if (now_s() - t0 > M.watchdog_s) give_up(what);
        wait_round(round);
    }
}

static int r_begin(void *ctx, uint64_t board_hash)
{
    (void)ctx;
    M.cpu0 = cpu_ms();
    M.sent = M.taken = M.data_in = M.ctrl_in = 0;
    for (int i = 0; i < M.size; i++) {
        M.data_to[i] = M.ctrl_to[i] = 0;
        M.out[i].n = 0;
    }
    M.stop = 0;
    M.epoch = 0;
    M.nrep = 0;
    M.rep_sent = M.rep_taken = 0;
    M.rep_fmin = INT32_MAX;
    M.have_verdict = 0;
    M.reported = 0;
    M.prev_valid = 0;
    M.prev_taken = 0;
    unsigned long long h[2] = {board_hash, ~board_hash}, r[2];
    MPI_Request req;
    CHECK(MPI_Iallreduce(h, r, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, M.comm, &req), "the start");
    wait_req(&req, "starting the search", 0);
    /* every process is here: the watchdog of the peers starts */
    double t = now_s();
    for (int i = 0; i < M.size; i++) M.heard[i] = t;
    M.next_alive = t;
    M.searching = 1;
    return r[0] == board_hash && r[1] == ~board_hash ? 0 : -1;
}

static int reason_code(const char *why)
{
    if (!why) return 0;
    if (strcmp(why, "time limit") == 0) return 1;
    if (strcmp(why, "memory limit") == 0) return 2;
    if (strcmp(why, "interrupted") == 0) return 3;
    return 4;
}

static void r_finish(void *ctx, int *cols, int *depth, int maxdepth, const char **why, int *level,
                     unsigned long long *nodes, size_t *peak)
{
    (void)ctx;
    M.searching = 0; /* no C_ALIVE from here: the counts below hold */
    M.finish_t0 = now_s();
    /* every process leaves its loop: the one that ended the search (a
     * goal, a stop, or the last level) tells the others if they do not
     * know yet */
    r_stop(ctx, NULL);
    for (int to = 0; to < M.size; to++) M.out[to].n = 0;
    /* the sends in flight complete (the others drain as this one does) */
    double t0 = now_s();
    long long *mine = NULL, *all = NULL;
    for (unsigned round = 0; M.npend || ctrl_reap(); round++) {
        if (reap() != 0) failed("memory for the send buffers", MPI_ERR_NO_MEM);
        drain();
        if (!M.npend && !ctrl_reap()) break;
        if (grace_over()) goto alone;
        if (now_s() - t0 > M.watchdog_s) give_up("completing its sends");
        wait_round(round);
    }
    /* what was sent to each process, and so what each must still take */
    mine = calloc((size_t)M.size * 2, sizeof *mine);
    all = calloc((size_t)M.size * 2, sizeof *all);
    if (!mine || !all) failed("memory for the counts", MPI_ERR_NO_MEM);
    for (int i = 0; i < M.size; i++) {
        mine[2 * i] = M.data_to[i];
        mine[2 * i + 1] = M.ctrl_to[i];
    }
    MPI_Request req;
    CHECK(MPI_Iallreduce(mine, all, 2 * M.size, MPI_LONG_LONG, MPI_SUM, M.comm, &req), "the counts");
    if (wait_req(&req, "counting the messages", 1) != 0) goto alone;
    t0 = now_s();
    for (unsigned round = 0; M.data_in < all[2 * M.rank] || M.ctrl_in < all[2 * M.rank + 1]; round++) {
        drain();
        if (grace_over()) goto alone;
        if (now_s() - t0 > M.watchdog_s) give_up("taking the last messages");
        wait_round(round);
    }
    free(mine);
    free(all);
    mine = all = NULL;
    /* the result: the goal's process (the smallest rank that has one), the
     * strongest reason (max), the level reached (min) */
    long long in[3] = {*depth >= 0 ? M.rank : M.size, -reason_code(*why), *level}, out[3];
    CHECK(MPI_Iallreduce(in, out, 3, MPI_LONG_LONG, MPI_MIN, M.comm, &req), "the result");
    if (wait_req(&req, "agreeing on the result", 0) != 0) goto alone;
    int code = (int)-out[1];
    *why = code == 1 ? "time limit" : code == 2 ? "memory limit" : code == 3 ? "interrupted" : code ? *why : NULL;
    *level = (int)out[2];
    if (out[0] < M.size) {
        int *buf = malloc(((size_t)maxdepth + 1) * sizeof *buf);
        if (!buf) failed("memory for the goal", MPI_ERR_NO_MEM);
        if (M.rank == out[0]) {
            buf[0] = *depth;
            memcpy(buf + 1, cols, (size_t)*depth * sizeof *cols);
        }
        CHECK(MPI_Ibcast(buf, maxdepth + 1, MPI_INT, (int)out[0], M.comm, &req), "the goal");
        if (wait_req(&req, "sending the goal", 0) != 0) {
            free(buf);
            goto alone;
        }
        *depth = buf[0] >= 0 && buf[0] <= maxdepth ? buf[0] : -1;
        if (*depth >= 0) memcpy(cols, buf + 1, (size_t)*depth * sizeof *cols);
        free(buf);
    } else {
        *depth = -1;
    }
    /* each process's effort, for the report */
    unsigned long long me[3] = {*nodes, (unsigned long long)*peak, (unsigned long long)((cpu_ms() - M.cpu0) * 1e3)};
    unsigned long long *every = malloc((size_t)M.size * 3 * sizeof *every);
    if (!every) failed("memory for the report", MPI_ERR_NO_MEM);
    CHECK(MPI_Iallgather(me, 3, MPI_UNSIGNED_LONG_LONG, every, 3, MPI_UNSIGNED_LONG_LONG, M.comm, &req),
          "the report");
    if (wait_req(&req, "gathering the report", 0) != 0) {
        free(every);
        goto alone;
    }
    unsigned long long sn = 0, sp = 0;
    for (int i = 0; i < M.size; i++) {
        M.rank_nodes[i] = every[3 * i];
        M.rank_peak[i] = (size_t)every[3 * i + 1];
        M.rank_cpu_ms[i] = (double)every[3 * i + 2] * 1e-3;
        sn += every[3 * i];
        sp += every[3 * i + 1];
    }
    free(every);
    *nodes = sn;
    *peak = (size_t)sp;
    gl_cli_mpi_ranks(M.size, M.rank_nodes, M.rank_peak, M.rank_cpu_ms);
    return;
alone:
    /* rank 0, signalled, the others silent for GRACE_S: its own answer
     * (the level is every process's, the levels being synchronous; the
     * goal its own, if it found one; its own nodes, no "ranks"), printed
     * by the command before mpirun's SIGKILL; then MPI_Abort at exit, the
     * others being mid-way through this end */
    free(mine);
    free(all);
    if (*why == NULL) *why = "interrupted";
    gl_cli_mpi_abandon();
}

static void flood_mpi_free(void)
{
    for (int i = 0; M.out && i < M.size; i++) free(M.out[i].w);
    for (size_t i = 0; i < M.nspare; i++) free(M.spare[i].w);
    for (size_t i = 0; i < M.npend; i++) free(M.pend[i].b.w);
    for (size_t i = 0; i < M.ncpend; i++) free(M.cpend[i]);
    free(M.cpend);
    free(M.heard);
    free(M.out);
    free(M.spare);
    free(M.pend);
    free(M.in.w);
    free(M.abandoned);
    free(M.data_to);
    free(M.inflight);
    free(M.ctrl_to);
    free(M.rank_nodes);
    free(M.rank_peak);
    free(M.rank_cpu_ms);
    memset(&M, 0, sizeof M);
}

/* The process's one transport (MPI's world is the process's too): made
 * once, freed at exit. */
void flood_mpi_install(void);
void flood_mpi_install(void)
{
    memset(&M, 0, sizeof M);
    if (MPI_Comm_dup(MPI_COMM_WORLD, &M.comm) != MPI_SUCCESS) return;
    /* errors come back as codes, and end every process with a message */
    MPI_Comm_set_errhandler(M.comm, MPI_ERRORS_RETURN);
    MPI_Comm_rank(M.comm, &M.rank);
    MPI_Comm_size(M.comm, &M.size);
    atexit(flood_mpi_free);
    M.watchdog_s = 60;
    const char *w = getenv("GRIDLAB_MPI_WATCHDOG_S");
    if (w && atof(w) >= 1) M.watchdog_s = atof(w);
    M.out = calloc((size_t)M.size, sizeof *M.out);
    M.data_to = calloc((size_t)M.size, sizeof *M.data_to);
    M.ctrl_to = calloc((size_t)M.size, sizeof *M.ctrl_to);
    M.inflight = calloc((size_t)M.size, sizeof *M.inflight);
    M.rank_nodes = calloc((size_t)M.size, sizeof *M.rank_nodes);
    M.rank_peak = calloc((size_t)M.size, sizeof *M.rank_peak);
    M.rank_cpu_ms = calloc((size_t)M.size, sizeof *M.rank_cpu_ms);
    M.heard = calloc((size_t)M.size, sizeof *M.heard);
    if (!M.out || !M.data_to || !M.ctrl_to || !M.inflight || !M.rank_nodes || !M.rank_peak || !M.rank_cpu_ms || !M.heard) return;
    R.self = M.rank;
    R.workers = M.size;
    R.ctx = &M;
    R.begin = r_begin;
    R.send = r_send;
    R.flush = r_flush;
    R.recv = r_recv;
    R.idle = r_idle;
    R.stop = r_stop;
    R.stopped = r_stopped;
    R.finish = r_finish;
    flood_remote_install(&R);
}
