/* Words for players: no string a player reads in the terminal front end
 * or in a game's table (its summary, rules, move notation, the figures of
 * its status line, what Solve does, its parameters' help in the custom
 * form, its presets' names, the status line of every preset's first board) speaks of the
 * project's sources ("the seed's"), of command-line options ("--") or of
 * a solver's formulas ("cost =").
 *
 * The terminal front end's own strings are read from its sources: every
 * string literal of the .c files in src/tui, comments left out.  Values inside IDs
 * (rules=seed) are not words and stay as they are. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/internal.h"

static const char *const forbidden[] = {"seed's", "--", "cost ="};

/* The first forbidden phrase in s, or NULL. */
static const char *bad_words(const char *s)
{
    for (size_t i = 0; s && i < sizeof forbidden / sizeof forbidden[0]; i++)
        if (strstr(s, forbidden[i])) return forbidden[i];
    return NULL;
}

static int nbad, quiet;

static void check(const char *where, const char *s)
{
    const char *w = bad_words(s);
    if (!w) return;
    if (!quiet) print_error("%s: '%s' in \"%s\"\n", where, w, s);
    nbad++;
}

static void test_game_tables(void **state)
{
    (void)state;
    nbad = 0;
    for (int i = 0; i < gl_ngames; i++) {
        const gl_game *g = gl_games[i];
        char where[128];
        snprintf(where, sizeof where, "%s summary", g->name);
        check(where, g->summary);
        snprintf(where, sizeof where, "%s rules", g->name);
        check(where, g->rules);
        snprintf(where, sizeof where, "%s move_help", g->name);
        check(where, g->move_help);
        snprintf(where, sizeof where, "%s status_help", g->name);
        check(where, g->status_help);
        snprintf(where, sizeof where, "%s solve_words", g->name);
        check(where, g->solve_words);
        for (int k = 0; k < g->nparams; k++) {
            snprintf(where, sizeof where, "%s parameter %s", g->name, g->params[k].key);
            check(where, g->params[k].help);
        }
        for (int k = 0; k <= g->npresets; k++) {
            const char *params = k < g->npresets ? g->presets[k].params : "";
            if (k < g->npresets) {
                snprintf(where, sizeof where, "%s preset %d", g->name, k + 1);
                check(where, g->presets[k].name);
            }
            /* the status line of the preset's first board (the defaults' last) */
            gl_play *p = gl_play_new();
            assert_non_null(p);
            gl_error err = {0};
            if (gl_play_start_text(p, g, params, 7, &err) != 0) fail_msg("%s %s: %s", g->name, params, err.msg);
            gl_strbuf sb = GL_STRBUF_INIT;
            g->status_line(gl_play_board(p), &sb);
            snprintf(where, sizeof where, "%s status line of '%s'", g->name, params);
            check(where, gl_sb_str(&sb));
            gl_sb_free(&sb);
            gl_play_free(p);
        }
    }
    assert_int_equal(nbad, 0);
}

/* The string literals of a C source, each passed to check (comments and
 * character constants skipped; adjacent literals joined, as the compiler
 * joins them). */
static void check_literals(const char *file, const char *src)
{
    gl_strbuf lit = GL_STRBUF_INIT;
    int in_lit = 0, line = 1, lit_line = 0;
    for (const char *c = src; *c; c++) {
        if (*c == '\n') line++;
        if (c[0] == '/' && c[1] == '*') {
            const char *e = strstr(c + 2, "*/");
            for (const char *q = c; q < (e ? e : c + strlen(c)); q++) line += *q == '\n';
            if (!e) break;
            c = e + 1;
            continue;
        }
        if (c[0] == '/' && c[1] == '/') {
            while (c[1] && c[1] != '\n') c++;
            continue;
        }
        if (*c == '\'') { /* a character constant: '"' must not open a string */
            c++;
            if (*c == '\\') c++;
            while (*c && *c != '\'') c++;
            if (!*c) break;
            continue;
        }
        if (*c == '"') {
            if (!in_lit) {
                gl_sb_clear(&lit);
                lit_line = line;
            }
            in_lit = 1;
            for (c++; *c && *c != '"'; c++) {
                if (*c == '\\' && c[1]) {
                    c++;
                    if (*c == 'n') gl_sb_putc(&lit, '\n');
                    else gl_sb_putc(&lit, *c);
                    continue;
                }
                if (*c == '\n') line++;
                gl_sb_putc(&lit, *c);
            }
            if (!*c) break;
            continue;
        }
        if (in_lit && *c != ' ' && *c != '\n' && *c != '\t') {
            char where[300];
            snprintf(where, sizeof where, "%s:%d", file, lit_line);
            check(where, gl_sb_str(&lit));
            in_lit = 0;
        }
    }
    gl_sb_free(&lit);
}

static void test_terminal_strings(void **state)
{
    (void)state;
    nbad = 0;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/src/tui", GL_SOURCE_DIR);
    DIR *d = opendir(dir);
    if (!d) fail_msg("cannot open %s", dir);
    int files = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".c") != 0) continue;
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f) fail_msg("cannot open %s", path);
        gl_strbuf sb = GL_STRBUF_INIT;
        char buf[4096];
        size_t k;
        while ((k = fread(buf, 1, sizeof buf, f)) > 0) gl_sb_append(&sb, buf, k);
        fclose(f);
        check_literals(e->d_name, gl_sb_str(&sb));
        gl_sb_free(&sb);
        files++;
    }
    closedir(d);
    assert_true(files >= 5);
    assert_int_equal(nbad, 0);
}

/* The scanner itself: it finds a phrase in a literal, not in a comment. */
static void test_scanner(void **state)
{
    (void)state;
    nbad = 0;
    quiet = 1;
    check_literals("t.c", "/* --save \"x--y\" */ int a = b--; char c = '\"'; // --x\n f(\"ok\");");
    assert_int_equal(nbad, 0);
    check_literals("t.c", "f(\"the \" \"-\" \"-save file\");");
    assert_int_equal(nbad, 1);
    nbad = 0;
    check_literals("t.c", "g(\"the seed\\'s\");");
    assert_int_equal(nbad, 1);
    nbad = 0;
    quiet = 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scanner),
        cmocka_unit_test(test_game_tables),
        cmocka_unit_test(test_terminal_strings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
