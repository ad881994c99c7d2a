/* Typed results of moves, hints and solvers (include/gridlab/events.h):
 * growing arrays, nothing more.  Allocation failure aborts with a
 * message, as gl_strbuf does: these lists are small and a partial one
 * would be a lie. */
#include "gridlab/events.h"
#include "gridlab/game_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *grow(void *p, int *cap, int need, size_t size)
{
    if (need <= *cap) return p;
    int nc = *cap ? *cap : 8;
    while (nc < need) nc *= 2;
    void *q = realloc(p, (size_t)nc * size);
    if (!q) {
        fputs("gridlab: out of memory\n", stderr);
        abort();
    }
    *cap = nc;
    return q;
}

void gl_cells_free(gl_cells *c)
{
    free(c->rc);
    memset(c, 0, sizeof *c);
}

void gl_cells_push(gl_cells *c, int r, int col)
{
    c->rc = grow(c->rc, &c->cap, 2 * (c->n + 1), sizeof *c->rc);
    c->rc[2 * c->n] = r;
    c->rc[2 * c->n + 1] = col;
    c->n++;
}

/* ------------------------------------------------------------ events */

void gl_events_init(gl_events *e) { memset(e, 0, sizeof *e); }

void gl_events_free(gl_events *e)
{
    free(e->ev);
    free(e->cells.rc);
    memset(e, 0, sizeof *e);
}

void gl_events_clear(gl_events *e)
{
    e->n = 0;
    e->cells.n = 0;
}

void gl_events_add(gl_events *e, gl_event_kind kind, long long value)
{
    if (!e) return;
    e->ev = grow(e->ev, &e->cap, e->n + 1, sizeof *e->ev);
    e->ev[e->n++] = (gl_event){kind, value, e->cells.n, 0};
}

void gl_events_cell(gl_events *e, int r, int c)
{
    if (!e || !e->n) return;
    gl_cells_push(&e->cells, r, c);
    e->ev[e->n - 1].n++;
}

const gl_event *gl_events_find(const gl_events *e, gl_event_kind kind)
{
    for (int i = 0; e && i < e->n; i++)
        if (e->ev[i].kind == kind) return &e->ev[i];
    return NULL;
}

const int *gl_event_cells(const gl_events *e, const gl_event *x)
{
    return x->n > 0 ? e->cells.rc + 2 * x->first : NULL;
}

const char *gl_event_name(gl_event_kind kind)
{
    static const char *const names[] = {"", "move", "fill", "remove", "spawn", "bomb", "reshuffle",
                                        "score", "won", "lost", "time up", "level", "saved", "change",
                                        "fall",     "place"};
    return kind > 0 && (size_t)kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

/* ------------------------------------------------------------ info */

void gl_info_init(gl_info *i) { memset(i, 0, sizeof *i); }

void gl_info_free(gl_info *i)
{
    free(i->items);
    free(i->cells.rc);
    free(i->lists);
    memset(i, 0, sizeof *i);
}

void gl_info_clear(gl_info *i)
{
    i->n = 0;
    i->cells.n = 0;
    i->nlists = 0;
}

static gl_info_item *add(gl_info *i, const char *key, gl_info_type type, long long v)
{
    i->items = grow(i->items, &i->cap, i->n + 1, sizeof *i->items);
    gl_info_item *it = &i->items[i->n++];
    *it = (gl_info_item){key, type, v, 0, NULL};
    return it;
}

void gl_info_int(gl_info *i, const char *key, long long v)
{
    if (i) add(i, key, GL_INFO_INT, v);
}

void gl_info_bool(gl_info *i, const char *key, int v)
{
    if (i) add(i, key, GL_INFO_BOOL, v != 0);
}

void gl_info_null(gl_info *i, const char *key)
{
    if (i) add(i, key, GL_INFO_NULL, 0);
}

void gl_info_text(gl_info *i, const char *key, const char *text)
{
    if (i) add(i, key, GL_INFO_TEXT, 0)->text = text;
}

void gl_info_cells(gl_info *i, const char *key, const int *rc, int n)
{
    if (!i) return;
    gl_info_item *it = add(i, key, GL_INFO_CELLS, n);
    it->first = i->cells.n;
    for (int k = 0; k < n; k++) gl_cells_push(&i->cells, rc[2 * k], rc[2 * k + 1]);
}

void gl_info_lists_begin(gl_info *i, const char *key)
{
    if (!i) return;
    gl_info_item *it = add(i, key, GL_INFO_CELL_LISTS, 0);
    it->first = i->nlists;
}

void gl_info_list_add(gl_info *i, const int *rc, int n)
{
    if (!i || !i->n || i->items[i->n - 1].type != GL_INFO_CELL_LISTS) return;
    i->lists = grow(i->lists, &i->listcap, 2 * (i->nlists + 1), sizeof *i->lists);
    i->lists[2 * i->nlists] = i->cells.n;
    i->lists[2 * i->nlists + 1] = n;
    i->nlists++;
    i->items[i->n - 1].value++;
    for (int k = 0; k < n; k++) gl_cells_push(&i->cells, rc[2 * k], rc[2 * k + 1]);
}

const gl_info_item *gl_info_find(const gl_info *i, const char *key)
{
    for (int k = 0; i && k < i->n; k++)
        if (strcmp(i->items[k].key, key) == 0) return &i->items[k];
    return NULL;
}
