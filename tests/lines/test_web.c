/* The web page's C API (web/api.c) with lines: the rules the page shows
 * follow the parameters of the board in play.  The shared checks over
 * every game are in tests/web/test_api.c. */
#include "web/api_test.h"

static void test_rules(void **state)
{
    (void)state;
    assert_int_equal(glw_start_id("lines:size=7x7,colors=5,line=4,spawn=2,rules=klines#1"), 0);
    assert_non_null(strstr(glw_rules("lines"), "Four or more balls"));
    assert_non_null(strstr(glw_rules("lines"), "brings two new balls"));
    assert_null(strchr(glw_rules("lines"), '{'));
    assert_int_equal(glw_start_id("lines:size=9x9,colors=7,line=5,spawn=3,rules=lines98#1"), 0);
    assert_non_null(strstr(glw_rules("lines"), "Five or more balls"));
    assert_non_null(strstr(glw_rules("lines"), "brings three new balls"));
}

/* The file's bytes (the test fails when it cannot be read). */
static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    unsigned char *buf = malloc(1 << 22);
    assert_non_null(buf);
    *len = fread(buf, 1, 1 << 22, f);
    fclose(f);
    return buf;
}

/* The session's save text without its clock line (the clock runs while
 * the test does: on a loaded machine a millisecond or more passes). */
static void save_without_clock(char *out, size_t cap)
{
    const char *t = glw_save_text(), *c = strstr(t, "# clock:");
    assert_non_null(c);
    const char *end = strchr(c, '\n');
    assert_non_null(end);
    snprintf(out, cap, "%.*s%s", (int)(c - t), t, end + 1);
}

/* The learned player on the page: its weights are not in the first load.
 * The first Lines 98 hint wants them (an error naming the file, nothing
 * changed, the hint not counted); given as bytes, the same call plays
 * the learned player, and the hint is counted once.  KLines wants its own
 * file, a board of 5 colours none. */
static void test_weights_wanted(void **state)
{
    (void)state;
    gl_data_clear();
    gl_data_files(0); /* as in the browser: no file system */
    assert_int_equal(glw_start_id("lines:size=9x9,colors=5,line=5,spawn=3,rules=klines#2"), 0);
    assert_int_equal(glw_hint(0), GL_HINT_MOVE);
    assert_string_equal(glw_data_wanted(), "");
    assert_int_equal(glw_start_id("lines:size=9x9,colors=7,line=5,spawn=3,rules=klines#2"), 0);
    assert_int_equal(glw_hint(0), GL_HINT_ERROR);
    assert_non_null(strstr(glw_error(), "klines.weights"));
    assert_string_equal(glw_data_wanted(), "klines.weights");
    size_t klen = 0;
    unsigned char *kbytes = slurp(GL_SOURCE_DIR "/src/games/lines/klines.weights", &klen);
    assert_true(klen > 1000);
    assert_int_equal(glw_data_give("klines.weights", kbytes, (int)klen), 0);
    free(kbytes);
    assert_int_equal(glw_hint(0), GL_HINT_MOVE);
    gl_jv khint = parse(glw_hint_json());
    assert_string_equal(str(&khint, "player"), "learned");
    gl_jv_free(&khint);
    assert_string_equal(glw_data_wanted(), "");

    assert_int_equal(glw_start_id("lines:size=9x9,colors=7,line=5,spawn=3,rules=lines98#2"), 0);
    char before[8192], after[8192];
    save_without_clock(before, sizeof before);
    assert_int_equal(glw_hint(0), GL_HINT_ERROR);
    assert_non_null(strstr(glw_error(), "lines98.weights"));
    save_without_clock(after, sizeof after);
    assert_string_equal(after, before);
    assert_non_null(strstr(before, "# helped: hints=0 "));
    assert_string_equal(glw_data_wanted(), "lines98.weights");
    assert_string_equal(glw_data_wanted(), ""); /* read once */

    size_t len = 0;
    unsigned char *bytes = slurp(GL_SOURCE_DIR "/src/games/lines/lines98.weights", &len);
    assert_true(len > 1000);
    assert_int_equal(glw_data_give("lines98.weights", bytes, (int)len), 0);
    free(bytes);
    assert_int_equal(glw_hint(0), GL_HINT_MOVE);
    assert_string_equal(glw_data_wanted(), "");
    gl_jv hint = parse(glw_hint_json());
    assert_string_equal(str(&hint, "player"), "learned");
    gl_jv_free(&hint);
    assert_non_null(strstr(glw_save_text(), "# helped: hints=1 "));

    /* a file that is no weights file: the hint's error names it */
    assert_int_equal(glw_data_give("lines98.weights", (const unsigned char *)"not weights", 11), 0);
    assert_int_equal(glw_hint(0), GL_HINT_ERROR);
    assert_non_null(strstr(glw_error(), "lines98.weights"));
    assert_string_equal(glw_data_wanted(), "");
    /* a file the host could not get (given empty): the search player's
     * hint */
    assert_int_equal(glw_start_id("lines:size=9x9,colors=7,line=5,spawn=3,rules=lines98#3"), 0);
    assert_int_equal(glw_data_give("lines98.weights", (const unsigned char *)"", 0), 0);
    assert_int_equal(glw_hint(0), GL_HINT_MOVE);
    hint = parse(glw_hint_json());
    assert_string_equal(str(&hint, "player"), "search");
    gl_jv_free(&hint);
    /* names the table cannot keep */
    assert_int_equal(glw_data_give("", (const unsigned char *)"x", 1), -1);
    assert_int_equal(glw_data_give("x", (const unsigned char *)"x", -1), -1);
    gl_data_clear();
    gl_data_files(1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules),
        cmocka_unit_test(test_weights_wanted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
