/* The exact search on the bit-parallel engine, shared between its files:
 * the search's state (bx_ctx) and what each file offers the others.
 *
 *   match3_exact_bits.c   the search: deepening, branch and bound, the line
 *   match3_exact_two.c    the two-swaps-left step (scalar and 512-bit)
 *   match3_exact_table.c  the transposition table
 *   match3_exact_cache.h  the one-swap cache
 *   match3_exact_mem.c    mapped memory and the workspace kept between solves
 *
 * match3_exact_bits.c says what the search does and why it is exact. */
#ifndef GRIDLAB_GAMES_MATCH3_EXACT_BITS_H
#define GRIDLAB_GAMES_MATCH3_EXACT_BITS_H

#include "match3_bits_k.h"

/* ------------------------------------------------------------ memory */

/* Zeroed memory for the search's big buffers (mapped and populated where
 * the system can, match3_exact_table.c), and its release. */
void *bx_mem(size_t bytes);
void bx_unmem(void *p, size_t bytes);

/* ------------------------------------------------- transposition table */

/* Open addressing with linear probing, the two key words and the value
 * side by side in one slot (one cache line per probe), doubled at half
 * load.  A slot is free when its first key word is 0; keys are made
 * non-zero.  Two buffers take turns (a doubling rehashes into the other
 * one) and are kept between solves; each solve starts small at the front
 * of one of them. */
typedef uint64_t bx_slot[3]; /* key0, key1, value */
typedef struct bx_table {
    bx_slot *slot;
    size_t cap, n;
    bx_slot *buf[2];
    size_t bufcap[2]; /* slots */
    int cur;
    gl_meter *m;      /* the solve's: charged for every buffer before it is mapped */
} bx_table;

/* Starts a solve's table with cap slots (a power of two), charging m for
 * the buffers it keeps from earlier solves (a buffer the meter refuses is
 * let go) and for every buffer it maps; 0, or -1 (m->stopped says why). */
int bt_reset(bx_table *t, size_t cap, gl_meter *m);
/* Gives back what the solve charged for the buffers. */
void bt_release(bx_table *t);
/* The value slot of key, or NULL. */
uint64_t *bt_find(const bx_table *t, const uint64_t key[2]);
/* The value slot of key, inserted (value 0) if new (*ins says which);
 * NULL when the table could not grow (the meter refused it). */
uint64_t *bt_upsert(bx_table *t, const uint64_t key[2], int *ins);
/* Frees both buffers. */
void bt_free(bx_table *t);

/* -------------------------------------------------- the search's state */

/* The children of a node with three swaps left, kept for its children's
 * two-swaps-left step: per swap id the position after it, its score, read
 * cells and changed cells, and a stamp of the node. */
typedef struct bx_up {
    match3_bpos pos[MATCH3_BITS_IDS];
    int gain[MATCH3_BITS_IDS], stamp[MATCH3_BITS_IDS], tick;
    uint64_t read[MATCH3_BITS_IDS], diff[MATCH3_BITS_IDS];
} bx_up;

/* The children of the node being evaluated, by key (bx_lookup). */
typedef struct bx_seen {
    uint64_t key[2];
    int tick, kid;
} bx_seen;

/* One-swap cache sizes (match3_exact_cache.h): a solve starts with 2^MIN
 * slots and doubles up to 2^MAX. */
#define B1_MIN_BITS 12
#define B1_MAX_BITS 16

typedef struct bx_ctx {
    match3_bits G;
    bx_table tt;
    int kb[65];                      /* material bound for n tiles of a kind */
    match3_bpos stack[MATCH3_MAX_SWAPS + 2];
    int ids[MATCH3_MAX_SWAPS + 1][MATCH3_BITS_IDS];
    /* The two-swaps-left step's scratch, per swap id: score, read cells,
     * stamp; per child (first swap): changed cells, key, position. */
    int gain[MATCH3_BITS_IDS], stamp[MATCH3_BITS_IDS], tick;
    uint64_t rmask[MATCH3_BITS_IDS], cmask[MATCH3_BITS_IDS], kkey[MATCH3_BITS_IDS][2];
    match3_bpos kids[MATCH3_BITS_IDS];
    bx_up up;                        /* nodes with three swaps left never nest */
    gl_meter *m;                     /* the solve's limits; m->stopped once stopped */
    uint64_t nodes, ticked;          /* plays, and plays counted by the meter */
    uint64_t (*b1c)[2];              /* the one-swap cache */
    size_t b1mask, b1puts;
    /* Per child of the node in the two-swaps-left step: its best single
     * swap, whether it was computed, the earlier child that is the same
     * position. */
    int kb1[MATCH3_BITS_IDS], kmiss[MATCH3_BITS_IDS], kalias[MATCH3_BITS_IDS];
    bx_seen seen[256];
    /* The vector path: the first swaps played eight at a time and where
     * their children go, all the node's first swaps, the children (kind
     * words in, keys, legal swaps, planes, reused swaps out), the children
     * that missed the cache. */
    match3_firsts played, firsts;
    int widx[MATCH3_BITS_IDS], wmiss[MATCH3_BITS_IDS];
    uint64_t wk[MATCH3_MAX_KINDS][MATCH3_BITS_IDS];
    match3_kids kid;
    match3_wide_buf wbuf;
    int wide;                        /* replays on 512-bit vectors (match3_wide.c) */
} bx_ctx;

/* The workspace of a solve (match3_exact_mem.c): taken from the one the
 * caller's last solve left in keep, or made (charged to m); given back at
 * the end, into keep (freed when keep is NULL). */
bx_ctx *bx_take(gl_meter *m, gl_keep *keep);
/* The bytes of a workspace without its table. */
size_t bx_ctx_bytes(void);
void bx_give_back(bx_ctx *c, gl_keep *keep);
void bx_free(bx_ctx *c);

/* Two swaps left (match3_exact_two.c): the best total of two swaps from p
 * over its legal swaps mv[0..nm).  up and mdiff: p is a child of the node
 * up describes, reached by a swap that changed the cells mdiff (NULL: not
 * known). */
long long bx_two_left(bx_ctx *c, const match3_bpos *p, const int *mv, int nm, const bx_up *up, uint64_t mdiff);

#endif
