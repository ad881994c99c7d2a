/* The shared search kernels (search.h) on a toy problem whose answers are
 * known: walking on a small grid with walls, each cell costing 1 to 3 to
 * enter, the Manhattan distance as the heuristic (admissible and
 * consistent, every step costing at least 1).  A plain Dijkstra in this
 * file gives the optimal costs.  The state is the cell in one, two or
 * three words (x, y and a constant tag), so the kernels' one-word and
 * multi-word code both run.  Checked: optimal costs, fewest moves, node
 * counts where they are known exactly, moves that replay, the route
 * IDA* hands to expand, the limits (Ctrl-C, time, memory) stopping each
 * kernel with nothing claimed, and every byte given back. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/internal.h"

#define MAXW 300
#define TAG 0x5eedULL

typedef struct {
    int w, h, kw;
    const char *rows[16]; /* '#' a wall, else '.'; NULL rows: an open grid */
    int unit;             /* every cell costs 1 */
    int gx, gy;           /* the goal */
    int blind;            /* h = 0 */
    int checked_from;     /* expand calls whose from/via were checked */
} grid;

static const int DX[4] = {1, -1, 0, 0}, DY[4] = {0, 0, 1, -1};

static int wall(const grid *G, int x, int y)
{
    if (x < 0 || y < 0 || x >= G->w || y >= G->h) return 1;
    return G->rows[0] && G->rows[y][x] == '#';
}

static int cell_cost(const grid *G, int x, int y) { return G->unit ? 1 : 1 + (x * 7 + y * 3) % 3; }

static void encode(const grid *G, int x, int y, uint64_t *s)
{
    if (G->kw == 1) {
        s[0] = (uint64_t)x | (uint64_t)y << 16;
        return;
    }
    s[0] = (uint64_t)x;
    s[1] = (uint64_t)y;
    if (G->kw == 3) s[2] = TAG;
}

static void decode(const grid *G, const uint64_t *s, int *x, int *y)
{
    if (G->kw == 1) {
        *x = (int)(s[0] & 0xffff);
        *y = (int)(s[0] >> 16);
        return;
    }
    *x = (int)s[0];
    *y = (int)s[1];
    if (G->kw == 3) assert_true(s[2] == TAG);
}

static int grid_expand(void *ctx, const uint64_t *s, const uint64_t *from, const gl_move *via, gl_succ *out)
{
    grid *G = ctx;
    int x, y, n = 0;
    decode(G, s, &x, &y);
    assert_true((from == NULL) == (via == NULL));
    if (from) {
        /* the state this one was reached from, and the move that did it */
        int fx, fy;
        decode(G, from, &fx, &fy);
        assert_int_equal(fx + DX[via->a], x);
        assert_int_equal(fy + DY[via->a], y);
        G->checked_from++;
    }
    for (int d = 0; d < 4; d++) {
        int nx = x + DX[d], ny = y + DY[d];
        if (wall(G, nx, ny)) continue;
        encode(G, nx, ny, out->state + (size_t)n * G->kw);
        out->cost[n] = cell_cost(G, nx, ny);
        out->mv[n] = (gl_move){d, 0, 0};
        n++;
    }
    return n;
}

static int grid_h(void *ctx, const uint64_t *s)
{
    const grid *G = ctx;
    int x, y;
    decode(G, s, &x, &y);
    return G->blind ? 0 : abs(x - G->gx) + abs(y - G->gy);
}

static int grid_goal(void *ctx, const uint64_t *s)
{
    const grid *G = ctx;
    int x, y;
    decode(G, s, &x, &y);
    return x == G->gx && y == G->gy;
}

static gl_search_problem problem(grid *G)
{
    gl_search_problem p = {.ctx = G, .kw = G->kw, .max_succ = 4, .expand = grid_expand, .h = grid_h, .is_goal = grid_goal};
    return p;
}

/* The optimal cost from (sx, sy) to the goal (Dijkstra, O(cells^2)), and
 * the fewest moves (the same with unit costs); -1 when unreachable. */
