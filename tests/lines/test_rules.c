/* Color Lines rules: paths against a reference BFS, lines in all four
 * directions, crossing lines, spawned lines, game over, the text format and
 * its errors, and the players' moves replayed to their reported score. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/lines/lines_net.h"

#include <stdio.h>
#include <unistd.h>

static lines_board *parse(const char *text)
{
    const gl_game *g = NULL;
    gl_error err = {0};
    gl_board *b = gl_board_parse_text(text, strlen(text), "t.txt", &g, &err);
    if (!b) fprintf(stderr, "parse: %s\n", err.msg);
    assert_non_null(b);
    assert_ptr_equal(g, &gl_game_lines);
    return (lines_board *)b;
}

static void parse_fails(const char *text, const char *want)
{
    const gl_game *g = NULL;
    gl_error err = {0};
    gl_board *b = gl_board_parse_text(text, strlen(text), "t.txt", &g, &err);
    if (b) g->destroy(b);
    assert_null(b);
    if (!strstr(err.msg, want)) fprintf(stderr, "message '%s' lacks '%s'\n", err.msg, want);
    assert_non_null(strstr(err.msg, want));
    assert_true(strncmp(err.msg, "t.txt:", 6) == 0);
}

/* The reference: a plain BFS distance on a 2-D array, as in the seed. */
static int ref_distance(const lines_board *b, int from, int to)
{
    int dist[LINES_MAX_SIDE][LINES_MAX_SIDE];
    int qr[LINES_MAX_CELLS], qc[LINES_MAX_CELLS], head = 0, tail = 0;
    for (int r = 0; r < b->h; r++)
        for (int c = 0; c < b->w; c++) dist[r][c] = -1;
    dist[from / b->w][from % b->w] = 0;
    qr[tail] = from / b->w;
    qc[tail++] = from % b->w;
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    while (head < tail) {
        int r = qr[head], c = qc[head++];
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nr >= b->h || nc < 0 || nc >= b->w || dist[nr][nc] >= 0 || b->cell[nr * b->w + nc]) continue;
            dist[nr][nc] = dist[r][c] + 1;
            qr[tail] = nr;
            qc[tail++] = nc;
        }
    }
    return dist[to / b->w][to % b->w];
}

static void test_path_matches_reference_bfs(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 42);
    int path[LINES_MAX_CELLS], queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    int found = 0, none = 0;
    for (int trial = 0; trial < 3000; trial++) {
        lines_board b;
        memset(&b, 0, sizeof b);
        b.w = 3 + (int)gl_rng_below(&rng, 12);
        b.h = 3 + (int)gl_rng_below(&rng, 12);
        b.n = b.w * b.h;
        double density = gl_rng_unit(&rng) * 0.6;
        for (int i = 0; i < b.n; i++) b.cell[i] = gl_rng_unit(&rng) < density ? 1 : 0;
        int from = (int)gl_rng_below(&rng, (uint64_t)b.n), to = (int)gl_rng_below(&rng, (uint64_t)b.n);
        b.cell[from] = 2;
        if (to == from) continue;
        int n = lines_path(&b, from, to, path, &ws);
        int ref = b.cell[to] ? -1 : ref_distance(&b, from, to);
        if (ref < 0) {
            assert_int_equal(n, 0);
            none++;
            continue;
        }
        found++;
        assert_int_equal(n - 1, ref);
        assert_int_equal(path[0], from);
        assert_int_equal(path[n - 1], to);
        for (int i = 1; i < n; i++) {
            int a = path[i - 1], c = path[i];
            assert_int_equal(abs(a / b.w - c / b.w) + abs(a % b.w - c % b.w), 1);
            assert_int_equal(b.cell[c], 0);
        }
        assert_int_equal(gl_grid_distance(b.cell, b.w, b.h, from, to, &ws), ref);
    }
    assert_true(found > 500 && none > 100);
}

