/* Onet maps, levels and the board generator (as the seed's section 2.1 has
 * it: docs/onet.md, "Generator").
 *
 * A map is rows of 0 and 1 (1 = a tile goes here) with both counts even.
 * The generator follows the seed: obstacles on random 1-cells, then pairs
 * of kinds on the other 1-cells (the pairs cycle through the kinds, so
 * every kind gets as many tiles as the others, give or take a pair; their
 * places are random), then up to B bombs on random 0-cells.
 *
 * solvable=yes promises a board that can be cleared without a reshuffle:
 * a few random boards are tried with the exact solver; if none is proved
 * solvable quickly, the board is built backwards instead: pairs are placed
 * one at a time on two empty cells that an empty-cell link joins at that
 * moment, so removing them in the reverse order always works (removing
 * tiles only ever opens links, and a bomb only removes whole kinds). */
#include "onet.h"
#include "onet_maps_data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUILTIN ((int)(sizeof onet_builtin_maps / sizeof onet_builtin_maps[0]))

void onet_map_free(onet_map *m)
{
    free(m->on);
    memset(m, 0, sizeof *m);
}

int onet_map_parse(const char *data, size_t len, const char *file, onet_map *m, gl_error *err)
{
    memset(m, 0, sizeof *m);
    uint8_t cells[ONET_MAX_SIDE * ONET_MAX_SIDE];
    int w = -1, h = 0, ones = 0, line = 0, last = 0;
    size_t p = 0;
    while (p < len) {
        size_t e = p;
        while (e < len && data[e] != '\n') e++;
        line++;
        size_t n = e - p;
        if (n && data[p + n - 1] == '\r') n--;
        const char *s = data + p;
        p = e + 1;
        if (n == 0 || s[0] == '#') continue;
        if (w < 0) {
            if (n > ONET_MAX_SIDE)
                return gl_error_at(err, file, line, "map row of %zu cells: at most %d", n, ONET_MAX_SIDE);
            w = (int)n;
        } else if ((int)n != w) {
            return gl_error_at(err, file, line, "map row of %zu cells: the first row has %d", n, w);
        }
        if (h == ONET_MAX_SIDE) return gl_error_at(err, file, line, "more than %d map rows", ONET_MAX_SIDE);
        for (size_t c = 0; c < n; c++) {
            if (s[c] != '0' && s[c] != '1') {
                char q[5];
                return gl_error_at(err, file, line, "column %zu: '%s' in a map (rows of 0 and 1 only)", c + 1,
                                   gl_escape_byte(s[c], q));
            }
            cells[h * w + (int)c] = (uint8_t)(s[c] == '1');
            ones += s[c] == '1';
        }
        h++;
        last = line;
    }
    if (h == 0) return gl_error_at(err, file, line, "the map has no rows");
    int zeros = w * h - ones;
    if (ones % 2) return gl_error_at(err, file, last, "the map has %d tile cells (1): the count must be even", ones);
    if (zeros % 2)
        return gl_error_at(err, file, last, "the map has %d empty cells (0): the count must be even", zeros);
    if (ones == 0) return gl_error_at(err, file, last, "the map has no tile cells (1)");
    m->on = malloc((size_t)(w * h));
    if (!m->on) return gl_error_set(err, "out of memory");
    memcpy(m->on, cells, (size_t)(w * h));
    m->w = w;
    m->h = h;
    return 0;
}

const char *onet_map_names(void) { return ONET_MAP_NAMES; }

int onet_map_load(const char *name, onet_map *m, gl_error *err)
{
    for (int i = 0; i < NBUILTIN; i++)
        if (!strcmp(name, onet_builtin_maps[i].name)) {
            char file[64];
            snprintf(file, sizeof file, "map:%s", name);
            return onet_map_parse(onet_builtin_maps[i].rows, strlen(onet_builtin_maps[i].rows), file, m, err);
        }
    char *data;
    size_t len;
    if (gl_read_file(name, 1u << 20, &data, &len, err) != 0) {
        /* a misspelt map name is more likely than a missing file: say both */
        char why[sizeof err->msg];
        snprintf(why, sizeof why, "%s", err->msg);
        return gl_error_set(err, "map=%.60s: not a built-in map (%s) nor a file that reads: %s", name,
                            onet_map_names(), why);
    }
    int rc = onet_map_parse(data, len, name, m, err);
    free(data);
    return rc;
}

/* ------------------------------------------------------------- levels */

