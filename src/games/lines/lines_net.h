/* The learned evaluation of Lines 98 positions: an n-tuple network.
 *
 * The value of an afterstate (the board after a turn's move, its removals,
 * the spawn and the spawn's removals, before the next preview is drawn)
 * is a sum of weights looked up in tables: one table per tuple shape and
 * position class, indexed by the pattern the tuple's cells show, and one
 * per global feature, indexed by its bucket.  Every table has a copy per
 * game stage (the balls on the board).
 *
 * - Tuples are read in every image of the board's 8 symmetries, and the
 *   images share one table, so that what is learned in one corner counts
 *   in the others.
 * - Colours are symmetric: a colour tuple's pattern relabels the colours
 *   by their first appearance in the tuple (a run of 3 of colour 5 beside
 *   one of colour 2 is the same pattern as 3 of colour 1 beside a 4).  A
 *   cell is 3 bits (empty, colour 1..7), a tuple of up to 6 cells is a raw
 *   index of 18 bits, and a table maps it to its canonical pattern.
 * - Occupancy tuples (empty or not) see the shapes of the free space.
 * - Global features see what tuples miss: the empty cells, the regions
 *   they split into, the space cut off from the largest region, the balls
 *   that cannot move; in the later layouts also the lines of five in
 *   progress that balls of their colour can reach, and the balls that
 *   can reach only a few cells.
 *
 * A position's value is in points: the points the rest of the game is
 * expected to bring (the trainer's target, lines_train.c).  Afterstates of
 * a full board are worth 0 and never looked up.
 *
 * Adding a value is cheap to update: a ball placed or taken changes only
 * the tuples through its cell, so the player values every legal move from
 * tables made once per position (lines_learned.c). */
#ifndef GRIDLAB_GAMES_LINES_NET_H
#define GRIDLAB_GAMES_LINES_NET_H

#include "lines.h"

#include <stdatomic.h>

#define LNET_MAX_TUPLE 9   /* cells in a tuple */
#define LNET_COLOUR_BITS 3 /* a cell of a colour tuple: 0 empty, 1..7 */
#define LNET_MAX_COLORS 7
#define LNET_MAX_STAGES 8
#define LNET_MAX_GLOBAL 8 /* global features (a layout has 5 or 8) */

enum { LNET_COLOUR = 0, LNET_OCC = 1 };

typedef struct lines_net {
    /* what the weights are for */
    int w, h, n, colors, line, spawn, rules;
    int nstage;
    int reads; /* tables a tuple's cells are read into (a place's, and one shared by all places) */
    uint8_t stage_of[LINES_MAX_CELLS + 1]; /* balls -> stage */
    /* the tables: weights of table t at stage s are w[toff[t] + s * npat[t] .. ] */
    int ntab;
    int *npat;
    uint8_t *tab_straight; /* the table's tuples are consecutive cells of a line */
    size_t *toff;
    size_t nw;
    /* The weights: relaxed atomics, so that the trainer's threads may read
     * and update them at once (a lost update costs nothing; plain loads
     * and stores on common machines). */
    _Atomic float *wt;
    /* the tuple instances (every symmetric image) */
    int ninst;
    int *inst_tab;      /* its table */
    uint8_t *inst_kind; /* LNET_COLOUR or LNET_OCC */
    uint8_t *inst_len;
    int *inst_cell;     /* ninst * LNET_MAX_TUPLE */
    /* per cell: the instances through it and the cell's unit in their raw index */
    int *cm_start;      /* n + 1 */
    int *cm_inst;
    uint32_t *cm_unit;  /* colour: 8^k (times the colour); occupancy: 2^k */
    uint8_t *cm_kind;
    uint8_t *cm_pos;    /* the cell's position in the instance */
    /* canonical patterns of colour tuples, by length: raw index -> pattern */
    uint16_t *canon[LNET_MAX_TUPLE + 1];
    /* the same on patterns: a pattern's labels (its distinct colours),
     * the pattern with position k emptied (take[p * len + k]) and with
     * label l put on empty position k (put[(p * len + k) * 8 + l], l up to
     * one more than its labels): small tables for the moves' halves */
    uint8_t *nlab[LNET_MAX_TUPLE + 1];
    uint16_t *take[LNET_MAX_TUPLE + 1];
    uint16_t *put[LNET_MAX_TUPLE + 1];
    int gtab;           /* the first global table (nglobal of them) */
    int nglobal;
    char layout[160];   /* the layout's name, written into weight files */
} lines_net;

/* Whether boards like b can be valued (the layout's board, colours, lines
 * and rules): 0, or -1 with err saying why not. */
int lines_net_fits(const lines_net *net, const lines_board *b, gl_error *err);

/* The network of a layout for 9x9 boards, 7 colours, lines of 5, spawns
 * of 3 under lines98 rules, all weights 0: the layout named (its whole
 * name, or the part before its colon), or the default one.  0, -1 out of
 * memory, -2 no such layout. */
int lines_net_init_layout(lines_net *net, const char *name);
int lines_net_init(lines_net *net);
#define LNET_DEFAULT_LAYOUT "ntuple4"
/* Sets the weights of the straight tuples and of the empty cells to the
 * search player's window evaluation (docs/lines.md), in points: where a
 * training may start from instead of nothing. */
