/* The terminal front end's questions: the menu (new games from the
 * game's presets, a custom game from its parameter table, restart, a game
 * ID, load and save, another game, the best results, help), the custom
 * form, prompts typed on the message line, the question before unsaved
 * progress is dropped (the help and results pages: tui_pages.c).
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

/* The presets of g and a custom game: 1 when a game was started, 0 when
 * the list was left (Esc), -1 when the player kept the game in play. */
static int new_game_of(tui *t, const gl_game *g)
{
    items l = {.n = 0};
    add_item(&l, 0, 1, 0, 0, "New %s game", g->name);
    for (int i = 0; i < g->npresets; i++)
        add_item(&l, i < 9 ? '1' + i : 0, 0, ACT_PRESET, i, "%s%s", g->presets[i].name,
                 tui_is_current_preset(t, g, &g->presets[i]) ? "   (the game in play)" : "");
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
                 tui_is_current_preset(t, g, &g->presets[i]) ? "   (the game in play)" : "");
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
            tui_say(t, 0, "restarted: the first position of %s%s", gl_play_id(t->p)[0] ? gl_play_id(t->p) : "this game",
                    gl_play_can_redo(t->p) ? " (r redoes the moves, one by one)" : "");
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