static int dijkstra(const grid *G, int sx, int sy, int unit)
{
    int n = G->w * G->h;
    int *dist = malloc((size_t)n * sizeof *dist);
    char *done = calloc((size_t)n, 1);
    for (int i = 0; i < n; i++) dist[i] = -1;
    dist[sy * G->w + sx] = 0;
    for (;;) {
        int best = -1;
        for (int i = 0; i < n; i++)
            if (!done[i] && dist[i] >= 0 && (best < 0 || dist[i] < dist[best])) best = i;
        if (best < 0) break;
        done[best] = 1;
        int x = best % G->w, y = best / G->w;
        for (int d = 0; d < 4; d++) {
            int nx = x + DX[d], ny = y + DY[d];
            if (wall(G, nx, ny)) continue;
            int j = ny * G->w + nx, c = dist[best] + (unit ? 1 : cell_cost(G, nx, ny));
            if (dist[j] < 0 || c < dist[j]) dist[j] = c;
        }
    }
    int r = dist[G->gy * G->w + G->gx];
    free(dist);
    free(done);
    return r;
}

/* The moves replay from (sx, sy) through free cells to the goal, at the
 * cost the solution says. */
static void check_replay(const grid *G, int sx, int sy, const gl_solution *s)
{
    int x = sx, y = sy;
    long long cost = 0;
    for (int i = 0; i < s->nmoves; i++) {
        int d = s->moves[i].a;
        assert_true(d >= 0 && d < 4);
        x += DX[d];
        y += DY[d];
        assert_false(wall(G, x, y));
        cost += cell_cost(G, x, y);
    }
    assert_int_equal(x, G->gx);
    assert_int_equal(y, G->gy);
    assert_int_equal(cost, s->cost);
}

static const char *MAZE[8] = {
    "............",
    ".####.#####.",
    ".#....#...#.",
    ".#.####.#.#.",
    ".#......#.#.",
    ".######.#.#.",
    "........#...",
    "#.#######.#.",
};

static grid maze(int kw)
{
    grid G;
    memset(&G, 0, sizeof G);
    G.w = 12;
    G.h = 8;
    G.kw = kw;
    memcpy(G.rows, MAZE, sizeof MAZE);
    G.gx = 9;
    G.gy = 4;
    return G;
}

/* A grid with no walls, the goal in the corner opposite the start's. */
static grid open_grid(int w, int h, int kw, int unit)
{
    grid G;
    memset(&G, 0, sizeof G);
    G.w = w;
    G.h = h;
    G.kw = kw;
    G.unit = unit;
    G.gx = w - 1;
    G.gy = h - 1;
    return G;
}

typedef int (*kernel_fn)(const gl_search_problem *, const uint64_t *, gl_meter *, gl_solution *, gl_error *);

static int run_astar(const gl_search_problem *p, const uint64_t *s, gl_meter *m, gl_solution *o, gl_error *e)
{
    return gl_bestfirst(p, s, GL_BF_ASTAR, m, o, e);
}
static int run_ucs(const gl_search_problem *p, const uint64_t *s, gl_meter *m, gl_solution *o, gl_error *e)
{
    return gl_bestfirst(p, s, GL_BF_UCS, m, o, e);
}
static int run_bfs(const gl_search_problem *p, const uint64_t *s, gl_meter *m, gl_solution *o, gl_error *e)
{
    return gl_bestfirst(p, s, GL_BF_BFS, m, o, e);
}
static int run_greedy(const gl_search_problem *p, const uint64_t *s, gl_meter *m, gl_solution *o, gl_error *e)
{
    return gl_bestfirst(p, s, GL_BF_GREEDY, m, o, e);
}

/* Runs a kernel from (sx, sy) under lim; the meter holds nothing of the
 * kernel's when it returns. */
static void run(kernel_fn k, grid *G, const gl_search_problem *p, int sx, int sy, const gl_limits *lim,
                gl_solution *s)
{
    uint64_t start[3];
    encode(G, sx, sy, start);
    gl_meter m;
    gl_meter_start(&m, lim);
    gl_error err = {0};
    gl_solution_init(s);
    assert_int_equal(k(p, start, &m, s, &err), 0);
    assert_int_equal(m.bytes, 0); /* every byte the kernel charged is given back */
    s->peak_bytes = m.peak;
    gl_meter_end(&m);
}

