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

#ifdef __cplusplus
extern "C" {
#endif

/* A game's create draws from it (game.h): a caller seeds one to call
 * create itself (gl_game_create takes the seed instead).  The draws are
 * the games' own (src/gridlab/game_impl.h). */
typedef struct gl_rng {
    uint64_t s[4];
} gl_rng;

GL_API void gl_rng_seed(gl_rng *r, uint64_t seed);

#ifdef __cplusplus
}
#endif
#endif
