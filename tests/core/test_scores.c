/* Tables of best results (scores.h): the file's text both ways, the order
 * of each kind of measure, the best ten kept, damaged files set aside
 * (never over one set aside before), the file's place, which finished
 * games count and that they enter once, and writers at the same time (two
 * processes) losing nothing.  Games are used where a behaviour needs one
 * (tiles, match3), skipped when not built. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <dirent.h>
#include <cmocka.h>

#include "gridlab/gridlab.h"

static gl_score entry(const char *game, const char *params, gl_score_kind kind, long long value, long long ms)
{
    gl_score e;
    memset(&e, 0, sizeof e);
    snprintf(e.game, sizeof e.game, "%s", game);
    e.params = (char *)params;
    e.kind = kind;
    e.value = value;
    e.ms = ms;
    e.when = 1700000000;
    e.id = (char *)"flood:size=3x3#1";
    return e;
}

static char tmpdir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/gl-scores-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The files set aside next to path: how many, and (in out) the last name
 * found, "" when there is none. */
static int aside_name(const char *path, char *out, size_t n)
{
    out[0] = '\0';
    const char *slash = strrchr(path, '/');
    char dir[256];
    snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *de;
    size_t base = strlen(slash + 1);
    int count = 0;
    while ((de = readdir(d)))
        if (strncmp(de->d_name, slash + 1, base) == 0 && strncmp(de->d_name + base, ".bad-", 5) == 0) {
            snprintf(out, n, "%s/%s", dir, de->d_name);
            count++;
        }
    closedir(d);
    return count;
}

static void test_order(void **state)
{
    (void)state;
    gl_scores s;
    gl_scores_init(&s);
    /* fewer: fewest first, then the faster; a tie goes after */
    gl_score a = entry("flood", "p", GL_SCORE_FEWER, 20, 5000);
    assert_int_equal(gl_scores_add(&s, &a), 1);
    gl_score b = entry("flood", "p", GL_SCORE_FEWER, 18, 9000);
    assert_int_equal(gl_scores_add(&s, &b), 1);
    gl_score c = entry("flood", "p", GL_SCORE_FEWER, 20, 4000);
    assert_int_equal(gl_scores_add(&s, &c), 2);
    gl_score d = entry("flood", "p", GL_SCORE_FEWER, 20, 4000);
    assert_int_equal(gl_scores_add(&s, &d), 3);
    /* another table does not mix in */
    gl_score o = entry("flood", "q", GL_SCORE_FEWER, 1, 1);
    assert_int_equal(gl_scores_add(&s, &o), 1);
    const gl_score *t[GL_SCORES_KEEP];
    assert_int_equal(gl_scores_table(&s, "flood", "p", t, GL_SCORES_KEEP), 4);
    assert_int_equal(t[0]->value, 18);
    assert_int_equal(t[1]->ms, 4000);
    assert_int_equal(t[3]->ms, 5000);
    /* more: the highest first */
    gl_score m1 = entry("lines", "p", GL_SCORE_MORE, 10, 1), m2 = entry("lines", "p", GL_SCORE_MORE, 30, 1);
    assert_int_equal(gl_scores_add(&s, &m1), 1);
    assert_int_equal(gl_scores_add(&s, &m2), 1);
    /* time: the shortest first */
    gl_score t1 = entry("onet", "p", GL_SCORE_TIME, 9000, 9000), t2 = entry("onet", "p", GL_SCORE_TIME, 8000, 8000);
    assert_int_equal(gl_scores_add(&s, &t1), 1);
    assert_int_equal(gl_scores_add(&s, &t2), 1);
    assert_int_equal(gl_scores_table(&s, "onet", "p", t, GL_SCORES_KEEP), 2);
    assert_int_equal(t[0]->value, 8000);
    gl_scores_free(&s);
}

