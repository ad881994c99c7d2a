/* The exact bit-engine search's one-swap cache: the best single swap of
 * positions one swap from the end.
 *
 * Two sibling first swaps that commute reach the same position, and so do
 * the orders of commuting swaps higher up, so these positions recur often;
 * a lossy direct-mapped cache is cheaper than the transposition table.  An
 * entry holds both key words, the low 16 bits of the second replaced by
 * the value, and a newer position simply overwrites an older one: values
 * are exact, so a hit returns the exact value and a miss only costs time.
 * The buffer (2^B1_MAX_BITS slots) is kept between solves; a solve starts
 * with its first 2^B1_MIN_BITS slots and doubles in place while it fills
 * (an entry at slot i moves to i + cap when its key has that bit), so a
 * small search clears and touches little. */
#ifndef GRIDLAB_GAMES_MATCH3_EXACT_CACHE_H
#define GRIDLAB_GAMES_MATCH3_EXACT_CACHE_H

#include "match3_exact_bits.h"

#include <string.h>

/* The value kept for key, or -1. */
static inline int b1_find(const bx_ctx *c, const uint64_t key[2])
{
    const uint64_t *e = c->b1c[key[0] & c->b1mask];
    if (e[0] == key[0] && (e[1] >> 16) == (key[1] >> 16)) return (int)(e[1] & 0xffff);
    return -1;
}

static inline void b1_put(bx_ctx *c, const uint64_t key[2], int v)
{
    if (v < 0 || v >= 0xffff) return;
    if (++c->b1puts > (c->b1mask + 1) / 4 && c->b1mask + 1 < ((size_t)1 << B1_MAX_BITS)) {
        size_t cap = c->b1mask + 1;
        memset(c->b1c + cap, 0, cap * sizeof *c->b1c);
        for (size_t i = 0; i < cap; i++)
            if (c->b1c[i][0] & cap) {
                memcpy(c->b1c[i + cap], c->b1c[i], sizeof *c->b1c);
                c->b1c[i][0] = c->b1c[i][1] = 0;
            }
        c->b1mask = 2 * cap - 1;
        c->b1puts = 0;
    }
    uint64_t *e = c->b1c[key[0] & c->b1mask];
    e[0] = key[0];
    e[1] = (key[1] & ~0xffffULL) | (uint64_t)v;
}

/* Where key's entry lives, for a prefetch while other work goes on. */
static inline const void *b1_slot(const bx_ctx *c, uint64_t key0) { return c->b1c[key0 & c->b1mask]; }

#endif
