/* The players' machinery against plain recomputation: the incremental
 * window table after moves, spawns, removals and single-cell edits equals
 * one built from scratch; every listed move's tabulated delta (including
 * the correction for windows through both cells) equals the exact delta
 * and the change of a rebuilt table; the plan's listing of the best few
 * moves is the head of the full listing sorted by rank; the legal moves are exactly the
 * pairs with a path; the planning player's moves are legal and replay. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>

#include "games/lines/lines_ai.h"
#include "lines/boards.h"

/* A player of `kind` (seed 1) for b, and s built from b (s->win is the
 * caller's to free). */
static lines_ai *player_with_sim(lines_board *b, int kind, lines_sim *s)
{
    lines_ai_cfg cfg;
    lines_ai_cfg_default(&cfg, kind);
    lines_ai *ai = lines_ai_new(&cfg, b, 1, NULL);
    assert_non_null(ai);
    *s = (lines_sim){.win = malloc(sizeof(lines_wst) * (size_t)ai->ev.nwin)};
    assert_non_null(s->win);
    lines_sim_build(&ai->ev, s, b);
    return ai;
}

static void same_table(lines_ai *ai, const lines_sim *s, lines_sim *fresh)
{
    lines_sim_build(&ai->ev, fresh, &s->b);
    assert_int_equal(s->wsum, fresh->wsum);
    assert_memory_equal(s->win, fresh->win, sizeof(lines_wst) * (size_t)ai->ev.nwin);
    int nb = 0;
    for (int i = 0; i < s->b.n; i++) nb += s->b.cell[i] != 0;
    assert_int_equal(nb, s->b.nballs);
}

static void test_incremental_windows_match_rebuild(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 77);
    for (int round = 0; round < 40; round++) {
        lines_board *b = random_board(&rng, round % 2 ? "lines98" : "klines", 0.3 + 0.01 * round);
        lines_sim s;
        lines_ai *ai = player_with_sim(b, LINES_AI_SEARCH, &s);
        lines_sim fresh = {.win = malloc(sizeof(lines_wst) * (size_t)ai->ev.nwin)};
        for (int step = 0; step < 30 && !lines_full(&s.b); step++) {
            int n = lines_list_moves(&ai->ls, &ai->ev, &s, ai->rk.cand);
            if (!n) break;
            const lines_cand *m = &ai->rk.cand[gl_rng_below(&rng, (uint64_t)n)];
            if (step % 3 == 2) {
                /* single-cell edits, as the planner's spawn-free turns make */
                lines_sim_set(&ai->ev, &s, m->to, s.b.cell[m->from]);
                lines_sim_set(&ai->ev, &s, m->from, 0);
            } else {
                lines_sim_move(&ai->ev, &s, m->from, m->to);
            }
            same_table(ai, &s, &fresh);
        }
        free(s.win);
        free(fresh.win);
        lines_ai_free(ai);
        gl_game_lines.destroy((gl_board *)b);
    }
}

static void test_move_deltas_are_exact(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 4242);
    int queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS], path[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    long long checked = 0;
    for (int round = 0; round < 30; round++) {
        lines_board *b = random_board(&rng, "klines", 0.2 + 0.02 * round);
        lines_sim s;
        lines_ai *ai = player_with_sim(b, LINES_AI_GREEDY, &s);
        lines_sim after = {.win = malloc(sizeof(lines_wst) * (size_t)ai->ev.nwin)};
        int n = lines_list_moves(&ai->ls, &ai->ev, &s, ai->rk.cand);
        /* the listed moves are exactly the pairs with a path */
        int want = 0;
        for (int f = 0; f < b->n; f++)
            for (int t = 0; t < b->n; t++)
                if (b->cell[f] && !b->cell[t] && lines_path(b, f, t, path, &ws) > 0) want++;
        assert_int_equal(n, want);
        for (int i = 0; i < n; i++) {
            const lines_cand *m = &ai->rk.cand[i];
            assert_true(lines_path(b, m->from, m->to, path, &ws) > 0);
            int comp;
            long long d = lines_eval_delta(&ai->ev, &s, m->from, m->to, &comp);
            assert_int_equal(d, m->value);
            assert_int_equal(comp, m->completes);
            /* the rebuilt table of the moved position (lines not removed) */
            lines_board moved = s.b;
            moved.cell[m->to] = moved.cell[m->from];
            moved.cell[m->from] = 0;
            lines_sim_build(&ai->ev, &after, &moved);
            assert_int_equal(after.wsum - s.wsum, m->value);
            int made = 0;
            for (int x = 0; x < ai->ev.nwin; x++)
                made += after.win[x].nd == 1 && after.win[x].nb >= b->line &&
                        !(s.win[x].nd == 1 && s.win[x].nb >= b->line);
            assert_int_equal(made, m->completes);
            checked++;
        }
        free(s.win);
        free(after.win);
        lines_ai_free(ai);
        gl_game_lines.destroy((gl_board *)b);
    }
    assert_true(checked > 1000);
}