static void test_keep_ten(void **state)
{
    (void)state;
    gl_scores s;
    gl_scores_init(&s);
    for (int i = 0; i < GL_SCORES_KEEP; i++) {
        gl_score e = entry("tiles", "n=3", GL_SCORE_FEWER, 10 + i, 100);
        assert_int_equal(gl_scores_add(&s, &e), i + 1);
    }
    gl_score worse = entry("tiles", "n=3", GL_SCORE_FEWER, 99, 100);
    assert_int_equal(gl_scores_add(&s, &worse), 0); /* did not make it */
    assert_int_equal(s.n, GL_SCORES_KEEP);
    gl_score best = entry("tiles", "n=3", GL_SCORE_FEWER, 1, 100);
    assert_int_equal(gl_scores_add(&s, &best), 1);
    assert_int_equal(s.n, GL_SCORES_KEEP);
    const gl_score *t[GL_SCORES_KEEP + 1];
    assert_int_equal(gl_scores_table(&s, "tiles", "n=3", t, GL_SCORES_KEEP + 1), GL_SCORES_KEEP);
    assert_int_equal(t[0]->value, 1);
    assert_int_equal(t[GL_SCORES_KEEP - 1]->value, 18); /* 19 went */
    gl_scores_free(&s);
}

static void test_text_round_trip(void **state)
{
    (void)state;
    gl_scores s, r;
    gl_scores_init(&s);
    gl_scores_init(&r);
    gl_score a = entry("match3", "size=7x7,kinds=4,scores=1,4,10,refill=no", GL_SCORE_MORE, 42, 61000);
    gl_score b = entry("onet", "", GL_SCORE_TIME, 61234, 61234); /* a game whose PARAMS are empty */
    gl_scores_add(&s, &a);
    gl_scores_add(&s, &b);
    gl_strbuf one = GL_STRBUF_INIT, two = GL_STRBUF_INIT;
    gl_scores_format(&s, &one);
    gl_error err = {0};
    assert_int_equal(gl_scores_parse(&r, one.data, one.len, "t", &err), 0);
    assert_int_equal(r.n, 2);
    gl_scores_format(&r, &two);
    assert_string_equal(gl_sb_str(&one), gl_sb_str(&two));
    assert_string_equal(r.items[0].params, "size=7x7,kinds=4,scores=1,4,10,refill=no");
    assert_int_equal(r.items[0].value, 42);
    /* CRLF line ends and comments are read too; an empty file is an empty table */
    const char *crlf = "gridlab-scores 1\r\n# note\r\nflood\tp\tfewer\t3\t4\t5\tflood:p#1\r\n";
    assert_int_equal(gl_scores_parse(&r, crlf, strlen(crlf), "t", &err), 0);
    assert_int_equal(r.n, 1);
    assert_int_equal(gl_scores_parse(&r, "", 0, "t", &err), 0);
    assert_int_equal(r.n, 0);
    gl_sb_free(&one);
    gl_sb_free(&two);
    gl_scores_free(&s);
    gl_scores_free(&r);
}

static void test_damaged_text(void **state)
{
    (void)state;
    static const struct {
        const char *text, *msg;
    } bad[] = {
        {"hello\n", "t:1: not a table of results"},
        {"gridlab-scores 2\n", "t:1: not a table"},
        {"gridlab-scores 1\nflood\tp\tfewer\t3\t4\t5\n", "t:2: not 7 tab-separated fields"},
        {"gridlab-scores 1\nflood\tp\tfewer\t3\t4\t5\tid\textra\n", "t:2: not 7"},
        {"gridlab-scores 1\n# ok\nflood\tp\tless\t3\t4\t5\tid\n", "t:3: the kind"},
        {"gridlab-scores 1\nflood\tp\tfewer\tx\t4\t5\tid\n", "t:2: a number is bad"},
        {"gridlab-scores 1\nflood\tp\tfewer\t3\t-4\t5\tid\n", "t:2: a number is bad"},
        {"gridlab-scores 1\nFlood!\tp\tfewer\t3\t4\t5\tid\n", "t:2: a bad game name"},
        {"gridlab-scores 1\nflood\tp\tfewer\t3\t4\t5\t\n", "t:2: an empty"},
        {"gridlab-scores 1\nflood\tp\x01\tfewer\t3\t4\t5\tid\n", "t:2: an empty, overlong or unprintable"},
    };
    gl_scores s;
    gl_scores_init(&s);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gl_error err = {0};
        assert_int_equal(gl_scores_parse(&s, bad[i].text, strlen(bad[i].text), "t", &err), -1);
        if (strncmp(err.msg, bad[i].msg, strlen(bad[i].msg)) != 0)
            fail_msg("case %zu: '%s', expected '%s...'", i, err.msg, bad[i].msg);
        assert_int_equal(s.n, 0);
    }
    gl_error err = {0};
    const char nul[] = "gridlab-scores 1\n\0x\n";
    assert_int_equal(gl_scores_parse(&s, nul, sizeof nul - 1, "t", &err), -1);
    gl_scores_free(&s);
}

