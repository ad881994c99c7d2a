/* Tiles: rules, parse/format, the heuristics' consistency (checked over
 * every state of small rows), the dense ranking, every solver against the
 * known optimal costs with each answer replayed move by move, the seed's
 * program step by step, and every solver under a memory budget and Ctrl-C. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/internal.h"
#include "games/tiles/tiles.h"
#include "games/tiles/tiles_rank.h"

static gl_board *parse(const char *s)
{
    gl_error err = {0};
    const gl_game *g = NULL;
    gl_board *b = gl_board_parse_text(s, strlen(s), "t.txt", &g, &err);
    if (!b) fail_msg("%s", err.msg);
    assert_ptr_equal(g, &gl_game_tiles);
    return b;
}

static gl_board *standard(int n, int hop)
{
    char buf[128];
    int k = snprintf(buf, sizeof buf, "tiles hop=%d\n", hop);
    for (int i = 0; i < n; i++) buf[k++] = 'B';
    for (int i = 0; i < n; i++) buf[k++] = 'W';
    buf[k++] = '_';
    buf[k++] = '\n';
    buf[k] = '\0';
    return parse(buf);
}

/* Replays the solution on a copy; checks legality, the goal and the cost. */
static void replay(const gl_board *b, const gl_solution *s)
{
    gl_board *c = gl_game_tiles.clone(b);
    gl_error err = {0};
    for (int i = 0; i < s->nmoves; i++) {
        if (gl_game_tiles.apply(c, &s->moves[i], NULL, &err) != 0) fail_msg("move %d: %s", i, err.msg);
    }
    assert_int_equal(gl_game_tiles.status(c), GL_WON);
    assert_int_equal(((tiles_board *)c)->cost, s->cost);
    gl_game_tiles.destroy(c);
}

static gl_solution solve(const gl_board *b, const char *algo, const char *heuristic)
{
    gl_solution s;
    gl_solution_init(&s);
    gl_error err = {0};
    gl_kvlist opts;
    gl_kv_init(&opts);
    if (heuristic) gl_kv_add(&opts, "heuristic", heuristic, 0);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.opts = &opts;
    o.lim.limit_ms = 60000;
    const gl_solver *sv = gl_game_solver(&gl_game_tiles, algo);
    assert_non_null(sv);
    if (sv->solve(b, &o, &s, &err) != 0) fail_msg("%s: %s", algo, err.msg);
    gl_kv_free(&opts);
    return s;
}

static void test_known_optimal_costs(void **state)
{
    (void)state;
    const long long known[] = {0, 1, 5, 14, 23, 35, 48, 64};
    const char *optimal[] = {"astar", "ucs", "ida"};
    for (int n = 1; n <= 7; n++) {
        gl_board *b = standard(n, 2);
        for (int a = 0; a < 3; a++) {
            for (int h = 0; h < 2; h++) {
                gl_solution s = solve(b, optimal[a], h ? "pairs" : NULL);
                assert_true(s.solved);
                assert_true(s.optimal);
                if (s.cost != known[n]) fail_msg("N=%d %s: cost %lld, expected %lld", n, optimal[a], s.cost, known[n]);
                replay(b, &s);
                gl_solution_free(&s);
            }
        }
        gl_game_tiles.destroy(b);
    }
}

static void test_greedy_and_bfs(void **state)
{
    (void)state;
    for (int n = 1; n <= 7; n++) {
        gl_board *b = standard(n, 2);
        gl_solution g = solve(b, "greedy", NULL);
        assert_true(g.solved);
        assert_false(g.optimal);
        replay(b, &g);
        gl_solution bfs = solve(b, "bfs", NULL);
        assert_true(bfs.solved);
        assert_false(bfs.optimal);
        replay(b, &bfs);
        gl_solution a = solve(b, "astar", NULL);
        assert_true(bfs.nmoves <= a.nmoves); /* bfs: fewest moves */
        assert_true(g.cost >= a.cost && bfs.cost >= a.cost);
        gl_solution_free(&g);
        gl_solution_free(&bfs);
        gl_solution_free(&a);
        gl_game_tiles.destroy(b);
    }
}

/* Every state of every small row: h is consistent (h(s) <= c + h(s') for
 * each move) and zero at goals; A* from random starts equals UCS. */
