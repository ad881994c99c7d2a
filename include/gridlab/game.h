/* The game interface.
 *
 * Every game exports one `const gl_game` table (the pattern of the Portable
 * Puzzle Collection: a front end drives any puzzle through the table without
 * knowing it).  The CLI and the terminal front end find games by name in
 * the registry (gl_game_find); adding a game is one folder under src/games
 * and one name in the GL_GAMES list of CMakeLists.txt.
 *
 * A board is opaque (gl_board *): each game casts it to its own struct.
 * A move is a small triple whose meaning is the game's (a colour, two cells,
 * a from/to pair); front ends only ever pass it back to the game and print
 * it with format_move.  Undo in front ends is by snapshot (clone before a
 * move), which is exact even for games whose state includes the rng. */
#ifndef GRIDLAB_GAME_H
#define GRIDLAB_GAME_H

#include <stddef.h>
#include <signal.h>
#include "error.h"
#include "kv.h"
#include "limits.h"
#include "rng.h"
#include "strbuf.h"
#include "text.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gl_board gl_board;

typedef struct gl_move {
    int a, b, c;
} gl_move;

typedef enum { GL_PLAYING = 0, GL_WON = 1, GL_LOST = 2 } gl_status;

typedef struct gl_solve_opts {
    gl_limits lim;
    gl_kvlist *opts;   /* solver options (swaps=, c=, width=, ...); may be NULL */
    gl_strbuf *trace;  /* non-NULL: write a human-readable trace here */
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
    gl_strbuf extra;            /* extra JSON members ("paths":[...]) without braces */
} gl_solution;

void gl_solution_init(gl_solution *s);
void gl_solution_free(gl_solution *s);
void gl_solution_clear_moves(gl_solution *s);
void gl_solution_push(gl_solution *s, gl_move m);
void gl_solution_reverse(gl_solution *s);

/* Polls limits: returns the reason string when the search must stop, else
 * NULL.  The older form of gl_meter (limits.h), kept while solvers move to
 * the meter: it also stops when the shared budget is spent. */
const char *gl_limits_check(const gl_limits *lim, uint64_t start_ns, size_t bytes_in_use);

typedef struct gl_solver {
    const char *name;
    const char *summary;
    const char *options; /* the solver options it takes, space-separated ("swaps c"); NULL: none */
    int (*solve)(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
} gl_solver;

/* How one cell looks, for the front ends (terminal colours and symbols). */
typedef struct gl_cell_view {
    char sym;     /* the character to draw ('.' or ' ' for empty) */
    int colour;   /* 0: none, 1..: a palette index (cycled by the front end) */
    int flags;    /* GL_CELL_* */
} gl_cell_view;

#define GL_CELL_EMPTY   1
#define GL_CELL_MARKED  2 /* flooded region, preview position, hint... */
#define GL_CELL_BLOCKED 4 /* obstacle */

#define GL_RENDER_COLOR  1
#define GL_RENDER_GROUPS 2

typedef struct gl_game {
    const char *name;
    const char *summary;
    const char *params_help; /* the keys `new` and the header take */
    const char *move_help;   /* the move notation */
    const char *solve_help;  /* solver options beyond the common ones */
    const gl_solver *solvers; /* the first is the default */
    int nsolvers;
    const char *tour_params; /* the tour's board: `new` options as key=value ... */
    const char *tour_solve;  /* the tour's solver: "ALGO key=value ..." */

    /* Life cycle.  create validates params (every key must be used). */
    gl_board *(*create)(gl_kvlist *params, gl_rng *rng, gl_error *err);
    gl_board *(*parse)(gl_text *t, gl_error *err);
    void (*format)(const gl_board *b, gl_strbuf *out);      /* text format, round-trips */
    void (*render)(const gl_board *b, gl_strbuf *out, int flags);
    gl_board *(*clone)(const gl_board *b);
    void (*destroy)(gl_board *b);

    /* Play. */
    int (*parse_move)(const gl_board *b, const char *text, gl_move *m, gl_error *err);
    void (*format_move)(const gl_board *b, const gl_move *m, char *buf, size_t n);
    /* Writes up to max legal moves; returns how many there are in all. */
    int (*legal_moves)(const gl_board *b, gl_move *out, int max);
    /* Applies a legal move; -1 with a message when illegal (board unchanged).
     * log (may be NULL) gets a line on what happened ("+10: removed 5"). */
    int (*apply)(gl_board *b, const gl_move *m, gl_strbuf *log, gl_error *err);
    gl_status (*status)(const gl_board *b);
    /* A short status: "moves 3/25", "score 40 next 123", "g=5 h=3". */
    void (*status_line)(const gl_board *b, gl_strbuf *out);

    /* Cells, for the terminal front end. */
    void (*dims)(const gl_board *b, int *w, int *h);
    void (*cell)(const gl_board *b, int r, int c, gl_cell_view *v);
    /* The cells selected so far (row, col pairs) -> a move: 1 complete,
     * 0 needs more cells, -1 not a move (message in err). */
    int (*select)(const gl_board *b, const int *rc, int ncells, gl_move *m, gl_error *err);

    /* Optional (NULL when the game has none). */
    /* The best next move: 1 found, 0 none (lost/deadlocked), -1 error.
     * extra gets JSON members (e.g. "path":[...]).  NULL: the default
     * solver's first move. */
    int (*hint)(const gl_board *b, const gl_solve_opts *o, gl_move *m, gl_strbuf *extra,
                gl_error *err);
    /* `gridlab path`: 1 found (json gets [[r,c],...], text a drawing), 0 none. */
    int (*path)(const gl_board *b, int r1, int c1, int r2, int c2, gl_strbuf *json,
                gl_strbuf *text, gl_error *err);
    /* Cells a move travels through, in order, as row,col pairs in rc (for
     * animation and for showing a hint); max is the number of cells rc
     * can hold (rc has 2 * max ints); returns the number of cells. */
    int (*move_path)(const gl_board *b, const gl_move *m, int *rc, int max);
    /* Seconds the player has for this board (onet levels), 0 for none. */
    int (*time_limit_s)(const gl_board *b);
    /* The next level's board once this one is won (onet), or NULL at the
     * end of the sequence. */
    gl_board *(*next_level)(const gl_board *b, gl_rng *rng, gl_error *err);
} gl_game;

/* The registry (generated from GL_GAMES). */
extern const gl_game *const gl_games[];
extern const int gl_ngames;
const gl_game *gl_game_find(const char *name);
const gl_solver *gl_game_solver(const gl_game *g, const char *name);

/* Reads a board file of any game: picks the game from the header. */
gl_board *gl_board_read(const char *path, const gl_game **game, gl_error *err);
gl_board *gl_board_parse_text(const char *data, size_t len, const char *file,
                              const gl_game **game, gl_error *err);

/* Cell notation (SPEC): column letters then 1-based row: a1, c4, aa12. */
int gl_cell_parse(const char *s, int *row, int *col, const char **end);
void gl_cell_format(int row, int col, char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif
