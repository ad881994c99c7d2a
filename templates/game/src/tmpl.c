/* Lights Out's rules: a press toggles a cell and its four neighbours
 * (tmpl.h).  The order of presses does not matter and a cell pressed
 * twice is as if not pressed, which is what the solver builds on. */
#include "tmpl.h"

int tmpl_press(tmpl_board *b, int i, int *rc)
{
    static const int dr[5] = {0, -1, 1, 0, 0}, dc[5] = {0, 0, 0, -1, 1};
    int r = i / b->w, c = i % b->w, n = 0;
    for (int k = 0; k < 5; k++) {
        int rr = r + dr[k], cc = c + dc[k];
        if (rr < 0 || rr >= b->h || cc < 0 || cc >= b->w) continue;
        b->lit[rr * b->w + cc] ^= 1;
        rc[2 * n] = rr;
        rc[2 * n + 1] = cc;
        n++;
    }
    return n;
}

int tmpl_lit_count(const tmpl_board *b)
{
    int n = 0;
    for (int i = 0; i < b->w * b->h; i++) n += b->lit[i];
    return n;
}
