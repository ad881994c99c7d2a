/* Flood-It: groups as the seed numbers them, the rules, the text format and
 * its errors, and every solver.  Each solution is replayed on the board and
 * must flood it in exactly the moves reported; optimal lengths are checked
 * against an exhaustive search on small boards and against the shared
 * files on a sample of the public sets. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/flood/flood.h"
#include "games/flood/flood_kern.h"
#include "flood/boards.h"

static gl_board *parse(const char *text, gl_error *err)
{
    const gl_game *g = NULL;
    return gl_board_parse_text(text, strlen(text), "t.txt", &g, err);
}

static void solve_threads(const gl_board *b, const char *algo, double limit_ms, int threads, gl_solution *s)
{
    gl_error err = {0};
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.limit_ms = limit_ms;
    gl_kvlist opts;
    gl_kv_init(&opts);
    char t[16];
    snprintf(t, sizeof t, "%d", threads);
    if (threads > 1) gl_kv_add(&opts, "threads", t, 0);
    o.opts = &opts;
    gl_solution_init(s);
    const gl_solver *sv = gl_game_solver(&gl_game_flood, algo);
    assert_non_null(sv);
    assert_int_equal(sv->solve(b, &o, s, &err), 0);
    assert_true(s->solved);
    check_replay(b, s);
    gl_kv_free(&opts);
}

static void solve(const gl_board *b, const char *algo, double limit_ms, gl_solution *s)
{
    solve_threads(b, algo, limit_ms, 1, s);
}

/* Under an emulator (GL_EMULATED set: the arm64 pass under qemu), the
 * searches compared with breadth-first search take every fourth board: the
 * same code on every path, and the kernels are compared whole. */
static int emulated_step(void) { return getenv("GL_EMULATED") ? 4 : 1; }

static void test_groups_row_major(void **state)
{
    (void)state;
    gl_error err = {0};
    gl_board *b = parse("flood size=4x3 colors=3\n0011\n0211\n2220\n", &err);
    assert_non_null(b);
    flood_graph g;
    assert_int_equal(flood_graph_build(&g, (const flood_board *)b), 0);
    /* groups: 1 = the 0s top-left, 2 = the 1s, 3 = the 2s, 4 = the last 0 */
    const int expect[12] = {0, 0, 1, 1, 0, 2, 1, 1, 2, 2, 2, 3};
    for (int i = 0; i < 12; i++) assert_int_equal(g.group[i], expect[i]);
    assert_int_equal(g.n, 4);
    assert_int_equal(g.size[2], 4);
    assert_true(gl_bits_test(g.adj + 0 * g.kw, 1));
    assert_true(gl_bits_test(g.adj + 0 * g.kw, 2));
    assert_false(gl_bits_test(g.adj + 0 * g.kw, 3));
    assert_true(gl_bits_test(g.adj + 3 * g.kw, 2));
    gl_strbuf sb = GL_STRBUF_INIT;
    flood_render_groups((const flood_board *)b, &sb, 0);
    assert_non_null(strstr(gl_sb_str(&sb), "1/0 1/0 2/1 2/1\n1/0 3/2 2/1 2/1\n3/2 3/2 3/2 4/0\n"));
    gl_sb_free(&sb);
    flood_graph_free(&g);
    gl_game_flood.destroy(b);
}

static void test_rules_and_status(void **state)
{
    (void)state;
    const gl_game *G = &gl_game_flood;
    gl_error err = {0};
    gl_board *b = parse("flood size=3x2 colors=3 moves=2\n011\n221\n", &err);
    assert_non_null(b);
    assert_int_equal(G->status(b), GL_PLAYING);
    gl_move m;
    assert_int_equal(G->parse_move(b, "0", &m, &err), 0);
    assert_int_equal(G->apply(b, &m, NULL, &err), -1); /* the region's own colour */
    assert_int_equal(G->parse_move(b, "3", &m, &err), -1); /* not a colour of this board */
    assert_int_equal(G->parse_move(b, "1", &m, &err), 0);
    assert_int_equal(G->apply(b, &m, NULL, &err), 0);
    assert_int_equal(G->status(b), GL_PLAYING);
    /* a move that gains nothing is legal and uses up the limit: lost */
    assert_int_equal(G->parse_move(b, "0", &m, &err), 0);
    assert_int_equal(G->apply(b, &m, NULL, &err), 0);
    assert_int_equal(G->status(b), GL_LOST);
    assert_int_equal(G->apply(b, &m, NULL, &err), -1);
    gl_move lm[8];
    assert_int_equal(G->legal_moves(b, lm, 8), 0);
    /* the save keeps the moves played, so it is still lost */
    gl_strbuf sb = GL_STRBUF_INIT;
    G->format(b, &sb);
    assert_string_equal(gl_sb_str(&sb), "flood size=3x2 colors=3 moves=2 played=2\n000\n220\n");
    gl_board *c = parse(gl_sb_str(&sb), &err);
    assert_non_null(c);
    assert_int_equal(G->status(c), GL_LOST);
    G->destroy(c);
    gl_sb_free(&sb);
    G->destroy(b);

    b = parse("flood size=3x2 colors=3\n011\n221\n", &err);
    assert_int_equal(G->parse_move(b, "1", &m, &err), 0);
    G->apply(b, &m, NULL, &err);
    assert_int_equal(G->parse_move(b, "2", &m, &err), 0);
    G->apply(b, &m, NULL, &err);
    assert_int_equal(G->status(b), GL_WON);
    G->destroy(b);

    /* centre start: cell (H/2, W/2) */
    b = parse("flood size=3x3 colors=2 start=center\n000\n010\n000\n", &err);
    assert_non_null(b);
    assert_int_equal(flood_region_colour((const flood_board *)b), 1);
    G->destroy(b);
}

