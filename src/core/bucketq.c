/* The bucket queue of best-first search (bucketq.h). */
#include "gridlab/bucketq.h"

#include <stdlib.h>
#include <string.h>

void gl_bucketq_init(gl_bucketq *q, size_t max_bytes)
{
    memset(q, 0, sizeof *q);
    q->max_bytes = max_bytes;
}

void gl_bucketq_free(gl_bucketq *q)
{
    for (size_t i = 0; i < q->nbuckets; i++) free(q->b[i].v);
    free(q->b);
    memset(q, 0, sizeof *q);
}

/* The growth rules, shared by push and push_bytes: the bucket index
 * doubles from 64 until prio fits; a bucket's array doubles from 64. */
static size_t index_size_for(const gl_bucketq *q, size_t prio)
{
    if (prio < q->nbuckets) return q->nbuckets;
    size_t nb = q->nbuckets ? q->nbuckets : 64;
    while (nb <= prio) nb *= 2;
    return nb;
}

static size_t bucket_cap_after(const gl_bucket *bk) { return bk->n < bk->cap ? bk->cap : bk->cap ? bk->cap * 2 : 64; }

size_t gl_bucketq_grow_bytes(const gl_bucketq *q, size_t prio)
{
    size_t bytes = 0, nb = index_size_for(q, prio);
    if (nb != q->nbuckets) bytes += nb * sizeof(gl_bucket);
    const gl_bucket empty = {NULL, 0, 0};
    const gl_bucket *bk = prio < q->nbuckets ? &q->b[prio] : &empty;
    size_t nc = bucket_cap_after(bk);
    if (nc != bk->cap) bytes += nc * sizeof(uint64_t);
    return bytes;
}

int gl_bucketq_push(gl_bucketq *q, size_t prio, uint64_t value)
{
    if (prio >= q->nbuckets) {
        size_t nb = index_size_for(q, prio);
        if (nb > ((size_t)1 << 24)) return -1; /* priorities are meant to be small */
        gl_bucket *b = realloc(q->b, nb * sizeof *b);
        if (!b) return -1;
        memset(b + q->nbuckets, 0, (nb - q->nbuckets) * sizeof *b);
        q->b = b;
        q->bytes += (nb - q->nbuckets) * sizeof *b;
        q->nbuckets = nb;
    }
    gl_bucket *bk = &q->b[prio];
    if (bk->n == bk->cap) {
        size_t nc = bucket_cap_after(bk);
        size_t add = (nc - bk->cap) * sizeof(uint64_t);
        if (q->max_bytes && q->bytes + add > q->max_bytes) return -1;
        uint64_t *v = realloc(bk->v, nc * sizeof *v);
        if (!v) return -1;
        bk->v = v;
        bk->cap = nc;
        q->bytes += add;
    }
    bk->v[bk->n++] = value;
    if (q->count == 0 || prio < q->min) q->min = prio;
    q->count++;
    return 0;
}

int gl_bucketq_pop(gl_bucketq *q, size_t *prio, uint64_t *value)
{
    if (q->count == 0) return -1;
    while (q->b[q->min].n == 0) q->min++;
    gl_bucket *bk = &q->b[q->min];
    *value = bk->v[--bk->n];
    if (prio) *prio = q->min;
    q->count--;
    return 0;
}