static void test_files(void **state)
{
    (void)state;
    char path[512], aside[512];
    snprintf(path, sizeof path, "%s/deep/er/scores.txt", tmpdir);
    gl_scores s;
    gl_scores_init(&s);
    gl_error err = {0}, note = {0};
    /* a missing file is an empty table; recording makes the directories */
    assert_int_equal(gl_scores_load(&s, path, &err), 0);
    assert_int_equal(s.n, 0);
    gl_score a = entry("flood", "p", GL_SCORE_FEWER, 20, 5000);
    assert_int_equal(gl_scores_record(path, &a, NULL, &note, &err), 1);
    assert_false(note.set);
    gl_score b = entry("flood", "p", GL_SCORE_FEWER, 19, 5000);
    assert_int_equal(gl_scores_record(path, &b, &s, &note, &err), 1);
    assert_int_equal(s.n, 2);
    assert_int_equal(gl_scores_load(&s, path, &err), 0);
    assert_int_equal(s.n, 2);

    /* a damaged file: set aside, reported, and the table starts again */
    write_text(path, "gridlab-scores 1\nflood\tp\tfewer\tgarbage\n");
    assert_int_equal(gl_scores_load(&s, path, &err), 1);
    assert_non_null(strstr(err.msg, "set aside as"));
    assert_int_equal(s.n, 0);
    assert_false(exists(path));
    aside_name(path, aside, sizeof aside);
    assert_true(aside[0] != '\0');
    assert_non_null(strstr(err.msg, aside));
    unlink(aside);
    write_text(path, "\x7f" "ELF garbage");
    gl_error_clear(&err);
    assert_int_equal(gl_scores_record(path, &a, NULL, &note, &err), 1);
    assert_true(note.set);
    assert_non_null(strstr(note.msg, "not a table of results"));
    assert_false(err.set);
    assert_int_equal(gl_scores_load(&s, path, &err), 0);
    assert_int_equal(s.n, 1);
    aside_name(path, aside, sizeof aside);
    unlink(aside);

    /* a directory where the file should be: an error, no crash */
    char dirpath[512];
    snprintf(dirpath, sizeof dirpath, "%s/deep", tmpdir);
    gl_error_clear(&err);
    assert_int_equal(gl_scores_load(&s, dirpath, &err), -1);
    assert_true(err.set);
    assert_int_equal(gl_scores_record(dirpath, &a, NULL, &note, &err), -1);
    gl_scores_free(&s);
}

