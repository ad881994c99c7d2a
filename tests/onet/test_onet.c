/* Onet rules: links of 0, 1 and 2 turns (and the refusal of 3), the ring,
 * bombs, obstacles, deadlock reshuffles, maps, levels, the text format, and
 * solver answers replayed move by move through the game's own apply. */
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/onet/onet.h"

static onet_board *parse(const char *text)
{
    const gl_game *g = NULL;
    gl_error err = {0};
    gl_board *b = gl_board_parse_text(text, strlen(text), "test", &g, &err);
    if (!b) fail_msg("parse failed: %s", err.msg);
    assert_ptr_equal(g, &gl_game_onet);
    return (onet_board *)b;
}

static void parse_fails(const char *text, const char *needle)
{
    const gl_game *g = NULL;
    gl_error err = {0};
    gl_board *b = gl_board_parse_text(text, strlen(text), "f.txt", &g, &err);
    if (b) {
        g->destroy(b);
        fail_msg("accepted: %s", text);
    }
    if (!strstr(err.msg, needle)) fail_msg("message '%s' lacks '%s'", err.msg, needle);
}

/* Corners of the link between two play cells, as r,c pairs. */
static int link_rc(const onet_board *b, int r1, int c1, int r2, int c2, int *rc)
{
    int corners[ONET_MAX_CORNERS];
    int n = onet_link(b, onet_at(b, r1, c1), onet_at(b, r2, c2), corners);
    for (int k = 0; k < n; k++) {
        rc[2 * k] = onet_row(b, corners[k]);
        rc[2 * k + 1] = onet_col(b, corners[k]);
    }
    return n;
}

static void test_turns(void **state)
{
    (void)state;
    int rc[8];
    onet_board *b = parse("onet size=4x1 border=0\na..a\n");
    assert_int_equal(link_rc(b, 0, 0, 0, 3, rc), 2); /* straight: 0 turns */
    assert_int_equal(rc[3], 3);
    onet_free(b);
    b = parse("onet size=3x3 border=0\na..\n@@.\n@@a\n");
    assert_int_equal(link_rc(b, 0, 0, 2, 2, rc), 3); /* one turn at (0,2) */
    assert_int_equal(rc[2], 0);
    assert_int_equal(rc[3], 2);
    onet_free(b);
    b = parse("onet size=3x3 border=0\na@@\n...\n@@a\n");
    assert_int_equal(link_rc(b, 0, 0, 2, 2, rc), 4); /* two turns */
    int want[8] = {0, 0, 1, 0, 1, 2, 2, 2};
    assert_memory_equal(rc, want, sizeof want);
    onet_free(b);
}

static void test_three_turns_refused(void **state)
{
    (void)state;
    int rc[8];
    onet_board *b = parse("onet size=5x3 border=0\na@..a\n...@@\n@@@@@\n");
    assert_int_equal(link_rc(b, 0, 0, 0, 4, rc), 0);
    /* The kernel itself finds the three-turn link when allowed. */
    gl_link_grid g = onet_grid(b);
    int corners[GL_LINK_MAX_TURNS + 2];
    assert_int_equal(gl_link_path(&g, onet_at(b, 0, 0), onet_at(b, 0, 4), 3, corners), 5);
    onet_free(b);
}

static void test_shortest_then_fewest_turns(void **state)
{
    (void)state;
    int rc[8];
    /* Around the block both ways are 2 turns; the direct row is shortest. */
    onet_board *b = parse("onet size=5x3 border=1\n.....\na...a\n.....\n");
    assert_int_equal(link_rc(b, 1, 0, 1, 4, rc), 2);
    onet_free(b);
    /* Same length, fewer turns wins: an L (1 turn) over a staircase. */
    b = parse("onet size=3x3 border=0\na..\n...\n..a\n");
    assert_int_equal(link_rc(b, 0, 0, 2, 2, rc), 3);
    onet_free(b);
}

