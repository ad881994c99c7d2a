/* The terminal front end's internal state, shared by its two halves:
 * tui.c (input, game flow, signals, animation) and tui_draw.c (layout and
 * drawing).  Everything here is driven through the gl_game table only, so
 * a game gets the front end by filling dims/cell/select and friends.
 *
 * Drawing works on a "frame": an array of gl_cell_view for the board plus
 * optional overlays (a path with line characters, marked cells, a set of
 * freshly changed cells).  Animation is nothing but a sequence of frames
 * built from the boards before and after a move. */
#ifndef GL_TUI_INTERNAL_H
#define GL_TUI_INTERNAL_H

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "cli.h"

/* A history of boards for undo/redo (snapshots made with clone). */
typedef struct tui_hist {
    gl_board **items;
    int n, cap;
} tui_hist;

/* Overlays drawn on top of the board cells.  Coordinates may lie on the
 * ring one cell outside the board (row -1 or H, column -1 or W): onet's
 * link lines run there. */
typedef struct tui_frame {
    gl_cell_view *views;   /* h*w cells to draw */
    int w, h;
    const int *path;       /* rc pairs, adjacent cells, drawn as a line */
    int npath;
    int path_ball;         /* >0: the head of the path shows this symbol (a travelling ball) */
    int path_whole;        /* the path is complete: its two ends keep their symbols */
    const unsigned char *fresh; /* h*w: 1 = just changed (highlighted) */
    const int *marks;      /* rc pairs: hint cells */
    int nmarks;
} tui_frame;

#define TUI_MSG 512
#define TUI_MAXSEL 8
#define TUI_MAXPATH 4096

typedef struct tui {
    const gl_game *g;
    gl_board *b;
    const char *save_path;
    uint64_t seed;
    gl_kvlist *params;
    int games;      /* new games started with `n` */
    gl_rng level_rng; /* for next_level: seeded from the seed and the games played */

    tui_hist undo, redo;
    int cur_r, cur_c;
    int sel[2 * TUI_MAXSEL];
    int nsel;

    /* The hint on show: a path (rc pairs) or marked cells. */
    int hint_path[2 * TUI_MAXPATH];
    int hint_npath;
    int hint_marks[2 * TUI_MAXPATH];
    int hint_nmarks;

    char msg[TUI_MSG];
    int msg_bad;    /* the message is an error (drawn in bold) */

    int colour;     /* colour is on (terminal has it and NO_COLOR is unset) */
    int utf8;       /* the locale can draw box characters */
    int mouse;

    /* The level's clock (onet): 0 limit = none. */
    int limit_s;
    uint64_t start_ns;
    uint64_t paused_ns;  /* time spent in the help screen, not counted */
    int timed_out;

    /* Where the board went on screen in the last draw (for mouse clicks). */
    int oy, ox, cw, fits;
    int msg_y;      /* the message line (the command line is typed there) */
} tui;

/* tui_draw.c */
void tui_draw_init(tui *t);
/* Fills views (h*w) from a board. */
void tui_views(const gl_game *g, const gl_board *b, gl_cell_view *views, int w, int h);
int tui_view_eq(const gl_cell_view *a, const gl_cell_view *b);
/* Draws the whole screen: title, the frame's board, status, message, keys. */
void tui_draw(tui *t, const tui_frame *f);
void tui_draw_help(const tui *t);
/* Seconds left on the clock (limit_s > 0), never below 0. */
int tui_time_left(const tui *t);
/* Screen position -> board cell; 0 when the click is not on a cell. */
int tui_hit(const tui *t, int y, int x, int *r, int *c);

#endif
