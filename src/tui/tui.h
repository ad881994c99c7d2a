/* The terminal front end's internal state, shared by its two halves:
 * tui.c (input, signals, animation) and tui_draw.c (layout and drawing).
 * The game in progress is a play session (src/play): undo, hints, the
 * solver's moves, levels, the clock and saves live there; this front end
 * shows the session and passes the player's keys and clicks to it.  Games
 * are drawn through the gl_game table's dims and cell only.
 *
 * Drawing works on a "frame": an array of gl_cell_view for the board plus
 * optional overlays (a path with line characters, marked cells, a set of
 * freshly changed cells).  Animation is nothing but a sequence of frames
 * built from the boards before and after a move. */
#ifndef GL_TUI_INTERNAL_H
#define GL_TUI_INTERNAL_H

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "gridlab/gridlab.h"
#include "play/front.h"

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
    gl_play *p;
    const gl_front_opts *o;
    uint64_t next_seed; /* `n` starts the game with this seed, then the next */

    int cur_r, cur_c;

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
    int save_failed; /* an autosave failed: exit status 2 */

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
/* Screen position -> board cell; 0 when the click is not on a cell. */
int tui_hit(const tui *t, int y, int x, int *r, int *c);

#endif
