/* The terminal front end's pages and questions: the menu (new games from
 * the game's presets, a custom game from its parameter table, restart, a
 * game ID, load and save, another game, the best results, help), the
 * custom form, prompts typed on the message line, the question before
 * unsaved progress is dropped, and the help and results pages.
 *
 * Everything here is built from the game table (presets, params, rules,
 * score_kind, score_name) and the play session: a game added to gridlab
 * gets its menu and form without a line of its own.  The game's clock
 * stands while any of these is on screen. */
#include "tui.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const gl_game *game(const tui *t) { return gl_play_game(t->p); }
static int is_current_preset(tui *t, const gl_game *g, const gl_preset *pr);

/* ------------------------------------------------------------ text pages */

/* A page of paragraphs, wrapped to the screen when drawn and scrolled
 * with the arrow keys when longer than the screen. */
typedef struct para {
    char *text;
    attr_t a;
    int x, indent; /* the first line's column, the others' */
    int mark; /* drawn reversed, and the page opens scrolled to show it */
} para;

typedef struct page {
    para *p;
    int n, cap;
} page;

static void page_add(page *pg, attr_t a, int x, int indent, const char *fmt, ...) GL_PRINTF(5, 6);
static void page_add(page *pg, attr_t a, int x, int indent, const char *fmt, ...)
{
    if (pg->n == pg->cap) {
        int cap = pg->cap ? 2 * pg->cap : 32;
        para *q = realloc(pg->p, sizeof *q * (size_t)cap);
        if (!q) return;
        pg->p = q;
        pg->cap = cap;
    }
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *s = strdup(buf);
    if (!s) return;
    pg->p[pg->n++] = (para){s, a, x, indent, 0};
}

static void page_free(page *pg)
{
    for (int i = 0; i < pg->n; i++) free(pg->p[i].text);
    free(pg->p);
    pg->p = NULL;
    pg->n = pg->cap = 0;
}

/* The screen lines of paragraph p: each a start and a length in p's text. */
static int wrap_para(const para *p, int *start, int *len, int max)
{
    int n = 0;
    const char *s = p->text, *c = s;
    if (!*c && max > 0) {
        start[0] = 0;
        len[0] = 0;
        return 1;
    }
    while (*c && n < max) {
        int at = n == 0 ? p->x : p->indent;
        int width = COLS - at - 1;
        if (width < 10) width = 10;
        int k = (int)strcspn(c, "\n");
        if (k > width) {
            int cut = width;
            while (cut > 0 && c[cut] != ' ') cut--;
            k = cut > 0 ? cut : width;
        }
        start[n] = (int)(c - s);
        len[n] = k;
        n++;
        c += k;
        if (*c == '\n') c++;
        else
            while (*c == ' ') c++;
    }
    return n;
}

#define PAGE_MAXLINES 4096

/* Shows the page below the title line, the footer on the last line; the
 * arrow keys and PgUp/PgDn scroll; another key or a click closes it. */
static void page_show(tui *t, const char *title, page *pg, const char *footer)
{
    int *ps = malloc(sizeof(int) * PAGE_MAXLINES), *pl = malloc(sizeof(int) * PAGE_MAXLINES);
    int *pp = malloc(sizeof(int) * PAGE_MAXLINES);
    if (!ps || !pl || !pp) goto out;
    int top = -1;
    for (;;) {
        /* the screen lines of every paragraph */
        int n = 0, mark_line = -1;
        for (int i = 0; i < pg->n && n < PAGE_MAXLINES; i++) {
            if (pg->p[i].mark && mark_line < 0) mark_line = n;
            int k = wrap_para(&pg->p[i], ps + n, pl + n, PAGE_MAXLINES - n);
            for (int j = 0; j < k; j++) pp[n + j] = i;
            n += k;
        }
        int rows = LINES - 2;
        if (rows < 1) rows = 1;
        if (top < 0) top = mark_line > rows - 3 ? mark_line - (rows - 3) : 0;
        if (top > n - rows) top = n - rows;
        if (top < 0) top = 0;
        erase();
        tui_line(0, 0, title, A_BOLD);
        /* the game's ID stays in view on the pages too, where it fits */
        const char *id = gl_play_id(t->p);
        int idx = COLS - 3 - (int)strlen(id);
        if (id[0] && idx >= (int)strlen(title) + 2) {
            attron(A_DIM);
            mvprintw(0, idx, "ID %s", id);
            attroff(A_DIM);
        }
        for (int y = 0; y < rows && top + y < n; y++) {
            const para *p = &pg->p[pp[top + y]];
            int first = top + y == 0 || pp[top + y - 1] != pp[top + y];
            int x = first ? p->x : p->indent;
            attron(p->a | (p->mark ? A_REVERSE : 0));
            mvaddnstr(1 + y, x, p->text + ps[top + y], pl[top + y] < COLS - x ? pl[top + y] : COLS - x);
            attroff(p->a | (p->mark ? A_REVERSE : 0));
        }
        char foot[256];
        if (n > rows)
            snprintf(foot, sizeof foot, "%s  (lines %d-%d of %d: Up/Down, PgUp/PgDn scroll)", footer, top + 1,
                     top + rows < n ? top + rows : n, n);
        else snprintf(foot, sizeof foot, "%s", footer);
        tui_line(LINES - 1, 0, foot, A_REVERSE);
        refresh();
        tui_in in;
        if (!tui_read(t, &in, -1)) break; /* Ctrl-C */
        if (in.key == KEY_RESIZE) continue;
        if (in.key == KEY_UP || in.key == 'k') top--;
        else if (in.key == KEY_DOWN || in.key == 'j') top++;
        else if (in.key == KEY_PPAGE) top -= rows - 1;
        else if (in.key == KEY_NPAGE || (in.key == ' ' && top + rows < n)) top += rows - 1;
        else if (in.key == KEY_HOME) top = 0;
        else if (in.key == KEY_END) top = n;
        else break;
        if (top < 0) top = 0;
    }
out:
    free(ps);
    free(pl);
    free(pp);
}

