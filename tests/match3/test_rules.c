/* Match-three rules: hand-made boards whose scores are derived by hand in
 * the comments, the SPEC 2.3 example board checked against a brute force
 * written here from the SPEC text alone, the generator, the format, and
 * bad input. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "games/match3/match3.h"
#include "gridlab/play.h"

static match3_board *parse(const char *text)
{
    const gl_game *g = NULL;
    gl_error err = {0};
    gl_board *b = gl_board_parse_text(text, strlen(text), "t.txt", &g, &err);
    if (!b) print_error("parse failed: %s\n", err.msg);
    assert_non_null(b);
    assert_ptr_equal(g, &gl_game_match3);
    return (match3_board *)b;
}

static void parse_fails(const char *text, const char *want)
{
    const gl_game *g = NULL;
    gl_error err = {0};
    gl_board *b = gl_board_parse_text(text, strlen(text), "t.txt", &g, &err);
    if (b) print_error("accepted: %s\n", text);
    assert_null(b);
    if (!strstr(err.msg, want)) print_error("message '%s' lacks '%s'\n", err.msg, want);
    assert_non_null(strstr(err.msg, want));
    assert_non_null(strstr(err.msg, "t.txt:"));
}

/* Plays "a1-b1" style move with the game's own apply; returns the gain. */
static long long play(match3_board *b, const char *mv)
{
    gl_move m;
    gl_error err = {0};
    long long before = b->score;
    assert_int_equal(gl_game_match3.parse_move((gl_board *)b, mv, &m, &err), 0);
    if (gl_game_match3.apply((gl_board *)b, &m, NULL, &err) != 0) print_error("%s\n", err.msg);
    assert_int_equal(err.set, 0);
    return b->score - before;
}

static void expect_rows(const match3_board *b, const char *rows)
{
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_game_match3.format((const gl_board *)b, &sb);
    const char *body = strchr(gl_sb_str(&sb), '\n') + 1;
    if (strcmp(body, rows) != 0) print_error("board:\n%swanted:\n%s", body, rows);
    assert_string_equal(body, rows);
    gl_sb_free(&sb);
}

static long long solve(const match3_board *b, const char *algo, int x)
{
    gl_kvlist o;
    gl_kv_init(&o);
    char v[16];
    snprintf(v, sizeof v, "%d", x);
    gl_kv_add(&o, "swaps", v, 0);
    gl_solve_opts so;
    memset(&so, 0, sizeof so);
    so.opts = &o;
    gl_solution s;
    gl_solution_init(&s);
    gl_error err = {0};
    assert_int_equal(gl_game_solver(&gl_game_match3, algo)->solve((const gl_board *)b, &so, &s, &err), 0);
    long long c = s.cost;
    gl_solution_free(&s);
    gl_kv_free(&o);
    return c;
}

/* Runs of 4 score 4: only c1-c2 makes 1111 in row 1 (the other legal swap,
 * c1-d1, makes 111 for 1).  Afterwards row 1 is empty and row 2 is 2323:
 * no swap is left.  So the best of 1 swap and of 2 swaps is 4. */
static void test_run_of_four(void **state)
{
    (void)state;
    match3_board *b = parse("match3 size=4x2 kinds=3\n1121\n2313\n");
    assert_int_equal(solve(b, "best1", 1), 4);
    assert_int_equal(solve(b, "exact", 2), 4);
    assert_int_equal(solve(b, "backtrack", 2), 4);
    assert_int_equal(play(b, "c1-c2"), 4);
    expect_rows(b, "....\n2323\n");
    assert_int_equal(gl_game_match3.status((gl_board *)b), GL_LOST);
    gl_game_match3.destroy((gl_board *)b);
}

/* Runs of 5 score 10: c1-c2 makes 11111 in row 1. */
static void test_run_of_five(void **state)
{
    (void)state;
    match3_board *b = parse("match3 size=6x2 kinds=3\n112113\n231321\n");
    assert_int_equal(play(b, "c2-c1"), 10);
    expect_rows(b, ".....3\n232321\n");
    gl_game_match3.destroy((gl_board *)b);
}

