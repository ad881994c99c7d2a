/* Open addressing with linear probing over flat key/value arrays. */
#include "gridlab/hash.h"

#include <stdlib.h>
#include <string.h>

static size_t bytes_for(size_t cap, size_t kw)
{
    return cap * (kw * sizeof(uint64_t) + sizeof(uint64_t) + 1);
}

int gl_htab_init(gl_htab *t, size_t key_words, size_t initial, size_t max_bytes)
{
    memset(t, 0, sizeof *t);
    t->kw = key_words ? key_words : 1;
    t->max_bytes = max_bytes;
    size_t cap = 64;
    while (cap < initial) cap *= 2;
    if (max_bytes && bytes_for(cap, t->kw) > max_bytes) cap = 64;
    t->keys = malloc(cap * t->kw * sizeof(uint64_t));
    t->vals = malloc(cap * sizeof(uint64_t));
    t->used = calloc(cap, 1);
    if (!t->keys || !t->vals || !t->used) {
        gl_htab_free(t);
        return -1;
    }
    t->cap = cap;
    return 0;
}

void gl_htab_free(gl_htab *t)
{
    free(t->keys);
    free(t->vals);
    free(t->used);
    t->keys = t->vals = NULL;
    t->used = NULL;
    t->cap = t->n = 0;
}

void gl_htab_clear(gl_htab *t)
{
    if (t->used) memset(t->used, 0, t->cap);
    t->n = 0;
}

size_t gl_htab_bytes(const gl_htab *t) { return bytes_for(t->cap, t->kw); }
size_t gl_htab_grow_bytes(const gl_htab *t) { return bytes_for(t->cap * 2, t->kw); }

static size_t probe(const gl_htab *t, const uint64_t *key, int *found)
{
    size_t mask = t->cap - 1;
    size_t i = (size_t)gl_hash_words(key, t->kw) & mask;
    for (;;) {
        if (!t->used[i]) {
            *found = 0;
            return i;
        }
        if (memcmp(t->keys + i * t->kw, key, t->kw * sizeof(uint64_t)) == 0) {
            *found = 1;
            return i;
        }
        i = (i + 1) & mask;
    }
}

uint64_t *gl_htab_find(const gl_htab *t, const uint64_t *key)
{
    int found;
    size_t i = probe(t, key, &found);
    return found ? &t->vals[i] : NULL;
}

static int grow(gl_htab *t)
{
    size_t nc = t->cap * 2;
    if (t->max_bytes && bytes_for(nc, t->kw) > t->max_bytes) return -1;
    gl_htab nt = *t;
    nt.keys = malloc(nc * t->kw * sizeof(uint64_t));
    nt.vals = malloc(nc * sizeof(uint64_t));
    nt.used = calloc(nc, 1);
    if (!nt.keys || !nt.vals || !nt.used) {
        free(nt.keys);
        free(nt.vals);
        free(nt.used);
        return -1;
    }
    nt.cap = nc;
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->used[i]) continue;
        int found;
        size_t j = probe(&nt, t->keys + i * t->kw, &found);
        memcpy(nt.keys + j * t->kw, t->keys + i * t->kw, t->kw * sizeof(uint64_t));
        nt.vals[j] = t->vals[i];
        nt.used[j] = 1;
    }
    free(t->keys);
    free(t->vals);
    free(t->used);
    *t = nt;
    return 0;
}

uint64_t *gl_htab_upsert(gl_htab *t, const uint64_t *key, uint64_t init, int *inserted)
{
    int found;
    size_t i = probe(t, key, &found);
    if (found) {
        if (inserted) *inserted = 0;
        return &t->vals[i];
    }
    if ((t->n + 1) * 4 > t->cap * 3) {
        if (grow(t) != 0) return NULL;
        i = probe(t, key, &found);
    }
    memcpy(t->keys + i * t->kw, key, t->kw * sizeof(uint64_t));
    t->vals[i] = init;
    t->used[i] = 1;
    t->n++;
    if (inserted) *inserted = 1;
    return &t->vals[i];
}