static void test_border(void **state)
{
    (void)state;
    int rc[8];
    onet_board *b = parse("onet size=4x1 border=1\na@@a\n");
    assert_int_equal(link_rc(b, 0, 0, 0, 3, rc), 4);
    int want[8] = {0, 0, -1, 0, -1, 3, 0, 3};
    assert_memory_equal(rc, want, sizeof want);
    onet_free(b);
    b = parse("onet size=4x1 border=0\na@@a\n");
    assert_int_equal(link_rc(b, 0, 0, 0, 3, rc), 0);
    assert_int_equal(link_rc(b, 0, 1, 0, 2, rc), 2); /* obstacles link like any kind */
    onet_free(b);
    /* Right and bottom ring: coordinates W and H. */
    b = parse("onet size=2x3 border=1\n@a\nbb\n@a\n");
    assert_int_equal(link_rc(b, 0, 1, 2, 1, rc), 4);
    int want2[8] = {0, 1, 0, 2, 2, 2, 2, 1};
    assert_memory_equal(rc, want2, sizeof want2);
    /* Left ring: column -1; then the bottom ring, row H. */
    assert_int_equal(link_rc(b, 0, 0, 2, 0, rc), 4);
    int want3[8] = {0, 0, 0, -1, 2, -1, 2, 0};
    assert_memory_equal(rc, want3, sizeof want3);
    onet_free(b);
    b = parse("onet size=3x2 border=1\na@a\nb@b\n");
    assert_int_equal(link_rc(b, 1, 0, 1, 2, rc), 4);
    int want2b[8] = {1, 0, 2, 0, 2, 2, 1, 2};
    assert_memory_equal(rc, want2b, sizeof want2b);
    onet_free(b);
}

static void test_bombs_and_obstacles(void **state)
{
    (void)state;
    int rc[8];
    onet_board *b = parse("onet size=4x2 border=0\na*.a\n@aa@\n");
    assert_int_equal(link_rc(b, 0, 0, 0, 3, rc), 2); /* bombs are passable */
    gl_move m = {0, 3, 0};
    gl_error err = {0};
    gl_events ev;
    gl_events_init(&ev);
    assert_int_equal(gl_game_onet.apply((gl_board *)b, &m, &ev, &err), 0);
    /* The link crossed the bomb: every 'a' is gone, the bomb moved. */
    assert_int_equal(onet_count_tiles(b), 2);
    int bombs = 0;
    for (int c = 0; c < 4; c++) bombs += b->g[onet_at(b, 0, c)] == ONET_BOMB || b->g[onet_at(b, 1, c)] == ONET_BOMB;
    assert_int_equal(bombs, 1);
    const gl_event *rm = gl_events_find(&ev, GL_EV_REMOVE);
    assert_non_null(rm);
    assert_int_equal(rm->n, 4);
    const gl_event *bomb = gl_events_find(&ev, GL_EV_BOMB);
    assert_non_null(bomb);
    assert_int_equal(bomb->value, 'a');
    const gl_event *mv = gl_events_find(&ev, GL_EV_MOVE);
    assert_non_null(mv);
    assert_int_equal(mv->n, 2); /* a straight link: its two ends */
    gl_events_free(&ev);
    onet_free(b);
}

static void test_obstacle_blocks(void **state)
{
    (void)state;
    int rc[8];
    onet_board *b = parse("onet size=5x1 border=0\na@.@a\n");
    assert_int_equal(link_rc(b, 0, 0, 0, 4, rc), 0);
    assert_int_equal(link_rc(b, 0, 1, 0, 3, rc), 2);
    onet_free(b);
}

