/* Match-three search: the engine against the reference rules, exact
 * against the seed's plain backtracking on many small random boards (also
 * with refill), and every solver's moves replayed with the game's apply to
 * the score it reports. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "games/match3/match3.h"
#include "games/match3/match3_bits_k.h"

static match3_board *make(int cols, int rows, int kinds, int refill, uint64_t seed)
{
    gl_kvlist p;
    gl_kv_init(&p);
    char v[32];
    snprintf(v, sizeof v, "%dx%d", cols, rows);
    gl_kv_add(&p, "size", v, 0);
    snprintf(v, sizeof v, "%d", kinds);
    gl_kv_add(&p, "kinds", v, 0);
    gl_kv_add(&p, "refill", refill ? "yes" : "no", 0);
    gl_rng rng;
    gl_rng_seed(&rng, seed);
    gl_error err = {0};
    gl_board *b = gl_game_match3.create(&p, &rng, &err);
    assert_non_null(b);
    gl_kv_free(&p);
    return (match3_board *)b;
}

/* Random play: at each step the engine and the reference resolver play the
 * same legal swap on copies; boards, scores, rng states and the
 * incrementally kept hashes must all agree. */
static void test_engine_matches_reference(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 120; seed++) {
        int refill = seed % 2;
        match3_board *b = make(4 + (int)(seed % 6), 3 + (int)(seed % 7), 3 + (int)(seed % 3), refill, seed);
        match3_engine E;
        assert_int_equal(match3_engine_init(&E, &b->R), 0);
        int n = b->R.rows * b->R.cols;
        uint8_t eng[MATCH3_MAX_CELLS];
        memcpy(eng, b->cell, (size_t)n);
        gl_rng erng = b->rng, pick;
        gl_rng_seed(&pick, seed * 7 + 1);
        uint64_t h1, h2;
        match3_engine_hash(&E, eng, NULL, &h1, &h2);
        for (int step = 0; step < 30; step++) {
            int ref_list[MATCH3_MAX_MOVES], eng_list[MATCH3_MAX_MOVES];
            int nr = match3_legal_list(&b->R, b->cell, ref_list);
            int ne = match3_engine_moves(&E, eng, eng_list);
            assert_int_equal(nr, ne);
            assert_memory_equal(ref_list, eng_list, (size_t)nr * sizeof(int));
            if (nr == 0) break;
            int mv = ref_list[gl_rng_below(&pick, (uint64_t)nr)];
            int imm = match3_engine_immediate(&E, eng, mv);
            long long ge = match3_engine_play(&E, eng, refill ? &erng : NULL, mv, &h1, &h2);
            gl_move m = match3_to_move(mv, b->R.cols);
            gl_error err = {0};
            long long before = b->score;
            assert_int_equal(gl_game_match3.apply((gl_board *)b, &m, NULL, &err), 0);
            assert_int_equal(b->score - before, ge);
            /* The first round's runs are part of the total. */
            assert_true(ge >= imm);
            assert_memory_equal(b->cell, eng, (size_t)n);
            if (refill) assert_memory_equal(&b->rng, &erng, sizeof erng);
            uint64_t f1, f2;
            match3_engine_hash(&E, eng, NULL, &f1, &f2);
            assert_true(f1 == h1 && f2 == h2);
            assert_false(match3_has_run(&b->R, b->cell));
        }
        match3_engine_free(&E);
        gl_game_match3.destroy((gl_board *)b);
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The bit-parallel engine against the reference, on random games over all
 * sizes it takes (1..8 rows and columns, 3..9 kinds): legal swaps, the
 * immediate score, the score and board after every swap, and its column
 * masks (the same changed columns as the scalar engine, and at least the
 * columns that engine read). */
static void test_bits_match_reference(void **state)
{
    (void)state;
    long long plays = 0, cascades = 0;
    for (uint64_t seed = 0; seed < 400; seed++) {
        int cols = 1 + (int)(seed % 8), rows = 1 + (int)(seed / 8 % 8), kinds = 3 + (int)(seed % 7);
        if (seed % 5 == 0) cols = rows = 8;
        if (seed % 5 == 1) cols = rows = 7;
        match3_board *b = make(cols, rows, kinds, 0, seed + 3000);
        match3_bits G;
        assert_true(match3_bits_fits(&b->R));
        assert_int_equal(match3_bits_init(&G, &b->R), 0);
        match3_engine E;
        assert_int_equal(match3_engine_init(&E, &b->R), 0);
        const int n = rows * cols;
        match3_bpos p;
        match3_bits_load(&G, b->cell, &p);
        gl_rng pick;
        gl_rng_seed(&pick, seed * 13 + 5);
        for (int step = 0; step < 40; step++) {
            uint8_t back[MATCH3_MAX_CELLS];
            match3_bits_store(&G, &p, back);
            assert_memory_equal(back, b->cell, (size_t)n);
            int ref[MATCH3_MAX_MOVES], got[MATCH3_MAX_MOVES];
            int nr = match3_legal_list(&b->R, b->cell, ref), ng = 0;
            uint64_t hm, vm;
            match3_bits_moves(&G, &p, &hm, &vm);
            for (int bit = 0; bit < 64; bit++) {
                if (hm >> bit & 1) got[ng++] = match3_bits_mv(&G, bit * 2);
                if (vm >> bit & 1) got[ng++] = match3_bits_mv(&G, bit * 2 + 1);
            }
            assert_int_equal(ng, nr);
            qsort(got, (size_t)ng, sizeof *got, cmp_int);
            assert_memory_equal(ref, got, (size_t)nr * sizeof(int));
            if (nr == 0) break;
            int mv = ref[gl_rng_below(&pick, (uint64_t)nr)];
            int id = match3_bits_id(&G, mv);
            assert_int_equal(match3_bits_mv(&G, id), mv);
            uint8_t cells[MATCH3_MAX_CELLS];
            memcpy(cells, b->cell, (size_t)n);
            int imm = match3_bits_immediate(&G, &p, id);
            assert_int_equal(imm, match3_engine_immediate(&E, cells, mv));
            uint64_t erd, ech, brd;
            long long ge = match3_engine_play_masks(&E, cells, NULL, mv, NULL, NULL, &erd, &ech);
            match3_bpos before_pos = p;
            int gb = match3_bits_play(&G, &p, id, &brd);
            uint64_t bch = match3_bits_cols(match3_bits_diff(&G, &before_pos, &p));
            gl_move m = match3_to_move(mv, cols);
            gl_error err = {0};
            long long before = b->score;
            assert_int_equal(gl_game_match3.apply((gl_board *)b, &m, NULL, &err), 0);
            assert_int_equal(b->score - before, gb);
            assert_int_equal(ge, gb);
            assert_true(bch == ech);
            assert_true((erd & ~match3_bits_cols(brd)) == 0);
            plays++;
            if (gb > imm) cascades++;
        }
        match3_engine_free(&E);
        gl_game_match3.destroy((gl_board *)b);
    }
    assert_true(plays > 1200 && cascades > 150);
}

/* The independence rule the exact solver builds on (refill=no): after
 * swap m, a swap s whose read columns m did not change is still legal and
 * scores what it scored before m (the exact solver reuses that score
 * without playing s); when, also, s changed no column m read, the two
 * orders m,s and s,m end on the same board with the same total.  Checked
 * for every ordered pair of legal swaps on random boards, against the
 * reference resolver; the counts make sure both cases occur. */
static void test_independence_rule(void **state)
{
    (void)state;
    long long reused = 0, commuting = 0, dependent = 0;
    for (uint64_t seed = 0; seed < 60; seed++) {
        match3_board *b = make(4 + (int)(seed % 5), 4 + (int)(seed / 5 % 4), 3 + (int)(seed % 3), 0,
                               seed + 500);
        match3_engine E;
        assert_int_equal(match3_engine_init(&E, &b->R), 0);
        const int n = b->R.rows * b->R.cols;
        int list[MATCH3_MAX_MOVES];
        int nm = match3_legal_list(&b->R, b->cell, list);
        uint64_t rd[MATCH3_MAX_MOVES], ch[MATCH3_MAX_MOVES];
        long long g[MATCH3_MAX_MOVES];
        uint8_t after[MATCH3_MAX_MOVES][MATCH3_MAX_CELLS];
        for (int i = 0; i < nm; i++) {
            memcpy(after[i], b->cell, (size_t)n);
            g[i] = match3_engine_play_masks(&E, after[i], NULL, list[i], NULL, NULL, &rd[i], &ch[i]);
            /* What a swap changes, it read. */
            assert_true((ch[i] & ~rd[i]) == 0);
        }
        for (int i = 0; i < nm; i++) {
            for (int j = 0; j < nm; j++) {
                if (i == j) continue;
                int a = match3_mv_a(list[j]), c = match3_mv_b(list[j], b->R.cols);
                if (rd[j] & ch[i]) {
                    dependent++;
                    continue;
                }
                reused++;
                /* s after m, by the reference rules. */
                uint8_t ms[MATCH3_MAX_CELLS];
                memcpy(ms, after[i], (size_t)n);
                assert_true(match3_swap_legal(&b->R, ms, a, c));
                uint8_t t = ms[a];
                ms[a] = ms[c];
                ms[c] = t;
                assert_int_equal(match3_resolve_full(&b->R, ms, NULL), g[j]);
                if (rd[i] & ch[j]) continue;
                commuting++;
                int a2 = match3_mv_a(list[i]), c2 = match3_mv_b(list[i], b->R.cols);
                uint8_t sm[MATCH3_MAX_CELLS];
                memcpy(sm, after[j], (size_t)n);
                assert_true(match3_swap_legal(&b->R, sm, a2, c2));
                t = sm[a2];
                sm[a2] = sm[c2];
                sm[c2] = t;
                assert_int_equal(match3_resolve_full(&b->R, sm, NULL), g[i]);
                assert_memory_equal(ms, sm, (size_t)n);
            }
        }
        match3_engine_free(&E);
        gl_game_match3.destroy((gl_board *)b);
    }
    assert_true(reused > 100 && commuting > 100 && dependent > 100);
}

/* The cell-level independence rule of the bit-parallel engine: after swap
 * m, a swap s none of whose read cells m changed is still legal and scores
 * what it scored before m (the exact solver reuses that score).  Checked
 * for every ordered pair of legal swaps on random boards up to 8x8 against
 * the reference resolver; the counts make sure both cases occur. */
static void test_bits_independence(void **state)
{
    (void)state;
    long long reused = 0, dependent = 0;
    for (uint64_t seed = 0; seed < 80; seed++) {
        int cols = 4 + (int)(seed % 5), rows = 4 + (int)(seed / 5 % 5);
        match3_board *b = make(cols, rows, 3 + (int)(seed % 4), 0, seed + 9000);
        match3_bits G;
        assert_int_equal(match3_bits_init(&G, &b->R), 0);
        const int n = rows * cols;
        int list[MATCH3_MAX_MOVES];
        int nm = match3_legal_list(&b->R, b->cell, list);
        match3_bpos p0, after[MATCH3_MAX_MOVES];
        uint64_t rd[MATCH3_MAX_MOVES], ch[MATCH3_MAX_MOVES];
        int g[MATCH3_MAX_MOVES];
        match3_bits_load(&G, b->cell, &p0);
        for (int i = 0; i < nm; i++) {
            after[i] = p0;
            g[i] = match3_bits_play(&G, &after[i], match3_bits_id(&G, list[i]), &rd[i]);
            ch[i] = match3_bits_diff(&G, &p0, &after[i]);
            /* What a swap changes, it read. */
            assert_true((ch[i] & ~rd[i]) == 0);
        }
        for (int i = 0; i < nm; i++)
            for (int j = 0; j < nm; j++) {
                if (i == j) continue;
                if (rd[j] & ch[i]) {
                    dependent++;
                    continue;
                }
                reused++;
                uint8_t ms[MATCH3_MAX_CELLS];
                match3_bits_store(&G, &after[i], ms);
                int a = match3_mv_a(list[j]), c = match3_mv_b(list[j], cols);
                assert_true(match3_swap_legal(&b->R, ms, a, c));
                uint8_t t = ms[a];
                ms[a] = ms[c];
                ms[c] = t;
                assert_int_equal(match3_resolve_full(&b->R, ms, NULL), g[j]);
                (void)n;
            }
        gl_game_match3.destroy((gl_board *)b);
    }
    assert_true(reused > 500 && dependent > 500);
}

/* The legal swaps of p as ids (left cells of row swaps first). */
static int legal_ids(const match3_bits *G, const match3_bpos *p, int *ids)
{
    uint64_t h, v;
    int n = 0;
    match3_bits_moves(G, p, &h, &v);
    for (; h; h &= h - 1) ids[n++] = __builtin_ctzll(h) * 2;
    for (; v; v &= v - 1) ids[n++] = __builtin_ctzll(v) * 2 + 1;
    return n;
}

/* The bit-plane plays (score only, and with the position after and the
 * read cells) against the kind-word play and the reference resolver: every
 * legal swap of positions along random games, on every size the bit
 * engine takes and K = 3..9 (2, 3 and 4 planes). */
static void test_plane_score(void **state)
{
    (void)state;
    long long checked = 0, cascades = 0;
    for (uint64_t seed = 0; seed < 320; seed++) {
        int cols = 1 + (int)(seed % 8), rows = 1 + (int)(seed / 8 % 8), kinds = 3 + (int)(seed % 7);
        if (seed % 5 == 0) cols = rows = 8;
        match3_board *b = make(cols, rows, kinds, 0, seed + 13000);
        match3_bits G;
        assert_int_equal(match3_bits_init(&G, &b->R), 0);
        match3_bpos p;
        match3_bits_load(&G, b->cell, &p);
        gl_rng pick;
        gl_rng_seed(&pick, seed);
        for (int step = 0; step < 16; step++) {
            uint64_t pl[4] = {0, 0, 0, 0}, occ;
            planes_of(p.k, pl, &occ, kinds);
            int ids[MATCH3_BITS_IDS], n = legal_ids(&G, &p, ids);
            if (n == 0) break;
            uint8_t cells[MATCH3_MAX_CELLS];
            match3_bits_store(&G, &p, cells);
            for (int i = 0; i < n; i++) {
                match3_bpos q = p;
                int want = match3_bits_play(&G, &q, ids[i], NULL);
                assert_int_equal(plane_score(&G, pl, occ, ids[i], kinds), want);
                match3_bpos r = p;
                uint64_t rk, rp;
                match3_bits_play(&G, &r, ids[i], &rk);
                match3_bpos o;
                memset(&o, 0, sizeof o);
                assert_int_equal(plane_play_read(&G, p.k, o.k, ids[i], &rp, kinds), want);
                assert_memory_equal(o.k, r.k, sizeof o.k);
                assert_true(rp == rk);
                uint8_t ms[MATCH3_MAX_CELLS];
                memcpy(ms, cells, sizeof ms);
                int mv = match3_bits_mv(&G, ids[i]), a = match3_mv_a(mv), c = match3_mv_b(mv, cols);
                uint8_t t = ms[a];
                ms[a] = ms[c];
                ms[c] = t;
                assert_int_equal(match3_resolve_full(&b->R, ms, NULL), want);
                cascades += want > match3_bits_immediate(&G, &p, ids[i]);
                checked++;
            }
            match3_bits_play(&G, &p, ids[gl_rng_below(&pick, (uint64_t)n)], NULL);
        }
        gl_game_match3.destroy((gl_board *)b);
    }
    assert_true(checked > 6000 && cascades > 1500);
}

/* The plays eight at a time on 512-bit vectors (match3_wide.c), where
 * the processor has them, against the scalar functions, on positions
 * along random games, every size and K = 3..9: the plays of every legal
 * swap with read cells and the position after (plane_play_read); the
 * children's keys, legal swaps, planes and the swaps that score as
 * before, against the reuse rule written out; and the children's best
 * single swaps (plane_score on the others), for every child and for
 * every other one, once with the reused swaps left out and once with all
 * swaps played (more lanes than one batch holds). */
static void test_wide_plays(void **state)
{
    (void)state;
    if (!match3_wide_usable()) skip();
    static match3_wide_buf wb;
    long long checked = 0, cascades = 0, reused = 0, batched = 0;
    for (uint64_t seed = 0; seed < 240; seed++) {
        int cols = 1 + (int)(seed % 8), rows = 1 + (int)(seed / 8 % 8), kinds = 3 + (int)(seed % 7);
        if (seed % 4 == 0) cols = rows = seed % 8 == 0 ? 8 : 7;
        match3_board *b = make(cols, rows, kinds, 0, seed + 17000);
        match3_bits G;
        assert_int_equal(match3_bits_init(&G, &b->R), 0);
        match3_bpos p;
        match3_bits_load(&G, b->cell, &p);
        gl_rng pick;
        gl_rng_seed(&pick, seed);
        for (int step = 0; step < 12; step++) {
            uint64_t pl[4] = {0, 0, 0, 0}, occ;
            planes_of(p.k, pl, &occ, kinds);
            int ids[MATCH3_BITS_IDS], m = legal_ids(&G, &p, ids);
            if (m == 0) break;
            /* The plays with read cells and positions after. */
            static match3_firsts f;
            static match3_kids kd, kall;
            uint64_t kout[MATCH3_MAX_KINDS][MATCH3_BITS_IDS];
            memset(kout, 0, sizeof kout);
            f.n = m;
            memcpy(f.id, ids, sizeof ids);
            match3_wide_reads(&G, pl, occ, &f, kout);
            const int *gain = f.gain;
            const uint64_t *read = f.read;
            for (int i = 0; i < m; i++) {
                match3_bpos o;
                memset(&o, 0, sizeof o);
                uint64_t rd;
                assert_int_equal(plane_play_read(&G, p.k, o.k, ids[i], &rd, kinds), gain[i]);
                assert_true(read[i] == rd);
                for (int k = 0; k < MATCH3_MAX_KINDS; k++) assert_true(kout[k][i] == o.k[k]);
                cascades += gain[i] > match3_bits_immediate(&G, &p, ids[i]);
            }
            checked += m;
            /* The children of this position (after each legal swap), as
             * the two-swaps-left step sees them. */
            memset(&kd, 0, sizeof kd);
            kd.n = m;
            memcpy(kd.ks, kout, sizeof kout);
            const uint64_t *cm = kd.changed, *k0 = kd.key0, *k1 = kd.key1, *mh = kd.mh, *mvw = kd.mv, *kocc = kd.occ,
                           *ruh = kd.ruh, *ruv = kd.ruv;
            uint64_t(*kpl)[MATCH3_BITS_IDS] = kd.pl; /* only read (a pointer to const arrays needs C2x) */
            const int *rb = kd.rbest;
            int want[MATCH3_BITS_IDS], wall[MATCH3_BITS_IDS];
            long long nrep = 0, nall = 0;
            for (int i = 0; i < m; i++) {
                kd.changed[i] = 0;
                for (int k = 0; k < kinds; k++) kd.changed[i] |= p.k[k] ^ kout[k][i];
            }
            match3_wide_kids(&G, &f, &kd);
            for (int i = 0; i < m; i++) {
                match3_bpos q;
                memset(&q, 0, sizeof q);
                for (int k = 0; k < kinds; k++) q.k[k] = kout[k][i];
                uint64_t key[2], qh, qv, qpl[4] = {0, 0, 0, 0}, qocc;
                match3_bits_key(&G, &q, 1, key);
                assert_true(k0[i] == key[0] && k1[i] == key[1]);
                match3_bits_moves(&G, &q, &qh, &qv);
                assert_true(mh[i] == qh && mvw[i] == qv);
                planes_of(q.k, qpl, &qocc, kinds);
                for (int j = 0; j < PLANES(kinds); j++) assert_true(kpl[j][i] == qpl[j]);
                assert_true(kocc[i] == qocc);
                uint64_t wh = 0, wv = 0;
                int best = 0;
                for (int f = 0; f < m; f++) {
                    int bit = ids[f] >> 1;
                    uint64_t legal = (ids[f] & 1 ? qv : qh) >> bit & 1;
                    if (!legal || (read[f] & cm[i])) continue;
                    if (ids[f] & 1)
                        wv |= 1ULL << bit;
                    else
                        wh |= 1ULL << bit;
                    if (gain[f] > best) best = gain[f];
                }
                assert_true(ruh[i] == wh && ruv[i] == wv);
                assert_int_equal(rb[i], best);
                reused += (wh | wv) != 0;
                /* The best single swap: the reused ones' best and the
                 * others played; and every swap played. */
                want[i] = best;
                wall[i] = 0;
                for (int dir = 0; dir < 2; dir++)
                    for (uint64_t x = dir ? qv : qh; x; x &= x - 1) {
                        int sc = plane_score(&G, qpl, qocc, __builtin_ctzll(x) * 2 + dir, kinds);
                        if (!((dir ? wv : wh) >> __builtin_ctzll(x) & 1)) {
                            nrep++;
                            if (sc > want[i]) want[i] = sc;
                        }
                        if (sc > wall[i]) wall[i] = sc;
                        nall++;
                    }
            }
            int all[MATCH3_BITS_IDS], odd[MATCH3_BITS_IDS], nodd = 0, got[MATCH3_BITS_IDS];
            for (int i = 0; i < m; i++) {
                all[i] = i;
                if (i % 2) odd[nodd++] = i;
            }
            memset(got, 0xff, sizeof got);
            assert_int_equal(match3_wide_best1(&G, &kd, all, m, got, &wb), nrep);
            for (int i = 0; i < m; i++) assert_int_equal(got[i], want[i]);
            memset(got, 0xff, sizeof got);
            match3_wide_best1(&G, &kd, odd, nodd, got, &wb);
            for (int i = 0; i < m; i++) assert_int_equal(got[i], i % 2 ? want[i] : -1);
            memset(got, 0xff, sizeof got);
            /* The same children with no swap reused: every swap played. */
            kall = kd;
            memset(kall.ruh, 0, sizeof kall.ruh);
            memset(kall.ruv, 0, sizeof kall.ruv);
            memset(kall.rbest, 0, sizeof kall.rbest);
            assert_int_equal(match3_wide_best1(&G, &kall, all, m, got, &wb), nall);
            for (int i = 0; i < m; i++) assert_int_equal(got[i], wall[i]);
            batched += nall > MATCH3_WIDE_LANES - MATCH3_BITS_IDS;
            match3_bits_play(&G, &p, ids[gl_rng_below(&pick, (uint64_t)m)], NULL);
        }
        gl_game_match3.destroy((gl_board *)b);
    }
    assert_true(checked > 5000 && cascades > 1000 && reused > 3000 && batched > 10);
}

static void run(const match3_board *b, const char *algo, int x, const char *k2, const char *v2,
                gl_solution *s)
{
    gl_kvlist o;
    gl_kv_init(&o);
    char v[16];
    snprintf(v, sizeof v, "%d", x);
    if (strcmp(algo, "best1") != 0) gl_kv_add(&o, "swaps", v, 0);
    if (k2) gl_kv_add(&o, k2, v2, 0);
    gl_solve_opts so;
    memset(&so, 0, sizeof so);
    so.opts = &o;
    gl_solution_init(s);
    gl_error err = {0};
    if (gl_game_solver(&gl_game_match3, algo)->solve((const gl_board *)b, &so, s, &err) != 0)
        print_error("%s: %s\n", algo, err.msg);
    assert_int_equal(gl_kv_check_used(&o, &err), 0);
    assert_true(s->solved);
    assert_true(s->nmoves <= x);
    /* Replay with the game's own rules: every swap legal, the total as told. */
    gl_board *c = gl_game_match3.clone((const gl_board *)b);
    for (int i = 0; i < s->nmoves; i++) assert_int_equal(gl_game_match3.apply(c, &s->moves[i], NULL, &err), 0);
    assert_int_equal(((match3_board *)c)->score - b->score, s->cost);
    gl_game_match3.destroy(c);
    gl_kv_free(&o);
}

static void compare_all(match3_board *b, int x)
{
    gl_solution ex, bt, pr, bm, b1;
    run(b, "exact", x, NULL, NULL, &ex);
    run(b, "backtrack", x, NULL, NULL, &bt);
    run(b, "pruned", x, "c", "3", &pr);
    run(b, "beam", x, "width", "8", &bm);
    run(b, "best1", 1, NULL, NULL, &b1);
    assert_true(ex.optimal && bt.optimal && b1.optimal);
    assert_false(pr.optimal || bm.optimal);
    if (ex.cost != bt.cost) print_error("exact %lld backtrack %lld (x=%d)\n", ex.cost, bt.cost, x);
    assert_int_equal(ex.cost, bt.cost);
    assert_true(pr.cost <= ex.cost && bm.cost <= ex.cost && b1.cost <= ex.cost);
    if (x == 1) assert_int_equal(b1.cost, ex.cost);
    gl_solution_free(&ex);
    gl_solution_free(&bt);
    gl_solution_free(&pr);
    gl_solution_free(&bm);
    gl_solution_free(&b1);
}

static void test_exact_equals_backtrack(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 150; seed++) {
        match3_board *b = make(3 + (int)(seed % 4), 3 + (int)(seed / 4 % 4), 3 + (int)(seed % 3), 0, seed);
        compare_all(b, 1 + (int)(seed % 4));
        gl_game_match3.destroy((gl_board *)b);
    }
    /* The largest boards the bit-parallel engine takes (7 and 8 rows or
     * columns), at fewer swaps so that backtrack stays quick. */
    for (uint64_t seed = 0; seed < 24; seed++) {
        match3_board *b = make(5 + (int)(seed % 4), 8 - (int)(seed / 4 % 3), 3 + (int)(seed % 3), 0, seed + 7000);
        compare_all(b, 2 + (int)(seed % 2));
        gl_game_match3.destroy((gl_board *)b);
    }
}

