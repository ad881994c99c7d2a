/* Growable strings, and the atomic file write every save goes through.
 *
 * A save must never leave a half-written file: the text goes to a new file
 * beside the target, is synced, and replaces the target by rename, and the
 * directory is synced so the rename survives a crash.  The target is what
 * the user named, followed through symbolic links (the link stays, the file
 * it points to changes), with its mode kept.
 *
 * While a save runs, the signals that would end the program in the middle
 * are held back: SIGINT, SIGTERM and SIGHUP (a handler that exits at once,
 * as the program's second Ctrl-C does, would leave the temporary file
 * behind) come when the save is done, and SIGXFSZ, which the kernel sends
 * when the file size limit (ulimit -f) is passed and whose default action
 * kills the program without a word, is taken back (when the save raised
 * it): the write fails with EFBIG instead, and the save says so. */
#include "gridlab/strbuf.h"
#include "gridlab/text.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <signal.h>
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

static int write_atomic(const char *path, const char *data, size_t len, gl_error *err);

int gl_write_file_atomic(const char *path, const char *data, size_t len, gl_error *err)
{
    sigset_t hold, old, pending;
    sigemptyset(&hold);
    sigaddset(&hold, SIGINT);
    sigaddset(&hold, SIGTERM);
    sigaddset(&hold, SIGHUP);
    sigaddset(&hold, SIGXFSZ);
    int held = pthread_sigmask(SIG_BLOCK, &hold, &old) == 0;
    /* a SIGXFSZ already waiting is not the save's to take */
    int xfsz_before = held && sigpending(&pending) == 0 && sigismember(&pending, SIGXFSZ);
    int rc = write_atomic(path, data, len, err);
    if (held) {
        if (!xfsz_before && sigpending(&pending) == 0 && sigismember(&pending, SIGXFSZ)) {
            sigset_t one;
            sigemptyset(&one);
            sigaddset(&one, SIGXFSZ);
            struct timespec now = {0, 0};
            while (sigtimedwait(&one, NULL, &now) < 0 && errno == EINTR) {
            }
        }
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    }
    return rc;
}

static int write_atomic(const char *path, const char *data, size_t len, gl_error *err)
{
    char *target = NULL, *dir = NULL, *tmp = NULL;
    int fd = -1, e = 0;
    const char *what = "cannot write";
    if (resolve_links(path, &target) != 0) {
        e = errno;
        goto fail;
    }
    struct stat st;
    int exists = stat(target, &st) == 0;
    if (!exists && errno != ENOENT) {
        e = errno;
        goto fail;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        free(target);
        return gl_error_set(err, "%s: cannot write: not a regular file", path);
    }
    dir = dir_of(target);
    size_t tl = strlen(target) + 48;
    tmp = malloc(tl);
    if (!dir || !tmp) {
        e = ENOMEM;
        goto fail;
    }
    /* A fresh name beside the target: created with O_EXCL and O_NOFOLLOW,
     * so that nothing already there (a file, a link planted to redirect
     * the write) is ever opened; on a clash the next name is tried.  A new
     * file gets 0666 less the umask; an existing file's mode is kept. */
    for (unsigned attempt = 0;; attempt++) {
        if (attempt == 0) snprintf(tmp, tl, "%s.tmp.%ld", target, (long)getpid());
        else snprintf(tmp, tl, "%s.tmp.%ld.%u", target, (long)getpid(), attempt);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, exists ? 0600 : 0666);
        if (fd >= 0) break;
        if (errno != EEXIST || attempt >= 1000) {
            e = errno;
            free(tmp);
            tmp = NULL;
            goto fail;
        }
    }
    if (exists) {
        if (fchmod(fd, st.st_mode & 07777) != 0) {
            e = errno;
            goto fail;
        }
        /* The owner too, where we may (as root, or the group for a member). */
        if ((st.st_uid != geteuid() || st.st_gid != getegid()) && fchown(fd, st.st_uid, st.st_gid) != 0) {
            /* not ours to give away: the file becomes the writer's */
        }
    }
    what = "write failed";
    if (write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        e = errno;
        goto fail;
    }
    int c = close(fd);
    fd = -1;
    if (c != 0) {
        e = errno;
        goto fail;
    }
    if (rename(tmp, target) != 0) {
        e = errno;
        what = "cannot replace";
        goto fail;
    }
    free(tmp);
    tmp = NULL;
    /* The rename is durable once the directory is: sync it too.  A file
     * system that cannot sync a directory says EINVAL; that is no failure. */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        if (fsync(dfd) != 0 && errno != EINVAL && errno != EROFS) {
            e = errno;
            close(dfd);
            what = "written, but the directory could not be synced";
            goto fail;
        }
        close(dfd);
    }
    free(dir);
    free(target);
    return 0;
fail:
    if (fd >= 0) close(fd);
    if (tmp) {
        unlink(tmp);
        free(tmp);
    }
    free(dir);
    free(target);
    return gl_error_set(err, "%s: %s: %s", path, what, strerror(e));
}