static void expect_error(const char *text, const char *what)
{
    gl_error err = {0};
    gl_board *b = parse(text, &err);
    if (b) gl_game_flood.destroy(b);
    assert_null(b);
    if (!strstr(err.msg, what)) fail_msg("error '%s' lacks '%s'", err.msg, what);
}

static void test_parse_errors(void **state)
{
    (void)state;
    expect_error("flood size=3x2 colors=3\n01A\n221\n", "t.txt:2: column 3: unknown symbol 'A'");
    expect_error("flood size=3x2 colors=3\n01x\n221\n", "t.txt:2: column 3: colour 'x'");
    expect_error("flood size=3x2 colors=3\n01!\n221\n", "t.txt:2:");
    expect_error("flood size=3x2 colors=2\n012\n221\n", "t.txt:2: column 3: colour '2'");
    expect_error("flood size=3x2 colors=3\n0121\n221\n", "t.txt:2: row of 4 cells");
    expect_error("flood size=3x2 colors=3\n012\n22\n", "t.txt:3: row of 2 cells");
    expect_error("flood size=3x2 colors=3\n012\n221\n000\n", "t.txt:4:");
    expect_error("flood size=3x2 colors=3\n012\n", "t.txt:");
    expect_error("flood size=3x2 colors=3 speed=2\n012\n221\n", "speed");
    expect_error("flood size=3x2 colors=37\n012\n221\n", "colors");
    expect_error("flood size=31x2 colors=3\n012\n221\n", "size");
    expect_error("flood size=3x31 colors=3\n012\n221\n", "size");
    expect_error("flood size=3x2 colors=3 start=middle\n012\n221\n", "start");
    expect_error("", "t.txt");
    expect_error("flood size=3x2 colors=3 moves=-1\n012\n221\n", "moves");
}

static void test_generator(void **state)
{
    (void)state;
    const gl_game *G = &gl_game_flood;
    gl_error err = {0};
    gl_kvlist p;
    gl_kv_init(&p);
    gl_kv_add(&p, "size", "10x8", 0);
    gl_kv_add(&p, "colors", "5", 0);
    gl_kv_add(&p, "difficulty", "easy", 0);
    gl_rng r1, r2;
    gl_rng_seed(&r1, 7);
    gl_rng_seed(&r2, 7);
    gl_board *a = G->create(&p, &r1, &err);
    gl_board *b = G->create(&p, &r2, &err);
    assert_int_equal(gl_kv_check_used(&p, &err), 0);
    assert_non_null(a);
    assert_non_null(b);
    const flood_board *fa = (const flood_board *)a;
    assert_memory_equal(fa->cell, ((const flood_board *)b)->cell, 80);
    for (int i = 0; i < 80; i++) assert_true(fa->cell[i] < 5);
    /* easy: the greedy count plus 5 */
    assert_int_equal(fa->limit, flood_greedy_count(fa, 3) + 5);
    gl_solution s;
    solve(a, "greedy", 0, &s);
    assert_int_equal(fa->limit, s.nmoves + 5);
    gl_solution_free(&s);
    G->destroy(a);
    G->destroy(b);
    gl_kv_free(&p);
}

/* The fewest moves by exhaustive iterative deepening on the cells. */
static int dfs(const flood_board *b, int depth)
{
    if (flood_is_won(b)) return 1;
    if (depth == 0) return 0;
    int rc = flood_region_colour(b);
    for (int c = 0; c < b->ncolors; c++) {
        if (c == rc) continue;
        flood_board n = *b;
        flood_fill(&n, c);
        if (dfs(&n, depth - 1)) return 1;
    }
    return 0;
}

static int brute_force(const flood_board *b)
{
    for (int d = 0;; d++)
        if (dfs(b, d)) return d;
}