/* ------------------------------------------------------------ help */

void tui_help(tui *t)
{
    gl_play_pause(t->p, 1);
    const gl_game *g = game(t);
    page pg = {0};
    page_add(&pg, A_NORMAL, 2, 4, "%s", g->summary);
    page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    page_add(&pg, A_BOLD, 0, 0, "Rules");
    /* the rules as one paragraph, wrapped to this screen (a sentence that
     * ends a line of the text is followed by two spaces, as within one) */
    char rules[2048];
    size_t n = 0;
    for (const char *c = g->rules ? g->rules : g->summary; *c && n + 3 < sizeof rules; c++) {
        if (*c != '\n') rules[n++] = *c;
        else if (n && rules[n - 1] == '.') rules[n++] = ' ', rules[n++] = ' ';
        else rules[n++] = ' ';
    }
    rules[n] = '\0';
    page_add(&pg, A_NORMAL, 2, 2, "%s", rules);
    page_add(&pg, A_NORMAL, 2, 4, "Moves: %s.", g->move_help);
    /* which of the game's variants this is: its preset's name, else its
     * options as the ID writes them */
    const char *preset = NULL;
    for (int i = 0; i < g->npresets && !preset; i++)
        if (is_current_preset(t, g, &g->presets[i])) preset = g->presets[i].name;
    if (preset) page_add(&pg, A_NORMAL, 2, 4, "This game: %s.", preset);
    else if (t->scores_key[0]) page_add(&pg, A_NORMAL, 2, 4, "This game's options: %s.", t->scores_key);
    page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    page_add(&pg, A_BOLD, 0, 0, "The screen");
    gl_strbuf sb = GL_STRBUF_INIT;
    g->status_line(gl_play_board(t->p), &sb);
    if (g->status_help) {
        /* each figure of the status line and what it means */
        page_add(&pg, A_NORMAL, 2, 4, "Under the board, the game's status, now \"%s\":", gl_sb_str(&sb));
        for (const char *line = g->status_help; *line;) {
            int n = (int)strcspn(line, "\n");
            page_add(&pg, A_NORMAL, 4, 6, "%.*s", n, line);
            line += n + (line[n] == '\n');
        }
    } else {
        page_add(&pg, A_NORMAL, 2, 4, "Under the board, the game's status: \"%s\" (the game's own words).",
                 gl_sb_str(&sb));
    }
    gl_sb_free(&sb);
    const char *measure = g->score_kind == GL_SCORE_MORE    ? "the most points"
                          : g->score_kind == GL_SCORE_TIME ? "the shortest time"
                                                           : "the fewest";
    page_add(&pg, A_NORMAL, 2, 4, "A finished game is measured by %s%s%s.", measure,
             g->score_kind == GL_SCORE_FEWER ? " " : "", g->score_kind == GL_SCORE_FEWER ? g->score_name : "");
    if (gl_play_time_left_ms(t->p) >= 0)
        page_add(&pg, A_NORMAL, 2, 4, "time left M:SS: the board's clock; at 0:00 the game is lost (TIME UP).");
    page_add(&pg, A_NORMAL, 2, 4, "time M:SS (top right): the time played on this board; it stands while the menu "
                               "or this help is shown, and when the game ends.");
    page_add(&pg, A_NORMAL, 2, 4, "ID (bottom): the game's ID, GAME:PARAMS#SEED; `gridlab play ID` makes the same "
                               "board anywhere.  best (bottom right): the best result with these options.");
    page_add(&pg, A_NORMAL, 2, 4, "On the board: [X] the cursor, (X) selected (its symbol reversed), {X} the hint; "
                               "columns a b c.., rows 1 2 3.. (a single row: cell numbers), as moves are "
                               "written.  A board too large for the terminal takes one column a cell (the "
                               "cursor reversed, its row and column label too; the hint underlined), then a "
                               "window that follows the cursor, with arrows where more of the board lies.");
    page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    page_add(&pg, A_BOLD, 0, 0, "Keys");
    static const char *const keys[] = {
        "arrows, H J K L   move the cursor (j k l too; h is the hint)",
        "Enter, space      pick the cell under the cursor: the move is made when the picked cells make one",
        "mouse click       pick the cell clicked",
        "Esc               drop the picked cells and the hint",
        ":                 type a move in the game's notation; Enter plays it",
        "u / r             undo / redo",
        "h                 hint: a good next move, shown on the board",
        ("S                 the solver plays from here until the game ends (10 s to think at most for each "
         "plan); a key stops it"),
        "s                 save (to the file named when the game was started or loaded, else to a name you type)",
        "n                 a new game: the same options, the next seed",
        ("m                 the menu: new games (presets, custom), restart, game ID, load, save, other "
         "games, best results"),
        "?                 this help",
        "q, Ctrl-C         quit (q asks first when the game has unsaved moves)",
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) page_add(&pg, A_NORMAL, 2, 20, "%s", keys[i]);
    if (t->single_keys)
        page_add(&pg, A_NORMAL, 2, 4, "Moves of one character play at a key (a colour's symbol); one that is "
                                   "also a key above is typed after `:`.");
    page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    page_add(&pg, A_NORMAL, 0, 0, "Game ID: %s", gl_play_id(t->p)[0] ? gl_play_id(t->p) : "(none)");
    char title[256];
    snprintf(title, sizeof title, "gridlab %s - help", g->name);
    page_show(t, title, &pg, "Press any key to go back.");
    page_free(&pg);
    gl_play_pause(t->p, 0);
}