static void test_deadlock_reshuffle(void **state)
{
    (void)state;
    onet_board *b = parse("onet size=6x1 border=0 rng=" "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\nccabab\n");
    gl_move m = {0, 1, 0};
    gl_error err = {0};
    gl_events ev;
    gl_events_init(&ev);
    assert_int_equal(gl_game_onet.apply((gl_board *)b, &m, &ev, &err), 0);
    const gl_event *sh = gl_events_find(&ev, GL_EV_RESHUFFLE);
    assert_non_null(sh);
    assert_true(sh->value > 0);
    gl_events_free(&ev);
    gl_link_scratch sc;
    assert_int_equal(gl_link_scratch_init(&sc, (size_t)b->pw * (size_t)b->ph), 0);
    assert_true(onet_any_pair(b, &sc));
    int a = 0, bb = 0;
    for (int c = 2; c < 6; c++) {
        a += b->g[onet_at(b, 0, c)] == ONET_KIND0 + 0;
        bb += b->g[onet_at(b, 0, c)] == ONET_KIND0 + 1;
    }
    assert_int_equal(a, 2);
    assert_int_equal(bb, 2);
    assert_int_equal(gl_game_onet.status((gl_board *)b), GL_PLAYING);
    gl_link_scratch_free(&sc);
    onet_free(b);
    /* A position with no link and no room to reshuffle into one is lost. */
    b = parse("onet size=2x2 border=0\nab\nba\n");
    assert_int_equal(gl_game_onet.status((gl_board *)b), GL_LOST);
    onet_free(b);
}

/* Solves, then replays every move through the game's apply, checking the
 * reported paths against the game's own links on the way. */
static void solve_and_replay(onet_board *b, const char *algo, int expect_solved)
{
    const gl_solver *sv = gl_game_solver(&gl_game_onet, algo);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    assert_int_equal(sv->solve((gl_board *)b, &o, &sol, &err), 0);
    assert_int_equal(sol.solved, expect_solved);
    if (!sol.solved) {
        gl_solution_free(&sol);
        return;
    }
    assert_int_equal(sol.cost, sol.nmoves);
    onet_board *c = onet_copy(b);
    const gl_info_item *paths = gl_info_find(&sol.info, "paths");
    assert_non_null(paths);
    assert_int_equal(paths->type, GL_INFO_CELL_LISTS);
    assert_int_equal(paths->value, sol.nmoves);
    for (int k = 0; k < sol.nmoves; k++) {
        int rc[2 * ONET_MAX_CORNERS];
        int n = gl_game_onet.move_path((gl_board *)c, &sol.moves[k], rc, ONET_MAX_CORNERS);
        assert_true(n >= 2);
        /* the solution's path k is the link the move takes */
        const int *l = &sol.info.lists[2 * (paths->first + k)];
        assert_int_equal(l[1], n);
        assert_memory_equal(sol.info.cells.rc + 2 * l[0], rc, sizeof(int) * 2 * (size_t)n);
        assert_int_equal(gl_game_onet.status((gl_board *)c), GL_PLAYING);
        if (gl_game_onet.apply((gl_board *)c, &sol.moves[k], NULL, &err) != 0) fail_msg("move %d: %s", k, err.msg);
    }
    assert_int_equal(gl_game_onet.status((gl_board *)c), GL_WON);
    onet_free(c);
    gl_solution_free(&sol);
}

static onet_board *create(const char *const *kv)
{
    gl_kvlist p;
    gl_kv_init(&p);
    for (; kv[0]; kv += 2) gl_kv_add(&p, kv[0], kv[1], 0);
    gl_rng rng;
    gl_rng_seed(&rng, 7);
    gl_error err = {0};
    gl_board *b = gl_game_onet.create(&p, &rng, &err);
    if (!b) fail_msg("create: %s", err.msg);
    assert_int_equal(gl_kv_check_used(&p, &err), 0);
    gl_kv_free(&p);
    return (onet_board *)b;
}

static void test_full_clear_replayed(void **state)
{
    (void)state;
    const char *classic[] = {"map", "classic", "kinds", "24", NULL};
    onet_board *b = create(classic);
    assert_int_equal(onet_count_tiles(b), 96);
    solve_and_replay(b, "exact", 1);
    onet_free(b);
    /* Bombs and obstacles: the solver follows the board's rng. */
    const char *level[] = {"level", "3", NULL};
    b = create(level);
    solve_and_replay(b, "exact", 1);
    onet_free(b);
    const char *obst[] = {"level", "4", NULL};
    b = create(obst);
    assert_int_equal(b->goal, ONET_GOAL_OBSTACLES);
    solve_and_replay(b, "exact", 1);
    onet_free(b);
}

