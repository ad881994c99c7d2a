/* Shortest paths and connected regions on a W x H grid of free cells.
 *
 * The grid is a flat array of W*H bytes, non-zero = blocked, indexed
 * r*W + c, with 4-connected moves.  The search is a plain breadth-first
 * search whose FIFO is one int array (every cell enters it at most once, so
 * a queue of W*H slots never wraps) and whose parent links are one array
 * too: no allocation, no 2-D objects, a 9x9 query touches a few hundred
 * bytes.  The caller passes a workspace sized for the grid so a game can
 * run millions of queries without malloc.
 *
 * Game-agnostic: Color Lines uses it for a ball's path (the source is the
 * ball, blocked itself, and only the cells after it must be free), and its
 * players use the region labelling to list every reachable target at once. */
#ifndef GRIDLAB_GRID_BFS_H
#define GRIDLAB_GRID_BFS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_grid_ws {
    int *queue;   /* W*H cells */
    int *parent;  /* W*H: the cell a cell was reached from; -1 unreached */
    int cap;
} gl_grid_ws;

/* 0, or -1 when out of memory. */
int gl_grid_ws_init(gl_grid_ws *ws, int cells);
void gl_grid_ws_free(gl_grid_ws *ws);

/* The shortest 4-connected path from src to dst through free cells
 * (blocked[i] == 0).  src itself may be blocked (it is where the walker
 * stands); dst must be free.  Writes the cells src..dst into path (at least
 * W*H ints) and returns their number (>= 2), or 0 when there is no path
 * (or dst is blocked, or src == dst).  Among shortest paths the one found
 * first with neighbours in the order up, down, left, right is returned, so
 * results are the same on every machine. */
int gl_grid_path(const uint8_t *blocked, int w, int h, int src, int dst, int *path,
                 gl_grid_ws *ws);

/* The BFS distance (in steps) from src to dst as above, -1 when none. */
int gl_grid_distance(const uint8_t *blocked, int w, int h, int src, int dst, gl_grid_ws *ws);

/* Labels the 4-connected regions of free cells: label[i] = 1..n for free
 * cells, 0 for blocked ones; returns n.  size (may be NULL; at least W*H+1
 * ints) gets each region's cell count by label.  Regions are numbered in
 * the order of their first cell.  Uses ws->queue. */
int gl_grid_regions(const uint8_t *blocked, int w, int h, int *label, int *size, gl_grid_ws *ws);

#ifdef __cplusplus
}
#endif
#endif