static void test_heuristics_consistent(void **state)
{
    (void)state;
    for (int len = 2; len <= 9; len++)
        for (int hop = 0; hop <= 3; hop++)
            for (int e = 0; e < len; e++)
                for (uint64_t m = 0; m < (1ULL << len); m++) {
                    if ((m >> e) & 1) continue;
                    uint64_t s = tiles_pack(m, e);
                    int h1 = tiles_pairs(s, len), h2 = tiles_h_strong(s, len, hop);
                    assert_true(h2 >= h1);
                    if (tiles_is_goal(s, len)) assert_int_equal(h2, 0);
                    uint64_t succ[TILES_MAX_SUCC];
                    int cost[TILES_MAX_SUCC];
                    gl_move mv[TILES_MAX_SUCC];
                    int n = tiles_successors(s, len, hop, succ, cost, mv);
                    for (int i = 0; i < n; i++) {
                        assert_true(h1 <= cost[i] + tiles_pairs(succ[i], len));
                        assert_true(h2 <= cost[i] + tiles_h_strong(succ[i], len, hop));
                        assert_int_equal(tiles_pairs(succ[i], len), h1 + tiles_pairs_delta(s, mv[i].a));
                    }
                }
}

static void test_rank_is_a_bijection(void **state)
{
    (void)state;
    for (int len = 3; len <= 11; len += 2) {
        int nb = len / 2;
        tiles_ranker *r = tiles_ranker_new(len, nb, 1ULL << 40, NULL);
        assert_non_null(r);
        assert_true(tiles_ranker_count(len, nb) == tiles_ranker_states(r));
        uint64_t n = tiles_ranker_states(r);
        uint8_t *seen = calloc(n, 1);
        for (uint64_t i = 0; i < n; i++) {
            uint64_t s = tiles_unrank(r, i);
            assert_true(tiles_rank(r, s) == i);
            int e = tiles_empty(s), blacks = 0;
            assert_true(e >= 0 && e < len);
            for (int k = 0; k < len; k++) blacks += (int)((tiles_blacks(s) >> k) & 1);
            assert_int_equal(blacks, nb);
            assert_false((tiles_blacks(s) >> e) & 1);
            assert_int_equal(seen[i], 0);
            seen[i] = 1;
        }
        free(seen);
        tiles_ranker_free(r);
    }
}

static void test_random_rows_astar_equals_ucs(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 2024);
    for (int t = 0; t < 60; t++) {
        gl_kvlist p;
        gl_kv_init(&p);
        char nbuf[16], hbuf[16];
        snprintf(nbuf, sizeof nbuf, "%d", 1 + (int)gl_rng_below(&rng, 5));
        snprintf(hbuf, sizeof hbuf, "%d", 1 + (int)gl_rng_below(&rng, 3));
        gl_kv_add(&p, "n", nbuf, 0);
        gl_kv_add(&p, "hop", hbuf, 0);
        gl_kv_add(&p, "start", "random", 0);
        gl_error err = {0};
        gl_board *b = gl_game_tiles.create(&p, &rng, &err);
        assert_non_null(b);
        gl_solution a = solve(b, "astar", NULL), u = solve(b, "ucs", NULL), i = solve(b, "ida", "pairs");
        assert_int_equal(a.cost, u.cost);
        assert_int_equal(a.cost, i.cost);
        if (a.nmoves) replay(b, &a);
        if (u.nmoves) replay(b, &u);
        if (i.nmoves) replay(b, &i);
        gl_solution_free(&a);
        gl_solution_free(&u);
        gl_solution_free(&i);
        gl_game_tiles.destroy(b);
        gl_kv_free(&p);
    }
}

static void test_hop_zero_is_proved_unsolvable(void **state)
{
    (void)state;
    gl_board *b = parse("tiles hop=0\nBW_\n");
    const char *algos[] = {"astar", "ucs", "bfs", "greedy"};
    for (int i = 0; i < 4; i++) {
        gl_solution s = solve(b, algos[i], NULL);
        assert_false(s.solved);
        assert_true(s.optimal); /* the whole reachable space was searched */
        gl_solution_free(&s);
    }
    gl_game_tiles.destroy(b);
}