static void test_optimal_small_boards(void **state)
{
    (void)state;
    const gl_game *G = &gl_game_flood;
    gl_error err = {0};
    for (int seed = 1; seed <= 24; seed++) {
        gl_kvlist p;
        gl_kv_init(&p);
        char size[16], colors[8];
        snprintf(size, sizeof size, "%dx%d", 3 + seed % 3, 3 + (seed / 3) % 2);
        snprintf(colors, sizeof colors, "%d", 2 + seed % 3);
        gl_kv_add(&p, "size", size, 0);
        gl_kv_add(&p, "colors", colors, 0);
        gl_kv_add(&p, "start", seed % 2 ? "corner" : "center", 0);
        gl_rng r;
        gl_rng_seed(&r, (uint64_t)seed);
        gl_board *b = G->create(&p, &r, &err);
        assert_non_null(b);
        int best = brute_force((const flood_board *)b);
        gl_solution a, i, gr, be;
        solve(b, "astar", 0, &a);
        solve(b, "ida", 0, &i);
        solve(b, "greedy", 0, &gr);
        solve(b, "beam", 0, &be);
        assert_int_equal(a.nmoves, best);
        assert_true(a.optimal);
        assert_int_equal(i.nmoves, best);
        assert_true(i.optimal);
        assert_true(gr.nmoves >= best);
        assert_true(!gr.optimal || gr.nmoves == 0);
        assert_true(be.nmoves >= best);
        gl_solution_free(&a);
        gl_solution_free(&i);
        gl_solution_free(&gr);
        gl_solution_free(&be);
        G->destroy(b);
        gl_kv_free(&p);
    }
}

/* The fewest moves by breadth-first search over flooded group sets (at
 * most 64 groups: one word), with no pruning, closure or bound at all: the
 * reference the A* prunings and bound are checked against. */
static int bfs_moves(const flood_board *b)
{
    flood_graph g;
    assert_int_equal(flood_graph_build(&g, b), 0);
    assert_true(g.n <= 64);
    uint64_t full = g.all[0];
    size_t cap = 1 << 12, n = 0;
    uint64_t *seen = calloc(cap, sizeof *seen); /* open addressing; 0 is empty (F is never 0) */
    uint64_t *cur = malloc(sizeof *cur), *next = NULL;
    assert_non_null(seen);
    assert_non_null(cur);
    size_t ncur = 1, nnext = 0;
    cur[0] = 1ULL << g.start;
    int d = 0;
    for (;; d++) {
        for (size_t i = 0; i < ncur; i++)
            if (cur[i] == full) goto out;
        next = malloc((ncur * (size_t)g.ncolors + 1) * sizeof *next);
        assert_non_null(next);
        nnext = 0;
        for (size_t i = 0; i < ncur; i++) {
            uint64_t F = cur[i], fr = 0;
            for (int k = 0; k < g.n; k++)
                if (F >> k & 1) fr |= g.adj[k];
            fr &= ~F;
            for (int c = 0; c < g.ncolors; c++) {
                uint64_t X = fr & g.colmask[c];
                if (!X) continue;
                uint64_t F2 = F | X;
                if ((n + 1) * 2 > cap) {
                    size_t nc = cap * 2;
                    uint64_t *t = calloc(nc, sizeof *t);
                    assert_non_null(t);
                    for (size_t j = 0; j < cap; j++) {
                        if (!seen[j]) continue;
                        size_t h = gl_hash_u64(seen[j]) & (nc - 1);
                        while (t[h]) h = (h + 1) & (nc - 1);
                        t[h] = seen[j];
                    }
                    free(seen);
                    seen = t;
                    cap = nc;
                }
                size_t h = gl_hash_u64(F2) & (cap - 1);
                while (seen[h] && seen[h] != F2) h = (h + 1) & (cap - 1);
                if (seen[h]) continue;
                seen[h] = F2;
                n++;
                next[nnext++] = F2;
            }
        }
        free(cur);
        cur = next;
        ncur = nnext;
        assert_true(ncur > 0);
    }
out:
    free(cur);
    free(seen);
    flood_graph_free(&g);
    return d;
}

/* A* (swap rule, dead moves, closure, bound) and IDA* (order rule) against
 * the plain breadth-first search on many small random boards, corner and
 * centre starts: 400 boards of 3x3 to 7x6 with 2..6 colours, then 400 of
 * 4x4 to 8x6 with 4..8 colours (those of more than 64 groups skipped). */
