/* The component graph of a Flood-It board: the seed's groups, their
 * colours and sizes, a neighbour bitset per group and a group bitset per
 * colour, and, where the 512-bit set operations will run, the same rows
 * padded to 64 bytes with the tables only they use.
 *
 * Groups are found with an explicit stack (no recursion, unlike the seed,
 * so a 30x30 board of one colour cannot overflow the C stack) and numbered
 * in row-major order of their first cell, as the seed numbers them.
 * Adjacency is a bitset per group, so the frontier of a flooded set is an
 * OR of a few words per flooded group (flood_sets.c). */
#include "flood_kern.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The padded row of group i in adj8 and adj2_8: 65 rows per word
 * of groups. */
static inline size_t pad_row(int i)
{
    return (size_t)(i >> 6) * 65 + (size_t)(i & 63);
}

/* Charges n bytes to m (when there is one) before they are allocated. */
static int charge(gl_meter *m, flood_graph *g, size_t n)
{
    if (m && gl_meter_charge(m, n) != 0) return -1;
    g->bytes += n;
    return 0;
}

int flood_graph_build_path(flood_graph *g, const flood_board *b, gl_meter *m, int path)
{
    memset(g, 0, sizeof *g);
    int w = b->w, h = b->h, cells = w * h;
    g->w = w;
    g->h = h;
    g->ncolors = b->ncolors;
    int *stack = NULL;
    /* the group of each cell, and the stack of the fill (freed below) */
    if (charge(m, g, (size_t)cells * (sizeof *g->group + sizeof *stack)) != 0) return -1;
    g->group = malloc((size_t)cells * sizeof *g->group);
    stack = malloc((size_t)cells * sizeof *stack);
    if (!g->group || !stack) goto oom;
    for (int i = 0; i < cells; i++) g->group[i] = -1;
    int n = 0;
    for (int i = 0; i < cells; i++) {
        if (g->group[i] >= 0) continue;
        int top = 0;
        stack[top++] = i;
        g->group[i] = n;
        while (top) {
            int c = stack[--top];
            int r = c / w, col = c % w;
            int nb[4] = {r > 0 ? c - w : -1, r < h - 1 ? c + w : -1, col > 0 ? c - 1 : -1,
                         col < w - 1 ? c + 1 : -1};
            for (int k = 0; k < 4; k++) {
                int d = nb[k];
                if (d >= 0 && g->group[d] < 0 && b->cell[d] == b->cell[i]) {
                    g->group[d] = n;
                    stack[top++] = d;
                }
            }
        }
        n++;
    }
    free(stack);
    stack = NULL;
    if (m) gl_meter_refund(m, (size_t)cells * sizeof *stack);
    g->bytes -= (size_t)cells * sizeof *stack;
    g->n = n;
    g->kw = GL_BITS_WORDS(n);
    if (charge(m, g, (size_t)n * (1 + sizeof *g->size) + ((size_t)n + (size_t)b->ncolors) * (size_t)g->kw * 8) != 0)
        goto oom;
    g->colour = calloc((size_t)n, 1);
    g->size = calloc((size_t)n, sizeof *g->size);
    g->adj = calloc((size_t)n * (size_t)g->kw, sizeof *g->adj);
    g->colmask = calloc((size_t)b->ncolors * (size_t)g->kw, sizeof *g->colmask);
    if (!g->colour || !g->size || !g->adj || !g->colmask) goto oom;
    for (int i = 0; i < cells; i++) {
        int gi = g->group[i];
        g->colour[gi] = b->cell[i];
        g->size[gi]++;
        int r = i / w, col = i % w;
        if (col < w - 1 && g->group[i + 1] != gi) {
            gl_bits_set(g->adj + (size_t)gi * g->kw, (size_t)g->group[i + 1]);
            gl_bits_set(g->adj + (size_t)g->group[i + 1] * g->kw, (size_t)gi);
        }
        if (r < h - 1 && g->group[i + w] != gi) {
            gl_bits_set(g->adj + (size_t)gi * g->kw, (size_t)g->group[i + w]);
            gl_bits_set(g->adj + (size_t)g->group[i + w] * g->kw, (size_t)gi);
        }
    }
    for (int i = 0; i < n; i++) {
        gl_bits_set(g->colmask + (size_t)g->colour[i] * g->kw, (size_t)i);
        gl_bits_set(g->all, (size_t)i);
    }
    g->start = g->group[flood_start_cell(w, h, b->start)];
    if (path >= 0) g->k = flood_kernels_for(g->kw, (gl_simd)path);
    if (g->k) {
        /* 65 rows per word of groups: row 64 stays zero, the row of "no
         * group" (a count of trailing zeros of 0 is 64) */
        size_t rows = (size_t)g->kw * 65;
        size_t wide = rows * (64 * 2) + (size_t)b->ncolors * (64 + 128) + (size_t)g->kw * 64 * sizeof *g->size16;
        if (charge(m, g, wide) != 0) goto oom;
        g->adj8 = aligned_alloc(64, rows * 64);
        g->adj2_8 = aligned_alloc(64, rows * 64);
        g->colmask8 = aligned_alloc(64, (size_t)b->ncolors * 64);
        if (!g->adj8 || !g->adj2_8 || !g->colmask8) goto oom;
        memset(g->adj8, 0, rows * 64);
        memset(g->adj2_8, 0, rows * 64);
        memset(g->colmask8, 0, (size_t)b->ncolors * 64);
        for (int i = 0; i < n; i++) {
            const uint64_t *ai = g->adj + (size_t)i * g->kw;
            uint64_t *row2 = g->adj2_8 + pad_row(i) * 8;
            memcpy(g->adj8 + pad_row(i) * 8, ai, (size_t)g->kw * 8);
            /* the groups within two steps: the neighbours of i and of
             * each of its neighbours */
            fset_or(row2, ai, g->kw);
            for (int wi = 0; wi < g->kw; wi++)
                for (uint64_t x = ai[wi]; x; x &= x - 1)
                    fset_or(row2, g->adj + (size_t)(wi * 64 + __builtin_ctzll(x)) * g->kw, g->kw);
        }
        for (int c = 0; c < b->ncolors; c++)
            memcpy(g->colmask8 + (size_t)c * 8, g->colmask + (size_t)c * g->kw, (size_t)g->kw * 8);
        /* 16-bit sizes, 64 per word of groups (zero past the last) */
        g->size16 = calloc((size_t)g->kw * 64, sizeof *g->size16);
        if (!g->size16) goto oom;
        for (int i = 0; i < n; i++) g->size16[i] = (uint16_t)g->size[i];
        /* each colour's neighbours, and the groups within two steps of it */
        g->colnb8 = aligned_alloc(64, (size_t)b->ncolors * 128);
        if (!g->colnb8) goto oom;
        memset(g->colnb8, 0, (size_t)b->ncolors * 128);
        for (int i = 0; i < n; i++) {
            size_t at = pad_row(i) * 8;
            uint64_t *nc = g->colnb8 + (size_t)g->colour[i] * 16;
            fset_or(nc, g->adj8 + at, g->kw);
            fset_or(nc + 8, g->adj2_8 + at, g->kw);
        }
    }
    return 0;
oom:
    free(stack);
    flood_graph_free(g);
    return -1;
}

int flood_graph_build_metered(flood_graph *g, const flood_board *b, gl_meter *m)
{
    return flood_graph_build_path(g, b, m, (int)gl_simd_path());
}

int flood_graph_build(flood_graph *g, const flood_board *b) { return flood_graph_build_metered(g, b, NULL); }

void flood_graph_free(flood_graph *g)
{
    free(g->colour);
    free(g->size);
    free(g->group);
    free(g->adj);
    free(g->colmask);
    free(g->adj8);
    free(g->adj2_8);
    free(g->colnb8);
    free(g->size16);
    free(g->colmask8);
    memset(g, 0, sizeof *g);
}
