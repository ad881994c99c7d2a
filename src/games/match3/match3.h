/* Match-three (seed 002, SPEC 2.3): rules, the search engine and solvers.
 *
 * A board is M rows x N columns of bytes: 0 is empty, 1..K a tile kind,
 * cell index r*cols + c.  Three implementations of the rules live here on
 * purpose:
 *   - the reference resolver (match3.c) scans the whole board for runs each
 *     round, exactly as SPEC 2.3 words it; play (apply) and the seed's plain
 *     backtracking use it;
 *   - the search engine (match3_engine.c) only looks at cells that changed:
 *     a settled board has no run, so every run of a round goes through a cell
 *     that the swap touched or that fell or came in.  It also keeps two Zobrist
 *     hashes up to date.  The solvers that must be fast use it, and the tests
 *     check it against the reference move for move;
 *   - the bit-parallel engine (match3_bits.c), for boards of at most 8x8
 *     without refill: one 64-bit word per kind, every run of a round found
 *     by shifts and masks.  The exact solver uses it when the board fits;
 *     the tests check it against the reference move for move too.
 * Both draw refill tiles in the same order (columns left to right, each
 * column top to bottom), so they agree on boards with refill=yes too. */
#ifndef GRIDLAB_GAMES_MATCH3_H
#define GRIDLAB_GAMES_MATCH3_H

#include <stdint.h>
#include "gridlab/gridlab.h"

#define MATCH3_MAX_SIDE 32
#define MATCH3_MAX_CELLS (MATCH3_MAX_SIDE * MATCH3_MAX_SIDE)
#define MATCH3_MAX_KINDS 9
#define MATCH3_MIN_KINDS 3
#define MATCH3_MAX_SWAPS 64
/* Legal swaps of a board: at most one to the right and one down per cell. */
#define MATCH3_MAX_MOVES (2 * MATCH3_MAX_CELLS)

typedef struct match3_rules {
    int rows, cols, kinds;
    int scores[3]; /* runs of 3, 4, and 5 or more */
    int refill;    /* 1: new tiles fall in from the seeded generator */
} match3_rules;

typedef struct match3_board {
    match3_rules R;
    gl_rng rng;        /* refill draws (only meaningful with refill=yes) */
    long long score;   /* the game so far */
    int swaps;
    uint8_t cell[MATCH3_MAX_CELLS];
} match3_board;

/* A swap in search form: cell p with its right (dir 0) or lower (dir 1)
 * neighbour, packed as p*2 + dir. */
static inline int match3_mv_a(int mv) { return mv >> 1; }
static inline int match3_mv_b(int mv, int cols) { return (mv >> 1) + ((mv & 1) ? cols : 1); }

int match3_run_score(const match3_rules *R, int len);
/* Legal: adjacent cells a, b, both tiles, different kinds, and the swap
 * makes a run of 3 or more. */
int match3_swap_legal(const match3_rules *R, const uint8_t *cells, int a, int b);
/* The reference resolver: resolves every run on the whole board at once,
 * lets columns fall, refills when rng is non-NULL, and repeats; returns the
 * score.  Used after a swap (it also settles any board). */
long long match3_resolve_full(const match3_rules *R, uint8_t *cells, gl_rng *rng);
/* Does the whole board hold a run of 3 or more? */
int match3_has_run(const match3_rules *R, const uint8_t *cells);
/* Fills a board cell by cell with no run of 3 (kinds >= 3 always leaves a
 * choice: at most two kinds are forbidden at a cell). */
void match3_generate(const match3_rules *R, uint8_t *cells, gl_rng *rng);
/* Legal swaps in search form (p*2+dir), in cell order; returns the count. */
int match3_legal_list(const match3_rules *R, const uint8_t *cells, int *out);
/* gl_move <-> search form. */
gl_move match3_to_move(int mv, int cols);

/* ------------------------------------------------------- search engine */

typedef struct match3_engine {
    match3_rules R;
    int n;                  /* cells */
    int use_rng;            /* refill=yes */
    uint64_t *z1, *z2;      /* Zobrist keys [cell*10 + kind], kind 0 = 0 */
    uint64_t zr1[MATCH3_MAX_SWAPS + 2], zr2[MATCH3_MAX_SWAPS + 2]; /* remaining swaps */
    uint32_t *st_clear, *st_h, *st_v; /* per-round stamps (no clearing needed) */
    uint32_t round;
    int *cand, *next;       /* changed cells of this and the next round */
    int *kind_bound;        /* admissible score bound for n tiles of one kind */
    uint64_t nodes;
} match3_engine;

