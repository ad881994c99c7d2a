/* The board text reader, key=value options, JSON writer and reader, and
 * the cell notation. */
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "gridlab/internal.h"

static int parse(const char *s, gl_text *t, gl_error *err)
{
    return gl_text_parse(s, strlen(s), "b.txt", t, err);
}

static void test_text_header_rows_lines(void **state)
{
    (void)state;
    gl_text t;
    gl_error err = {0};
    const char *s = "# a comment\n\nflood size=3x2 colors=4\r\n012\n  # indented comment\n321  \n\n";
    assert_int_equal(parse(s, &t, &err), 0);
    assert_string_equal(t.game, "flood");
    assert_int_equal(t.header_line, 3);
    assert_int_equal(t.nrows, 2);
    assert_string_equal(t.rows[0].text, "012");
    assert_int_equal(t.rows[0].line, 4);
    assert_string_equal(t.rows[1].text, "321");
    assert_int_equal(t.rows[1].line, 6);
    assert_string_equal(gl_kv_get(&t.keys, "colors"), "4");
    int w = 0, h = 0;
    assert_int_equal(gl_kv_size(&t.keys, "size", 1, 30, 1, 30, &w, &h, &err), 0);
    assert_int_equal(w, 3);
    assert_int_equal(h, 2);
    assert_int_equal(gl_text_check_keys(&t, &err), 0);
    assert_int_equal(gl_text_expect_rows(&t, 2, &err), 0);
    assert_int_equal(gl_text_expect_rows(&t, 3, &err), -1);
    assert_string_equal(err.msg, "b.txt:7: too few rows: expected 3, found 2");
    gl_text_free(&t);
}

static void test_text_errors(void **state)
{
    (void)state;
    gl_text t;
    gl_error err = {0};
    assert_int_equal(parse("", &t, &err), -1);
    assert_non_null(strstr(err.msg, "b.txt:1: empty file"));
    assert_int_equal(parse("# only\n", &t, &err), -1);
    assert_non_null(strstr(err.msg, "empty file"));
    assert_int_equal(parse("tiles hop\nB_W\n", &t, &err), -1);
    assert_string_equal(err.msg, "b.txt:1: expected key=value, found 'hop'");
    assert_int_equal(parse("tiles hop=1 hop=2\n", &t, &err), -1);
    assert_string_equal(err.msg, "b.txt:1: key 'hop' given twice");
    assert_int_equal(parse("Tiles\n", &t, &err), -1);
    assert_non_null(strstr(err.msg, "expected a game name"));
    assert_int_equal(parse("tiles\nB_W\n\nBW_\n", &t, &err), -1);
    assert_string_equal(err.msg, "b.txt:4: blank line inside the board");
    char *big = malloc(GL_TEXT_MAX_LINE + 20);
    memcpy(big, "tiles\n", 6);
    memset(big + 6, 'B', GL_TEXT_MAX_LINE + 5);
    big[GL_TEXT_MAX_LINE + 11] = '\0';
    assert_int_equal(gl_text_parse(big, strlen(big), "b.txt", &t, &err), -1);
    assert_non_null(strstr(err.msg, "b.txt:2: line too long"));
    free(big);
    const char nul[] = "tiles\nB\0W\n";
    assert_int_equal(gl_text_parse(nul, sizeof nul - 1, "b.txt", &t, &err), -1);
    assert_non_null(strstr(err.msg, "NUL"));
}

static void test_unknown_key_is_named(void **state)
{
    (void)state;
    gl_text t;
    gl_error err = {0};
    assert_int_equal(parse("tiles hop=2 colour=3\nBW_\n", &t, &err), 0);
    long long hop;
    assert_int_equal(gl_kv_int(&t.keys, "hop", 0, 5, &hop, &err), 0);
    assert_int_equal(gl_text_check_keys(&t, &err), -1);
    assert_string_equal(err.msg, "b.txt:1: unknown key 'colour'");
    gl_text_free(&t);
}