static void test_optimal_costs(void **state)
{
    (void)state;
    const int starts[][2] = {{0, 0}, {11, 0}, {0, 6}, {2, 2}, {3, 4}, {9, 4}, {11, 7}};
    for (int kw = 1; kw <= 3; kw++) {
        grid G = maze(kw);
        for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
            int sx = starts[i][0], sy = starts[i][1];
            int opt = dijkstra(&G, sx, sy, 0), fewest = dijkstra(&G, sx, sy, 1);
            assert_true(opt >= 0);
            kernel_fn optimal[] = {run_astar, run_ucs, gl_ida};
            for (int k = 0; k < 3; k++) {
                gl_search_problem p = problem(&G);
                p.tt_bits = k == 2 && kw == 2 ? 12 : 0; /* IDA* with and without its table */
                gl_solution s;
                run(optimal[k], &G, &p, sx, sy, NULL, &s);
                assert_true(s.solved && s.optimal);
                assert_null(s.stopped);
                assert_int_equal(s.cost, opt);
                check_replay(&G, sx, sy, &s);
                gl_solution_free(&s);
            }
            gl_search_problem p = problem(&G);
            gl_solution s;
            run(run_bfs, &G, &p, sx, sy, NULL, &s);
            assert_true(s.solved);
            assert_int_equal(s.nmoves, fewest);
            check_replay(&G, sx, sy, &s);
            gl_solution_free(&s);
            run(run_greedy, &G, &p, sx, sy, NULL, &s);
            assert_true(s.solved);
            assert_false(s.optimal);
            assert_true(s.cost >= opt);
            check_replay(&G, sx, sy, &s);
            gl_solution_free(&s);
        }
    }
}

/* Where the node counts are known: on an open grid with unit costs the
 * Manhattan distance is exact, so A* (deepest first among equal f) and
 * IDA* expand just the d nodes of one shortest path before the goal;
 * corner to corner, uniform cost and breadth-first search expand every
 * cell but the goal (the one farthest away). */
static void test_node_counts(void **state)
{
    (void)state;
    for (int kw = 1; kw <= 3; kw++) {
        grid G = open_grid(9, 6, kw, 1);
        gl_search_problem p = problem(&G);
        gl_solution s;
        run(run_astar, &G, &p, 0, 0, NULL, &s);
        assert_int_equal(s.cost, 13);
        assert_int_equal(s.nodes, 13);
        gl_solution_free(&s);
        run(gl_ida, &G, &p, 0, 0, NULL, &s);
        assert_int_equal(s.cost, 13);
        assert_int_equal(s.nodes, 13);
        gl_solution_free(&s);
        run(run_ucs, &G, &p, 0, 0, NULL, &s);
        assert_int_equal(s.cost, 13);
        assert_int_equal(s.nodes, 9 * 6 - 1);
        gl_solution_free(&s);
        run(run_bfs, &G, &p, 0, 0, NULL, &s);
        assert_int_equal(s.nmoves, 13);
        assert_int_equal(s.nodes, 9 * 6 - 1);
        gl_solution_free(&s);
        /* IDA* with no heuristic along a corridor of 5 cells, start at
         * one end, goal at the other: the iteration with bound b < 4
         * expands cells 0..b (b + 1 nodes: never back to the parent), the
         * last one cells 0..3 before it reaches the goal: 1+2+3+4 + 4 */
        grid C = open_grid(5, 1, kw, 1);
        C.blind = 1;
        gl_search_problem pc = problem(&C);
        run(gl_ida, &C, &pc, 0, 0, NULL, &s);
        assert_int_equal(s.cost, 4);
        assert_int_equal(s.nodes, 14);
        gl_solution_free(&s);
    }
}

/* IDA* hands expand the state a node came from and the move (checked in
 * grid_expand), and never goes straight back to it. */
static void test_ida_route(void **state)
{
    (void)state;
    grid G = maze(2);
    gl_search_problem p = problem(&G);
    gl_solution s;
    run(gl_ida, &G, &p, 0, 0, NULL, &s);
    assert_true(s.solved);
    assert_true(G.checked_from > 0);
    for (int i = 1; i < s.nmoves; i++) assert_int_not_equal(s.moves[i].a ^ 1, s.moves[i - 1].a);
    gl_solution_free(&s);
}

/* order_f: successors tried by cost + h, ties in expand's order; without
 * it, in expand's order (E, W, S, N here).  The moves into the root's
 * children are logged per iteration (an expansion of the root starts
 * one) and checked against the order each way asks for.  The start lies
 * in a corridor whose shortest cycle costs more than the way to the goal,
 * so no bound ever takes a path back through it. */
typedef struct {
    grid G;
    uint64_t root[3];
    int log[4096], nlog;
} logged;