int match3_engine_init(match3_engine *e, const match3_rules *R);
void match3_engine_free(match3_engine *e);
/* Hashes of a board (and of the rng state with refill=yes). */
void match3_engine_hash(const match3_engine *e, const uint8_t *cells, const gl_rng *rng,
                        uint64_t *h1, uint64_t *h2);
/* Legal swaps (search form) into out; returns the count. */
int match3_engine_moves(const match3_engine *e, uint8_t *cells, int *out);
/* The score of the runs the swap makes at once (before any fall): cheap,
 * for move ordering. */
int match3_engine_immediate(const match3_engine *e, uint8_t *cells, int mv);
/* Plays a legal swap with cascades; updates h1/h2 (may be NULL) and rng
 * (refill=yes); returns the score. */
long long match3_engine_play(match3_engine *e, uint8_t *cells, gl_rng *rng, int mv, uint64_t *h1,
                             uint64_t *h2);
/* The same, also telling which columns the resolution read (every cell it
 * looked at lies in them) and which it changed.  A swap whose read columns
 * another swap did not change resolves the same after it: the exact
 * solver reuses its score. */
long long match3_engine_play_masks(match3_engine *e, uint8_t *cells, gl_rng *rng, int mv, uint64_t *h1,
                                   uint64_t *h2, uint64_t *read_cols, uint64_t *changed_cols);
/* An admissible bound on everything the rest of the game can score
 * (refill=no; with refill=yes there is none: returns LLONG_MAX). */
long long match3_engine_bound(const match3_engine *e, const uint8_t *cells);

/* ------------------------------------------- bit-parallel engine (<= 8x8) */

/* Boards of at most 8 rows and 8 columns as one 64-bit word per kind:
 * column c is byte c, bit 0 of a byte the bottom row (match3_bits.c says
 * how runs, falls and legal swaps work on it).  A swap is an id: bit*2 for
 * the cell at bit and its right neighbour, bit*2+1 for the cell at bit and
 * the one above it.  refill=no only. */
typedef struct match3_bits {
    int rows, cols, kinds;
    int scores[3];
    uint64_t cells;   /* the board's cells */
    uint64_t colmask; /* one bit per column */
} match3_bits;

typedef struct match3_bpos {
    uint64_t k[MATCH3_MAX_KINDS];
} match3_bpos;

#define MATCH3_BITS_IDS 128

static inline int match3_bits_at(const match3_bits *g, int r, int c) { return c * 8 + (g->rows - 1 - r); }
/* 0, or -1 when the board does not fit. */
int match3_bits_init(match3_bits *g, const match3_rules *R);
void match3_bits_load(const match3_bits *g, const uint8_t *cells, match3_bpos *p);
void match3_bits_store(const match3_bits *g, const match3_bpos *p, uint8_t *cells);
/* Swap id <-> search form (p*2+dir). */
int match3_bits_mv(const match3_bits *g, int id);
int match3_bits_id(const match3_bits *g, int mv);
/* Legal swaps: *hm has the left cell of each legal horizontal swap, *vm
 * the lower cell of each legal vertical one. */
void match3_bits_moves(const match3_bits *g, const match3_bpos *p, uint64_t *hm, uint64_t *vm);
/* The score of the runs a legal swap makes at once (before any fall). */
int match3_bits_immediate(const match3_bits *g, const match3_bpos *p, int id);
/* Plays a legal swap with its cascades; returns the score.  read_cells
 * (may be NULL) gets every cell the resolution looked at: the same swap on
 * a board that differs only outside these cells plays out identically
 * (match3_bits.c). */
int match3_bits_play(const match3_bits *g, match3_bpos *p, int id, uint64_t *read_cells);
/* The cells where two positions differ; one bit per column of a cell set. */
uint64_t match3_bits_diff(const match3_bits *g, const match3_bpos *a, const match3_bpos *b);
uint64_t match3_bits_cols(uint64_t cells);

/* Plays eight at once on 512-bit vectors, for the exact search's
 * two-swaps-left step (match3_wide.c).  match3_wide_usable: the processor
 * has what they need (AVX-512F, BW, DQ, VL, VBMI2 and VPOPCNTDQ) and
 * GRIDLAB_NO_AVX512 is not set; the others only when it said yes. */
int match3_wide_usable(void);
/* The plays of n legal swaps ids on one position (its bit planes pl, occ)
 * with what plane_play_read gives (match3_bits_k.h): gain[i] the score,
 * read[i] the cells looked at, kout[k * stride + i] (k < kinds) the kind
 * words after it.  Only when match3_wide_usable() said yes. */
void match3_wide_reads(const match3_bits *g, const uint64_t *pl, uint64_t occ, const int *ids, int n, int *gain,
                       uint64_t *read, uint64_t *kout, size_t stride);
