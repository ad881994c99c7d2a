/* The Flood-It set kernels: the set operations and bounds of the solvers'
 * hot loops on the graph's padded rows (sets of up to 8 words), one table
 * of functions per vector width (flood_kern_body.h is the one source of
 * them all).  Private to the flood solvers; flood_sets.c and flood_bound.c
 * call through the graph's table. */
#ifndef GRIDLAB_GAMES_FLOOD_KERN_H
#define GRIDLAB_GAMES_FLOOD_KERN_H

#include "flood.h"
#include "gridlab/cpu.h"

#include <limits.h>
#include <string.h>

struct flood_kernels {
    const char *name; /* "avx512", "avx2", "neon" or "portable" */
    int (*h_cut)(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int limit);
    int (*h_cut_r2)(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int limit, const flood_rings *pr,
                    const uint64_t *fresh, flood_ring2 *R2, int *ok);
    int (*two_ring)(const flood_graph *g, const uint64_t *F, const uint64_t *fr, const flood_ring2 *R2, int limit);
    int (*child_step)(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c, uint64_t *F2,
                      uint64_t *fr2, int *complete, uint64_t *fresh_out, const flood_rings *pr);
    void (*rings_of)(const flood_graph *g, const uint64_t *fr, flood_rings *pr);
    uint64_t (*frontier_colours)(const flood_graph *g, const uint64_t *fr);
    void (*adj_of)(const flood_graph *g, const uint64_t *X, uint64_t *out);
    int (*cells)(const flood_graph *g, const uint64_t *F);
};

#define FLOOD_KERNELS(name, s)                                                                                  \
    {                                                                                                            \
        name, h_cut##s, h_cut_r2##s, two_ring##s, child_step##s, rings_of##s, frontier_colours##s, adj_of##s,    \
            cells##s                                                                                             \
    }

/* The kernels for sets of kw words (1..8) on the given path or the best
 * below it that this build and processor have; NULL for kw > 8. */
const flood_kernels *flood_kernels_for(int kw, gl_simd path);
/* Each width's own table for kw words, NULL where this build or processor
 * lacks it (flood_kern_avx512.c, flood_kern_avx2.c, flood_kern_neon.c). */
const flood_kernels *flood_kernels_avx512(int kw);
const flood_kernels *flood_kernels_avx2(int kw);
const flood_kernels *flood_kernels_neon(int kw);

#endif
