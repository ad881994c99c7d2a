/* Chunked bump allocator with a byte cap. */
#include "gridlab/arena.h"

#include <stdlib.h>

struct gl_arena_chunk {
    gl_arena_chunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

void gl_arena_init(gl_arena *a, size_t chunk_size, size_t cap)
{
    a->head = NULL;
    a->chunk_size = chunk_size ? chunk_size : (1u << 20);
    a->bytes = 0;
    a->cap = cap;
}

void *gl_arena_alloc(gl_arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    gl_arena_chunk *c = a->head;
    if (!c || c->size - c->used < size) {
        size_t cs = a->chunk_size > size ? a->chunk_size : size;
        size_t total = sizeof(gl_arena_chunk) + cs;
        if (a->cap && a->bytes + total > a->cap) return NULL;
        c = malloc(total);
        if (!c) return NULL;
        c->size = cs;
        c->used = 0;
        c->next = a->head;
        a->head = c;
        a->bytes += total;
    }
    void *p = c->data + c->used;
    c->used += size;
    return p;
}

void gl_arena_free(gl_arena *a)
{
    gl_arena_chunk *c = a->head;
    while (c) {
        gl_arena_chunk *n = c->next;
        free(c);
        c = n;
    }
    a->head = NULL;
    a->bytes = 0;
}
