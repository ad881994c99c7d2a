/* The play session's state, shared by its files: session.c (games, moves,
 * history, levels, the clock, the save written), assist.c (hints and the
 * solver's moves), store.c (a save read back), scores.c (the tables of
 * best results) and report.c (the JSON shapes). */
#ifndef GL_PLAY_SESSION_H
#define GL_PLAY_SESSION_H

#include "gridlab/internal.h"
#include "gridlab/play.h"

#define GL_PLAY_MAXSEL 8

/* One move of the history: a position and the move's line in the save
 * ("a1-c3 | spawn e5=3 f6=1": the move in the game's notation and what
 * chance decided).  On the undo stack the position is the one before the
 * move, on the redo stack the one after it. */
typedef struct play_step {
    gl_board *board;
    char *note;
} play_step;

typedef struct play_steps {
    play_step *items;
    int n, cap;
} play_steps;

struct gl_play {
    const gl_game *g;
    gl_board *b;         /* the position */
    gl_board *start;     /* this game's (level's) first position */
    play_steps undo, redo;

    /* Where the game came from: an ID (its params and seed), or none. */
    char id[GL_ID_MAX + 1];
    gl_kvlist params;
    uint64_t seed;
    int level;           /* 1, then one more per level */

    char *path;          /* the save file, or NULL */
    int autosave;
    int dirty;
    int assisted, hints;
    int recorded;        /* its result went into the table of best results */
    char load_note[600]; /* why a loaded game is a custom game, "" when it is not */
    char last_move[64];

    int sel[2 * GL_PLAY_MAXSEL];
    int nsel;

    gl_move *plan;       /* the solver's moves not played yet */
    int nplan, iplan;

    uint64_t (*now)(void *ctx);
    void *now_ctx;
    uint64_t carried_ns; /* time played before this session had the game (a loaded save's) */
    uint64_t started_ns; /* when this board's clock started */
    uint64_t paused_ns;  /* time in pauses so far */
    uint64_t pause_at;   /* non-zero while paused */
    uint64_t end_at;     /* non-zero once the game has ended: the clock stands */
    unsigned serial;     /* one more for every game, level or restart */
    int limit_s;         /* the clock, 0 for none */
    int time_up;
};

/* The most time played a save holds, in ms (10^12, about 31 years): the
 * clock counts nanoseconds in 64 bits, so every value up to it is stored
 * and written back as itself; a save saying more is refused. */
#define PLAY_MAX_PLAYED_MS 1000000000000LL
/* The time played in whole ms, as a save writes it (at most the above). */
long long play_played_ms(const gl_play *p);

uint64_t play_now(const gl_play *p);
void play_steps_push(play_steps *s, gl_board *b, char *note);
void play_steps_clear(const gl_game *g, play_steps *s);
/* The move's line in a save: its name and what chance decided (ev holds
 * the events of the move, from index first on; b the position after it). */
char *play_note(const gl_game *g, const gl_board *b, const char *name, const gl_events *ev, int first);
/* Frees the game in progress (boards, history, plan); p->g stays. */
void play_drop(gl_play *p);
/* Takes board b (its first position) as the new game: history, selection,
 * plan and clock start again. */
void play_set_board(gl_play *p, gl_board *b);
/* The clock stops for good (the game ended); follow: stops or goes on
 * as the position is over or not (after a move, undo or redo). */
void play_clock_stop(gl_play *p);
void play_clock_follow(gl_play *p);
/* Saves when autosave is on: 0, or -1 with err. */
int play_autosave(gl_play *p, gl_events *ev, gl_error *err);
/* The first line of a save and its version (written by session.c, read
 * by store.c). */
#define SAVE_MAGIC "# gridlab save "
#define SAVE_VERSION 2

#endif
