/* What a game's and a solver's code is written with beyond the API: the
 * values of a parameter set read from the game's table, the info a hint
 * or a solver fills in, a solution's moves, the random generator's draws
 * and its saved state, strict numbers and the messages about a bad value.
 * A caller of the library only reads what these write (game.h, events.h),
 * so they are the library's own: not installed, not exported; the program
 * and the tests reach them through internal.h. */
#ifndef GRIDLAB_GAME_IMPL_H
#define GRIDLAB_GAME_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <gridlab/error.h>
#include <gridlab/events.h>
#include <gridlab/game.h>
#include <gridlab/kv.h>
#include <gridlab/rng.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ parameters */

/* Values of a set read by gl_params_read, by key (a key that is not in
 * the table is a bug: the program stops).  int, choice: the value, or
 * fallback when there is none; size: 1 with *w, *h set, else 0; text: the
 * value or NULL; list: how many numbers (up to max written to out), 0 when
 * none; given: 1 when the value was given, not the default.
 * (src/core/params.c) */
long long gl_param_int(const gl_params *v, const char *key, long long fallback);
int gl_param_choice(const gl_params *v, const char *key, int fallback);
int gl_param_size(const gl_params *v, const char *key, int *w, int *h);
const char *gl_param_text(const gl_params *v, const char *key);
int gl_param_list(const gl_params *v, const char *key, long long *out, int max);
int gl_param_given(const gl_params *v, const char *key);

/* gl_params_read for the parameters named in keys (space-separated) only,
 * the others left without a value and their pairs unread: what a game's
 * parse reads of a file's header, so that a header's value is accepted or
 * refused as `new` and an ID take it (the same range, the same words),
 * while the parameters a file does not keep (flood's difficulty) stay
 * unknown keys there.  (src/core/params.c) */
int gl_params_read_keys(const gl_param *table, int n, const char *keys, gl_kvlist *given, gl_params *out,
                        gl_error *err);

/* The message about a pair whose value is wrong: "FILE:LINE: key=value:
 * what" for a header's pair, "key=value: what" for a bare one, "option
 * --key value: what" for a command's option; always -1.  (src/core/kv.c) */
int gl_kv_fail(const gl_kvlist *l, const gl_kv *kv, gl_error *err, const char *what);
/* Strict numbers as kv.h describes them, for the getters and the readers
 * of the library's files.  Return 0 or -1. */
int gl_parse_ll(const char *s, long long min, long long max, long long *out);
int gl_parse_size(const char *s, int *w, int *h); /* "WxH" */
/* A real number written in decimal: [-]DIGITS[.DIGITS] (no sign +, no
 * space, no hexadecimal or exponent, no leading zero before a digit),
 * from min to max. */
int gl_parse_real(const char *s, double min, double max, double *out);

/* One byte of input as a message quotes it (a board cell, a symbol): the
 * byte itself when it is printable ASCII, else \xNN (a NUL, which no
 * formatted string can carry, included).  buf holds at least 5 bytes;
 * returns buf.  (src/core/error.c) */
const char *gl_escape_byte(char c, char buf[5]);

/* ------------------------------------------------------------ the table's shared part */

/* A board that is one block of memory (no pointers inside: every game's
 * but onet's) is allocated zeroed by gl_block_new (NULL with "out of
 * memory" in err), copied by gl_block_copy and freed by gl_block_free,
 * which is the table's destroy.  (src/core/game.c) */
void *gl_block_new(size_t size, gl_error *err);
gl_board *gl_block_copy(const gl_board *b, size_t size);
void gl_block_free(gl_board *b);

/* The table's dims for a board of type TYPE whose width and height are
 * the expressions W and H of `b` (b->w, b->R.cols, 1): defines
 * PREFIX_dims. */
#define GL_BOARD_DIMS(prefix, type, W, H)                                    \
    static void prefix##_dims(const gl_board *gb, int *w, int *h)            \
    {                                                                        \
        const type *b = (const type *)gb;                                    \
        (void)b;                                                             \
        *w = (W);                                                            \
        *h = (H);                                                            \
    }