/* ------------------------------------------------------------ results */

/* Reads the table again (another program may have written it). */
static void reload_scores(tui *t, char *note, size_t n)
{
    note[0] = '\0';
    if (!t->scores_path) return;
    gl_error err = {0};
    int rc = gl_scores_load(&t->scores, t->scores_path, &err);
    if (rc != 0) snprintf(note, n, "%s", err.msg);
}

void tui_results(tui *t, int rank, const char *head)
{
    gl_play_pause(t->p, 1);
    const gl_game *g = game(t);
    page pg = {0};
    char note[GL_ERROR_MAX] = "";
    if (!rank) reload_scores(t, note, sizeof note);
    if (head && *head) {
        page_add(&pg, A_BOLD, 2, 4, "%s", head);
        page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    }
    if (note[0]) {
        page_add(&pg, A_BOLD, 2, 4, "NOTE: %s", note);
        page_add(&pg, A_NORMAL, 0, 0, "%s", "");
    }
    if (!t->scores_path) page_add(&pg, A_NORMAL, 2, 4, "No file for the best results: set HOME or XDG_DATA_HOME.");
    else page_add(&pg, A_DIM, 2, 4, "Kept in %s", t->scores_path);
    if (!t->scores_key[0]) {
        page_add(&pg, A_NORMAL, 2, 4, "This game has no ID (a board read without one): its results are not kept.");
    } else {
        page_add(&pg, A_BOLD, 2, 4, "%s %s", g->name, t->scores_key);
        const gl_score *best[GL_SCORES_KEEP];
        int n = gl_scores_table(&t->scores, g->name, t->scores_key, best, GL_SCORES_KEEP);
        if (!n)
            page_add(&pg, A_NORMAL, 2, 4, "No results yet: a game %s without hints or the solver's moves enters here.",
                     g->score_kind == GL_SCORE_MORE ? "finished (won or not)" : "won");
        else page_add(&pg, A_DIM, 0, 0, "   #  %-12s  %-8s  %-16s  %s", "result", "time", "played on", "seed");
        for (int i = 0; i < n; i++) {
            char v[64], clock[32], date[32] = "?";
            gl_score_format_value(g, best[i]->kind, best[i]->value, v, sizeof v);
            tui_clock(best[i]->ms, clock, sizeof clock);
            time_t when = (time_t)best[i]->when;
            struct tm tm;
            if (localtime_r(&when, &tm)) strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm);
            const char *seed = strrchr(best[i]->id, '#');
            page_add(&pg, A_NORMAL, 0, 6, "  %2d  %-12s  %-8s  %-16s  %s", i + 1, v, clock, date, seed ? seed + 1 : "");
            if (i + 1 == rank) pg.p[pg.n - 1].mark = 1;
        }
        /* The other option sets of this game: their best. */
        int others = 0;
        for (int i = 0; i < t->scores.n; i++) {
            const gl_score *e = &t->scores.items[i];
            if (strcmp(e->game, g->name) != 0 || strcmp(e->params, t->scores_key) == 0) continue;
            int seen = 0;
            for (int j = 0; j < i && !seen; j++)
                seen = strcmp(t->scores.items[j].game, e->game) == 0 && strcmp(t->scores.items[j].params, e->params) == 0;
            if (seen) continue;
            const gl_score *top[1];
            gl_scores_table(&t->scores, e->game, e->params, top, 1);
            char v[64];
            gl_score_format_value(g, top[0]->kind, top[0]->value, v, sizeof v);
            if (!others++) {
                page_add(&pg, A_NORMAL, 0, 0, "%s", "");
                page_add(&pg, A_BOLD, 2, 4, "Other options of %s: the best of each", g->name);
            }
            page_add(&pg, A_NORMAL, 0, 6, "  %-12s  %s", v, e->params);
        }
    }
    char title[256];
    snprintf(title, sizeof title, "gridlab %s - best results", g->name);
    page_show(t, title, &pg, "Press any key to go back.");
    page_free(&pg);
    gl_play_pause(t->p, 0);
}