static void test_regions_agree_with_paths(void **state)
{
    (void)state;
    gl_rng rng;
    gl_rng_seed(&rng, 7);
    int label[LINES_MAX_CELLS], queue[LINES_MAX_CELLS], parent[LINES_MAX_CELLS], size[LINES_MAX_CELLS + 1];
    gl_grid_ws ws = {queue, parent, LINES_MAX_CELLS};
    for (int trial = 0; trial < 200; trial++) {
        uint8_t cell[81];
        for (int i = 0; i < 81; i++) cell[i] = gl_rng_unit(&rng) < 0.45;
        int n = gl_grid_regions(cell, 9, 9, label, size, &ws);
        int total = 0;
        for (int k = 1; k <= n; k++) total += size[k];
        int free_cells = 0;
        for (int i = 0; i < 81; i++) free_cells += !cell[i];
        assert_int_equal(total, free_cells);
        int a = (int)gl_rng_below(&rng, 81), b = (int)gl_rng_below(&rng, 81);
        if (cell[a] || cell[b] || a == b) continue;
        /* same region iff a path exists (from a free cell) */
        assert_int_equal(label[a] == label[b], gl_grid_distance(cell, 9, 9, a, b, &ws) > 0);
    }
    /* any shape: touching free cells share a label, regions are numbered
     * in the order of their first cell, and the sizes count the cells */
    for (int trial = 0; trial < 400; trial++) {
        int w = 1 + (int)gl_rng_below(&rng, LINES_MAX_SIDE), h = 1 + (int)gl_rng_below(&rng, LINES_MAX_SIDE);
        double p = gl_rng_unit(&rng);
        uint8_t cell[LINES_MAX_CELLS];
        for (int i = 0; i < w * h; i++) cell[i] = gl_rng_unit(&rng) < p;
        int n = gl_grid_regions(cell, w, h, label, size, &ws), seen = 0;
        int count[LINES_MAX_CELLS + 1] = {0};
        for (int i = 0; i < w * h; i++) {
            if (cell[i]) {
                assert_int_equal(label[i], 0);
                continue;
            }
            assert_true(label[i] >= 1 && label[i] <= seen + 1);
            if (label[i] > seen) seen = label[i];
            count[label[i]]++;
            if (i % w + 1 < w && !cell[i + 1]) assert_int_equal(label[i], label[i + 1]);
            if (i + w < w * h && !cell[i + w]) assert_int_equal(label[i], label[i + w]);
        }
        assert_int_equal(seen, n);
        for (int k = 1; k <= n; k++) assert_int_equal(count[k], size[k]);
        if (w * h > 1) {
            int a = (int)gl_rng_below(&rng, (uint64_t)(w * h)), b = (int)gl_rng_below(&rng, (uint64_t)(w * h));
            if (!cell[a] && !cell[b] && a != b)
                assert_int_equal(label[a] == label[b], gl_grid_distance(cell, w, h, a, b, &ws) > 0);
        }
    }
}

static void test_points(void **state)
{
    (void)state;
    const long long k[] = {10, 12, 18, 28, 42};
    for (int n = 5; n <= 9; n++) {
        assert_int_equal(lines_points(LINES_KLINES, n), k[n - 5]);
        assert_int_equal(lines_points(LINES_98, n), n * (n - 4));
    }
}

/* Moves the ball at from to to on a fresh parse of text; checks removed. */
static void line_case(const char *text, const char *move, int expect_removed, long long expect_gain)
{
    lines_board *b = parse(text);
    /* one more ball off every line (a8): a board emptied by a move would
     * get a spawn at once (see docs/lines.md) */
    assert_int_equal(b->cell[7 * 9], 0);
    b->cell[7 * 9] = 7;
    b->nballs++;
    gl_move m;
    gl_error err = {0};
    assert_int_equal(gl_game_lines.parse_move((gl_board *)b, move, &m, &err), 0);
    int before = b->nballs;
    gl_events ev;
    gl_events_init(&ev);
    assert_int_equal(gl_game_lines.apply((gl_board *)b, &m, &ev, &err), 0);
    assert_int_equal(b->score, expect_gain);
    const gl_event *rm = gl_events_find(&ev, GL_EV_REMOVE);
    if (expect_removed) {
        assert_int_equal(b->nballs, before - expect_removed);
        assert_non_null(rm);
        assert_int_equal(rm->n, expect_removed);
        assert_int_equal(rm->value, expect_gain);
    } else {
        assert_int_equal(b->nballs, before + b->spawn);
        assert_null(rm);
        assert_non_null(gl_events_find(&ev, GL_EV_SPAWN));
    }
    assert_int_equal(ev.ev[0].kind, GL_EV_MOVE);
    gl_events_free(&ev);
    free(b);
}

