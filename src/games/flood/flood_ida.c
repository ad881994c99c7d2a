/* IDA* for Flood-It: proved optimal with memory proportional to the
 * depth (a path of bitsets), no tables.
 *
 * Same edges, bound, dead-move and order pruning as A* (flood_astar.c).  Children are
 * tried best bound first, so the last iteration tends to find a solution
 * early.  Without a transposition table the same set is searched again
 * along different paths; the order pruning removes the commonest repeats
 * (a move whose groups were already on the frontier before the previous
 * move, searched only in the order with the smaller colour first). */
#include "flood.h"

#include <string.h>

typedef struct {
    const flood_graph *g;
    gl_meter *m;
    gl_solution *s;
    uint8_t path[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
    int depth;
    /* The recursion's memory is its stack: a level's frame is charged (in
     * blocks of levels, not per node) before the search goes that deep. */
    size_t frame_bytes, stack_charged;
} ida;

#define IDA_BLOCK 64 /* levels charged at a time */

typedef struct {
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX];
    int c, n, h;
} child;

/* Returns the smallest f over the bound seen, or -1 when solved, -2 when
 * stopped. */
static int search(ida *I, const uint64_t *Pfr, const uint64_t *F, const uint64_t *fr, int last_col,
                  int g, int bound)
{
    const flood_graph *G = I->g;
    int kw = G->kw;
    if (flood_is_full(G, F)) return -1;
    I->s->nodes++;
    uint64_t cols = flood_frontier_colours(G, fr);
    /* a node's work is its children, each with a bound */
    if (gl_meter_tick(I->m, 1 + (uint32_t)__builtin_popcountll(cols))) return -2;
    if ((size_t)(I->depth + 1) * I->frame_bytes > I->stack_charged) {
        size_t block = IDA_BLOCK * I->frame_bytes;
        if (gl_meter_charge(I->m, block) != 0) return -2;
        I->stack_charged += block;
    }
    /* sized by the frontier's colours: deep searches on big boards keep
     * their stack small */
    child kids[__builtin_popcountll(cols) + 1];
    int nk = 0;
    while (cols) {
        int c = __builtin_ctzll(cols);
        cols &= cols - 1;
        const uint64_t *cm = G->colmask + (size_t)c * kw;
        if (Pfr && c < last_col) {
            /* the order rule: the edge in brought no new c-group to the
             * frontier, so c played before it floods a superset at the
             * same cost (docs/flood.md, "Order pruning (ida)") */
            int fresh = 0;
            for (int i = 0; i < kw; i++)
                if (fr[i] & cm[i] & ~Pfr[i]) fresh = 1;
            if (!fresh) continue;
        }
        if (!flood_move_exposes(G, F, fr, c)) continue; /* a dead move */
        child *k = &kids[nk];
        k->c = c;
        k->n = flood_child(G, F, fr, c, k->F, k->fr, NULL);
        k->h = flood_h(G, k->F, k->fr);
        nk++;
    }
    /* best bound first (insertion sort: at most 35 children) */
    int order[FLOOD_MAX_COLORS];
    for (int i = 0; i < nk; i++) {
        int j = i;
        while (j > 0 && kids[order[j - 1]].n + kids[order[j - 1]].h > kids[i].n + kids[i].h) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    int next = -1;
    for (int oi = 0; oi < nk; oi++) {
        child *k = &kids[order[oi]];
        int f = g + k->n + k->h;
        if (f > bound) {
            if (next < 0 || f < next) next = f;
            continue;
        }
        I->path[I->depth++] = (uint8_t)k->c;
        int r = search(I, fr, k->F, k->fr, k->c, g + k->n, bound);
        if (r == -1 || r == -2) return r;
        I->depth--;
        if (r >= 0 && (next < 0 || r < next)) next = r;
    }
    return next < 0 ? 1 << 30 : next;
}

int flood_solve_ida(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e)
{
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    flood_problem p;
    int rc = flood_problem_init_metered(&p, b, &m, e);
    if (rc != 0) {
        flood_meter_end(&m, s);
        return rc < 0 ? -1 : 0;
    }
    ida I;
    memset(&I, 0, sizeof I);
    I.g = &p.g;
    I.m = &m;
    I.s = s;
    /* a level of search(): its children (at most one per colour, and one
     * more) and its other locals */
    I.frame_bytes = (size_t)(p.g.ncolors + 1) * sizeof(child) + 512;
    int bound = p.nroot + flood_h(&p.g, p.F, p.fr);
    int r;
    for (;;) {
        I.depth = 0;
        r = search(&I, NULL, p.F, p.fr, -1, p.nroot, bound);
        if (r < 0 || r >= (1 << 30)) break;
        bound = r;
    }
    if (r == -1) {
        /* replay the path's edges to list the forced colours too */
        flood_push_moves(s, p.root_moves, p.nroot);
        uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX], F2[FLOOD_KW_MAX], fr2[FLOOD_KW_MAX];
        memcpy(F, p.F, sizeof F);
        memcpy(fr, p.fr, sizeof fr);
        uint8_t mv[FLOOD_MAX_COLORS + 1];
        for (int i = 0; i < I.depth; i++) {
            int n = flood_child(&p.g, F, fr, I.path[i], F2, fr2, mv);
            flood_push_moves(s, mv, n);
            memcpy(F, F2, sizeof F);
            memcpy(fr, fr2, sizeof fr);
        }
        s->solved = 1;
        s->optimal = 1;
        s->cost = s->nmoves;
    } else {
        /* stopped: no proof; finished greedily so the caller still gets
         * moves (or the root was already won) */
        flood_finish_from_root(&p, s);
    }
    flood_problem_free(&p);
    flood_meter_end(&m, s);
    return 0;
}