/* lines_ai_best_moves(top) against the stable sort of the full listing
 * by rank: the same moves, values and order; returns the moves compared. */
static long long check_best_moves(lines_ai *ai, const lines_sim *s, lines_cand *best)
{
    const int tops[6] = {1, 2, 3, 4, 5, 40};
    long long compared = 0;
    int n = lines_list_moves(&ai->ls, &ai->ev, s, ai->rk.cand);
    /* stable insertion sort of the full listing by rank */
    for (int i = 1; i < n; i++) {
        lines_cand m = ai->rk.cand[i];
        int j = i;
        while (j > 0 && (m.completes != ai->rk.cand[j - 1].completes ? m.completes > ai->rk.cand[j - 1].completes
                                                                    : m.value > ai->rk.cand[j - 1].value)) {
            ai->rk.cand[j] = ai->rk.cand[j - 1];
            j--;
        }
        ai->rk.cand[j] = m;
    }
    for (int k = 0; k < 6; k++) {
        int got = lines_list_best(&ai->ls, &ai->ev, s, best, tops[k]);
        assert_int_equal(got, n < tops[k] ? n : tops[k]);
        for (int i = 0; i < got; i++) {
            assert_int_equal(best[i].from, ai->rk.cand[i].from);
            assert_int_equal(best[i].to, ai->rk.cand[i].to);
            assert_int_equal(best[i].value, ai->rk.cand[i].value);
            assert_int_equal(best[i].completes, ai->rk.cand[i].completes);
            compared++;
        }
    }
    return compared;
}

/* The best moves of a node (the plan's listing, which skips the pairs that
 * cannot rank among them) are the head of the full listing sorted by rank,
 * ties included: on random boards, and on the positions of a game played
 * by the greedy player (lines in progress, where the moves along a ball's
 * lines matter). */
static void test_best_moves_are_the_sorted_head(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 909);
    lines_cand *best = malloc(sizeof(lines_cand) * LINES_MAX_CELLS * LINES_MAX_CELLS);
    assert_non_null(best);
    long long compared = 0;
    for (int round = 0; round < 30; round++) {
        lines_board *b = random_board(&rng, round % 2 ? "lines98" : "klines", 0.25 + 0.02 * round);
        lines_sim s;
        lines_ai *ai = player_with_sim(b, LINES_AI_SEARCH, &s);
        compared += check_best_moves(ai, &s, best);
        free(s.win);
        lines_ai_free(ai);
        gl_game_lines.destroy((gl_board *)b);
    }
    for (int r = 0; r < 2; r++) {
        lines_board *b = random_board(&rng, r ? "klines" : "lines98", 0.08);
        lines_sim s;
        lines_ai *ai = player_with_sim(b, LINES_AI_GREEDY, &s);
        lines_turn t;
        for (int turn = 0; turn < 150 && !lines_full(b); turn++) {
            int from, to;
            if (!lines_ai_choose(ai, b, &from, &to)) break;
            lines_move(b, from, to, &t);
            lines_sim_build(&ai->ev, &s, b);
            compared += check_best_moves(ai, &s, best);
        }
        free(s.win);
        lines_ai_free(ai);
        gl_game_lines.destroy((gl_board *)b);
    }
    free(best);
    assert_true(compared > 5000);
}

/* The planning player (the default search) on both rule sets: its moves
 * are legal and replayed on a copy reach the same score. */
