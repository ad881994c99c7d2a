/* Typed results: what a move did (gl_events) and what a hint or a solver
 * adds to its answer (gl_info).
 *
 * Games fill these with facts (cells, numbers); front ends and the CLI
 * decide how to show them: the CLI writes gl_info as JSON members, the
 * terminal front end animates gl_events, the play session describes them
 * in a line of text.  A game never formats JSON or messages for them. */
#ifndef GRIDLAB_EVENTS_H
#define GRIDLAB_EVENTS_H

#include "api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A growing list of (row, col) cells, shared by both structures. */
typedef struct gl_cells {
    int *rc;  /* row, col pairs */
    int n, cap;
} gl_cells;

GL_API void gl_cells_free(gl_cells *c);

/* ------------------------------------------------------------ events */

typedef enum gl_event_kind {
    /* from the games' apply */
    GL_EV_MOVE = 1,  /* the move: cells = the way it went (lines' path, onet's corners, the
                        swapped tiles, a tile's from and to); value = its cost where the game
                        counts one (tiles), else 0 */
    GL_EV_FILL,      /* cells that took the move's colour (flood); value = the region's size */
    GL_EV_REMOVE,    /* cells cleared; value = the points they scored (0 where none) */
    GL_EV_SPAWN,     /* cells the game filled by chance (lines' spawns, match3's refills) */
    GL_EV_BOMB,      /* onet: a bomb took every tile of a kind; value = the kind's symbol */
    GL_EV_RESHUFFLE, /* onet: a deadlock; value = the reshuffles made, -1 when none helped */
    GL_EV_SCORE,     /* value = the score after the move (games that keep one) */
    /* from the play session */
    GL_EV_WON,       /* the game (or this level) is won */
    GL_EV_LOST,      /* no move is left (or the move limit is reached) */
    GL_EV_TIME_UP,   /* the clock ran out: the game is lost */
    GL_EV_LEVEL,     /* a new level started; value = its number */
    GL_EV_SAVED,     /* the position was saved (autosave) */
    /* from the games' apply, for a game whose cells change in a way of its
     * own (lights toggled): the cells, shown as changed; value = the game's
     * figure (0 where none); the game's change_word says what they did */
    GL_EV_CHANGE,
    /* from the games' apply, for a game whose tiles fall (match3), in the
     * order of each round of a cascade: GL_EV_REMOVE, then GL_EV_FALL, then
     * GL_EV_SPAWN with one GL_EV_PLACE per refilled cell, so that a front
     * end can show every round's board from the board before the move */
    GL_EV_FALL,      /* tiles that fell: cells = from, to pairs (2 cells a tile, its column's
                        lower cell second); value = how many tiles fell */
    GL_EV_PLACE      /* a tile put on an empty cell: one cell; value = its kind (the cell's
                        colour in the game's cell view) */
} gl_event_kind;

typedef struct gl_event {
    gl_event_kind kind;
    long long value;
    int first, n;  /* its cells: cells.rc[2*first ..] */
} gl_event;

typedef struct gl_events {
    gl_event *ev;
    int n, cap;
    gl_cells cells;
} gl_events;

GL_API void gl_events_init(gl_events *e);
GL_API void gl_events_free(gl_events *e);
GL_API void gl_events_clear(gl_events *e);
/* Appends an event; its cells follow with gl_events_cell.  Both do
 * nothing when e is NULL (a caller that does not want events). */
GL_API void gl_events_add(gl_events *e, gl_event_kind kind, long long value);
GL_API void gl_events_cell(gl_events *e, int r, int c);
/* The first event of a kind, or NULL. */
GL_API const gl_event *gl_events_find(const gl_events *e, gl_event_kind kind);
/* Event x's cells (x->n row, col pairs), or NULL when it has none (the
 * list may be unallocated then: no offset is taken from NULL). */
GL_API const int *gl_event_cells(const gl_events *e, const gl_event *x);
GL_API const char *gl_event_name(gl_event_kind kind); /* "move", "remove", ... */

/* ------------------------------------------------------------ info */

typedef enum gl_info_type {
    GL_INFO_INT = 1,
    GL_INFO_BOOL,
    GL_INFO_NULL,      /* known to be unknown: "solvable": null */
    GL_INFO_CELLS,     /* one path: value = its cell count */
    GL_INFO_CELL_LISTS, /* several paths: value = how many; lists[first ..] */
    GL_INFO_TEXT        /* a name: text (match3's "engine": "bits") */
} gl_info_type;

typedef struct gl_info_item {
    const char *key;  /* a string that outlives the list (a literal) */
    gl_info_type type;
    long long value;
    int first;        /* CELLS: its first cell; CELL_LISTS: its first list */
    const char *text; /* TEXT: a string that outlives the list (a literal) */
} gl_info_item;

typedef struct gl_info {
    gl_info_item *items;
    int n, cap;
    gl_cells cells;
    int *lists;  /* per list: first cell, cell count */
    int nlists, listcap;
} gl_info;

/* The caller owns the list; a hint or a solver fills it, the caller reads
 * it by key. */
GL_API void gl_info_init(gl_info *i);
GL_API void gl_info_free(gl_info *i);
GL_API void gl_info_clear(gl_info *i);
/* The item of key, or NULL.  CELLS: its value cells start at
 * cells.rc[2*first]; CELL_LISTS: list k (0 .. value-1) starts at cell
 * lists[2*(first+k)] and has lists[2*(first+k)+1] cells. */
GL_API const gl_info_item *gl_info_find(const gl_info *i, const char *key);

#ifdef __cplusplus
}
#endif
#endif