static int grid_expand_h(void *ctx, const uint64_t *s, const uint64_t *from, const gl_move *via, gl_succ *out)
{
    logged *L = ctx;
    int n = grid_expand(&L->G, s, from, via, out);
    for (int i = 0; i < n; i++) out->h[i] = grid_h(&L->G, out->state + (size_t)i * L->G.kw);
    if (L->nlog < 4096 && !from) L->log[L->nlog++] = -1;
    if (L->nlog < 4096 && from && memcmp(from, L->root, (size_t)L->G.kw * 8) == 0) L->log[L->nlog++] = via->a;
    return n;
}

static void test_ida_order(void **state)
{
    (void)state;
    for (int kw = 1; kw <= 2; kw++) {
        for (int ordered = 0; ordered <= 1; ordered++) {
            logged L;
            memset(&L, 0, sizeof L);
            L.G = maze(kw);
            L.G.gx = 11;
            L.G.gy = 7;
            const int sx = 3, sy = 4;
            encode(&L.G, sx, sy, L.root);
            gl_search_problem p = problem(&L.G);
            p.ctx = &L;
            p.expand = grid_expand_h;
            p.succ_h = 1;
            p.order_f = ordered;
            gl_solution s;
            run(gl_ida, &L.G, &p, sx, sy, NULL, &s);
            assert_true(s.solved && s.optimal);
            assert_int_equal(s.cost, dijkstra(&L.G, sx, sy, 0));
            check_replay(&L.G, sx, sy, &s);
            assert_true(L.nlog > 4 && L.nlog < 4096);
            int iterations = 0;
            for (int i = 0; i < L.nlog; i++) {
                if (L.log[i] < 0) {
                    iterations++;
                    continue;
                }
                if (i == 0 || L.log[i - 1] < 0) continue;
                int a = L.log[i - 1], b = L.log[i];
                int fa = cell_cost(&L.G, sx + DX[a], sy + DY[a]) + abs(sx + DX[a] - L.G.gx) + abs(sy + DY[a] - L.G.gy);
                int fb = cell_cost(&L.G, sx + DX[b], sy + DY[b]) + abs(sx + DX[b] - L.G.gx) + abs(sy + DY[b] - L.G.gy);
                if (ordered) assert_true(fa < fb || (fa == fb && a < b));
                else assert_true(a < b);
            }
            assert_true(iterations > 1);
            gl_solution_free(&s);
        }
    }
}

/* An unreachable goal: each best-first mode searches everything and
 * proves it.  (IDA* keeps no closed set: on a graph with cycles its
 * bound grows for ever, and only its limits end it.) */
static void test_unreachable(void **state)
{
    (void)state;
    grid G = maze(2);
    G.gx = 0;
    G.gy = 7; /* walled in */
    gl_search_problem p = problem(&G);
    kernel_fn all[] = {run_astar, run_ucs, run_bfs, run_greedy};
    for (int k = 0; k < 4; k++) {
        gl_solution s;
        run(all[k], &G, &p, 0, 0, NULL, &s);
        assert_false(s.solved);
        assert_true(s.optimal);
        assert_null(s.stopped);
        gl_solution_free(&s);
    }
}

/* Ctrl-C, a time limit and a memory budget stop every kernel: stopped says
 * why, nothing is claimed, no moves are given, the budget is never passed
 * and every byte comes back. */