static void test_unsolvable_proved(void **state)
{
    (void)state;
    /* Two kinds of four on a 4x2 board, no ring: a b a b / b a b a.
     * Nothing links, so no removal sequence exists. */
    onet_board *b = parse("onet size=4x2 border=0\nabab\nbaba\n");
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    assert_int_equal(onet_solve_exact((gl_board *)b, &o, &sol, &err), 0);
    assert_false(sol.solved);
    assert_true(sol.optimal);
    gl_solution_free(&sol);
    onet_free(b);
    /* Kinds of four whose pairs both link go at once (the forced rule). */
    b = parse("onet size=3x3 border=0\naba\nb.b\naba\n");
    solve_and_replay(b, "exact", 1);
    onet_free(b);
}

/* With goal obstacles the exact solver stops as soon as the obstacles are
 * gone: one move on the first board (not the other pairs too), the
 * obstacles' kind of four before the other kinds on the second. */
static void test_exact_stops_at_the_goal(void **state)
{
    (void)state;
    const struct {
        const char *text;
        int nmoves, a0, b0;
    } cases[] = {
        {"onet size=4x2 border=0 goal=obstacles\naa@@\n..bb\n", 1, 2, 3},
        {"onet size=4x2 border=0 goal=obstacles\n@@aa\nbb..\n", 1, 0, 1},
        {"onet size=4x2 border=0 goal=obstacles\n@aa@\n@bb@\n", 2, 0, 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        onet_board *b = parse(cases[i].text);
        gl_solve_opts o;
        memset(&o, 0, sizeof o);
        gl_solution sol;
        gl_solution_init(&sol);
        gl_error err = {0};
        assert_int_equal(onet_solve_exact((gl_board *)b, &o, &sol, &err), 0);
        assert_true(sol.solved);
        assert_int_equal(sol.nmoves, cases[i].nmoves);
        assert_int_equal(sol.cost, cases[i].nmoves);
        assert_int_equal(sol.moves[0].a, cases[i].a0);
        assert_int_equal(sol.moves[0].b, cases[i].b0);
        gl_solution_free(&sol);
        solve_and_replay(b, "exact", 1);
        onet_free(b);
    }
}

/* Every solver and the hint stop at once on Ctrl-C (the flag already set)
 * and under a memory budget too small for their first arrays: stopped,
 * no answer, no claim, every byte given back. */
static void test_limits_stop_cleanly(void **state)
{
    (void)state;
    const char *classic[] = {"map", "classic", "kinds", "24", NULL};
    onet_board *b = create(classic);
    volatile sig_atomic_t flag = 1;
    gl_budget budget;
    gl_budget_init(&budget, 1024);
    for (int pass = 0; pass < 2; pass++) {
        gl_solve_opts o;
        memset(&o, 0, sizeof o);
        if (pass == 0) o.lim.interrupt = &flag;
        else o.lim.budget = &budget;
        const char *want = pass == 0 ? "interrupted" : "memory limit";
        for (int k = 0; k < gl_game_onet.nsolvers; k++) {
            gl_solution sol;
            gl_solution_init(&sol);
            gl_error err = {0};
            assert_int_equal(gl_game_onet.solvers[k].solve((gl_board *)b, &o, &sol, &err), 0);
            assert_false(sol.solved);
            assert_false(sol.optimal);
            assert_int_equal(sol.nmoves, 0);
            assert_non_null(sol.stopped);
            assert_string_equal(sol.stopped, want);
            gl_solution_free(&sol);
        }
        assert_int_equal(gl_budget_used(&budget), 0);
    }
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim.interrupt = &flag;
    gl_move m;
    gl_error err = {0};
    assert_int_equal(gl_game_onet.hint((gl_board *)b, &o, &m, NULL, &err), 2);
    assert_string_equal(err.msg, "interrupted");
    onet_free(b);
}

/* An independent check of the exact solver on small bomb-free boards: a
 * plain depth-first search over every linkable pair, with no forced moves
 * and no move ordering, remembering visited tile sets (bit k: tile k of the
 * reading order is still there). */
static int brute(onet_board *b, const int *cells, int n, uint64_t set, gl_htab *seen, gl_link_scratch *sc)
{
    if (set == 0) return 1;
    int ins;
    gl_htab_upsert(seen, &set, 1, &ins);
    if (!ins) return 0;
    int pairs[2 * 1024];
    int np = onet_pairs(b, sc, pairs, 1024);
    assert_true(np <= 1024);
    for (int k = 0; k < np; k++) {
        int i = pairs[2 * k], j = pairs[2 * k + 1], bi = 0, bj = 0;
        for (int t = 0; t < n; t++) {
            if (cells[t] == i) bi = t;
            if (cells[t] == j) bj = t;
        }
        uint8_t v = b->g[i];
        b->g[i] = b->g[j] = ONET_EMPTY;
        int ok = brute(b, cells, n, set & ~(1ULL << bi) & ~(1ULL << bj), seen, sc);
        b->g[i] = b->g[j] = v;
        if (ok) return 1;
    }
    return 0;
}

static void check_against_brute(const char *text, int expect)
{
    onet_board *b = parse(text);
    int cells[64], n = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++)
            if (onet_is_tile(b->g[onet_at(b, r, c)])) cells[n++] = onet_at(b, r, c);
    assert_true(n <= 64);
    gl_htab seen;
    assert_int_equal(gl_htab_init(&seen, 1, 1024, 0), 0);
    gl_link_scratch sc;
    assert_int_equal(gl_link_scratch_init(&sc, (size_t)b->pw * (size_t)b->ph), 0);
    uint64_t all = n == 64 ? ~0ULL : (1ULL << n) - 1;
    assert_int_equal(brute(b, cells, n, all, &seen, &sc), expect);
    gl_link_scratch_free(&sc);
    gl_htab_free(&seen);
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    assert_int_equal(onet_solve_exact((gl_board *)b, &o, &sol, &err), 0);
    assert_int_equal(sol.solved, expect);
    assert_true(sol.optimal); /* bomb-free, goal all: proved either way */
    gl_solution_free(&sol);
    if (expect) solve_and_replay(b, "exact", 1);
    onet_free(b);
}

