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
    const gl_limits *lim;
    uint64_t t0;
    gl_solution *s;
    const char *stopped;
    uint8_t path[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
    int depth;
} ida;

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
    if ((I->s->nodes & 255) == 0) {
        I->stopped = gl_limits_check(I->lim, I->t0, 0);
        if (I->stopped) return -2;
    }
    uint64_t cols = flood_frontier_colours(G, fr);
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
    flood_problem p;
    if (flood_problem_init(&p, b, e) != 0) return -1;
    ida I;
    memset(&I, 0, sizeof I);
    I.g = &p.g;
    I.lim = &o->lim;
    I.t0 = gl_now_ns();
    I.s = s;
    int bound = p.nroot + flood_h(&p.g, p.F, p.fr);
    int r;
    for (;;) {
        I.depth = 0;
        r = search(&I, NULL, p.F, p.fr, -1, p.nroot, bound);
        if (r < 0 || r >= (1 << 30)) break;
        bound = r;
    }
    s->peak_bytes = sizeof I;
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
    } else if (r == -2) {
        /* stopped: no proof; finish greedily so the caller still gets moves */
        s->stopped = I.stopped;
        int cap = p.g.n + FLOOD_MAX_COLORS;
        uint8_t buf[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
        flood_push_moves(s, p.root_moves, p.nroot);
        int n = flood_greedy_run(&p.g, p.F, 2, buf, cap);
        if (n >= 0) flood_push_moves(s, buf, n);
        s->solved = n >= 0;
        s->optimal = 0;
    } else if (flood_is_full(&p.g, p.F)) {
        flood_push_moves(s, p.root_moves, p.nroot);
        s->solved = 1;
        s->optimal = 1;
    }
    s->cost = s->nmoves;
    s->ms = gl_ms_since(I.t0);
    flood_problem_free(&p);
    return 0;
}
