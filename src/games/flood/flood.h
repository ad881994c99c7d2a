/* Flood-It (SPEC 2.1; its seed: docs/flood.md): shared definitions of the game and its
 * solvers.
 *
 * The board is W x H cells of colours 0..K-1 (symbols 0-9a-z).  Everything
 * the solvers do happens on the component graph of the seed's "groups":
 * maximal single-colour 4-connected regions, numbered in row-major order of
 * their first cell, with an edge between two groups that touch.  A position
 * is then just the set of flooded groups, a bitset of N bits (N <= 900), and
 * a move of colour c adds every frontier group of colour c.  The region's
 * own colour never appears on the frontier (groups are maximal, and a move
 * takes every frontier group of its colour), so the flooded set alone is the
 * whole state. */
#ifndef GRIDLAB_GAMES_FLOOD_H
#define GRIDLAB_GAMES_FLOOD_H

#include <stdint.h>
#include "gridlab/internal.h"

#define FLOOD_MAX_SIDE 30
#define FLOOD_MAX_CELLS (FLOOD_MAX_SIDE * FLOOD_MAX_SIDE)
#define FLOOD_MAX_COLORS 36
#define FLOOD_MAX_PLAYED 100000 /* played= in a board file; a game ends there */
#define FLOOD_KW_MAX GL_BITS_WORDS(FLOOD_MAX_CELLS) /* words of a group set */

enum { FLOOD_START_CORNER = 0, FLOOD_START_CENTER = 1 };

typedef struct flood_board {
    int w, h;
    int ncolors;          /* K: colours are 0..K-1 */
    int start;            /* FLOOD_START_* */
    int limit;            /* moves=LIMIT, 0 for none */
    int played;           /* moves played so far */
    uint8_t cell[FLOOD_MAX_CELLS];
} flood_board;

typedef struct flood_kernels flood_kernels;

/* The component graph. */
typedef struct flood_graph {
    int w, h, ncolors;
    int n;                /* groups */
    int kw;               /* 64-bit words of a group set */
    int start;            /* the start cell's group */
    uint8_t *colour;      /* n: colour of each group */
    int *size;            /* n: cells of each group */
    int *group;           /* w*h: group of each cell */
    uint64_t *adj;        /* n*kw: neighbours of each group */
    uint64_t *colmask;    /* ncolors*kw: the groups of each colour */
    uint64_t all[FLOOD_KW_MAX]; /* every group */
    /* The set kernels for this graph (flood_kern.h: the widest path the
     * processor has, or GRIDLAB_SIMD's), where the sets fit in 8 words;
     * NULL otherwise, and then the generic loops below run. */
    const flood_kernels *k;
    /* Copies of adj and colmask with every row padded to 8 words (64-byte
     * aligned), built with the kernels: they load a set's row whole. */
    uint64_t *adj8, *colmask8;
    /* Rows as adj8's of the groups within two steps of each group (its
     * neighbours and theirs), for the bound's whole-ring steps in pairs. */
    uint64_t *adj2_8;
    /* Per colour, 2 rows as adj8's: the neighbours of its groups and the
     * groups within two steps of them. */
    uint64_t *colnb8;
    /* the group sizes as 16-bit numbers, 64 per word of groups */
    uint16_t *size16;
    size_t bytes; /* the memory held by the tables above */
} flood_graph;

/* A group set. */
typedef struct flood_set {
    uint64_t w[FLOOD_KW_MAX];
} flood_set;

char flood_symbol(int colour);
int flood_colour_of(char sym); /* -1 when not 0-9a-z */
int flood_start_cell(int w, int h, int start);
int flood_region_colour(const flood_board *b);
/* Marks the flooded region (4-connected to the start cell, one colour) in
 * in[], and returns its cells. */
int flood_region(const flood_board *b, uint8_t *in);
int flood_is_won(const flood_board *b);
/* Plays colour c on the cells (no checks): the region takes colour c. */
void flood_fill(flood_board *b, int c);
/* Greedy move count for a board (the move limit's base). */
int flood_greedy_count(const flood_board *b, int depth);
int flood_limit_for(const flood_board *b, int leniency);
/* Builds a board from a batch line (W*H symbols); -1 with a message. */
int flood_board_from_line(flood_board *b, const char *line, int len, int w, int h, int start,
                          gl_error *err);

/* ------------------------------------------------------------ the graph (flood_graph.c) */
/* Builds the graph of b, with the kernels of the widest path the processor
 * has (or the one GRIDLAB_SIMD asks for: src/gridlab/cpu.h) and their
 * padded tables where the sets fit in 8 words.  The memory is charged to m
 * (may be NULL) before it is allocated.  -1 when it cannot be: m->stopped
 * says "memory limit", else malloc failed. */
int flood_graph_build_metered(flood_graph *g, const flood_board *b, gl_meter *m);
/* The same on a given path (the tests compare the paths): the widest this
 * processor has that is not wider; path < 0 gives the generic loops alone. */
