/* The seed's program (the Java of the tiles write-up the game comes from:
 * docs/tiles.md, "The seed's program"), followed as its code reads: from the current state, list the moves by
 * the cell of the moving tile from left to right, give each successor
 * f = g + h (g the cost so far, h the pairs count), step to the first one
 * with the least f, and repeat until h = 0.  It keeps no open list and
 * never looks back, so it is not a search: it can walk in a circle.
 *
 * The step depends on the state alone (g is the same for every successor,
 * so the least f is the least move cost plus h), so the first state seen
 * twice proves the walk would go round forever.  The seed's program then
 * never ends; here the walk stops there and says so.  docs/tiles.md lists
 * the places where the seed's code is ambiguous and what is done. */
#include "tiles.h"

#include <stdio.h>
#include <stdlib.h>

/* Why the walk stopped, for out->stopped: it names the state and the
 * steps, so it cannot be a literal.  One per thread, rewritten by the next
 * walk of the thread. */
static _Thread_local char loop_message[2 * TILES_MAX_CELLS + 160];

/* The seed's CalDissipativeValue: 1 for a distance of 1 or 2, 2 for 3.
 * The seed moves at most 3 cells; beyond that (hop > 2) the SPEC's rule,
 * the number of tiles hopped over. */
static int seed_cost(int d) { return d <= 2 ? 1 : d - 1; }

/* One step of GetBestNextStatus: the first successor with the least g+h,
 * in the order of GetNextMoves (the moving tile's cell, left to right). */
static uint64_t best_next(uint64_t s, int len, int hop, int *cost, gl_move *mv)
{
    int e = tiles_empty(s);
    uint64_t blacks = tiles_blacks(s), best = 0;
    int best_f = -1;
    for (int from = e - (hop + 1); from <= e + hop + 1; from++) {
        if (from < 0 || from >= len || from == e) continue;
        uint64_t nb = blacks;
        if ((blacks >> from) & 1) nb = (blacks & ~(1ULL << from)) | (1ULL << e);
        uint64_t t = tiles_pack(nb, from);
        int c = seed_cost(abs(from - e));
        int f = c + tiles_pairs(t, len); /* + g, the same for every successor */
        if (best_f < 0 || f < best_f) {  /* the seed's strict '>': the first least one stays */
            best_f = f;
            best = t;
            *cost = c;
            mv->a = from;
            mv->b = e;
            mv->c = 0;
        }
    }
    return best;
}

int tiles_solve_seed(const gl_board *b, const gl_solve_opts *o, gl_solution *out, gl_error *err)
{
    const tiles_board *t = (const tiles_board *)b;
    gl_meter m;
    gl_meter_start(&m, &o->lim);
    gl_solution_begin(out);
    /* The states walked so far, each with the step that reached it. */
    gl_htab seen;
    if (gl_htab_init(&seen, 1, 64, 0) != 0) return gl_error_set(err, "out of memory");
    uint64_t s = t->state;
    long long g = 0;
    /* The seed's main loop is do { step } while (h != 0): it takes a step
     * even from a goal.  Its own start is never one; here a board already
     * at the goal needs no move. */
    int goal = tiles_is_goal(s, t->len);
    if (!goal && (gl_meter_charge(&m, gl_htab_bytes(&seen)) != 0 || !gl_htab_upsert(&seen, &s, 0, NULL)))
        goto stop;
    while (!goal) {
        if (gl_meter_tick(&m, 1)) break;
        int cost = 0;
        gl_move mv;
        s = best_next(s, t->len, t->hop, &cost, &mv);
        g += cost;
        gl_solution_push(out, mv);
        out->nodes++;
        if (tiles_is_goal(s, t->len)) {
            goal = 1;
            break;
        }
        size_t need = gl_htab_insert_bytes(&seen), old = gl_htab_bytes(&seen);
        if (need && gl_meter_charge(&m, need) != 0) break;
        int inserted;
        uint64_t *first = gl_htab_upsert(&seen, &s, (uint64_t)out->nmoves, &inserted);
        if (need) gl_meter_refund(&m, gl_htab_bytes(&seen) == old ? need : old);
        if (!first) {
            m.stopped = "memory limit";
            break;
        }
        if (!inserted) {
            char row[TILES_MAX_CELLS + 1];
            tiles_row(s, t->len, row);
            snprintf(loop_message, sizeof loop_message,
                     "the seed's program loops: step %d (%d-%d) comes back to %s, the state after step %llu, "
                     "so it would repeat steps %llu to %d forever",
                     out->nmoves, mv.a + 1, mv.b + 1, row, (unsigned long long)*first,
                     (unsigned long long)*first + 1, out->nmoves);
            m.stopped = loop_message;
            gl_info_int(&out->info, "loop_step", out->nmoves);
            gl_info_int(&out->info, "loop_back_to_step", (long long)*first);
            break;
        }
    }
stop:
    if (o->trace) tiles_trace(t, out->moves, out->nmoves, o->trace);
    if (goal) {
        out->solved = 1;
        out->cost = g;
    } else {
        /* A walk that did not reach the goal is no answer. */
        out->stopped = m.stopped ? m.stopped : "memory limit";
        gl_solution_clear_moves(out);
    }
    out->peak_bytes = m.peak;
    out->ms = gl_meter_end(&m);
    gl_htab_free(&seen);
    return 0;
}
