/* One interface over the scalar ways of playing swaps, so that a solver
 * runs on whichever the user (or a benchmark comparing solvers like with
 * like) picks, and says which one it was.
 *
 *   reference    the rules as written: match3_rules.c scans the whole board
 *                every round (standard rules), match3_seed.c follows the
 *                seed's program (rules=seed, named "seed");
 *   incremental  match3_engine.c, which only looks at the cells that
 *                changed (standard rules only).
 *
 * Both list the legal swaps in the same order (cells in reading order,
 * the right neighbour before the lower one: the seed's loop) and give the
 * same scores and positions (tested), so a solver's answer does not depend
 * on the choice, only its time does.  The player keeps an engine in both
 * cases: its Zobrist keys hash positions and its bound serves exact. */
#include "match3.h"

#include <string.h>

const char *match3_engine_name(const match3_rules *R, int kind)
{
    switch (kind) {
    case MATCH3_ENGINE_REFERENCE: return R->seed ? "seed" : "reference";
    case MATCH3_ENGINE_INCREMENTAL: return "incremental";
    case MATCH3_ENGINE_BITS: return match3_wide_usable() ? "bits-avx512" : "bits";
    default: return "auto";
    }
}

int match3_auto_engine(const char *algo, const match3_rules *R)
{
    if (R->seed) return MATCH3_ENGINE_REFERENCE;
    if (strcmp(algo, "exact") == 0) return match3_bits_fits(R) ? MATCH3_ENGINE_BITS : MATCH3_ENGINE_INCREMENTAL;
    if (strcmp(algo, "beam") == 0) return MATCH3_ENGINE_INCREMENTAL;
    return MATCH3_ENGINE_REFERENCE;
}

int match3_opt_engine(const gl_solve_opts *o, const match3_rules *R, int allow_bits, int *kind, gl_error *err)
{
    const char *v = o && o->opts ? gl_kv_get(o->opts, "engine") : NULL;
    if (!v) {
        *kind = MATCH3_ENGINE_AUTO;
        return 0;
    }
    if (R->seed) {
        if (strcmp(v, "seed") == 0 || strcmp(v, "reference") == 0) {
            *kind = MATCH3_ENGINE_REFERENCE;
            return 0;
        }
        return gl_error_set(err, "--engine %s: under rules=seed only the seed's own resolution plays "
                                 "(--engine seed)", v);
    }
    if (strcmp(v, "reference") == 0) *kind = MATCH3_ENGINE_REFERENCE;
    else if (strcmp(v, "incremental") == 0) *kind = MATCH3_ENGINE_INCREMENTAL;
    else if (allow_bits && strcmp(v, "bits") == 0) *kind = MATCH3_ENGINE_BITS;
    else
        return gl_error_set(err, "--engine %s: expected reference or incremental%s", v,
                            allow_bits ? " or bits" : "");
    if (*kind == MATCH3_ENGINE_BITS && !match3_bits_fits(R))
        return gl_error_set(err, "--engine bits takes boards of at most 8x8 without refill");
    return 0;
}

size_t match3_player_bytes(const match3_rules *R) { return match3_engine_bytes(R); }

int match3_player_init(match3_player *p, const match3_rules *R, int kind)
{
    memset(p, 0, sizeof *p);
    p->R = R;
    p->incremental = kind == MATCH3_ENGINE_INCREMENTAL && !R->seed;
    return match3_engine_init(&p->E, R);
}

void match3_player_free(match3_player *p) { match3_engine_free(&p->E); }

int match3_player_moves(match3_player *p, uint8_t *cells, int *out)
{
    /* Under rules=seed a swap is legal when CheckRemove scores, that is
     * when it makes a run of 3 to 5 through a swapped cell.  Every
     * position a game reaches is settled with no run (DropPoint ends with a
     * pass that finds none), and there a swap cannot make a run of 6 or
     * more (at most two equal tiles wait on each side of the cell a tile
     * moves into), so the legal swaps are the standard ones: the engine's
     * list, without a copy of the board per swap.  test_seed_rules checks
     * it against the seed's program. */
    if (p->incremental || p->R->seed) return match3_engine_moves(&p->E, cells, out);
    return match3_legal_list(p->R, cells, out);
}

long long match3_player_play(match3_player *p, uint8_t *cells, gl_rng *rng, int mv, uint64_t *h1, uint64_t *h2)
{
    if (p->incremental) return match3_engine_play(&p->E, cells, rng, mv, h1, h2);
    p->E.nodes++;
    long long g = match3_play_swap(p->R, cells, rng, match3_mv_a(mv), match3_mv_b(mv, p->R->cols));
    if (h1 && h2) match3_engine_hash(&p->E, cells, NULL, h1, h2);
    return g;
}

int match3_player_immediate(match3_player *p, uint8_t *cells, int mv)
{
    if (!p->R->seed) return match3_engine_immediate(&p->E, cells, mv);
    /* The seed's CheckRemove is its first round. */
    uint8_t tmp[MATCH3_MAX_CELLS];
    memcpy(tmp, cells, (size_t)(p->R->rows * p->R->cols));
    return match3_seed_check_remove(p->R, tmp, match3_mv_a(mv), match3_mv_b(mv, p->R->cols));
}

uint32_t match3_play_units(const match3_rules *R) { return 1 + (uint32_t)(R->rows * R->cols) / 64; }

void match3_solution_engine(gl_solution *out, const match3_rules *R, int kind)
{
    gl_info_text(&out->info, "engine", match3_engine_name(R, kind));
}
