/* Match-three (SPEC 2.3; its seed: docs/match3.md): rules, the search engine and solvers.
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
#include "gridlab/internal.h"

#define MATCH3_MAX_SIDE 32
#define MATCH3_MAX_CELLS (MATCH3_MAX_SIDE * MATCH3_MAX_SIDE)
#define MATCH3_MAX_LIMIT (1 << 30) /* swaps=: the largest swap limit */
#define MATCH3_MAX_KINDS 9
#define MATCH3_MIN_KINDS 3
#define MATCH3_MAX_SWAPS 64
/* Legal swaps of a board: at most one to the right and one down per cell. */
#define MATCH3_MAX_MOVES (2 * MATCH3_MAX_CELLS)

typedef struct match3_rules {
    int rows, cols, kinds;
    int scores[3]; /* runs of 3, 4, and 5 or more (rules=seed: 5 only) */
    int refill;    /* 1: new tiles fall in from the seeded generator */
    int seed;      /* rules=seed: the seed's own resolution (match3_seed.c) */
} match3_rules;

typedef struct match3_board {
    match3_rules R;
    gl_rng rng;        /* refill draws (only meaningful with refill=yes) */
    long long score;   /* the game so far */
    int swaps;         /* swaps played */
    int limit;         /* swaps=: the game ends after this many swaps; 0: no limit */
    uint8_t cell[MATCH3_MAX_CELLS];
} match3_board;

/* The swaps left before the limit, or -1 without one.  Without one the
 * game still ends at MATCH3_MAX_LIMIT swaps, the most a board file's
 * played= holds (a board gridlab saves it must read back). */
static inline int match3_swaps_left(const match3_board *b)
{
    if (b->swaps >= MATCH3_MAX_LIMIT) return 0;
    return b->limit ? (b->swaps < b->limit ? b->limit - b->swaps : 0) : -1;
}

/* A swap in search form: cell p with its right (dir 0) or lower (dir 1)
 * neighbour, packed as p*2 + dir. */
static inline int match3_mv_a(int mv) { return mv >> 1; }
static inline int match3_mv_b(int mv, int cols) { return (mv >> 1) + ((mv & 1) ? cols : 1); }

/* The score of a run of len tiles (0 below 3; rules=seed: 0 above 5). */
int match3_run_score(const match3_rules *R, int len);
/* Legal: adjacent cells a, b, both tiles, different kinds, and the swap
 * makes a run of 3 or more (rules=seed: the seed's CheckRemove scores). */
int match3_swap_legal(const match3_rules *R, const uint8_t *cells, int a, int b);
/* Plays the legal swap of cells a and b by the board's rules, the rules as
 * written (the reference): returns its score with the cascades.  rng: the
 * refill draws (NULL without refill). */
long long match3_play_swap(const match3_rules *R, uint8_t *cells, gl_rng *rng, int a, int b);
/* What one round of a resolution did, for apply's events: the cells it
 * cleared (a mask, cells as they stood before the fall), the points they
 * scored, and the cells refilled after the fall (a mask; NULL when none). */
typedef void (*match3_round_fn)(void *ctx, const match3_rules *R, const uint8_t *cleared, long long points,
                                const uint8_t *spawned);
/* match3_play_swap telling each round to fn (the same plays and score). */
long long match3_play_swap_rounds(const match3_rules *R, uint8_t *cells, gl_rng *rng, int a, int b,
                                  match3_round_fn fn, void *ctx);
/* The reference resolver: resolves every run on the whole board at once,
 * lets columns fall, refills when rng is non-NULL, and repeats; returns the
 * score.  Used after a swap (it also settles any board). */
long long match3_resolve_full(const match3_rules *R, uint8_t *cells, gl_rng *rng);
long long match3_resolve_rounds(const match3_rules *R, uint8_t *cells, gl_rng *rng, match3_round_fn fn, void *ctx);
/* Does the whole board hold a run of 3 or more? */
int match3_has_run(const match3_rules *R, const uint8_t *cells);
/* Fills a board cell by cell with no run of 3 (kinds >= 3 always leaves a
 * choice: at most two kinds are forbidden at a cell). */
void match3_generate(const match3_rules *R, uint8_t *cells, gl_rng *rng);
/* Legal swaps in search form (p*2+dir), in cell order; returns the count. */
int match3_legal_list(const match3_rules *R, const uint8_t *cells, int *out);
/* gl_move <-> search form. */
gl_move match3_to_move(int mv, int cols);

/* The seed's rules (rules=seed, match3_seed.c), as its pseudo-code reads.
 * check_remove swaps p1 and p2 (p1 == p2: no swap) and clears the runs of
 * 3 to 5 through them, returning their score; drop lets the columns fall;
 * drop_point falls and clears what the fall made, cell by cell from the
 * top left.  play: a legal swap (check_remove scored) with its cascades. */