static void test_optimal_vs_bfs(void **state)
{
    (void)state;
    const gl_game *G = &gl_game_flood;
    gl_error err = {0};
    for (int seed = 1; seed <= 800; seed += emulated_step()) {
        gl_kvlist p;
        gl_kv_init(&p);
        char size[16], colors[8];
        if (seed <= 400) {
            snprintf(size, sizeof size, "%dx%d", 3 + seed % 5, 3 + (seed / 5) % 4);
            snprintf(colors, sizeof colors, "%d", 2 + (seed / 20) % 5);
        } else {
            snprintf(size, sizeof size, "%dx%d", 4 + seed % 5, 4 + (seed / 5) % 3);
            snprintf(colors, sizeof colors, "%d", 4 + (seed / 15) % 5);
        }
        gl_kv_add(&p, "size", size, 0);
        gl_kv_add(&p, "colors", colors, 0);
        gl_kv_add(&p, "start", seed % 2 ? "corner" : "center", 0);
        gl_rng r;
        gl_rng_seed(&r, (uint64_t)seed * 7919);
        gl_board *b = G->create(&p, &r, &err);
        assert_non_null(b);
        flood_graph fg;
        assert_int_equal(flood_graph_build(&fg, (const flood_board *)b), 0);
        int groups = fg.n;
        flood_graph_free(&fg);
        if (groups > 64) {
            G->destroy(b);
            gl_kv_free(&p);
            continue;
        }
        int best = bfs_moves((const flood_board *)b);
        gl_solution a, i, t;
        solve(b, "astar", 0, &a);
        solve(b, "ida", 0, &i);
        /* and the parallel search, on 2 to 4 workers (every fourth board:
         * a level's end waits for every thread) */
        if (seed % 4 == 0) solve_threads(b, "astar", 0, 2 + seed % 3, &t);
        else solve(b, "astar", 0, &t);
        if (a.nmoves != best) fail_msg("board %d (%s, %s colours): astar %d, bfs %d", seed, size, colors, a.nmoves, best);
        if (t.nmoves != best)
            fail_msg("board %d (%s, %s colours): astar on %d threads %d, bfs %d", seed, size, colors, 2 + seed % 3,
                     t.nmoves, best);
        assert_true(a.optimal);
        assert_true(t.optimal);
        assert_int_equal(i.nmoves, best);
        gl_solution_free(&a);
        gl_solution_free(&i);
        gl_solution_free(&t);
        G->destroy(b);
        gl_kv_free(&p);
    }
}

/* Both bounds against exact distances: on 400 random small boards, after a
 * few random moves, the plain layered bound and the two-ring refinement
 * never exceed the plain breadth-first optimum; the refinement's cut
 * answers "above the limit?" exactly as its full value does, for every
 * limit.  The refinement must also raise the bound somewhere, or the test
 * would say nothing about it. */
static void test_bounds_admissible(void **state)
{
    (void)state;
    const gl_game *G = &gl_game_flood;
    gl_error err = {0};
    int raised = 0, checked = 0;
    for (int seed = 1; seed <= 400; seed += emulated_step()) {
        gl_kvlist p;
        gl_kv_init(&p);
        char size[16], colors[8];
        snprintf(size, sizeof size, "%dx%d", 4 + seed % 5, 4 + (seed / 5) % 4);
        snprintf(colors, sizeof colors, "%d", 3 + (seed / 20) % 4);
        gl_kv_add(&p, "size", size, 0);
        gl_kv_add(&p, "colors", colors, 0);
        gl_kv_add(&p, "start", seed % 2 ? "corner" : "center", 0);
        gl_rng r;
        gl_rng_seed(&r, (uint64_t)seed * 104729);
        gl_board *gb = G->create(&p, &r, &err);
        assert_non_null(gb);
        flood_board b = *(const flood_board *)gb;
        G->destroy(gb);
        gl_kv_free(&p);
        /* the start and the positions after each of up to three random
         * moves */
        for (int step = 0; step < 4 && !flood_is_won(&b); step++) {
            if (step) {
                int c = (int)gl_rng_below(&r, (uint64_t)b.ncolors);
                if (c != flood_region_colour(&b)) flood_fill(&b, c);
                if (flood_is_won(&b)) break;
            }
            int opt = bfs_moves(&b);
            flood_graph g;
            assert_int_equal(flood_graph_build(&g, &b), 0);
            uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX];
            int forced = flood_root(&g, F, fr, NULL);
            if (flood_is_full(&g, F)) {
                assert_int_equal(forced, opt);
                flood_graph_free(&g);
                continue;
            }
            int h = flood_h(&g, F, fr);
            /* the refinement's exact value, computed here directly from its
             * definition: 2 + min over the colours c of the second ring R2
             * of h(F + R1 + (R2 & c)), R1 the first ring */
            uint64_t S = F[0] | fr[0], R2 = 0;
            for (int k = 0; k < g.n; k++)
                if (fr[0] >> k & 1) R2 |= g.adj[k];
            R2 &= ~S;
            int two = 1 << 20;
            for (int c = 0; c < g.ncolors; c++) {
                uint64_t Y = R2 & g.colmask[c];
                if (!Y) continue;
                uint64_t F3[FLOOD_KW_MAX] = {S | Y}, fr3[FLOOD_KW_MAX];
                flood_frontier(&g, F3, fr3);
                int v = 2 + flood_h(&g, F3, fr3);
                if (v < two) two = v;
            }
            if (forced + h > opt || forced + two > opt)
                fail_msg("board %d step %d: opt %d, forced %d, bound %d, two-ring %d", seed, step, opt, forced, h,
                         two);
            /* the solver's version: above the limit whenever the
             * definition is (it may also be when a pair of branches is
             * above and the layered bound is not monotone), and then
             * still a lower bound */
            for (int limit = 0; limit <= opt + 1; limit++) {
                int cut = flood_h_two_ring(&g, F, fr, limit);
                if (two > limit) assert_true(cut > limit);
                assert_true(forced + cut <= opt);
            }
            raised += two > h;
            checked++;
            flood_graph_free(&g);
        }
    }
    assert_true(checked >= 1000 / emulated_step());
    assert_true(raised >= 50 / emulated_step());
}