int flood_graph_build_path(flood_graph *g, const flood_board *b, gl_meter *m, int path);
int flood_graph_build(flood_graph *g, const flood_board *b); /* unmetered */
void flood_graph_free(flood_graph *g);

static inline void fset_or(uint64_t *d, const uint64_t *s, int kw)
{
    for (int i = 0; i < kw; i++) d[i] |= s[i];
}
static inline int fset_subset(const uint64_t *a, const uint64_t *b, int kw)
{
    for (int i = 0; i < kw; i++)
        if (a[i] & ~b[i]) return 0;
    return 1;
}
static inline int fset_equal(const uint64_t *a, const uint64_t *b, int kw)
{
    for (int i = 0; i < kw; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}
static inline int fset_intersects(const uint64_t *a, const uint64_t *b, int kw)
{
    for (int i = 0; i < kw; i++)
        if (a[i] & b[i]) return 1;
    return 0;
}

/* ------------------------------------------------------------ set operations (flood_sets.c) */
/* acc |= the neighbours of the groups in X. */
void flood_or_adj(const flood_graph *g, const uint64_t *X, uint64_t *acc);
/* out = the neighbours of the groups in X. */
void flood_adj_of(const flood_graph *g, const uint64_t *X, uint64_t *out);
/* The groups next to F and not in it. */
void flood_frontier(const flood_graph *g, const uint64_t *F, uint64_t *fr);
/* Colours with a group outside F. */
int flood_colours_left(const flood_graph *g, const uint64_t *F);
/* Colour mask (bit c) of the colours present on the frontier. */
uint64_t flood_frontier_colours(const flood_graph *g, const uint64_t *fr);
/* F gains the frontier groups of colour c (fr is F's frontier). */
void flood_absorb(const flood_graph *g, uint64_t *F, const uint64_t *fr, int c);
/* Adds the groups X to F and updates F's frontier fr. */
void flood_add_groups(const flood_graph *g, uint64_t *F, uint64_t *fr, const uint64_t *X);
/* Plays every colour whose remaining groups all lie on the frontier
 * (always optimal first: see docs/flood.md), repeatedly, in colour order.
 * Writes the colours played into moves (if not NULL) and returns their
 * number.  fr must be F's frontier and is kept up to date. */
int flood_close(const flood_graph *g, uint64_t *F, uint64_t *fr, uint8_t *moves);
/* The neighbours of a ring and the groups within two steps of it, as the
 * kernels use them (ok = 0 where there are none: sets over 8 words). */
typedef struct flood_rings {
    uint64_t n1[8] __attribute__((aligned(64)));
    uint64_t n2[8] __attribute__((aligned(64)));
    /* per colour c, the neighbours of the ring's c-groups */
    uint64_t nbc[FLOOD_MAX_COLORS][8] __attribute__((aligned(64)));
    int ok;
} flood_rings;
void flood_rings_of(const flood_graph *g, const uint64_t *fr, flood_rings *pr);
/* The child of (F, fr) by colour c, closed: F2/fr2 get the new position,
 * moves (if not NULL) c and the forced colours; returns the moves played. */
int flood_child(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c, uint64_t *F2,
                uint64_t *fr2, uint8_t *moves);
/* The child of the closed position (F, fr) by colour c before its closure
 * (F2 gains the frontier's c-groups, fr2 is its frontier).  Returns whether
 * the move brought a group next to the region that was not on the frontier
 * (a move that does not is dead); *complete is 0 when no colour can be
 * completed at (F2, fr2), so that flood_close would play nothing, else 1
 * (it may then still play nothing).  fresh_out (8 words, 64-byte aligned,
 * or NULL) gets the groups the move brought next to the region, where the
 * 512-bit code is in use; pr (or NULL) is flood_rings_of(fr), whose
 * per-colour neighbour sets spare the move's own gathering. */
int flood_child_step(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c, uint64_t *F2,
                     uint64_t *fr2, int *complete, uint64_t *fresh_out, const flood_rings *pr);
int flood_is_full(const flood_graph *g, const uint64_t *F);
/* Does colour c, played at the closed position (F, fr), bring a group that
 * was not on the frontier next to the region?  A move that does not is
 * never needed there (docs/flood.md, "Dead moves"). */
int flood_move_exposes(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int c);
/* Cells in F. */
int flood_cells(const flood_graph *g, const uint64_t *F);
/* The start position: the start group, closed.  moves gets the forced
 * colours; returns their number. */
int flood_root(const flood_graph *g, uint64_t *F, uint64_t *fr, uint8_t *moves);

/* ------------------------------------------------------------ bounds (flood_bound.c) */
/* The admissible bound: max(colours left, the layered bound).  fr is F's
 * frontier. */
int flood_h(const flood_graph *g, const uint64_t *F, const uint64_t *fr);
/* The same bound, computed only as far as needed to tell whether it
 * exceeds limit: exact when the result is <= limit, else some value
 * above limit that is still a lower bound. */
int flood_h_cut(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int limit);
/* The two-ring refinement of the bound at a closed position that is not
 * full (docs/flood.md, "The bound"), computed only as far as needed to tell
 * whether it exceeds limit: when it does, returns a lower bound above
 * limit; otherwise 0 (the work stops at the first branch within the
 * limit, which says nothing about the others). */
int flood_h_two_ring(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int limit);
/* The second ring R2 of a position (the groups next to its frontier fr,
 * outside F and fr) and the groups within two steps of fr, as the 512-bit
 * code gathers them. */
typedef struct flood_ring2 {
    uint64_t r2[8] __attribute__((aligned(64))); /* R2 */
    uint64_t n2[8] __attribute__((aligned(64))); /* the groups within two steps of fr (the 512-bit code's) */
} flood_ring2;
/* flood_h_cut that also gives, when its first step took the whole ring and
 * gathered the next one (*ok = 1; else 0), that next ring in R2, which
 * flood_h_two_ring_r2 takes instead of gathering it again.  With pr the
 * rings of a closed position's frontier and fresh the groups a move with
 * no forced colours brought next to the region (both may be NULL; fresh 8
 * words, 64-byte aligned), (F, fr) that child: its first ring's neighbours
 * are then pr's and fresh's, gathered over fresh only.  The same values as
 * flood_h_cut and flood_h_two_ring. */
int flood_h_cut_r2(const flood_graph *g, const uint64_t *F, const uint64_t *fr, int limit, const flood_rings *pr,
                   const uint64_t *fresh, flood_ring2 *R2, int *ok);
int flood_h_two_ring_r2(const flood_graph *g, const uint64_t *F, const uint64_t *fr, const flood_ring2 *R2, int limit);

/* ------------------------------------------------------------ solvers */
int flood_solve_astar(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e);
int flood_solve_ida(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e);
int flood_solve_greedy(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e);
int flood_solve_beam(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e);
/* `show --groups`: each cell as group/colour, the graph the solvers work on. */
void flood_render_groups(const flood_board *b, gl_strbuf *out, int color);
int flood_hint(const gl_board *b, const gl_solve_opts *o, gl_move *m, gl_info *info,
               gl_error *err);

/* Shared by the solvers: the graph of a board and its closed root. */
typedef struct flood_problem {
    flood_graph g;
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX];
    uint8_t root_moves[FLOOD_MAX_COLORS];
    int nroot;
} flood_problem;
/* The problem of a board, its graph charged to m (may be NULL): 0; 1 when
 * the meter refused the memory (m->stopped says why); -1 with a message. */