/* ------------------------------------------------------------ prompts */

int tui_prompt(tui *t, const char *prompt, char *text, size_t size)
{
    size_t len = strlen(text);
    curs_set(1);
    int ok = 0;
    for (;;) {
        if (*t->o->interrupt) break;
        tui_say(t, 0, "%s%s", prompt, text);
        tui_redraw(t);
        int at = (int)(strlen(prompt) + len);
        if (at < COLS) move(t->msg_y, at);
        refresh();
        tui_in in;
        if (!tui_read(t, &in, -1)) continue;
        int ch = in.key;
        if (ch == TUI_CLICK || ch == KEY_RESIZE) continue;
        if (ch == 27) break;
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
            ok = 1;
            break;
        }
        if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
            if (len) text[--len] = '\0';
        } else if (ch == 21) { /* Ctrl-U: all of it */
            len = 0;
            text[0] = '\0';
        } else if (ch >= 32 && ch < 127 && len + 1 < size) {
            text[len++] = (char)ch;
            text[len] = '\0';
        }
    }
    curs_set(0);
    /* the text without its surrounding spaces */
    size_t a = 0;
    while (text[a] == ' ') a++;
    memmove(text, text + a, strlen(text + a) + 1);
    len = strlen(text);
    while (len && text[len - 1] == ' ') text[--len] = '\0';
    tui_say(t, 0, "%s", ok ? "" : "cancelled");
    return ok;
}

int tui_save(tui *t, int ask)
{
    char path[1024];
    const char *cur = gl_play_path(t->p);
    if (ask || !cur) {
        snprintf(path, sizeof path, "%s", cur ? cur : "");
        if (!tui_prompt(t, "Save to the file: ", path, sizeof path) || !path[0]) {
            tui_say(t, 0, "not saved");
            return 0;
        }
    } else {
        snprintf(path, sizeof path, "%s", cur);
    }
    gl_error err = {0};
    if (gl_play_save(t->p, path, &err) != 0) {
        tui_say(t, 1, "not saved: %s", err.msg);
        return 0;
    }
    tui_say(t, 0, "saved to %s", gl_play_path(t->p));
    return 1;
}

/* Asks before the game in progress is dropped when its moves would be
 * lost: they are not saved, or (replacing: a new game) the
 * new position will be saved over them, in the --save file every game of
 * the run goes to. */
static int may_drop(tui *t, const char *what, int replacing)
{
    if (gl_play_moves(t->p) == 0 || gl_play_status(t->p) != GL_PLAYING) return 1;
    const char *path = gl_play_path(t->p);
    int unsaved = gl_play_dirty(t->p);
    int over = replacing && t->autosave && path && t->save_file && strcmp(path, t->save_file) == 0;
    if (!unsaved && !over) return 1;
    for (;;) {
        if (unsaved)
            tui_say(t, 1, "This game has unsaved moves.  %s anyway?  y: yes  s: save first  Esc or n: no", what);
        else
            tui_say(t, 1, "This game would be saved over in %s.  %s anyway?  y: yes  s: save it to another "
                          "file first  Esc or n: no", path, what);
        tui_redraw(t);
        tui_in in;
        if (!tui_read(t, &in, -1)) return 0; /* Ctrl-C: the main loop ends */
        if (in.key == KEY_RESIZE) continue;
        if (in.key == 'y' || in.key == 'Y') return 1;
        if (in.key == 's' || in.key == 'S') return tui_save(t, !unsaved);
        tui_say(t, 0, "the game goes on");
        return 0;
    }
}

int tui_may_drop(tui *t, const char *what) { return may_drop(t, what, 0); }
int tui_may_replace(tui *t, const char *what) { return may_drop(t, what, 1); }

/* ------------------------------------------------------------ new games */

/* After a game was started, loaded or restarted from here: where it is
 * saved (with --save, every game of the run goes to that file, saved at
 * once; otherwise a new game has no file until one is named, so that `s`
 * never writes it over the file another game came from). */
static void started(tui *t, int loaded)
{
    tui_say(t, 0, "%s", "");
    if (!loaded) {
        if (t->autosave) {
            gl_play_set_path(t->p, t->save_file);
            gl_error err = {0};
            if (gl_play_save(t->p, NULL, &err) != 0) {
                tui_game_changed(t);
                tui_say(t, 1, "NOT SAVED: %s", err.msg);
                t->save_failed = 1;
                snprintf(t->save_error, sizeof t->save_error, "%s", err.msg);
                return;
            }
        } else {
            gl_play_set_path(t->p, NULL);
        }
    }
    tui_game_changed(t);
}