/* For the exact search's two-swaps-left step (match3_exact_bits.c), eight
 * children of a node at a time: child i (of n) has kind words ks[k *
 * stride + i] and was reached by a first swap that changed the cells
 * cm[i]; the node's first swaps f < nf have read cells frm[f], swap fid[f]
 * and score fgain[f].  Per child: key0[i], key1[i] its key with one swap
 * left (as the search keys positions), mh[i], mv[i] its legal swaps
 * (match3_bits_moves), pl[j * stride + i] and occ[i] its bit planes
 * (planes_of), and the first swaps that are legal in it and read none of
 * the cells its first swap changed (they score as before): ruh[i], ruv[i]
 * as mh and mv, rbest[i] their best score (0 for none).  Only when
 * match3_wide_usable() said yes. */
/* The best single swap of nk children of a node (match3_wide_kids gave
 * their arrays, indexed by child; kids lists the children wanted): each
 * child's swaps that do not score as before (mh & ~ruh, mv & ~ruv) are
 * played on its planes eight at a time, and b1[i] gets the best of their
 * scores and rbest[i].  w is scratch.  Returns the number of plays.  Only
 * when match3_wide_usable() said yes. */
#define MATCH3_WIDE_LANES 1024
typedef struct match3_wide_buf {
    uint64_t pl[4][MATCH3_WIDE_LANES + 64], occ[MATCH3_WIDE_LANES + 64];
    int id[MATCH3_WIDE_LANES + 64], sc[MATCH3_WIDE_LANES + 64];
    int first[MATCH3_BITS_IDS + 1];
    /* the lanes that cascade: planes, occupied cells, run counts, lane */
    uint64_t qpl[4][MATCH3_WIDE_LANES + 64], qocc[MATCH3_WIDE_LANES + 64];
    uint64_t qn[3][MATCH3_WIDE_LANES + 64], qidx[MATCH3_WIDE_LANES + 64];
} match3_wide_buf;
long long match3_wide_best1(const match3_bits *g, int nk, const int *kids, size_t stride, const uint64_t *kpl,
                            const uint64_t *kocc, const uint64_t *kmh, const uint64_t *kmv, const uint64_t *kruh,
                            const uint64_t *kruv, const int *rbest, int *b1, match3_wide_buf *w);
void match3_wide_kids(const match3_bits *g, const uint64_t *ks, size_t stride, int n, const uint64_t *cm,
                      const uint64_t *frm, const int *fid, const int *fgain, int nf, uint64_t *key0, uint64_t *key1,
                      uint64_t *mh, uint64_t *mv, uint64_t *pl, uint64_t *occ, int *rbest, uint64_t *ruh,
                      uint64_t *ruv);

/* ------------------------------------------------------------- solvers */

/* The solver option swaps (X, default 3); -1 with a message when bad. */
int match3_opt_swaps(const gl_solve_opts *o, int *x, gl_error *err);
/* The exact search: best total score in at most x swaps from cells, and
 * the swaps (search form) into line (x entries, *nline set).  Returns 0,
 * or -1 (err); *stopped non-NULL when a limit stopped it (then the line is
 * the exact best for the deepest completed number of swaps). */
int match3_exact_run(const match3_board *b, int x, const gl_limits *lim, long long *best,
                     int *line, int *nline, uint64_t *nodes, size_t *peak, const char **stopped,
                     gl_error *err);

/* The search on the scalar engine (any board, refill or not); the tests
 * compare the bit-parallel one with it. */
int match3_exact_scalar_run(const match3_board *b, int x, const gl_limits *lim, long long *best, int *line,
                            int *nline, uint64_t *nodes, size_t *peak, const char **stopped, gl_error *err);
/* The same search on the bit-parallel engine (refill=no, at most 8x8);
 * match3_exact_run calls it when the board fits. */
int match3_exact_bits_run(const match3_board *b, int x, const gl_limits *lim, long long *best, int *line,
                          int *nline, uint64_t *nodes, size_t *peak, const char **stopped, gl_error *err);
/* The exact search's key of position p with r swaps left (two 64-bit
 * words, the first never 0). */
void match3_bits_key(const match3_bits *g, const match3_bpos *p, int r, uint64_t key[2]);
/* Does the board fit the bit-parallel engine (and has refill=no)? */
int match3_bits_fits(const match3_rules *R);

int match3_solve_best1(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_solve_backtrack(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_solve_exact(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_solve_pruned(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_solve_beam(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_hint(const gl_board *b, const gl_solve_opts *o, gl_move *m, gl_info *info,
                gl_error *err);

extern const gl_game gl_game_match3;

#endif
