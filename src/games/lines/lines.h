/* Color Lines (SPEC 2.2; its seed: docs/lines.md): rules, text format, AI players, replays.
 *
 * A board is a flat array of W*H bytes (0 empty, 1..K a ball colour), the
 * preview of the next spawn (colours, and positions under lines98 rules),
 * the score and the game's own rng state, so that a saved game continues
 * exactly.  A ball's path is a breadth-first search on the flat array
 * (gl_grid_path, src/search/grid_bfs.c); the players list every reachable
 * target at once from a labelling of the empty regions instead of one BFS
 * per target.
 *
 * One turn (lines_move) moves a ball, removes the lines through it, and if
 * nothing was removed spawns the previewed balls and removes the lines they
 * make.  Everything that happened goes into a lines_turn record: the CLI's
 * log, the replay writer and the players' incremental evaluation all read
 * that one record. */
#ifndef GRIDLAB_GAMES_LINES_H
#define GRIDLAB_GAMES_LINES_H

#include <stdint.h>
#include "gridlab/internal.h"
#include "gridlab/grid_bfs.h"

#define LINES_MAX_SIDE 26
#define LINES_MAX_CELLS (LINES_MAX_SIDE * LINES_MAX_SIDE)
#define LINES_MAX_COLORS 9
#define LINES_MAX_SPAWN 9
#define LINES_START_BALLS 5

enum { LINES_KLINES = 0, LINES_98 = 1 };

typedef struct lines_board {
    int w, h, n;             /* n = w*h */
    int colors, line, spawn; /* K, line length, balls per spawn */
    int rules;               /* LINES_KLINES or LINES_98 */
    long long score;
    int turns;
    int nballs;
    uint8_t next[LINES_MAX_SPAWN]; /* colours of the next spawn (spawn of them) */
    int next_at[LINES_MAX_SPAWN];  /* lines98: their cells, -1 when none was free */
    gl_rng rng;
    uint8_t cell[LINES_MAX_CELLS];
} lines_board;

/* What one turn did. */
typedef struct lines_turn {
    int from, to, colour;
    int nremoved;
    int removed[LINES_MAX_CELLS];
    uint8_t removed_colour[LINES_MAX_CELLS];
    long long gain;
    int nspawned;
    int spawned[LINES_MAX_SPAWN];
    uint8_t spawned_colour[LINES_MAX_SPAWN];
    int nspawn_removed;
    int spawn_removed[LINES_MAX_CELLS];
    uint8_t spawn_removed_colour[LINES_MAX_CELLS];
    long long spawn_gain;
} lines_turn;

/* The four directions of a line (row and column steps): along a row, down
 * a column, and the two diagonals. */
extern const int lines_dr[4], lines_dc[4];

/* Points for removing n balls in one go under the rules. */
long long lines_points(int rules, int n);
/* Appends to out (deduplicated against its first *nout cells) every cell of
 * a line of >= b->line equal balls through cell, in all four directions. */
void lines_collect(const lines_board *b, int cell, int *out, uint8_t *out_colour, int *nout);
/* A uniformly random empty cell, -1 when the board is full. */
int lines_random_empty(lines_board *b, gl_rng *rng);
/* Draws the next preview (colours; lines98 also positions) from b->rng. */
void lines_draw_next(lines_board *b);
/* Spawns the previewed balls and removes the lines they make (into t). */
void lines_spawn(lines_board *b, lines_turn *t);
/* Plays one turn: the ball at from (a ball) goes to to (empty; the caller
 * has checked that a path exists).  Fills t (never NULL). */
void lines_move(lines_board *b, int from, int to, lines_turn *t);
int lines_full(const lines_board *b);
/* The counters a board file holds, at most (the text reader takes these
 * and no more). */
#define LINES_MAX_TURNS (1 << 30)
#define LINES_MAX_SCORE (1LL << 50)
/* The game is over: the board is full, or a counter is so near its
 * maximum that one more turn could pass it (the turn count at 2^30, the
 * score within two whole boards' points of 2^50: out of reach of any real
 * game, but a crafted file can start there, and a board gridlab saves it
 * must read back). */
