/* The board generator: cell by cell, row-major, each cell drawn uniformly
 * from the kinds that do not complete a run with the two cells to its left
 * or the two above it.
 *
 * The seed generates freely and then repairs runs, restarting its scan
 * from the top-left corner after each repair (SPEC 2.3 replaces that loop).
 * Drawing from the allowed kinds needs exactly one draw per cell, so the
 * same seed always gives the same board, and with K >= 3 there is always a
 * choice (at most two kinds are forbidden at any cell). */
#include "match3.h"

void match3_generate(const match3_rules *R, uint8_t *cells, gl_rng *rng)
{
    for (int r = 0; r < R->rows; r++)
        for (int c = 0; c < R->cols; c++) {
            int p = r * R->cols + c;
            int ban1 = 0, ban2 = 0;
            if (c >= 2 && cells[p - 1] == cells[p - 2]) ban1 = cells[p - 1];
            if (r >= 2 && cells[p - R->cols] == cells[p - 2 * R->cols]) ban2 = cells[p - R->cols];
            if (ban2 == ban1) ban2 = 0;
            int allowed = R->kinds - (ban1 != 0) - (ban2 != 0);
            int pick = (int)gl_rng_below(rng, (uint64_t)allowed);
            int k = 0;
            for (int v = 1; v <= R->kinds; v++) {
                if (v == ban1 || v == ban2) continue;
                if (k++ == pick) {
                    cells[p] = (uint8_t)v;
                    break;
                }
            }
        }
}
