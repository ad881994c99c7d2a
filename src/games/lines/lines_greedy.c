/* The greedy player: every legal move valued one move ahead.
 *
 * A scoring move is played out exactly (it spawns nothing, so its result
 * is certain) and valued by the points plus the position it leaves; under
 * lines98, where the spawn is in view, every move is.  Any other move is
 * valued by the change in lines in progress (the window evaluation), the
 * open space it leaves (empty cells, minus the spawn it will cause) and how
 * the empty cells split into regions (a cut-off region is space the balls
 * cannot use).  The search player starts from this ranking. */
#include "lines_ai.h"

#include <stdlib.h>

size_t lines_ranking_bytes(const lines_eval *ev)
{
    return lines_sim_bytes(ev) + sizeof(lines_cand) * (size_t)ev->n * (size_t)ev->n;
}

int lines_ranking_init(lines_ranking *rk, const lines_eval *ev)
{
    rk->ncand = 0;
    rk->cand = malloc(sizeof(lines_cand) * (size_t)ev->n * (size_t)ev->n);
    if (!rk->cand || lines_sim_alloc(ev, &rk->root) != 0) {
        free(rk->cand);
        rk->cand = NULL;
        return -1;
    }
    return 0;
}

void lines_ranking_free(lines_ranking *rk)
{
    free(rk->cand);
    rk->cand = NULL;
    lines_sim_free(&rk->root);
}

int lines_rank(lines_ranking *rk, lines_eval *ev, lines_lister *ls, const lines_board *b, gl_rng *rng,
               lines_spend *sp)
{
    lines_sim_build(ev, &rk->root, b);
    gl_rng_seed(&rk->root.b.rng, gl_rng_next(rng));
    rk->ncand = lines_list_moves(ls, ev, &rk->root, rk->cand);
    rk->nvalued = 0;
    if (gl_meter_check(sp->m)) return 0; /* a limit passed before the move began: no move */
    for (; rk->nvalued < rk->ncand && !lines_spend_tick(sp, sp->unit); rk->nvalued++) {
        lines_cand *c = &rk->cand[rk->nvalued];
        c->value = lines_eval_one_move(ev, &rk->root, c);
    }
    return rk->nvalued;
}

int lines_ranking_best(const lines_ranking *rk)
{
    int best = 0;
    for (int i = 1; i < rk->nvalued; i++)
        if (rk->cand[i].value > rk->cand[best].value) best = i;
    return best;
}

int lines_greedy_choose(lines_ranking *rk, lines_eval *ev, lines_lister *ls, const lines_board *b, gl_rng *rng,
                        lines_spend *sp, int *from, int *to)
{
    int n = lines_rank(rk, ev, ls, b, rng, sp);
    if (rk->ncand == 0) return 0;
    if (n == 0) return -1;
    int best = lines_ranking_best(rk);
    ev->nodes += (unsigned long long)n;
    *from = rk->cand[best].from;
    *to = rk->cand[best].to;
    return 1;
}