int lines_over(const lines_board *b);
/* A new game: 5 balls on random cells, then the preview. */
void lines_init(lines_board *b, int w, int h, int colors, int line, int spawn, int rules,
                gl_rng *rng);
/* The shortest path of the ball at from to the empty cell to: number of
 * cells in path (from first), 0 when none.  ws must hold w*h cells. */
int lines_path(const lines_board *b, int from, int to, int *path, gl_grid_ws *ws);

/* ---- players (lines_ai.c, lines_greedy.c, lines_search.c) ---- */

enum { LINES_AI_GREEDY = 0, LINES_AI_SEARCH = 1, LINES_AI_LEARNED = 2 };
#define LINES_PLAN_MAX 6     /* the deepest spawn-free plan */
#define LINES_PLAN_KEY_WORDS ((LINES_MAX_CELLS + 15) / 16 + 1) /* plan table: 4 bits a cell, and one word */
#define LINES_PLAN_TABLE_BYTES ((size_t)64 << 20)               /* plan table: the most it grows to */

struct lines_net;

typedef struct lines_ai_cfg {
    int kind;       /* LINES_AI_* */
    double ms;      /* search, learned: a ceiling on the CPU time of one move */
    int candidates; /* search: moves of the one-move ranking given a plan */
    int depth;      /* search: moves planned after a candidate */
    int width;      /* search: moves searched at each planned depth */
    int discount;   /* search: percent a planned move's gain counts */
    int top;        /* learned: moves played out at a decision */
    int branch;     /* learned: moves valued again by sampled previews (expectimax; 0: none) */
    int samples;    /* learned: previews sampled for each */
    long long decisions; /* learned: the decisions a move may make (its budget; 0: none) */
    const struct lines_net *net; /* learned: the weights (the caller's, outliving the player) */
} lines_ai_cfg;

void lines_ai_cfg_default(lines_ai_cfg *c, int kind);
/* Reads the player's options from opts (may be NULL): the search's (ms,
 * candidates, depth, width, discount) or the learned player's (ms, top,
 * branch, samples, decisions). */
int lines_ai_cfg_read(lines_ai_cfg *c, gl_kvlist *opts, gl_error *err);
/* The options' keys, for the commands that pass them through. */
/* The learned player's default budget: the decisions its expectimax may
 * make in one move. */
#define LINES_LEARNED_DECISIONS 128
#define LINES_AI_SEARCH_KEYS "ms", "candidates", "depth", "width", "discount"
#define LINES_AI_LEARNED_KEYS "ms", "top", "branch", "samples", "decisions"

/* The learned player's weights: from path, or when path is NULL from the
 * file installed with the program for boards of those rules
 * (lines_net_default_path).  NULL with err naming the file and what is
 * wrong with it. */
struct lines_net *lines_net_open(const char *path, int rules, gl_error *err);
void lines_net_close(struct lines_net *net);
/* Whether the weights can play boards like b: 0, or -1 with err. */
int lines_net_check_board(const struct lines_net *net, const lines_board *b, gl_error *err);
/* The weights a solver's options name (`weights`, marked used), or the
 * installed file, checked against b: NULL with err when they cannot be
 * read or cannot play b. */
struct lines_net *lines_net_for(gl_kvlist *opts, const lines_board *b, gl_error *err);

/* The player used when none is named (hint, solve, autoplay, the front
 * ends' solve step): an option that only one player has chooses that
 * player (the search's candidates, depth, width, discount; the learned
 * player's top, branch, samples, decisions, weights); otherwise the
 * learned player on the boards the shipped weights are for (9x9, 7
 * colours, lines of 5, spawns of 3, under either rule set) when the
 * weights file of those rules is installed (lines_net_default_path), the
 * search player on all others.
 * opts may be NULL. */
int lines_ai_default_kind(const lines_board *b, const gl_kvlist *opts);
const char *lines_ai_kind_name(int kind);

typedef struct lines_ai lines_ai;
/* A player for boards of b's size and rules (the learned player: the
 * boards its weights are for, lines_net_check_board); seed seeds its own
 * rng (the spawns it simulates).  m (NULL: no limits) is the meter its moves poll
 * and its tables are charged to; it must outlive the player.  NULL when
 * the tables do not fit (m->stopped is then "memory limit") or when out
 * of memory (m->stopped unset). */
