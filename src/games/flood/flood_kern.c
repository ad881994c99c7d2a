/* The Flood-It set kernels (flood_kern.h) in portable C, one copy per word
 * count 1..3 so that a set stays in registers, and the choice among the
 * copies of every width at the time a graph is built: the widest the
 * processor has (src/gridlab/cpu.h, GRIDLAB_SIMD), else these, else
 * (sets of 4 words or more without vectors) the generic loops of
 * flood_bound.c and flood_sets.c. */
#include "flood_kern.h"

#include <limits.h>
#include <string.h>

/* Sets of one or two words stay in general registers: left to itself, the
 * compiler moves them into vector registers for the ORs and back through
 * memory for the bit scans, which costs more than it saves there. */
#if defined(__GNUC__) && !defined(__clang__)
#define KT_SCALAR __attribute__((optimize("no-tree-vectorize")))
#else
#define KT_SCALAR
#endif
#define KT KT_SCALAR

#define KUNION 0
#define R uint64_t
#define RW 1
#define R_ZERO() ((uint64_t)0)
#define R_LOAD(p) (*(p))
#define R_STORE(p, r) (*(p) = (r))
#define R_OR(a, b) ((a) | (b))
#define R_AND(a, b) ((a) & (b))
#define R_ANDN(a, b) (~(a) & (b))
#define R_NOR(a, b) (~((a) | (b)))
#define R_ANY(a) ((a) != 0)

#define NR 1
#define KSUF(n) n##_p1
#include "flood_kern_body.h"
#undef NR
#undef KSUF
#define NR 2
#define KSUF(n) n##_p2
#include "flood_kern_body.h"
#undef NR
#undef KSUF
#undef KT
#define KT
#define NR 3
#define KSUF(n) n##_p3
#include "flood_kern_body.h"
#undef NR
#undef KSUF
static const flood_kernels PORTABLE[3] = {FLOOD_KERNELS("portable", _p1), FLOOD_KERNELS("portable", _p2),
                                          FLOOD_KERNELS("portable", _p3)};

const flood_kernels *flood_kernels_for(int kw, gl_simd path)
{
    if (kw < 1 || kw > 8) return NULL;
    const flood_kernels *k = NULL;
    if (path >= GL_SIMD_AVX512) k = flood_kernels_avx512(kw);
    if (!k && path >= GL_SIMD_AVX2) k = flood_kernels_avx2(kw);
    if (!k && path >= GL_SIMD_NEON) k = flood_kernels_neon(kw);
    if (k) return k;
    /* from 4 words on, a set no longer fits in general registers: the
     * generic loops (flood_bound.c), with fewer sets live at once, spill
     * less than these copies */
    return kw <= 3 ? &PORTABLE[kw - 1] : NULL;
}