static void test_default_path(void **state)
{
    (void)state;
    char *old_xdg = getenv("XDG_DATA_HOME") ? strdup(getenv("XDG_DATA_HOME")) : NULL;
    char *old_home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_error err = {0};
    setenv("XDG_DATA_HOME", "/x/data", 1);
    setenv("HOME", "/home/p", 1);
    assert_int_equal(gl_scores_default_path(&sb, &err), 0);
    assert_string_equal(gl_sb_str(&sb), "/x/data/gridlab/scores.txt");
    gl_sb_clear(&sb);
    setenv("XDG_DATA_HOME", "relative/data", 1); /* ignored, as the XDG rule says */
    assert_int_equal(gl_scores_default_path(&sb, &err), 0);
    assert_string_equal(gl_sb_str(&sb), "/home/p/.local/share/gridlab/scores.txt");
    gl_sb_clear(&sb);
    unsetenv("XDG_DATA_HOME");
    unsetenv("HOME");
    assert_int_equal(gl_scores_default_path(&sb, &err), -1);
    assert_non_null(strstr(err.msg, "HOME"));
    if (old_xdg) setenv("XDG_DATA_HOME", old_xdg, 1);
    if (old_home) setenv("HOME", old_home, 1);
    free(old_xdg);
    free(old_home);
    gl_sb_free(&sb);
}

/* A fake clock for the session: advanced by hand. */
static uint64_t fake_ns;
static uint64_t fake_now(void *ctx)
{
    (void)ctx;
    return fake_ns;
}

/* Plays the solver's moves as if a player had found them (not assisted). */
static void play_solution(gl_play *p)
{
    gl_solution sol;
    gl_solution_init(&sol);
    gl_error err = {0};
    gl_limits lim = {5000, 0, NULL, NULL};
    gl_solve_opts o = {lim, NULL, NULL, NULL};
    const gl_game *g = gl_play_game(p);
    assert_int_equal(g->solvers[0].solve(gl_play_board(p), &o, &sol, &err), 0);
    assert_true(sol.solved);
    for (int i = 0; i < sol.nmoves; i++) {
        fake_ns += 1000000000ULL;
        assert_int_equal(gl_play_move(p, &sol.moves[i], NULL, &err), 0);
    }
    gl_solution_free(&sol);
}

static void test_score_of_play(void **state)
{
    (void)state;
    const gl_game *tiles = gl_game_find("tiles");
    if (!tiles) skip();
    gl_play *p = gl_play_new();
    gl_error err = {0};
    gl_score e;
    fake_ns = 1;
    gl_play_set_clock(p, fake_now, NULL);
    assert_int_equal(gl_play_start_id(p, "tiles:n=2,hop=2,start=standard#4", &err), 0);
    gl_play_set_clock(p, fake_now, NULL);
    assert_int_equal(gl_score_of_play(p, &e, &err), -1);
    assert_string_equal(err.msg, "the game is not finished");
    play_solution(p);
    assert_int_equal(gl_play_status(p), GL_WON);
    fake_ns += 5000000000ULL; /* after the end: not counted */
    assert_int_equal(gl_score_of_play(p, &e, &err), 0);
    assert_string_equal(e.game, "tiles");
    assert_string_equal(e.params, "n=2,hop=2,start=standard"); /* no seed */
    assert_string_equal(e.id, "tiles:n=2,hop=2,start=standard#4");
    assert_int_equal(e.kind, GL_SCORE_FEWER);
    assert_int_equal(e.value, tiles->score(gl_play_board(p)));
    assert_int_equal(e.ms, 1000LL * gl_play_moves(p));
    gl_score_free(&e);

    /* with a hint, or the solver's moves: marked, not counted */
    assert_int_equal(gl_play_restart(p, &err), 0);
    gl_move m;
    assert_int_equal(gl_play_hint(p, NULL, &m, NULL, &err), GL_HINT_MOVE);
    play_solution(p);
    assert_int_equal(gl_score_of_play(p, &e, &err), -1);
    assert_string_equal(err.msg, "1 hint helped in this game");
    assert_int_equal(gl_play_restart(p, &err), 0);
    gl_solution sol;
    gl_solution_init(&sol);
    assert_int_equal(gl_play_solve(p, NULL, &sol, &err), 0);
    gl_solution_free(&sol);
    int moved;
    while (gl_play_solve_step(p, &moved, NULL, &err) == 1) {}
    assert_int_equal(gl_play_status(p), GL_WON);
    assert_int_equal(gl_score_of_play(p, &e, &err), -1);
    assert_string_equal(err.msg, "the solver played moves of this game");

    /* a board read without an ID has no table */
    const char *text = "tiles hop=2\nBW_\n";
    assert_int_equal(gl_play_load_text(p, text, strlen(text), "t", &err), 0);
    play_solution(p);
    assert_int_equal(gl_score_of_play(p, &e, &err), -1);
    assert_non_null(strstr(err.msg, "no ID"));
    gl_play_free(p);
}

