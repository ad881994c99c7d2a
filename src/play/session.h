/* The play session's state, shared by its files: session.c (games, moves,
 * history, levels, the clock), assist.c (hints and the solver's moves) and
 * store.c (saving and loading). */
#ifndef GL_PLAY_SESSION_H
#define GL_PLAY_SESSION_H

#include "gridlab/gridlab.h"
#include "gridlab/play.h"

#define GL_PLAY_MAXSEL 8

typedef struct gl_boards {
    gl_board **items;
    int n, cap;
} gl_boards;

struct gl_play {
    const gl_game *g;
    gl_board *b;         /* the position */
    gl_board *start;     /* this game's (level's) first position */
    gl_boards undo, redo;

    /* Where the game came from: an ID (its params and seed), or none. */
    char id[GL_ID_MAX + 1];
    gl_kvlist params;
    uint64_t seed;
    int level;           /* 1, then one more per level */

    char *path;          /* the save file, or NULL */
    int autosave;
    int dirty;
    int assisted, hints;
    char last_move[64];

    int sel[2 * GL_PLAY_MAXSEL];
    int nsel;

    gl_move *plan;       /* the solver's moves not played yet */
    int nplan, iplan;

    uint64_t (*now)(void *ctx);
    void *now_ctx;
    uint64_t started_ns; /* when this board's clock started */
    uint64_t paused_ns;  /* time in pauses so far */
    uint64_t pause_at;   /* non-zero while paused */
    int limit_s;         /* the clock, 0 for none */
    int time_up;
};

uint64_t play_now(const gl_play *p);
/* Frees the game in progress (boards, history, plan); p->g stays. */
void play_drop(gl_play *p);
/* Takes board b (its first position) as the new game: history, selection,
 * plan and clock start again. */
void play_set_board(gl_play *p, gl_board *b);
/* Saves when autosave is on: 0, or -1 with err. */
int play_autosave(gl_play *p, gl_events *ev, gl_error *err);

#endif
