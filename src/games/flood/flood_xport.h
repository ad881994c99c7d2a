/* The transport of the parallel A* (flood_astar.c): workers that own the
 * states hashing to them, the messages that carry a child to its owner,
 * and the end of a level (every worker idle, no message in flight).  The
 * search uses nothing else to reach another worker, so that running one
 * board over several machines replaces this file, not the search.  This
 * one is for threads of one process: an inbox per worker under a mutex,
 * an atomic count of the workers at work and the messages in flight.
 *
 * A message is a fixed number of 64-bit words.  Sends are buffered per
 * destination and go out when a buffer fills or the sender flushes. */
#ifndef GRIDLAB_GAMES_FLOOD_XPORT_H
#define GRIDLAB_GAMES_FLOOD_XPORT_H

#include <stddef.h>
#include <stdint.h>

typedef struct flood_xport flood_xport;

/* workers >= 1, msg_words >= 1; NULL when memory cannot be had. */
flood_xport *flood_xport_new(int workers, int msg_words);
void flood_xport_free(flood_xport *t);
/* Buffers a message from worker `from` to worker `to` (sent when the buffer
 * fills): 0, or -1 when memory cannot be had. */
int flood_xport_send(flood_xport *t, int from, int to, const uint64_t *msg);
/* Sends what worker `from` has buffered. */
int flood_xport_flush(flood_xport *t, int from);
/* Takes worker `to`'s inbox: *msgs gets the messages (valid until the next
 * call for `to`), the count is returned. */
size_t flood_xport_recv(flood_xport *t, int to, const uint64_t **msgs);
/* What a waiting worker calls about once a millisecond (its limits: the
 * time, an interrupt): non-zero stops the search.  So a wait never outlasts
 * a limit, whatever the other workers do. */
typedef int (*flood_xport_poll)(void *ctx);
/* Worker `id` has nothing to do in this level (its sends flushed): waits
 * until a message comes (1: go and take it), or the level is over
 * everywhere (0), or the search stops (-1: another worker stopped it, or
 * poll(ctx) said to). */
int flood_xport_idle(flood_xport *t, int id, flood_xport_poll poll, void *ctx);
/* After flood_xport_idle said the level is over: every worker gives its
 * smallest queued f (INT32_MAX for none) and gets back the next level, the
 * smallest of all; -1 when the search stops meanwhile (as above). */
int flood_xport_next_level(flood_xport *t, int id, int fmin, flood_xport_poll poll, void *ctx);
/* Stops every worker (a goal, a limit); flood_xport_stopped tells. */
void flood_xport_stop(flood_xport *t);
int flood_xport_stopped(flood_xport *t);

/* The transport across processes (flood_mpi.c, compiled into a program
 * built with MPI, which installs it): this process runs one worker, `self`
 * of `workers`, the others run in other processes.  A message has a
 * variable length (the search's encoding: its first word says how long);
 * sends are buffered per destination.  The level's end is the same
 * contract as above: every worker idle, no message in flight. */
typedef struct flood_remote {
    int self, workers;
    void *ctx;
    /* a new search on every process (all call it): 0, or -1 */
    int (*begin)(void *ctx, uint64_t board_hash);
    int (*send)(void *ctx, int to, const uint64_t *msg, size_t words);
    int (*flush)(void *ctx);
    /* the next batch of messages (valid until the next call), its words;
     * 0 when none is waiting */
    size_t (*recv)(void *ctx, const uint64_t **words);
    /* nothing left in this level here (sends flushed), fmin its smallest
     * queued f: 1 messages came, 0 the level is over everywhere (*next:
     * the next level, INT32_MAX for none), -1 the search stops */
    int (*idle)(void *ctx, int fmin, int *next, flood_xport_poll poll, void *pctx);
    /* stops every worker: why is "goal" or the limit's reason */
    void (*stop)(void *ctx, const char *why);
    /* non-zero once the search stops (here or on another process) */
    int (*stopped)(void *ctx);
    /* after the loop, on every process: cols[0..*depth) the goal's colours
     * found here (*depth -1: none) become the goal any process found; *why
     * the reason of a stop anywhere (NULL: none); *level the level every
     * process had reached (the smallest); *nodes and *peak, this process's
     * expansions and peak bytes, become the sums over the processes (the
     * transport keeps each process's for the report).  A process that does
     * not answer ends the program with a message. */
    void (*finish)(void *ctx, int *cols, int *depth, int maxdepth, const char **why, int *level,
                   unsigned long long *nodes, size_t *peak);
} flood_remote;

/* The transport across processes when the program runs under MPI with
 * --mpi (installed once, at start), else NULL. */
void flood_remote_install(const flood_remote *r);
const flood_remote *flood_remote_get(void);

#endif
