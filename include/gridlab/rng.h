/* The project's own seeded random generator.
 *
 * Algorithm: xoshiro256** (Blackman and Vigna, 2018) seeded by SplitMix64
 * from a 64-bit seed.  The same seed gives the same sequence on every machine
 * and compiler: only fixed-width unsigned arithmetic is used.  The full state
 * (256 bits) round-trips through 64 hex digits, which is what board files
 * store as `rng=HEX` so that a saved game continues exactly. */
#ifndef GRIDLAB_RNG_H
#define GRIDLAB_RNG_H

#include "api.h"

#include <stdint.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_rng {
    uint64_t s[4];
} gl_rng;

#define GL_RNG_HEX_LEN 64

GL_API void gl_rng_seed(gl_rng *r, uint64_t seed);
GL_API uint64_t gl_rng_next(gl_rng *r);
/* Uniform in [0, n) without modulo bias (n >= 1). */
GL_API uint64_t gl_rng_below(gl_rng *r, uint64_t n);
/* Uniform double in [0, 1). */
GL_API double gl_rng_unit(gl_rng *r);
/* Fisher-Yates shuffle of n ints. */
GL_API void gl_rng_shuffle_int(gl_rng *r, int *a, size_t n);
/* Writes 64 hex digits and a NUL into out (at least 65 bytes). */
GL_API void gl_rng_to_hex(const gl_rng *r, char *out);
/* Parses exactly 64 hex digits; returns 0 on success, -1 on bad text or
 * the all-zero state (which xoshiro cannot leave). */
GL_API int gl_rng_from_hex(gl_rng *r, const char *hex);

#ifdef __cplusplus
}
#endif
#endif
