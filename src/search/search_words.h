/* What the search kernels share privately: states as arrays of 64-bit
 * words (copied with the one-word case first, the common one, where a
 * call to memcpy would cost more than the work; compared word by word,
 * which stops at the first difference, usually the first word) and
 * the successor arrays a kernel hands to a problem's expand. */
#ifndef GRIDLAB_SEARCH_WORDS_H
#define GRIDLAB_SEARCH_WORDS_H

#include "gridlab/search.h"

#include <stdlib.h>
#include <string.h>

static inline void words_copy(uint64_t *d, const uint64_t *s, int kw)
{
    if (kw == 1) *d = *s;
    else memcpy(d, s, (size_t)kw * sizeof *d);
}

static inline int words_equal(const uint64_t *a, const uint64_t *b, int kw)
{
    for (int i = 0; i < kw; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* Bytes of one successor in a gl_succ: its state, cost, h and move. */
static inline size_t succ_entry_bytes(int kw) { return (size_t)kw * 8 + 2 * sizeof(int) + sizeof(gl_move); }

/* Points s at room for n successors of kw words in one block (owned by
 * s->state); -1 when malloc fails. */
static inline int succ_alloc(gl_succ *s, int kw, size_t n)
{
    unsigned char *b = malloc(n * succ_entry_bytes(kw) + 1);
    if (!b) return -1;
    s->state = (uint64_t *)b;
    s->mv = (gl_move *)(b + n * (size_t)kw * 8);
    s->cost = (int *)(b + n * ((size_t)kw * 8 + sizeof(gl_move)));
    s->h = s->cost + n;
    return 0;
}

static inline void succ_free(gl_succ *s)
{
    free(s->state);
    memset(s, 0, sizeof *s);
}

#endif
