/* The greedy player: every legal move valued one move ahead.
 *
 * A scoring move is played out exactly (it spawns nothing, so its result
 * is certain) and valued by the points plus the position it leaves; any
 * other move by the change in lines in progress (the window evaluation),
 * the open space it leaves (empty cells, minus the spawn it will cause) and
 * how the empty cells split into regions (a cut-off region is space the
 * balls cannot use: mobility). */
#include "lines_ai.h"

int lines_greedy_choose(lines_ai *ai, const lines_board *b, int *from, int *to)
{
    lines_ai_root(ai, b);
    int n = lines_ai_moves(ai, &ai->root, ai->cand);
    if (n == 0) return 0;
    int best = 0;
    long long bestv = 0;
    for (int i = 0; i < n; i++) {
        long long v = lines_ai_one_move(ai, &ai->root, &ai->cand[i]);
        if (i == 0 || v > bestv) {
            bestv = v;
            best = i;
        }
    }
    ai->nodes += (unsigned long long)n;
    *from = ai->cand[best].from;
    *to = ai->cand[best].to;
    return 1;
}