static void test_exact_against_brute_force(void **state)
{
    (void)state;
    /* Greedy (first pair in reading order) fails here; a clear exists. */
    const char *trap = "onet size=6x6 border=0\nfcbghf\nibefah\ngcdded\nebichi\nchaaib\naedfgg\n";
    onet_board *b = parse(trap);
    solve_and_replay(b, "greedy", 0);
    onet_free(b);
    check_against_brute(trap, 1);
    /* Pairs link at the start, but no order clears the board. */
    check_against_brute("onet size=6x6 border=0\nhfagdd\nbefcbb\nacgaei\ncifebd\nhdcghg\nefaiih\n", 0);
    check_against_brute("onet size=4x2 border=0\nabab\nbaba\n", 0);
    check_against_brute("onet size=3x3 border=0\naba\nb.b\naba\n", 1);
}

/* Random small boards (kinds of four, with and without the ring), the
 * exact solver against the brute force: among them are positions with a
 * single linkable pair, after which the solver's pair list must still
 * hold every pair of the next position. */
static void test_exact_against_brute_force_random(void **state)
{
    (void)state;
    int solvable = 0, unsolvable = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        int w = 6, h = seed % 2 ? 6 : 4, border = seed % 4 == 0;
        onet_map m = {w, h, malloc((size_t)(w * h))};
        assert_non_null(m.on);
        memset(m.on, 1, (size_t)(w * h));
        gl_rng rng;
        gl_rng_seed(&rng, seed);
        gl_error err = {0};
        onet_board *b = onet_generate(&m, w * h / 4, 0, 0, border, 0, &rng, &err);
        onet_map_free(&m);
        assert_non_null(b);
        gl_strbuf text = GL_STRBUF_INIT;
        onet_format((gl_board *)b, &text);
        onet_free(b);
        b = parse(gl_sb_str(&text));
        int cells[64], n = 0;
        for (int r = 0; r < b->h; r++)
            for (int c = 0; c < b->w; c++) cells[n++] = onet_at(b, r, c);
        gl_htab seen;
        assert_int_equal(gl_htab_init(&seen, 1, 1024, 0), 0);
        gl_link_scratch sc;
        assert_int_equal(gl_link_scratch_init(&sc, (size_t)b->pw * (size_t)b->ph), 0);
        int expect = brute(b, cells, n, (1ULL << n) - 1, &seen, &sc);
        gl_link_scratch_free(&sc);
        gl_htab_free(&seen);
        onet_free(b);
        check_against_brute(gl_sb_str(&text), expect);
        gl_sb_free(&text);
        if (expect) solvable++;
        else unsolvable++;
    }
    assert_true(solvable > 0 && unsolvable > 0);
    /* The 17x8 board of `bench onet` seed 9: its clear needs, at a depth
     * that once held a single linkable pair, a pair other than the first
     * (the solver once kept a one-pair list there and proved it
     * unsolvable). */
    onet_map m = {17, 8, malloc(17 * 8)};
    assert_non_null(m.on);
    memset(m.on, 1, 17 * 8);
    gl_rng rng;
    gl_rng_seed(&rng, 9);
    gl_error err = {0};
    onet_board *b = onet_generate(&m, 17 * 8 / 4, 0, 0, 1, 0, &rng, &err);
    onet_map_free(&m);
    assert_non_null(b);
    solve_and_replay(b, "exact", 1);
    onet_free(b);
}