int flood_problem_init_metered(flood_problem *p, const gl_board *b, gl_meter *m, gl_error *err);
int flood_problem_init(flood_problem *p, const gl_board *b, gl_error *err); /* unmetered */
void flood_problem_free(flood_problem *p);
/* The answer of a search stopped before it had one: the root's forced
 * colours, then a two-ply greedy lookahead on m (one ply once m has
 * stopped: flood_greedy_run). */
void flood_finish_from_root(const flood_problem *p, gl_meter *m, gl_solution *s);
/* Ends a solver's meter into its solution: why it stopped (then not
 * optimal), its peak memory, the elapsed time. */
void flood_meter_end(gl_meter *m, gl_solution *s);
/* A finish longer than the moves the limit leaves (moves=LIMIT) wins
 * nothing: s becomes unsolved, its length kept as info moves_needed (and
 * optimal kept: a proved optimal finish past the limit proves the game
 * cannot be won).  Every solver of the game table ends with it. */
void flood_keep_to_limit(const gl_board *b, gl_solution *s);
/* A* on a board with the move limit left aside (the hint's search: its
 * move is the best there is even when the limit will be passed). */
int flood_astar_board(const gl_board *b, const gl_solve_opts *o, gl_solution *s, gl_error *e);
void flood_push_moves(gl_solution *s, const uint8_t *moves, int n);
/* Writes a route of n edges (their colours) from p's root: the root's
 * forced colours, then each edge's colour and its closure, replayed. */
void flood_push_route(const flood_problem *p, const int *cols, int n, gl_solution *s);
/* A* from p's root (used by the astar solver and the hint). */
int flood_astar_run(const flood_problem *p, const gl_limits *lim, gl_solution *s, gl_error *err);

/* Greedy lookahead on a graph from F: appends colours to out (capacity
 * cap); returns the count, or -1 if cap was too small.  Its work is ticked
 * on m (may be NULL), once per position scored; once m has stopped, the
 * turn it stopped in and the rest look one ply ahead only, so the answer
 * is still whole.  The finisher of a stopped search gets the search's
 * meter, stopped: one ply from the start. */
int flood_greedy_run(const flood_graph *g, const uint64_t *F0, int depth, uint8_t *out, int cap, gl_meter *m);

extern const gl_game gl_game_flood;

/* `gridlab bench flood` (flood_bench.c, compiled into the program only, named in
 * the tools table of flood_cli.c). */
int gl_bench_flood(int argc, char **argv);

#endif
