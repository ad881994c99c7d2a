/* The web page's C API: one play session (include/gridlab/play.h) behind
 * functions that take and give numbers and text, so that JavaScript can
 * call them through the WebAssembly module without knowing a C struct.
 *
 * The module holds one session.  Functions that act return a number: 0 or
 * a GL_PICK_* / GL_HINT_* code of play.h, and -1 with the reason in
 * glw_error().  Functions that report return text (JSON for anything with
 * structure), owned by the module and valid until the next call that
 * returns text: the caller copies it at once.  Seeds travel as decimal
 * text (a JavaScript number cannot hold every 64-bit seed).
 *
 * The same file builds natively for its unit test (tests/web/test_api.c);
 * docs/web.md describes every function and the JSON it returns. */
#ifndef GRIDLAB_WEB_API_H
#define GRIDLAB_WEB_API_H

#ifdef __cplusplus
extern "C" {
#endif

/* The reason the last call that failed gave. */
const char *glw_error(void);

/* Every game: name, summary, rules, move notation, parameter table,
 * presets, what its score counts. */
const char *glw_games(void);

/* ------------------------------------------------------------ starting */

/* A new game of `game` from parameters as presets write them
 * ("size=8x8 colors=4", "" for the defaults) and a decimal seed. */
int glw_start(const char *game, const char *params, const char *seed);
/* A game from its ID (GAME:PARAMS#SEED). */
int glw_start_id(const char *id);
/* The same parameters with another seed. */
int glw_new_game(const char *seed);
/* Back to this game's (level's) first position. */
int glw_restart(void);
/* A saved game's text (name: for messages, like a file name). */
int glw_load(const char *text, const char *name);
/* The save file's text: `# id: ID`, then the board (as `gridlab play`'s
 * `save FILE` writes it). */
const char *glw_save_text(void);

/* ------------------------------------------------------------ reading */

/* The game in progress: board cells (symbol, colour, flags, names),
 * status, status line, ID, counters, selection, clock. */
const char *glw_state(void);
const char *glw_id(void);
int glw_status(void); /* GL_PLAYING, GL_WON, GL_LOST */
const char *glw_status_line(void);
/* The legal moves in the game's notation (a JSON array). */
const char *glw_legal_moves(void);
/* A cell's name in the game's notation (c4). */
const char *glw_cell_name(int r, int c);
/* A game's rules for players ("" for an unknown game). */
const char *glw_rules(const char *game);

/* ------------------------------------------------------------ moving */

/* Picks a cell: GL_PICK_* (GL_PICK_BAD and GL_PICK_RESTART say why in
 * glw_error()). */
int glw_pick(int r, int c);
void glw_unselect(void);
/* A move in the game's notation: 0, or -1. */
int glw_move(const char *text);
/* 0, or -1 when there is nothing to undo / redo. */
int glw_undo(void);
int glw_redo(void);
/* What the last pick, move, solver's step, next level or tick did: the
 * events, the move's path as a chain of cells, and a line in words. */
const char *glw_events(void);

/* ------------------------------------------------------------ help */

/* The best next move within ms milliseconds (0: the session's default):
 * GL_HINT_*; glw_hint_json() then tells the move and its cells. */
int glw_hint(double ms);
const char *glw_hint_json(void);
/* Runs the default solver within ms (0: the session's default): 0 or -1;
 * glw_solution_json() tells what it found.  Its moves are then played by
 * glw_solve_step: 1 played, 0 none left, -1 refused. */
int glw_solve(double ms);
const char *glw_solution_json(void);
int glw_solve_step(void);
int glw_solve_left(void);
void glw_solve_cancel(void);

/* ------------------------------------------------------------ levels, clock */

/* After a won level: 1 started the next, 0 there is none, -1 error. */
int glw_next_level(void);
/* Reads the game's clock: 1 when it has just run out (the game is lost). */
int glw_tick(void);
void glw_pause(int paused);

#ifdef __cplusplus
}
#endif
#endif