void tui_new_game(tui *t)
{
    if (!tui_may_replace(t, "Start a new game")) return;
    gl_error err = {0};
    if (gl_play_new_game(t->p, t->next_seed, &err) != 0) {
        tui_say(t, 1, "no new game: %s", err.msg);
        return;
    }
    t->next_seed++;
    started(t, 0);
    if (!t->msg_bad) tui_say(t, 0, "new game: %s", gl_play_id(t->p));
}

/* Starts a game of g from "key=value ..." text; seed 0 with !seeded: the next seed. */
static int start_text(tui *t, const gl_game *g, const char *params, int seeded, uint64_t seed, gl_error *err)
{
    if (gl_play_start_text(t->p, g, params, seeded ? seed : t->next_seed, err) != 0) return -1;
    if (!seeded) t->next_seed++;
    started(t, 0);
    if (!t->msg_bad) tui_say(t, 0, "new game: %s", gl_play_id(t->p));
    return 0;
}

/* ------------------------------------------------------------ lists */

typedef struct item {
    int key;          /* its shortcut, 0 none */
    char label[256];
    int header;       /* a heading, not a choice */
    int action, arg;
} item;

typedef struct items {
    item v[96];
    int n;
} items;

static void add_item(items *l, int key, int header, int action, int arg, const char *fmt, ...) GL_PRINTF(6, 7);
static void add_item(items *l, int key, int header, int action, int arg, const char *fmt, ...)
{
    if (l->n == (int)(sizeof l->v / sizeof l->v[0])) return;
    item *it = &l->v[l->n++];
    it->key = key;
    it->header = header;
    it->action = action;
    it->arg = arg;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->label, sizeof it->label, fmt, ap);
    va_end(ap);
}

/* Shows a list; returns the chosen item, or -1 (Esc, Ctrl-C).  Up/Down
 * and Enter, an item's key, or a click choose. */
static int choose(tui *t, const char *title, const char *sub, items *l, int sel)
{
    while (sel < l->n && l->v[sel].header) sel++;
    for (;;) {
        int rows = LINES - 4; /* title, sub, blank ... footer */
        if (rows < 1) rows = 1;
        int top = 0;
        if (sel >= rows) top = sel - rows + 1;
        erase();
        tui_line(0, 0, title, A_BOLD);
        tui_text(1, 0, 2, sub, A_DIM, 3); /* two rows at most: a long ID wraps */
        for (int i = top; i < l->n && i - top < rows; i++) {
            const item *it = &l->v[i];
            char buf[300];
            if (it->header) snprintf(buf, sizeof buf, "%s", it->label);
            else if (it->key) snprintf(buf, sizeof buf, "  %c  %s", it->key, it->label);
            else snprintf(buf, sizeof buf, "     %s", it->label);
            tui_line(3 + i - top, 0, buf, it->header ? A_BOLD : i == sel ? A_REVERSE : A_NORMAL);
        }
        tui_line(LINES - 1, 0, "Up/Down and Enter, the key or a click choose; Esc goes back", A_REVERSE);
        refresh();
        tui_in in;
        if (!tui_read(t, &in, -1)) return -1;
        int ch = in.key;
        if (ch == KEY_RESIZE) continue;
        if (ch == 27 || ch == 'm') return -1;
        if (ch == KEY_UP || ch == 'k' || ch == KEY_DOWN || ch == 'j') {
            int d = ch == KEY_UP || ch == 'k' ? -1 : 1;
            for (int i = sel + d; i >= 0 && i < l->n; i += d)
                if (!l->v[i].header) {
                    sel = i;
                    break;
                }
            continue;
        }
        if (ch == '\n' || ch == '\r' || ch == KEY_ENTER || ch == ' ') return sel;
        if (ch == TUI_CLICK) {
            int i = in.y - 3 + top;
            if (in.y >= 3 && i >= 0 && i < l->n && !l->v[i].header) return i;
            continue;
        }
        for (int i = 0; i < l->n; i++)
            if (!l->v[i].header && l->v[i].key == ch) return i;
    }
}

/* ------------------------------------------------------------ the form */

#define FORM_VALUE 128

typedef struct field {
    const gl_param *param; /* NULL: the seed */
    char value[FORM_VALUE];
} field;

/* The next or previous choice of a CHOICE field. */
static void cycle_choice(field *f, int d)
{
    const char *choices = f->param->choices;
    int n = 1, cur = -1;
    for (const char *c = choices; *c; c++) n += *c == '|';
    for (int i = 0; i < n; i++) {
        const char *s = choices;
        for (int k = 0; k < i; k++) s = strchr(s, '|') + 1;
        size_t l = strcspn(s, "|");
        if (strlen(f->value) == l && strncmp(f->value, s, l) == 0) cur = i;
    }
    int next = cur < 0 ? 0 : ((cur + d) % n + n) % n;
    const char *s = choices;
    for (int k = 0; k < next; k++) s = strchr(s, '|') + 1;
    snprintf(f->value, sizeof f->value, "%.*s", (int)strcspn(s, "|"), s);
}

