/* The terminal front end's internal state, shared by its files: tui.c
 * (start, the main loop, signals), tui_input.c (keys and mouse clicks),
 * tui_play.c (moves, animation, hints, the solver, the end of a game and
 * its result), tui_menu.c (the menu, forms, prompts, questions),
 * tui_pages.c (the help and results pages) and tui_draw.c (layout and
 * drawing).
 *
 * The game in progress is a play session (src/play): undo, hints, the
 * solver's moves, levels, the clock and saves live there, and the tables
 * of best results are the play layer's too (scores.h); this front end
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

#include "gridlab/internal.h"
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

#define TUI_MSG 1024
#define TUI_MAXPATH 4096

/* One input: a key (curses' codes) or a click of the first button. */
#define TUI_CLICK (KEY_MAX + 1)
#define TUI_QUIT (KEY_MAX + 2) /* quit, the player asked already (the menu's Quit) */
typedef struct tui_in {
    int key;
    int y, x; /* TUI_CLICK: where */
} tui_in;

typedef struct tui {
    gl_play *p;
    const gl_front_opts *o;
    uint64_t next_seed; /* new games take this seed, then the next */

    int cur_r, cur_c;

    /* The hint on show: a path (rc pairs) or marked cells. */
    int hint_path[2 * TUI_MAXPATH];
    int hint_npath;
    int hint_marks[2 * TUI_MAXPATH];
    int hint_nmarks;

    char msg[TUI_MSG];
    int msg_bad;    /* the message is an error (drawn in bold) */
    /* What the end of the game said, without the last move's own words:
     * the solver's summary ends with it. */
    char end_words[TUI_MSG];

    int colour;     /* colour is on (terminal has it and NO_COLOR is unset) */
    int utf8;       /* the locale can draw box characters */
    int mouse;
    int save_failed; /* an autosave failed: exit status 2 */
    char save_error[512]; /* why, said on standard error once the screen is gone */
    int autosave;   /* --save was given: every game of this run is saved after each move */
    char *save_file; /* the --save file: where new games are saved */
    int single_keys; /* the game's moves are one character each (GL_FRONT_KEYS): keys play them */

    tui_in pending; /* an input read ahead (an animation was skipped by it) */
    int has_pending;

    /* Best results: the file, the table as last read, this game's key. */
    char *scores_path;
    gl_scores scores;
    char scores_key[GL_ID_MAX + 1]; /* "" when the game has no ID */
    unsigned done_serial; /* the game whose end was handled (gl_play_serial) */

    /* Where the board went on screen in the last draw (for mouse clicks). */
    int oy, ox, cw, fits;
    int ring;       /* the ring's rows above and below the board are drawn (1), or left out to fit (0) */
    /* The part of the board on screen: its first row and column and its
     * size (all of it, unless the board is larger than the terminal:
     * then it follows the cursor). */
    int view_r, view_c, view_h, view_w;
    int nlooks;     /* the colours that differ by colour alone (tui_draw.c) */
    int need_w, need_h; /* the terminal the board needs */
    int msg_y;      /* the message line (the command line is typed there) */
} tui;

/* tui_input.c: the next input within ms milliseconds (0: only what is
 * there, <0: wait): 1 with *in, 0 none.  Mouse reports other than a
 * button-1 press or click (a release, above all) are read and dropped, so
 * that a real terminal's press-then-release makes one click. */
int tui_read(tui *t, tui_in *in, int ms);
/* Keeps an input for the next tui_read (a key that skipped an animation). */
void tui_unread(tui *t, const tui_in *in);
/* Waits ms for the eye: 1 (the input kept for the next read) when an
 * input came first or Ctrl-C was pressed, else 0. */
int tui_wait(tui *t, int ms);

/* tui_draw.c */
void tui_draw_init(tui *t);
/* Fills views (h*w) from a board. */
void tui_views(const gl_game *g, const gl_board *b, gl_cell_view *views, int w, int h);
int tui_view_eq(const gl_cell_view *a, const gl_cell_view *b);
/* Draws the whole screen: title, the frame's board, status, message, ID, keys. */
void tui_draw(tui *t, const tui_frame *f);
/* Screen position -> board cell; 0 when the click is not on a cell. */
int tui_hit(const tui *t, int y, int x, int *r, int *c);
/* Text helpers for the pages: a line (cut to the screen), and text broken
 * at spaces to the width (from column x, the lines after the first from
 * column indent); both return the next row, and text writes nothing at or
 * below row `bottom`. */
int tui_line(int y, int x, const char *s, attr_t a);
int tui_text(int y, int x, int indent, const char *text, attr_t a, int bottom);
/* The time as M:SS. */
void tui_clock(long long ms, char *buf, size_t n);

/* tui_play.c */
void tui_say(tui *t, int bad, const char *fmt, ...) GL_PRINTF(3, 4);
void tui_clear_hint(tui *t);
void tui_clamp_cursor(tui *t);
void tui_redraw(tui *t);
/* The game is still being played, else a message says so: 0. */
int tui_playing(tui *t);
/* A move in the game's notation, from a key or `:`. */
void tui_play_text(tui *t, const char *text);
void tui_select_cell(tui *t, int r, int c);
void tui_hint(tui *t);
void tui_solve(tui *t);
void tui_undo(tui *t, int undo);
/* Once a game has ended: its result recorded (or why it does not count),
 * shown on the results page; the next level started. */
void tui_finish(tui *t);
/* After any new game, level, load or restart: the cursor, the hint, the
 * result's key, single keys; a game that is over already is not recorded. */
void tui_game_changed(tui *t);

/* tui_pages.c */
void tui_help(tui *t);
/* The results page of this game's parameters (rank: the row to mark, 0
 * none; head: a line on top, or NULL). */
void tui_results(tui *t, int rank, const char *head);
/* Whether the game in play was made from preset pr of g. */
int tui_is_current_preset(tui *t, const gl_game *g, const gl_preset *pr);

/* tui_menu.c */
void tui_menu(tui *t);
/* Saves to the save file, or asks for a name: 1 saved. */
int tui_save(tui *t, int ask);
/* Before the game in progress is dropped (what: "quit", "start a new
 * game"...): 1 go on (nothing unsaved, saved now, or the player agrees). */
int tui_may_drop(tui *t, const char *what);
/* The same before a new game, which also asks when the new
 * position would be saved over the game in progress (--save). */
int tui_may_replace(tui *t, const char *what);
/* A line typed on the message line (prompt before it; text holds the
 * starting text and gets the result): 1 Enter, 0 Esc or Ctrl-C. */
int tui_prompt(tui *t, const char *prompt, char *text, size_t size);
/* Starts a new game with the same parameters and the next seed. */
void tui_new_game(tui *t);

#endif