/* The table's shared part for a block board (above): GL_BOARD_DIMS, and
 * PREFIX_board_new(err) and PREFIX_clone; the table's destroy is
 * gl_block_free.  A game writes only what differs: its type and where its
 * width and height are. */
#define GL_BLOCK_BOARD(prefix, type, W, H)                                   \
    static inline type *prefix##_board_new(gl_error *err)                    \
    {                                                                        \
        return (type *)gl_block_new(sizeof(type), err);                      \
    }                                                                        \
    static inline gl_board *prefix##_clone(const gl_board *b)                \
    {                                                                        \
        return gl_block_copy(b, sizeof(type));                               \
    }                                                                        \
    static inline void prefix##_destroy(gl_board *b) { gl_block_free(b); }  \
    GL_BOARD_DIMS(prefix, type, W, H)

/* How many entries an array has. */
#define GL_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* The entries every game's table has, named after the game: a table
 * writes GL_GAME_ENTRIES(prefix), then only what differs (its name and
 * words, params, score, front, and the optional entries: score, hint,
 * move_path, coming, time_limit_s, next_level).  The game defines
 * PREFIX_solvers and PREFIX_presets (arrays), PREFIX_create, _parse,
 * _format, _render, _clone, _destroy (GL_BLOCK_BOARD defines both),
 * _parse_move, _format_move (GL_CELL_MOVES defines both), _legal_moves,
 * _apply, _status, _status_line, _dims, _cell, _select and _picks. */