static void describe_field(const field *f, uint64_t next_seed, char *buf, size_t n)
{
    const gl_param *p = f->param;
    if (!p) {
        snprintf(buf, n, "the board's seed; empty: the next one (%llu)", (unsigned long long)next_seed);
        return;
    }
    gl_strbuf takes = GL_STRBUF_INIT; /* the table's own words, as in the help pages */
    gl_param_describe(p, &takes);
    snprintf(buf, n, "%s%s%s%s%s", p->help ? p->help : "", p->help ? ": " : "", gl_sb_str(&takes),
             p->kind == GL_PARAM_CHOICE ? " (Left/Right)" : "", p->def ? "" : "; empty: the game decides");
    gl_sb_free(&takes);
}

/* Whether a key may go into a field of this kind. */
static int key_fits(const field *f, int ch)
{
    if (ch <= 32 || ch >= 127) return 0;
    if (!f->param) return ch >= '0' && ch <= '9';
    switch (f->param->kind) {
    case GL_PARAM_INT: return (ch >= '0' && ch <= '9') || ch == '-';
    case GL_PARAM_SIZE: return (ch >= '0' && ch <= '9') || ch == 'x';
    case GL_PARAM_LIST: return (ch >= '0' && ch <= '9') || ch == '-' || ch == ',';
    default: return 1;
    }
}

/* The form of every board option of g (from its parameter table), filled
 * with this game's values when g is the game in play, else the defaults.
 * Returns 1 when a game was started. */
static int custom_form(tui *t, const gl_game *g)
{
    int n = g->nparams + 1;
    field *f = calloc((size_t)n, sizeof *f);
    if (!f) return 0;
    const gl_kvlist *mine = g == game(t) ? gl_play_params(t->p) : NULL;
    for (int i = 0; i < g->nparams; i++) {
        f[i].param = &g->params[i];
        const char *v = NULL;
        for (int k = 0; mine && k < mine->n; k++)
            if (strcmp(mine->items[k].key, g->params[i].key) == 0) v = mine->items[k].value;
        if (!v) v = g->params[i].def;
        snprintf(f[i].value, sizeof f[i].value, "%s", v ? v : "");
    }
    int sel = 0, started_game = 0;
    char err_msg[GL_ERROR_MAX + 64] = "";
    int keyw = 4;
    for (int i = 0; i < g->nparams; i++)
        if ((int)strlen(g->params[i].key) > keyw) keyw = (int)strlen(g->params[i].key);
    curs_set(1);
    for (;;) {
        erase();
        char buf[512];
        snprintf(buf, sizeof buf, "gridlab %s - a custom game", g->name);
        tui_line(0, 0, buf, A_BOLD);
        int y = 2, cy = 2, cx = 0;
        for (int i = 0; i < n && y < LINES - 5; i++) {
            snprintf(buf, sizeof buf, "%c %-*s  %s", i == sel ? '>' : ' ', keyw,
                     f[i].param ? f[i].param->key : "seed", f[i].value);
            tui_line(y, 0, buf, i == sel ? A_BOLD : A_NORMAL);
            if (i == sel) {
                cy = y;
                cx = (int)strlen(buf);
            }
            y++;
        }
        y++;
        /* what the chosen field takes */
        char desc[400];
        describe_field(&f[sel], t->next_seed, desc, sizeof desc);
        snprintf(buf, sizeof buf, "%s: %s", f[sel].param ? f[sel].param->key : "seed", desc);
        y = tui_text(y, 2, 4, buf, A_DIM, LINES - 3);
        if (err_msg[0]) y = tui_text(y + 1 < LINES - 2 ? y + 1 : LINES - 2, 2, 4, err_msg, A_BOLD | A_UNDERLINE, LINES - 1);
        tui_line(LINES - 1, 0, "Up/Down: a field  type: change it  Left/Right: a choice  Enter: start  Esc: back",
                 A_REVERSE);
        if (cx < COLS) move(cy, cx);
        refresh();
        tui_in in;
        if (!tui_read(t, &in, -1)) break;
        int ch = in.key;
        field *cur = &f[sel];
        size_t len = strlen(cur->value);
        if (ch == KEY_RESIZE || ch == TUI_CLICK) continue;
        if (ch == 27) break;
        if (ch == KEY_UP) sel = (sel + n - 1) % n;
        else if (ch == KEY_DOWN || ch == '\t') sel = (sel + 1) % n;
        else if ((ch == KEY_LEFT || ch == KEY_RIGHT) && cur->param && cur->param->kind == GL_PARAM_CHOICE)
            cycle_choice(cur, ch == KEY_LEFT ? -1 : 1);
        else if (ch == KEY_BACKSPACE || ch == 127 || ch == 8) {
            if (len) cur->value[len - 1] = '\0';
        } else if (ch == 21) cur->value[0] = '\0';
        else if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
            /* the values as "key=value ...", checked before anything is dropped */
            gl_strbuf text = GL_STRBUF_INIT;
            gl_kvlist kv;
            gl_kv_init(&kv);
            for (int i = 0; i < g->nparams; i++)
                if (f[i].value[0]) {
                    gl_sb_printf(&text, "%s%s=%s", text.len ? " " : "", f[i].param->key, f[i].value);
                    gl_kv_add(&kv, f[i].param->key, f[i].value, 0);
                }
            gl_strbuf canon = GL_STRBUF_INIT;
            gl_error err = {0};
            uint64_t seed = 0;
            int seeded = f[n - 1].value[0] != '\0';
            if (seeded && gl_seed_parse(f[n - 1].value, &seed) != 0)
                gl_error_set(&err, "seed: '%s' is not a seed (a whole number, no leading zeros)", f[n - 1].value);
            else if (gl_params_canon(g, &kv, &canon, &err) == 0 && tui_may_replace(t, "Start the new game")) {
                curs_set(1);
                if (start_text(t, g, gl_sb_str(&text), seeded, seed, &err) == 0) started_game = 1;
            } else if (!err.set) {
                gl_error_set(&err, "kept the game in progress");
            }
            gl_sb_free(&canon);
            gl_sb_free(&text);
            gl_kv_free(&kv);
            if (started_game) break;
            snprintf(err_msg, sizeof err_msg, "%s", err.msg);
        } else if (key_fits(cur, ch) && len + 1 < sizeof cur->value) {
            cur->value[len] = (char)ch;
            cur->value[len + 1] = '\0';
        }
    }
    curs_set(0);
    free(f);
    return started_game;
}

