/* Weight files of the learned player (lines_net.h): written atomically,
 * read back with every field checked, so that a missing, truncated,
 * foreign or corrupt file is an error that names it, never a silently
 * weak player.
 *
 * Layout (little-endian):
 *
 *     "GLLINESW"  u32 version  u32 kind (0 weights, 1 checkpoint)
 *     u32 w h colors line spawn rules stages tables
 *     char layout[160] (the layout's name, NUL-padded)
 *     u64 weights   u32 patterns[tables]
 *     f32 weights[weights]
 *     u64 extra bytes, then the extra bytes (a checkpoint's trainer state)
 *     u64 FNV-1a of everything above */
#include "lines_net.h"

#include "gridlab/data.h"
#include "gridlab/game_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LNET_MAGIC "GLLINESW"
#define LNET_LAYOUT_BYTES 160
#define LNET_HEAD_BYTES (8 + 4 + 4 + 8 * 4 + LNET_LAYOUT_BYTES + 8)

static uint64_t fnv1a(const unsigned char *p, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static void put64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}
static uint32_t get32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; i--) v = v << 8 | p[i];
    return v;
}
static uint64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}
static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

int lines_net_save(const lines_net *net, int kind, const void *extra, size_t nextra, const char *path, gl_error *err)
{
    for (size_t x = 0; x < net->nw; x++)
        if (!isfinite(lnet_w(net, x)))
            return gl_error_set(err, "%s: not written: weight %zu is not a finite number (the training diverged)",
                                path, x);
    size_t len = LNET_HEAD_BYTES + 4 * (size_t)net->ntab + 4 * net->nw + 8 + nextra + 8;
    unsigned char *buf = malloc(len);
    if (!buf) return gl_error_set(err, "%s: cannot write: out of memory", path);
    unsigned char *p = buf;
    memcpy(p, LNET_MAGIC, 8);
    put32(p + 8, LNET_FILE_VERSION);
    put32(p + 12, (uint32_t)kind);
    const int head[8] = {net->w, net->h, net->colors, net->line, net->spawn, net->rules, net->nstage, net->ntab};
    for (int i = 0; i < 8; i++) put32(p + 16 + 4 * i, (uint32_t)head[i]);
    memset(p + 48, 0, LNET_LAYOUT_BYTES);
    memcpy(p + 48, net->layout, strlen(net->layout));
    put64(p + 48 + LNET_LAYOUT_BYTES, (uint64_t)net->nw);
    p += LNET_HEAD_BYTES;
    for (int t = 0; t < net->ntab; t++, p += 4) put32(p, (uint32_t)net->npat[t]);
    for (size_t x = 0; x < net->nw; x++, p += 4) put32(p, f32_bits(lnet_w(net, x)));
    put64(p, (uint64_t)nextra);
    p += 8;
    if (nextra) memcpy(p, extra, nextra);
    p += nextra;
    put64(p, fnv1a(buf, (size_t)(p - buf)));
    int rc = gl_write_file_atomic(path, (const char *)buf, len, err);
    free(buf);
    return rc;
}