#define GL_GAME_ENTRIES(prefix)                                                                          \
    .solvers = prefix##_solvers, .nsolvers = GL_COUNT(prefix##_solvers), .presets = prefix##_presets,    \
    .npresets = GL_COUNT(prefix##_presets), .create = prefix##_create, .parse = prefix##_parse,          \
    .format = prefix##_format, .render = prefix##_render, .clone = prefix##_clone,                       \
    .destroy = prefix##_destroy, .parse_move = prefix##_parse_move, .format_move = prefix##_format_move, \
    .legal_moves = prefix##_legal_moves, .apply = prefix##_apply, .status = prefix##_status,             \
    .status_line = prefix##_status_line, .dims = prefix##_dims, .cell = prefix##_cell,                   \
    .select = prefix##_select, .picks = prefix##_picks

/* A move written as n board cells joined by '-' (n = 1: "b3", n = 2:
 * "a1-c3"), each kept as its index r * w + c in idx.  how completes
 * "'TEXT' is not a move: " (like "write two cells like a1-c3"); a cell
 * off the w x h board gets "'TEXT': a cell is off the WxH board".
 * Returns 0 or -1.  (src/core/game.c) */
int gl_cells_move_parse(const char *text, int w, int h, int n, int *idx, const char *how, gl_error *err);
/* The n cells of idx (r * w + c) written as gl_cells_move_parse reads
 * them. */
void gl_cells_move_format(int w, const int *idx, int n, char *buf, size_t size);

/* PREFIX_parse_move, PREFIX_format_move and PREFIX_picks for a move of
 * N cells (1: m->a; 2: m->a, m->b) of a board of type TYPE whose width
 * and height are W and H of `b`; HOW as gl_cells_move_parse takes it.
 * The picks are the cells in the order written. */
#define GL_CELL_MOVES(prefix, type, W, H, N, how)                                              \
    static int prefix##_parse_move(const gl_board *gb, const char *text, gl_move *m, gl_error *err) \
    {                                                                                          \
        const type *b = (const type *)gb;                                                      \
        int idx[2] = {0, 0};                                                                   \
        if (gl_cells_move_parse(text, (W), (H), (N), idx, (how), err) != 0) return -1;        \
        *m = (gl_move){idx[0], (N) > 1 ? idx[1] : 0, 0};                                       \
        return 0;                                                                              \
    }                                                                                          \
    static void prefix##_format_move(const gl_board *gb, const gl_move *m, char *buf, size_t n) \
    {                                                                                          \
        const type *b = (const type *)gb;                                                      \
        int idx[2] = {m->a, m->b};                                                             \
        gl_cells_move_format((W), idx, (N), buf, n);                                           \
    }                                                                                          \
    static int prefix##_picks(const gl_board *gb, const gl_move *m, int *rc)                   \
    {                                                                                          \
        const type *b = (const type *)gb;                                                      \
        int idx[2] = {m->a, m->b};                                                             \
        return gl_picks_of((W), idx, (N), rc);                                                 \
    }

/* The pick of a select (rc as select gets it, k from 0) as an index
 * r * w + c of the w x h board, or -1 when it is off the board. */
int gl_pick_index(const int *rc, int k, int w, int h);

/* A table's picks for a move of board cells given as indexes r * w + c
 * (lines' ball and target, a swap's two tiles): writes each as its row
 * and column in rc; returns n.  (src/core/game.c) */
int gl_picks_of(int w, const int *idx, int n, int *rc);

/* ------------------------------------------------------------ results */

/* Appends a cell to a list.  (src/core/events.c) */
void gl_cells_push(gl_cells *c, int r, int col);

/* What a hint or a solver adds to its answer (events.h: the caller reads
 * it with gl_info_find).  Each does nothing when i is NULL. */
void gl_info_int(gl_info *i, const char *key, long long v);
void gl_info_bool(gl_info *i, const char *key, int v);
void gl_info_null(gl_info *i, const char *key);
/* A name from a fixed set; text must outlive the list (a literal). */
void gl_info_text(gl_info *i, const char *key, const char *text);
/* A path of n cells (row, col pairs in rc). */
void gl_info_cells(gl_info *i, const char *key, const int *rc, int n);
/* A list of paths: begin, then one gl_info_list_add per path. */
void gl_info_lists_begin(gl_info *i, const char *key);
void gl_info_list_add(gl_info *i, const int *rc, int n);

/* A solution's moves: emptied, one added at the end, their order turned
 * around (a route rebuilt from its goal).  (src/core/game.c) */
void gl_solution_clear_moves(gl_solution *s);
/* A solve's answer before it starts: not solved, not proved, no moves,
 * nodes or cost, not stopped (the info and the moves' memory kept). */
void gl_solution_begin(gl_solution *s);
void gl_solution_push(gl_solution *s, gl_move m);
void gl_solution_reverse(gl_solution *s);

/* ------------------------------------------------------------ randomness */

/* The draws (rng.h: the generator and its seeding).  (src/core/rng.c) */
uint64_t gl_rng_next(gl_rng *r);
/* Uniform in [0, n) without modulo bias (n >= 1). */
uint64_t gl_rng_below(gl_rng *r, uint64_t n);
/* Uniform double in [0, 1). */
double gl_rng_unit(gl_rng *r);
/* Fisher-Yates shuffle of n ints. */
void gl_rng_shuffle_int(gl_rng *r, int *a, size_t n);

/* The full state as 64 hex digits: a board file's rng=HEX, so that a
 * saved game continues exactly. */
#define GL_RNG_HEX_LEN 64
/* Writes 64 hex digits and a NUL into out (at least 65 bytes). */
void gl_rng_to_hex(const gl_rng *r, char *out);
/* Parses exactly 64 hex digits; returns 0 on success, -1 on bad text or
 * the all-zero state (which xoshiro cannot leave). */
int gl_rng_from_hex(gl_rng *r, const char *hex);

/* A game's data files given as bytes (gridlab/data.h): whether files may
 * be read here (gl_data_files), and the name of the file a call wanted
 * and did not have (it then fails with an error naming it). */
int gl_data_files_allowed(void);
void gl_data_want(const char *name);

#ifdef __cplusplus
}
#endif
#endif
