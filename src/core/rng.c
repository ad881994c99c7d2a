/* xoshiro256** seeded with SplitMix64: small, fast, identical everywhere.
 * The constants and rotations are those of the reference algorithm
 * (Blackman and Vigna, "Scrambled linear pseudorandom number generators"). */
#include "gridlab/rng.h"
#include "gridlab/game_impl.h"

#include <string.h>

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void gl_rng_seed(gl_rng *r, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

uint64_t gl_rng_next(gl_rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t gl_rng_below(gl_rng *r, uint64_t n)
{
    if (n <= 1) return 0;
    /* Rejection sampling: draw until below the largest multiple of n. */
    uint64_t limit = UINT64_MAX - (UINT64_MAX % n);
    uint64_t x;
    do {
        x = gl_rng_next(r);
    } while (x >= limit);
    return x % n;
}

double gl_rng_unit(gl_rng *r) { return (double)(gl_rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

void gl_rng_shuffle_int(gl_rng *r, int *a, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = (size_t)gl_rng_below(r, i);
        int t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}

void gl_rng_to_hex(const gl_rng *r, char *out)
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 16; k++) out[i * 16 + k] = digits[(r->s[i] >> (60 - 4 * k)) & 15];
    out[GL_RNG_HEX_LEN] = '\0';
}

int gl_rng_from_hex(gl_rng *r, const char *hex)
{
    if (!hex || strlen(hex) != GL_RNG_HEX_LEN) return -1;
    uint64_t s[4] = {0, 0, 0, 0};
    for (int i = 0; i < GL_RNG_HEX_LEN; i++) {
        char c = hex[i];
        int v;
        if (c >= '0' && c <= '9') v = c - '0';
        else if (c >= 'a' && c <= 'f') v = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') v = c - 'A' + 10;
        else return -1;
        s[i / 16] = (s[i / 16] << 4) | (uint64_t)v;
    }
    if ((s[0] | s[1] | s[2] | s[3]) == 0) return -1;
    memcpy(r->s, s, sizeof s);
    return 0;
}