static void test_plan_moves_are_legal(void **state)
{
    (void)state;
    const char *rules[2] = {"lines98", "klines"};
    int queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS], path[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    for (int r = 0; r < 2; r++) {
        gl_rng rng;
        gl_rng_seed(&rng, 9 + (uint64_t)r);
        lines_board *b = random_board(&rng, rules[r], 0.0);
        b->cell[0] = 1;
        b->nballs = 1;
        lines_ai_cfg cfg;
        lines_ai_cfg_default(&cfg, LINES_AI_SEARCH);
        lines_ai *ai = lines_ai_new(&cfg, b, 3, NULL);
        assert_non_null(ai);
        lines_turn t;
        for (int turn = 0; turn < 25 && !lines_full(b); turn++) {
            int from, to;
            assert_int_equal(lines_ai_choose(ai, b, &from, &to), 1);
            assert_true(b->cell[from] != 0);
            assert_true(lines_path(b, from, to, path, &ws) > 0);
            lines_move(b, from, to, &t);
        }
        assert_true(lines_ai_nodes(ai) > 0);
        lines_ai_free(ai);
        gl_game_lines.destroy((gl_board *)b);
    }
}

/* Player x on board bx and player y on by choose the same move (or both
 * none). */
static void same_choice(lines_ai *x, const lines_board *bx, lines_ai *y, const lines_board *by)
{
    int f1, t1, f2, t2;
    int r1 = lines_ai_choose(x, bx, &f1, &t1), r2 = lines_ai_choose(y, by, &f2, &t2);
    assert_int_equal(r1, r2);
    if (r1) {
        assert_int_equal(f1, f2);
        assert_int_equal(t1, t2);
    }
}

/* The players never peek at the game's own rng (the future spawns): the
 * same position with another rng state gets the same move, with previewed
 * cells next to balls so that moves filling them (whose ball then goes to
 * a random cell) are among the candidates. */
static void test_players_ignore_the_game_rng(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 31);
    for (int round = 0; round < 12; round++) {
        lines_board *b = random_board(&rng, round % 3 ? "lines98" : "klines", 0.3 + 0.03 * round);
        lines_board *other = malloc(sizeof *other);
        assert_non_null(other);
        *other = *b;
        gl_rng_seed(&other->rng, 1000 + (uint64_t)round);
        for (int kind = 0; kind < 2; kind++) {
            lines_ai_cfg cfg;
            lines_ai_cfg_default(&cfg, kind);
            cfg.ms = 1e7; /* no ceiling: under sanitizers a move may take 50 ms, cut at a different place each time */
            lines_ai *x = lines_ai_new(&cfg, b, 5, NULL), *y = lines_ai_new(&cfg, b, 5, NULL);
            assert_non_null(x);
            assert_non_null(y);
            same_choice(x, b, y, other);
            lines_ai_free(x);
            lines_ai_free(y);
        }
        free(other);
        gl_game_lines.destroy((gl_board *)b);
    }
}

/* The plan table changes no move: a player that keeps the plan values of
 * the positions it meets again chooses as one that recomputes them, with
 * fewer nodes, on both rule sets and a deeper plan than the default. */
static void test_plan_table_changes_no_move(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 77);
    unsigned long long with = 0, without = 0;
    for (int round = 0; round < 12; round++) {
        lines_board *b = random_board(&rng, round % 3 ? "lines98" : "klines", 0.2 + 0.04 * round);
        lines_ai_cfg cfg;
        lines_ai_cfg_default(&cfg, LINES_AI_SEARCH);
        cfg.ms = 1e7; /* no ceiling: the same work on any machine */
        if (round % 4 == 1) cfg.depth = 6;
        lines_ai *x = lines_ai_new(&cfg, b, 8, NULL), *y = lines_ai_new(&cfg, b, 8, NULL);
        assert_non_null(x);
        assert_non_null(y);
        y->plan.table_off = 1;
        same_choice(x, b, y, b);
        with += lines_ai_nodes(x);
        without += lines_ai_nodes(y);
        lines_ai_free(x);
        lines_ai_free(y);
        gl_game_lines.destroy((gl_board *)b);
    }
    assert_true(with < without);
}

/* The window values: a one-colour window of `line` balls is worth
 * 10^(line-1) whatever the growth, one ball fewer `growth` times less
 * (rounded, at least 1), a mixed window nothing; and the sum over a board
 * follows the table (checked against a count of the windows by hand). */
