/* The seed's program (the pseudo-code of the match-three write-up the game
 * comes from: docs/match3.md, "The seed's rules"), transcribed from it as
 * plainly as possible: the test oracle for rules=seed.
 *
 * It shares no code with the library: the board is the seed's arr[x][y]
 * (x the row, y the column) of ints, and CheckRemove, Drop, DropPoint and
 * Search follow the pseudo-code line by line, with C's for loops.  Where
 * the pseudo-code is ambiguous it takes the readings docs/match3.md lists
 * (the same as the library's), marked SEED-READING below:
 *   - CheckRemove swaps the two cells after its line 2 (the prose says so;
 *     the pseudo-code leaves the swap out);
 *   - its line 8 counts into ysum2 (it says xsum2);
 *   - DropPoint's restart "i=0, j=0" is taken as written inside two C for
 *     loops: the inner loop's j++ follows, so the scan goes on at (0,1);
 *   - Search starts at step 1, so that X swaps are made;
 *   - the pruned search's P3 is the best total of any line met so far (a
 *     line ending early included), updated on entering a node, and the
 *     average P0/(n-1) is a real division; no check at n = 1.
 * Kept in tests/ on purpose: it is what the library is checked against. */
#ifndef GRIDLAB_TESTS_MATCH3_SEED_ORACLE_H
#define GRIDLAB_TESTS_MATCH3_SEED_ORACLE_H

#include <string.h>

#define SO_MAX_CELLS 1024

typedef struct so_prog {
    int row, col, x;
    int point3, point4, point5; /* point[3], point[4], point[5]; others 0 */
    int prune;
    double C;
    int P3;                     /* the pruned search's best so far */
    int restart_origin;         /* the other reading of DropPoint's restart: from (0,0) */
    long long calls;            /* CheckRemove calls, for the tests' curiosity */
} so_prog;

#define ARR(i, j) arr[(i) * s->col + (j)]

static int so_point(const so_prog *s, int n)
{
    if (n == 3) return s->point3;
    if (n == 4) return s->point4;
    if (n == 5) return s->point5;
    return 0;
}

/* CheckRemove(&arr, pos1, pos2): returns the score, arr changed. */
static int so_check_remove(so_prog *s, int *arr, int x1, int y1, int x2, int y2)
{
    s->calls++;
    if (ARR(x1, y1) == 0 || ARR(x2, y2) == 0) return 0;
    int t = ARR(x1, y1); /* SEED-READING: the swap, from the prose */
    ARR(x1, y1) = ARR(x2, y2);
    ARR(x2, y2) = t;
    int xsum1 = 1, ysum1 = 1, xsum2 = 1, ysum2 = 1, k;
    for (k = y1 - 1; k >= 0 && ARR(x1, k) == ARR(x1, y1); k--) xsum1++;
    for (k = y1 + 1; k < s->col && ARR(x1, k) == ARR(x1, y1); k++) xsum1++;
    for (k = y2 - 1; k >= 0 && ARR(x2, k) == ARR(x2, y2); k--) xsum2++;
    for (k = y2 + 1; k < s->col && ARR(x2, k) == ARR(x2, y2); k++) xsum2++;
    for (k = x1 - 1; k >= 0 && ARR(k, y1) == ARR(x1, y1); k--) ysum1++;
    for (k = x1 + 1; k < s->row && ARR(k, y1) == ARR(x1, y1); k++) ysum1++;
    for (k = x2 - 1; k >= 0 && ARR(k, y2) == ARR(x2, y2); k--) ysum2++; /* SEED-READING: ysum2 */
    for (k = x2 + 1; k < s->row && ARR(k, y2) == ARR(x2, y2); k++) ysum2++;
    if (xsum1 >= 3 && xsum1 <= 5) {
        for (k = y1 - 1; k >= 0 && ARR(x1, k) == ARR(x1, y1); k--) ARR(x1, k) = 0;
        for (k = y1 + 1; k < s->col && ARR(x1, k) == ARR(x1, y1); k++) ARR(x1, k) = 0;
    }
    if (xsum2 >= 3 && xsum2 <= 5) {
        for (k = y2 - 1; k >= 0 && ARR(x2, k) == ARR(x2, y2); k--) ARR(x2, k) = 0;
        for (k = y2 + 1; k < s->col && ARR(x2, k) == ARR(x2, y2); k++) ARR(x2, k) = 0;
    }
    if (ysum1 >= 3 && ysum1 <= 5) {
        for (k = x1 - 1; k >= 0 && ARR(k, y1) == ARR(x1, y1); k--) ARR(k, y1) = 0;
        for (k = x1 + 1; k < s->row && ARR(k, y1) == ARR(x1, y1); k++) ARR(k, y1) = 0;
    }
    if (ysum2 >= 3 && ysum2 <= 5) {
        for (k = x2 - 1; k >= 0 && ARR(k, y2) == ARR(x2, y2); k--) ARR(k, y2) = 0;
        for (k = x2 + 1; k < s->row && ARR(k, y2) == ARR(x2, y2); k++) ARR(k, y2) = 0;
    }
    if (xsum1 >= 3 || ysum1 >= 3) ARR(x1, y1) = 0;
    if (xsum2 >= 3 || ysum2 >= 3) ARR(x2, y2) = 0;
    int ans = so_point(s, xsum1) + so_point(s, ysum1) + so_point(s, xsum2) + so_point(s, ysum2);
    if (x1 == x2 && y1 == y2) ans = ans / 2;
    return ans;
}