static void test_solvable_generator(void **state)
{
    (void)state;
    for (int s = 0; s < 3; s++) {
        const char *kv[] = {"map", s == 0 ? "shisen" : s == 1 ? "frame" : "diamond", "kinds", "20", "obstacles", "6",
                            "border", s == 2 ? "0" : "1", "solvable", "yes", NULL};
        onet_board *b = create(kv);
        solve_and_replay(b, "exact", 1);
        onet_free(b);
    }
}

static void test_maps_and_levels(void **state)
{
    (void)state;
    gl_error err = {0};
    onet_map m;
    const char *names = onet_map_names();
    char buf[256];
    snprintf(buf, sizeof buf, "%s", names);
    /* the map parameter's choices are the same names (forms list them) */
    assert_string_equal(gl_game_param(&gl_game_onet, "map")->choices, names);
    for (char *n = strtok(buf, "|"); n; n = strtok(NULL, "|")) {
        if (onet_map_load(n, &m, &err) != 0) fail_msg("%s: %s", n, err.msg);
        onet_map_free(&m);
    }
    const char *odd = "# map\n110\n010\n";
    assert_int_equal(onet_map_parse(odd, strlen(odd), "m.txt", &m, &err), -1);
    assert_non_null(strstr(err.msg, "m.txt:3:"));
    assert_non_null(strstr(err.msg, "even"));
    const char *zeros = "1100\n1110\n";
    assert_int_equal(onet_map_parse(zeros, strlen(zeros), "m.txt", &m, &err), -1);
    assert_non_null(strstr(err.msg, "tile cells"));
    const char *ragged = "11\n111\n";
    assert_int_equal(onet_map_parse(ragged, strlen(ragged), "m.txt", &m, &err), -1);
    assert_non_null(strstr(err.msg, "m.txt:2:"));
    const char *sym = "12\n";
    assert_int_equal(onet_map_parse(sym, strlen(sym), "m.txt", &m, &err), -1);
    const char *ok = "1111\n1001\n";
    assert_int_equal(onet_map_parse(ok, strlen(ok), "m.txt", &m, &err), 0);
    assert_int_equal(m.w, 4);
    assert_int_equal(m.h, 2);
    onet_map_free(&m);

    onet_level *lv;
    int n;
    const char *good = "# two levels\nlevel map=classic kinds=24 time=300\n\nlevel map=gaps kinds=16 obstacles=24 "
                       "bombs=15 goal=obstacles time=240\n";
    assert_int_equal(onet_levels_parse(good, strlen(good), "l.txt", &lv, &n, &err), 0);
    assert_int_equal(n, 2);
    assert_int_equal(lv[1].obstacles, 24);
    assert_int_equal(lv[1].goal, ONET_GOAL_OBSTACLES);
    free(lv);
    const char *badkey = "level map=classic kinds=24 colour=3\n";
    assert_int_equal(onet_levels_parse(badkey, strlen(badkey), "l.txt", &lv, &n, &err), -1);
    assert_non_null(strstr(err.msg, "colour"));
    const char *nolevel = "stage map=classic\n";
    assert_int_equal(onet_levels_parse(nolevel, strlen(nolevel), "l.txt", &lv, &n, &err), -1);
    assert_non_null(strstr(err.msg, "l.txt:1:"));

    /* The built-in sequence: each level's board is made, and next_level
     * walks the sequence to its end. */
    const onet_level *bl;
    int nb = onet_builtin_levels(&bl);
    const char *first[] = {"level", "1", NULL};
    gl_board *b = (gl_board *)create(first);
    for (int k = 1; k < nb; k++) {
        assert_int_equal(gl_game_onet.time_limit_s(b), bl[k - 1].time_s);
        gl_kvlist p;
        gl_kv_init(&p);
        assert_int_equal(gl_game_onet.next_level(b, &p), 1);
        char no[16];
        snprintf(no, sizeof no, "%d", k + 1);
        assert_string_equal(gl_kv_get(&p, "level"), no);
        gl_board *nxt = gl_game_create(&gl_game_onet, &p, 3, &err);
        if (!nxt) fail_msg("level %d: %s", k + 1, err.msg);
        gl_kv_free(&p);
        gl_game_onet.destroy(b);
        b = nxt;
    }
    gl_kvlist p;
    gl_kv_init(&p);
    assert_int_equal(gl_game_onet.next_level(b, &p), 0);
    gl_kv_free(&p);
    gl_game_onet.destroy(b);
}

