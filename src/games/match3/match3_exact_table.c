/* The exact bit-engine search's transposition table (match3_exact_bits.h
 * describes it): open addressing, one slot of three words per entry, two
 * buffers that take turns when the table doubles and are kept from one
 * solve to the next; and the mapped memory of the search's buffers
 * (bx_mem: match3_exact_mem.c says why they are mapped populated). */
#include "match3_exact_bits.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(MAP_POPULATE) && !defined(__SANITIZE_ADDRESS__)
#define BX_MMAP 1
#endif

void *bx_mem(size_t bytes)
{
#ifdef BX_MMAP
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
    return p == MAP_FAILED ? NULL : p;
#else
    return calloc(1, bytes);
#endif
}

void bx_unmem(void *p, size_t bytes)
{
    if (!p) return;
#ifdef BX_MMAP
    munmap(p, bytes);
#else
    (void)bytes;
    free(p);
#endif
}

/* Makes buf[i] hold at least cap slots, cleared; 0 or -1.  A bigger
 * buffer is charged before it is mapped; the old one is refunded once it
 * is gone. */
static int bt_buf(bx_table *t, int i, size_t cap)
{
    if (t->bufcap[i] < cap) {
        if (gl_meter_charge(t->m, cap * sizeof(bx_slot)) != 0) return -1;
        bx_unmem(t->buf[i], t->bufcap[i] * sizeof(bx_slot));
        gl_meter_refund(t->m, t->bufcap[i] * sizeof(bx_slot));
        t->bufcap[i] = 0;
        t->buf[i] = bx_mem(cap * sizeof(bx_slot));
        if (!t->buf[i]) {
            gl_meter_refund(t->m, cap * sizeof(bx_slot));
            t->m->stopped = "out of memory";
            return -1;
        }
        t->bufcap[i] = cap;
    } else {
        memset(t->buf[i], 0, cap * sizeof(bx_slot));
    }
    return 0;
}

int bt_reset(bx_table *t, size_t cap, gl_meter *m)
{
    t->m = m;
    for (int i = 0; i < 2; i++)
        if (t->bufcap[i] && gl_meter_charge(m, t->bufcap[i] * sizeof(bx_slot)) != 0) {
            m->stopped = NULL; /* a kept buffer too big for this solve: let it go */
            bx_unmem(t->buf[i], t->bufcap[i] * sizeof(bx_slot));
            t->buf[i] = NULL;
            t->bufcap[i] = 0;
        }
    t->cur = t->bufcap[1] > t->bufcap[0]; /* the bigger buffer: fewer remaps */
    t->slot = NULL;
    t->cap = t->n = 0;
    if (bt_buf(t, t->cur, cap) != 0) return -1;
    t->slot = t->buf[t->cur];
    t->cap = cap;
    return 0;
}

void bt_release(bx_table *t)
{
    gl_meter_refund(t->m, (t->bufcap[0] + t->bufcap[1]) * sizeof(bx_slot));
}

void bt_free(bx_table *t)
{
    for (int i = 0; i < 2; i++) {
        bx_unmem(t->buf[i], t->bufcap[i] * sizeof(bx_slot));
        t->buf[i] = NULL;
        t->bufcap[i] = 0;
    }
    t->slot = NULL;
}

uint64_t *bt_find(const bx_table *t, const uint64_t key[2])
{
    size_t m = t->cap - 1;
    for (size_t i = key[0] & m;; i = (i + 1) & m) {
        uint64_t *s = t->slot[i];
        if (s[0] == key[0] && s[1] == key[1]) return &s[2];
        if (!s[0]) return NULL;
    }
}

/* Doubles the table into the other buffer; 0 or -1. */
static int bt_grow(bx_table *t)
{
    size_t ncap = 2 * t->cap;
    int o = !t->cur;
    if (bt_buf(t, o, ncap) != 0) return -1;
    bx_slot *ns = t->buf[o];
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->slot[i][0]) continue;
        size_t j = t->slot[i][0] & (ncap - 1);
        while (ns[j][0]) j = (j + 1) & (ncap - 1);
        memcpy(ns[j], t->slot[i], sizeof *ns);
    }
    t->cur = o;
    t->slot = ns;
    t->cap = ncap;
    return 0;
}

uint64_t *bt_upsert(bx_table *t, const uint64_t key[2], int *ins)
{
    if (2 * (t->n + 1) > t->cap && bt_grow(t) != 0) return NULL;
    size_t m = t->cap - 1;
    for (size_t i = key[0] & m;; i = (i + 1) & m) {
        uint64_t *s = t->slot[i];
        if (s[0] == key[0] && s[1] == key[1]) {
            *ins = 0;
            return &s[2];
        }
        if (!s[0]) {
            s[0] = key[0];
            s[1] = key[1];
            s[2] = 0;
            t->n++;
            *ins = 1;
            return &s[2];
        }
    }
}