static void test_kv_getters(void **state)
{
    (void)state;
    gl_kvlist l;
    gl_error err = {0};
    gl_kv_init(&l);
    gl_kv_add(&l, "n", "12", 0);
    gl_kv_add(&l, "bad", "1x", 0);
    gl_kv_add(&l, "start", "center", 0);
    long long v = -1;
    assert_int_equal(gl_kv_int(&l, "n", 1, 20, &v, &err), 0);
    assert_int_equal(v, 12);
    assert_int_equal(gl_kv_int(&l, "n", 1, 5, &v, &err), -1);
    assert_string_equal(err.msg, "option --n 12: expected a whole number from 1 to 5");
    assert_int_equal(gl_kv_int(&l, "bad", 0, 5, &v, &err), -1);
    assert_int_equal(gl_kv_int(&l, "absent", 0, 5, &v, &err), 0);
    int c = -1;
    assert_int_equal(gl_kv_choice(&l, "start", "corner|center", &c, &err), 0);
    assert_int_equal(c, 1);
    assert_int_equal(gl_kv_check_used(&l, &err), 0);
    gl_kv_add(&l, "extra", "1", 0);
    assert_int_equal(gl_kv_check_used(&l, &err), -1);
    assert_string_equal(err.msg, "unknown option --extra");
    long long x;
    assert_int_equal(gl_parse_ll("99999999999999999999", 0, 10, &x), -1);
    assert_int_equal(gl_parse_ll("", 0, 10, &x), -1);
    assert_int_equal(gl_parse_ll(" 3", 0, 10, &x), -1);
    int w, h;
    assert_int_equal(gl_parse_size("14x9", &w, &h), 0);
    assert_int_equal(gl_parse_size("x9", &w, &h), -1);
    assert_int_equal(gl_parse_size("1000000000000x9", &w, &h), -1);
    gl_kv_free(&l);
}

static void test_json_writer_escapes(void **state)
{
    (void)state;
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_json j;
    gl_json_init(&j, &sb);
    gl_json_obj_begin(&j);
    gl_json_key(&j, "s");
    gl_json_str(&j, "a\"b\\c\n\t\x01é");
    gl_json_key(&j, "a");
    gl_json_arr_begin(&j);
    gl_json_int(&j, -3);
    gl_json_bool(&j, 1);
    gl_json_null(&j);
    gl_json_double(&j, 1.5);
    gl_json_arr_begin(&j);
    gl_json_arr_end(&j);
    gl_json_arr_end(&j);
    gl_json_key(&j, "o");
    gl_json_obj_begin(&j);
    gl_json_obj_end(&j);
    gl_json_obj_end(&j);
    assert_string_equal(gl_sb_str(&sb),
                        "{\"s\":\"a\\\"b\\\\c\\n\\t\\u0001é\",\"a\":[-3,true,null,1.500,[]],\"o\":{}}");
    gl_jv v;
    gl_error err = {0};
    assert_int_equal(gl_jv_parse(sb.data, sb.len, &v, &err), 0);
    const gl_jv *s = gl_jv_get(&v, "s");
    assert_non_null(s);
    assert_string_equal(s->str, "a\"b\\c\n\t\x01é");
    assert_int_equal(gl_jv_get(&v, "a")->n, 5);
    gl_jv_free(&v);
    gl_sb_free(&sb);
}

static void test_json_reader_rejects(void **state)
{
    (void)state;
    const char *bad[] = {"", "{", "[1,]", "{\"a\" 1}", "01", "\"\\x\"", "[1] 2", "tru", "\"a\nb\"", "-", "1.", "{1:2}",
                         /* what other readers read differently: a key twice (the last wins in
                          * Python, JavaScript and jq), a NUL that would cut a C string */
                         "{\"end\":{\"score\":80,\"turns\":30,\"score\":9999}}", "{\"a\":1,\"b\":{},\"a\":1}",
                         "[\"a\\u0000b\"]", "{\"score\\u0000x\":1,\"score\":2}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gl_jv v;
        gl_error err = {0};
        assert_int_equal(gl_jv_parse(bad[i], strlen(bad[i]), &v, &err), -1);
        assert_true(err.set);
    }
    /* a key twice among many (the sorted check), named */
    gl_strbuf many = GL_STRBUF_INIT;
    gl_sb_putc(&many, '{');
    for (int i = 0; i < 500; i++) gl_sb_printf(&many, "\"k%d\":%d,", i, i);
    gl_sb_puts(&many, "\"k321\":0}");
    {
        gl_jv v;
        gl_error err = {0};
        assert_int_equal(gl_jv_parse(many.data, many.len, &v, &err), -1);
        assert_non_null(strstr(err.msg, "\"k321\" is given twice"));
        many.data[many.len - 6] = 'x'; /* k3x1: all different */
        assert_int_equal(gl_jv_parse(many.data, many.len, &v, &err), 0);
        assert_int_equal(v.n, 501);
        gl_jv_free(&v);
    }
    gl_sb_free(&many);
    {
        const char *two = "{\"end\":{\"score\":80,\"turns\":30,\"score\":9999}}";
        gl_jv v;
        gl_error err = {0};
        assert_int_equal(gl_jv_parse(two, strlen(two), &v, &err), -1);
        assert_string_equal(err.msg, "offset 43: the key \"score\" is given twice in one object");
    }
    char deep[600];
    memset(deep, '[', 300);
    memset(deep + 300, ']', 300);
    gl_jv v;
    gl_error err = {0};
    assert_int_equal(gl_jv_parse(deep, 600, &v, &err), -1);
    const char *ok = " {\"k\": [1, 2.5e3, -0.5, \"\\u00e9\\ud83d\\ude00\"], \"t\": true} ";
    assert_int_equal(gl_jv_parse(ok, strlen(ok), &v, &err), 0);
    const gl_jv *k = gl_jv_get(&v, "k");
    assert_true(k->items[1].num == 2500.0);
    assert_string_equal(k->items[3].str, "é\xf0\x9f\x98\x80");
    gl_jv_free(&v);
}

