/* The play session: a game in progress (the puzzle collection's midend).
 *
 * Every front end (line mode, the terminal front end, the web page) drives
 * a game through this and the game interface only.  The session owns the
 * position and everything around it: unlimited undo and redo (snapshots,
 * exact even where a game draws random numbers), the cells a player has
 * picked, hints (with the one fallback for games without their own), a
 * solver's moves played one step at a time, restart, new games from
 * parameters or from a game ID, the next level (its seed derived from the
 * finished level's ID, so every level sequence is reproducible), the time
 * played, the game's clock where it has one, whether a hint or the solver
 * helped, whether its result was recorded, and whether there is unsaved
 * progress.  A save holds all of it (the ID or the custom first position,
 * every move, the undo position, the clock, the help, the level), so a
 * loaded game goes on as if it had never been closed.
 *
 * It never prints: what happened comes back as events (events.h), and
 * gl_play_describe turns them into a line for front ends that want one. */
#ifndef GRIDLAB_PLAY_H
#define GRIDLAB_PLAY_H

#include "api.h"

#include <stddef.h>
#include <stdint.h>
#include "error.h"
#include "events.h"
#include "game.h"
#include "json.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_play gl_play;

/* A hint's answer (gl_play_hint, gl_hint_board). */
enum {
    GL_HINT_ERROR = -1,
    GL_HINT_NONE = 0,    /* no move: the game is over or deadlocked */
    GL_HINT_MOVE = 1,
    GL_HINT_STOPPED = 2  /* the search stopped at a limit before it had a move */
};

/* What picking a cell did (gl_play_pick). */
enum {
    GL_PICK_BAD = -1,    /* not a move (the reason in err); the selection is dropped */
    GL_PICK_MORE = 0,    /* selected: the move needs more cells */
    GL_PICK_DROPPED = 1, /* a selected cell picked again: dropped */
    GL_PICK_RESTART = 2, /* no move with the cells before (the reason in err): this cell
                            starts a new selection */
    GL_PICK_MOVED = 3    /* a move was played (see gl_play_move's result in *moved) */
};

/* The default time a hint may take when the caller gives none: a hint
 * answers within half a second, so the games' hints try a fast heuristic
 * first and spend what is left of this on their exact search. */
#define GL_HINT_DEFAULT_MS 400.0

GL_API gl_play *gl_play_new(void);
GL_API void gl_play_free(gl_play *p);

/* ------------------------------------------------------------ starting */

/* Each replaces the game in progress (history, selection and plan go).
 * A game made from parameters or an ID has an ID (unless a parameter that
 * is no part of IDs was given: a custom game).  A loaded save keeps its
 * ID when its first position is the board the ID makes and its moves lead
 * to its board; else it loads as a custom game (no ID, no record) and
 * gl_play_load_note says why.  A board file (or a save of the format
 * before the history) is a game at its first position: it keeps the ID it
 * names when the ID makes that board, else it is a custom game. */
GL_API int gl_play_start(gl_play *p, const gl_game *g, gl_kvlist *params, uint64_t seed, gl_error *err);
GL_API int gl_play_start_id(gl_play *p, const char *id, gl_error *err);
/* A board's text (name: for messages); the file's path, which also
 * becomes the save path. */
GL_API int gl_play_load_text(gl_play *p, const char *data, size_t len, const char *name, gl_error *err);
GL_API int gl_play_load_file(gl_play *p, const char *path, gl_error *err);
/* A game of g from parameters written as "key=value key=value" (a
 * preset's text, a form's fields), as gl_play_start. */
GL_API int gl_play_start_text(gl_play *p, const gl_game *g, const char *params, uint64_t seed, gl_error *err);
/* The same parameters with another seed. */
GL_API int gl_play_new_game(gl_play *p, uint64_t seed, gl_error *err);
/* Back to the first position of this game (of this level): every move
 * undone at once, kept for redo (a restart is undone by redoing them); the
 * clock, the help and the record stay the game's. */
GL_API int gl_play_restart(gl_play *p, gl_error *err);

/* ------------------------------------------------------------ reading */

GL_API const gl_game *gl_play_game(const gl_play *p);
GL_API const gl_board *gl_play_board(const gl_play *p);
/* The ID, "" when the game has none (a board read without one). */
GL_API const char *gl_play_id(const gl_play *p);
GL_API uint64_t gl_play_seed(const gl_play *p);
/* The game's status; a game whose clock ran out is lost. */
GL_API gl_status gl_play_status(const gl_play *p);
GL_API int gl_play_moves(const gl_play *p);     /* moves from the start to this position */
GL_API int gl_play_can_undo(const gl_play *p);
GL_API int gl_play_can_redo(const gl_play *p);
GL_API int gl_play_dirty(const gl_play *p);     /* progress not saved */
GL_API int gl_play_assisted(const gl_play *p);  /* the solver played moves of this game */
GL_API int gl_play_hints(const gl_play *p);     /* hints asked for in this game */
GL_API int gl_play_level(const gl_play *p);     /* 1 for the first board, then each next level */
/* Its result went into a table of best results (it enters once). */
GL_API int gl_play_recorded(const gl_play *p);
/* After a load: why the game is a custom game ("" when it is not, or for
 * a game that was custom already). */
