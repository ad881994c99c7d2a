/* The learned player against plain recomputation: every move the
 * decision values from its tables (the two halves and the correction for
 * the tuples through both cells) is worth the network's value of the
 * afterstate it leads to; the symmetric images of a tuple share its
 * table; weight files round-trip and every kind of damage is refused
 * naming the file. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "games/lines/lines_learned.h"
#include "games/lines/lines_train.h"

#include <sys/stat.h>
#include "lines/boards.h"

/* Random tuple weights, the global features' left at 0 (they are valued
 * only when a move is played out). */
static void random_weights(lines_net *net, gl_rng *rng)
{
    for (int t = 0; t < net->gtab; t++)
        for (size_t x = net->toff[t]; x < net->toff[t] + (size_t)net->npat[t] * (size_t)net->nstage; x++)
            lnet_w_set(net, x, (float)(gl_rng_unit(rng) * 2 - 1));
}

/* Whether a ball at cell makes a line on cells. */
static int in_line(const lines_board *b, const uint8_t *cells, int cell)
{
    int c = cells[cell];
    if (!c) return 0;
    for (int d = 0; d < 4; d++) {
        int run = 1;
        for (int s = -1; s <= 1; s += 2) {
            int r = cell / b->w + s * lines_dr[d], cc = cell % b->w + s * lines_dc[d];
            while (r >= 0 && r < b->h && cc >= 0 && cc < b->w && cells[r * b->w + cc] == c) {
                run++;
                r += s * lines_dr[d];
                cc += s * lines_dc[d];
            }
        }
        if (run >= b->line) return 1;
    }
    return 0;
}

static void test_table_values_are_exact(void **state)
{
    (void)state;
    lines_net net;
    assert_int_equal(lines_net_init(&net), 0);
    gl_rng rng;
    gl_rng_seed(&rng, 42);
    random_weights(&net, &rng);
    lines_learner L;
    assert_int_equal(lines_learner_init(&L, &net, 4, 7), 0);
    L.all = malloc(sizeof(lnet_move) * LINES_MAX_CELLS * LINES_MAX_CELLS);
    assert_non_null(L.all);
    long checked = 0;
    for (int round = 0; round < 30; round++) {
        lines_board *b = random_board(&rng, "lines98", 0.2 + 0.5 * gl_rng_unit(&rng));
        int from, to;
        float q;
        if (lines_learner_choose(&L, b, NULL, &from, &to, &q) != 1) {
            free(b);
            continue;
        }
        uint8_t spawned[LINES_MAX_CELLS];
        memcpy(spawned, b->cell, (size_t)b->n);
        int balls = b->nballs, preview = 0;
        for (int k = 0; k < b->spawn; k++) {
            spawned[b->next_at[k]] = b->next[k];
            balls++;
        }
        for (int k = 0; k < b->spawn; k++) preview |= in_line(b, spawned, b->next_at[k]);
        float base = lines_net_value(&net, spawned, balls);
        for (int i = 0; i < L.nall; i++) {
            int f = L.all[i].from, t = L.all[i].to;
            if (spawned[t]) continue; /* a previewed cell: its ball's landing is left out */
            uint8_t after[LINES_MAX_CELLS];
            memcpy(after, spawned, (size_t)b->n);
            after[t] = after[f];
            after[f] = 0;
            int line = in_line(b, after, t);
            for (int k = 0; k < b->spawn; k++) line |= in_line(b, after, b->next_at[k]);
            if (line || preview) continue; /* lines go: another afterstate */
            float exact = lines_net_value(&net, after, balls);
            assert_true(fabsf(base + L.all[i].value - exact) < 1e-3f * (1 + fabsf(exact)));
            checked++;
        }
        free(b);
    }
    assert_true(checked > 5000);
    free(L.all);
    L.all = NULL;
    lines_learner_free(&L);
    lines_net_free(&net);
}