/* Drop(arr) */
static void so_drop(const so_prog *s, int *arr)
{
    for (int i = 0; i <= s->row - 1; i++)
        for (int j = 0; j <= s->col - 1; j++)
            if (ARR(i, j) == 0)
                for (int k = i; k >= 0; k--) {
                    if (k == 0) ARR(k, j) = 0;
                    else ARR(k, j) = ARR(k - 1, j);
                }
}

/* DropPoint(arr) */
static int so_drop_point(so_prog *s, int *arr)
{
    int ans = 0;
    so_drop(s, arr);
    for (int i = 0; i <= s->row - 1; i++)
        for (int j = 0; j <= s->col - 1; j++) {
            if (ARR(i, j) == 0) continue;
            int tmp = so_check_remove(s, arr, i, j, i, j);
            if (tmp > 0) {
                so_drop(s, arr);
                ans = ans + tmp;
                i = 0; /* SEED-READING: as written, inside the loops */
                j = s->restart_origin ? -1 : 0;
            }
        }
    return ans;
}

/* Search(arr, step, nowpoint), and the pruned search when s->prune. */
static int so_search(so_prog *s, const int *arr, int step, int nowpoint)
{
    if (nowpoint > s->P3) s->P3 = nowpoint; /* SEED-READING: P3 */
    if (step > s->x) return nowpoint;
    if (s->prune && step >= 2) {
        int n = step, P0 = nowpoint;
        if ((double)P0 / (n - 1) * (s->x - n + 1) * s->C + P0 < s->P3) return P0;
    }
    int ans = nowpoint;
    int arr1[SO_MAX_CELLS];
    size_t bytes = (size_t)(s->row * s->col) * sizeof *arr1;
    for (int i = 0; i <= s->row - 1; i++)
        for (int j = 0; j <= s->col - 1; j++) {
            if (ARR(i, j) == 0) continue;
            if (j < s->col - 1 && ARR(i, j + 1) != 0) {
                memcpy(arr1, arr, bytes);
                int tmp = so_check_remove(s, arr1, i, j, i, j + 1);
                if (tmp != 0) {
                    int drop_point = so_drop_point(s, arr1);
                    int newpoint = so_search(s, arr1, step + 1, nowpoint + tmp + drop_point);
                    if (newpoint > ans) ans = newpoint;
                }
            }
            if (i < s->row - 1 && ARR(i + 1, j) != 0) {
                memcpy(arr1, arr, bytes);
                int tmp = so_check_remove(s, arr1, i, j, i + 1, j);
                if (tmp != 0) {
                    int drop_point = so_drop_point(s, arr1);
                    int newpoint = so_search(s, arr1, step + 1, nowpoint + tmp + drop_point);
                    if (newpoint > ans) ans = newpoint;
                }
            }
        }
    return ans;
}

#undef ARR

/* The seed program's best score in x swaps (C > 0: the pruned search)
 * from a board of row x col cells in reading order, 0 for empty;
 * restart_origin: DropPoint restarts at (0,0). */
static int so_best_ex(const unsigned char *cells, int row, int col, int x, double C, int restart_origin)
{
    so_prog s;
    memset(&s, 0, sizeof s);
    s.row = row;
    s.col = col;
    s.x = x;
    s.point3 = 1;
    s.point4 = 4;
    s.point5 = 10;
    s.prune = C > 0;
    s.C = C;
    s.restart_origin = restart_origin;
    int arr[SO_MAX_CELLS];
    for (int i = 0; i < row * col; i++) arr[i] = cells[i];
    return so_search(&s, arr, 1, 0);
}

static int so_best(const unsigned char *cells, int row, int col, int x, double C)
{
    return so_best_ex(cells, row, col, x, C, 0);
}

#endif