int match3_seed_check_remove(const match3_rules *R, uint8_t *cells, int p1, int p2);
void match3_seed_drop(const match3_rules *R, uint8_t *cells);
long long match3_seed_drop_point(const match3_rules *R, uint8_t *cells);
long long match3_seed_play(const match3_rules *R, uint8_t *cells, int a, int b);
long long match3_seed_play_rounds(const match3_rules *R, uint8_t *cells, int a, int b, match3_round_fn fn,
                                  void *ctx);
int match3_seed_legal(const match3_rules *R, const uint8_t *cells, int a, int b);

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
/* The bytes match3_engine_init allocates (at most, at once). */
size_t match3_engine_bytes(const match3_rules *R);
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

/* The two-swaps-left step of the exact search (match3_exact_two.c) plays
 * a node's first swaps, then looks at the children they lead to; these
 * are their arrays, one entry per first swap or per child.
 *
 * The first swaps: n swap ids, each one's score and the cells its play
 * read (the vector plays fill gain and read). */
typedef struct match3_firsts {
    int n;
    int id[MATCH3_BITS_IDS], gain[MATCH3_BITS_IDS];
    uint64_t read[MATCH3_BITS_IDS];
} match3_firsts;

/* The n children: given their kind words and the cells their first swap
 * changed; match3_wide_kids adds each one's key with one swap left (as the
 * search keys positions), legal swaps (as match3_bits_moves gives them),
 * bit planes (planes_of), and the first swaps that are legal in it and
 * read none of the cells its first swap changed, which score as before
 * (ruh, ruv as mh, mv) with their best score (rbest, 0 for none). */
typedef struct match3_kids {
    int n;
    uint64_t ks[MATCH3_MAX_KINDS][MATCH3_BITS_IDS];
    uint64_t changed[MATCH3_BITS_IDS];
    uint64_t key0[MATCH3_BITS_IDS], key1[MATCH3_BITS_IDS];
    uint64_t mh[MATCH3_BITS_IDS], mv[MATCH3_BITS_IDS];
    uint64_t pl[4][MATCH3_BITS_IDS], occ[MATCH3_BITS_IDS];
    uint64_t ruh[MATCH3_BITS_IDS], ruv[MATCH3_BITS_IDS];
    int rbest[MATCH3_BITS_IDS];
} match3_kids;

/* Scratch of match3_wide_best1: the lanes of the replays, and the lanes
 * that cascade (planes, occupied cells, run counts, lane). */
#define MATCH3_WIDE_LANES 1024
typedef struct match3_wide_buf {
    uint64_t pl[4][MATCH3_WIDE_LANES + 64], occ[MATCH3_WIDE_LANES + 64];
    int id[MATCH3_WIDE_LANES + 64], sc[MATCH3_WIDE_LANES + 64];
    int first[MATCH3_BITS_IDS + 1];
    uint64_t qpl[4][MATCH3_WIDE_LANES + 64], qocc[MATCH3_WIDE_LANES + 64];
    uint64_t qn[3][MATCH3_WIDE_LANES + 64], qidx[MATCH3_WIDE_LANES + 64];
} match3_wide_buf;

/* Plays eight at once on 512-bit vectors (match3_wide.c).
 * match3_wide_usable: the processor has what they need (AVX-512F, BW, DQ,
 * VL, VBMI2 and VPOPCNTDQ) and GRIDLAB_SIMD does not ask for less; the others
 * only when it said yes. */
int match3_wide_usable(void);
/* The plays of the legal swaps f->id[0..n) on one position (its bit planes
 * pl, occ) with what plane_play_read gives (match3_bits_k.h): f->gain the
 * scores, f->read the cells looked at, kout[k][i] (k < kinds) the kind
 * words after swap i. */
void match3_wide_reads(const match3_bits *g, const uint64_t *pl, uint64_t occ, match3_firsts *f,
                       uint64_t (*kout)[MATCH3_BITS_IDS]);
/* Eight children at a time: from kd's kind words and changed cells and the
 * node's first swaps f, the rest of kd (see match3_kids). */
void match3_wide_kids(const match3_bits *g, const match3_firsts *f, match3_kids *kd);
/* The best single swap of the children kids[0..nk) of kd: each child's
 * swaps that do not score as before (mh & ~ruh, mv & ~ruv) are played on
 * its planes eight at a time, and b1[i] gets the best of their scores and
 * rbest[i].  w is scratch.  Returns the number of plays. */
long long match3_wide_best1(const match3_bits *g, const match3_kids *kd, const int *kids, int nk, int *b1,
                            match3_wide_buf *w);

/* ------------------------------------------- which engine plays (player) */

/* The engines a solver can run on (--engine): the rules as written
 * (reference, named "seed" under rules=seed), the incremental engine, the
 * bit-parallel one (exact only, "bits-avx512" when the vectors run).
 * AUTO is the solver's own choice. */