/* The moves played out are valued as the network values the position
 * they lead to (the tuples read again only where the board changed, the
 * global features counted): the same as lines_net_value of the afterstate
 * that lines_move makes. */
static void test_played_out_values_are_exact(void **state)
{
    (void)state;
    lines_net net;
    assert_int_equal(lines_net_init_layout(&net, "ntuple1"), 0);
    gl_rng rng;
    gl_rng_seed(&rng, 43);
    for (size_t x = 0; x < net.nw; x++) lnet_w_set(&net, x, (float)(gl_rng_unit(&rng) * 2 - 1));
    lines_learner L;
    assert_int_equal(lines_learner_init(&L, &net, 12, 9), 0);
    long checked = 0;
    lines_turn *t = malloc(sizeof *t);
    assert_non_null(t);
    for (int round = 0; round < 40; round++) {
        lines_board *b = random_board(&rng, "lines98", 0.2 + 0.6 * gl_rng_unit(&rng));
        int from, to;
        if (lines_learner_choose(&L, b, NULL, &from, &to, NULL) != 1) {
            free(b);
            continue;
        }
        for (int i = 0; i < L.nroot; i++) {
            if (L.root_scoring[i]) continue;
            int preview = 0;
            for (int k = 0; k < b->spawn; k++) preview |= b->next_at[k] == L.root[i].to;
            if (preview) continue; /* the displaced ball lands where the player's rng says */
            lines_board a = *b;
            lines_move(&a, L.root[i].from, L.root[i].to, t);
            float want = (float)(a.score - b->score) + (lines_full(&a) ? 0 : lines_net_value(&net, a.cell, a.nballs));
            assert_true(fabsf(want - L.root[i].value) < 1e-3f * (1 + fabsf(want)));
            checked++;
        }
        free(b);
    }
    assert_true(checked > 300);
    free(t);
    lines_learner_free(&L);
    lines_net_free(&net);
}

/* The trainer's decisions (nested_scoring 1): of a decision's scoring
 * moves, only the best by their value with the spawn at once is decided
 * again after it, so a decision makes at most one more per level (three
 * in all), far fewer than deciding again after every one; the moves stay
 * legal and their values numbers. */
static void test_nested_scoring_cap(void **state)
{
    (void)state;
    lines_net net;
    assert_int_equal(lines_net_init_layout(&net, "ntuple1"), 0);
    gl_rng rng;
    gl_rng_seed(&rng, 47);
    for (size_t x = 0; x < net.nw; x++) lnet_w_set(&net, x, (float)(gl_rng_unit(&rng) * 2 - 1));
    lines_learner all, capped;
    assert_int_equal(lines_learner_init(&all, &net, 8, 5), 0);
    assert_int_equal(lines_learner_init(&capped, &net, 8, 5), 0);
    capped.nested_scoring = 1;
    unsigned long long many = 0, few = 0;
    int with_scoring = 0;
    for (int round = 0; round < 60; round++) {
        lines_board *b = random_board(&rng, "lines98", 0.3 + 0.4 * gl_rng_unit(&rng));
        /* rows 0 to 2: four of colour 1 and four of colour 2 with room to
         * finish them, and balls of both colours that can (several
         * scoring moves) */
        static const uint8_t top[27] = {1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1,
                                        2, 2, 2, 2, 0, 0, 0, 0, 0};
        for (int x = 0; x < 27; x++) b->cell[x] = top[x];
        for (int k = 0; k < b->spawn; k++) {
            int x = b->next_at[k];
            while (x < 27 || b->cell[x]) x = 27 + (int)gl_rng_below(&rng, 54);
            b->next_at[k] = x;
        }
        for (int k = 0; k < b->spawn; k++)
            for (int j = 0; j < k; j++)
                if (b->next_at[j] == b->next_at[k]) b->next_at[k] = -1; /* lands at random */
        b->nballs = 0;
        for (int x = 0; x < b->n; x++) b->nballs += b->cell[x] != 0;
        int f1, t1, f2, t2;
        unsigned long long d0 = all.decisions, d1 = capped.decisions;
        int r1 = lines_learner_choose(&all, b, NULL, &f1, &t1, NULL);
        int r2 = lines_learner_choose(&capped, b, NULL, &f2, &t2, NULL);
        assert_int_equal(r1, r2);
        many += all.decisions - d0;
        few += capped.decisions - d1;
        assert_true(capped.decisions - d1 <= LNET_MAX_DEPTH);
        if (r2 == 1) {
            assert_true(b->cell[f2] != 0 && b->cell[t2] == 0);
            int scoring = 0;
            for (int i = 0; i < capped.nroot; i++) {
                assert_true(isfinite(capped.root[i].value));
                scoring += capped.root_scoring[i];
            }
            with_scoring += scoring > 1;
        }
        free(b);
    }
    assert_true(with_scoring >= 50);
    assert_true(few < many);
    lines_learner_free(&all);
    lines_learner_free(&capped);
    lines_net_free(&net);
}