/* Longer runs score like 5 (SPEC corrects the seed, which scored 0):
 * 111111 is one run of 6 -> 10; 1111111 of 7 -> 10; custom scores too. */
static void test_long_runs(void **state)
{
    (void)state;
    match3_rules R = {1, 7, 3, {1, 4, 10}, 0, 0};
    uint8_t six[7] = {1, 1, 1, 1, 1, 1, 2}, seven[7] = {1, 1, 1, 1, 1, 1, 1};
    assert_int_equal(match3_resolve_full(&R, six, NULL), 10);
    assert_int_equal(match3_resolve_full(&R, seven, NULL), 10);
    R.scores[0] = 2, R.scores[1] = 5, R.scores[2] = 7;
    assert_int_equal(match3_run_score(&R, 3), 2);
    assert_int_equal(match3_run_score(&R, 4), 5);
    assert_int_equal(match3_run_score(&R, 9), 7);
    assert_int_equal(match3_run_score(&R, 2), 0);
}

/* A crossing: c2-d2 brings a 1 to c2, which completes row 2 (a2 b2 c2) and
 * column c (c1 c2 c3).  Both runs score: 1 + 1 = 2, five tiles go.  Then
 * columns a, b drop one, column c is empty, and nothing lines up:
 *   ...32 / 23.23 / 32.23. */
static void test_crossing_runs_score_both(void **state)
{
    (void)state;
    match3_board *b = parse("match3 size=5x3 kinds=3\n23132\n11213\n32123\n");
    assert_int_equal(play(b, "c2-d2"), 2);
    expect_rows(b, "...32\n23.23\n32.23\n");
    gl_game_match3.destroy((gl_board *)b);
}

/* Simultaneous runs: a3-b3 turns column a into 111 and column b into 222 at
 * once; both score (2) and the board is cleared, which is a win. */
static void test_simultaneous_runs(void **state)
{
    (void)state;
    match3_board *b = parse("match3 size=2x3 kinds=3\n12\n12\n21\n");
    assert_int_equal(play(b, "a3-b3"), 2);
    expect_rows(b, "..\n..\n..\n");
    assert_int_equal(gl_game_match3.status((gl_board *)b), GL_WON);
    gl_game_match3.destroy((gl_board *)b);
}

/* A cascade: a2-a3 makes 111 in row 3 (1 point).  Columns a..c drop one:
 * row 3 becomes 2 3 3 3, a new run (1 point, cascades score the same).
 * Columns b..d drop again:  .... / 3..2 / 2211.  Total 2. */
static void test_cascade(void **state)
{
    (void)state;
    match3_board *b = parse("match3 size=4x3 kinds=3\n3212\n1331\n2113\n");
    assert_int_equal(play(b, "a2-a3"), 2);
    expect_rows(b, "....\n3..2\n2211\n");
    assert_int_equal(b->swaps, 1);
    gl_game_match3.destroy((gl_board *)b);
}

/* Illegal swaps are refused and leave the board alone. */
static void test_illegal_swaps(void **state)
{
    (void)state;
    match3_board *b = parse("match3 size=4x3 kinds=3\n3212\n1331\n2113\n");
    gl_error err = {0};
    gl_move m;
    const char *bad[] = {"a1-b1" /* no run */, "b2-c2" /* same kind */};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(gl_game_match3.parse_move((gl_board *)b, bad[i], &m, &err), 0);
        assert_int_equal(gl_game_match3.apply((gl_board *)b, &m, NULL, &err), -1);
    }
    assert_int_equal(gl_game_match3.parse_move((gl_board *)b, "a1-c1", &m, &err), -1);
    assert_int_equal(gl_game_match3.parse_move((gl_board *)b, "a1-a9", &m, &err), -1);
    assert_int_equal(gl_game_match3.parse_move((gl_board *)b, "a1", &m, &err), -1);
    /* Emptied cells cannot be swapped. */
    assert_int_equal(play(b, "a2-a3"), 2);
    assert_int_equal(gl_game_match3.parse_move((gl_board *)b, "b2-c2", &m, &err), 0);
    assert_int_equal(gl_game_match3.apply((gl_board *)b, &m, NULL, &err), -1);
    assert_int_equal(b->score, 2);
    gl_game_match3.destroy((gl_board *)b);
}