/* Every path's kernels (flood_kern.h: AVX-512, AVX2, NEON, the portable
 * copies) give the numbers of the generic loops: the bound with every
 * limit, the two-ring refinement, and the children (before and after their
 * closure), at the start and along random games on boards of 1 to 8 words
 * of groups.  The paths this processor lacks fall back to narrower ones,
 * and the test says which it could not run. */
static void test_kernels_agree(void **state)
{
    (void)state;
    const gl_game *G = &gl_game_flood;
    gl_error err = {0};
    static const char *sizes[] = {"8x8", "14x14", "19x19", "22x22", "19x19", "12x20"};
    int compared = 0;
    unsigned seen = 0; /* the paths whose own kernels ran */
    for (int seed = 1; seed <= 4 * 48; seed++) {
        int path = seed % 4;
        gl_kvlist p;
        gl_kv_init(&p);
        char colors[8];
        snprintf(colors, sizeof colors, "%d", 3 + seed % 6);
        gl_kv_add(&p, "size", sizes[seed % 6], 0);
        gl_kv_add(&p, "colors", colors, 0);
        gl_kv_add(&p, "start", seed % 2 ? "corner" : "center", 0);
        gl_rng r;
        gl_rng_seed(&r, (uint64_t)seed * 7919);
        gl_board *gb = G->create(&p, &r, &err);
        assert_non_null(gb);
        flood_board b = *(const flood_board *)gb;
        G->destroy(gb);
        gl_kv_free(&p);
        flood_graph gw, gp;
        assert_int_equal(flood_graph_build_path(&gw, &b, NULL, path), 0);
        assert_int_equal(flood_graph_build_path(&gp, &b, NULL, -1), 0);
        assert_null(gp.k);
        for (int q = 0; q < 4; q++)
            if (gw.k && strcmp(gw.k->name, gl_simd_name((gl_simd)q)) == 0) seen |= 1u << q;
        int kw = gw.kw;
        uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX];
        flood_root(&gw, F, fr, NULL);
        for (int step = 0; step < 40 && !flood_is_full(&gw, F); step++) {
            int h = flood_h(&gp, F, fr);
            assert_int_equal(flood_h(&gw, F, fr), h);
            assert_int_equal(flood_cells(&gw, F), flood_cells(&gp, F));
            assert_int_equal(flood_cells(&gw, fr), flood_cells(&gp, fr));
            /* the second ring, and the groups within two steps of the
             * first, gathered here */
            flood_ring2 ring2;
            memset(&ring2, 0, sizeof ring2);
            uint64_t S[FLOOD_KW_MAX], a2[FLOOD_KW_MAX];
            flood_adj_of(&gp, fr, ring2.r2);
            flood_adj_of(&gp, ring2.r2, a2);
            for (int i = 0; i < kw; i++) {
                S[i] = F[i] | fr[i];
                ring2.n2[i] = ring2.r2[i] | a2[i];
                ring2.r2[i] &= ~S[i];
            }
            for (int limit = 0; limit <= h + 1; limit++) {
                int a = flood_h_cut(&gw, F, fr, limit), c = flood_h_cut(&gp, F, fr, limit);
                assert_int_equal(a, c);
                int two = flood_h_two_ring(&gp, F, fr, limit);
                assert_int_equal(flood_h_two_ring(&gw, F, fr, limit), two);
                flood_ring2 R2;
                int ok;
                assert_int_equal(flood_h_cut_r2(&gw, F, fr, limit, NULL, NULL, &R2, &ok), c);
                if (ok) {
                    assert_true(fset_equal(R2.r2, ring2.r2, kw));
                    assert_int_equal(flood_h_two_ring_r2(&gw, F, fr, &R2, limit), two);
                }
                assert_int_equal(flood_h_two_ring_r2(&gw, F, fr, &ring2, limit), two);
            }
            uint64_t cols = flood_frontier_colours(&gp, fr);
            assert_true(flood_frontier_colours(&gw, fr) == cols);
            flood_rings rings;
            flood_rings_of(&gw, fr, &rings);
            assert_int_equal(rings.ok, gw.k != NULL);
            int next = -1;
            for (int c = 0; c < gw.ncolors; c++) {
                if (!(cols >> c & 1)) continue;
                uint64_t Fa[FLOOD_KW_MAX], fra[FLOOD_KW_MAX], Fb[FLOOD_KW_MAX], frb[FLOOD_KW_MAX];
                int ca, cb;
                uint64_t fresh[8] __attribute__((aligned(64)));
                int fa = flood_child_step(&gw, F, fr, c, Fa, fra, &ca, fresh, &rings);
                int fb = flood_child_step(&gp, F, fr, c, Fb, frb, &cb, NULL, NULL);
                {
                    /* and without the frontier's rings */
                    uint64_t Fd[FLOOD_KW_MAX], frd[FLOOD_KW_MAX];
                    int cd;
                    assert_int_equal(flood_child_step(&gw, F, fr, c, Fd, frd, &cd, NULL, NULL), fb);
                    assert_true(fset_equal(Fd, Fb, kw) && fset_equal(frd, frb, kw));
                }
                assert_int_equal(fa, fb);
                assert_int_equal(fa, flood_move_exposes(&gp, F, fr, c));
                assert_true(fset_equal(Fa, Fb, kw) && fset_equal(fra, frb, kw));
                /* "nothing to complete" must be right */
                int played = flood_close(&gp, Fb, frb, NULL);
                if (!ca) assert_int_equal(played, 0);
                if (!played && !flood_is_full(&gp, Fa)) {
                    /* the child's bound from its parent's rings and the
                     * groups the move brought: the same value, and the
                     * same second ring */
                    uint64_t cr2[FLOOD_KW_MAX];
                    flood_adj_of(&gp, fra, cr2);
                    for (int i = 0; i < kw; i++) cr2[i] &= ~(Fa[i] | fra[i]);
                    int hc = flood_h(&gp, Fa, fra);
                    for (int limit = 0; limit <= hc + 1; limit++) {
                        flood_ring2 R2;
                        int ok;
                        int v = flood_h_cut_r2(&gw, Fa, fra, limit, &rings, fresh, &R2, &ok);
                        assert_int_equal(v, flood_h_cut(&gp, Fa, fra, limit));
                        if (ok) {
                            assert_true(fset_equal(R2.r2, cr2, kw));
                            /* and the refinement from what the bound gathered */
                            assert_int_equal(flood_h_two_ring_r2(&gw, Fa, fra, &R2, limit),
                                             flood_h_two_ring(&gp, Fa, fra, limit));
                        }
                    }
                }
                if (next < 0 || gl_rng_below(&r, 3) == 0) next = c;
                compared++;
            }
            assert_true(next >= 0);
            uint64_t F2[FLOOD_KW_MAX], fr2[FLOOD_KW_MAX];
            flood_child(&gp, F, fr, next, F2, fr2, NULL);
            memcpy(F, F2, sizeof F);
            memcpy(fr, fr2, sizeof fr);
        }
        flood_graph_free(&gw);
        flood_graph_free(&gp);
    }
    assert_true(compared >= 4000);
    for (int q = 0; q < 4; q++)
        if (!(seen >> q & 1)) print_message("no %s kernels here (this processor or build)\n", gl_simd_name((gl_simd)q));
}