static void test_text(void **state)
{
    (void)state;
    const char *text = "onet size=4x2 border=0 goal=obstacles bombs=1 level=2 time=60 rng="
                       "00000000000000000000000000000000000000000000000000000000000000ff\na*@a\n@bb.\n";
    onet_board *b = parse(text);
    gl_strbuf out = GL_STRBUF_INIT;
    onet_format((gl_board *)b, &out);
    assert_string_equal(gl_sb_str(&out), text);
    gl_sb_free(&out);
    onet_free(b);
    parse_fails("onet size=3x1\naba\n", "f.txt:2:");                 /* odd kind */
    parse_fails("onet size=3x1\naa@\n", "even");                    /* odd obstacles */
    parse_fails("onet size=2x1\na#\n", "unknown symbol");
    parse_fails("onet size=2x2\naa\n", "");                          /* too few rows */
    parse_fails("onet size=3x1\naa\n", "f.txt:2:");                  /* short row */
    parse_fails("onet border=1\naa\n", "size");
    parse_fails("onet size=2x1 colour=3\naa\n", "colour");
    parse_fails("onet size=2x1 rng=zz\naa\n", "rng");
    parse_fails("onet size=2x1 goal=most\naa\n", "goal");
    parse_fails("onet size=0x1\n\n", "size");
    parse_fails("onet size=99x1\naa\n", "size");
}

static void test_moves(void **state)
{
    (void)state;
    onet_board *b = parse("onet size=3x2 border=0\nab.\n.ab\n");
    gl_move m;
    gl_error err = {0};
    assert_int_equal(gl_game_onet.parse_move((gl_board *)b, "b1-c2", &m, &err), 0);
    char buf[32];
    gl_game_onet.format_move((gl_board *)b, &m, buf, sizeof buf);
    assert_string_equal(buf, "b1-c2");
    assert_int_equal(gl_game_onet.parse_move((gl_board *)b, "b1-z9", &m, &err), -1);
    assert_int_equal(gl_game_onet.parse_move((gl_board *)b, "b1a2", &m, &err), -1);
    assert_int_equal(gl_game_onet.parse_move((gl_board *)b, "a1-b1", &m, &err), 0);
    assert_int_equal(gl_game_onet.apply((gl_board *)b, &m, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "different kinds"));
    gl_move mv[8];
    assert_int_equal(gl_game_onet.legal_moves((gl_board *)b, mv, 8), 2); /* a1-b2 and b1-c2, one turn each */
    onet_free(b);
}