/* ---- weight files ---- */

static char tmpdir[] = "/tmp/gl_test_learned_XXXXXX";

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *d = malloc((size_t)n + 1);
    assert_non_null(d);
    assert_int_equal(fread(d, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return d;
}

static void spit(const char *path, const unsigned char *d, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(d, 1, len, f), len);
    fclose(f);
}

/* The FNV-1a checksum at the end made right again after an edit, so that
 * the check after it is what refuses the file. */
static void reseal(unsigned char *d, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < len - 8; i++) h = (h ^ d[i]) * 0x100000001b3ULL;
    for (int i = 0; i < 8; i++) d[len - 8 + i] = (unsigned char)(h >> (8 * i));
}

static void expect_refused(lines_net *net, const char *path, const char *what)
{
    gl_error err = {0};
    assert_int_equal(lines_net_load(net, path, NULL, NULL, &err), -1);
    assert_non_null(strstr(err.msg, path));
    if (!strstr(err.msg, what)) fail_msg("'%s' lacks '%s'", err.msg, what);
}

static void test_weight_files(void **state)
{
    (void)state;
    assert_non_null(mkdtemp(tmpdir));
    char path[256], bad[256];
    snprintf(path, sizeof path, "%s/w.weights", tmpdir);
    snprintf(bad, sizeof bad, "%s/bad.weights", tmpdir);
    lines_net a, b;
    assert_int_equal(lines_net_init(&a), 0);
    gl_rng rng;
    gl_rng_seed(&rng, 5);
    random_weights(&a, &rng);
    gl_error err = {0};
    const char extra[] = "trainer state";
    assert_int_equal(lines_net_save(&a, LNET_FILE_CHECKPOINT, extra, sizeof extra, path, &err), 0);
    void *got = NULL;
    size_t ngot = 0;
    assert_int_equal(lines_net_load(&b, path, &got, &ngot, &err), 0);
    assert_int_equal(ngot, sizeof extra);
    assert_memory_equal(got, extra, sizeof extra);
    free(got);
    for (size_t x = 0; x < a.nw; x++) assert_true(lnet_w(&a, x) == lnet_w(&b, x));
    lines_net_free(&b);
    size_t len;
    unsigned char *d = slurp(path, &len);
    /* truncated anywhere */
    size_t cuts[] = {0, 4, 7, 100, 300, len / 2, len - 9, len - 1};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        spit(bad, d, cuts[i]);
        expect_refused(&b, bad, cuts[i] < 8 ? "not a gridlab weights file" : "truncated");
    }
    /* one byte changed in the weights, or a byte more */
    unsigned char *e = malloc(len + 1);
    assert_non_null(e);
    memcpy(e, d, len);
    e[len / 2] ^= 0x10;
    spit(bad, e, len);
    expect_refused(&b, bad, "corrupt (checksum mismatch)");
    memcpy(e, d, len);
    e[len] = 0;
    spit(bad, e, len + 1);
    expect_refused(&b, bad, "corrupt");
    /* another file, another version, another layout, a weight not finite */
    spit(bad, (const unsigned char *)"PK\3\4 a zip file, say, longer than the header is", 48);
    expect_refused(&b, bad, "not a gridlab weights file");
    memcpy(e, d, len);
    e[8] = 9;
    reseal(e, len);
    spit(bad, e, len);
    expect_refused(&b, bad, "version 9");
    memcpy(e, d, len);
    e[48] ^= 1; /* the layout's name */
    reseal(e, len);
    spit(bad, e, len);
    expect_refused(&b, bad, "a layout this gridlab does not know");
    expect_refused(&b, bad, "it knows ntuple1, ntuple2, ntuple3, ntuple4, ntuple5, ntuple6, ntuple7)"); /* every layout named */
    memcpy(e, d, len);
    size_t w0 = 8 + 4 + 4 + 32 + 160 + 8 + 4 * (size_t)a.ntab;
    memcpy(e + w0 + 4, (const unsigned char[]){0, 0, 0xc0, 0x7f}, 4); /* a NaN */
    reseal(e, len);
    spit(bad, e, len);
    expect_refused(&b, bad, "not a finite number");
    snprintf(bad, sizeof bad, "%s/none.weights", tmpdir);
    expect_refused(&b, bad, "cannot open");
    free(e);
    free(d);
    remove(path);
    snprintf(bad, sizeof bad, "%s/bad.weights", tmpdir);
    remove(bad);
    rmdir(tmpdir);
    lines_net_free(&a);
}