static void test_limits_stop_cleanly(void **state)
{
    (void)state;
    gl_board *b = standard(11, 2);
    gl_solution s;
    gl_solution_init(&s);
    gl_error err = {0};
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.limit_ms = 50;
    assert_int_equal(gl_game_tiles.solvers[0].solve(b, &o, &s, &err), 0);
    assert_false(s.solved);
    assert_false(s.optimal);
    assert_string_equal(s.stopped, "time limit");
    gl_solution_free(&s);
    gl_solution_init(&s);
    o.lim.limit_ms = 0;
    o.lim.mem_cap = 1 << 20; /* 1 MiB: too small for N=11 */
    assert_int_equal(gl_game_tiles.solvers[1].solve(b, &o, &s, &err), 0);
    assert_false(s.solved);
    assert_false(s.optimal);
    assert_string_equal(s.stopped, "memory limit");
    gl_solution_free(&s);
    gl_game_tiles.destroy(b);
}

/* The moves of a solution as text ("5-7 3-5 ..."). */
static void moves_text(const gl_board *b, const gl_solution *s, char *out, size_t n)
{
    size_t k = 0;
    out[0] = '\0';
    for (int i = 0; i < s->nmoves && k + 16 < n; i++) {
        char m[16];
        gl_game_tiles.format_move(b, &s->moves[i], m, sizeof m);
        k += (size_t)snprintf(out + k, n - k, "%s%s", i ? " " : "", m);
    }
}

/* The seed's program as its Java reads: N = 1..3 solve (N = 3 in the
 * seed's own 11 moves, whose first step breaks the tie between 5-7 and 6-7
 * for the leftmost tile), N = 4 walks back to a state after 8 steps. */
static void test_seed_program(void **state)
{
    (void)state;
    const struct {
        int n, solved, cost, nmoves;
        const char *moves;
    } want[] = {
        {1, 1, 1, 1, "1-3"},
        {2, 1, 6, 5, "2-5 1-2 3-1 2-3 4-2"},
        {3, 1, 14, 11, "5-7 3-5 1-3 4-1 6-4 3-6 2-3 4-2 7-4 5-7 3-5"},
    };
    char text[512];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        gl_board *b = standard(want[i].n, 2);
        gl_solution s = solve(b, "seed", NULL);
        assert_true(s.solved);
        assert_false(s.optimal);
        assert_null(s.stopped);
        assert_int_equal(s.cost, want[i].cost);
        assert_int_equal(s.nmoves, want[i].nmoves);
        moves_text(b, &s, text, sizeof text);
        assert_string_equal(text, want[i].moves);
        replay(b, &s);
        gl_solution_free(&s);
        gl_game_tiles.destroy(b);
    }
    gl_board *b = standard(4, 2);
    gl_solution s = solve(b, "seed", NULL);
    assert_false(s.solved);
    assert_false(s.optimal);
    assert_int_equal(s.nmoves, 0);
    assert_non_null(s.stopped);
    assert_string_equal(s.stopped, "the seed's program loops: step 8 (1-2) comes back to _WBBBWBWW, the state after "
                                   "step 6, so it would repeat steps 7 to 8 forever");
    const gl_info_item *step = gl_info_find(&s.info, "loop_step"), *back = gl_info_find(&s.info, "loop_back_to_step");
    assert_non_null(step);
    assert_non_null(back);
    assert_int_equal(step->value, 8);
    assert_int_equal(back->value, 6);
    gl_solution_free(&s);
    gl_game_tiles.destroy(b);
    /* A board at the goal needs no step. */
    b = parse("tiles\nWW_BB\n");
    s = solve(b, "seed", NULL);
    assert_true(s.solved);
    assert_int_equal(s.nmoves, 0);
    assert_int_equal(s.cost, 0);
    gl_solution_free(&s);
    gl_game_tiles.destroy(b);
}

/* The trace prints each state with g and h, as the seed's program prints
 * them (docs/tiles.md, --trace), and for a walk that loops, the states up
 * to the one seen again. */
static void test_seed_trace(void **state)
{
    (void)state;
    const int ns[] = {3, 4};
    const char *last[] = {"WW_WBBB     14     0  3-5\n", "_WBBBWBWW     10    11  1-2\n"};
    for (int i = 0; i < 2; i++) {
        gl_board *b = standard(ns[i], 2);
        gl_strbuf tr = GL_STRBUF_INIT;
        gl_solve_opts o;
        memset(&o, 0, sizeof o);
        o.trace = &tr;
        gl_solution s;
        gl_solution_init(&s);
        gl_error err = {0};
        assert_int_equal(tiles_solve_seed(b, &o, &s, &err), 0);
        const char *t = gl_sb_str(&tr);
        int lines = 0;
        for (const char *p = t; *p; p++) lines += *p == '\n';
        assert_int_equal(lines, i == 0 ? 13 : 10); /* header, start, one a step */
        size_t n = strlen(last[i]);
        assert_true(strlen(t) >= n);
        assert_string_equal(t + strlen(t) - n, last[i]);
        gl_sb_free(&tr);
        gl_solution_free(&s);
        gl_game_tiles.destroy(b);
    }
}