/* ----------------------------------------------- independent brute force */

/* The SPEC 2.3 rules written again from the text, sharing no code with the
 * game: used to find the best single swap of the SPEC example board. */
typedef struct {
    int rows, cols;
    int v[16][16];
} ref_board;

static int ref_round(ref_board *b)
{
    int mark[16][16] = {{0}}, score = 0;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++) {
            int k = b->v[r][c];
            if (!k) continue;
            if (c == 0 || b->v[r][c - 1] != k) { /* start of a row segment */
                int e = c;
                while (e < b->cols && b->v[r][e] == k) e++;
                int len = e - c;
                if (len >= 3) {
                    score += len == 3 ? 1 : len == 4 ? 4 : 10;
                    for (int i = c; i < e; i++) mark[r][i] = 1;
                }
            }
            if (r == 0 || b->v[r - 1][c] != k) {
                int e = r;
                while (e < b->rows && b->v[e][c] == k) e++;
                int len = e - r;
                if (len >= 3) {
                    score += len == 3 ? 1 : len == 4 ? 4 : 10;
                    for (int i = r; i < e; i++) mark[i][c] = 1;
                }
            }
        }
    for (int c = 0; c < b->cols; c++) {
        int col[16], n = 0;
        for (int r = b->rows - 1; r >= 0; r--)
            if (b->v[r][c] && !mark[r][c]) col[n++] = b->v[r][c];
        for (int r = b->rows - 1, i = 0; r >= 0; r--, i++) b->v[r][c] = i < n ? col[i] : 0;
    }
    return score;
}

static int ref_swap_score(ref_board b, int r1, int c1, int r2, int c2)
{
    int t = b.v[r1][c1];
    b.v[r1][c1] = b.v[r2][c2];
    b.v[r2][c2] = t;
    int total = 0, s;
    while ((s = ref_round(&b)) > 0) total += s;
    return total;
}

static void test_spec_example_best1(void **state)
{
    (void)state;
    const char *rows[8] = {"3343", "3233", "2434", "1343", "3311", "3433", "1443", "1232"};
    match3_board *b = parse("match3 size=4x8 kinds=4\n3343\n3233\n2434\n1343\n3311\n3433\n1443\n1232\n");
    ref_board rb = {8, 4, {{0}}};
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 4; c++) rb.v[r][c] = rows[r][c] - '0';
    int best = 0, nlegal = 0;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 4; c++)
            for (int d = 0; d < 2; d++) {
                int r2 = r + d, c2 = c + !d;
                if (r2 >= 8 || c2 >= 4 || rb.v[r][c] == rb.v[r2][c2]) continue;
                int s = ref_swap_score(rb, r, c, r2, c2);
                /* A swap is legal when it scores: every run scores at least 1
                 * with the default scores. */
                if (s > 0) nlegal++;
                if (s > best) best = s;
                /* The game agrees on legality swap by swap. */
                assert_int_equal(match3_swap_legal(&b->R, b->cell, r * 4 + c, r2 * 4 + c2), s > 0);
            }
    int list[MATCH3_MAX_MOVES];
    assert_int_equal(match3_legal_list(&b->R, b->cell, list), nlegal);
    assert_true(best > 0);
    assert_int_equal(solve(b, "best1", 1), best);
    assert_int_equal(solve(b, "exact", 1), best);
    for (int x = 1; x <= 4; x++) assert_int_equal(solve(b, "exact", x), solve(b, "backtrack", x));
    gl_game_match3.destroy((gl_board *)b);
}

/* ------------------------------------------------ generator and format */

