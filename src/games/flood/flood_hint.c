/* The Flood-It hint: the first move of the shortest plan the fast
 * searches and then A* find within the limit, "optimal" when A* proves it
 * the fewest moves. */
#include "flood.h"

/* Without a limit a hint could run for ever on a large board: cap it. */
#define FLOOD_HINT_DEFAULT_MS 5000.0
/* The hint's beam: about 20 to 40 ms on 22x22 with 8 colours (natively),
 * within a move of a beam four times as wide (docs/notes/flood.md). */
#define FLOOD_HINT_BEAM "128"

/* Keeps in *best the shorter of two whole plans (s is emptied). */
static void keep_shorter(gl_solution *best, gl_solution *s)
{
    if (s->solved && (!best->solved || s->nmoves < best->nmoves)) {
        gl_solution t = *best;
        *best = *s;
        *s = t;
    }
    gl_solution_free(s);
    gl_solution_init(s);
}

/* The hint answers quickly on any board: a plan from the fast searches
 * first (the lookahead the move limit is set by, then a beam), then A*
 * for the rest of the time, whose plan is taken when it is shorter and
 * whose proof makes the move "optimal".  The plans leave the move limit
 * aside, so that a plan past it is still a move to show: moves_left is
 * the plan's length, moves_allowed what the limit leaves, and "winnable"
 * says whether the plan wins within it (false: proved that no finish
 * does; null: this plan does not, and none shorter was found). */
int flood_hint(const gl_board *bb, const gl_solve_opts *o, gl_move *m, gl_info *info,
               gl_error *err)
{
    const flood_board *b = (const flood_board *)bb;
    if (flood_is_won(b) || (b->limit && b->played >= b->limit)) return 0;
    gl_solve_opts so = *o; /* the searches charge the graph to the meter too */
    so.opts = NULL;
    so.trace = NULL;
    if (so.lim.limit_ms <= 0) so.lim.limit_ms = FLOOD_HINT_DEFAULT_MS;
    uint64_t t0 = gl_now_ns();
    flood_board open = *b;
    open.limit = 0;
    gl_solution best, s;
    gl_solution_init(&best);
    gl_solution_init(&s);
    gl_kvlist beam;
    gl_kv_init(&beam);
    gl_kv_add(&beam, "width", FLOOD_HINT_BEAM, 0);
    const char *stopped = NULL;
    int rc = flood_solve_greedy((const gl_board *)&open, &so, &best, err);
    if (rc == 0) {
        stopped = best.stopped;
        so.opts = &beam;
        rc = flood_solve_beam((const gl_board *)&open, &so, &s, err);
        so.opts = NULL;
        if (!stopped) stopped = s.stopped;
        keep_shorter(&best, &s);
    }
    int optimal = 0;
    if (rc == 0) {
        double left = so.lim.limit_ms - (double)(gl_now_ns() - t0) / 1e6;
        if (left >= 1 && !stopped) {
            so.lim.limit_ms = left;
            rc = flood_astar_board(bb, &so, &s, err);
            optimal = rc == 0 && s.solved && s.optimal;
            stopped = s.stopped;
            if (optimal) { /* the fewest moves: shorter than or as short as the others */
                gl_solution_free(&best);
                best = s;
                gl_solution_init(&s);
            } else {
                keep_shorter(&best, &s);
            }
        } else if (!stopped) {
            stopped = "time limit";
        }
    }
    if (rc != 0) rc = -1;
    else if (best.solved && best.nmoves > 0) {
        *m = best.moves[0];
        rc = 1;
        gl_info_bool(info, "optimal", optimal);
        gl_info_int(info, "moves_left", best.nmoves);
        if (b->limit) {
            int allowed = b->limit - b->played;
            gl_info_int(info, "moves_allowed", allowed);
            if (best.nmoves <= allowed) gl_info_bool(info, "winnable", 1);
            else if (optimal) gl_info_bool(info, "winnable", 0);
            else gl_info_null(info, "winnable");
        }
        if (stopped) gl_info_text(info, "stopped", stopped);
    } else if (stopped) {
        gl_error_set(err, "%s", stopped);
        rc = 2;
    } else {
        rc = 0;
    }
    gl_kv_free(&beam);
    gl_solution_free(&s);
    gl_solution_free(&best);
    return rc;
}