/* The boards of a benchmark set (bench/data/flood) at the 0-based indices
 * in pick (ascending). */
static void shared_sample_threads(const char *set, int w, int h, int start, const int *pick, int npick,
                                  const char *algo, int threads)
{
    char path[1024], opath[1024];
    snprintf(path, sizeof path, "%s/bench/data/flood/%s.txt", GL_SOURCE_DIR, set);
    snprintf(opath, sizeof opath, "%s/bench/data/flood/%s.optimal-lengths.txt", GL_SOURCE_DIR, set);
    FILE *f = fopen(path, "r"), *fo = fopen(opath, "r");
    assert_non_null(f);
    assert_non_null(fo);
    char line[1024];
    int idx = 0, k = 0, known;
    while (k < npick && fgets(line, sizeof line, f) && fscanf(fo, "%d", &known) == 1) {
        if (idx++ != pick[k]) continue;
        k++;
        line[strcspn(line, "\r\n")] = '\0';
        flood_board b;
        gl_error err = {0};
        int len = (int)strlen(line), bw = w, bh = h;
        if (!bw) /* a square board of any size (hard99) */
            for (bw = bh = 1; bw * bw < len; bw++, bh++) {}
        assert_int_equal(flood_board_from_line(&b, line, len, bw, bh, start, &err), 0);
        gl_solution s;
        solve_threads((const gl_board *)&b, algo, 0, threads, &s);
        if (strcmp(algo, "astar") == 0 || strcmp(algo, "ida") == 0) {
            assert_true(s.optimal);
            if (s.nmoves != known) fail_msg("%s board %d: %s found %d, optimal is %d", set, idx, algo, s.nmoves, known);
        } else {
            assert_true(s.nmoves >= known);
        }
        gl_solution_free(&s);
    }
    assert_int_equal(k, npick);
    fclose(f);
    fclose(fo);
}

static void shared_sample(const char *set, int w, int h, int start, const int *pick, int npick,
                          const char *algo)
{
    shared_sample_threads(set, w, h, start, pick, npick, algo, 1);
}

/* The many-colour sets and the hard boards (bench/data/flood): quick
 * boards of each, on one thread and on two, at their published optimal
 * lengths. */