/* Every image of a tuple under the board's symmetries reads the same
 * table, and a board and its mirror image are worth the same when the
 * tuples read mirror images in mirror order (the line tuples). */
static void test_symmetric_images_share_tables(void **state)
{
    (void)state;
    lines_net net;
    /* a table per place: the images of one placement, at most 8 */
    assert_int_equal(lines_net_init_layout(&net, "ntuple1"), 0);
    int per_table[4096] = {0};
    for (int i = 0; i < net.ninst; i++) per_table[net.inst_tab[i]]++;
    for (int t = 0; t < net.gtab; t++) assert_true(per_table[t] >= 1 && per_table[t] <= 8);
    lines_net_free(&net);
    /* shared tables: one per shape, read at every place */
    assert_int_equal(lines_net_init_layout(&net, "ntuple4"), 0);
    assert_int_equal(net.gtab, 4);
    memset(per_table, 0, sizeof per_table);
    for (int i = 0; i < net.ninst; i++) per_table[net.inst_tab[i]]++;
    /* every place of the shape in each direction, each set of cells once:
     * 6 in a row (9 x 4 places, by rows and by columns), on a diagonal
     * (4 x 4, both diagonals), 2x3 blocks (7 x 8, both ways), 3x3 (7 x 7) */
    const int places[4] = {72, 32, 112, 49};
    for (int t = 0; t < net.gtab; t++) assert_int_equal(per_table[t], places[t]);
    lines_net_free(&net);
    assert_int_equal(lines_net_init_layout(&net, "nosuch"), -2);
    assert_int_equal(lines_net_init_layout(&net, "ntuple4"), 0);
    /* each set of cells is read once */
    for (int i = 0; i < net.ninst; i++)
        for (int j = i + 1; j < net.ninst; j++) {
            if (net.inst_len[i] != net.inst_len[j] || net.inst_kind[i] != net.inst_kind[j]) continue;
            int same = 1;
            for (int k = 0; k < net.inst_len[i] && same; k++) {
                int found = 0;
                for (int m = 0; m < net.inst_len[j]; m++)
                    found |= net.inst_cell[i * LNET_MAX_TUPLE + k] == net.inst_cell[j * LNET_MAX_TUPLE + m];
                same = found;
            }
            assert_false(same);
        }
    /* every cell is in the tuples of every shape */
    for (int x = 0; x < net.n; x++) assert_true(net.cm_start[x + 1] - net.cm_start[x] >= 4);
    lines_net_free(&net);
}

