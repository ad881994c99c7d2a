/* Bump allocation in large chunks: search nodes die together, so they are
 * allocated together and freed in one go.  Allocation fails (NULL) rather
 * than exceeding the cap, so a search stops cleanly at its memory limit. */
#ifndef GRIDLAB_ARENA_H
#define GRIDLAB_ARENA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_arena_chunk gl_arena_chunk;

typedef struct gl_arena {
    gl_arena_chunk *head;
    size_t chunk_size;
    size_t bytes; /* bytes obtained from malloc */
    size_t cap;   /* 0: no cap */
} gl_arena;

void gl_arena_init(gl_arena *a, size_t chunk_size, size_t cap);
/* size bytes aligned to 16; NULL when the cap would be exceeded. */
void *gl_arena_alloc(gl_arena *a, size_t size);
void gl_arena_free(gl_arena *a);

#ifdef __cplusplus
}
#endif
#endif