/* On random rows of every hop, the walk ends: at the goal (the answer
 * replays, at a cost no less than the optimum), or at a state seen again. */
static void test_seed_always_ends(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 77);
    int solved = 0, loops = 0;
    for (int t = 0; t < 200; t++) {
        gl_kvlist p;
        gl_kv_init(&p);
        char nbuf[16], hbuf[16];
        snprintf(nbuf, sizeof nbuf, "%d", 1 + (int)gl_rng_below(&rng, 8));
        snprintf(hbuf, sizeof hbuf, "%d", (int)gl_rng_below(&rng, 5));
        gl_kv_add(&p, "n", nbuf, 0);
        gl_kv_add(&p, "hop", hbuf, 0);
        gl_kv_add(&p, "start", "random", 0);
        gl_error err = {0};
        gl_board *b = gl_game_tiles.create(&p, &rng, &err);
        assert_non_null(b);
        gl_solution s = solve(b, "seed", NULL);
        if (s.solved) {
            solved++;
            replay(b, &s);
            gl_solution u = solve(b, "ucs", NULL);
            assert_true(u.solved && s.cost >= u.cost);
            gl_solution_free(&u);
        } else {
            loops++;
            assert_non_null(s.stopped);
            assert_non_null(strstr(s.stopped, "the seed's program loops: step "));
        }
        gl_solution_free(&s);
        gl_game_tiles.destroy(b);
        gl_kv_free(&p);
    }
    assert_true(solved > 0 && loops > 0);
}

/* Every solver on N = 28 under an 8 MiB budget: each stops at the memory
 * limit or answers, the budget never passes its cap, and every byte is
 * given back.  IDA* shrinks its table to fit 1 MiB and still solves. */
static void test_solvers_keep_to_the_budget(void **state)
{
    (void)state;
    gl_board *b = standard(28, 2);
    for (int i = 0; i < gl_game_tiles.nsolvers; i++) {
        const char *algo = gl_game_tiles.solvers[i].name;
        if (strcmp(algo, "ida") == 0) continue; /* memory-light: it would run to the time limit */
        gl_budget budget;
        gl_budget_init(&budget, 8u << 20);
        gl_solve_opts o;
        memset(&o, 0, sizeof o);
        o.lim.budget = &budget;
        o.lim.limit_ms = 60000;
        gl_solution s;
        gl_solution_init(&s);
        gl_error err = {0};
        assert_int_equal(gl_game_tiles.solvers[i].solve(b, &o, &s, &err), 0);
        if (!s.solved) {
            if (!s.stopped || (strcmp(s.stopped, "memory limit") != 0 && strncmp(s.stopped, "the seed's", 10) != 0))
                fail_msg("%s: stopped %s", algo, s.stopped ? s.stopped : "(null)");
            assert_false(s.optimal);
            assert_int_equal(s.nmoves, 0);
        }
        if (budget.peak > budget.cap) fail_msg("%s: peak %zu over the cap", algo, (size_t)budget.peak);
        assert_true(s.peak_bytes <= budget.cap);
        assert_int_equal(gl_budget_used(&budget), 0);
        gl_solution_free(&s);
    }
    gl_game_tiles.destroy(b);
    b = standard(5, 2);
    gl_budget budget;
    gl_budget_init(&budget, 1u << 20);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.budget = &budget;
    gl_solution s;
    gl_solution_init(&s);
    gl_error err = {0};
    assert_int_equal(tiles_solve_ida(b, &o, &s, &err), 0);
    assert_true(s.solved && s.optimal);
    assert_int_equal(s.cost, 35);
    assert_true(budget.peak <= budget.cap);
    gl_solution_free(&s);
    gl_game_tiles.destroy(b);
}

/* Ctrl-C (the flag the CLI's handler sets): every solver stops at once,
 * says "interrupted", and claims nothing. */
