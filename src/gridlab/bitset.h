/* Fixed-size bitsets over arrays of 64-bit words (all inline). */
#ifndef GRIDLAB_BITSET_H
#define GRIDLAB_BITSET_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>

#define GL_BITS_WORDS(n) (((n) + 63) / 64)

static inline void gl_bits_set(uint64_t *b, size_t i) { b[i >> 6] |= 1ULL << (i & 63); }
static inline void gl_bits_clear(uint64_t *b, size_t i) { b[i >> 6] &= ~(1ULL << (i & 63)); }
static inline int gl_bits_test(const uint64_t *b, size_t i) { return (int)((b[i >> 6] >> (i & 63)) & 1); }
static inline void gl_bits_zero(uint64_t *b, size_t words) { memset(b, 0, words * sizeof *b); }
static inline size_t gl_bits_count(const uint64_t *b, size_t words)
{
    size_t c = 0;
    for (size_t i = 0; i < words; i++) c += (size_t)__builtin_popcountll(b[i]);
    return c;
}
static inline void gl_bits_or(uint64_t *dst, const uint64_t *src, size_t words)
{
    for (size_t i = 0; i < words; i++) dst[i] |= src[i];
}
static inline void gl_bits_andnot(uint64_t *dst, const uint64_t *src, size_t words)
{
    for (size_t i = 0; i < words; i++) dst[i] &= ~src[i];
}
static inline int gl_bits_any(const uint64_t *b, size_t words)
{
    for (size_t i = 0; i < words; i++) if (b[i]) return 1;
    return 0;
}
/* Index of the next set bit at or after i, or n when none. */
static inline size_t gl_bits_next(const uint64_t *b, size_t i, size_t n)
{
    if (i >= n) return n;
    size_t w = i >> 6;
    uint64_t x = b[w] & (~0ULL << (i & 63));
    size_t words = GL_BITS_WORDS(n);
    while (!x) {
        if (++w >= words) return n;
        x = b[w];
    }
    size_t r = (w << 6) + (size_t)__builtin_ctzll(x);
    return r < n ? r : n;
}
#define GL_BITS_FOREACH(i, b, n) \
    for (size_t i = gl_bits_next((b), 0, (n)); i < (n); i = gl_bits_next((b), i + 1, (n)))

#endif
