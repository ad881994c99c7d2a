/* The bit-parallel engine: boards of at most 8 rows and 8 columns, one
 * 64-bit word per kind, for the exact solver's inner loops.
 *
 * Layout: one byte per column (column c is bits 8c..8c+7), bit 0 of a byte
 * is the bottom row.  A horizontal neighbour is 8 bits away, a vertical one
 * 1 bit, and tiles fall towards bit 0, so a column stays one byte and the
 * word-wide shifts never mix columns once the bytes' edge bits are masked.
 *
 * - Runs: for a kind b, the cells p with p, p+1, p+2 in b (in one
 *   direction) are the starts of runs of 3 or more; a start of a maximal
 *   run is one whose predecessor is not in b.  Counting starts of runs of
 *   >= 3, >= 4 and >= 5 gives the score of all runs of a round at once
 *   (popcounts), and the starts smeared over 3 cells give the cleared cells.
 * - Falls: a tile with a hole anywhere below it moves down one cell; all
 *   such tiles move at once (one shift per kind), repeated while some tile
 *   has a hole below (as many times as the largest hole count below a tile,
 *   usually 1 to 3).
 * - Legal swaps: a tile of kind k moving into cell p makes a run when two
 *   k tiles sit beside p on one side of its row or column, or one on each
 *   side; patterns through the cell the tile came from do not count (it now
 *   holds p's old kind).  Shifts of b give, for all cells at once, the
 *   cells where a k tile can arrive from each direction and make a run.
 * - Read and changed columns, as the scalar engine reports them (the exact
 *   solver's independence rule): a column changed if a cell in it was
 *   cleared or swapped; the columns read are those of every cell that was
 *   looked at: the candidates of each round (the swapped cells, then every
 *   tile at or above a cleared cell), their same-kind horizontal
 *   neighbours, the cells of the horizontal runs, and one column either
 *   side of all of them (where a scan from them stops).  This is a superset
 *   of the columns the scalar engine reads, so the rule stays sound.
 *
 * The tests check this engine against the reference resolver move for move
 * (boards, scores, legal moves, masks). */
#include "match3_bits_k.h"

#include <string.h>

int match3_bits_fits(const match3_rules *R)
{
    return !R->refill && !R->seed && R->rows <= 8 && R->cols <= 8;
}

int match3_bits_init(match3_bits *g, const match3_rules *R)
{
    memset(g, 0, sizeof *g);
    if (R->rows > 8 || R->cols > 8 || R->kinds > MATCH3_MAX_KINDS) return -1;
    g->rows = R->rows;
    g->cols = R->cols;
    g->kinds = R->kinds;
    for (int i = 0; i < 3; i++) g->scores[i] = R->scores[i];
    uint64_t col = (R->rows >= 8 ? 0xffULL : (1ULL << R->rows) - 1);
    for (int c = 0; c < R->cols; c++) g->cells |= col << (8 * c);
    g->colmask = (1ULL << R->cols) - 1;
    return 0;
}

void match3_bits_load(const match3_bits *g, const uint8_t *cells, match3_bpos *p)
{
    memset(p, 0, sizeof *p);
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            uint8_t v = cells[r * g->cols + c];
            if (v) p->k[v - 1] |= 1ULL << match3_bits_at(g, r, c);
        }
}

void match3_bits_store(const match3_bits *g, const match3_bpos *p, uint8_t *cells)
{
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++) {
            int bit = match3_bits_at(g, r, c);
            uint8_t v = 0;
            for (int k = 0; k < g->kinds; k++)
                if (p->k[k] >> bit & 1) v = (uint8_t)(k + 1);
            cells[r * g->cols + c] = v;
        }
}

int match3_bits_mv(const match3_bits *g, int id)
{
    int bit = id >> 1, c = bit >> 3, rb = bit & 7;
    if ((id & 1) == 0) return ((g->rows - 1 - rb) * g->cols + c) * 2;       /* left cell */
    return ((g->rows - 1 - (rb + 1)) * g->cols + c) * 2 + 1;                  /* upper cell */
}

int match3_bits_id(const match3_bits *g, int mv)
{
    int p = match3_mv_a(mv), r = p / g->cols, c = p % g->cols;
    if ((mv & 1) == 0) return match3_bits_at(g, r, c) * 2;
    return match3_bits_at(g, r + 1, c) * 2 + 1;
}

void match3_bits_moves(const match3_bits *g, const match3_bpos *p, uint64_t *hm, uint64_t *vm)
{
    moves_k(p->k, hm, vm, g->kinds);
}

uint64_t match3_bits_diff(const match3_bits *g, const match3_bpos *a, const match3_bpos *b)
{
    uint64_t d = 0;
    for (int k = 0; k < g->kinds; k++) d |= a->k[k] ^ b->k[k];
    return d;
}

uint64_t match3_bits_cols(uint64_t cells) { return cols_of(cells); }

int match3_bits_immediate(const match3_bits *g, const match3_bpos *p, int id)
{
    match3_bpos q = *p;
    int bit = id >> 1;
    uint64_t x = 1ULL << bit, y = x << ((id & 1) ? 1 : 8);
    int ka = -1, kb = -1;
    for (int k = 0; k < g->kinds; k++) {
        if (q.k[k] & x) ka = k;
        if (q.k[k] & y) kb = k;
    }
    if (ka < 0 || kb < 0 || ka == kb) return 0;
    q.k[ka] ^= x | y;
    q.k[kb] ^= x | y;
    uint64_t clr, hc, vc;
    return runs_of(g, q.k, g->kinds, &clr, &hc, &vc);
}

/* One copy of the play per number of kinds, so that the loops over kinds
 * unroll and the kind words stay in registers. */
int match3_bits_play(const match3_bits *g, match3_bpos *p, int id, uint64_t *read_cells)
{
    switch (g->kinds) {
    case 3: return play_k(g, p, id, read_cells, 3);
    case 4: return play_k(g, p, id, read_cells, 4);
    case 5: return play_k(g, p, id, read_cells, 5);
    case 6: return play_k(g, p, id, read_cells, 6);
    case 7: return play_k(g, p, id, read_cells, 7);
    case 8: return play_k(g, p, id, read_cells, 8);
    default: return play_k(g, p, id, read_cells, MATCH3_MAX_KINDS);
    }
}