/* ------------------------------------------------------------ the menu */

enum { ACT_PRESET = 1, ACT_CUSTOM, ACT_RESTART, ACT_SAVE, ACT_RESULTS, ACT_ID, ACT_LOAD, ACT_SWITCH, ACT_HELP, ACT_QUIT };

/* Whether the game in play was made from this preset. */
static int is_current_preset(tui *t, const gl_game *g, const gl_preset *pr)
{
    if (g != game(t) || !t->scores_key[0]) return 0;
    gl_play *q = gl_play_new();
    if (!q) return 0;
    gl_error err = {0};
    int same = 0;
    if (gl_play_start_text(q, g, pr->params, 1, &err) == 0) {
        gl_strbuf key = GL_STRBUF_INIT;
        same = gl_play_params_key(q, &key, &err) == 0 && strcmp(gl_sb_str(&key), t->scores_key) == 0;
        gl_sb_free(&key);
    }
    gl_play_free(q);
    return same;
}

/* The presets of g and a custom game: 1 when a game was started, 0 when
 * the list was left (Esc), -1 when the player kept the game in play. */
static int new_game_of(tui *t, const gl_game *g)
{
    items l = {.n = 0};
    add_item(&l, 0, 1, 0, 0, "New %s game", g->name);
    for (int i = 0; i < g->npresets; i++)
        add_item(&l, i < 9 ? '1' + i : 0, 0, ACT_PRESET, i, "%s%s", g->presets[i].name,
                 is_current_preset(t, g, &g->presets[i]) ? "   (the game in play)" : "");
    add_item(&l, 'c', 0, ACT_CUSTOM, 0, "Custom: every board option...");
    char title[128];
    snprintf(title, sizeof title, "gridlab %s - new game", g->name);
    int i = choose(t, title, g->summary, &l, 0);
    if (i < 0) return 0;
    if (l.v[i].action == ACT_CUSTOM) return custom_form(t, g);
    if (!tui_may_replace(t, "Start a new game")) return -1;
    gl_error err = {0};
    if (start_text(t, g, g->presets[l.v[i].arg].params, 0, 0, &err) != 0) {
        tui_say(t, 1, "no new game: %s", err.msg);
        return -1;
    }
    return 1;
}

static void enter_id(tui *t)
{
    char id[GL_ID_MAX + 1];
    snprintf(id, sizeof id, "%s", gl_play_id(t->p));
    if (!tui_prompt(t, "Game ID: ", id, sizeof id) || !id[0]) return;
    /* checked before anything is dropped */
    const gl_game *g;
    gl_kvlist kv;
    gl_kv_init(&kv);
    uint64_t seed;
    gl_error err = {0};
    int ok = gl_game_id_parse(id, &g, &kv, &seed, &err) == 0;
    gl_kv_free(&kv);
    if (!ok) {
        tui_say(t, 1, "not a game ID: %s", err.msg);
        return;
    }
    if (!tui_may_replace(t, "Start that game")) return;
    if (gl_play_start_id(t->p, id, &err) != 0) {
        tui_say(t, 1, "%s", err.msg);
        return;
    }
    started(t, 0);
    if (!t->msg_bad) tui_say(t, 0, "game %s", gl_play_id(t->p));
}

