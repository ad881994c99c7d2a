/* Odd input, read strictly and reported readably: numbers are decimal,
 * range-checked and never clamped; an option without a value or unknown to
 * its reader is named as such, with the nearest known name; messages show
 * control characters, bytes that are not UTF-8 and invisible characters as
 * \xNN; a UTF-8 byte-order mark at the start of a file is skipped. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gridlab/internal.h"

static void test_strict_numbers(void **state)
{
    (void)state;
    long long v;
    assert_int_equal(gl_parse_ll("10", 0, 100, &v), 0);
    assert_int_equal(v, 10);
    assert_int_equal(gl_parse_ll("0", 0, 100, &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(gl_parse_ll("-5", -10, 10, &v), 0);
    assert_int_equal(v, -5);
    /* not decimal as written: leading zeros (octal to strtol), signs,
     * spaces, hexadecimal */
    const char *refused[] = {"010", "08", "00", "-0", "+5", " 5", "5 ", " -5", "0x10", "1e3", "", "-", "5.0"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (gl_parse_ll(refused[i], -100, 100, &v) == 0) fail_msg("'%s' accepted as %lld", refused[i], v);
    /* the edges of long long, and one beyond: refused, not clamped */
    assert_int_equal(gl_parse_ll("9223372036854775807", 0, LLONG_MAX, &v), 0);
    assert_true(v == LLONG_MAX);
    assert_int_equal(gl_parse_ll("9223372036854775808", 0, LLONG_MAX, &v), -1);
    assert_int_equal(gl_parse_ll("-9223372036854775808", LLONG_MIN, 0, &v), 0);
    assert_true(v == LLONG_MIN);
    assert_int_equal(gl_parse_ll("-9223372036854775809", LLONG_MIN, 0, &v), -1);
    assert_int_equal(gl_parse_ll("99999999999999999999", 0, LLONG_MAX, &v), -1);
    /* the range */
    assert_int_equal(gl_parse_ll("101", 0, 100, &v), -1);
    assert_int_equal(gl_parse_ll("-1", 0, 100, &v), -1);

    uint64_t u;
    assert_int_equal(gl_seed_parse("18446744073709551615", &u), 0);
    assert_true(u == UINT64_MAX);
    assert_int_equal(gl_seed_parse("0", &u), 0);
    assert_true(u == 0);
    const char *bad_seeds[] = {"18446744073709551616", "99999999999999999999", "010", "08", "-5", " -5", "+5", "", "0x10", "5 "};
    for (size_t i = 0; i < sizeof bad_seeds / sizeof bad_seeds[0]; i++)
        if (gl_seed_parse(bad_seeds[i], &u) == 0) fail_msg("seed '%s' accepted", bad_seeds[i]);

    int w, h;
    assert_int_equal(gl_parse_size("8x12", &w, &h), 0);
    assert_int_equal(w * 100 + h, 812);
    assert_int_equal(gl_parse_size("08x8", &w, &h), -1);
    assert_int_equal(gl_parse_size("8x08", &w, &h), -1);
    assert_int_equal(gl_parse_size("-8x8", &w, &h), -1);
    assert_int_equal(gl_parse_size("8x99999999999", &w, &h), -1);

    assert_int_equal(gl_parse_size("8X8", &w, &h), -1); /* one spelling */

    /* real numbers: decimal digits, a point, a minus sign */
    double d;
    assert_int_equal(gl_parse_real("0.25", 0, 1, &d), 0);
    assert_true(d == 0.25);
    assert_int_equal(gl_parse_real("-2.5", -10, 10, &d), 0);
    assert_true(d == -2.5);
    assert_int_equal(gl_parse_real("3", 0, 10, &d), 0);
    assert_true(d == 3);
    assert_int_equal(gl_parse_real("0", 0, 10, &d), 0);
    const char *bad_reals[] = {"0x1p-3", "+0.5", " 0.5", "0.5 ", "1e-3", "1E3", "inf", "nan", "-inf", "00.5", "01",
                               ".5", "5.", "-", "", "0x10", "1,5", "--1", "11", "-11"};
    for (size_t i = 0; i < sizeof bad_reals / sizeof bad_reals[0]; i++)
        if (gl_parse_real(bad_reals[i], -10, 10, &d) == 0) fail_msg("real '%s' accepted as %g", bad_reals[i], d);

    /* the message names the option and the accepted range */
    gl_kvlist l;
    gl_kv_init(&l);
    gl_kv_add(&l, "swaps", "010", 0);
    gl_error err = {0};
    assert_int_equal(gl_kv_int(&l, "swaps", 1, 64, &v, &err), -1);
    assert_string_equal(err.msg, "option --swaps 010: expected a whole number from 1 to 64");
    gl_kv_free(&l);
}