static void test_lines_in_four_directions(void **state)
{
    (void)state;
    /* horizontal: 1111. row 1 and the ball at i9 goes to e1 */
    line_case("lines size=9x9 colors=7 next=234\n"
              "1111.....\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n........1\n",
              "i9-e1", 5, 10);
    /* vertical */
    line_case("lines size=9x9 colors=7 next=234\n"
              "2........\n2........\n2........\n2........\n.........\n.........\n.........\n.........\n........2\n",
              "i9-a5", 5, 10);
    /* diagonal down-right */
    line_case("lines size=9x9 colors=7 next=234\n"
              "3........\n.3.......\n..3......\n...3.....\n.........\n.........\n.........\n.........\n........3\n",
              "i9-e5", 5, 10);
    /* anti-diagonal, a line of 6 (the ball fills the middle) */
    line_case("lines size=9x9 colors=7 next=234\n"
              "........4\n.......4.\n......4..\n.........\n....4....\n...4.....\n.........\n.........\n4........\n",
              "a9-f4", 6, 12);
    /* four in a row and a different colour: no line, a spawn */
    line_case("lines size=9x9 colors=7 next=234\n"
              "1111.....\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n........2\n",
              "i9-e1", 0, 0);
    /* lines98 scoring n(n-4) */
    line_case("lines size=9x9 colors=7 next=234 rules=lines98 at=a9,b9,c9\n"
              "1111.....\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n........1\n",
              "i9-e1", 5, 5);
}

static void test_crossing_lines_count_the_ball_once(void **state)
{
    (void)state;
    /* a row and a column both through e5: 4 + 4 + the moved ball = 9 */
    lines_board *b = parse("lines size=9x9 colors=7 next=234\n"
                           "....5....\n....5....\n....5....\n....5....\n..55.55..\n.........\n.........\n.........\n5........\n");
    b->cell[8 * 9 + 8] = 1; /* a ball off the lines, so nothing spawns */
    b->nballs++;
    lines_turn t;
    lines_move(b, 8 * 9 + 0, 4 * 9 + 4, &t);
    assert_int_equal(t.nremoved, 9);
    for (int i = 0; i < t.nremoved; i++)
        for (int j = 0; j < i; j++) assert_int_not_equal(t.removed[i], t.removed[j]);
    assert_int_equal(t.gain, 42);
    assert_int_equal(t.nspawned, 0); /* a scoring move spawns nothing */
    assert_int_equal(b->nballs, 1);
    free(b);
}

static void test_spawn_completes_a_line(void **state)
{
    (void)state;
    /* lines98: the previewed 6 at e1 completes 6666. in row 1 */
    lines_board *b = parse("lines size=9x9 colors=7 next=612 rules=lines98 at=e1,a9,b9\n"
                           "6666.....\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n.......3.\n");
    lines_turn t;
    lines_move(b, 8 * 9 + 7, 8 * 9 + 8, &t);
    assert_int_equal(t.nremoved, 0);
    assert_int_equal(t.nspawned, 3);
    assert_int_equal(t.spawned[0], 4);
    assert_int_equal(t.nspawn_removed, 5);
    assert_int_equal(t.spawn_gain, 5);
    assert_int_equal(b->score, 5);
    assert_int_equal(b->nballs, 3); /* the 3 and the two other spawned balls */
    free(b);
}

static void test_game_over_when_full(void **state)
{
    (void)state;
    /* 3x3, two empty cells: a move that scores nothing, then the spawn of
     * three fills the board (only two fit) */
    lines_board *b = parse("lines size=3x3 colors=7 next=777 line=3\n"
                           "12.\n34.\n561\n");
    assert_int_equal(gl_game_lines.status((gl_board *)b), GL_PLAYING);
    gl_move m;
    gl_error err = {0};
    assert_int_equal(gl_game_lines.parse_move((gl_board *)b, "b2-c2", &m, &err), 0);
    assert_int_equal(gl_game_lines.apply((gl_board *)b, &m, NULL, &err), 0);
    assert_true(lines_full(b));
    assert_int_equal(gl_game_lines.status((gl_board *)b), GL_LOST);
    assert_int_equal(gl_game_lines.apply((gl_board *)b, &m, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "over"));
    free(b);
}