/* With refill the future tiles come from the board's rng: every solver
 * searches that seeded future, so exact and backtrack still agree. */
static void test_exact_equals_backtrack_refill(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 40; seed++) {
        match3_board *b = make(4 + (int)(seed % 2), 4, 3 + (int)(seed % 2), 1, seed + 1000);
        compare_all(b, 1 + (int)(seed % 3));
        gl_game_match3.destroy((gl_board *)b);
    }
}

/* The seed's setting at X=3 on a few boards, and the bound is admissible:
 * no line scores more than it allows. */
static void test_seed_setting(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        match3_board *b = make(7, 7, 4, 0, seed);
        compare_all(b, 3);
        gl_solution ex;
        run(b, "exact", 4, NULL, NULL, &ex);
        match3_engine E;
        assert_int_equal(match3_engine_init(&E, &b->R), 0);
        assert_true(ex.cost <= match3_engine_bound(&E, b->cell));
        match3_engine_free(&E);
        gl_solution_free(&ex);
        gl_game_match3.destroy((gl_board *)b);
    }
}

/* The bit-parallel exact search against the scalar one at depths where
 * backtrack would be slow: 7x7 and 8x8 boards (and 8 rows by 5..7
 * columns), K = 3..9, X = 4 or 5.  Same proved scores; the bit line
 * replays to its score. */