static void test_generator(void **state)
{
    (void)state;
    for (int k = 3; k <= 9; k++)
        for (uint64_t seed = 0; seed < 30; seed++) {
            match3_rules R = {5 + (int)(seed % 7), 4 + (int)(seed % 9), k, {1, 4, 10}, 0, 0};
            uint8_t a[MATCH3_MAX_CELLS], b[MATCH3_MAX_CELLS];
            gl_rng r1, r2;
            gl_rng_seed(&r1, seed);
            gl_rng_seed(&r2, seed);
            match3_generate(&R, a, &r1);
            match3_generate(&R, b, &r2);
            assert_memory_equal(a, b, (size_t)(R.rows * R.cols));
            assert_false(match3_has_run(&R, a));
            for (int p = 0; p < R.rows * R.cols; p++) assert_true(a[p] >= 1 && a[p] <= k);
        }
}

static void test_format_round_trip(void **state)
{
    (void)state;
    gl_kvlist params;
    gl_kv_init(&params);
    gl_kv_add(&params, "size", "6x5", 0);
    gl_kv_add(&params, "kinds", "5", 0);
    gl_kv_add(&params, "refill", "yes", 0);
    gl_kv_add(&params, "scores", "2,5,9", 0);
    gl_rng rng;
    gl_rng_seed(&rng, 7);
    gl_error err = {0};
    gl_board *b = gl_game_match3.create(&params, &rng, &err);
    assert_non_null(b);
    assert_int_equal(gl_kv_check_used(&params, &err), 0);
    gl_move m;
    assert_true(gl_game_match3.legal_moves(b, &m, 1) > 0);
    assert_int_equal(gl_game_match3.apply(b, &m, NULL, &err), 0);
    gl_strbuf s1 = GL_STRBUF_INIT, s2 = GL_STRBUF_INIT;
    gl_game_match3.format(b, &s1);
    assert_non_null(strstr(gl_sb_str(&s1), "refill=yes rng="));
    assert_non_null(strstr(gl_sb_str(&s1), "scores=2,5,9"));
    assert_non_null(strstr(gl_sb_str(&s1), "played=1"));
    match3_board *c = parse(gl_sb_str(&s1));
    gl_game_match3.format((gl_board *)c, &s2);
    assert_string_equal(gl_sb_str(&s1), gl_sb_str(&s2));
    /* The saved rng continues exactly: the same swap on both gives the same board. */
    gl_move m2;
    if (gl_game_match3.legal_moves(b, &m2, 1) > 0) {
        assert_int_equal(gl_game_match3.apply(b, &m2, NULL, &err), 0);
        assert_int_equal(gl_game_match3.apply((gl_board *)c, &m2, NULL, &err), 0);
        gl_sb_clear(&s1);
        gl_sb_clear(&s2);
        gl_game_match3.format(b, &s1);
        gl_game_match3.format((gl_board *)c, &s2);
        assert_string_equal(gl_sb_str(&s1), gl_sb_str(&s2));
    }
    gl_sb_free(&s1);
    gl_sb_free(&s2);
    gl_game_match3.destroy(b);
    gl_game_match3.destroy((gl_board *)c);
    gl_kv_free(&params);
}

static void test_bad_input(void **state)
{
    (void)state;
    parse_fails("match3 kinds=4\n123\n", "size");
    parse_fails("match3 size=3x2 kinds=4 colour=2\n123\n231\n", "colour");
    parse_fails("match3 size=3x2 kinds=4\n123\n", "row");
    parse_fails("match3 size=3x2 kinds=4\n123\n231\n312\n", "row");
    parse_fails("match3 size=3x2 kinds=4\n1234\n231\n", "4 cells");
    parse_fails("match3 size=3x2 kinds=3\n124\n231\n", "'4'");
    parse_fails("match3 size=3x2 kinds=3\n1x3\n231\n", "'x'");
    parse_fails("match3 size=3x2 kinds=3\n111\n232\n", "run");
    parse_fails("match3 size=2x3 kinds=3\n12\n12\n13\n", "run");
    parse_fails("match3 size=3x2 kinds=3\n123\n2.1\n", "empty cell below a tile");
    parse_fails("match3 size=3x2 kinds=3 refill=yes\n123\n231\n", "rng");
    parse_fails("match3 size=3x2 kinds=3 rng=00\n123\n231\n", "rng");
    parse_fails("match3 size=3x2 kinds=3 scores=1,4\n123\n231\n", "scores");
    parse_fails("match3 size=3x2 kinds=3 scores=1,4,x\n123\n231\n", "scores");
    parse_fails("match3 size=3x2 kinds=10\n123\n231\n", "kinds");
    parse_fails("match3 size=3x2 kinds=2\n121\n212\n", "kinds");
    parse_fails("match3 size=0x2 kinds=3\n\n\n", "size");
    parse_fails("match3 size=33x2 kinds=3\n123\n231\n", "size");
    parse_fails("match3 size=3x2 kinds=3 refill=maybe\n123\n231\n", "refill");
    parse_fails("match3 size=3x2 kinds=3 score=-1\n123\n231\n", "score");
    parse_fails("match3 size=3x2 kinds=3 swaps=-1\n123\n231\n", "swaps");
    parse_fails("match3 size=3x2 kinds=3 swaps=1073741825\n123\n231\n", "swaps");
    parse_fails("match3 size=3x2 kinds=3 swaps=2 score=3 played=3\n123\n231\n", "played=3");
    char hex[200];
    snprintf(hex, sizeof hex, "match3 size=3x2 kinds=3 refill=yes rng=%064d\n1.3\n231\n", 1);
    parse_fails(hex, "refill=yes");
}