GL_API const char *gl_play_load_note(const gl_play *p);
/* Marks the game helped (the page's old saves): hints at least that many,
 * the solver's moves when solver; a game is never made less helped. */
GL_API void gl_play_mark_helped(gl_play *p, int hints, int solver);
/* Changes whenever another game, level or a restart begins: a front end
 * that must do something once per game (record its result) compares it. */
GL_API unsigned gl_play_serial(const gl_play *p);
/* The first position of this game (of this level). */
GL_API const gl_board *gl_play_first_board(const gl_play *p);
/* The parameters of the game's ID (empty when it has none). */
GL_API const gl_kvlist *gl_play_params(const gl_play *p);
/* The canonical PARAMS of the game's ID, without the game's name and the
 * seed ("size=14x14,colors=6,start=corner,difficulty=medium"): games of
 * the same kind share it, so tables of best results are kept by it.  0, or
 * -1 with err when the game has no ID. */
GL_API int gl_play_params_key(const gl_play *p, gl_strbuf *out, gl_error *err);
/* The measure of a finished game for a table of best results: the game's
 * score(), or the elapsed milliseconds for GL_SCORE_TIME. */
GL_API long long gl_play_score(const gl_play *p);

/* ------------------------------------------------------------ moving */

/* Plays a move: 0 done, 1 done but the autosave failed (err says why),
 * -1 refused (err says why; nothing changed).  ev (may be NULL) gets the
 * game's events, then the session's (won, lost, saved). */
GL_API int gl_play_move(gl_play *p, const gl_move *m, gl_events *ev, gl_error *err);
/* A move in the game's notation. */
GL_API int gl_play_move_text(gl_play *p, const char *text, gl_events *ev, gl_error *err);
/* The name of the last move played (its notation before it was played). */
GL_API const char *gl_play_last_move(const gl_play *p);

/* Picks a cell (a click, Enter on the cursor): collects cells until the
 * game's select makes a move of them, then plays it.  Returns GL_PICK_*;
 * for GL_PICK_MOVED, *moved gets gl_play_move's result. */
GL_API int gl_play_pick(gl_play *p, int r, int c, int *moved, gl_events *ev, gl_error *err);
/* The cells picked so far, as (row, col) pairs; *n gets their count. */
GL_API const int *gl_play_selection(const gl_play *p, int *n);
GL_API void gl_play_unselect(gl_play *p);

/* 0 done, 1 done but the autosave failed (err says why), -1 nothing to
 * undo/redo. */
GL_API int gl_play_undo(gl_play *p, gl_error *err);
GL_API int gl_play_redo(gl_play *p, gl_error *err);

/* ------------------------------------------------------------ help */

/* The best next move: GL_HINT_*.  lim: NULL, or limits (a zero time
 * limit becomes GL_HINT_DEFAULT_MS).  info (may be NULL) gets what the
 * game adds. */
GL_API int gl_play_hint(gl_play *p, const gl_limits *lim, gl_move *m, gl_info *info, gl_error *err);
/* The same for any board: the game's hint, else the default solver's
 * first move (the one fallback, shared with `gridlab hint`). */
GL_API int gl_hint_board(const gl_game *g, const gl_board *b, const gl_solve_opts *o, gl_move *m,
                  gl_info *info, gl_error *err);
/* A hint in words for players, from what the game added (info): with a
 * move (result GL_HINT_MOVE), "3, the best move: the board can be one
 * colour in 21 more moves", whether it is the best move, and when its plan
 * is over the move limit, that the game can no longer be won within it
 * (proved) or that no finish within it was found; without one, why
 * ("no move is left", "the search ran out of time before it found a
 * move"; why: the hint's err).  Front ends put "hint: " before it. */
GL_API void gl_hint_words(const gl_game *g, const gl_board *b, int result, const gl_move *m, const gl_info *info,
                          const char *why, gl_strbuf *out);

/* Why the solver gave no moves, in words for players, one sentence:
 * stopped by a limit or by the player, or proved to have no solution (in
 * the game's no_solution_words: Onet's says the game reshuffles when
 * stuck). */
GL_API void gl_solve_none_words(const gl_game *g, const gl_solution *sol, gl_strbuf *out);

/* Runs the default solver from here under lim (a zero time limit becomes
 * 10 s); sol gets its answer.  Its moves are then played one at a time by
 * gl_play_solve_step.  0, or -1 with err. */
GL_API int gl_play_solve(gl_play *p, const gl_limits *lim, gl_solution *sol, gl_error *err);
/* Plays the solver's next move: 1 played (*moved as gl_play_move's
 * result), 0 none left, -1 refused (err). */
GL_API int gl_play_solve_step(gl_play *p, int *moved, gl_events *ev, gl_error *err);
GL_API int gl_play_solve_left(const gl_play *p);
/* Runs the default solver from the game's first position (the same
 * limits as gl_play_solve): what the solver makes of the board the player
 * had, for a comparison at the end.  Nothing in the game changes.  0, or
 * -1 with err. */