/* The built-in levels' count: the range of the parameter level= (an ID
 * names no levels file, so no other level can be in one). */
#define ONET_BUILTIN_LEVELS 8

static const onet_level builtin_levels[ONET_BUILTIN_LEVELS] = {
    {"small", 12, 0, 0, ONET_GOAL_ALL, 180, 1},
    {"classic", 24, 0, 0, ONET_GOAL_ALL, 300, 1},
    {"classic", 20, 8, 4, ONET_GOAL_ALL, 300, 1},
    {"gaps", 16, 24, 15, ONET_GOAL_OBSTACLES, 240, 1},
    {"diamond", 16, 6, 8, ONET_GOAL_ALL, 300, 1},
    {"frame", 24, 8, 10, ONET_GOAL_ALL, 360, 1},
    {"shisen", 34, 0, 6, ONET_GOAL_ALL, 480, 0},
    {"big", 36, 16, 10, ONET_GOAL_OBSTACLES, 420, 1},
};

int onet_builtin_levels(const onet_level **lv)
{
    *lv = builtin_levels;
    return (int)(sizeof builtin_levels / sizeof builtin_levels[0]);
}

/* One level per line: `level map=M kinds=K obstacles=N bombs=B goal=G
 * time=S [border=0|1]`; '#' comments and blank lines are skipped.  A map
 * that is not a built-in name is a file relative to the levels file. */
int onet_levels_parse(const char *data, size_t len, const char *file, onet_level **out, int *nout,
                      gl_error *err)
{
    onet_level *lv = NULL;
    int n = 0, cap = 0, line = 0;
    size_t p = 0;
    const char *slash = strrchr(file, '/');
    size_t dirlen = slash ? (size_t)(slash - file + 1) : 0;
    while (p < len) {
        size_t e = p;
        while (e < len && data[e] != '\n') e++;
        line++;
        char buf[1024];
        size_t l = e - p;
        if (l && data[p + l - 1] == '\r') l--;
        if (l >= sizeof buf) {
            free(lv);
            return gl_error_at(err, file, line, "line longer than %zu characters", sizeof buf - 1);
        }
        memcpy(buf, data + p, l);
        buf[l] = '\0';
        p = e + 1;
        char *s = buf;
        while (*s == ' ' || *s == '\t') s++;
        if (*s == '\0' || *s == '#') continue;
        if (strncmp(s, "level", 5) != 0 || (s[5] != ' ' && s[5] != '\t' && s[5] != '\0')) {
            free(lv);
            return gl_error_at(err, file, line, "expected 'level key=value ...'");
        }
        gl_kvlist kv;
        gl_kv_init(&kv);
        kv.file = file;
        int bad = 0;
        for (char *tok = strtok(s + 5, " \t"); tok && !bad; tok = strtok(NULL, " \t")) {
            char *eq = strchr(tok, '=');
            if (!eq || eq == tok) {
                bad = gl_error_at(err, file, line, "'%s' is not key=value", tok);
                break;
            }
            *eq = '\0';
            gl_kv_add(&kv, tok, eq + 1, line);
        }
        onet_level L = {"", 0, 0, 0, ONET_GOAL_ALL, 0, 1};
        long long kinds = 0, obst = 0, bombs = 0, t = 0;
        int border = 1;
        const char *map = bad ? NULL : gl_kv_get(&kv, "map");
        if (!bad && !map) bad = gl_error_at(err, file, line, "a level needs map=NAME|FILE");
        if (!bad && (gl_kv_int(&kv, "kinds", 1, ONET_NKINDS - 1, &kinds, err) ||
                     gl_kv_int(&kv, "obstacles", 0, ONET_MAX_SIDE * ONET_MAX_SIDE, &obst, err) ||
                     gl_kv_int(&kv, "bombs", 0, ONET_MAX_SIDE * ONET_MAX_SIDE, &bombs, err) ||
                     gl_kv_int(&kv, "time", 0, 1000000, &t, err) ||
                     gl_kv_choice(&kv, "goal", "all|obstacles", &L.goal, err) ||
                     gl_kv_choice(&kv, "border", "0|1", &border, err) || gl_kv_check_used(&kv, err)))
            bad = -1;
        if (!bad && kinds == 0) bad = gl_error_at(err, file, line, "a level needs kinds=K");
        if (!bad) {
            int builtin = 0;
            for (int i = 0; i < NBUILTIN; i++) builtin |= !strcmp(map, onet_builtin_maps[i].name);
            if (builtin || map[0] == '/' || dirlen == 0) snprintf(L.map, sizeof L.map, "%s", map);
            else if (dirlen + strlen(map) < sizeof L.map) snprintf(L.map, sizeof L.map, "%.*s%s", (int)dirlen, file, map);
            else bad = gl_error_at(err, file, line, "map path too long");
        }
        gl_kv_free(&kv);
        if (bad) {
            free(lv);
            return -1;
        }
        L.kinds = (int)kinds;
        L.obstacles = (int)obst;
        L.bombs = (int)bombs;
        L.time_s = (int)t;
        L.border = border;
        if (n == cap) {
            cap = cap ? 2 * cap : 8;
            onet_level *nl = realloc(lv, (size_t)cap * sizeof *nl);
            if (!nl) {
                free(lv);
                return gl_error_set(err, "out of memory");
            }
            lv = nl;
        }
        lv[n++] = L;
    }
    if (n == 0) {
        free(lv);
        return gl_error_at(err, file, line, "no levels in the file");
    }
    *out = lv;
    *nout = n;
    return 0;
}

