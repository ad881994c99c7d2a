/* Priority queues for best-first search.
 *
 * gl_heap: a binary min-heap of (priority, value) pairs of 64 bits each; ties
 * come out in no particular order, so callers that care fold a tie-break
 * into the priority (e.g. f * 2^32 - g).
 *
 * gl_bucketq: a bucket queue for small non-negative integer priorities (A*
 * with integer costs): O(1) push and amortised O(1) pop-min.  Within a
 * bucket, pops are last-in first-out, which favours deeper nodes among equal
 * f.  Both fail (return -1) rather than grow past their memory cap. */
#ifndef GRIDLAB_HEAP_H
#define GRIDLAB_HEAP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_heap_item {
    uint64_t prio;
    uint64_t value;
} gl_heap_item;

typedef struct gl_heap {
    gl_heap_item *items;
    size_t n, cap;
    size_t max_bytes; /* 0: no cap */
} gl_heap;

void gl_heap_init(gl_heap *h, size_t max_bytes);
void gl_heap_free(gl_heap *h);
int gl_heap_push(gl_heap *h, uint64_t prio, uint64_t value);
/* Returns 0 and the minimum, or -1 when empty. */
int gl_heap_pop(gl_heap *h, uint64_t *prio, uint64_t *value);
size_t gl_heap_bytes(const gl_heap *h);

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
