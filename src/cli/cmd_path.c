/* gridlab path FILE CELL CELL: the way a move from one cell to the other
 * would go (lines: the ball's BFS path; onet: the link with at most two
 * turns), for any game with paths: the two cells are handed to the game's
 * select, the move's cells come from move_path. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* Is (r, c) on the path (the chain of cells)?  Its index, or -1. */
static int on_path(const gl_cells *p, int r, int c)
{
    for (int i = 0; i < p->n; i++)
        if (p->rc[2 * i] == r && p->rc[2 * i + 1] == c) return i;
    return -1;
}

/* The board with the path: its cells between the ends as '+', the ring
 * round the board drawn when the path uses it. */
static void draw(const gl_game *g, const gl_board *b, const gl_cells *p, gl_strbuf *out)
{
    int w, h, ring = 0;
    g->dims(b, &w, &h);
    for (int i = 0; i < p->n; i++) {
        int r = p->rc[2 * i], c = p->rc[2 * i + 1];
        if (r < 0 || r >= h || c < 0 || c >= w) ring = 1;
    }
    for (int r = -ring; r < h + ring; r++) {
        for (int c = -ring; c < w + ring; c++) {
            int k = on_path(p, r, c);
            char sym = ' ';
            if (r >= 0 && r < h && c >= 0 && c < w) {
                gl_cell_view v;
                g->cell(b, r, c, &v);
                sym = v.sym;
            }
            if (k > 0 && k < p->n - 1) sym = '+';
            gl_sb_printf(out, " %c", sym);
        }
        gl_sb_putc(out, '\n');
    }
}

static void cell_name(int r, int c, int w, int h, char *buf, size_t n)
{
    if (r >= 0 && r < h && c >= 0 && c < w) gl_cell_format(r, c, buf, n);
    else snprintf(buf, n, "ring(%d,%d)", r, c);
}

int gl_cmd_path(int argc, char **argv)
{
    gl_args a;
    gl_error err = {0};
    const char *flags = "json";
    int status;
    if (!gl_args_start(argc, argv, flags, &a, &status, "path FILE|ID|- CELL CELL [--json]",
                       "Prints the way a move from one cell to the other goes: for lines the\n"
                       "shortest path of empty cells a ball takes, for onet the link with at most\n"
                       "two turns (its corners, the ring round the board included).  --json prints\n"
                       "{\"path\": [[r,c],...]} (0-based rows and columns).  Exit 1 when there is no\n"
                       "such move, 2 for bad input (a cell off the board, the same cell twice).\n"))
        return status;
    int rc = GL_EXIT_OK;
    gl_board *b = NULL;
    const gl_game *g = NULL;
    int cells[4];
    gl_cells raw = {0}, chain = {0};
    if ((rc = gl_args_expect(&a, 3, 3, "path FILE|ID|- CELL CELL [--json]"))) goto out;
    if (gl_kv_check_used(&a.opts, &err) != 0) { /* path takes no option but --json */
        rc = gl_cli_fail(&err);
        goto out;
    }
    for (int k = 0; k < 2; k++)
        if (gl_cell_parse(a.pos[1 + k], &cells[2 * k], &cells[2 * k + 1], NULL) != 0) {
            rc = gl_cli_failf("path: '%s' is not a cell: cells are written like a1 or c4 (column letter, row "
                              "number)", a.pos[1 + k]);
            goto out;
        }
    b = gl_cli_board_read(a.pos[0], &g, &err);
    if (!b) {
        rc = gl_cli_fail(&err);
        goto out;
    }
    if (!g->move_path) {
        rc = gl_cli_failf("path: %s moves have no path (lines and onet have)", g->name);
        goto out;
    }
    int w, h;
    g->dims(b, &w, &h);
    for (int k = 0; k < 2; k++)
        if (cells[2 * k] >= h || cells[2 * k + 1] >= w) {
            rc = gl_cli_failf("path: %s is off the %dx%d board", a.pos[1 + k], w, h);
            goto out;
        }
    if (cells[0] == cells[2] && cells[1] == cells[3]) {
        rc = gl_cli_failf("path: %s twice: name two different cells", a.pos[1]);
        goto out;
    }
    int json = gl_args_flag(&a, flags, "json");
    gl_move m;
    int sel = g->select(b, cells, 2, &m, &err);
    int n = sel == 1 ? g->move_path(b, &m, NULL, 0) : 0;
    if (n <= 0) {
        if (json) printf("{\"path\":null}\n");
        else if (sel < 0 && err.set) printf("no path: %s\n", err.msg);
        else printf("no path: no move from %s to %s\n", a.pos[1], a.pos[2]);
        rc = GL_EXIT_NO;
        goto out;
    }
    raw.rc = malloc(sizeof(int) * 2 * (size_t)n);
    if (!raw.rc) {
        rc = gl_cli_failf("out of memory");
        goto out;
    }
    raw.n = g->move_path(b, &m, raw.rc, n);
    gl_strbuf sb = GL_STRBUF_INIT;
    if (json) {
        gl_json j;
        gl_json_init(&j, &sb);
        gl_json_obj_begin(&j);
        gl_info info;
        gl_info_init(&info);
        gl_info_cells(&info, "path", raw.rc, raw.n);
        gl_json_info(&j, &info);
        gl_info_free(&info);
        gl_json_obj_end(&j);
        gl_sb_putc(&sb, '\n');
    } else {
        gl_game_move_cells(g, b, &m, &chain);
        int turns = 0;
        for (int i = 1; i + 1 < chain.n; i++) {
            int dr1 = chain.rc[2 * i] - chain.rc[2 * i - 2], dc1 = chain.rc[2 * i + 1] - chain.rc[2 * i - 1];
            int dr2 = chain.rc[2 * i + 2] - chain.rc[2 * i], dc2 = chain.rc[2 * i + 3] - chain.rc[2 * i + 1];
            turns += dr1 != dr2 || dc1 != dc2;
        }
        char name[64];
        g->format_move(b, &m, name, sizeof name);
        gl_sb_printf(&sb, "%s: %d step%s, %d turn%s:", name, chain.n - 1, chain.n == 2 ? "" : "s", turns,
                     turns == 1 ? "" : "s");
        for (int i = 0; i < raw.n; i++) {
            char cb[32];
            cell_name(raw.rc[2 * i], raw.rc[2 * i + 1], w, h, cb, sizeof cb);
            gl_sb_printf(&sb, " %s", cb);
        }
        gl_sb_putc(&sb, '\n');
        draw(g, b, &chain, &sb);
    }
    fputs(gl_sb_str(&sb), stdout);
    gl_sb_free(&sb);
out:
    gl_cells_free(&raw);
    gl_cells_free(&chain);
    if (b) g->destroy(b);
    gl_args_free(&a);
    return rc;
}