static void load_file(tui *t)
{
    char path[1024];
    snprintf(path, sizeof path, "%s", gl_play_path(t->p) ? gl_play_path(t->p) : "");
    if (!tui_prompt(t, "Load the file: ", path, sizeof path) || !path[0]) return;
    if (!tui_may_drop(t, "Load another game")) return;
    gl_error err = {0};
    if (gl_play_load_file(t->p, path, &err) != 0) {
        tui_say(t, 1, "not loaded: %s", err.msg);
        return;
    }
    started(t, 1);
    const char *note = gl_play_load_note(t->p);
    if (note[0]) tui_say(t, 1, "loaded %s: %s", path, note);
    else
        tui_say(t, 0, "loaded %s%s%s", path, gl_play_id(t->p)[0] ? ": " : " (a custom game: no game ID)",
                gl_play_id(t->p)[0] ? gl_play_id(t->p) : "");
}

/* 0 when the list was left (Esc), else 1. */
static int switch_game(tui *t)
{
    items l = {.n = 0};
    for (int i = 0; i < gl_ngames; i++) {
        const char *sum = gl_games[i]->summary;
        int whole = 5 + 9 + (int)strlen(sum) <= COLS; /* else its name, the summary up to its colon */
        add_item(&l, i < 9 ? '1' + i : 0, 0, ACT_SWITCH, i, "%-8s %.*s", gl_games[i]->name,
                 whole ? (int)strlen(sum) : (int)strcspn(sum, ":"), sum);
    }
    int cur = 0;
    for (int i = 0; i < gl_ngames; i++)
        if (gl_games[i] == game(t)) cur = i;
    for (;;) { /* Esc in a game's list comes back here */
        int i = choose(t, "gridlab - switch game", "Every game of this build: pick one, then its board", &l, cur);
        if (i < 0) return 0;
        cur = i;
        if (new_game_of(t, gl_games[l.v[i].arg]) != 0) return 1;
    }
}

/* Returns 1 when the player chose to quit. */
static int menu(tui *t)
{
    const gl_game *g = game(t);
    items l = {.n = 0};
    add_item(&l, 0, 1, 0, 0, "New game");
    for (int i = 0; i < g->npresets; i++)
        add_item(&l, i < 9 ? '1' + i : 0, 0, ACT_PRESET, i, "%s%s", g->presets[i].name,
                 is_current_preset(t, g, &g->presets[i]) ? "   (the game in play)" : "");
    add_item(&l, 'c', 0, ACT_CUSTOM, 0, "Custom: every board option...");
    add_item(&l, 0, 1, 0, 0, "This game");
    add_item(&l, 'r', 0, ACT_RESTART, 0, "Restart from its first position");
    add_item(&l, 's', 0, ACT_SAVE, 0, "Save to a file...");
    add_item(&l, 'b', 0, ACT_RESULTS, 0, "Best results of these options");
    add_item(&l, 0, 1, 0, 0, "Other games");
    add_item(&l, 'i', 0, ACT_ID, 0, "Enter a game ID...");
    add_item(&l, 'l', 0, ACT_LOAD, 0, "Load a file...");
    add_item(&l, 'g', 0, ACT_SWITCH, 0, "Switch game...");
    add_item(&l, 0, 1, 0, 0, "%s", "");
    add_item(&l, '?', 0, ACT_HELP, 0, "Help and rules");
    add_item(&l, 'q', 0, ACT_QUIT, 0, "Quit");
    char title[128], sub[GL_ID_MAX + 16];
    snprintf(title, sizeof title, "gridlab %s - menu", g->name);
    snprintf(sub, sizeof sub, "ID %s", gl_play_id(t->p)[0] ? gl_play_id(t->p) : "(none)");
    int i = 0;
again:
    i = choose(t, title, sub, &l, i);
    if (i < 0) return 0;
    gl_error err = {0};
    switch (l.v[i].action) {
    case ACT_PRESET:
        if (!tui_may_replace(t, "Start a new game")) break;
        if (start_text(t, g, g->presets[l.v[i].arg].params, 0, 0, &err) != 0) tui_say(t, 1, "no new game: %s", err.msg);
        break;
    case ACT_CUSTOM:
        if (!custom_form(t, g)) goto again; /* Esc: back to the menu */
        break;
    case ACT_RESTART:
        if (!tui_may_drop(t, "Restart")) break;
        if (gl_play_restart(t->p, &err) != 0) tui_say(t, 1, "%s", err.msg);
        else {
            tui_game_changed(t);
            tui_say(t, 0, "restarted: the first position of %s", gl_play_id(t->p)[0] ? gl_play_id(t->p) : "this game");
        }
        break;
    case ACT_SAVE: tui_save(t, 1); break;
    case ACT_RESULTS: tui_results(t, 0, NULL); break;
    case ACT_ID: enter_id(t); break;
    case ACT_LOAD: load_file(t); break;
    case ACT_SWITCH:
        if (!switch_game(t)) goto again;
        break;
    case ACT_HELP: tui_help(t); break;
    case ACT_QUIT: return tui_may_drop(t, "Quit");
    }
    return 0;
}

void tui_menu(tui *t)
{
    gl_play_pause(t->p, 1);
    int quit = menu(t);
    gl_play_pause(t->p, 0);
    if (quit) {
        tui_in in = {TUI_QUIT, 0, 0};
        tui_unread(t, &in);
    }
}
