/* Flood-It rules: colours, the start cell, the flood fill, a board from
 * one line of symbols (the game table is flood_game.c).  Playing works on
 * the cells directly (a flood fill from the start cell); the solvers use
 * the component graph (flood_graph.c). */
#include "flood.h"

#include <stdlib.h>
#include <string.h>

char flood_symbol(int colour) { return (char)(colour < 10 ? '0' + colour : 'a' + colour - 10); }

int flood_colour_of(char sym)
{
    if (sym >= '0' && sym <= '9') return sym - '0';
    if (sym >= 'a' && sym <= 'z') return sym - 'a' + 10;
    return -1;
}

int flood_start_cell(int w, int h, int start)
{
    return start == FLOOD_START_CENTER ? (h / 2) * w + w / 2 : 0;
}

int flood_region_colour(const flood_board *b) { return b->cell[flood_start_cell(b->w, b->h, b->start)]; }

int flood_is_won(const flood_board *b)
{
    for (int i = 1; i < b->w * b->h; i++)
        if (b->cell[i] != b->cell[0]) return 0;
    return 1;
}

/* Marks the flooded region (4-connected to the start cell, one colour). */
int flood_region(const flood_board *b, uint8_t *in)
{
    int cells = b->w * b->h, w = b->w;
    int stack[FLOOD_MAX_CELLS];
    memset(in, 0, (size_t)cells);
    int s = flood_start_cell(b->w, b->h, b->start), top = 0, n = 0;
    uint8_t col = b->cell[s];
    stack[top++] = s;
    in[s] = 1;
    while (top) {
        int c = stack[--top];
        n++;
        int r = c / w, cc = c % w;
        int nb[4] = {r > 0 ? c - w : -1, r < b->h - 1 ? c + w : -1, cc > 0 ? c - 1 : -1,
                     cc < w - 1 ? c + 1 : -1};
        for (int k = 0; k < 4; k++)
            if (nb[k] >= 0 && !in[nb[k]] && b->cell[nb[k]] == col) {
                in[nb[k]] = 1;
                stack[top++] = nb[k];
            }
    }
    return n;
}

void flood_fill(flood_board *b, int c)
{
    uint8_t in[FLOOD_MAX_CELLS];
    flood_region(b, in);
    for (int i = 0; i < b->w * b->h; i++)
        if (in[i]) b->cell[i] = (uint8_t)c;
}

int flood_board_from_line(flood_board *b, const char *line, int len, int w, int h, int start,
                          gl_error *err)
{
    memset(b, 0, sizeof *b);
    if (len != w * h)
        return gl_error_set(err, "%d symbols where %dx%d needs %d", len, w, h, w * h);
    int maxc = 1;
    for (int i = 0; i < len; i++) {
        int c = flood_colour_of(line[i]);
        if (c < 0)
        {
            char q[5];
            return gl_error_set(err, "column %d: '%s' is not a colour (0-9, a-z)", i + 1, gl_escape_byte(line[i], q));
        }
        b->cell[i] = (uint8_t)c;
        if (c > maxc) maxc = c;
    }
    b->w = w;
    b->h = h;
    b->start = start;
    b->ncolors = maxc + 1;
    return 0;
}