static void test_window_growth(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 9);
    lines_board *b = random_board(&rng, "lines98", 0.4);
    lines_ai_cfg search, greedy;
    lines_ai_cfg_default(&search, LINES_AI_SEARCH);
    lines_ai_cfg_default(&greedy, LINES_AI_GREEDY);
    /* 6 for the search player under lines98, 10 otherwise */
    assert_int_equal(lines_ai_growth(&search, b), LINES_W_GROWTH_98);
    assert_int_equal(lines_ai_growth(&greedy, b), LINES_W_GROWTH);
    b->rules = LINES_KLINES;
    assert_int_equal(lines_ai_growth(&search, b), LINES_W_GROWTH);
    b->rules = LINES_98;
    lines_ai *x = lines_ai_new(&greedy, b, 1, NULL), *y = lines_ai_new(&search, b, 1, NULL);
    assert_non_null(x);
    assert_non_null(y);
    static const long long want10[] = {0, 1, 10, 100, 1000, 10000};
    static const long long want6[] = {0, 8, 46, 278, 1667, 10000};
    for (int k = 0; k <= 5; k++) {
        assert_true(x->ev.vw[k] == want10[k]);
        assert_true(y->ev.vw[k] == want6[k]);
    }
    /* the window sum of the board, counted directly */
    lines_ai *ais[] = {x, y};
    for (int a = 0; a < 2; a++) {
        lines_sim s = {0};
        s.win = calloc((size_t)ais[a]->ev.nwin, sizeof *s.win);
        assert_non_null(s.win);
        lines_sim_build(&ais[a]->ev, &s, b);
        long long sum = 0;
        for (int r = 0; r < b->h; r++)
            for (int c = 0; c < b->w; c++)
                for (int d = 0; d < 4; d++) {
                    static const int dr[] = {0, 1, 1, 1}, dc[] = {1, 0, 1, -1};
                    int last_r = r + (b->line - 1) * dr[d], last_c = c + (b->line - 1) * dc[d];
                    if (last_r >= b->h || last_c < 0 || last_c >= b->w) continue; /* not a window */
                    int colour = 0, nb = 0, mixed = 0;
                    for (int k = 0; k < b->line; k++) {
                        int v = b->cell[(r + k * dr[d]) * b->w + c + k * dc[d]];
                        if (!v) continue;
                        nb++;
                        if (colour && v != colour) mixed = 1;
                        colour = v;
                    }
                    if (!mixed) sum += ais[a]->ev.vw[nb];
                }
        assert_true(s.wsum == sum);
        free(s.win);
    }
    lines_ai_free(x);
    lines_ai_free(y);
    gl_game_lines.destroy((gl_board *)b);
    /* long lines: the values stay capped at 10^9 (growth 10: 10^(k-1) up
     * to the cap), never overflow, never fall */
    for (int line = 9; line <= LINES_MAX_SIDE; line += 17) {
        gl_kvlist params;
        gl_kv_init(&params);
        char size[16], len[8];
        snprintf(size, sizeof size, "%dx%d", LINES_MAX_SIDE, LINES_MAX_SIDE);
        snprintf(len, sizeof len, "%d", line);
        gl_kv_add(&params, "size", size, 0);
        gl_kv_add(&params, "line", len, 0);
        gl_kv_add(&params, "rules", "lines98", 0);
        gl_error err = {0};
        lines_board *big = (lines_board *)gl_game_lines.create(&params, &rng, &err);
        gl_kv_free(&params);
        assert_non_null(big);
        for (int kind = 0; kind < 2; kind++) {
            lines_ai_cfg cg;
            lines_ai_cfg_default(&cg, kind);
            lines_ai *w = lines_ai_new(&cg, big, 1, NULL);
            assert_non_null(w);
            for (int k = 1; k <= line; k++) {
                assert_true(w->ev.vw[k] >= 1 && w->ev.vw[k] <= 1000000000LL);
                assert_true(w->ev.vw[k] >= w->ev.vw[k - 1]);
                if (kind == LINES_AI_GREEDY) assert_true(w->ev.vw[k] == (k <= 10 ? (long long)pow(10, k - 1) : 1000000000LL));
            }
            lines_ai_free(w);
        }
        gl_game_lines.destroy((gl_board *)big);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_incremental_windows_match_rebuild),
        cmocka_unit_test(test_move_deltas_are_exact),
        cmocka_unit_test(test_best_moves_are_the_sorted_head),
        cmocka_unit_test(test_plan_moves_are_legal),
        cmocka_unit_test(test_players_ignore_the_game_rng),
        cmocka_unit_test(test_plan_table_changes_no_move),
        cmocka_unit_test(test_window_growth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