/* Plays the boards of the ID "PREFIX#SEED", seed 1 up, each by its first
 * legal move until it ends (at most 20 moves), and stops at the first that
 * ended after a move, with a score of zero when zero is set; 1 when found. */
static int play_first_ended(gl_play *p, const char *prefix, int zero)
{
    gl_error err = {0};
    for (uint64_t seed = 1; seed < 200; seed++) {
        char id[128];
        snprintf(id, sizeof id, "%s#%llu", prefix, (unsigned long long)seed);
        assert_int_equal(gl_play_start_id(p, id, &err), 0);
        const gl_game *g = gl_play_game(p);
        for (int k = 0; k < 20 && gl_play_status(p) == GL_PLAYING; k++) {
            gl_move mv[256];
            int n = g->legal_moves(gl_play_board(p), mv, 256);
            assert_true(n > 0);
            assert_int_equal(gl_play_move(p, &mv[0], NULL, &err), 0);
        }
        if (gl_play_status(p) != GL_PLAYING && gl_play_moves(p) > 0 && (!zero || gl_play_score(p) == 0)) return 1;
    }
    return 0;
}

/* A game measured by points counts however it ended: a match3 board with
 * one swap, played to its end. */
static void test_score_more(void **state)
{
    (void)state;
    if (!gl_game_find("match3")) skip();
    gl_play *p = gl_play_new();
    gl_error err = {0};
    gl_score e;
    /* find a seed whose 4x4 board ends within a few swaps */
    assert_true(play_first_ended(p, "match3:size=4x4,kinds=3,scores=1,4,10,refill=no", 0));
    assert_int_equal(gl_score_of_play(p, &e, &err), 0);
    assert_int_equal(e.kind, GL_SCORE_MORE);
    assert_int_equal(e.value, gl_play_game(p)->score(gl_play_board(p)));
    /* the table's key is the canonical PARAMS of the game's ID */
    const char *id = gl_play_id(p), *colon = strchr(id, ':'), *hash = strrchr(id, '#');
    assert_non_null(colon);
    assert_non_null(hash);
    assert_int_equal(strlen(e.params), (size_t)(hash - colon - 1));
    assert_memory_equal(e.params, colon + 1, strlen(e.params));
    assert_non_null(strstr(e.params, "size=4x4,kinds=3,scores=1,4,10,refill=no"));
    gl_score_free(&e);
    gl_play_free(p);
}

/* A game of points that ended with none is no result: not counted, not
 * entered in a table, and not "the best result" of an empty table (a
 * lines board too small to make a line before it fills). */
static void test_score_zero(void **state)
{
    (void)state;
    if (!gl_game_find("lines")) skip();
    gl_play *p = gl_play_new();
    gl_error err = {0};
    gl_score e;
    assert_true(play_first_ended(p, "lines:size=3x3,colors=9,line=3", 1));
    assert_int_equal(gl_score_of_play(p, &e, &err), -1);
    assert_string_equal(err.msg, "no points were scored");
    gl_scores s;
    gl_scores_init(&s);
    gl_record rec;
    assert_int_equal(gl_play_record_table(p, &s, &rec, &err), 0);
    assert_int_equal(rec.rank, -1);
    assert_int_equal(s.n, 0);
    char words[400];
    gl_record_words(&rec, words, sizeof words);
    assert_string_equal(words, "Not entered in the best results: no points were scored.");
    gl_scores_free(&s);
    gl_play_free(p);
}

