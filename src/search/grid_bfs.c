/* Breadth-first search on a flat W x H grid (see grid_bfs.h).
 *
 * The queue is an array with a head and a tail index: each cell is pushed
 * once, when it is first reached, so W*H slots suffice.  The target test
 * happens when a cell is reached, not when it is popped, so the search
 * stops one layer earlier than a pop-time test would. */
#include "gridlab/grid_bfs.h"

#include <stdlib.h>

int gl_grid_ws_init(gl_grid_ws *ws, int cells)
{
    ws->queue = malloc(sizeof(int) * (size_t)(cells > 0 ? cells : 1));
    ws->parent = malloc(sizeof(int) * (size_t)(cells > 0 ? cells : 1));
    ws->cap = cells;
    if (!ws->queue || !ws->parent) {
        gl_grid_ws_free(ws);
        return -1;
    }
    return 0;
}

void gl_grid_ws_free(gl_grid_ws *ws)
{
    free(ws->queue);
    free(ws->parent);
    ws->queue = ws->parent = NULL;
    ws->cap = 0;
}

/* Runs the search; returns 1 when dst was reached (parent links set). */
static int grid_search(const uint8_t *blocked, int w, int h, int src, int dst, gl_grid_ws *ws)
{
    int n = w * h;
    if (src < 0 || src >= n || dst < 0 || dst >= n || src == dst || blocked[dst] || n > ws->cap)
        return 0;
    int *parent = ws->parent, *queue = ws->queue;
    for (int i = 0; i < n; i++) parent[i] = -1;
    parent[src] = src;
    int head = 0, tail = 0;
    queue[tail++] = src;
    while (head < tail) {
        int cur = queue[head++];
        int r = cur / w, c = cur - r * w;
        int nb[4], k = 0;
        if (r > 0) nb[k++] = cur - w;
        if (r < h - 1) nb[k++] = cur + w;
        if (c > 0) nb[k++] = cur - 1;
        if (c < w - 1) nb[k++] = cur + 1;
        for (int i = 0; i < k; i++) {
            int x = nb[i];
            if (parent[x] >= 0 || blocked[x]) continue;
            parent[x] = cur;
            if (x == dst) return 1;
            queue[tail++] = x;
        }
    }
    return 0;
}

int gl_grid_path(const uint8_t *blocked, int w, int h, int src, int dst, int *path, gl_grid_ws *ws)
{
    if (!grid_search(blocked, w, h, src, dst, ws)) return 0;
    int len = 0;
    for (int x = dst; x != src; x = ws->parent[x]) len++;
    len++;
    int i = len;
    for (int x = dst;; x = ws->parent[x]) {
        path[--i] = x;
        if (x == src) break;
    }
    return len;
}

int gl_grid_distance(const uint8_t *blocked, int w, int h, int src, int dst, gl_grid_ws *ws)
{
    if (!grid_search(blocked, w, h, src, dst, ws)) return -1;
    int d = 0;
    for (int x = dst; x != src; x = ws->parent[x]) d++;
    return d;
}

/* The root of provisional label x in up (a root r has up[r] == r, or, once
 * it has its final label L, up[r] == -L), halving the path on the way. */
static int region_root(int *up, int x)
{
    while (up[x] >= 0 && up[x] != x) {
        if (up[up[x]] >= 0) up[x] = up[up[x]];
        x = up[x];
    }
    return x;
}

int gl_grid_regions(const uint8_t *blocked, int w, int h, int *label, int *size, gl_grid_ws *ws)
{
    int n = w * h, nreg = 0;
    if (n > ws->cap) return 0;
    /* one raster pass: each free cell takes the provisional label of the
     * free cell above or to its left (a new one when neither is free),
     * and when both are free their labels are joined; provisional labels
     * are 0-based indices into up (ws->queue) */
    int *up = ws->queue, np = 0;
    for (int r = 0, i = 0; r < h; r++)
        for (int c = 0; c < w; c++, i++) {
            if (blocked[i]) {
                label[i] = -1;
                continue;
            }
            int a = r > 0 ? label[i - w] : -1, b = c > 0 ? label[i - 1] : -1;
            if (a < 0 && b < 0) {
                up[np] = np;
                label[i] = np++;
            } else if (a < 0 || b < 0) {
                label[i] = a < 0 ? b : a;
            } else {
                int ra = region_root(up, a), rb = region_root(up, b);
                if (ra < rb) up[rb] = ra;
                else up[ra] = rb;
                label[i] = a;
            }
        }
    /* the final labels 1..nreg in the order of each region's first cell */
    for (int i = 0; i < n; i++) {
        if (label[i] < 0) {
            label[i] = 0;
            continue;
        }
        int root = region_root(up, label[i]);
        if (up[root] >= 0) {
            up[root] = -++nreg;
            if (size) size[nreg] = 0;
        }
        label[i] = -up[root];
        if (size) size[label[i]]++;
    }
    return nreg;
}
