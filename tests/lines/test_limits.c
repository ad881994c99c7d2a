/* The players under limits (gl_meter, limits.h): their tables are charged
 * before they are allocated and all of it is given back; a budget too small
 * for them refuses the player; a budget that only holds back the plan table
 * changes no move; the time limit, Ctrl-C and the player's own CPU ceiling
 * stop a move inside its search, with the best move found so far or none;
 * a solve stopped keeps the turns it played. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/lines/lines_ai.h"

/* A crowded board of w x h with a line of `line`: every cell with a ball of
 * a random colour or empty at the density, the preview kept free. */
static lines_board *crowded_board(uint64_t seed, int w, int h, const char *rules, double density)
{
    gl_kvlist params;
    gl_kv_init(&params);
    char size[16];
    snprintf(size, sizeof size, "%dx%d", w, h);
    gl_kv_add(&params, "size", size, 0);
    gl_kv_add(&params, "rules", rules, 0);
    gl_rng rng;
    gl_rng_seed(&rng, seed);
    gl_error err = {0};
    lines_board *b = (lines_board *)gl_game_lines.create(&params, &rng, &err);
    gl_kv_free(&params);
    assert_non_null(b);
    b->nballs = 0;
    for (int i = 0; i < b->n; i++) {
        int taken = 0;
        for (int k = 0; k < b->spawn; k++) taken |= b->next_at[k] == i;
        b->cell[i] = !taken && gl_rng_unit(&rng) < density ? (uint8_t)(1 + gl_rng_below(&rng, (uint64_t)b->colors)) : 0;
        b->nballs += b->cell[i] != 0;
    }
    return b;
}

static int legal(const lines_board *b, int from, int to)
{
    int path[LINES_MAX_CELLS], queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    return b->cell[from] && !b->cell[to] && lines_path(b, from, to, path, &ws) > 0;
}

/* A meter over a budget of cap bytes (the limits live beside it). */
typedef struct metered {
    gl_budget budget;
    gl_limits lim;
    gl_meter m;
} metered;

static void metered_start(metered *x, size_t cap)
{
    gl_budget_init(&x->budget, cap);
    memset(&x->lim, 0, sizeof x->lim);
    x->lim.budget = &x->budget;
    gl_meter_start(&x->m, &x->lim);
}

/* Everything charged was given back. */
static void metered_end(metered *x)
{
    assert_int_equal(gl_budget_used(&x->budget), 0);
    assert_int_equal(x->m.bytes, 0);
    gl_meter_end(&x->m);
}

/* A search player with a plan far wider than one move can finish (width,
 * depth 6), its CPU ceiling ms. */
static lines_ai *wide_player(const lines_board *b, int width, double ms, gl_meter *m)
{
    lines_ai_cfg cfg;
    lines_ai_cfg_default(&cfg, LINES_AI_SEARCH);
    cfg.width = width;
    cfg.depth = 6;
    cfg.ms = ms;
    lines_ai *ai = lines_ai_new(&cfg, b, 1, m);
    assert_non_null(ai);
    return ai;
}

/* A budget of 4 KiB holds neither player: lines_ai_new refuses with
 * "memory limit", and nothing stays charged. */
static void test_tiny_budget_refuses_the_player(void **state)
{
    (void)state;
    lines_board *b = crowded_board(1, 9, 9, "lines98", 0.3);
    for (int kind = 0; kind < 2; kind++) {
        metered x;
        metered_start(&x, 4096);
        lines_ai_cfg cfg;
        lines_ai_cfg_default(&cfg, kind);
        assert_null(lines_ai_new(&cfg, b, 1, &x.m));
        assert_non_null(x.m.stopped);
        assert_string_equal(x.m.stopped, "memory limit");
        metered_end(&x);
    }
    gl_game_lines.destroy((gl_board *)b);
}

/* Every byte the player holds is charged: with an unlimited budget the
 * budget's peak covers lines_ai_bytes, and after the player is freed the
 * budget is back to 0, on a board where the plan table grows. */
