/* Tables of best results: per game and set of parameters, the best
 * finished games (fewest moves, least cost, most points, best time, as the
 * game's score_kind says), kept in one small text file that every front
 * end can share.
 *
 * The key of a table is the game's name and the canonical PARAMS of its
 * ID without the seed (gl_play_params_key): every board of flood
 * size=14x14,colors=6,... competes in one table whatever its seed.
 *
 * The file (gl_scores_default_path: $XDG_DATA_HOME/gridlab/scores.txt,
 * else ~/.local/share/gridlab/scores.txt) is text, a line per result:
 *
 *     gridlab-scores 1
 *     GAME<TAB>PARAMS<TAB>KIND<TAB>VALUE<TAB>MS<TAB>WHEN<TAB>ID
 *
 * KIND is fewer, more or time; VALUE the measure (the game's score, or
 * milliseconds for time); MS the time played; WHEN seconds since 1970; ID
 * the game's ID, so that the board can be played again.  A result is
 * recorded under an advisory lock (PATH.lock): the file is read, the
 * result added, the file written atomically, the lock let go, so writers
 * at the same time lose nothing.  A file that does not read as such a
 * table is set aside (renamed to a name no earlier one has) and the table
 * starts again: a damaged file never stops play.
 *
 * Which games enter (won, or a game of points however it ended; not
 * helped by a hint or the solver; a game with an ID; once), how results
 * compare and how many are kept are decided here, for every front end:
 * gl_play_record (a file) and gl_play_record_table (a table in memory,
 * the page's). */
#ifndef GRIDLAB_SCORES_H
#define GRIDLAB_SCORES_H

#include "api.h"

#include <stddef.h>
#include "error.h"
#include "game.h"
#include "play.h"
#include "strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Results kept per game and parameters. */
#define GL_SCORES_KEEP 10

typedef struct gl_score {
    char game[32];
    char *params;        /* canonical PARAMS without the seed */
    gl_score_kind kind;
    long long value;     /* the measure: the game's score, or milliseconds (GL_SCORE_TIME) */
    long long ms;        /* the time played */
    long long when;      /* when it was played, seconds since 1970 */
    char *id;            /* the game's ID */
} gl_score;

typedef struct gl_scores {
    gl_score *items;
    int n, cap;
} gl_scores;

GL_API void gl_scores_init(gl_scores *s);
GL_API void gl_scores_free(gl_scores *s);
GL_API void gl_score_free(gl_score *e);

/* The file of best results: $XDG_DATA_HOME/gridlab/scores.txt when
 * XDG_DATA_HOME is an absolute path, else $HOME/.local/share/gridlab/
 * scores.txt.  0, or -1 (err) when neither is set. */
GL_API int gl_scores_default_path(gl_strbuf *out, gl_error *err);

/* Reads a table from text (name: for messages).  0, or -1 with err
 * naming the line and what is wrong with it (s is then empty). */
GL_API int gl_scores_parse(gl_scores *s, const char *data, size_t len, const char *name, gl_error *err);
GL_API void gl_scores_format(const gl_scores *s, gl_strbuf *out);

/* Reads the file at path into s (emptied first): 0 (a missing file is an
 * empty table); 1 when the file was damaged: it is renamed to
 * PATH.bad-YYYYMMDD-HHMMSS (UTC; -2, -3 ... after it when that is taken:
 * never over an earlier one), s is empty and err says what was wrong and
 * where the file went; -1 (err) when it cannot be read or set aside. */
GL_API int gl_scores_load(gl_scores *s, const char *path, gl_error *err);
/* Writes s to path atomically, making its directory when needed. */
GL_API int gl_scores_save(const gl_scores *s, const char *path, gl_error *err);

/* Better: a beats b (the measure, then the time played). */
GL_API int gl_score_better(const gl_score *a, const gl_score *b);
/* Adds a copy of e to its table, keeping the best GL_SCORES_KEEP (a tie
 * goes after the results already there): e's rank, 1 for the best, or 0
 * when it did not make the table. */
GL_API int gl_scores_add(gl_scores *s, const gl_score *e);
/* The results of one table, best first: up to max pointers into s; their
 * count. */
GL_API int gl_scores_table(const gl_scores *s, const char *game, const char *params, const gl_score **out,
                    int max);

/* The finished game in p as a result (e is filled; free it with
 * gl_score_free): 0, or -1 with err saying why it does not count: not
 * finished, not won (a game measured by moves, cost or time counts only
 * when won; one measured by points counts however it ended, when it scored
 * any: a score of 0 is no result), finished with
 * the solver's moves or hints, without an ID (a custom game), or recorded
 * already. */
GL_API int gl_score_of_play(const gl_play *p, gl_score *e, gl_error *err);

/* Under the file's lock: loads the file at path, adds e and writes the
 * file back: e's rank (see gl_scores_add), or -1 with err (the file
 * cannot be read, written or locked: a lock held for 10 s).  When the
 * file was damaged it is set aside (as gl_scores_load) and note gets the
 * message; the table starts again with e.  s (may be NULL) gets the table
 * as written. */
GL_API int gl_scores_record(const char *path, const gl_score *e, gl_scores *s, gl_error *note, gl_error *err);

/* What recording a finished game did. */
typedef struct gl_record {
    int rank;           /* 1 the best, 2 ...; 0 not among the GL_SCORES_KEEP best; -1 not entered */
    char why[320];      /* rank -1: why, a sentence for players ("" when there is nothing to say:
                           a game lost where only a win counts) */
    char note[GL_ERROR_MAX]; /* the damaged file set aside, "" when none */
} gl_record;

/* Records the finished game of p in the table at path (gl_scores_record)
 * when it counts (gl_score_of_play), and marks it recorded: 0 with rec
 * filled (rank -1 when it does not count), or -1 with err when the file
 * could not be written.  table (may be NULL) gets the table as written. */
GL_API int gl_play_record(gl_play *p, const char *path, gl_scores *table, gl_record *rec, gl_error *err);
/* The same into a table in memory (the page keeps its table's text in the
 * browser): 0 with rec, or -1 with err. */
GL_API int gl_play_record_table(gl_play *p, gl_scores *table, gl_record *rec, gl_error *err);
/* What rec means, in a sentence: "The best result for these options!",
 * "The 3rd best ...", "Not among the 10 best ...", or its why. */
GL_API void gl_record_words(const gl_record *rec, char *buf, size_t n);

/* How a finished game ended, in a sentence: "You won: moves 18 in 0:16.",
 * "You won: 0:42.1." (a game of time), "Game over: score 40 in 1:02.",
 * "The time is up!"; "" while it is in play. */
GL_API void gl_play_outcome(const gl_play *p, char *buf, size_t n);

/* The measure in words: "moves 18", "score 120", "1:02.5" (time). */
GL_API void gl_score_format_value(const gl_game *g, gl_score_kind kind, long long value, char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif
