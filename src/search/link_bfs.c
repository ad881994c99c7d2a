/* Turn-limited links: the shortest-path BFS and the straight-line sweep
 * (see src/gridlab/link_bfs.h).
 *
 * The BFS runs over (cell, direction, turns) states, so "at most k turns" is
 * part of the state rather than a filter on finished paths: a cell reached
 * with fewer turns is a different state from the same cell reached with
 * more, and both stay open.  The search goes layer by layer (every step is
 * one cell), so the first layer that reaches the target has the fewest
 * cells; within it the fewest turns wins. */
#include "gridlab/link_bfs.h"

#include <stdlib.h>
#include <string.h>

int gl_link_scratch_init(gl_link_scratch *s, size_t ncells)
{
    memset(s, 0, sizeof *s);
    s->seen = calloc(ncells * 2 * (GL_LINK_MAX_TURNS + 1), sizeof *s->seen);
    s->hit = calloc(ncells, sizeof *s->hit);
    if (!s->seen || !s->hit) {
        gl_link_scratch_free(s);
        return -1;
    }
    s->ncells = ncells;
    return 0;
}

void gl_link_scratch_free(gl_link_scratch *s)
{
    free(s->seen);
    free(s->hit);
    memset(s, 0, sizeof *s);
}

/* Directions: up, right, down, left (the order fixes which of several
 * equally short links is shown). */
static void offsets(int w, int off[4])
{
    off[0] = -w;
    off[1] = 1;
    off[2] = w;
    off[3] = -1;
}

int gl_link_path(const gl_link_grid *g, int s, int t, int max_turns, int *corners)
{
    if (max_turns < 0) max_turns = 0;
    if (max_turns > GL_LINK_MAX_TURNS) max_turns = GL_LINK_MAX_TURNS;
    if (s == t) return 0;
    const int T = max_turns + 1;
    const size_t nstates = (size_t)g->w * (size_t)g->h * 4u * (size_t)T;
    int *parent = malloc(nstates * sizeof *parent);
    int *queue = malloc(nstates * sizeof *queue);
    unsigned char *seen = calloc(nstates, 1);
    if (!parent || !queue || !seen) {
        free(parent);
        free(queue);
        free(seen);
        return -1;
    }
    int off[4];
    offsets(g->w, off);
#define STATE(c, d, k) ((((c) * 4) + (d)) * T + (k))
    int head = 0, tail = 0;
    int best_parent = -2, best_dir = -1, best_turns = T + 1;
    for (int d = 0; d < 4; d++) {
        int n = s + off[d];
        if (n == t) {
            best_parent = -1; /* adjacent: a path of two cells, no turn */
            best_dir = d;
            best_turns = 0;
            break;
        }
        if (g->cell[n] > g->pass_max) continue;
        int st = STATE(n, d, 0);
        seen[st] = 1;
        parent[st] = -1;
        queue[tail++] = st;
    }
    /* Layer by layer: stop after the layer that reached t. */
    while (best_parent == -2 && head < tail) {
        int layer_end = tail;
        for (; head < layer_end; head++) {
            int st = queue[head];
            int k = st % T, d = (st / T) % 4, c = st / T / 4;
            for (int nd = 0; nd < 4; nd++) {
                if (nd == (d ^ 2)) continue; /* never straight back */
                int nk = k + (nd != d);
                if (nk >= T) continue;
                int n = c + off[nd];
                if (n == t) {
                    if (nk < best_turns) {
                        best_turns = nk;
                        best_parent = st;
                        best_dir = nd;
                    }
                    continue;
                }
                if (g->cell[n] > g->pass_max) continue;
                int ns = STATE(n, nd, nk);
                if (seen[ns]) continue;
                seen[ns] = 1;
                parent[ns] = st;
                queue[tail++] = ns;
            }
        }
    }
    int count = 0;
    if (best_parent != -2) {
        /* Walk back collecting the direction of every step, then emit the
         * cells where the direction changes. */
        int steps = 1;
        for (int st = best_parent; st >= 0; st = parent[st]) steps++;
        int *dirs = queue; /* the queue is no longer needed */
        int i = steps - 1;
        dirs[i--] = best_dir;
        for (int st = best_parent; st >= 0; st = parent[st]) dirs[i--] = (st / T) % 4;
        int c = s;
        corners[count++] = s;
        for (i = 0; i < steps; i++) {
            c += off[dirs[i]];
            if (i + 1 < steps && dirs[i + 1] != dirs[i]) corners[count++] = c;
        }
        corners[count++] = t;
    }
#undef STATE
    free(parent);
    free(queue);
    free(seen);
    return count;
}

typedef struct sweep {
    const gl_link_grid *g;
    gl_link_scratch *sc;
    int off[4];
    int s;
    int *out, max, n;
} sweep;

static void ray(sweep *w, int p, int d, int left)
{
    const uint8_t *cell = w->g->cell;
    const uint8_t pm = w->g->pass_max;
    int step = w->off[d];
    int q = p + step;
    for (; cell[q] <= pm; q += step) {
        if (left > 0) {
            /* The perpendicular rays from q with `left` turns to spend are
             * the same whichever way we came: sweep them once. */
            size_t key = ((size_t)q * 2 + (size_t)(d & 1)) * (GL_LINK_MAX_TURNS + 1) + (size_t)left;
            if (w->sc->seen[key] != w->sc->stamp) {
                w->sc->seen[key] = w->sc->stamp;
                ray(w, q, (d + 1) & 3, left - 1);
                ray(w, q, (d + 3) & 3, left - 1);
            }
        }
    }
    if (q != w->s && w->sc->hit[q] != w->sc->stamp) {
        w->sc->hit[q] = w->sc->stamp;
        if (w->n < w->max) w->out[w->n] = q;
        w->n++;
    }
}

int gl_link_targets(const gl_link_grid *g, int s, int max_turns, gl_link_scratch *sc, int *out,
                    int max)
{
    if (max_turns < 0) max_turns = 0;
    if (max_turns > GL_LINK_MAX_TURNS) max_turns = GL_LINK_MAX_TURNS;
    if (++sc->stamp == 0) { /* wrapped: old stamps could match again */
        memset(sc->seen, 0, sc->ncells * 2 * (GL_LINK_MAX_TURNS + 1) * sizeof *sc->seen);
        memset(sc->hit, 0, sc->ncells * sizeof *sc->hit);
        sc->stamp = 1;
    }
    sweep w = {g, sc, {0, 0, 0, 0}, s, out, max, 0};
    offsets(g->w, w.off);
    for (int d = 0; d < 4; d++) ray(&w, s, d, max_turns);
    return w.n;
}