int lines_net_load_bytes(lines_net *net, const unsigned char *data, size_t len, const char *name, void **extra,
                         size_t *nextra, gl_error *err)
{
    memset(net, 0, sizeof *net);
    if (extra) *extra = NULL;
    if (nextra) *nextra = 0;
    if (len < 8 || memcmp(data, LNET_MAGIC, 8) != 0)
        return gl_error_set(err, "%s: not a gridlab weights file (it does not begin with %s)", name, LNET_MAGIC);
    if (len < LNET_HEAD_BYTES) return gl_error_set(err, "%s: truncated (%zu bytes, shorter than the header)", name, len);
    uint32_t version = get32(data + 8), kind = get32(data + 12);
    if (version != LNET_FILE_VERSION)
        return gl_error_set(err, "%s: weights format version %u; this gridlab reads version %d", name, version,
                            LNET_FILE_VERSION);
    uint32_t ntab = get32(data + 16 + 4 * 7);
    uint64_t nw = get64(data + 48 + LNET_LAYOUT_BYTES);
    if (ntab > 1000000 || nw > ((uint64_t)1 << 36))
        return gl_error_set(err, "%s: corrupt (the header says %u tables, %llu weights)", name, ntab,
                            (unsigned long long)nw);
    uint64_t need = LNET_HEAD_BYTES + 4ULL * ntab + 4ULL * nw + 8;
    if (len < need + 8)
        return gl_error_set(err, "%s: truncated (%zu bytes, the header says at least %llu)", name, len,
                            (unsigned long long)(need + 8));
    uint64_t nx = get64(data + need - 8);
    if (nx > len || len != need + nx + 8) {
        if (nx <= len && len < need + nx + 8)
            return gl_error_set(err, "%s: truncated (%zu bytes, the header says %llu)", name, len,
                                (unsigned long long)(need + nx + 8));
        return gl_error_set(err, "%s: corrupt (%zu bytes, which its header does not account for)", name, len);
    }
    if (fnv1a(data, len - 8) != get64(data + len - 8))
        return gl_error_set(err, "%s: corrupt (checksum mismatch)", name);
    if (kind != LNET_FILE_WEIGHTS && kind != LNET_FILE_CHECKPOINT)
        return gl_error_set(err, "%s: unknown kind of weights file (%u)", name, kind);
    char layout[LNET_LAYOUT_BYTES + 1];
    memcpy(layout, data + 48, LNET_LAYOUT_BYTES);
    layout[LNET_LAYOUT_BYTES] = '\0';
    int made = layout[0] ? lines_net_init_layout(net, layout) : -2;
    if (made == -1) return gl_error_set(err, "%s: out of memory", name);
    if (made != 0 || strcmp(layout, net->layout) != 0) {
        if (made == 0) lines_net_free(net);
        char known[512];
        lines_net_layout_list(known, sizeof known);
        return gl_error_set(err, "%s: weights of a layout this gridlab does not know ('%s'; it knows %s)", name,
                            layout, known);
    }
    int head[8];
    for (int i = 0; i < 8; i++) head[i] = (int)get32(data + 16 + 4 * i);
    /* the rule set the weights were trained under (a layout serves both) */
    if (head[5] == LINES_KLINES || head[5] == LINES_98) net->rules = head[5];
    int same = head[0] == net->w && head[1] == net->h && head[2] == net->colors && head[3] == net->line &&
               head[4] == net->spawn && head[5] == net->rules && head[6] == net->nstage && head[7] == net->ntab &&
               nw == net->nw;
    const unsigned char *p = data + LNET_HEAD_BYTES;
    for (int t = 0; same && t < net->ntab; t++) same = get32(p + 4 * (size_t)t) == (uint32_t)net->npat[t];
    if (!same) {
        lines_net_free(net);
        return gl_error_set(err, "%s: corrupt (its tables do not match its layout '%s')", name, layout);
    }
    p += 4 * (size_t)ntab;
    for (size_t x = 0; x < net->nw; x++) {
        float f = bits_f32(get32(p + 4 * x));
        if (!isfinite(f)) {
            lines_net_free(net);
            return gl_error_set(err, "%s: corrupt (weight %zu is not a finite number)", name, x);
        }
    }
    for (size_t x = 0; x < net->nw; x++) lnet_w_set(net, x, bits_f32(get32(p + 4 * x)));
    p += 4 * net->nw + 8;
    if (extra && nx) {
        *extra = malloc((size_t)nx);
        if (!*extra) {
            lines_net_free(net);
            return gl_error_set(err, "%s: out of memory", name);
        }
        memcpy(*extra, p, (size_t)nx);
        *nextra = (size_t)nx;
    }
    return 0;
}

