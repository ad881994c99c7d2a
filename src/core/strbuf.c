/* Growable strings, and the atomic file write every save goes through.
 *
 * A save must never leave a half-written file: the text goes to a new file
 * beside the target, is synced, and replaces the target by rename, and the
 * directory is synced so the rename survives a crash.  The target is what
 * the user named, followed through symbolic links (the link stays, the file
 * it points to changes), with its mode kept. */
#include "gridlab/strbuf.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static void grow(gl_strbuf *sb, size_t extra)
{
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap) return;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < need) cap *= 2;
    char *p = realloc(sb->data, cap);
    if (!p) {
        fputs("gridlab: out of memory\n", stderr);
        abort();
    }
    sb->data = p;
    sb->cap = cap;
}

void gl_sb_init(gl_strbuf *sb)
{
    sb->data = NULL;
    sb->len = sb->cap = 0;
}

void gl_sb_free(gl_strbuf *sb)
{
    free(sb->data);
    gl_sb_init(sb);
}

void gl_sb_clear(gl_strbuf *sb)
{
    sb->len = 0;
    if (sb->data) sb->data[0] = '\0';
}

void gl_sb_append(gl_strbuf *sb, const char *s, size_t n)
{
    grow(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void gl_sb_putc(gl_strbuf *sb, char c) { gl_sb_append(sb, &c, 1); }
void gl_sb_puts(gl_strbuf *sb, const char *s) { gl_sb_append(sb, s, strlen(s)); }

void gl_sb_printf(gl_strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n <= 0) return;
    grow(sb, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

const char *gl_sb_str(const gl_strbuf *sb) { return sb->data ? sb->data : ""; }

/* The file a save replaces: path itself, or the file its chain of
 * symbolic links ends at (which may not exist yet), so that a link stays a
 * link and the file it points to is the one that changes.  0 with the
 * path in *out (malloc'd), or -1 with errno set. */
static int resolve_links(const char *path, char **out)
{
    char *cur = strdup(path);
    if (!cur) return -1;
    for (int depth = 0;; depth++) {
        struct stat st;
        if (lstat(cur, &st) != 0) {
            if (errno == ENOENT) break; /* a new file, or a link to one */
            free(cur);
            return -1;
        }
        if (!S_ISLNK(st.st_mode)) break;
        if (depth >= 40) {
            free(cur);
            errno = ELOOP;
            return -1;
        }
        size_t cap = st.st_size > 0 ? (size_t)st.st_size + 1 : 256;
        char *target = malloc(cap);
        if (!target) {
            free(cur);
            return -1;
        }
        ssize_t n = readlink(cur, target, cap);
        if (n < 0 || (size_t)n >= cap) { /* it changed under us: try again */
            int e = n < 0 ? errno : EAGAIN;
            free(target);
            free(cur);
            errno = e;
            return -1;
        }
        target[n] = '\0';
        char *next;
        const char *slash = strrchr(cur, '/');
        if (target[0] == '/' || !slash) {
            next = target;
        } else { /* relative to the link's directory */
            size_t dl = (size_t)(slash - cur) + 1;
            next = malloc(dl + (size_t)n + 1);
            if (!next) {
                free(target);
                free(cur);
                return -1;
            }
            memcpy(next, cur, dl);
            memcpy(next + dl, target, (size_t)n + 1);
            free(target);
        }
        free(cur);
        cur = next;
    }
    *out = cur;
    return 0;
}

/* The directory of path, for the temporary file and the directory sync. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash) return strdup(".");
    if (slash == path) return strdup("/");
    size_t n = (size_t)(slash - path);
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, path, n);
        d[n] = '\0';
    }
    return d;
}

static int write_all(int fd, const char *data, size_t len)
{
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        off += (size_t)w;
    }
    return 0;
}

/* Forgets everything: the temporary file (removed when remove_tmp), the
 * names and the descriptor. */
static void atomic_reset(gl_atomic_file *f, int remove_tmp)
{
    if (f->fd >= 0) close(f->fd);
    if (f->tmp && remove_tmp) unlink(f->tmp);
    free(f->tmp);
    free(f->target);
    free(f->dir);
    f->fd = -1;
    f->tmp = f->target = f->dir = NULL;
}

/* Fails f with "PATH: WHAT: REASON", the temporary file removed. */
static int atomic_fail(gl_atomic_file *f, const char *what, int e, gl_error *err)
{
    atomic_reset(f, 1);
    return gl_error_set(err, "%s: %s: %s", f->path, what, strerror(e));
}

int gl_atomic_open(gl_atomic_file *f, const char *path, gl_error *err)
{
    memset(f, 0, sizeof *f);
    f->fd = -1;
    f->path = path;
    if (resolve_links(path, &f->target) != 0) return atomic_fail(f, "cannot write", errno, err);
    struct stat st;
    int exists = stat(f->target, &st) == 0;
    if (!exists && errno != ENOENT) return atomic_fail(f, "cannot write", errno, err);
    if (exists && !S_ISREG(st.st_mode)) {
        atomic_reset(f, 1);
        return gl_error_set(err, "%s: cannot write: not a regular file", path);
    }
    f->dir = dir_of(f->target);
    size_t tl = strlen(f->target) + 48;
    f->tmp = malloc(tl);
    if (!f->dir || !f->tmp) return atomic_fail(f, "cannot write", ENOMEM, err);
    /* A fresh name beside the target: created with O_EXCL and O_NOFOLLOW,
     * so that nothing already there (a file, a link planted to redirect
     * the write) is ever opened; on a clash the next name is tried.  A new
     * file gets 0666 less the umask; an existing file's mode is kept. */
    for (unsigned attempt = 0;; attempt++) {
        if (attempt == 0) snprintf(f->tmp, tl, "%s.tmp.%ld", f->target, (long)getpid());
        else snprintf(f->tmp, tl, "%s.tmp.%ld.%u", f->target, (long)getpid(), attempt);
        f->fd = open(f->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, exists ? 0600 : 0666);
        if (f->fd >= 0) break;
        if (errno != EEXIST || attempt >= 1000) {
            int e = errno;
            free(f->tmp);
            f->tmp = NULL; /* nothing of ours to remove */
            return atomic_fail(f, "cannot write", e, err);
        }
    }
    if (exists) {
        if (fchmod(f->fd, st.st_mode & 07777) != 0) return atomic_fail(f, "cannot write", errno, err);
        /* The owner too, where we may (as root, or the group for a member). */
        if ((st.st_uid != geteuid() || st.st_gid != getegid()) && fchown(f->fd, st.st_uid, st.st_gid) != 0) {
            /* not ours to give away: the file becomes the writer's */
        }
    }
    return 0;
}

int gl_atomic_write(gl_atomic_file *f, const char *data, size_t len, gl_error *err)
{
    if (write_all(f->fd, data, len) != 0) return atomic_fail(f, "write failed", errno, err);
    return 0;
}

int gl_atomic_commit(gl_atomic_file *f, gl_error *err)
{
    if (fsync(f->fd) != 0) return atomic_fail(f, "write failed", errno, err);
    int c = close(f->fd);
    f->fd = -1;
    if (c != 0) return atomic_fail(f, "write failed", errno, err);
    if (rename(f->tmp, f->target) != 0) return atomic_fail(f, "cannot replace", errno, err);
    /* The rename is durable once the directory is: sync it too.  A file
     * system that cannot sync a directory says EINVAL; that is no failure. */
    int dfd = open(f->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        if (fsync(dfd) != 0 && errno != EINVAL && errno != EROFS) {
            int e = errno;
            close(dfd);
            atomic_reset(f, 0); /* renamed: the temporary name is gone */
            return gl_error_set(err, "%s: %s: %s", f->path, "written, but the directory could not be synced",
                                strerror(e));
        }
        close(dfd);
    }
    atomic_reset(f, 0);
    return 0;
}

void gl_atomic_abort(gl_atomic_file *f) { atomic_reset(f, 1); }

int gl_write_file_atomic(const char *path, const char *data, size_t len, gl_error *err)
{
    gl_atomic_file f;
    if (gl_atomic_open(&f, path, err) != 0 || gl_atomic_write(&f, data, len, err) != 0) return -1;
    return gl_atomic_commit(&f, err);
}
