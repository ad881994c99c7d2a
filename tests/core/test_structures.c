/* The shared search structures: bucket queue order, hash table lookups
 * across growth and at the memory cap, the growth both announce before it
 * happens (for a search's memory meter), bitsets. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "gridlab/internal.h"

static void test_bucketq_order_and_lifo(void **state)
{
    (void)state;
    gl_bucketq q;
    gl_bucketq_init(&q, 0);
    assert_int_equal(gl_bucketq_push(&q, 5, 50), 0);
    assert_int_equal(gl_bucketq_push(&q, 2, 20), 0);
    assert_int_equal(gl_bucketq_push(&q, 2, 21), 0);
    assert_int_equal(gl_bucketq_push(&q, 300, 3000), 0);
    size_t p;
    uint64_t v;
    assert_int_equal(gl_bucketq_pop(&q, &p, &v), 0);
    assert_true(p == 2 && v == 21); /* last in, first out within a bucket */
    assert_int_equal(gl_bucketq_pop(&q, &p, &v), 0);
    assert_true(p == 2 && v == 20);
    assert_int_equal(gl_bucketq_push(&q, 1, 10), 0); /* lower than the current minimum */
    assert_int_equal(gl_bucketq_pop(&q, &p, &v), 0);
    assert_true(p == 1 && v == 10);
    assert_int_equal(gl_bucketq_pop(&q, &p, &v), 0);
    assert_true(p == 5 && v == 50);
    assert_int_equal(gl_bucketq_pop(&q, &p, &v), 0);
    assert_true(p == 300 && v == 3000);
    assert_int_equal(gl_bucketq_pop(&q, &p, &v), -1);
    gl_bucketq_free(&q);
}

static void test_htab_many_keys(void **state)
{
    (void)state;
    gl_htab t;
    assert_int_equal(gl_htab_init(&t, 2, 16, 0), 0);
    for (uint64_t i = 0; i < 100000; i++) {
        uint64_t key[2] = {i * 7919, ~i};
        int ins;
        uint64_t *v = gl_htab_upsert(&t, key, i + 1, &ins);
        assert_non_null(v);
        assert_int_equal(ins, 1);
    }
    assert_int_equal(t.n, 100000);
    for (uint64_t i = 0; i < 100000; i++) {
        uint64_t key[2] = {i * 7919, ~i};
        uint64_t *v = gl_htab_find(&t, key);
        assert_non_null(v);
        assert_true(*v == i + 1);
        int ins;
        assert_non_null(gl_htab_upsert(&t, key, 0, &ins));
        assert_int_equal(ins, 0);
    }
    uint64_t missing[2] = {1, 1};
    assert_null(gl_htab_find(&t, missing));
    gl_htab_free(&t);
}

static void test_htab_cap(void **state)
{
    (void)state;
    gl_htab t;
    assert_int_equal(gl_htab_init(&t, 1, 64, 64 * 17 * 2), 0);
    uint64_t *v = (uint64_t *)1;
    uint64_t i;
    for (i = 0; i < 10000 && v; i++) v = gl_htab_upsert(&t, &i, 0, NULL);
    assert_null(v); /* refused to grow past the cap */
    assert_true(t.n < 200);
    gl_htab_free(&t);
}

/* The bytes announced before an insertion are the table's size after it
 * when it grew, and 0 exactly when it did not. */
static void test_htab_insert_bytes(void **state)
{
    (void)state;
    gl_htab t;
    assert_int_equal(gl_htab_init(&t, 2, 16, 0), 0);
    int grew = 0;
    for (uint64_t i = 0; i < 5000; i++) {
        uint64_t key[2] = {i, i * 31};
        size_t need = gl_htab_insert_bytes(&t), before = gl_htab_bytes(&t);
        assert_non_null(gl_htab_upsert(&t, key, i, NULL));
        if (need) {
            assert_true(gl_htab_bytes(&t) == need);
            assert_true(need > before);
            grew++;
        } else {
            assert_true(gl_htab_bytes(&t) == before);
        }
    }
    assert_true(grew >= 6);
    gl_htab_free(&t);
}

/* The same for the bucket queue: what a push allocates, in whole new
 * arrays, is what q->bytes grows by plus the arrays it replaced. */
static void test_bucketq_push_bytes(void **state)
{
    (void)state;
    gl_bucketq q;
    gl_bucketq_init(&q, 0);
    gl_rng r;
    gl_rng_seed(&r, 5);
    size_t grew = 0;
    for (int i = 0; i < 20000; i++) {
        size_t prio = (size_t)gl_rng_below(&r, i < 10000 ? 40 : 700);
        size_t old_index = q.nbuckets * sizeof(gl_bucket);
        size_t old_bucket = prio < q.nbuckets ? q.b[prio].cap * sizeof(uint64_t) : 0;
        size_t need = gl_bucketq_push_bytes(&q, prio), before = q.bytes;
        assert_int_equal(gl_bucketq_push(&q, prio, (uint64_t)i), 0);
        size_t added = q.bytes - before;
        if (need) {
            grew++;
            size_t replaced = (q.nbuckets * sizeof(gl_bucket) != old_index ? old_index : 0) +
                              (q.b[prio].cap * sizeof(uint64_t) != old_bucket ? old_bucket : 0);
            assert_true(need == added + replaced);
        } else {
            assert_true(added == 0);
        }
    }
    assert_true(grew > 40);
    gl_bucketq_free(&q);
}

/* Emptied, the table forgets every key, keeps its size and takes new
 * entries again. */
static void test_htab_clear(void **state)
{
    (void)state;
    gl_htab t;
    assert_int_equal(gl_htab_init(&t, 1, 16, 0), 0);
    for (uint64_t i = 0; i < 1000; i++) assert_non_null(gl_htab_upsert(&t, &i, i, NULL));
    size_t cap = t.cap;
    gl_htab_clear(&t);
    assert_int_equal(t.n, 0);
    assert_int_equal(t.cap, cap);
    for (uint64_t i = 0; i < 1000; i++) assert_null(gl_htab_find(&t, &i));
    uint64_t k = 5;
    int ins;
    uint64_t *v = gl_htab_upsert(&t, &k, 42, &ins);
    assert_non_null(v);
    assert_int_equal(ins, 1);
    assert_true(*gl_htab_find(&t, &k) == 42);
    gl_htab_free(&t);
}

static void test_bitset(void **state)
{
    (void)state;
    uint64_t b[GL_BITS_WORDS(200)];
    gl_bits_zero(b, GL_BITS_WORDS(200));
    gl_bits_set(b, 0);
    gl_bits_set(b, 63);
    gl_bits_set(b, 64);
    gl_bits_set(b, 199);
    assert_int_equal(gl_bits_count(b, GL_BITS_WORDS(200)), 4);
    size_t seen[8], n = 0;
    GL_BITS_FOREACH(i, b, 200) seen[n++] = i;
    assert_int_equal(n, 4);
    assert_int_equal(seen[0], 0);
    assert_int_equal(seen[1], 63);
    assert_int_equal(seen[2], 64);
    assert_int_equal(seen[3], 199);
    gl_bits_clear(b, 63);
    assert_false(gl_bits_test(b, 63));
    assert_true(gl_bits_test(b, 64));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bucketq_order_and_lifo), cmocka_unit_test(test_htab_many_keys),
        cmocka_unit_test(test_htab_cap), cmocka_unit_test(test_htab_clear), cmocka_unit_test(test_bitset),
        cmocka_unit_test(test_htab_insert_bytes),
        cmocka_unit_test(test_bucketq_push_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