lines_ai *lines_ai_new(const lines_ai_cfg *cfg, const lines_board *b, uint64_t seed, gl_meter *m);
/* Frees the player and gives back all it charged to its meter. */
void lines_ai_free(lines_ai *ai);
/* Chooses a move: 1 with from and to set, 0 when there is none, -1 when
 * the meter stopped the search before it had a move.  A move chosen once
 * the meter has stopped (m->stopped set) is the best found by then. */
int lines_ai_choose(lines_ai *ai, const lines_board *b, int *from, int *to);
unsigned long long lines_ai_nodes(const lines_ai *ai);
/* Bytes the player holds (all charged to its meter). */
size_t lines_ai_bytes(const lines_ai *ai);

/* ---- replays (lines_replay.c) ---- */

/* The start line and one turn line of SPEC 2.2's replay format. */
void lines_replay_start(const lines_board *b, gl_strbuf *out);
void lines_replay_turn(const lines_board *after, const lines_turn *t, const int *path, int npath,
                       gl_strbuf *out);
void lines_replay_end(const lines_board *b, gl_strbuf *out);
/* A replay file checked line by line: every game from its start line to
 * its end line, every turn re-simulated.  Memory holds one line and one
 * board, whatever the file's size. */
#define LINES_REPLAY_MAX_LINE 65536 /* bytes in a replay line (a turn on 26x26 takes under 20,000) */
typedef struct lines_replay_checker {
    const char *file;
    int line;      /* lines checked */
    int open;      /* a game started and not yet ended */
    int games;     /* games checked to their end line */
    long long turns;
    lines_board board;
} lines_replay_checker;

void lines_replay_checker_init(lines_replay_checker *c, const char *file);
/* The next line of the file (len bytes, without its newline): 0, or -1
 * with "FILE:LINE: what is wrong" (a line longer than
 * LINES_REPLAY_MAX_LINE included). */
int lines_replay_check_line(lines_replay_checker *c, const char *text, size_t len, gl_error *err);
/* At the end of the file: 0, or -1 (the last game unfinished, no game). */
int lines_replay_check_end(lines_replay_checker *c, gl_error *err);
/* A whole file's text at once: 0 and the number of games and turns, or
 * -1 with "FILE:LINE: what is wrong". */
int lines_replay_check(const char *text, size_t len, const char *file, int *games, long long *turns,
                       gl_error *err);

extern const gl_game gl_game_lines;

/* The players as the game's solvers (lines_solve.c). */
int lines_solve_greedy(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
int lines_solve_search(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
int lines_solve_learned(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);
int lines_solve_auto(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err);

/* ---- whole games (lines_autoplay.c) ---- */

typedef struct lines_game_result {
    long long score;
    int turns;
    int game_over;       /* the board filled (else the turn cap or a limit stopped it) */
    const char *stopped; /* NULL, or the limit that stopped the game before its end */
    double ms;           /* the player's thinking time in all: CPU time of the thread */
    unsigned long long nodes;
    double mean_balls; /* balls on the board after a turn, mean over the turns */
    int crowded;       /* turns that ended with at least half the cells taken */
} lines_game_result;

/* Plays one game from a new board (params as `new` takes them, seed for
 * the game's rng) with the player cfg, at most max_turns turns (0: no
 * cap), polling lim (may be NULL) between turns and inside the player's
 * moves.  record (may be NULL) gets the replay lines; a game a limit
 * stopped (res->stopped) has no end line and is not finished.  0, or -1
 * with err. */
int lines_autoplay_game(const lines_ai_cfg *cfg, gl_kvlist *params, uint64_t seed, long long max_turns,
                        const gl_limits *lim, gl_strbuf *record, lines_game_result *res, gl_error *err);

/* `gridlab bench lines` (lines_bench.c, compiled into the program only, named in
 * the tools table of lines_cli.c). */
int gl_bench_lines(int argc, char **argv);

#endif