static void test_many_colour_and_hard_samples(void **state)
{
    (void)state;
    const int b12[4] = {1, 6, 12, 19}, b14[4] = {1, 5, 7, 15};
    const int hard[8] = {0, 1, 2, 3, 10, 11, 22, 24}; /* 12x12 with 6, 8 and 10 colours, 14x14 with 6 */
    for (int t = 1; t <= 2; t++) {
        shared_sample_threads("b12c12", 12, 12, FLOOD_START_CORNER, b12, 4, "astar", t);
        shared_sample_threads("b14c8", 14, 14, FLOOD_START_CORNER, b14, 4, "astar", t);
        shared_sample_threads("hard99", 0, 0, FLOOD_START_CORNER, hard, 8, "astar", t);
    }
}

/* The proved set b24c6n1000 (bench/data/flood): every shipped solution
 * floods its board in exactly its optimal length, never before its last
 * move, and no length is over the set's published upper bound. */
static void test_b24c6n1000_solutions(void **state)
{
    (void)state;
    const char *names[4] = {"txt", "solutions.txt", "optimal-lengths.txt", "potentially-optimal-lengths.txt"};
    FILE *f[4];
    for (int i = 0; i < 4; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/bench/data/flood/b24c6n1000.%s", GL_SOURCE_DIR, names[i]);
        f[i] = fopen(path, "r");
        if (!f[i]) fail_msg("%s: cannot be read", path);
    }
    char line[1024], sol[256];
    int n = 0, total = 0, len, upper;
    while (fgets(line, sizeof line, f[0])) {
        n++;
        line[strcspn(line, "\r\n")] = '\0';
        assert_non_null(fgets(sol, sizeof sol, f[1]));
        sol[strcspn(sol, "\r\n")] = '\0';
        assert_int_equal(fscanf(f[2], "%d", &len), 1);
        assert_int_equal(fscanf(f[3], "%d", &upper), 1);
        flood_board b;
        gl_error err = {0};
        assert_int_equal(flood_board_from_line(&b, line, (int)strlen(line), 24, 24, FLOOD_START_CORNER, &err), 0);
        int k = (int)strlen(sol);
        if (k != len) fail_msg("board %d: %d moves, optimal length %d", n, k, len);
        if (len > upper) fail_msg("board %d: length %d over the upper bound %d", n, len, upper);
        for (int m = 0; m < k; m++) {
            int c = flood_colour_of(sol[m]);
            if (c < 0 || c >= b.ncolors || c == flood_region_colour(&b) || flood_is_won(&b))
                fail_msg("board %d: move %d ('%c') cannot be played", n, m + 1, sol[m]);
            flood_fill(&b, c);
        }
        if (!flood_is_won(&b)) fail_msg("board %d: not flooded after its %d moves", n, k);
        total += len;
    }
    assert_int_equal(n, 1000);
    assert_null(fgets(sol, sizeof sol, f[1]));
    assert_int_equal(total, 31804);
    for (int i = 0; i < 4; i++) fclose(f[i]);
}

/* The samples are chosen to run in seconds (also under the sanitizers):
 * boards whose A* search is small; the full sets are for the benchmark. */
static void test_pc19_sample(void **state)
{
    (void)state;
    const int quick[6] = {0, 2, 7, 13, 14, 18};
    shared_sample("pc19", 14, 14, FLOOD_START_CORNER, quick, 6, "astar");
    const int easy[3] = {7, 13, 18};
    shared_sample("pc19", 14, 14, FLOOD_START_CORNER, easy, 3, "ida");
    int many[30];
    for (int i = 0; i < 30; i++) many[i] = i;
    shared_sample("pc19", 14, 14, FLOOD_START_CORNER, many, 30, "beam");
    shared_sample("pc19", 14, 14, FLOOD_START_CORNER, many, 30, "greedy");
}

static void test_floodtest_sample(void **state)
{
    (void)state;
    /* boards that run through several f levels (partial expansion
     * revisits) in tens of milliseconds */
    const int quick[5] = {4, 7, 21, 26, 34};
    shared_sample("floodtest1000", 19, 19, FLOOD_START_CENTER, quick, 5, "astar");
    const int first[3] = {0, 1, 2};
    shared_sample("floodtest1000", 19, 19, FLOOD_START_CENTER, first, 3, "beam");
}

static void test_limit_and_hint(void **state)
{
    (void)state;
    const gl_game *G = &gl_game_flood;
    gl_error err = {0};
    gl_kvlist p;
    gl_kv_init(&p);
    gl_kv_add(&p, "size", "20x20", 0);
    gl_kv_add(&p, "colors", "8", 0);
    gl_kv_add(&p, "moves", "0", 0);
    gl_rng r;
    gl_rng_seed(&r, 3);
    gl_board *big = G->create(&p, &r, &err);
    assert_non_null(big);
    gl_solution s;
    solve(big, "astar", 20, &s); /* stopped: a greedy finish, not optimal */
    assert_false(s.optimal);
    assert_non_null(s.stopped);
    gl_solution_free(&s);
    solve(big, "ida", 20, &s);
    assert_false(s.optimal);
    assert_non_null(s.stopped);
    gl_solution_free(&s);
    G->destroy(big);
    gl_kv_free(&p);

    /* the hint is the first move of an optimal solution */
    gl_board *b = parse("flood size=6x5 colors=4\n120332\n211012\n113133\n031112\n203013\n", &err);
    assert_non_null(b);
    gl_solution full;
    solve(b, "astar", 0, &full);
    assert_int_equal(full.nmoves, 7);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    gl_move m;
    gl_info info;
    gl_info_init(&info);
    assert_int_equal(G->hint(b, &o, &m, &info, &err), 1);
    const gl_info_item *opt = gl_info_find(&info, "optimal");
    assert_non_null(opt);
    assert_int_equal(opt->type, GL_INFO_BOOL);
    assert_int_equal(opt->value, 1);
    assert_int_equal(G->apply(b, &m, NULL, &err), 0);
    gl_solution rest;
    solve(b, "astar", 0, &rest);
    assert_int_equal(rest.nmoves, 6);
    gl_solution_free(&rest);
    gl_solution_free(&full);
    gl_info_free(&info);
    G->destroy(b);
}