static void test_option_without_value(void **state)
{
    (void)state;
    gl_kvlist l;
    gl_kv_init(&l);
    gl_kv_set_context(&l, "solve");
    gl_kv_add(&l, "limit-ms", "", 0);
    l.items[0].novalue = 1;
    gl_kv_add(&l, "algo", "", 0);
    l.items[1].novalue = 1;
    gl_error err = {0};
    long long v;
    assert_int_equal(gl_kv_int(&l, "limit-ms", 0, 5000, &v, &err), -1);
    assert_string_equal(err.msg, "option --limit-ms needs a value: expected a whole number from 0 to 5000");
    /* a string option read with gl_kv_get: the final check names it */
    assert_non_null(gl_kv_get(&l, "algo"));
    assert_int_equal(gl_kv_check_used(&l, &err), -1);
    assert_string_equal(err.msg, "option --limit-ms needs a value");
    gl_kv_free(&l);

    /* not asked for: unknown, not "needs a value" */
    gl_kv_init(&l);
    gl_kv_set_context(&l, "solve");
    gl_kv_add(&l, "foo", "", 0);
    l.items[0].novalue = 1;
    assert_int_equal(gl_kv_check_used(&l, &err), -1);
    assert_string_equal(err.msg, "unknown option --foo for solve");
    gl_kv_free(&l);
}