static void test_limits(void **state)
{
    (void)state;
    grid G = open_grid(MAXW, MAXW, 2, 0);
    gl_search_problem p = problem(&G);
    kernel_fn all[] = {run_astar, run_ucs, run_bfs, run_greedy, gl_ida};
    for (int k = 0; k < 5; k++) {
        volatile sig_atomic_t flag = 1;
        gl_limits lim = {0, 0, &flag, NULL};
        gl_solution s;
        run(all[k], &G, &p, 0, 0, &lim, &s);
        assert_false(s.solved);
        assert_false(s.optimal);
        assert_string_equal(s.stopped, "interrupted");
        assert_int_equal(s.nmoves, 0);
        assert_true(s.nodes < 2);
        gl_solution_free(&s);

        gl_budget budget;
        gl_budget_init(&budget, 4096);
        gl_limits mem = {0, 0, NULL, &budget};
        run(all[k], &G, &p, 0, 0, &mem, &s);
        assert_false(s.solved);
        assert_false(s.optimal);
        assert_string_equal(s.stopped, "memory limit");
        assert_int_equal(s.nmoves, 0);
        assert_true(budget.peak <= budget.cap);
        assert_int_equal(gl_budget_used(&budget), 0);
        gl_solution_free(&s);
    }
    G.blind = 1; /* IDA* blind on a wide grid: far more than 30 ms of work */
    gl_limits quick = {30, 0, NULL, NULL};
    gl_solution s;
    uint64_t t0 = gl_now_ns();
    run(gl_ida, &G, &p, 0, 0, &quick, &s);
    assert_true(gl_ms_since(t0) < 2000);
    assert_false(s.solved);
    assert_false(s.optimal);
    assert_string_equal(s.stopped, "time limit");
    gl_solution_free(&s);
    /* a table of 2^20 entries does not fit 64 KiB: IDA* takes a smaller
     * one and still solves */
    grid M = maze(1);
    p = problem(&M);
    p.tt_bits = 20;
    gl_budget budget;
    gl_budget_init(&budget, 64 << 10);
    gl_limits mem = {0, 0, NULL, &budget};
    run(gl_ida, &M, &p, 0, 0, &mem, &s);
    assert_true(s.solved && s.optimal);
    assert_int_equal(s.cost, dijkstra(&M, 0, 0, 0));
    assert_true(s.peak_bytes > 16 << 10 && s.peak_bytes <= budget.cap);
    assert_int_equal(gl_budget_used(&budget), 0);
    gl_solution_free(&s);
}

/* ------------------------------------------------------------- beam */

typedef struct {
    grid *G;
    gl_meter *m;
    int rank_later;       /* f and tie set in the rank pass */
    size_t keeps, expected_to;
    size_t advanced;
} walk;

static int walk_expand(void *ctx, gl_beam *B, size_t i)
{
    walk *W = ctx;
    grid *G = W->G;
    if (gl_meter_tick(W->m, 1)) return -1;
    int x, y;
    decode(G, gl_beam_key(B, i), &x, &y);
    long long g = gl_beam_g(B, i);
    for (int d = 0; d < 4; d++) {
        int nx = x + DX[d], ny = y + DY[d];
        if (wall(G, nx, ny)) continue;
        long long g2 = g + cell_cost(G, nx, ny);
        if (nx == G->gx && ny == G->gy) {
            gl_beam_finish(B, g2, d);
            continue;
        }
        /* what cannot beat the best finish is dropped (or the beam walks
         * for ever) */
        long long f = g2 + abs(nx - G->gx) + abs(ny - G->gy);
        if (B->has_best && f >= B->best_g) continue;
        uint64_t key[3];
        encode(G, nx, ny, key);
        if (gl_beam_seen(B, key, g2, d)) continue;
        if (f > gl_beam_cut(B)) continue;
        if (gl_beam_add(B, key, g2, W->rank_later ? 0 : f, 0, 0, d) != 0) return -1;
    }
    return 0;
}

static int walk_rank(void *ctx, gl_beam *B, gl_beam_cand *c)
{
    const walk *W = ctx;
    int x, y;
    decode(W->G, B->cand_key + (size_t)c->slot * W->G->kw, &x, &y);
    c->f = c->g + abs(x - W->G->gx) + abs(y - W->G->gy);
    return 0;
}

static int walk_keep(void *ctx, gl_beam *B, const gl_beam_cand *c, size_t from, size_t to)
{
    walk *W = ctx;
    assert_true(from < B->layer_n);
    assert_int_equal(c->parent, B->layer_base + from);
    assert_int_equal(to, W->expected_to++);
    W->keeps++;
    return 0;
}

static void walk_advance(void *ctx, size_t n)
{
    walk *W = ctx;
    assert_int_equal(n, W->expected_to);
    W->expected_to = 0;
    W->advanced += n;
}

/* Runs a beam from (sx, sy); returns gl_beam_search's answer and leaves
 * the best cost (or -1) and the route checked. */