static void test_charged_bytes_given_back(void **state)
{
    (void)state;
    for (int kind = 0; kind < 2; kind++) {
        lines_board *b = crowded_board(2, 9, 9, kind ? "lines98" : "klines", 0.35);
        metered x;
        metered_start(&x, (size_t)1 << 30);
        lines_ai_cfg cfg;
        lines_ai_cfg_default(&cfg, kind);
        cfg.width = 8;
        cfg.ms = 1e7;
        lines_ai *ai = lines_ai_new(&cfg, b, 3, &x.m);
        assert_non_null(ai);
        size_t at_start = gl_budget_used(&x.budget);
        assert_true(at_start == lines_ai_bytes(ai));
        lines_turn t;
        for (int turn = 0; turn < 5 && !lines_full(b); turn++) {
            int from, to;
            assert_int_equal(lines_ai_choose(ai, b, &from, &to), 1);
            assert_null(x.m.stopped);
            assert_true(gl_budget_used(&x.budget) == lines_ai_bytes(ai));
            lines_move(b, from, to, &t);
        }
        if (kind == LINES_AI_SEARCH) assert_true(lines_ai_bytes(ai) > at_start); /* the table grew, charged */
        lines_ai_free(ai);
        metered_end(&x);
        gl_game_lines.destroy((gl_board *)b);
    }
}

/* A budget that holds the player but not the plan table's growth: the
 * values left out are found again, so the moves are those of a player
 * without limits, the budget is never passed, and all is given back. */
static void test_table_held_back_same_moves(void **state)
{
    (void)state;
    lines_board *b = crowded_board(4, 9, 9, "lines98", 0.3);
    lines_board *c = malloc(sizeof *c);
    assert_non_null(c);
    *c = *b;
    lines_ai_cfg cfg;
    lines_ai_cfg_default(&cfg, LINES_AI_SEARCH);
    cfg.ms = 1e7;
    metered probe;
    metered_start(&probe, (size_t)1 << 30);
    lines_ai *p = lines_ai_new(&cfg, b, 5, &probe.m);
    assert_non_null(p);
    size_t base = gl_budget_used(&probe.budget);
    lines_ai_free(p);
    metered_end(&probe);

    metered x;
    metered_start(&x, base + 1024); /* the table's first doubling does not fit */
    lines_ai *xp = lines_ai_new(&cfg, b, 5, &x.m), *y = lines_ai_new(&cfg, c, 5, NULL);
    assert_non_null(xp);
    assert_non_null(y);
    lines_turn t;
    for (int turn = 0; turn < 8 && !lines_full(b); turn++) {
        int f1, t1, f2, t2;
        assert_int_equal(lines_ai_choose(xp, b, &f1, &t1), 1);
        assert_int_equal(lines_ai_choose(y, c, &f2, &t2), 1);
        assert_null(x.m.stopped);
        assert_int_equal(f1, f2);
        assert_int_equal(t1, t2);
        lines_move(b, f1, t1, &t);
        lines_move(c, f2, t2, &t);
    }
    /* held back: the limited player's table stayed small, the other's grew */
    assert_true(lines_ai_bytes(xp) <= x.budget.cap);
    assert_true(gl_htab_bytes(&xp->plan.table) < gl_htab_bytes(&y->plan.table));
    lines_ai_free(xp);
    lines_ai_free(y);
    metered_end(&x);
    free(c);
    gl_game_lines.destroy((gl_board *)b);
}

/* Ctrl-C before a move: no move (-1), for both players, "interrupted". */
static void test_interrupt_before_a_move(void **state)
{
    (void)state;
    lines_board *b = crowded_board(6, 9, 9, "lines98", 0.3);
    for (int kind = 0; kind < 2; kind++) {
        volatile sig_atomic_t flag = 1;
        gl_limits lim = {0};
        lim.interrupt = &flag;
        gl_meter m;
        gl_meter_start(&m, &lim);
        lines_ai_cfg cfg;
        lines_ai_cfg_default(&cfg, kind);
        lines_ai *ai = lines_ai_new(&cfg, b, 1, &m);
        assert_non_null(ai);
        int from, to;
        assert_int_equal(lines_ai_choose(ai, b, &from, &to), -1);
        assert_string_equal(m.stopped, "interrupted");
        lines_ai_free(ai);
        gl_meter_end(&m);
    }
    gl_game_lines.destroy((gl_board *)b);
}

/* The limits inside a move.  On a large crowded board the one-move
 * ranking alone takes far longer than 20 ms: the time limit stops it
 * within a bounded amount of work, the ranking unfinished, with the best
 * move ranked by then.  On 9x9, where the ranking takes a few ms, a plan
 * far too wide (width 2000, depth 6: many seconds) stops inside the plan,
 * the ranking done, with the best candidate by then: at the time limit
 * (300 ms), and at the player's own ceiling (`ms` 50, CPU per move), which
 * leaves the meter unstopped: it is the player's choice, not a limit. */
