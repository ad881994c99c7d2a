/* The web page's C API: one play session (include/gridlab/play.h) behind
 * functions that take and give numbers and text, so that JavaScript can
 * call them through the WebAssembly module without knowing a C struct.
 *
 * The page is a thin client: everything it knows about games, parameters,
 * IDs, saves, records and defaults comes from here.  What a game is (its
 * moves, clock, help, ID) is the session's, serialised by glw_save_text
 * and read back by glw_load; the tables of best results are the library's
 * text format (scores.h), which the page keeps in the browser's storage and
 * hands to glw_record and glw_records.
 *
 * The module holds one session.  Functions that act return a number: 0 or
 * a GL_PICK_* / GL_HINT_* code of play.h, and -1 with the reason in
 * glw_error().  Functions that report return text (JSON for anything with
 * structure), owned by the module and valid until the next call that
 * returns text: the caller copies it at once.  Seeds travel as decimal
 * text (a JavaScript number cannot hold every 64-bit seed).  Numbers that
 * come in are checked: a time outside 0..600000 ms is taken as the
 * session's default, a cell outside the board is no cell.
 *
 * The same file builds natively for its unit test (tests/web/test_api.c);
 * docs/web.md describes every function and the JSON it returns. */
#ifndef GRIDLAB_WEB_API_H
#define GRIDLAB_WEB_API_H

#ifdef __cplusplus
extern "C" {
#endif

/* The reason the last call that failed gave (the engine's own words, such
 * as the ID parser's message naming the bad part). */
const char *glw_error(void);

/* Every game's table, as `gridlab list --json` gives it (gl_json_game),
 * and which game the page starts with, the first listed:
 * {"games":[...],"default":"flood"}.
 * A game's default board is its first preset. */
const char *glw_games(void);

/* ------------------------------------------------------------ starting */

/* A new game of `game` from parameters as presets and forms write them
 * ("size=8x8 colors=4", "" for the defaults) and a decimal seed. */
int glw_start(const char *game, const char *params, const char *seed);
/* Whether glw_start would start that game: 0, or -1 with its message in
 * glw_error(); the game in progress is not touched (a form is checked
 * before the player is asked to leave it). */
int glw_check(const char *game, const char *params, const char *seed);
/* A game from its ID (GAME:PARAMS#SEED); a bad ID leaves the game in
 * progress as it was. */
int glw_start_id(const char *id);
/* The canonical form of an ID ("" and -1 in glw_error() for a bad one):
 * the page compares it with the game it has. */
const char *glw_id_canon(const char *id);
/* The same parameters with another seed. */
int glw_new_game(const char *seed);
/* Back to this game's (level's) first position. */
int glw_restart(void);
/* A save's text (name: for messages, like a file name): the whole game
 * back, history, clock and help included (docs/spec.md, "Saved games"). */
int glw_load(const char *text, const char *name);
/* The save's text of the game in progress, as `gridlab play` writes it. */
const char *glw_save_text(void);
/* Time the game was open that this module did not see (the page started
 * a new engine after a cancelled search): added to the time played. */
void glw_add_time(double ms);

/* ------------------------------------------------------------ reading */

/* The game in progress: board cells (symbol, colour, flags, names), the
 * pieces coming next (lines' balls: [{sym, colour}]), status, status line, ID, seed, its parameters (for the custom form) and
 * preset, counters, help, selection, clock, its outcome in words. */
const char *glw_state(void);
const char *glw_id(void);
int glw_status(void); /* GL_PLAYING, GL_WON, GL_LOST */
const char *glw_status_line(void);
/* The legal moves in the game's notation (a JSON array; [] once the game
 * is over, won, lost or out of time). */
const char *glw_legal_moves(void);
/* A cell's name in the game's notation (c4); "" outside 0..65535. */
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
 * GL_HINT_*; glw_hint_json() then gives it in `gridlab hint --json`'s
 * shape (gl_json_hint: move, info, cells, ends, fill; stopped). */
int glw_hint(double ms);
const char *glw_hint_json(void);
/* The last hint in words for players (gl_hint_words): "3, the best move:
 * ...", or why there is none ("" without a game). */
const char *glw_hint_words(void);
/* Runs the default solver within ms (0: the session's default): 0 or -1;
 * glw_solution_json() gives its answer in `gridlab solve --json`'s shape.
 * Its moves are then played by glw_solve_step: 1 played, 0 none left, -1
 * refused. */
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

/* ------------------------------------------------------------ records */

/* Records the finished game in the table whose text is scores (the
 * browser's copy of scores.txt, "" for none), by the library's rules
 * (gl_play_record_table): {"rank":N,"words":"...","text":"the table's new
 * text"} (rank -1: not entered, no "text"), with "damaged":"why" when
 * the old text was no table (the page sets it aside; the table starts
 * again). */
const char *glw_record(const char *scores);
/* The tables of best results of the game in progress from scores' text:
 * {"key":PARAMS,"kind":..., "rows":[{"value","text","ms","when","id"}],
 * "others":[{"params","text"}],"words":"Fewest moves ..."}, with
 * "damaged" as above. */
const char *glw_records(const char *scores);

/* ------------------------------------------------------------ the old page's storage */

/* The page before this one kept the game in progress as a journal of calls
 * ({"journal":[{op,...}],"hinted":bool}) and one best per board setting
 * ({"GAME:PARAMS":{"score":N,"id":ID,"date":"YYYY-MM-DD"}}).  These carry
 * them over once: the journal replayed into the session (0, or -1), the
 * bests added to the table whose text is scores ({"text":...} or
 * "damaged"). */
int glw_import_old_game(const char *json);
const char *glw_import_bests(const char *json, const char *scores);

/* ------------------------------------------------------------ data files */

/* A data file the engine reads (the learned Lines player's weights) is
 * not in the page's first load: a call that needs one fails (-1, the file
 * named in glw_error()) and changes nothing, and glw_data_wanted() then
 * says its name ("" otherwise; reading it clears it).  The page's worker
 * fetches the file from the page's folder, gives its len bytes with
 * glw_data_give (0, or -1 and glw_error()) and makes the call again
 * (gridlab/data.h). */
const char *glw_data_wanted(void);
int glw_data_give(const char *name, const unsigned char *bytes, int len);

#ifdef __cplusplus
}
#endif
#endif