void lines_net_seed_windows(lines_net *net);
/* Where each weight of dst comes from in src when dst is src's layout
 * with the same stages or more (the same tables; each stage boundary of
 * src one of dst's, so a stage of dst lies inside one of src's and starts
 * from its weights) and the same global features or more: map[x] for
 * every weight x of dst, LNET_NEW for a weight of a global feature src
 * lacks (it starts at 0, so dst values every board as src).  0, or -1
 * when the tables differ or a stage of dst straddles a boundary of src.  The rule
 * sets may differ (the tables do not depend on them): a KLines training
 * may start from Lines 98 weights. */
int lines_net_stage_map(const lines_net *dst, const lines_net *src, size_t *map);
#define LNET_NEW SIZE_MAX
/* The i-th layout's name, NULL past the last. */
const char *lines_net_layout_name(int i);

/* The layouts' short names ("ntuple1, ntuple2, ..."), cut to fit cap. */
void lines_net_layout_list(char *out, size_t cap);
void lines_net_free(lines_net *net);
/* Bytes net holds (the weights, the layout's tables). */
size_t lines_net_bytes(const lines_net *net);

static inline float lnet_w(const lines_net *net, size_t x)
{
    return atomic_load_explicit(&net->wt[x], memory_order_relaxed);
}
static inline void lnet_w_set(const lines_net *net, size_t x, float v)
{
    atomic_store_explicit(&net->wt[x], v, memory_order_relaxed);
}

static inline int lnet_pattern(const lines_net *net, int kind, int len, uint32_t raw)
{
    return kind == LNET_COLOUR ? net->canon[len][raw] : (int)raw;
}

/* The raw index of instance i on cells. */
static inline uint32_t lnet_raw(const lines_net *net, int i, const uint8_t *cells)
{
    const int *c = net->inst_cell + (size_t)i * LNET_MAX_TUPLE;
    uint32_t raw = 0;
    if (net->inst_kind[i] == LNET_COLOUR)
        for (int k = net->inst_len[i] - 1; k >= 0; k--) raw = raw << LNET_COLOUR_BITS | cells[c[k]];
    else
        for (int k = net->inst_len[i] - 1; k >= 0; k--) raw = raw << 1 | (cells[c[k]] != 0);
    return raw;
}

/* The global features of a board: their buckets (net->nglobal). */
void lines_net_globals(const lines_net *net, const uint8_t *cells, int *bucket);

/* The weight indices of a board's features (ninst + nglobal of them)
 * and its value.  The stage comes from the balls on the board. */
float lines_net_features(const lines_net *net, const uint8_t *cells, int nballs, uint32_t *idx);
/* The value of the features listed in idx. */
float lines_net_sum(const lines_net *net, const uint32_t *idx);
/* The value of a board (lines_net_features without the indices). */
float lines_net_value(const lines_net *net, const uint8_t *cells, int nballs);
static inline int lines_net_nfeatures(const lines_net *net) { return net->ninst + net->nglobal; }

/* ---- weight files (lines_netfile.c) ----
 *
 * Little-endian: the magic "GLLINESW", the format version, the kind (0
 * weights, 1 a trainer's checkpoint), the board the layout is for, the
 * layout's name and each table's size, the weights (float32), then for a
 * checkpoint the trainer's state; last, an FNV-1a checksum of everything
 * before it. */
#define LNET_FILE_VERSION 1
/* The most bytes a weights file or checkpoint may have (the largest
 * layout's checkpoint is about 2 MB): a reader reads no more. */
#define LNET_MAX_FILE_BYTES (16 * 1024 * 1024)
enum { LNET_FILE_WEIGHTS = 0, LNET_FILE_CHECKPOINT = 1 };

/* Writes the weights (and, for a checkpoint, extra: the trainer's state,
 * nextra bytes) to path atomically.  0, or -1 with err naming path. */
int lines_net_save(const lines_net *net, int kind, const void *extra, size_t nextra, const char *path, gl_error *err);
/* Makes net (not made before) from a file's bytes: the magic, version,
 * size and checksum are checked, the network of the file's layout is
 * made and its weights read; a problem is an error naming name and what
 * is wrong (net then holds nothing).  A checkpoint's trainer state is left
 * in *extra (malloc'd, *nextra bytes) when extra is not NULL, and skipped
 * otherwise.  0, or -1 with err. */
int lines_net_load_bytes(lines_net *net, const unsigned char *data, size_t len, const char *name, void **extra,
                         size_t *nextra, gl_error *err);
/* The same from a file. */
int lines_net_load(lines_net *net, const char *path, void **extra, size_t *nextra, gl_error *err);
/* The name of the weights file shipped for a rule set (LINES_98:
 * lines98.weights, LINES_KLINES: klines.weights). */
const char *lines_net_file_name(int rules);
/* The weights file used when none is named, for boards of those rules:
 * beside the program (the build tree), or under share/gridlab/ of its
 * install prefix, or the install directory configured at build time.
 * Writes the path found (or, when none exists, the install path, for the
 * message) into out. */
void lines_net_default_path(char *out, size_t cap, int rules);

#endif