enum { MATCH3_ENGINE_AUTO = 0, MATCH3_ENGINE_REFERENCE, MATCH3_ENGINE_INCREMENTAL, MATCH3_ENGINE_BITS };
const char *match3_engine_name(const match3_rules *R, int kind);
/* The engine a solver (by name) plays on when --engine is not given:
 * exact the bit-parallel one when the board fits, else the incremental
 * one; beam the incremental one; best1, backtrack and pruned the reference
 * resolver (so that the seed's two searches compare like with like).
 * Under rules=seed always the seed's resolution. */
int match3_auto_engine(const char *algo, const match3_rules *R);
/* The solver option engine=; AUTO when absent.  -1 with a message when the
 * value is unknown, not for these rules (rules=seed plays only on the
 * seed's resolution), or bits where it is not allowed or does not fit. */
int match3_opt_engine(const gl_solve_opts *o, const match3_rules *R, int allow_bits, int *kind, gl_error *err);

/* A scalar engine behind one interface (match3_player.c): reference or
 * incremental.  Same legal swaps in the same order, same plays. */
typedef struct match3_player {
    const match3_rules *R;
    int incremental;
    match3_engine E; /* its Zobrist keys and bound serve both; E.nodes counts plays */
} match3_player;

size_t match3_player_bytes(const match3_rules *R);
int match3_player_init(match3_player *p, const match3_rules *R, int kind);
void match3_player_free(match3_player *p);
int match3_player_moves(match3_player *p, uint8_t *cells, int *out);
/* Plays a legal swap with cascades; h1, h2 (both or neither) become the
 * position's hashes (match3_engine_hash, without the rng). */
long long match3_player_play(match3_player *p, uint8_t *cells, gl_rng *rng, int mv, uint64_t *h1, uint64_t *h2);
/* The score of the swap's first round, for move ordering. */
int match3_player_immediate(match3_player *p, uint8_t *cells, int mv);
/* Meter units (gl_meter_tick) for one play on a board of these rules: a
 * play scans a few rows and columns, or the whole board, so bigger boards
 * count more. */
uint32_t match3_play_units(const match3_rules *R);
/* Says in the solution which engine played ("engine":NAME). */
void match3_solution_engine(gl_solution *out, const match3_rules *R, int kind);

/* ------------------------------------------------------------- solvers */

/* The solver option swaps (X): by default 3, or on a board with a limit
 * the swaps left (0 once they are used up), at most `most`; more than are
 * left is refused.  -1 with a message when bad. */
int match3_opt_swaps(const gl_solve_opts *o, const match3_board *b, int most, int *x, gl_error *err);
/* An exact search's question and its answer. */
typedef struct match3_exact_job {
    const match3_board *b;            /* the position */
    int x;                            /* the number of swaps */
    const gl_limits *lim;             /* may be NULL */
    gl_keep *keep;                    /* the caller's workspace to reuse; may be NULL */
    int engine;                       /* MATCH3_ENGINE_*: asked (AUTO: the fastest that
                                       * fits), then the one that ran */
    long long best;                   /* the best total in at most x swaps */
    int line[MATCH3_MAX_SWAPS], nline; /* its swaps (search form) */
    uint64_t nodes;                   /* swaps played */
    size_t peak;                      /* bytes held at most */
    const char *stopped;              /* NULL, or the limit that stopped it: then best and
                                       * line are the proved best for the deepest number of
                                       * swaps completed */
} match3_exact_job;

/* The exact search, on the engine j->engine asks for: by default the
 * bit-parallel one when the board fits, else the scalar search on the
 * incremental engine (the seed's resolution under rules=seed); 0, or -1
 * (err). */
int match3_exact_run(match3_exact_job *j, gl_error *err);
/* The search on a scalar engine (any board, refill or not, either rule
 * set: j->engine REFERENCE or else INCREMENTAL); the tests compare the
 * bit-parallel one with it. */
int match3_exact_scalar_run(match3_exact_job *j, gl_error *err);
/* The same search on the bit-parallel engine (refill=no, at most 8x8). */
int match3_exact_bits_run(match3_exact_job *j, gl_error *err);
/* The exact search's key of position p with r swaps left (two 64-bit
 * words, the first never 0). */
void match3_bits_key(const match3_bits *g, const match3_bpos *p, int r, uint64_t key[2]);
/* Does the board fit the bit-parallel engine (and has refill=no and the
 * standard rules)? */
int match3_bits_fits(const match3_rules *R);

int match3_solve_best1(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_solve_backtrack(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_solve_exact(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_solve_pruned(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_solve_beam(const gl_board *, const gl_solve_opts *, gl_solution *, gl_error *);
int match3_hint(const gl_board *b, const gl_solve_opts *o, gl_move *m, gl_info *info,
                gl_error *err);

extern const gl_game gl_game_match3;

/* `gridlab bench match3` (match3_bench.c, compiled into the program only, named in
 * the tools table of match3_cli.c). */
int gl_bench_match3(int argc, char **argv);

#endif