static int beam_run(grid *G, int sx, int sy, size_t width, int f_max, int depth, int later, const gl_limits *lim,
                    long long *best, walk *W)
{
    gl_meter m;
    gl_meter_start(&m, lim);
    memset(W, 0, sizeof *W);
    W->G = G;
    W->m = &m;
    W->rank_later = later;
    gl_beam_problem bp = {.ctx = W, .kw = G->kw, .width = width, .max_depth = depth, .f_max = f_max,
                          .expand = walk_expand};
    if (later) {
        bp.rank = walk_rank;
        bp.keep = walk_keep;
        bp.advance = walk_advance;
    }
    gl_beam B;
    gl_beam_init(&B, &bp, &m);
    uint64_t root[3];
    encode(G, sx, sy, root);
    int rc = gl_beam_search(&B, root, 0, 0);
    *best = -1;
    if (B.has_best) {
        int moves[256];
        int n = gl_beam_best_route(&B, moves, 256);
        assert_true(n > 0 && n <= 256);
        gl_solution s;
        gl_solution_init(&s);
        for (int i = 0; i < n; i++) gl_solution_push(&s, (gl_move){moves[i], 0, 0});
        s.cost = B.best_g;
        check_replay(G, sx, sy, &s);
        gl_solution_free(&s);
        *best = B.best_g;
    }
    if (rc != 0) {
        assert_non_null(m.stopped);
        assert_true(B.layer_n > 0); /* the last whole layer stays */
    }
    gl_beam_free(&B);
    assert_int_equal(m.bytes, 0);
    gl_meter_end(&m);
    return rc;
}

static void test_beam(void **state)
{
    (void)state;
    const int starts[][2] = {{0, 0}, {0, 6}, {11, 7}, {3, 4}};
    for (int kw = 1; kw <= 3; kw++) {
        grid G = maze(kw);
        for (size_t i = 0; i < sizeof starts / sizeof *starts; i++) {
            int sx = starts[i][0], sy = starts[i][1], opt = dijkstra(&G, sx, sy, 0);
            long long best;
            walk W;
            /* wider than the grid: every cell is kept, the merge keeps the
             * cheaper route to each, so the best finish is optimal */
            assert_int_equal(beam_run(&G, sx, sy, 200, 0, 0, 0, NULL, &best, &W), 0);
            assert_int_equal(best, opt);
            /* the cut changes no answer */
            assert_int_equal(beam_run(&G, sx, sy, 200, 1000, 0, 0, NULL, &best, &W), 0);
            assert_int_equal(best, opt);
            /* ranked later, and with the keep and advance passes */
            assert_int_equal(beam_run(&G, sx, sy, 200, 0, 0, 1, NULL, &best, &W), 0);
            assert_int_equal(best, opt);
            assert_true(W.keeps > 0 && W.advanced == W.keeps);
        }
        /* one wide on an open grid of unit costs: every step that nears
         * the goal has the smallest f, so the walk goes straight there */
        grid O = open_grid(9, 6, kw, 1);
        long long one;
        walk W1;
        assert_int_equal(beam_run(&O, 1, 0, 1, 0, 0, 0, NULL, &one, &W1), 0);
        assert_int_equal(one, 7 + 5);
        /* at most 3 layers of children: a goal farther away is not met */
        long long best;
        walk W;
        assert_int_equal(beam_run(&G, 0, 0, 200, 0, 3, 1, NULL, &best, &W), 0);
        assert_int_equal(best, -1);
        assert_int_equal(beam_run(&G, 9, 2, 200, 0, 3, 1, NULL, &best, &W), 0);
        assert_int_equal(best, cell_cost(&G, 9, 3) + cell_cost(&G, 9, 4));
    }
}

static void test_beam_limits(void **state)
{
    (void)state;
    grid G = open_grid(MAXW, MAXW, 2, 0);
    long long best;
    walk W;
    volatile sig_atomic_t flag = 1;
    gl_limits lim = {0, 0, &flag, NULL};
    assert_int_equal(beam_run(&G, 0, 0, 1000, 0, 0, 0, &lim, &best, &W), -1);
    assert_int_equal(best, -1);
    gl_budget budget;
    gl_budget_init(&budget, 64 << 10);
    gl_limits mem = {0, 0, NULL, &budget};
    assert_int_equal(beam_run(&G, 0, 0, 1000, 0, 0, 1, &mem, &best, &W), -1);
    assert_true(budget.peak <= budget.cap);
    assert_int_equal(gl_budget_used(&budget), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_optimal_costs), cmocka_unit_test(test_node_counts),
        cmocka_unit_test(test_ida_route),     cmocka_unit_test(test_ida_order),
        cmocka_unit_test(test_unreachable),   cmocka_unit_test(test_limits),
        cmocka_unit_test(test_beam),          cmocka_unit_test(test_beam_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