static void test_bits_exact_equals_scalar(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 18; seed++) {
        int side = seed % 3 == 0 ? 8 : 7, cols = seed % 3 == 2 ? 5 + (int)(seed / 3 % 3) : side;
        match3_board *b = make(cols, side, 3 + (int)(seed % 7), 0, seed + 11000);
        int x = seed % 6 == 1 ? 5 : 4;
        gl_error err = {0};
        match3_exact_job jb = {.b = b, .x = x}, js = {.b = b, .x = x};
        assert_int_equal(match3_exact_bits_run(&jb, &err), 0);
        assert_null(jb.stopped);
        assert_int_equal(match3_exact_scalar_run(&js, &err), 0);
        assert_null(js.stopped);
        long long vb = jb.best, vs = js.best;
        int nb = jb.nline, *lb = jb.line;
        if (vb != vs) print_error("seed %llu: bits %lld scalar %lld\n", (unsigned long long)seed, vb, vs);
        assert_int_equal(vb, vs);
        gl_board *c = gl_game_match3.clone((const gl_board *)b);
        for (int i = 0; i < nb; i++) {
            gl_move m = match3_to_move(lb[i], cols);
            assert_int_equal(gl_game_match3.apply(c, &m, NULL, &err), 0);
        }
        assert_int_equal(((match3_board *)c)->score - b->score, vb);
        gl_game_match3.destroy(c);
        gl_game_match3.destroy((gl_board *)b);
    }
}

