/* The open list of best-first search: a bucket queue for small
 * non-negative integer priorities (A* with integer costs): O(1) push and
 * amortised O(1) pop-min.  Within a bucket, pops are last-in first-out,
 * which favours deeper nodes among equal f.  A push fails (returns -1)
 * rather than grow past the queue's memory cap; a search that charges a
 * meter asks what a push would allocate first (gl_bucketq_push_bytes). */
#ifndef GRIDLAB_BUCKETQ_H
#define GRIDLAB_BUCKETQ_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_bucket {
    uint64_t *v;
    size_t n, cap;
} gl_bucket;

typedef struct gl_bucketq {
    gl_bucket *b;
    size_t nbuckets;
    size_t min;   /* no non-empty bucket below this */
    size_t count;
    size_t bytes;
    size_t max_bytes;
} gl_bucketq;

void gl_bucketq_init(gl_bucketq *q, size_t max_bytes);
void gl_bucketq_free(gl_bucketq *q);
int gl_bucketq_push(gl_bucketq *q, size_t prio, uint64_t value);
/* Bytes that pushing at prio would allocate: the new bucket index and the
 * new bucket array where they grow, each whole (a realloc may copy), else
 * 0.  After the push, q->bytes has grown by this minus the old arrays.
 * Inline for the common case, a push that fits. */
size_t gl_bucketq_grow_bytes(const gl_bucketq *q, size_t prio);
static inline size_t gl_bucketq_push_bytes(const gl_bucketq *q, size_t prio)
{
    if (prio < q->nbuckets && q->b[prio].n < q->b[prio].cap) return 0;
    return gl_bucketq_grow_bytes(q, prio);
}
int gl_bucketq_pop(gl_bucketq *q, size_t *prio, uint64_t *value);

#ifdef __cplusplus
}
#endif
#endif