static void test_format_value(void **state)
{
    (void)state;
    char buf[64];
    gl_score_format_value(NULL, GL_SCORE_TIME, 62500, buf, sizeof buf);
    assert_string_equal(buf, "1:02.5");
    gl_score_format_value(NULL, GL_SCORE_TIME, 3723000, buf, sizeof buf);
    assert_string_equal(buf, "1:02:03.0");
    gl_score_format_value(NULL, GL_SCORE_MORE, 12, buf, sizeof buf);
    assert_string_equal(buf, "score 12");
    const gl_game *g = gl_game_find("tiles");
    if (g) {
        gl_score_format_value(g, GL_SCORE_FEWER, 14, buf, sizeof buf);
        assert_string_equal(buf, "cost 14");
    }
}

/* Two damaged files set aside in the same second: two files, the first
 * one intact. */
static void test_set_aside_twice(void **state)
{
    (void)state;
    char path[512], first[600], second[600];
    snprintf(path, sizeof path, "%s/scores.txt", tmpdir);
    gl_scores s;
    gl_scores_init(&s);
    gl_error err = {0};
    write_text(path, "first damaged file\n");
    assert_int_equal(gl_scores_load(&s, path, &err), 1);
    aside_name(path, first, sizeof first);
    write_text(path, "second damaged file\n");
    gl_error_clear(&err);
    assert_int_equal(gl_scores_load(&s, path, &err), 1);
    char any[600];
    assert_int_equal(aside_name(path, any, sizeof any), 2);
    const char *as = strstr(err.msg, "set aside as ");
    assert_non_null(as);
    snprintf(second, sizeof second, "%s", as + strlen("set aside as "));
    assert_string_not_equal(first, second);
    FILE *f = fopen(first, "r");
    assert_non_null(f);
    char line[64] = "";
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    assert_string_equal(line, "first damaged file\n");
    unlink(first);
    unlink(second);
    gl_scores_free(&s);
}

/* Two real processes recording 50 results each, under 50 parameter sets
 * each (100 sets in all), started together: all 100 are in the file. */
static void test_two_writers(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/race/scores.txt", tmpdir);
    int go[2];
    assert_int_equal(pipe(go), 0);
    pid_t kids[2];
    for (int k = 0; k < 2; k++) {
        kids[k] = fork();
        assert_true(kids[k] >= 0);
        if (kids[k] == 0) {
            close(go[1]);
            char c;
            if (read(go[0], &c, 1) != 0) _exit(3); /* waits for the start: the pipe closed */
            for (int i = 0; i < 50; i++) {
                char params[32];
                snprintf(params, sizeof params, "n=%d", k * 50 + i);
                gl_score e = entry("tiles", params, GL_SCORE_FEWER, i, 1000);
                gl_error note = {0}, err = {0};
                if (gl_scores_record(path, &e, NULL, &note, &err) < 0) {
                    fprintf(stderr, "writer %d: %s\n", k, err.msg);
                    _exit(1);
                }
            }
            _exit(0);
        }
    }
    close(go[0]);
    close(go[1]); /* both start now */
    for (int k = 0; k < 2; k++) {
        int st;
        assert_int_equal(waitpid(kids[k], &st, 0), kids[k]);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 0);
    }
    gl_scores s;
    gl_scores_init(&s);
    gl_error err = {0};
    assert_int_equal(gl_scores_load(&s, path, &err), 0);
    assert_int_equal(s.n, 100);
    for (int i = 0; i < 100; i++) {
        char params[32];
        snprintf(params, sizeof params, "n=%d", i);
        const gl_score *one[1];
        assert_int_equal(gl_scores_table(&s, "tiles", params, one, 1), 1);
    }
    gl_scores_free(&s);
}

/* Recording a finished game: ranked once, its words; a lost game of moves
 * and a custom game say why they do not enter; a save keeps that it was
 * recorded. */
