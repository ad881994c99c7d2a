/* Saving and loading a game in progress.
 *
 * A save is the board's text format with the game's ID as its first
 * comment line (`# id: flood:size=14x14,...#7`), so a saved game can be
 * restarted and shared.  Writes are atomic (gl_write_file_atomic). */
#include "session.h"

#include <stdlib.h>
#include <string.h>

void gl_play_save_text(const gl_play *p, gl_strbuf *out)
{
    if (!p->b) return;
    if (p->id[0]) gl_sb_printf(out, "# id: %s\n", p->id);
    p->g->format(p->b, out);
}

void gl_play_set_path(gl_play *p, const char *path)
{
    char *copy = path ? strdup(path) : NULL;
    if (path && !copy) return;
    free(p->path);
    p->path = copy;
}

const char *gl_play_path(const gl_play *p) { return p->path; }

void gl_play_set_autosave(gl_play *p, int on) { p->autosave = on; }

int gl_play_save(gl_play *p, const char *path, gl_error *err)
{
    if (!p->b) return gl_error_set(err, "no game to save");
    if (!path) path = p->path;
    if (!path) return gl_error_set(err, "no save file: name one");
    gl_strbuf sb = GL_STRBUF_INIT;
    gl_play_save_text(p, &sb);
    int rc = gl_write_file_atomic(path, gl_sb_str(&sb), sb.len, err);
    gl_sb_free(&sb);
    if (rc != 0) return -1;
    if (path != p->path) gl_play_set_path(p, path);
    p->dirty = 0;
    return 0;
}

int play_autosave(gl_play *p, gl_events *ev, gl_error *err)
{
    if (!p->autosave || !p->path) return 0;
    if (gl_play_save(p, NULL, err) != 0) return -1;
    gl_events_add(ev, GL_EV_SAVED, 0);
    return 0;
}

/* The ID in the leading comment lines (`# id: ...`), and its line. */
static int find_id(const char *data, size_t len, char *id, size_t idsize)
{
    size_t i = 0;
    int line = 1;
    while (i < len) {
        size_t e = i;
        while (e < len && data[e] != '\n') e++;
        size_t l = e - i;
        if (l && data[i] != '#') {
            if (!(l == 1 && data[i] == '\r')) return 0; /* the header: no more comments before it */
        }
        const char *key = "# id:";
        if (l > 5 && strncmp(data + i, key, 5) == 0) {
            size_t a = i + 5, b = e;
            while (a < b && (data[a] == ' ' || data[a] == '\t')) a++;
            while (b > a && (data[b - 1] == ' ' || data[b - 1] == '\t' || data[b - 1] == '\r')) b--;
            if (b - a >= idsize) b = a + idsize - 1;
            memcpy(id, data + a, b - a);
            id[b - a] = '\0';
            return line;
        }
        i = e + 1;
        line++;
    }
    return 0;
}

int gl_play_load_text(gl_play *p, const char *data, size_t len, const char *name, gl_error *err)
{
    const gl_game *g;
    gl_board *b = gl_board_parse_text(data, len, name, &g, err);
    if (!b) return -1;
    char id[GL_ID_MAX + 2];
    int idline = find_id(data, len, id, sizeof id);
    gl_kvlist params;
    gl_kv_init(&params);
    uint64_t seed = 0;
    gl_board *start = NULL;
    if (idline) {
        const gl_game *ig;
        gl_error e2 = {0};
        if (gl_game_id_parse(id, &ig, &params, &seed, &e2) != 0) {
            gl_error_at(err, name, idline, "%s", e2.msg);
            goto fail;
        }
        if (ig != g) {
            gl_error_at(err, name, idline, "the id names a %s game but the board is %s", ig->name, g->name);
            goto fail;
        }
        gl_kvlist copy;
        gl_kv_init(&copy);
        for (int i = 0; i < params.n; i++) gl_kv_add(&copy, params.items[i].key, params.items[i].value, 0);
        start = gl_game_create(g, &copy, seed, &e2);
        gl_kv_free(&copy);
        if (!start) {
            gl_error_at(err, name, idline, "the id does not make a board: %s", e2.msg);
            goto fail;
        }
    }
    play_drop(p); /* the old game, with its own table */
    p->g = g;
    play_set_board(p, b);
    if (start) {
        g->destroy(p->start);
        p->start = start;
        memcpy(p->id, id, strlen(id) + 1); /* parsed: at most GL_ID_MAX */
    } else {
        p->id[0] = '\0';
    }
    gl_kv_free(&p->params);
    p->params = params;
    p->seed = seed;
    p->level = 1;
    p->dirty = 0;
    return 0;
fail:
    gl_kv_free(&params);
    g->destroy(b);
    return -1;
}

int gl_play_load_file(gl_play *p, const char *path, gl_error *err)
{
    char *data;
    size_t len;
    if (gl_read_file(path, GL_TEXT_MAX_BYTES, &data, &len, err) != 0) return -1;
    int rc = gl_play_load_text(p, data, len, strcmp(path, "-") == 0 ? "<stdin>" : path, err);
    free(data);
    if (rc == 0 && strcmp(path, "-") != 0) gl_play_set_path(p, path);
    return rc;
}