/* Runs a solver under lim (with a beam width if not NULL); the answer is
 * whole and replayed whenever the solver says solved, empty otherwise. */
static void solve_limited(const gl_board *b, const char *algo, const char *width, const gl_limits *lim,
                          gl_solution *s)
{
    gl_error err = {0};
    gl_kvlist opts;
    gl_kv_init(&opts);
    if (width) gl_kv_add(&opts, "width", width, 0);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim = *lim;
    o.opts = &opts;
    gl_solution_init(s);
    assert_int_equal(gl_game_solver(&gl_game_flood, algo)->solve(b, &o, s, &err), 0);
    if (s->solved) check_replay(b, s);
    else assert_int_equal(s->nmoves, 0);
    gl_kv_free(&opts);
}

/* Every solver polls the interrupt flag and charges its memory to the
 * shared budget: interrupted, it still answers (not optimal); under a
 * budget it never holds more than the cap and gives all of it back; with
 * less than its graph needs it answers nothing, and says why. */
static void test_solvers_under_limits(void **state)
{
    (void)state;
    /* no solver finishes these quickly: A* fills 1 MB on the first in
     * well under a second, a 10000-wide beam cannot start in it */
    gl_board *mid = new_board("20x20", "8", 3), *big = new_board("30x30", "36", 5);
    const char *algos[4] = {"astar", "ida", "greedy", "beam"};
    for (int i = 0; i < 4; i++) {
        const char *width = strcmp(algos[i], "beam") == 0 ? "10000" : NULL;
        volatile sig_atomic_t flag = 1;
        gl_limits lim = {0, 0, &flag, NULL};
        gl_solution s;
        solve_limited(big, algos[i], width, &lim, &s);
        assert_true(s.solved);
        assert_false(s.optimal);
        assert_non_null(s.stopped);
        assert_string_equal(s.stopped, "interrupted");
        gl_solution_free(&s);

        gl_budget budget;
        gl_budget_init(&budget, (size_t)1 << 20);
        int tight = strcmp(algos[i], "astar") == 0 || width;
        /* the time limit stops the solvers that need little memory, and
         * is a backstop for the others */
        gl_limits mem = {tight ? 60000 : 200, 0, NULL, &budget};
        solve_limited(mid, algos[i], width, &mem, &s);
        assert_true(s.solved);
        assert_true(budget.peak <= budget.cap);
        assert_true(s.peak_bytes <= budget.cap);
        assert_int_equal(gl_budget_used(&budget), 0);
        if (tight) {
            assert_non_null(s.stopped);
            assert_string_equal(s.stopped, "memory limit");
            assert_false(s.optimal);
        }
        gl_solution_free(&s);

        /* less than the graph of the board */
        gl_budget_init(&budget, 4096);
        solve_limited(big, algos[i], width, &mem, &s);
        assert_false(s.solved);
        assert_non_null(s.stopped);
        assert_string_equal(s.stopped, "memory limit");
        assert_int_equal(gl_budget_used(&budget), 0);
        gl_solution_free(&s);
    }
    gl_game_flood.destroy(mid);
    gl_game_flood.destroy(big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_groups_row_major),  cmocka_unit_test(test_rules_and_status),
        cmocka_unit_test(test_parse_errors),      cmocka_unit_test(test_generator),
        cmocka_unit_test(test_optimal_small_boards), cmocka_unit_test(test_optimal_vs_bfs),
        cmocka_unit_test(test_bounds_admissible), cmocka_unit_test(test_kernels_agree),
        cmocka_unit_test(test_pc19_sample), cmocka_unit_test(test_many_colour_and_hard_samples),
        cmocka_unit_test(test_floodtest_sample),  cmocka_unit_test(test_limit_and_hint),
        cmocka_unit_test(test_solvers_under_limits), cmocka_unit_test(test_b24c6n1000_solutions),
    };
    /* FLOOD_TEST_FILTER=name runs only the matching tests */
    if (getenv("FLOOD_TEST_FILTER")) cmocka_set_test_filter(getenv("FLOOD_TEST_FILTER"));
    return cmocka_run_group_tests(tests, NULL, NULL);
}