/* A weights file, checkpoint or --from file that is not a regular file is
 * refused at once (a FIFO nobody writes blocked in open(); /dev/zero was
 * read to 2 GiB), and a regular file past the cap before it is read. */
static void test_weight_file_kinds(void **state)
{
    (void)state;
    strcpy(tmpdir + strlen(tmpdir) - 6, "XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    char path[256];
    lines_net b;
    snprintf(path, sizeof path, "%s/fifo", tmpdir);
    assert_int_equal(mkfifo(path, 0600), 0);
    expect_refused(&b, path, "not a regular file");
    remove(path);
    expect_refused(&b, tmpdir, "not a regular file");
    gl_error err = {0};
    assert_int_equal(lines_net_load(&b, "/dev/zero", NULL, NULL, &err), -1);
    assert_non_null(strstr(err.msg, "/dev/zero: cannot read: not a regular file"));
    /* one byte over the cap (sparse: no disk used) */
    snprintf(path, sizeof path, "%s/big.weights", tmpdir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fseek(f, LNET_MAX_FILE_BYTES, SEEK_SET), 0);
    assert_int_equal(fputc('x', f), 'x');
    fclose(f);
    expect_refused(&b, path, "too large for a weights file (more than 16777216 bytes)");
    remove(path);
    rmdir(tmpdir);
}

/* A checkpoint's learning-rate sums are checked on load (NaN or 3e38
 * under a valid checksum trained on, then failed with "the training
 * diverged"): not a number, infinite or past LTRAIN_SUM_MAX is refused
 * naming the file. */
static void test_checkpoint_sums(void **state)
{
    (void)state;
    strcpy(tmpdir + strlen(tmpdir) - 6, "XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    char path[256];
    snprintf(path, sizeof path, "%s/c.ckpt", tmpdir);
    const struct {
        int which; /* 0: E, 1: A */
        float v;
        const char *what;
    } cases[] = {
        {0, NAN, "learning-rate sum E of weight 7"}, {1, NAN, "learning-rate sum A of weight 7"},
        {1, 3e38f, "learning-rate sum A of weight 7"}, {0, -INFINITY, "learning-rate sum E of weight 7"},
        {0, -3e38f, "learning-rate sum E of weight 7"}, {1, -1.0f, "learning-rate sum A of weight 7"},
        {1, 1e29f, NULL}, {0, -1e29f, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        lines_net net;
        assert_int_equal(lines_net_init(&net), 0);
        lines_trainer tr;
        assert_int_equal(lines_trainer_init(&tr, &net, 1, 1, 0.5f, 8, 50), 0);
        if (cases[i].which) atomic_store(&tr.A[7], cases[i].v);
        else {
            atomic_store(&tr.E[7], cases[i].v);
            atomic_store(&tr.A[7], 1e29f);
        }
        size_t len = 0;
        unsigned char *st = lines_trainer_save(&tr, &len);
        assert_non_null(st);
        gl_error err = {0};
        assert_int_equal(lines_net_save(&net, LNET_FILE_CHECKPOINT, st, len, path, &err), 0);
        free(st);
        lines_trainer_free(&tr);
        lines_net_free(&net);
        /* loaded as the trainer loads it */
        void *extra = NULL;
        size_t nextra = 0;
        assert_int_equal(lines_net_load(&net, path, &extra, &nextra, &err), 0);
        assert_int_equal(lines_trainer_init(&tr, &net, 1, 1, 0.5f, 8, 50), 0);
        int rc = lines_trainer_restore(&tr, extra, nextra, path, &err);
        if (cases[i].what) {
            assert_int_equal(rc, -1);
            assert_non_null(strstr(err.msg, path));
            if (!strstr(err.msg, cases[i].what)) fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, cases[i].what);
        } else {
            if (rc != 0) fail_msg("case %zu: refused: %s", i, err.msg);
        }
        free(extra);
        lines_trainer_free(&tr);
        lines_net_free(&net);
    }
    remove(path);
    rmdir(tmpdir);
}

/* ntuple7's global features on boards made by hand: a window of five
 * counts only when balls of its colour from outside it can reach its
 * empty cells (as many as it has there), and a ball walled into a pocket
 * of one cell reaches 1. */
static void test_reach_features(void **state)
{
    (void)state;
    lines_net net, old;
    assert_int_equal(lines_net_init_layout(&net, "ntuple7"), 0);
    assert_int_equal(lines_net_init_layout(&old, "ntuple6"), 0);
    assert_int_equal(net.nglobal, 8);
    assert_int_equal(old.nglobal, 5);
    assert_int_equal(lines_net_nfeatures(&net), lines_net_nfeatures(&old) + 3);
    uint8_t cells[81] = {0};
    int g[LNET_MAX_GLOBAL], g6[LNET_MAX_GLOBAL];
    for (int c = 1; c < 4; c++) cells[c] = 1; /* three of colour 1 at the top, cells 1..3 */
    lines_net_globals(&net, cells, g);
    /* the windows 0..4 and 1..5 hold them, with two empty cells each, and
     * no other ball of colour 1 can come */
    assert_int_equal(g[5], 0);
    assert_int_equal(g[6], 0);
    assert_int_equal(g[7], 0);
    cells[80] = 1; /* one from outside: not enough for two cells */
    lines_net_globals(&net, cells, g);
    assert_int_equal(g[6], 0);
    cells[70] = 1; /* two (70 is not in line with the rest): both windows */
    lines_net_globals(&net, cells, g);
    assert_int_equal(g[5], 0);
    assert_int_equal(g[6], 2);
    cells[0] = 1; /* four in 0..4, one cell to fill; three in 1..5 */
    lines_net_globals(&net, cells, g);
    assert_int_equal(g[5], 1);
    assert_int_equal(g[6], 1);
    /* balls of another colour do not help */
    cells[70] = cells[80] = 2;
    lines_net_globals(&net, cells, g);
    assert_int_equal(g[5], 0);
    assert_int_equal(g[6], 0);
    /* a ball of colour 3 in the bottom left corner, walled in with one
     * empty cell beside it (72 the ball, 73 empty, 63 64 74 walls) */
    cells[70] = cells[80] = 1;
    cells[72] = 3;
    cells[63] = cells[64] = cells[74] = 4;
    lines_net_globals(&net, cells, g);
    assert_int_equal(g[7], 1);
    assert_int_equal(g[5], 1);
    /* the first five features are ntuple6's */
    lines_net_globals(&old, cells, g6);
    for (int k = 0; k < 5; k++) assert_int_equal(g[k], g6[k]);
    /* ntuple6's weights map into ntuple7, the new features from nothing;
     * not back */
    size_t *map = malloc(sizeof *map * net.nw), *back = malloc(sizeof *back * old.nw);
    assert_non_null(map);
    assert_non_null(back);
    assert_int_equal(lines_net_stage_map(&net, &old, map), 0);
    size_t fresh = 0;
    for (size_t x = 0; x < net.nw; x++) fresh += map[x] == LNET_NEW;
    assert_int_equal(fresh, (size_t)(8 + 16 + 32) * (size_t)net.nstage);
    assert_int_equal(lines_net_stage_map(&old, &net, back), -1);
    free(map);
    free(back);
    lines_net_free(&net);
    lines_net_free(&old);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_values_are_exact),
        cmocka_unit_test(test_played_out_values_are_exact),
        cmocka_unit_test(test_nested_scoring_cap),
        cmocka_unit_test(test_weight_files),
        cmocka_unit_test(test_weight_file_kinds),
        cmocka_unit_test(test_checkpoint_sums),
        cmocka_unit_test(test_symmetric_images_share_tables),
        cmocka_unit_test(test_reach_features),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