int lines_net_load(lines_net *net, const char *path, void **extra, size_t *nextra, gl_error *err)
{
    memset(net, 0, sizeof *net);
    /* without blocking: a FIFO nobody writes would wait in open() for
     * ever; anything but a regular file is refused before a byte is read */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENXIO) return gl_error_set(err, "%s: cannot read: not a regular file", path);
        return gl_error_set(err, "%s: cannot open: %s", path, strerror(errno));
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return gl_error_set(err, "%s: cannot read: not a regular file", path);
    }
    if (st.st_size > LNET_MAX_FILE_BYTES) {
        close(fd);
        return gl_error_set(err, "%s: too large for a weights file (more than %d bytes)", path, LNET_MAX_FILE_BYTES);
    }
    /* the size may change while it is read: reading stops one byte past the cap */
    size_t cap = (size_t)st.st_size + 1, len = 0;
    unsigned char *data = malloc(cap);
    int rc = -1;
    while (data) {
        if (len == cap) {
            if (cap > LNET_MAX_FILE_BYTES) {
                gl_error_set(err, "%s: too large for a weights file (more than %d bytes)", path,
                             LNET_MAX_FILE_BYTES);
                break;
            }
            size_t more_cap = cap * 2 > (size_t)LNET_MAX_FILE_BYTES + 1 ? (size_t)LNET_MAX_FILE_BYTES + 1 : cap * 2;
            unsigned char *more = realloc(data, more_cap);
            if (!more) break;
            data = more;
            cap = more_cap;
        }
        ssize_t got = read(fd, data + len, cap - len);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            gl_error_set(err, "%s: read error: %s", path, strerror(errno));
            break;
        }
        if (got == 0) {
            rc = 0;
            break;
        }
        len += (size_t)got;
    }
    close(fd);
    if (!data) return gl_error_set(err, "%s: out of memory", path);
    if (rc == 0) rc = lines_net_load_bytes(net, data, len, path, extra, nextra, err);
    else if (!err->set) gl_error_set(err, "%s: out of memory", path);
    free(data);
    return rc;
}

#ifndef GL_DATADIR
#define GL_DATADIR "/usr/local/share"
#endif

const char *lines_net_file_name(int rules) { return rules == LINES_KLINES ? "klines.weights" : "lines98.weights"; }

void lines_net_default_path(char *out, size_t cap, int rules)
{
    const char *name = lines_net_file_name(rules);
    char exe[4096];
#ifdef __EMSCRIPTEN__
    /* the page has no program file (and Emscripten 3.1.6's path calls
     * throw "SYSCALLS.calculateAt is not a function" in the worker) */
    ssize_t n = -1;
#else
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
#endif
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            /* beside the program (the build tree), then its prefix's share/ */
            snprintf(out, cap, "%s/%s", exe, name);
            if (access(out, F_OK) == 0) return;
            snprintf(out, cap, "%s/../share/gridlab/%s", exe, name);
            if (access(out, F_OK) == 0) return;
        }
    }
    snprintf(out, cap, "%s/gridlab/%s", GL_DATADIR, name);
}

lines_net *lines_net_open(const char *path, int rules, gl_error *err)
{
    char def[4200];
    const char *name = lines_net_file_name(rules);
    /* without a name: the weights given as bytes (the page's), else the
     * installed file where files can be read, else wanted from the host */
    size_t given_len = 0;
    const unsigned char *given = path ? NULL : gl_data_find(name, &given_len);
    if (!path && !given) {
        if (!gl_data_files_allowed()) {
            gl_data_want(name);
            gl_error_set(err, "%s: the learned player's weights are not loaded yet", name);
            return NULL;
        }
        lines_net_default_path(def, sizeof def, rules);
        path = def;
    }
    if (given && given_len == 0) {
        gl_error_set(err, "%s: the learned player's weights could not be had", name);
        return NULL;
    }
    lines_net *net = malloc(sizeof *net);
    if (!net) {
        gl_error_set(err, "out of memory");
        return NULL;
    }
    int rc = given ? lines_net_load_bytes(net, given, given_len, name, NULL, NULL, err)
                   : lines_net_load(net, path, NULL, NULL, err);
    if (rc != 0) {
        free(net);
        return NULL;
    }
    return net;
}

void lines_net_close(lines_net *net)
{
    if (!net) return;
    lines_net_free(net);
    free(net);
}

int lines_net_check_board(const lines_net *net, const lines_board *b, gl_error *err)
{
    return lines_net_fits(net, b, err);
}

lines_net *lines_net_for(gl_kvlist *opts, const lines_board *b, gl_error *err)
{
    gl_kv *wf = opts ? gl_kv_find(opts, "weights") : NULL;
    if (wf) wf->used = 1;
    if (wf && wf->novalue) {
        gl_error_set(err, "option --weights needs a value (a weights file)");
        return NULL;
    }
    lines_net *net = lines_net_open(wf ? wf->value : NULL, b->rules, err);
    if (net && lines_net_check_board(net, b, err) != 0) {
        lines_net_close(net);
        return NULL;
    }
    return net;
}