GL_API int gl_play_solve_first(const gl_play *p, const gl_limits *lim, gl_solution *sol, gl_error *err);
GL_API void gl_play_solve_cancel(gl_play *p);

/* The cells a move travels through as a chain of neighbouring cells (the
 * game's move_path with the straight runs between corners filled in);
 * 0 cells when the move has no path. */
GL_API void gl_play_move_cells(const gl_play *p, const gl_move *m, gl_cells *out);

/* ------------------------------------------------------------ levels */

/* After a won level: 1 when there is a next level (gl_play_next_level
 * starts it), else 0. */
GL_API int gl_play_has_next_level(const gl_play *p);
/* Starts the next level: 1 started (ev gets GL_EV_LEVEL), 2 started but
 * the autosave failed (err), 0 there is none, -1 error (err). */
GL_API int gl_play_next_level(gl_play *p, gl_events *ev, gl_error *err);

/* ------------------------------------------------------------ the clock */

/* Milliseconds played on this board (pauses not counted).  The clock
 * stops when the game ends (won, lost, the time up) and goes on when an
 * undo takes the game back to a position in play. */
GL_API double gl_play_elapsed_ms(const gl_play *p);
/* Milliseconds left on the game's clock, -1 when it has none. */
GL_API long long gl_play_time_left_ms(const gl_play *p);
/* Reads the clock: 1 (ev gets GL_EV_TIME_UP, once) when it has just run
 * out, else 0.  Front ends call it as time passes and before moves. */
GL_API int gl_play_tick(gl_play *p, gl_events *ev);
/* Adds time the game was open that this session did not see (the page's
 * engine started again after a cancelled search); never takes time off. */
GL_API void gl_play_add_time(gl_play *p, double ms);
/* Stops and restarts the clock (a help screen, a menu). */
GL_API void gl_play_pause(gl_play *p, int paused);
/* For tests: a clock other than the monotonic one. */
GL_API void gl_play_set_clock(gl_play *p, uint64_t (*now_ns)(void *ctx), void *ctx);

/* ------------------------------------------------------------ saving */

/* The save file (loaded files set it to themselves); NULL for none. */
GL_API void gl_play_set_path(gl_play *p, const char *path);
GL_API const char *gl_play_path(const gl_play *p);
/* Save after every move (and undo, redo, new level). */
GL_API void gl_play_set_autosave(gl_play *p, int on);
GL_API int gl_play_autosaving(const gl_play *p);
/* Saves atomically to path (NULL: the save path): 0 or -1 with err. */
GL_API int gl_play_save(gl_play *p, const char *path, gl_error *err);
/* The save file's text (docs/spec.md, "Saved games"): a board file of the
 * position whose comment lines hold the rest of the game. */
GL_API void gl_play_save_text(const gl_play *p, gl_strbuf *out);
/* What a save may hold: more moves are refused (a 9,000-turn Lines game
 * is about 400 KB and 9,000 moves). */
#define GL_SAVE_MAX_MOVES 100000

/* ------------------------------------------------------------ JSON */

/* The one JSON shape of each thing, for the command line and the page
 * alike (docs/spec.md).  A game's table: name, summary, rules, move_help,
 * status_help, score_kind, score_name, params_help, params (each as
 * gl_json_param: key, kind, def, ranges, choices, takes, in_id, help),
 * presets (name, params, canon), solvers, solve_help, solve_words. */
GL_API void gl_json_game(gl_json *j, const gl_game *g);
/* The game's rules for players, following the board's parameters: each
 * {key} of the game table's rules is that parameter's value on p's board
 * (p NULL or of another game: its default), a whole number up to twelve
 * in words ("Four or more balls", "two new balls"). */
GL_API void gl_rules_text(const gl_game *g, const gl_play *p, gl_strbuf *out);
GL_API void gl_json_param(gl_json *j, const gl_param *p);
/* A solver's answer on board b: game, algo, solved, optimal, cost, moves
 * (in the game's notation), nodes, ms, peak_bytes, stopped (when it
 * stopped early) and what the solver adds (gl_info). */
GL_API void gl_json_solution(gl_json *j, const gl_game *g, const gl_board *b, const char *algo, const gl_solution *s);
/* A hint (result: GL_HINT_*; why: the limit that stopped it): move (null
 * when none), what the game adds (info: path, optimal, stopped ...), and
 * for drawing it: cells (the way the move travels, neighbouring cells),
 * ends (the cells it starts and ends on), fill (the cells it fills). */
GL_API void gl_json_hint(gl_json *j, const gl_game *g, const gl_board *b, int result, const gl_move *m,
                  const gl_info *info, const char *why);

/* ------------------------------------------------------------ words */

/* A line on what the events say ("c4-d4; removed 3 (+1); score 12"). */
GL_API void gl_play_describe(const gl_play *p, const gl_events *ev, gl_strbuf *out);

#ifdef __cplusplus
}
#endif
#endif
