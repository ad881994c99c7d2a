/* The game interface.
 *
 * Every game exports one `const gl_game` table (the pattern of the Portable
 * Puzzle Collection: a front end drives any puzzle through the table without
 * knowing it).  The CLI, the play session and the front ends find games by
 * name in the registry (gl_game_find); adding a game is one folder under
 * src/games and one name in the GL_ALL_GAMES list of CMakeLists.txt.
 *
 * A board is opaque (gl_board *): each game casts it to its own struct.
 * A move is a small triple whose meaning is the game's (a colour, two cells,
 * a from/to pair); callers only ever pass it back to the game and print it
 * with format_move.  The table holds facts and rules only: what a move did
 * comes back as typed events (events.h), what a hint or a solver adds as
 * typed info; formatting them is the callers' business. */
#ifndef GRIDLAB_GAME_H
#define GRIDLAB_GAME_H

#include "api.h"

#include <stddef.h>
#include <stdint.h>
#include "error.h"
#include "events.h"
#include "kv.h"
#include "limits.h"
#include "rng.h"
#include "strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_board gl_board;
/* A board file read into its header and rows, what a game's parse takes:
 * callers read boards with gl_board_read and gl_board_parse_text. */
typedef struct gl_text gl_text;

typedef struct gl_move {
    int a, b, c;
} gl_move;

typedef enum { GL_PLAYING = 0, GL_WON = 1, GL_LOST = 2 } gl_status;

/* Memory a solver may keep from one solve to the next of the same caller
 * (a benchmark's repeats of a board, one thread's jobs): the caller owns
 * it, starts it zeroed (GL_KEEP_INIT), hands it to each solve in
 * gl_solve_opts.keep, one solve at a time, and frees it with gl_keep_free.
 * The library keeps nothing of the kind itself. */
typedef struct gl_keep {
    void *p;                /* what the last solve left, or NULL */
    void (*free)(void *p);  /* frees p; also tells a solver whether p is its own */
} gl_keep;
#define GL_KEEP_INIT {NULL, NULL}
GL_API void gl_keep_free(gl_keep *k);

typedef struct gl_solve_opts {
    gl_limits lim;
    gl_kvlist *opts;   /* solver options (swaps=, c=, width=, ...); may be NULL */
    gl_strbuf *trace;  /* non-NULL: write a human-readable trace here */
    gl_keep *keep;     /* may be NULL: nothing kept between solves */
} gl_solve_opts;

typedef struct gl_solution {
    int solved;                 /* a solution (or the answer asked for) was found */
    int optimal;                /* proved optimal (or proved impossible when !solved) */
    long long cost;             /* per SPEC 3: moves, path cost, score, pairs */
    gl_move *moves;
    int nmoves, cap;
    unsigned long long nodes;   /* states expanded */
    double ms;                  /* wall-clock milliseconds */
    size_t peak_bytes;          /* the solver's own peak table memory */
    const char *stopped;        /* NULL, or why it stopped early: "time limit", ... */
    gl_info info;               /* what else the solver tells ("paths", statistics) */
} gl_solution;

GL_API void gl_solution_init(gl_solution *s);
GL_API void gl_solution_free(gl_solution *s);