static void test_limits_inside_a_move(void **state)
{
    (void)state;
    struct {
        int side, width;
        double density, limit_ms, ceiling_ms;
        int in_plan;
    } cases[] = {{26, 4, 0.45, 20, 1e7, 0}, {9, 2000, 0.3, 300, 1e7, 1}, {9, 2000, 0.3, 0, 50, 1}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        lines_board *b = crowded_board(7 + k, cases[k].side, cases[k].side, "lines98", cases[k].density);
        gl_limits lim = {0};
        lim.limit_ms = cases[k].limit_ms;
        gl_meter m;
        gl_meter_start(&m, &lim);
        lines_ai *ai = wide_player(b, cases[k].width, cases[k].ceiling_ms, &m);
        int from = -1, to = -1;
        double t0 = lines_cpu_ms();
        int r = lines_ai_choose(ai, b, &from, &to);
        double cpu = lines_cpu_ms() - t0;
        if (cases[k].limit_ms > 0) {
            assert_true(gl_meter_ms(&m) < cases[k].limit_ms + 2000);
            assert_non_null(m.stopped);
            assert_string_equal(m.stopped, "time limit");
        } else {
            assert_true(cpu < cases[k].ceiling_ms + 2000);
            assert_null(m.stopped);
        }
        if (cases[k].in_plan) {
            assert_int_equal(r, 1);
            assert_int_equal(ai->rk.nvalued, ai->rk.ncand);
        } else if (r == 1) {
            assert_true(ai->rk.nvalued < ai->rk.ncand);
        } else {
            /* a slow build (sanitizers, a loaded machine) may pass 20 ms
             * before the ranking begins: then no move at all */
            assert_int_equal(r, -1);
        }
        if (r == 1) assert_true(legal(b, from, to));
        lines_ai_free(ai);
        gl_meter_end(&m);
        gl_game_lines.destroy((gl_board *)b);
    }
}

/* solve under a time limit keeps the turns it played: each of them a
 * turn the unlimited player plays too (the same first moves), and says it
 * stopped; under a budget too small for the player it has no turn and
 * says "memory limit". */
static void test_solve_stopped_keeps_its_turns(void **state)
{
    (void)state;
    lines_board *b = crowded_board(9, 9, 9, "lines98", 0.2);
    gl_kvlist opts;
    gl_kv_init(&opts);
    gl_kv_add(&opts, "turns", "100000", 0);
    gl_kv_add(&opts, "ms", "3600000", 0);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.opts = &opts;
    o.lim.limit_ms = 150;
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    assert_int_equal(lines_solve_search((const gl_board *)b, &o, &sol, &err), 0);
    assert_non_null(sol.stopped);
    assert_string_equal(sol.stopped, "time limit");
    assert_false(sol.optimal);
    assert_true(sol.nmoves < 100000);
    /* the same turns as a solve of exactly that many turns without a limit */
    if (sol.nmoves > 0) {
        char turns[16];
        snprintf(turns, sizeof turns, "%d", sol.nmoves);
        gl_kvlist o2;
        gl_kv_init(&o2);
        gl_kv_add(&o2, "turns", turns, 0);
        gl_kv_add(&o2, "ms", "3600000", 0);
        gl_solve_opts free_run;
        memset(&free_run, 0, sizeof free_run);
        free_run.opts = &o2;
        gl_solution all;
        gl_solution_init(&all);
        assert_int_equal(lines_solve_search((const gl_board *)b, &free_run, &all, &err), 0);
        assert_null(all.stopped);
        assert_int_equal(all.nmoves, sol.nmoves);
        assert_memory_equal(all.moves, sol.moves, sizeof *sol.moves * (size_t)sol.nmoves);
        gl_solution_free(&all);
        gl_kv_free(&o2);
    }
    gl_solution_free(&sol);
    gl_budget budget;
    gl_budget_init(&budget, 2048);
    o.lim.limit_ms = 0;
    o.lim.budget = &budget; /* through the solver's own meter */
    gl_solution_init(&sol);
    assert_int_equal(lines_solve_search((const gl_board *)b, &o, &sol, &err), 0);
    assert_string_equal(sol.stopped, "memory limit");
    assert_false(sol.solved);
    assert_int_equal(sol.nmoves, 0);
    assert_int_equal(gl_budget_used(&budget), 0);
    gl_solution_free(&sol);
    gl_kv_free(&opts);
    gl_game_lines.destroy((gl_board *)b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiny_budget_refuses_the_player),
        cmocka_unit_test(test_charged_bytes_given_back),
        cmocka_unit_test(test_table_held_back_same_moves),
        cmocka_unit_test(test_interrupt_before_a_move),
        cmocka_unit_test(test_limits_inside_a_move),
        cmocka_unit_test(test_solve_stopped_keeps_its_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