static int cmp_pair(const void *a, const void *b)
{
    const int *x = a, *y = b;
    return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* The extent-based pair finder against the kernel's sweep, on random
 * positions: boards of every built-in map, both border rules, with tiles
 * knocked out at random so the boards run from full to sparse. */
static void test_pairs_agree(void **state)
{
    (void)state;
    const char *maps[] = {"small", "classic", "gaps", "frame", "diamond"};
    gl_rng rng;
    gl_rng_seed(&rng, 42);
    gl_error err = {0};
    static int p1[2 * 20000], p2[2 * 20000];
    for (int t = 0; t < 200; t++) {
        onet_map m;
        assert_int_equal(onet_map_load(maps[t % 5], &m, &err), 0);
        onet_board *b = onet_generate(&m, 1 + (int)gl_rng_below(&rng, 30), 2 * (int)gl_rng_below(&rng, 6),
                                      (int)gl_rng_below(&rng, 5), t % 2, 0, &rng, &err);
        onet_map_free(&m);
        assert_non_null(b);
        int drop = (int)gl_rng_below(&rng, 100);
        for (int r = 0; r < b->h; r++)
            for (int c = 0; c < b->w; c++)
                if (onet_is_tile(b->g[onet_at(b, r, c)]) && (int)gl_rng_below(&rng, 100) < drop)
                    b->g[onet_at(b, r, c)] = ONET_EMPTY;
        gl_link_scratch sc;
        assert_int_equal(gl_link_scratch_init(&sc, (size_t)b->pw * (size_t)b->ph), 0);
        int n1 = onet_pairs(b, &sc, p1, 20000), n2 = onet_pairs_sweep(b, &sc, p2, 20000);
        assert_int_equal(n1, n2);
        assert_true(n1 <= 20000);
        qsort(p2, (size_t)n2, 2 * sizeof *p2, cmp_pair);
        assert_memory_equal(p1, p2, (size_t)n1 * 2 * sizeof *p1); /* p1 comes in reading order */
        /* The single-pair extent test agrees with the BFS on every
         * same-kind pair. */
        for (int x = 0; x < b->pw * b->ph; x++)
            for (int y = x + 1; y < b->pw * b->ph; y++)
                if (onet_is_tile(b->g[x]) && b->g[x] == b->g[y]) {
                    int corners[ONET_MAX_CORNERS];
                    assert_int_equal(onet_linkable(b, x, y), onet_link(b, x, y, corners) > 0);
                }
        /* and every pair has a path of at most two turns */
        for (int k = 0; k < n1; k++) {
            int corners[ONET_MAX_CORNERS];
            assert_true(onet_link(b, p1[2 * k], p1[2 * k + 1], corners) >= 2);
        }
        gl_link_scratch_free(&sc);
        onet_free(b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_turns),
        cmocka_unit_test(test_three_turns_refused),
        cmocka_unit_test(test_shortest_then_fewest_turns),
        cmocka_unit_test(test_border),
        cmocka_unit_test(test_bombs_and_obstacles),
        cmocka_unit_test(test_obstacle_blocks),
        cmocka_unit_test(test_deadlock_reshuffle),
        cmocka_unit_test(test_full_clear_replayed),
        cmocka_unit_test(test_unsolvable_proved),
        cmocka_unit_test(test_exact_stops_at_the_goal),
        cmocka_unit_test(test_limits_stop_cleanly),
        cmocka_unit_test(test_exact_against_brute_force),
        cmocka_unit_test(test_exact_against_brute_force_random),
        cmocka_unit_test(test_solvable_generator),
        cmocka_unit_test(test_maps_and_levels),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_moves),
        cmocka_unit_test(test_pairs_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