static void test_illegal_moves(void **state)
{
    (void)state;
    lines_board *b = parse("lines size=5x5 colors=7 next=234\n"
                           "1.2..\n22...\n.....\n.....\n....3\n");
    gl_move m;
    gl_error err = {0};
    assert_int_equal(gl_game_lines.parse_move((gl_board *)b, "a1c3", &m, &err), -1);
    assert_int_equal(gl_game_lines.parse_move((gl_board *)b, "a1-z9", &m, &err), -1);
    assert_int_equal(gl_game_lines.parse_move((gl_board *)b, "a1-e5x", &m, &err), -1);
    assert_int_equal(gl_game_lines.parse_move((gl_board *)b, "a1-d4", &m, &err), 0);
    assert_int_equal(gl_game_lines.apply((gl_board *)b, &m, NULL, &err), -1); /* walled in */
    assert_non_null(strstr(err.msg, "no path"));
    assert_int_equal(gl_game_lines.parse_move((gl_board *)b, "d4-d5", &m, &err), 0);
    assert_int_equal(gl_game_lines.apply((gl_board *)b, &m, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "no ball"));
    assert_int_equal(gl_game_lines.parse_move((gl_board *)b, "e5-c1", &m, &err), 0);
    assert_int_equal(gl_game_lines.apply((gl_board *)b, &m, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "not empty"));
    /* select with two cells: no path / no ball are "not a move" */
    int sel[4] = {0, 0, 3, 3};
    assert_int_equal(gl_game_lines.select((gl_board *)b, sel, 2, &m, &err), -1);
    assert_non_null(strstr(err.msg, "no path"));
    gl_move mv = {4 * 5 + 4, 0 * 5 + 4, 0};
    int rc[2 * LINES_MAX_CELLS];
    assert_int_equal(gl_game_lines.move_path((gl_board *)b, &mv, NULL, 0), 5); /* the length alone */
    assert_int_equal(gl_game_lines.move_path((gl_board *)b, &mv, rc, LINES_MAX_CELLS), 5);
    const int expect[10] = {4, 4, 3, 4, 2, 4, 1, 4, 0, 4};
    assert_memory_equal(rc, expect, sizeof expect);
    assert_int_equal(gl_game_lines.move_path((gl_board *)b, &mv, rc, 2), 5); /* at most max written */
    free(b);
}

static void test_bad_input(void **state)
{
    (void)state;
    parse_fails("lines size=3x3 line=3 colors=7 next=123\n...\n..\n...\n", "row of 2 cells");
    parse_fails("lines size=3x3 line=3 colors=7 next=123\n...\n.8.\n...\n", "unknown symbol");
    parse_fails("lines size=3x3 line=3 colors=5 next=123\n...\n.6.\n...\n", "unknown symbol");
    parse_fails("lines size=3x3 line=3 colors=7 next=123 bogus=1\n...\n...\n...\n", "bogus");
    parse_fails("lines size=3x3 line=3 colors=7 next=12\n...\n...\n...\n", "next=12");
    parse_fails("lines size=3x3 line=3 colors=7 next=193\n...\n...\n...\n", "next=193");
    parse_fails("lines size=3x3 line=3 colors=7 next=123 rng=xyz\n...\n...\n...\n", "rng=");
    parse_fails("lines size=3x3 line=3 colors=7 next=123 at=a1,b1,c1\n...\n...\n...\n", "lines98");
    parse_fails("lines size=3x3 line=3 colors=7 next=123 rules=lines98 at=a1,a1,c1\n...\n...\n...\n", "twice");
    parse_fails("lines size=3x3 line=3 colors=7 next=123 rules=lines98 at=a1,b1\n...\n...\n...\n", "at=");
    parse_fails("lines size=3x3 line=3 colors=7 next=123 rules=lines98 at=a1,b1,c1\n1..\n...\n...\n", "holds a ball");
    parse_fails("lines size=3x3 line=3 colors=7 next=123\n...\n...\n", "");
    parse_fails("lines size=99x9 colors=7\n", "size");
    parse_fails("lines size=3x3 line=3 colors=0 next=123\n...\n...\n...\n", "colors");
    parse_fails("lines size=3x3 line=7 next=123\n...\n...\n...\n", "longer");
    parse_fails("lines size=3x3 rules=foo next=123\n...\n...\n...\n", "rules");
}