static void test_interrupt(void **state)
{
    (void)state;
    gl_board *b = standard(12, 2);
    volatile sig_atomic_t flag = 1;
    for (int i = 0; i < gl_game_tiles.nsolvers; i++) {
        gl_solve_opts o;
        memset(&o, 0, sizeof o);
        o.lim.interrupt = &flag;
        gl_solution s;
        gl_solution_init(&s);
        gl_error err = {0};
        assert_int_equal(gl_game_tiles.solvers[i].solve(b, &o, &s, &err), 0);
        assert_false(s.solved);
        assert_false(s.optimal);
        if (!s.stopped || strcmp(s.stopped, "interrupted") != 0)
            fail_msg("%s: stopped %s", gl_game_tiles.solvers[i].name, s.stopped ? s.stopped : "(null)");
        assert_true(s.nodes < 2000);
        gl_solution_free(&s);
    }
    gl_game_tiles.destroy(b);
}

static void test_parse_errors(void **state)
{
    (void)state;
    struct {
        const char *text, *msg;
    } cases[] = {
        {"tiles\nBBX_\n", "t.txt:2: column 3: unknown symbol 'X' (expected B, W or _)"},
        {"tiles\nBW\n", "t.txt:2: no empty cell '_'"},
        {"tiles\nB__W\n", "t.txt:2: column 3: a second empty cell '_' (there is one)"},
        {"tiles size=3\nBW_\n", "t.txt:1: unknown key 'size'"},
        {"tiles hop=x\nBW_\n", "t.txt:1: hop=x: expected a whole number from 0 to 55"},
        {"tiles\n", "t.txt:2: too few rows: expected 1, found 0"},
        {"tiles\nBW_\nBW_\n", "t.txt:3: too many rows: expected 1"},
        {"tiles\nBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW_\n",
         "t.txt:2: row of 61 cells: expected 2 to 57 (N at most 28)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gl_error err = {0};
        const gl_game *g;
        gl_board *b = gl_board_parse_text(cases[i].text, strlen(cases[i].text), "t.txt", &g, &err);
        assert_null(b);
        assert_string_equal(err.msg, cases[i].msg);
    }
}

static void test_format_round_trip_and_moves(void **state)
{
    (void)state;
    gl_board *b = parse("tiles hop=2\nBBWW_\n");
    gl_move m;
    gl_error err = {0};
    assert_int_equal(gl_game_tiles.parse_move(b, "3-5", &m, &err), 0);
    assert_int_equal(gl_game_tiles.apply(b, &m, NULL, &err), 0);
    assert_int_equal(gl_game_tiles.parse_move(b, "1-9", &m, &err), -1);
    assert_int_equal(gl_game_tiles.parse_move(b, "1-2", &m, &err), 0);
    assert_int_equal(gl_game_tiles.apply(b, &m, NULL, &err), -1); /* 2 is not empty */
    assert_int_equal(gl_game_tiles.parse_move(b, "1-3", &m, &err), 0);
    assert_int_equal(gl_game_tiles.apply(b, &m, NULL, &err), 0); /* hop over one: cost 1 */
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_game_tiles.format(b, &sb);
    assert_string_equal(gl_sb_str(&sb), "tiles hop=2 cost=2 moves=2\n_BBWW\n");
    gl_board *c = parse(gl_sb_str(&sb));
    gl_strbuf sb2 = GL_STRBUF_INIT;
    gl_game_tiles.format(c, &sb2);
    assert_string_equal(gl_sb_str(&sb), gl_sb_str(&sb2));
    gl_sb_free(&sb);
    gl_sb_free(&sb2);
    gl_game_tiles.destroy(b);
    gl_game_tiles.destroy(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_optimal_costs),
        cmocka_unit_test(test_greedy_and_bfs),
        cmocka_unit_test(test_heuristics_consistent),
        cmocka_unit_test(test_rank_is_a_bijection),
        cmocka_unit_test(test_random_rows_astar_equals_ucs),
        cmocka_unit_test(test_hop_zero_is_proved_unsolvable),
        cmocka_unit_test(test_limits_stop_cleanly),
        cmocka_unit_test(test_seed_program),
        cmocka_unit_test(test_seed_trace),
        cmocka_unit_test(test_seed_always_ends),
        cmocka_unit_test(test_solvers_keep_to_the_budget),
        cmocka_unit_test(test_interrupt),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_format_round_trip_and_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