static void test_play_record(void **state)
{
    (void)state;
    if (!gl_game_find("tiles")) skip();
    char path[512];
    snprintf(path, sizeof path, "%s/rec/scores.txt", tmpdir);
    gl_play *p = gl_play_new();
    gl_error err = {0};
    gl_record rec;
    char words[400];
    fake_ns = 1;
    gl_play_set_clock(p, fake_now, NULL);
    assert_int_equal(gl_play_start_id(p, "tiles:n=2,hop=2,start=standard#4", &err), 0);
    play_solution(p);
    assert_int_equal(gl_play_record(p, path, NULL, &rec, &err), 0);
    assert_int_equal(rec.rank, 1);
    gl_record_words(&rec, words, sizeof words);
    assert_string_equal(words, "The best result for these options!");
    assert_int_equal(gl_play_recorded(p), 1);
    /* once: not again, not after a save and a load either */
    assert_int_equal(gl_play_record(p, path, NULL, &rec, &err), 0);
    assert_int_equal(rec.rank, -1);
    assert_string_equal(rec.why, "Already in the best results.");
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_play_save_text(p, &sb);
    gl_play *q = gl_play_new();
    assert_int_equal(gl_play_load_text(q, sb.data, sb.len, "s", &err), 0);
    assert_int_equal(gl_play_undo(q, &err), 0);
    assert_int_equal(gl_play_redo(q, &err), 0);
    assert_int_equal(gl_play_record(q, path, NULL, &rec, &err), 0);
    assert_int_equal(rec.rank, -1);
    gl_play_free(q);
    gl_sb_free(&sb);
    /* the same board again, slower: the 2nd (a new game of the same ID: a
     * restart is the same game, recorded already) */
    assert_int_equal(gl_play_restart(p, &err), 0);
    play_solution(p);
    assert_int_equal(gl_play_record(p, path, NULL, &rec, &err), 0);
    assert_string_equal(rec.why, "Already in the best results.");
    assert_int_equal(gl_play_start_id(p, "tiles:n=2,hop=2,start=standard#4", &err), 0);
    fake_ns += 1;
    play_solution(p);
    fake_ns += 1;
    assert_int_equal(gl_play_record(p, path, NULL, &rec, &err), 0);
    assert_int_equal(rec.rank, 2);
    gl_record_words(&rec, words, sizeof words);
    assert_string_equal(words, "The 2nd best result for these options.");
    /* a custom game */
    const char *text = "tiles hop=2\nBW_\n";
    assert_int_equal(gl_play_load_text(p, text, strlen(text), "t", &err), 0);
    play_solution(p);
    assert_int_equal(gl_play_record(p, path, NULL, &rec, &err), 0);
    assert_int_equal(rec.rank, -1);
    assert_string_equal(rec.why, "Not entered in the best results: a custom game (no game ID).");
    gl_scores s;
    gl_scores_init(&s);
    assert_int_equal(gl_scores_load(&s, path, &err), 0);
    assert_int_equal(s.n, 2);
    /* and into a table in memory (the page's) */
    assert_int_equal(gl_play_start_id(p, "tiles:n=2,hop=2,start=standard#5", &err), 0);
    play_solution(p);
    assert_int_equal(gl_play_record_table(p, &s, &rec, &err), 0);
    assert_int_equal(rec.rank, 3); /* the same table (no seed in its key); a tie goes after */
    assert_int_equal(s.n, 3);
    gl_scores_free(&s);
    gl_play_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_keep_ten),
        cmocka_unit_test(test_text_round_trip),
        cmocka_unit_test(test_damaged_text),
        cmocka_unit_test_setup_teardown(test_files, setup, teardown),
        cmocka_unit_test(test_default_path),
        cmocka_unit_test(test_score_of_play),
        cmocka_unit_test(test_score_more),
        cmocka_unit_test(test_score_zero),
        cmocka_unit_test(test_format_value),
        cmocka_unit_test_setup_teardown(test_set_aside_twice, setup, teardown),
        cmocka_unit_test_setup_teardown(test_two_writers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_play_record, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