static void test_saved_game_continues_identically(void **state)
{
    (void)state;
    gl_kvlist params;
    gl_kv_init(&params);
    gl_kv_add(&params, "rules", "lines98", 0);
    gl_rng rng;
    gl_rng_seed(&rng, 11);
    gl_error err = {0};
    gl_board *a = gl_game_lines.create(&params, &rng, &err);
    assert_non_null(a);
    gl_kv_free(&params);
    gl_move moves[LINES_MAX_CELLS * 4];
    for (int turn = 0; turn < 30 && gl_game_lines.status(a) == GL_PLAYING; turn++) {
        gl_strbuf sb = GL_STRBUF_INIT;
        gl_game_lines.format(a, &sb);
        lines_board *b = parse(gl_sb_str(&sb));
        gl_strbuf sb2 = GL_STRBUF_INIT;
        gl_game_lines.format((gl_board *)b, &sb2);
        assert_string_equal(gl_sb_str(&sb), gl_sb_str(&sb2)); /* round trip */
        int n = gl_game_lines.legal_moves(a, moves, (int)(sizeof moves / sizeof *moves));
        assert_true(n > 0);
        gl_move m = moves[(turn * 7919) % n];
        assert_int_equal(gl_game_lines.apply(a, &m, NULL, &err), 0);
        assert_int_equal(gl_game_lines.apply((gl_board *)b, &m, NULL, &err), 0);
        assert_memory_equal(((lines_board *)a)->cell, b->cell, (size_t)b->n);
        assert_memory_equal(((lines_board *)a)->next, b->next, sizeof b->next);
        assert_int_equal(((lines_board *)a)->score, b->score);
        free(b);
        gl_sb_free(&sb);
        gl_sb_free(&sb2);
    }
    gl_game_lines.destroy(a);
}

static void test_solver_moves_replay_to_cost(void **state)
{
    (void)state;
    /* the learned player's weights: a file of its layout, all 0 */
    char dir[] = "/tmp/gl_test_rules_XXXXXX", wpath[64];
    assert_non_null(mkdtemp(dir));
    snprintf(wpath, sizeof wpath, "%s/zero.weights", dir);
    lines_net net;
    gl_error werr = {0};
    assert_int_equal(lines_net_init(&net), 0);
    assert_int_equal(lines_net_save(&net, LNET_FILE_WEIGHTS, NULL, 0, wpath, &werr), 0);
    lines_net_free(&net);
    for (int s = 0; s < (int)gl_game_lines.nsolvers; s++) {
        int learned = !strcmp(gl_game_lines.solvers[s].name, "learned");
        gl_kvlist params, opts;
        gl_kv_init(&params);
        gl_kv_init(&opts);
        gl_kv_add(&params, "rules", s && !learned ? "klines" : "lines98", 0);
        gl_kv_add(&opts, "turns", "15", 0);
        if (s == 0) gl_kv_add(&opts, "ms", "3", 0);
        if (learned) gl_kv_add(&opts, "weights", wpath, 0);
        gl_rng rng;
        gl_rng_seed(&rng, 5);
        gl_error err = {0};
        gl_board *b = gl_game_lines.create(&params, &rng, &err);
        assert_non_null(b);
        gl_solution sol;
        gl_solution_init(&sol);
        gl_solve_opts o;
        memset(&o, 0, sizeof o);
        o.opts = &opts;
        assert_int_equal(gl_game_lines.solvers[s].solve(b, &o, &sol, &err), 0);
        assert_false(sol.optimal);
        assert_int_equal(sol.nmoves, 15);
        gl_board *c = gl_game_lines.clone(b);
        for (int i = 0; i < sol.nmoves; i++) assert_int_equal(gl_game_lines.apply(c, &sol.moves[i], NULL, &err), 0);
        assert_int_equal(((lines_board *)c)->score - ((lines_board *)b)->score, sol.cost);
        gl_game_lines.destroy(c);
        gl_game_lines.destroy(b);
        gl_solution_free(&sol);
        gl_kv_free(&params);
        gl_kv_free(&opts);
    }
    remove(wpath);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_path_matches_reference_bfs),
        cmocka_unit_test(test_regions_agree_with_paths),
        cmocka_unit_test(test_points),
        cmocka_unit_test(test_lines_in_four_directions),
        cmocka_unit_test(test_crossing_lines_count_the_ball_once),
        cmocka_unit_test(test_spawn_completes_a_line),
        cmocka_unit_test(test_game_over_when_full),
        cmocka_unit_test(test_illegal_moves),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_saved_game_continues_identically),
        cmocka_unit_test(test_solver_moves_replay_to_cost),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
