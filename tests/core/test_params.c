/* The parameter table's reader (src/core/params.c) and the one key=value
 * reader for text (gl_kv_parse_pairs): strict values of every kind,
 * defaults from the table, messages in the style of where the pairs came
 * from (an option, a header, an ID or a form), and a parameter that is not
 * part of IDs. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/internal.h"

static const gl_param table[] = {
    {"size", GL_PARAM_SIZE, "4x3", 2, 9, 1, 9, NULL, "columns x rows", 0},
    {"n", GL_PARAM_INT, "5", 1, 10, 0, 0, NULL, "a number", 0},
    {"mode", GL_PARAM_CHOICE, "one", 0, 0, 0, 0, "one|two|three", "a choice", 0},
    {"name", GL_PARAM_TEXT, NULL, 0, 0, 0, 0, NULL, "a name", 0},
    {"pts", GL_PARAM_LIST, "1,4,10", 0, 100, 3, 3, NULL, "three numbers", 0},
    {"file", GL_PARAM_TEXT, NULL, 0, 0, 0, 0, NULL, "a local file", GL_PARAM_NOT_IN_ID},
};
#define NT ((int)(sizeof table / sizeof table[0]))

static void test_pairs(void **state)
{
    (void)state;
    gl_kvlist l;
    gl_kv_init(&l);
    gl_error err = {0};
    assert_int_equal(gl_kv_parse_pairs(&l, "  a=1\tb=x=y \n c= ", &err), 0);
    assert_int_equal(l.n, 3);
    assert_true(l.bare);
    assert_string_equal(gl_kv_get(&l, "a"), "1");
    assert_string_equal(gl_kv_get(&l, "b"), "x=y");
    assert_string_equal(gl_kv_get(&l, "c"), "");
    gl_kv_free(&l);
    gl_kv_init(&l);
    assert_int_equal(gl_kv_parse_pairs(&l, "a=1 size b=2", &err), -1);
    assert_string_equal(err.msg, "'size' is not key=value");
    assert_int_equal(l.n, 0); /* nothing added */
    assert_int_equal(gl_kv_parse_pairs(&l, "a=1 =2", &err), -1);
    assert_string_equal(err.msg, "'=2' is not key=value");
    assert_int_equal(gl_kv_parse_pairs(&l, "a=1 a=2", &err), -1);
    assert_string_equal(err.msg, "a is given twice");
    assert_int_equal(gl_kv_parse_pairs(&l, "", &err), 0);
    assert_int_equal(gl_kv_parse_pairs(&l, NULL, &err), 0);
    assert_int_equal(l.n, 0);
    gl_kv_free(&l);
}

static void test_defaults_and_values(void **state)
{
    (void)state;
    gl_params v;
    gl_error err = {0};
    assert_int_equal(gl_params_read(table, NT, NULL, &v, &err), 0);
    int w = 0, h = 0;
    assert_int_equal(gl_param_size(&v, "size", &w, &h), 1);
    assert_int_equal(w, 4);
    assert_int_equal(h, 3);
    assert_int_equal(gl_param_int(&v, "n", -1), 5);
    assert_int_equal(gl_param_choice(&v, "mode", -1), 0);
    assert_null(gl_param_text(&v, "name"));
    long long pts[4] = {0};
    assert_int_equal(gl_param_list(&v, "pts", pts, 4), 3);
    assert_int_equal(pts[2], 10);
    assert_int_equal(gl_param_given(&v, "n"), 0);

    gl_kvlist l;
    gl_kv_init(&l);
    assert_int_equal(gl_kv_parse_pairs(&l, "size=9x1 n=10 mode=three name=ring pts=0,100,7", &err), 0);
    assert_int_equal(gl_params_read(table, NT, &l, &v, &err), 0);
    assert_int_equal(gl_param_size(&v, "size", &w, &h), 1);
    assert_int_equal(w * 10 + h, 91);
    assert_int_equal(gl_param_int(&v, "n", -1), 10);
    assert_int_equal(gl_param_choice(&v, "mode", -1), 2);
    assert_string_equal(gl_param_text(&v, "name"), "ring");
    assert_int_equal(gl_param_list(&v, "pts", pts, 4), 3);
    assert_int_equal(pts[0] * 1000 + pts[1] * 10 + pts[2], 1007);
    assert_int_equal(gl_param_given(&v, "n"), 1);
    assert_string_equal(v.v[0].text, "9x1");
    for (int i = 0; i < l.n; i++) assert_true(l.items[i].used);
    gl_kv_free(&l);
}

/* value -> the message for it, as a form's or an ID's pair. */
static const char *refusal(const char *pairs)
{
    static gl_error err;
    gl_kvlist l;
    gl_kv_init(&l);
    gl_params v;
    gl_error_clear(&err);
    assert_int_equal(gl_kv_parse_pairs(&l, pairs, &err), 0);
    int rc = gl_params_read(table, NT, &l, &v, &err);
    gl_kv_free(&l);
    if (rc == 0) fail_msg("%s accepted", pairs);
    return err.msg;
}

