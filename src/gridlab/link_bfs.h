/* Turn-limited links on a grid (the Lianliankan / Shisen-Sho connection).
 *
 * Two cells are linked when a path of at most max_turns+1 straight segments
 * joins them through passable cells.  The grid is a byte per cell, row-major,
 * w x h; a cell is passable when its byte is <= pass_max.  The outermost
 * ring of the grid must be impassable: the kernels never bounds-check, so a
 * game that lets links run outside its board pads the board with a passable
 * ring and then an impassable guard ring.
 *
 * Two queries:
 *  - gl_link_path: the shortest link (fewest cells, then fewest turns) by a
 *    breadth-first search over (cell, direction, turns) states; returns the
 *    corner cells, ends included.
 *  - gl_link_targets: every impassable cell a link from s can end on, by
 *    the straight-line sweep (rays from s, rays from every cell of those,
 *    ...), with a stamp array so no (cell, axis, turns left) is swept twice.
 *    This is the fast one for "all linkable pairs". */
#ifndef GRIDLAB_LINK_BFS_H
#define GRIDLAB_LINK_BFS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GL_LINK_MAX_TURNS 3

typedef struct gl_link_grid {
    const uint8_t *cell;
    int w, h;         /* of the whole array, guard ring included */
    uint8_t pass_max; /* cells with cell[i] <= pass_max are passable */
} gl_link_grid;

/* Reusable scratch for gl_link_targets (one per thread). */
typedef struct gl_link_scratch {
    uint32_t *seen; /* w*h*2*(GL_LINK_MAX_TURNS+1) stamps */
    uint32_t *hit;  /* w*h stamps */
    size_t ncells;
    uint32_t stamp;
} gl_link_scratch;

int gl_link_scratch_init(gl_link_scratch *s, size_t ncells);
void gl_link_scratch_free(gl_link_scratch *s);

/* The shortest link from s to t (s and t are the ends; they need not be
 * passable) with at most max_turns turns (0..GL_LINK_MAX_TURNS).  Writes the
 * corner cells (s first, t last) into corners (room for max_turns+2) and
 * returns their number; 0 when there is no link; -1 when out of memory. */
int gl_link_path(const gl_link_grid *g, int s, int t, int max_turns, int *corners);

/* Every impassable cell that a link from s (at most max_turns turns) ends
 * on, each once, into out (at most max); returns how many there are. */
int gl_link_targets(const gl_link_grid *g, int s, int max_turns, gl_link_scratch *sc, int *out,
                    int max);

#ifdef __cplusplus
}
#endif
#endif