/* The search on 512-bit vectors and on the portable path
 * (GRIDLAB_SIMD=portable): the same score, line and play count on 7x7 and
 * 8x8 boards, K = 3..9 (2, 3 and 4 bit planes), X = 4 and 5.  (Where the
 * processor lacks the vectors both runs take the portable path.) */
static void test_bits_exact_wide_portable(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 14; seed++) {
        int side = seed % 3 == 0 ? 8 : 7;
        match3_board *b = make(side, side, 3 + (int)(seed % 7), 0, seed + 19000);
        int x = seed % 4 == 1 ? 5 : 4;
        match3_exact_job j[2] = {{.b = b, .x = x}, {.b = b, .x = x}};
        gl_error err = {0};
        for (int w = 0; w < 2; w++) {
            if (w) setenv("GRIDLAB_SIMD", "portable", 1);
            assert_int_equal(match3_exact_bits_run(&j[w], &err), 0);
            assert_null(j[w].stopped);
        }
        unsetenv("GRIDLAB_SIMD");
        assert_int_equal(j[0].best, j[1].best);
        assert_int_equal(j[0].nline, j[1].nline);
        assert_memory_equal(j[0].line, j[1].line, (size_t)j[0].nline * sizeof j[0].line[0]);
        assert_int_equal(j[0].nodes, j[1].nodes);
        gl_game_match3.destroy((gl_board *)b);
    }
}