static void test_strict(void **state)
{
    (void)state;
    assert_string_equal(refusal("n=05"), "n=05: expected a whole number from 1 to 10");
    assert_string_equal(refusal("n=11"), "n=11: expected a whole number from 1 to 10");
    assert_string_equal(refusal("n=+5"), "n=+5: expected a whole number from 1 to 10");
    assert_string_equal(refusal("size=04x3"), "size=04x3: expected WxH with W from 2 to 9 and H from 1 to 9");
    assert_string_equal(refusal("size=4x"), "size=4x: expected WxH with W from 2 to 9 and H from 1 to 9");
    assert_string_equal(refusal("size=4X3"), "size=4X3: expected WxH with W from 2 to 9 and H from 1 to 9");
    assert_string_equal(refusal("mode=ONE"), "mode=ONE: expected one of one|two|three");
    assert_string_equal(refusal("name=a,b"), "name=a,b: expected a name of 1 to 200 characters (no spaces, # = : or ,)");
    const char *list = "expected 3 whole numbers from 0 to 100 separated by commas";
    const char *bad[] = {"pts=01,4,10", "pts=1,4", "pts=1,4,10,1", "pts=1,,10", "pts=1,4,101", "pts=1,-4,10",
                         "pts=1,4,10,", "pts=,1,4,10", "pts=1,4,1e1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *m = refusal(bad[i]);
        if (!strstr(m, list) || strncmp(m, bad[i], strlen(bad[i])) != 0) fail_msg("%s: %s", bad[i], m);
    }
    /* a bare list names each key once */
    gl_kvlist l;
    gl_kv_init(&l);
    gl_kv_add(&l, "n", "1", 0);
    gl_kv_add(&l, "n", "2", 0);
    l.bare = 1;
    gl_params v;
    gl_error err = {0};
    assert_int_equal(gl_params_read(table, NT, &l, &v, &err), -1);
    assert_string_equal(err.msg, "n is given twice");
    gl_kv_free(&l);
}

/* The message says where the pair came from. */
static void test_styles(void **state)
{
    (void)state;
    gl_params v;
    gl_error err = {0};
    gl_kvlist l;
    gl_kv_init(&l);
    gl_kv_add(&l, "n", "010", 0); /* a command's option */
    assert_int_equal(gl_params_read(table, NT, &l, &v, &err), -1);
    assert_string_equal(err.msg, "option --n 010: expected a whole number from 1 to 10");
    gl_kv_free(&l);
    gl_kv_init(&l);
    l.file = "b.txt";
    gl_kv_add(&l, "n", "010", 3); /* a header's pair */
    assert_int_equal(gl_params_read(table, NT, &l, &v, &err), -1);
    assert_string_equal(err.msg, "b.txt:3: n=010: expected a whole number from 1 to 10");
    gl_kv_free(&l);
    /* a key that is no parameter is left for gl_kv_check_used: in a form,
     * named as a parameter with the nearest one */
    gl_kv_init(&l);
    assert_int_equal(gl_kv_parse_pairs(&l, "mdoe=two", &err), 0);
    assert_int_equal(gl_params_read(table, NT, &l, &v, &err), 0);
    assert_int_equal(gl_kv_check_used(&l, &err), -1);
    assert_string_equal(err.msg, "no parameter 'mdoe'; did you mean 'mode'?");
    gl_kv_free(&l);
}

static void test_describe(void **state)
{
    (void)state;
    const char *want[] = {"WxH with W from 2 to 9 and H from 1 to 9", "a whole number from 1 to 10",
                          "one of one|two|three", "a name of 1 to 200 characters (no spaces, # = : or ,)",
                          "3 whole numbers from 0 to 100 separated by commas"};
    for (int i = 0; i < 5; i++) {
        gl_strbuf sb = GL_STRBUF_INIT;
        gl_param_describe(&table[i], &sb);
        assert_string_equal(gl_sb_str(&sb), want[i]);
        gl_sb_free(&sb);
    }
}

/* A game's help line and the canonical PARAMS come from the same table;
 * a parameter outside IDs gives a game without one. */
static void test_help_and_ids(void **state)
{
    (void)state;
    gl_game fake;
    memset(&fake, 0, sizeof fake);
    fake.name = "fake";
    fake.params = table;
    fake.nparams = NT;
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_params_help(&fake, &sb);
    assert_string_equal(gl_sb_str(&sb), "size=WxH (2..9 x 1..9, default 4x3) n=N (1..10, default 5) "
                                        "mode=one|two|three (default one) name=NAME (no default) "
                                        "pts=N,N,... (0..100, default 1,4,10) file=NAME (no default, not in IDs)");
    gl_sb_clear(&sb);
    gl_kvlist l;
    gl_kv_init(&l);
    gl_error err = {0};
    assert_int_equal(gl_kv_parse_pairs(&l, "n=7 size=5x2", &err), 0);
    assert_int_equal(gl_params_canon(&fake, &l, &sb, &err), 0);
    assert_string_equal(gl_sb_str(&sb), "size=5x2,n=7,mode=one,pts=1,4,10");
    gl_kv_free(&l);
    gl_sb_clear(&sb);
    gl_kv_init(&l);
    assert_int_equal(gl_kv_parse_pairs(&l, "file=/tmp/x", &err), 0);
    assert_int_equal(gl_params_canon(&fake, &l, &sb, &err), 1);
    assert_non_null(strstr(err.msg, "file=/tmp/x: a game ID names no file file"));
    assert_non_null(strstr(err.msg, "makes a custom game, without an ID"));
    gl_sb_clear(&sb);
    assert_int_equal(gl_game_id(&fake, &l, 3, &sb, &err), 1);
    assert_int_equal(sb.len, 0);
    gl_kv_free(&l);
    gl_sb_free(&sb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pairs),    cmocka_unit_test(test_defaults_and_values), cmocka_unit_test(test_strict),
        cmocka_unit_test(test_styles),   cmocka_unit_test(test_describe),           cmocka_unit_test(test_help_and_ids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