/* ---------------------------------------------------------- generator */

/* Backwards: pairs placed on linkable empty cells, then kinds dealt to
 * them.  Returns 0, or -1 when some cell can find no partner. */
static int build_backwards(onet_board *b, const int *cells, int ncells, uint8_t *kind_of_pair, gl_rng *rng)
{
    int *free_cells = malloc((size_t)ncells * sizeof *free_cells);
    if (!free_cells) return -1;
    memcpy(free_cells, cells, (size_t)ncells * sizeof *free_cells);
    int nfree = ncells, pair = 0, corners[ONET_MAX_CORNERS];
    gl_link_grid g = onet_grid(b);
    while (nfree > 0) {
        gl_rng_shuffle_int(rng, free_cells, (size_t)nfree);
        int placed = 0;
        for (int x = 0; x < nfree && !placed; x++)
            for (int y = 0; y < nfree && !placed; y++) {
                if (x == y || gl_link_path(&g, free_cells[x], free_cells[y], ONET_MAX_TURNS, corners) <= 0) continue;
                int p = free_cells[x], q = free_cells[y];
                b->g[p] = b->g[q] = kind_of_pair[pair++];
                /* Drop both from the free list (larger index first). */
                int hi = x > y ? x : y, lo = x > y ? y : x;
                free_cells[hi] = free_cells[--nfree];
                free_cells[lo] = free_cells[--nfree];
                placed = 1;
            }
        if (!placed) {
            free(free_cells);
            return -1;
        }
    }
    free(free_cells);
    return 0;
}

onet_board *onet_generate(const onet_map *m, int kinds, int obstacles, int bombs, int border, int backwards,
                          gl_rng *rng, gl_error *err)
{
    onet_board *b = onet_alloc(m->w, m->h, border);
    if (!b) {
        gl_error_set(err, "out of memory");
        return NULL;
    }
    gl_rng_seed(&b->rng, gl_rng_next(rng));
    int cells[ONET_MAX_SIDE * ONET_MAX_SIDE], n = 0;
    for (int r = 0; r < m->h; r++)
        for (int c = 0; c < m->w; c++)
            if (m->on[r * m->w + c]) cells[n++] = onet_at(b, r, c);
    uint8_t tiles[ONET_MAX_SIDE * ONET_MAX_SIDE] = {0};
    int npairs = n / 2;
    if (!backwards) {
        /* Obstacles first on random 1-cells (the seed's order), then the
         * kinds, shuffled, on the rest in reading order. */
        for (int k = 0; k < obstacles; k++) {
            int x = k + (int)gl_rng_below(rng, (uint64_t)(n - k));
            int t = cells[k];
            cells[k] = cells[x];
            cells[x] = t;
            b->g[cells[k]] = ONET_KIND0 + ONET_OBSTACLE;
        }
        int rest = n - obstacles;
        for (int p = 0; p < rest / 2; p++) tiles[2 * p] = tiles[2 * p + 1] = (uint8_t)(ONET_KIND0 + p % kinds);
        for (int k = rest - 1; k > 0; k--) {
            int x = (int)gl_rng_below(rng, (uint64_t)k + 1);
            uint8_t t = tiles[k];
            tiles[k] = tiles[x];
            tiles[x] = t;
        }
        int rest_cells[ONET_MAX_SIDE * ONET_MAX_SIDE];
        memcpy(rest_cells, cells + obstacles, (size_t)rest * sizeof *rest_cells);
        /* reading order for the kinds */
        for (int i = 1; i < rest; i++)
            for (int j = i; j > 0 && rest_cells[j - 1] > rest_cells[j]; j--) {
                int t = rest_cells[j];
                rest_cells[j] = rest_cells[j - 1];
                rest_cells[j - 1] = t;
            }
        for (int i = 0; i < rest; i++) b->g[rest_cells[i]] = tiles[i];
    } else {
        for (int p = 0; p < npairs; p++)
            tiles[p] = (uint8_t)(p < obstacles / 2 ? ONET_KIND0 + ONET_OBSTACLE : ONET_KIND0 + (p - obstacles / 2) % kinds);
        for (int k = npairs - 1; k > 0; k--) {
            int x = (int)gl_rng_below(rng, (uint64_t)k + 1);
            uint8_t t = tiles[k];
            tiles[k] = tiles[x];
            tiles[x] = t;
        }
        int tries = 0;
        while (build_backwards(b, cells, n, tiles, rng) != 0) {
            for (int i = 0; i < n; i++) b->g[cells[i]] = ONET_EMPTY;
            if (++tries == 20) {
                onet_free(b);
                gl_error_set(err, "could not build a solvable board on this map (try border=1)");
                return NULL;
            }
        }
    }
    b->bombs = bombs;
    onet_place_bombs(b, bombs);
    return b;
}

