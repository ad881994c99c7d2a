/* An open-addressing hash table with linear probing, for closed sets and
 * transposition tables.
 *
 * Keys are fixed-length arrays of 64-bit words (one word for a packed tiles
 * state, a bitset of components for Flood-It); each entry carries one 64-bit
 * value.  Keys and values live in flat arrays, so a lookup touches one or
 * two cache lines.  The table doubles at 3/4 load; growing past its memory
 * cap fails (-1) instead, which a search reports as hitting its limit.
 * There is no deletion of single entries: searches only add, and a table
 * reused per search is emptied whole. */
#ifndef GRIDLAB_HASH_H
#define GRIDLAB_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_htab {
    uint64_t *keys;  /* cap * kw words */
    uint64_t *vals;  /* cap values */
    uint8_t *used;   /* cap flags */
    size_t kw;       /* words per key */
    size_t cap, n;   /* cap is a power of two */
    size_t max_bytes;
} gl_htab;

static inline uint64_t gl_hash_u64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}
/* 64-bit mixing of a key of kw words (good avalanche, fast): every bit of
 * the result depends on every bit of the key, high bits included, so a
 * table may take its slot or a tag from either end.  Inline: searches
 * hash a key per child. */
static inline uint64_t gl_hash_words(const uint64_t *key, size_t kw)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)kw;
    for (size_t i = 0; i < kw; i++) h = gl_hash_u64(h ^ key[i]) + 0x632be59bd9b4e019ULL;
    return h;
}

int gl_htab_init(gl_htab *t, size_t key_words, size_t initial, size_t max_bytes);
void gl_htab_free(gl_htab *t);
/* Pointer to the value of key, or NULL. */
uint64_t *gl_htab_find(const gl_htab *t, const uint64_t *key);
/* Finds or inserts key.  *inserted says which; the value of a new entry is
 * set to init.  Returns NULL only when the table cannot grow (memory cap). */
uint64_t *gl_htab_upsert(gl_htab *t, const uint64_t *key, uint64_t init, int *inserted);
/* Empties the table, keeping its memory (for a table reused per search). */
void gl_htab_clear(gl_htab *t);
size_t gl_htab_bytes(const gl_htab *t);
/* Bytes the table would hold after its next growth. */
size_t gl_htab_grow_bytes(const gl_htab *t);
/* Whether inserting one more key makes the table grow (at 3/4 load). */
static inline int gl_htab_full(const gl_htab *t) { return (t->n + 1) * 4 > t->cap * 3; }
/* Bytes that inserting one more key would allocate: the whole new table
 * when the insertion makes it grow (the old one lives until the copy is
 * done), else 0.  A caller that charges a memory meter charges this before
 * gl_htab_upsert and refunds the old table's bytes once it grew.  Inline:
 * searches ask before every insertion. */
static inline size_t gl_htab_insert_bytes(const gl_htab *t) { return gl_htab_full(t) ? gl_htab_grow_bytes(t) : 0; }

#ifdef __cplusplus
}
#endif
#endif
