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

#endif