static int level_from(const gl_params *pv, onet_level *L, int *builtin_no, gl_error *err)
{
    long long no = gl_param_int(pv, "level", 0);
    const char *file = gl_param_text(pv, "levels");
    *builtin_no = 0;
    if (file) {
        char *data;
        size_t len;
        onet_level *lv;
        int n;
        if (gl_read_file(file, 1u << 20, &data, &len, err) != 0) return -1;
        int rc = onet_levels_parse(data, len, file, &lv, &n, err);
        free(data);
        if (rc != 0) return -1;
        if (no == 0) no = 1;
        if (no > n) {
            free(lv);
            return gl_error_set(err, "%s has %d level%s: no level %lld", file, n, n == 1 ? "" : "s", no);
        }
        *L = lv[no - 1];
        free(lv);
        return 1;
    }
    if (no) {
        const onet_level *lv;
        int n = onet_builtin_levels(&lv);
        if (no > n) return gl_error_set(err, "there are %d built-in levels: no level %lld", n, no);
        *L = lv[no - 1];
        *builtin_no = (int)no;
        return 1;
    }
    return 0;
}

/* The parameters: the one statement of what `new`, IDs and the forms take
 * (read by onet_create, below). */
const gl_param onet_params[] = {
    {"level", GL_PARAM_INT, NULL, 1, ONET_BUILTIN_LEVELS, 0, 0, NULL,
     "a level of the sequence (its map, kinds, clock...)", 0},
    {"levels", GL_PARAM_TEXT, NULL, 0, 0, 0, 0, NULL, "a file of levels (with level=N)", GL_PARAM_NOT_IN_ID},
    {"map", GL_PARAM_TEXT, NULL, 0, 0, 0, 0, ONET_MAP_NAMES, "the board's shape: a built-in map (classic unless a level "
     "or a size says otherwise)", 0},
    {"size", GL_PARAM_SIZE, NULL, 1, ONET_MAX_SIDE, 1, ONET_MAX_SIDE, NULL, "a full rectangle instead of a map",
     0},
    {"kinds", GL_PARAM_INT, NULL, 1, ONET_NKINDS - 1, 0, 0, NULL, "kinds of tile (default: tiles / 4)", 0},
    {"obstacles", GL_PARAM_INT, NULL, 0, ONET_MAX_SIDE * ONET_MAX_SIDE, 0, 0, NULL, "obstacle tiles (even)", 0},
    {"bombs", GL_PARAM_INT, NULL, 0, ONET_MAX_SIDE * ONET_MAX_SIDE, 0, 0, NULL, "bombs on empty cells", 0},
    {"border", GL_PARAM_CHOICE, NULL, 0, 0, 0, 0, "0|1", "links may run round the board (1)", 0},
    {"goal", GL_PARAM_CHOICE, NULL, 0, 0, 0, 0, "all|obstacles", "clear every tile, or every obstacle", 0},
    {"time", GL_PARAM_INT, NULL, 0, 1000000, 0, 0, NULL, "seconds on the clock (0: none)", 0},
    {"solvable", GL_PARAM_CHOICE, "yes", 0, 0, 0, 0, "no|yes", "promise a board that can be cleared without a reshuffle",
     0},
};
const int onet_nparams = (int)(sizeof onet_params / sizeof onet_params[0]);

