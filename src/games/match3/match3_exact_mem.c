/* The exact bit-engine search's workspace, which a caller may keep from
 * one solve to the next (its buffers are mapped by bx_mem,
 * match3_exact_table.c).
 *
 * On a virtual machine the first touch of a fresh page costs as much as
 * many plays, and a solve of a small board spent most of its time faulting
 * in its tables.  So the buffers are mapped with MAP_POPULATE
 * where it exists (the kernel fills the pages in one call, much cheaper
 * than faulting them one by one), and the workspace of a finished solve
 * (context, one-swap cache, table buffers) is left in the caller's
 * gl_keep, when it gives one, for its next solve, which only clears the
 * parts it uses.  Elsewhere (and under
 * the sanitizers, which check heap blocks) plain calloc.  docs/notes/match3.md
 * has the measurements. */
#include "match3_exact_bits.h"

#include <stdlib.h>
#include <string.h>

#define BX_KEEP_BYTES ((size_t)8 << 20) /* table buffers above this are not kept */

void bx_free(bx_ctx *c)
{
    bt_free(&c->tt);
    bx_unmem(c->b1c, ((size_t)1 << B1_MAX_BITS) * sizeof *c->b1c);
    bx_unmem(c, sizeof *c);
}

static void bx_free_kept(void *p) { bx_free(p); }

size_t bx_ctx_bytes(void) { return sizeof(bx_ctx) + ((size_t)1 << B1_MAX_BITS) * sizeof(uint64_t[2]); }

bx_ctx *bx_take(gl_meter *m, gl_keep *keep)
{
    if (gl_meter_charge(m, bx_ctx_bytes()) != 0) return NULL;
    bx_ctx *c = NULL;
    if (keep && keep->p && keep->free == bx_free_kept) {
        c = keep->p;
        keep->p = NULL;
        keep->free = NULL;
    }
    if (!c) {
        c = bx_mem(sizeof *c);
        if (c) c->b1c = bx_mem(((size_t)1 << B1_MAX_BITS) * sizeof *c->b1c);
        if (!c || !c->b1c) {
            bx_unmem(c, sizeof *c);
            gl_meter_refund(m, bx_ctx_bytes());
            m->stopped = "out of memory";
            return NULL;
        }
    }
    c->m = m;
    c->tt.m = m;
    /* Stamps are compared with ticks: both start again from zero. */
    memset(c->stamp, 0, sizeof c->stamp);
    memset(c->up.stamp, 0, sizeof c->up.stamp);
    memset(c->seen, 0, sizeof c->seen);
    c->tick = c->up.tick = 0;
    c->nodes = c->ticked = 0;
    c->b1mask = ((size_t)1 << B1_MIN_BITS) - 1;
    c->b1puts = 0;
    c->wide = match3_wide_usable();
    memset(c->b1c, 0, (c->b1mask + 1) * sizeof *c->b1c);
    return c;
}

void bx_give_back(bx_ctx *c, gl_keep *keep)
{
    bt_release(&c->tt);
    gl_meter_refund(c->m, bx_ctx_bytes());
    for (int i = 0; i < 2; i++)
        if (c->tt.bufcap[i] * sizeof(bx_slot) > BX_KEEP_BYTES) {
            bx_unmem(c->tt.buf[i], c->tt.bufcap[i] * sizeof(bx_slot));
            c->tt.buf[i] = NULL;
            c->tt.bufcap[i] = 0;
        }
    if (!keep) {
        bx_free(c);
        return;
    }
    gl_keep_free(keep); /* another solver's, or nothing */
    keep->p = c;
    keep->free = bx_free_kept;
}
