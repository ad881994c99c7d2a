/* What the Flood-It solvers share: the graph of a board and its closed
 * root, turning colours into moves, the end of a metered search and the
 * move limit. */
#include "flood.h"

#include <string.h>

int flood_problem_init_metered(flood_problem *p, const gl_board *bb, gl_meter *m, gl_error *err)
{
    memset(p, 0, sizeof *p);
    if (flood_graph_build_metered(&p->g, (const flood_board *)bb, m) != 0) {
        if (m && m->stopped) return 1;
        return gl_error_set(err, "out of memory");
    }
    p->nroot = flood_root(&p->g, p->F, p->fr, p->root_moves);
    return 0;
}

int flood_problem_init(flood_problem *p, const gl_board *bb, gl_error *err)
{
    return flood_problem_init_metered(p, bb, NULL, err);
}

void flood_meter_end(gl_meter *m, gl_solution *s)
{
    if (m->stopped && !s->stopped) s->stopped = m->stopped;
    if (s->stopped) s->optimal = 0;
    s->peak_bytes = m->peak;
    s->ms = gl_meter_end(m);
}

void flood_keep_to_limit(const gl_board *bb, gl_solution *s)
{
    const flood_board *b = (const flood_board *)bb;
    if (!b->limit || !s->solved || b->played + s->nmoves <= b->limit) return;
    /* The game is lost once the limit is played: a finish past it wins
     * nothing, so it is no solution.  A proved optimal finish past it
     * proves the game cannot be won (optimal stays); the others only did
     * not find a finish within it. */
    gl_info_int(&s->info, "moves_needed", s->nmoves);
    gl_info_int(&s->info, "moves_allowed", b->limit > b->played ? b->limit - b->played : 0);
    gl_solution_clear_moves(s);
    s->solved = 0;
    s->cost = 0;
}

void flood_problem_free(flood_problem *p) { flood_graph_free(&p->g); }

void flood_push_moves(gl_solution *s, const uint8_t *moves, int n)
{
    for (int i = 0; i < n; i++) gl_solution_push(s, (gl_move){moves[i], 0, 0});
}

void flood_push_route(const flood_problem *p, const int *cols, int n, gl_solution *s)
{
    uint64_t F[FLOOD_KW_MAX], fr[FLOOD_KW_MAX], F2[FLOOD_KW_MAX], fr2[FLOOD_KW_MAX];
    memcpy(F, p->F, sizeof F);
    memcpy(fr, p->fr, sizeof fr);
    flood_push_moves(s, p->root_moves, p->nroot);
    uint8_t mv[FLOOD_MAX_COLORS + 1];
    for (int i = 0; i < n; i++) {
        int k = flood_child(&p->g, F, fr, cols[i], F2, fr2, mv);
        flood_push_moves(s, mv, k);
        memcpy(F, F2, sizeof F);
        memcpy(fr, fr2, sizeof fr);
    }
}