/* The bit-parallel search leaves its workspace (tables, one-swap cache)
 * in the caller's gl_keep for the caller's next solve.  Nothing may carry
 * over: a board solved again after others (a bigger one with other kinds,
 * and one stopped by a time limit) gets the same score, line and play
 * count as without a kept workspace; and a gl_keep holding something of
 * another solver's is freed and taken over. */
static int other_freed;
static void other_free(void *p)
{
    free(p);
    other_freed++;
}

static long long bits_solve(const match3_board *b, int x, double limit_ms, gl_keep *keep, int *line, int *nline,
                            uint64_t *nodes, const char **st)
{
    gl_limits lim;
    memset(&lim, 0, sizeof lim);
    lim.limit_ms = limit_ms;
    match3_exact_job j = {.b = b, .x = x, .lim = &lim, .keep = keep};
    gl_error err = {0};
    assert_int_equal(match3_exact_bits_run(&j, &err), 0);
    memcpy(line, j.line, sizeof j.line);
    *nline = j.nline;
    *nodes = j.nodes;
    *st = j.stopped;
    return j.best;
}

static void test_bits_workspace_reuse(void **state)
{
    (void)state;
    match3_board *a = make(7, 7, 4, 0, 8), *big = make(8, 8, 6, 0, 3), *slow = make(8, 8, 4, 0, 5);
    int l1[MATCH3_MAX_SWAPS], l2[MATCH3_MAX_SWAPS], l3[MATCH3_MAX_SWAPS], n1, n2, n3;
    uint64_t p1, p2, p3;
    const char *st;
    long long v1 = bits_solve(a, 5, 0, NULL, l1, &n1, &p1, &st);
    assert_null(st);
    gl_keep keep = GL_KEEP_INIT;
    keep.p = malloc(16);
    keep.free = other_free;
    bits_solve(big, 5, 0, &keep, l2, &n2, &p2, &st);
    assert_null(st);
    assert_int_equal(other_freed, 1);
    assert_non_null(keep.p);
    void *kept = keep.p;
    bits_solve(slow, 12, 20, &keep, l3, &n3, &p3, &st);
    assert_non_null(st);
    assert_ptr_equal(keep.p, kept); /* taken again, not made anew */
    long long v2 = bits_solve(a, 5, 0, &keep, l2, &n2, &p2, &st);
    assert_null(st);
    assert_int_equal(v1, v2);
    assert_int_equal(n1, n2);
    assert_memory_equal(l1, l2, (size_t)n1 * sizeof *l1);
    assert_int_equal(p1, p2);
    gl_keep_free(&keep);
    assert_null(keep.p);
    gl_game_match3.destroy((gl_board *)a);
    gl_game_match3.destroy((gl_board *)big);
    gl_game_match3.destroy((gl_board *)slow);
}