static void play_status(const match3_board *b, gl_status want, const char *line_has)
{
    assert_int_equal(gl_game_match3.status((const gl_board *)b), want);
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_game_match3.status_line((const gl_board *)b, &sb);
    if (!strstr(gl_sb_str(&sb), line_has)) print_error("status '%s' lacks '%s'\n", gl_sb_str(&sb), line_has);
    assert_non_null(strstr(gl_sb_str(&sb), line_has));
    gl_sb_free(&sb);
}

/* swaps=X ends the game after X swaps: the status says how many are left,
 * the game is won once they are used up (the score is the result), no
 * swap is legal then, a saved game keeps the limit and the swaps played,
 * and the solvers default to the swaps left. */
static void test_swap_limit(void **state)
{
    (void)state;
    gl_kvlist params;
    gl_kv_init(&params);
    gl_kv_add(&params, "swaps", "2", 0);
    gl_rng rng;
    gl_rng_seed(&rng, 1);
    gl_error err = {0};
    match3_board *b = (match3_board *)gl_game_match3.create(&params, &rng, &err);
    assert_non_null(b);
    assert_int_equal(gl_kv_check_used(&params, &err), 0);
    gl_kv_free(&params);
    assert_int_equal(b->limit, 2);
    play_status(b, GL_PLAYING, "swaps 0 of 2, 2 left");
    gl_move m;
    assert_true(gl_game_match3.legal_moves((gl_board *)b, &m, 1) > 0);
    assert_int_equal(gl_game_match3.apply((gl_board *)b, &m, NULL, &err), 0);
    play_status(b, GL_PLAYING, "swaps 1 of 2, 1 left");
    /* Saved and read back: the limit and the swaps played. */
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_game_match3.format((const gl_board *)b, &sb);
    assert_non_null(strstr(gl_sb_str(&sb), " swaps=2 score="));
    assert_non_null(strstr(gl_sb_str(&sb), " played=1\n"));
    match3_board *c = parse(gl_sb_str(&sb));
    assert_int_equal(c->limit, 2);
    assert_int_equal(c->swaps, 1);
    assert_int_equal(c->score, b->score);
    gl_sb_free(&sb);
    /* The solvers answer for the swap left, and refuse more. */
    gl_kvlist o;
    gl_kv_init(&o);
    gl_solve_opts so;
    memset(&so, 0, sizeof so);
    so.opts = &o;
    gl_solution s;
    gl_solution_init(&s);
    assert_int_equal(match3_solve_exact((const gl_board *)c, &so, &s, &err), 0);
    assert_true(s.nmoves == 1 && s.optimal);
    assert_int_equal(s.cost, solve(c, "best1", 1));
    gl_kv_add(&o, "swaps", "2", 0);
    assert_int_not_equal(match3_solve_backtrack((const gl_board *)c, &so, &s, &err), 0);
    assert_non_null(strstr(err.msg, "1 swap left"));
    gl_solution_free(&s);
    gl_kv_free(&o);
    /* The last swap ends the game: won, nothing legal, apply refuses. */
    assert_int_equal(gl_game_match3.legal_moves((gl_board *)c, &m, 1) > 0, 1);
    assert_int_equal(gl_game_match3.apply((gl_board *)c, &m, NULL, &err), 0);
    play_status(c, GL_WON, "no swap left");
    assert_int_equal(gl_game_match3.legal_moves((gl_board *)c, &m, 1), 0);
    gl_move any = {0, 1, 0};
    assert_int_not_equal(gl_game_match3.apply((gl_board *)c, &any, NULL, &err), 0);
    assert_non_null(strstr(err.msg, "no swap left"));
    gl_solve_opts ho;
    memset(&ho, 0, sizeof ho);
    assert_int_equal(gl_game_match3.hint((const gl_board *)c, &ho, &m, NULL, &err), 0);
    gl_game_match3.destroy((gl_board *)b);
    gl_game_match3.destroy((gl_board *)c);
    /* No legal swap before the limit: lost (the board is not cleared), as
     * without a limit. */
    c = parse("match3 size=3x2 kinds=3 swaps=5\n123\n231\n");
    play_status(c, GL_LOST, "game over");
    gl_game_match3.destroy((gl_board *)c);
    /* A file written before the limit existed: score=S swaps=T, T played. */
    c = parse("match3 size=4x2 kinds=3 score=4 swaps=1\n....\n2323\n");
    assert_int_equal(c->limit, 0);
    assert_int_equal(c->swaps, 1);
    gl_game_match3.format((const gl_board *)c, &sb);
    assert_non_null(strstr(gl_sb_str(&sb), " score=4 played=1\n"));
    gl_sb_free(&sb);
    gl_game_match3.destroy((gl_board *)c);
    /* swaps=0 is no limit, as no key: nothing written back. */
    c = parse("match3 size=3x2 kinds=3 swaps=0\n123\n231\n");
    assert_int_equal(c->limit, 0);
    gl_game_match3.format((const gl_board *)c, &sb);
    assert_null(strstr(gl_sb_str(&sb), "swaps"));
    gl_sb_free(&sb);
    gl_game_match3.destroy((gl_board *)c);
}