static void test_cells(void **state)
{
    (void)state;
    int r, c;
    assert_int_equal(gl_cell_parse("a1", &r, &c, NULL), 0);
    assert_true(r == 0 && c == 0);
    assert_int_equal(gl_cell_parse("c4", &r, &c, NULL), 0);
    assert_true(r == 3 && c == 2);
    assert_int_equal(gl_cell_parse("aa12", &r, &c, NULL), 0);
    assert_true(r == 11 && c == 26);
    assert_int_equal(gl_cell_parse("a0", &r, &c, NULL), -1);
    assert_int_equal(gl_cell_parse("1a", &r, &c, NULL), -1);
    assert_int_equal(gl_cell_parse("a1x", &r, &c, NULL), -1);
    assert_int_equal(gl_cell_parse("A1", &r, &c, NULL), -1);
    char buf[16];
    for (int col = 0; col < 800; col += 13) {
        gl_cell_format(col % 97, col, buf, sizeof buf);
        assert_int_equal(gl_cell_parse(buf, &r, &c, NULL), 0);
        assert_int_equal(c, col);
        assert_int_equal(r, col % 97);
    }
    const char *end;
    assert_int_equal(gl_cell_parse("b2-c3", &r, &c, &end), 0);
    assert_string_equal(end, "-c3");
    /* any int: the name after INT_MAX (no signed overflow), nothing for
     * a negative one, never past the buffer */
    char big[32];
    gl_cell_format(INT_MAX, INT_MAX, big, sizeof big);
    assert_string_equal(big, "fxshrxx2147483648");
    gl_cell_format(0, 25, big, sizeof big);
    assert_string_equal(big, "z1");
    gl_cell_format(0, 26, big, sizeof big);
    assert_string_equal(big, "aa1");
    gl_cell_format(-1, 3, big, sizeof big);
    assert_string_equal(big, "?");
    gl_cell_format(3, INT_MIN, big, sizeof big);
    assert_string_equal(big, "?");
    char small[4];
    gl_cell_format(INT_MAX, INT_MAX, small, sizeof small);
    assert_string_equal(small, "fxs");
}

static void test_atomic_write(void **state)
{
    (void)state;
    char path[] = "/tmp/gridlab-test-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    gl_error err = {0};
    assert_int_equal(gl_write_file_atomic(path, "hello\n", 6, &err), 0);
    char *data;
    size_t len;
    assert_int_equal(gl_read_file(path, 100, &data, &len, &err), 0);
    assert_string_equal(data, "hello\n");
    free(data);
    assert_int_equal(gl_read_file(path, 3, &data, &len, &err), -1);
    assert_non_null(strstr(err.msg, "too large"));
    unlink(path);
    assert_int_equal(gl_write_file_atomic("/nonexistent-dir/x", "a", 1, &err), -1);
    assert_non_null(strstr(err.msg, "/nonexistent-dir/x"));
    assert_int_equal(gl_read_file("/nonexistent-dir/x", 10, &data, &len, &err), -1);
    assert_non_null(strstr(err.msg, "cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_text_header_rows_lines), cmocka_unit_test(test_text_errors),
        cmocka_unit_test(test_unknown_key_is_named),  cmocka_unit_test(test_kv_getters),
        cmocka_unit_test(test_json_writer_escapes),   cmocka_unit_test(test_json_reader_rejects),
        cmocka_unit_test(test_cells),                 cmocka_unit_test(test_atomic_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