typedef struct gl_solver {
    const char *name;
    const char *summary;
    const char *options; /* the solver options it takes, space-separated ("swaps c"); NULL: none */
    int (*solve)(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
} gl_solver;

/* ------------------------------------------------------------ parameters */

/* One board parameter: what `new --KEY VALUE`, the header's key=value, a
 * game ID's PARAMS, presets and the front ends' forms take.  The table is
 * the one statement of a game's parameters: create reads its values
 * through gl_params_read (every range, choice and default comes from the
 * table), IDs are written and checked by it (gl_params_canon), help pages
 * and forms are built from it (gl_param_describe, gl_params_help). */
typedef enum gl_param_kind {
    GL_PARAM_INT = 1,  /* a whole number from min to max */
    GL_PARAM_SIZE,     /* WxH: W from min to max, H from hmin to hmax */
    GL_PARAM_CHOICE,   /* one of choices ("corner|center") */
    GL_PARAM_TEXT,     /* a name (onet's map); choices, when given, are the names built in */
    GL_PARAM_LIST      /* whole numbers from min to max separated by commas, hmin to hmax of
                          them (match3's scores=1,4,10) */
} gl_param_kind;

/* gl_param.flags */
#define GL_PARAM_NOT_IN_ID 1 /* not part of a game ID (a local file): a game made with it has
                                no ID, it is a custom game */

typedef struct gl_param {
    const char *key;
    gl_param_kind kind;
    const char *def;      /* the default, as text; NULL: absent unless given (worked out by
                             the game, e.g. from a level) */
    long long min, max;   /* INT, LIST: each number; SIZE: the width */
    long long hmin, hmax; /* SIZE: the height; LIST: how many numbers */
    /* CHOICE: the values.  TEXT: NULL for any name, or the built-in names
     * ("" for none) of a parameter whose other values name a local file on
     * a command line (onet's map and levels): a game made so is custom,
     * like a board file, and has no ID, because an ID is shared and names
     * no file (gl_params_file). */
    const char *choices;
    const char *help;     /* a short line for forms and --help */
    int flags;            /* GL_PARAM_* */
} gl_param;

#define GL_PARAMS_MAX 16      /* parameters in a table */
#define GL_PARAM_TEXT_MAX 200 /* characters of a TEXT value */
#define GL_PARAM_LIST_MAX 8   /* numbers in a LIST value */

/* A parameter's value, read from the table. */
typedef struct gl_param_value {
    int set;       /* there is a value: given, or the table's default */
    int given;     /* given (not the default) */
    long long n;   /* INT; SIZE: the width; CHOICE: the index of the choice */
    long long h;   /* SIZE: the height */
    int count;     /* LIST: how many numbers */
    long long list[GL_PARAM_LIST_MAX];
    char text[GL_PARAM_TEXT_MAX + 1]; /* the value as text, canonical (every kind) */
} gl_param_value;

/* Every parameter of a table with its value. */
typedef struct gl_params {
    const gl_param *table;
    int n;
    gl_param_value v[GL_PARAMS_MAX];
} gl_params;

/* Reads every parameter of the table from given (marking the pairs used;
 * pairs that are not parameters are left for gl_kv_check_used), its
 * default where it is not given: 0, or -1 with a message naming the pair
 * and what it takes (numbers strict, as kv.h says).  out->v[i] is the
 * value of table[i]: its canonical text is what a form shows. */
GL_API int gl_params_read(const gl_param *table, int n, gl_kvlist *given, gl_params *out, gl_error *err);
/* What a parameter takes, in words: "a whole number from 2 to 36", "WxH
 * with W from 2 to 30 and H from 1 to 30", "one of corner|center" ... */
GL_API void gl_param_describe(const gl_param *p, gl_strbuf *out);

/* A named set of parameters, for menus ("Small: 8x8, 4 colours"). */
typedef struct gl_preset {
    const char *name;
    const char *params;   /* "size=8x8 colors=4" */
} gl_preset;

/* What a finished game is measured by, for a table of best results. */
typedef enum gl_score_kind {
    GL_SCORE_FEWER = 1,   /* score() counts moves or cost: fewer is better */
    GL_SCORE_MORE,        /* score() counts points: more is better */
    GL_SCORE_TIME         /* the time taken is the measure (score() is not used) */
} gl_score_kind;

/* ------------------------------------------------------------ cells */

/* How one cell looks, for the front ends (colours and symbols). */
typedef struct gl_cell_view {
    char sym;     /* the character to draw ('.' or ' ' for empty) */
    int colour;   /* 0: none, 1..: a palette index (cycled by the front end) */
    int flags;    /* GL_CELL_* */
} gl_cell_view;

#define GL_CELL_EMPTY   1
#define GL_CELL_MARKED  2 /* flooded region, preview position... */
#define GL_CELL_BLOCKED 4 /* obstacle */

#define GL_RENDER_COLOR 1 /* render: ANSI colours */

/* gl_game.front: how a board is laid out and played, for the front ends
 * (which ask these facts and never a game's name).  The contract test holds
 * each flag to the game's moves. */
#define GL_FRONT_NO_GAP 1 /* the cells touch: the board is one carpet of colours (flood) */
#define GL_FRONT_RING   2 /* a move's way may run on the one-cell ring around the board
                             (move_path's rows and columns -1, H, W: onet's links): a front
                             end leaves room for it */
#define GL_FRONT_KEYS   4 /* every move is written with one character: a key that is no
                             command plays it (flood's colours) */
#define GL_FRONT_DRAG   8 /* every move takes the tile of its first pick along its row or
                             column (move_path's first and last cells): a drag from that
                             tile makes it (match3's swap, tiles' slide) */

/* The most cells a player picks for one move (gl_game.picks). */
#define GL_PICKS_MAX 4

typedef struct gl_game {
    const char *name;
    const char *summary;
    const char *move_help;   /* the move notation */
    const char *rules;       /* the rules for players, a few lines */
    /* What each figure of status_line means, for help pages: one line per
     * figure, "FIGURE: meaning", separated by '\n'.  NULL: none (a help
     * page then shows the status line as it is). */
    const char *status_help;
    const char *solve_help;  /* solver options beyond the common ones */
    const char *solve_words; /* what Solve does in a front end, in words for players */
    /* What a player is told when the default solver proves there is no
     * solution, in words for players (NULL: "there is none"). */
    const char *no_solution_words;
    const gl_solver *solvers; /* the first is the default */
    int nsolvers;
    const char *tour_params; /* the tour's board: `new` options as key=value ... */
    const char *tour_solve;  /* the tour's solver: "ALGO key=value ..." */
    const gl_param *params;  /* every parameter create takes, in the order IDs list them */
    int nparams;
    const gl_preset *presets; /* the first is the default game: its params are the defaults */
    int npresets;
    gl_score_kind score_kind;
    const char *score_name;  /* "moves", "cost", "score": what score() counts */
    int front;               /* GL_FRONT_*: the layout facts and the keys, for the front ends */
    /* What the cells of a GL_EV_CHANGE event did, in a word for players
     * ("toggled"); NULL: "changed". */
    const char *change_word;
    /* What the board's cells show, in words for players (a screen reader
     * names each cell with them): one line per symbol, "SYM: words", where
     * %s in the words is the symbol and %n the cell's colour number; SYM
     * '?' stands for every symbol without a line of its own, and a line
     * "+: words" is added to a marked cell's.  NULL: the symbol itself. */
    const char *cell_words;

    /* Life cycle.  create validates params (every key must be used). */
    gl_board *(*create)(gl_kvlist *params, gl_rng *rng, gl_error *err);
    gl_board *(*parse)(gl_text *t, gl_error *err);
    void (*format)(const gl_board *b, gl_strbuf *out);      /* text format, round-trips */
    void (*render)(const gl_board *b, gl_strbuf *out, int flags); /* for people; GL_RENDER_* */
    gl_board *(*clone)(const gl_board *b);
    void (*destroy)(gl_board *b);

    /* Play. */
    int (*parse_move)(const gl_board *b, const char *text, gl_move *m, gl_error *err);
    void (*format_move)(const gl_board *b, const gl_move *m, char *buf, size_t n);
    /* Writes up to max legal moves; returns how many there are in all. */
    int (*legal_moves)(const gl_board *b, gl_move *out, int max);
    /* Applies a legal move: 0, or -1 with a message when illegal (board
     * unchanged).  ev (may be NULL) gets what happened: GL_EV_MOVE first,
     * then what the game did (fill, remove, spawn, bomb, reshuffle, score). */
    int (*apply)(gl_board *b, const gl_move *m, gl_events *ev, gl_error *err);
    gl_status (*status)(const gl_board *b);
    /* A short status for players: "moves 3/25", "score 40  next 1 2 3". */
    void (*status_line)(const gl_board *b, gl_strbuf *out);
    /* What a finished game scored (see score_kind); NULL with GL_SCORE_TIME. */
    long long (*score)(const gl_board *b);

    /* Cells, for the front ends. */
    void (*dims)(const gl_board *b, int *w, int *h);
    void (*cell)(const gl_board *b, int r, int c, gl_cell_view *v);
    /* The cells picked so far (row, col pairs) -> a move: 1 complete,
     * 0 needs more cells, -1 not a move (the reason in err). */
    int (*select)(const gl_board *b, const int *rc, int ncells, gl_move *m, gl_error *err);
    /* The inverse of select: the cells a player picks for the legal move m,
     * in order, as (row, col) pairs in rc (room for GL_PICKS_MAX cells);
     * returns how many.  select gives 0 on each shorter prefix of them and m
     * on all of them.  0 when no cell picks m on this board (flood: a colour
     * that no cell shows). */
    int (*picks)(const gl_board *b, const gl_move *m, int *rc);

    /* Optional (NULL when the game has none). */
    /* The best next move: 1 found, 0 none (lost, deadlocked), 2 the search
     * stopped at a limit before it had a move (err names the limit: "time
     * limit", "memory limit", "interrupted"), -1 error.  info (may be
     * NULL) gets what the game adds ("path", "solvable", ...).  NULL: the
     * play session's fallback (the default solver's first move). */
    int (*hint)(const gl_board *b, const gl_solve_opts *o, gl_move *m, gl_info *info, gl_error *err);
    /* The cells a move travels through, in order, as (row, col) pairs in
     * rc, which has room for max cells (2 * max ints).  Consecutive cells
     * share a row or a column; the cells between two listed ones are
     * implied (lines lists every cell, onet only the corners, whose rows
     * and columns may lie on the ring: -1, H, W).  Returns the number of
     * cells of the whole path and writes at most max of them (rc may be
     * NULL when max is 0, to ask the length); 0 when the
     * move has no path (illegal, or a move that travels nowhere). */
    int (*move_path)(const gl_board *b, const gl_move *m, int *rc, int max);
    /* The pieces that come next, in order (lines' next balls), as cell
     * views like the board's (a symbol and a palette index): up to max
     * written to out; returns how many come. */
    int (*coming)(const gl_board *b, gl_cell_view *out, int max);
    /* Seconds the player has for this board (onet's levels), 0 for none. */
    int (*time_limit_s)(const gl_board *b);
    /* Once b is won: params (holding this game's parameters) becomes the
     * next level's, 1; or 0 when b is not part of a level sequence or was
     * the last.  The play session makes the board and its ID. */
    int (*next_level)(const gl_board *b, gl_kvlist *params);
} gl_game;

/* The registry (generated from GL_GAMES); each game's table is also
 * gl_game_NAME (gl_game_flood, ...). */
extern GL_API const gl_game *const gl_games[];
extern GL_API const int gl_ngames;
GL_API const gl_game *gl_game_find(const char *name);
GL_API const gl_solver *gl_game_solver(const gl_game *g, const char *name);
GL_API const gl_param *gl_game_param(const gl_game *g, const char *key);

/* A new board of g from params and a seed; every param must be used. */
GL_API gl_board *gl_game_create(const gl_game *g, gl_kvlist *params, uint64_t seed, gl_error *err);

/* The cells a move travels through as a chain of neighbouring cells: the
 * game's move_path with the straight runs between corners filled in (out
 * is emptied first; no cells when the move has no path). */
GL_API void gl_game_move_cells(const gl_game *g, const gl_board *b, const gl_move *m, gl_cells *out);
/* The same fill for a list of corners (a GL_EV_MOVE event's cells). */
GL_API void gl_cells_chain(const int *rc, int n, gl_cells *out);

/* Reads a board file of any game: picks the game from the header. */
GL_API gl_board *gl_board_read(const char *path, const gl_game **game, gl_error *err);
GL_API gl_board *gl_board_parse_text(const char *data, size_t len, const char *file,
                              const gl_game **game, gl_error *err);

/* Cell notation (SPEC): column letters then 1-based row: a1, c4, aa12.
 * Formatting takes any row and column from 0 to INT_MAX (at most 18
 * characters: fxshrxx2147483648); a negative one, off the board, is "?". */
GL_API int gl_cell_parse(const char *s, int *row, int *col, const char **end);
GL_API void gl_cell_format(int row, int col, char *buf, size_t n);

/* ------------------------------------------------------------ game IDs */

/* A game ID names a generated game on any machine: GAME:PARAMS#SEED, with
 * PARAMS the game's parameters as key=value separated by commas, in the
 * order of the game's table, every parameter with a default included
 * (flood:size=14x14,colors=6,start=corner,difficulty=medium#7). */
#define GL_ID_MAX 512

/* The canonical PARAMS of the given parameters: each checked against the
 * table (unknown keys, keys given twice, bad values and ranges named),
 * defaults added, values written the one way, the parameters that are not
 * part of an ID left out.  0; 1 when a parameter that is not part of an ID
 * was given (err names it: the game has no ID); -1 on a bad parameter. */
GL_API int gl_params_canon(const gl_game *g, const gl_kvlist *params, gl_strbuf *out, gl_error *err);
/* The canonical PARAMS of a preset (the key of its table of best results):
 * 0, 1 or -1 as gl_params_canon. */
GL_API int gl_preset_canon(const gl_game *g, const gl_preset *pr, gl_strbuf *out, gl_error *err);
/* The first parameter of params that names a local file (a TEXT
 * parameter with choices, given another value), or NULL: a game made with
 * one is custom and has no ID. */
GL_API const gl_kv *gl_params_file(const gl_game *g, const gl_kvlist *params);
/* The ID of the game that params and seed make (canonical PARAMS): 0, or
 * 1 and -1 as gl_params_canon (nothing written then). */
GL_API int gl_game_id(const gl_game *g, const gl_kvlist *params, uint64_t seed, gl_strbuf *out,
               gl_error *err);
/* The game's parameters in a line for help pages: "size=WxH (2..30 x
 * 1..30, default 14x14) colors=N (2..36, default 6) ...". */
GL_API void gl_params_help(const gl_game *g, gl_strbuf *out);
/* Parses an ID: the game, its parameters (added to params) and the seed.
 * A bad ID fails with a message naming the part that is wrong. */
GL_API int gl_game_id_parse(const char *id, const gl_game **g, gl_kvlist *params, uint64_t *seed,
                     gl_error *err);
/* Strict decimal seed: digits only, no sign, no leading zeros, < 2^64. */
GL_API int gl_seed_parse(const char *s, uint64_t *seed);

#ifdef __cplusplus
}
#endif
#endif