/* A time limit stops exact cleanly: not optimal, stopped said, and the
 * line it gives still replays. */
static void check_exact_limit(int side, uint64_t seed)
{
    match3_board *b = make(side, side, 4, 0, seed);
    gl_kvlist o;
    gl_kv_init(&o);
    gl_kv_add(&o, "swaps", "12", 0);
    gl_solve_opts so;
    memset(&so, 0, sizeof so);
    so.opts = &o;
    so.lim.limit_ms = 30;
    gl_solution s;
    gl_solution_init(&s);
    gl_error err = {0};
    assert_int_equal(match3_solve_exact((const gl_board *)b, &so, &s, &err), 0);
    assert_false(s.optimal);
    assert_non_null(s.stopped);
    gl_board *c = gl_game_match3.clone((const gl_board *)b);
    for (int i = 0; i < s.nmoves; i++) assert_int_equal(gl_game_match3.apply(c, &s.moves[i], NULL, &err), 0);
    assert_int_equal(((match3_board *)c)->score, s.cost);
    gl_game_match3.destroy(c);
    gl_solution_free(&s);
    gl_kv_free(&o);
    gl_game_match3.destroy((gl_board *)b);
}

/* On the scalar search (10x10) and on the bit-parallel one (8x8). */
static void test_exact_limit(void **state)
{
    (void)state;
    check_exact_limit(10, 5);
    check_exact_limit(8, 5);
}

/* hint: the first swap of an exact best line. */
static void test_hint(void **state)
{
    (void)state;
    match3_board *b = make(6, 6, 4, 0, 11);
    gl_kvlist o;
    gl_kv_init(&o);
    gl_solve_opts so;
    memset(&so, 0, sizeof so);
    so.opts = &o;
    gl_move m;
    gl_error err = {0};
    assert_int_equal(match3_hint((const gl_board *)b, &so, &m, NULL, &err), 1);
    gl_solution ex;
    run(b, "exact", 3, NULL, NULL, &ex);
    /* Playing the hint keeps the exact best reachable in the 2 swaps left. */
    gl_board *c = gl_game_match3.clone((const gl_board *)b);
    assert_int_equal(gl_game_match3.apply(c, &m, NULL, &err), 0);
    gl_solution rest;
    run((match3_board *)c, "exact", 2, NULL, NULL, &rest);
    assert_int_equal(((match3_board *)c)->score + rest.cost, ex.cost);
    gl_solution_free(&ex);
    gl_solution_free(&rest);
    gl_game_match3.destroy(c);
    gl_kv_free(&o);
    gl_game_match3.destroy((gl_board *)b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_matches_reference),
        cmocka_unit_test(test_bits_match_reference),
        cmocka_unit_test(test_independence_rule),
        cmocka_unit_test(test_bits_independence),
        cmocka_unit_test(test_plane_score),
        cmocka_unit_test(test_wide_plays),
        cmocka_unit_test(test_exact_equals_backtrack),
        cmocka_unit_test(test_exact_equals_backtrack_refill),
        cmocka_unit_test(test_seed_setting),
        cmocka_unit_test(test_bits_exact_equals_scalar),
        cmocka_unit_test(test_bits_exact_wide_portable),
        cmocka_unit_test(test_bits_workspace_reuse),
        cmocka_unit_test(test_exact_limit),
        cmocka_unit_test(test_hint),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
