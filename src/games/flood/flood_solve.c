/* What the Flood-It solvers share (the graph of a board and its closed
 * root, turning colours into moves) and the hint: the first move of an
 * optimal solution when A* proves one within the limit, else the first
 * move of the best solution found, marked "optimal":false. */
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

void flood_finish_from_root(const flood_problem *p, gl_meter *m, gl_solution *s)
{
    uint8_t rest[FLOOD_MAX_CELLS + FLOOD_MAX_COLORS];
    gl_solution_clear_moves(s);
    flood_push_moves(s, p->root_moves, p->nroot);
    int n = flood_greedy_run(&p->g, p->F, 2, rest, (int)sizeof rest, m);
    if (n >= 0) flood_push_moves(s, rest, n);
    s->solved = n >= 0;
    s->optimal = s->solved && s->nmoves == 0; /* a won board: nothing to do */
    s->cost = s->nmoves;
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

/* Without a limit a hint could run for ever on a large board: cap it. */
#define FLOOD_HINT_DEFAULT_MS 5000.0

int flood_hint(const gl_board *bb, const gl_solve_opts *o, gl_move *m, gl_info *info,
               gl_error *err)
{
    const flood_board *b = (const flood_board *)bb;
    if (flood_is_won(b) || (b->limit && b->played >= b->limit)) return 0;
    gl_solve_opts so = *o; /* the A* charges the graph to the meter too */
    if (so.lim.limit_ms <= 0) so.lim.limit_ms = FLOOD_HINT_DEFAULT_MS;
    gl_solution s;
    gl_solution_init(&s);
    int rc = flood_astar_board(bb, &so, &s, err); /* the best move, even past the limit */
    if (rc == 0) {
        rc = s.nmoves > 0 ? 1 : s.stopped ? 2 : 0;
        if (rc == 2) gl_error_set(err, "%s", s.stopped);
        if (rc == 1) *m = s.moves[0];
        gl_info_bool(info, "optimal", s.optimal);
        gl_info_int(info, "moves_left", s.nmoves);
        if (rc == 1 && s.stopped) gl_info_text(info, "stopped", s.stopped);
    } else {
        rc = -1;
    }
    gl_solution_free(&s);
    return rc;
}