gl_board *onet_create(gl_kvlist *params, gl_rng *rng, gl_error *err)
{
    gl_params pv;
    if (gl_params_read(onet_params, onet_nparams, params, &pv, err) != 0) return NULL;
    onet_level L = {"classic", 0, 0, 0, ONET_GOAL_ALL, 0, 1};
    int builtin_no = 0;
    int from_level = level_from(&pv, &L, &builtin_no, err);
    if (from_level < 0) return NULL;
    const char *mapname = gl_param_text(&pv, "map");
    int w = 0, h = 0;
    if (gl_param_size(&pv, "size", &w, &h) && mapname) {
        gl_error_set(err, "give size or map, not both (a map has its own size)");
        return NULL;
    }
    /* what is not given comes from the level (or the classic board) */
    long long kinds = gl_param_int(&pv, "kinds", L.kinds), obst = gl_param_int(&pv, "obstacles", L.obstacles);
    long long bombs = gl_param_int(&pv, "bombs", L.bombs), t = gl_param_int(&pv, "time", L.time_s);
    int border = gl_param_choice(&pv, "border", L.border), goal = gl_param_choice(&pv, "goal", L.goal);
    int solvable = gl_param_choice(&pv, "solvable", 1);
    onet_map m;
    if (w) {
        if ((w * h) % 2) {
            gl_error_set(err, "size=%dx%d has an odd number of cells: tiles come in pairs", w, h);
            return NULL;
        }
        m.w = w;
        m.h = h;
        m.on = malloc((size_t)(w * h));
        if (!m.on) {
            gl_error_set(err, "out of memory");
            return NULL;
        }
        memset(m.on, 1, (size_t)(w * h));
    } else if (onet_map_load(mapname ? mapname : L.map, &m, err) != 0) {
        return NULL;
    }
    int ones = 0;
    for (int i = 0; i < m.w * m.h; i++) ones += m.on[i];
    onet_board *b = NULL;
    if (obst % 2) gl_error_set(err, "obstacles=%lld: obstacles are a kind, so their number must be even", obst);
    else if (obst > ones) gl_error_set(err, "obstacles=%lld: the map has only %d tile cells", obst, ones);
    else {
        if (kinds == 0) kinds = (ones - obst) / 4 > 0 ? ((ones - obst) / 4 < ONET_NKINDS - 1 ? (ones - obst) / 4 : ONET_NKINDS - 1) : 1;
        if (!solvable) {
            b = onet_generate(&m, (int)kinds, (int)obst, (int)bombs, border, 0, rng, err);
        } else {
            /* A few random boards checked by the solver, then backwards. */
            for (int attempt = 0; attempt < 8 && !b; attempt++) {
                b = onet_generate(&m, (int)kinds, (int)obst, (int)bombs, border, 0, rng, err);
                if (!b) break;
                b->goal = goal;
                if (onet_solvable(b, 250) != 1) {
                    onet_free(b);
                    b = NULL;
                }
            }
            if (!b && (!err || !err->set)) b = onet_generate(&m, (int)kinds, (int)obst, (int)bombs, border, 1, rng, err);
        }
    }
    onet_map_free(&m);
    if (!b) return NULL;
    b->goal = goal;
    b->time_s = (int)t;
    b->level = builtin_no;
    return (gl_board *)b;
}

int onet_next_level(const gl_board *gb, gl_kvlist *params)
{
    const onet_board *b = (const onet_board *)gb;
    const onet_level *lv;
    int n = onet_builtin_levels(&lv);
    if (b->level <= 0 || b->level >= n) return 0;
    /* The next level is the level's own board: what the player set for
     * this one (its size, kinds...) does not carry over, the promise of a
     * solvable board does. */
    const char *sv = gl_kv_get(params, "solvable");
    char solvable[8];
    snprintf(solvable, sizeof solvable, "%s", sv && strcmp(sv, "no") == 0 ? "no" : "yes");
    gl_kv_free(params);
    gl_kv_init(params);
    char no[16];
    snprintf(no, sizeof no, "%d", b->level + 1);
    gl_kv_add(params, "level", no, 0);
    gl_kv_add(params, "solvable", solvable, 0);
    return 1;
}