/* The events of a swap, one board per rule set and refill: the move with
 * the two cells, a remove per round whose points add up to the gain and
 * whose cells are tiles of the board before that round, a fall (tiles onto
 * empty cells below them in their column), a spawn per round with refill
 * (as many cells as cleared) and a place per spawned cell, the score last;
 * played on the board before the swap, they make the board after it.  Played through
 * the session, the swap that uses up the limit ends the game: GL_EV_WON. */
static void check_events(const char *pairs, uint64_t seed)
{
    gl_kvlist params;
    gl_kv_init(&params);
    char buf[128];
    snprintf(buf, sizeof buf, "%s", pairs);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        *eq = '\0';
        gl_kv_add(&params, tok, eq + 1, 0);
    }
    gl_play *p = gl_play_new();
    gl_error err = {0};
    if (gl_play_start(p, &gl_game_match3, &params, seed, &err) != 0) fail_msg("%s", err.msg);
    gl_kv_free(&params);
    int turns = 0;
    while (gl_play_status(p) == GL_PLAYING) {
        const match3_board *b = (const match3_board *)gl_play_board(p);
        int cols = b->R.cols;
        long long before_score = b->score;
        gl_move m;
        assert_true(gl_game_match3.legal_moves((const gl_board *)b, &m, 1) > 0);
        int left = match3_swaps_left(b);
        int n = b->R.rows * cols;
        uint8_t shown[MATCH3_MAX_CELLS];
        memcpy(shown, b->cell, (size_t)n);
        uint8_t t = shown[m.a];
        shown[m.a] = shown[m.b];
        shown[m.b] = t;
        gl_events ev;
        gl_events_init(&ev);
        assert_int_equal(gl_play_move(p, &m, &ev, &err), 0);
        b = (const match3_board *)gl_play_board(p);
        assert_true(ev.n >= 3);
        assert_int_equal(ev.ev[0].kind, GL_EV_MOVE);
        assert_int_equal(ev.ev[0].n, 2);
        const int *rc = ev.cells.rc + 2 * ev.ev[0].first;
        assert_int_equal(rc[0] * cols + rc[1], m.a);
        assert_int_equal(rc[2] * cols + rc[3], m.b);
        long long points = 0;
        int removes = 0, last_removed = 0, k = 1;
        for (; k < ev.n && ev.ev[k].kind != GL_EV_SCORE; k++) {
            const gl_event *e = &ev.ev[k];
            const int *c = ev.cells.rc + 2 * e->first;
            if (e->kind == GL_EV_REMOVE) {
                assert_true(e->n > 0);
                points += e->value;
                removes++;
                last_removed = e->n;
                for (int i = 0; i < e->n; i++) {
                    assert_true(shown[c[2 * i] * cols + c[2 * i + 1]] != 0);
                    shown[c[2 * i] * cols + c[2 * i + 1]] = 0;
                }
            } else if (e->kind == GL_EV_FALL) {
                assert_int_equal(ev.ev[k - 1].kind, GL_EV_REMOVE);
                assert_int_equal(e->n, 2 * e->value);
                for (int i = 0; i < e->n; i += 2) {
                    int from = c[2 * i] * cols + c[2 * i + 1], to = c[2 * i + 2] * cols + c[2 * i + 3];
                    assert_int_equal(c[2 * i + 1], c[2 * i + 3]);
                    assert_true(c[2 * i + 2] > c[2 * i]);
                    assert_true(shown[from] != 0);
                    assert_int_equal(shown[to], 0);
                    shown[to] = shown[from];
                    shown[from] = 0;
                }
            } else if (e->kind == GL_EV_PLACE) {
                assert_int_equal(e->n, 1);
                assert_true(ev.ev[k - 1].kind == GL_EV_SPAWN || ev.ev[k - 1].kind == GL_EV_PLACE);
                assert_int_equal(shown[c[0] * cols + c[1]], 0);
                assert_true(e->value >= 1 && e->value <= b->R.kinds);
                shown[c[0] * cols + c[1]] = (uint8_t)e->value;
            } else {
                assert_int_equal(e->kind, GL_EV_SPAWN);
                assert_true(b->R.refill);
                assert_true(ev.ev[k - 1].kind == GL_EV_REMOVE || ev.ev[k - 1].kind == GL_EV_FALL);
                assert_int_equal(e->n, last_removed);
            }
        }
        assert_true(removes > 0);
        assert_true(k < ev.n);
        assert_memory_equal(shown, b->cell, (size_t)n);
        assert_int_equal(ev.ev[k].value, b->score);
        assert_int_equal(points, b->score - before_score);
        gl_status st = gl_play_status(p);
        if (left == 1) {
            assert_int_equal(st, GL_WON);
            assert_non_null(gl_events_find(&ev, GL_EV_WON));
        }
        if (st == GL_PLAYING) assert_null(gl_events_find(&ev, GL_EV_WON));
        gl_events_free(&ev);
        turns++;
    }
    assert_true(turns > 0);
    gl_play_free(p);
}

static void test_apply_events(void **state)
{
    (void)state;
    check_events("swaps=6", 1);
    check_events("swaps=6 refill=yes", 2);
    check_events("swaps=6 rules=seed", 3);
    check_events("size=8x8 kinds=5 swaps=10 refill=yes", 4);
    check_events("size=9x9 kinds=3", 5); /* no limit: plays to the end */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_run_of_four),
        cmocka_unit_test(test_run_of_five),
        cmocka_unit_test(test_long_runs),
        cmocka_unit_test(test_crossing_runs_score_both),
        cmocka_unit_test(test_simultaneous_runs),
        cmocka_unit_test(test_cascade),
        cmocka_unit_test(test_illegal_swaps),
        cmocka_unit_test(test_spec_example_best1),
        cmocka_unit_test(test_generator),
        cmocka_unit_test(test_format_round_trip),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_swap_limit),
        cmocka_unit_test(test_apply_events),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