static void test_did_you_mean(void **state)
{
    (void)state;
    gl_kvlist l;
    gl_kv_init(&l);
    gl_kv_set_context(&l, "solve");
    gl_kv_note_key(&l, "json");
    long long v;
    gl_error err = {0};
    assert_int_equal(gl_kv_int(&l, "limit-ms", 0, 10, &v, &err), 0); /* asked, absent */
    assert_int_equal(gl_kv_int(&l, "width", 1, 10, &v, &err), 0);
    const char *cases[][2] = {
        {"widht", "unknown option --widht for solve; did you mean --width?"},
        {"jsno", "unknown option --jsno for solve; did you mean --json?"},
        {"limit", "unknown option --limit for solve; did you mean --limit-ms?"},
        {"lmit-ms", "unknown option --lmit-ms for solve; did you mean --limit-ms?"},
        {"frobnicate", "unknown option --frobnicate for solve"},
        {"x", "unknown option --x for solve"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gl_kvlist c;
        gl_kv_init(&c);
        gl_kv_set_context(&c, "solve");
        for (size_t k = 0; k < l.asked_len; k += strlen(l.asked + k) + 1) gl_kv_note_key(&c, l.asked + k);
        gl_kv_add(&c, cases[i][0], "1", 0);
        assert_int_equal(gl_kv_check_used(&c, &err), -1);
        assert_string_equal(err.msg, cases[i][1]);
        gl_kv_free(&c);
    }
    char near[72];
    assert_int_equal(gl_kv_suggest(&l, "kernal", "heuristic kernel", near, sizeof near), 1);
    assert_string_equal(near, "kernel");
    assert_int_equal(gl_kv_suggest(&l, "zzzz", "heuristic kernel", near, sizeof near), 0);
    gl_kv_free(&l);

    /* a header key: the game's keys are the ones it asked for */
    gl_text t;
    const char *text = "flood size=3x3 colours=3\n012\n120\n201\n";
    assert_int_equal(gl_text_parse(text, strlen(text), "b.txt", &t, &err), 0);
    int w, h;
    assert_int_equal(gl_kv_size(&t.keys, "size", 1, 30, 1, 30, &w, &h, &err), 0);
    assert_int_equal(gl_kv_int(&t.keys, "colors", 2, 36, &v, &err), 0);
    assert_int_equal(gl_text_check_keys(&t, &err), -1);
    assert_string_equal(err.msg, "b.txt:1: unknown key 'colours'; did you mean 'colors'?");
    gl_text_free(&t);
}

static const char *esc(const char *s, size_t n, size_t cap)
{
    static char out[256];
    gl_escape_text(s, n, out, cap);
    return out;
}
#define ESC(lit) esc(lit, sizeof lit - 1, 256)

static void test_escaped_messages(void **state)
{
    (void)state;
    assert_string_equal(ESC("plain text, é and ü"), "plain text, é and ü");
    assert_string_equal(ESC("a\x1b[2Jb"), "a\\x1b[2Jb");          /* an escape sequence */
    assert_string_equal(ESC("abc\rdef"), "abc\\x0ddef");           /* a lone CR */
    assert_string_equal(ESC("t\tn\nz\x7f"), "t\\x09n\\x0az\\x7f"); /* other controls */
    assert_string_equal(ESC("\xef\xbb\xbftiles"), "\\xef\\xbb\\xbftiles"); /* the BOM */
    assert_string_equal(ESC("a\xe2\x80\xae" "b"), "a\\xe2\\x80\\xaeb");      /* right-to-left override */
    assert_string_equal(ESC("\xc2\x9b" "31m"), "\\xc2\\x9b31m");             /* a C1 control */
    assert_string_equal(ESC("\xe2\x80\x8b"), "\\xe2\\x80\\x8b");             /* zero width space */
    assert_string_equal(ESC("bad \xff\xc3 cut \xe2\x82"), "bad \\xff\\xc3 cut \\xe2\\x82");
    assert_string_equal(ESC("\xc0\xaf"), "\\xc0\\xaf");                     /* overlong */
    assert_string_equal(ESC("back\\slash"), "back\\slash");
    /* escaping twice changes nothing */
    char once[256];
    snprintf(once, sizeof once, "%s", ESC("x\x1by\xffz"));
    assert_string_equal(esc(once, strlen(once), 256), once);
    /* never half an escape or half a character at the cut */
    assert_string_equal(esc("ab\x1b", 3, 6), "ab");
    assert_string_equal(esc("ab\xc3\xa9", 4, 4), "ab");
    assert_string_equal(esc("ab\xc3\xa9", 4, 5), "ab\xc3\xa9");

    gl_error err = {0};
    gl_error_set(&err, "found '%s'", "\x1b]0;title\x07");
    assert_string_equal(err.msg, "found '\\x1b]0;title\\x07'");
    gl_error_at(&err, "evil\rname.txt", 3, "bad '%s'", "\x1b[31m");
    assert_string_equal(err.msg, "evil\\x0dname.txt:3: bad '\\x1b[31m'");

    /* through the text reader: a header with an escape sequence and a CR */
    gl_text t;
    const char *text = "ti\x1b[2Jles\rx=1\nBW_\n";
    assert_int_equal(gl_text_parse(text, strlen(text), "b.txt", &t, &err), -1);
    assert_null(strchr(err.msg, '\x1b'));
    assert_null(strchr(err.msg, '\r'));
    assert_non_null(strstr(err.msg, "ti\\x1b[2Jles\\x0dx=1"));
}

static void test_byte_order_mark(void **state)
{
    (void)state;
    gl_text t;
    gl_error err = {0};
    const char text[] = "\xef\xbb\xbftiles hop=2\nBW_\n";
    assert_int_equal(gl_text_parse(text, sizeof text - 1, "b.txt", &t, &err), 0);
    assert_string_equal(t.game, "tiles");
    assert_int_equal(t.header_line, 1);
    assert_int_equal(t.rows[0].line, 2);
    gl_text_free(&t);
    /* read from a file: the mark is dropped */
    char path[] = "/tmp/gl_bom_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, sizeof text - 1), (ssize_t)(sizeof text - 1));
    close(fd);
    char *data;
    size_t len;
    assert_int_equal(gl_read_file(path, 1000, &data, &len, &err), 0);
    assert_int_equal(len, sizeof text - 1 - 3);
    assert_memory_equal(data, "tiles hop=2\n", 12);
    free(data);
    unlink(path);
    /* anywhere else it is an invisible character, and is shown escaped */
    const char later[] = "# a comment\n\xef\xbb\xbftiles\nBW_\n";
    assert_int_equal(gl_text_parse(later, sizeof later - 1, "b.txt", &t, &err), -1);
    assert_non_null(strstr(err.msg, "b.txt:2: "));
    assert_non_null(strstr(err.msg, "\\xef\\xbb\\xbftiles"));
    /* and named as what it is */
    assert_non_null(strstr(err.msg, "(\\xef\\xbb\\xbf is a byte-order mark)"));
    gl_error_set(&err, "option --seed %s: bad", "\xef\xbb\xbf" "1");
    assert_string_equal(err.msg, "option --seed \\xef\\xbb\\xbf1: bad (\\xef\\xbb\\xbf is a byte-order mark)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strict_numbers),   cmocka_unit_test(test_option_without_value),
        cmocka_unit_test(test_did_you_mean),     cmocka_unit_test(test_escaped_messages),
        cmocka_unit_test(test_byte_order_mark),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
