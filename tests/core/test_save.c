/* gl_write_file_atomic, the write every save goes through: a symbolic link
 * is followed and stays a link, the file's mode is kept, the temporary file
 * never opens what is already there, and a failed write leaves the old file
 * as it was with no temporary file behind.  Each test works in a fresh
 * directory under /tmp.  The order of the system calls (the file synced
 * before the rename, the directory after) is checked by save_syscalls.sh. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gridlab/internal.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/gl_save_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
            char p[sizeof dir + sizeof e->d_name + 2];
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    return rmdir(dir);
}

static const char *in_dir(const char *name)
{
    static char bufs[4][256];
    static int k;
    char *b = bufs[k++ % 4];
    snprintf(b, 256, "%s/%s", dir, name);
    return b;
}

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* The file's text (at most 255 bytes), or "" when it cannot be read. */
static const char *text_of(const char *path)
{
    static char buf[256];
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f) return buf;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static int entries(void)
{
    int n = 0;
    DIR *d = opendir(dir);
    assert_non_null(d);
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n;
}

static void save(const char *path, const char *text)
{
    gl_error err = {0};
    if (gl_write_file_atomic(path, text, strlen(text), &err) != 0) fail_msg("%s", err.msg);
}

static void test_symlink_followed(void **state)
{
    (void)state;
    put(in_dir("real.txt"), "old\n");
    assert_int_equal(symlink("real.txt", in_dir("link.txt")), 0); /* relative, as people make them */
    save(in_dir("link.txt"), "new\n");
    struct stat st;
    assert_int_equal(lstat(in_dir("link.txt"), &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_string_equal(text_of(in_dir("real.txt")), "new\n");
    /* a chain of two links, the second absolute */
    assert_int_equal(symlink(in_dir("link.txt"), in_dir("link2.txt")), 0);
    save(in_dir("link2.txt"), "newer\n");
    assert_int_equal(lstat(in_dir("link2.txt"), &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(lstat(in_dir("link.txt"), &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_string_equal(text_of(in_dir("real.txt")), "newer\n");
    /* a link to a file not there yet: the file is made, the link stays */
    assert_int_equal(symlink("later.txt", in_dir("dangling.txt")), 0);
    save(in_dir("dangling.txt"), "made\n");
    assert_int_equal(lstat(in_dir("dangling.txt"), &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_string_equal(text_of(in_dir("later.txt")), "made\n");
    assert_int_equal(entries(), 5);
    /* a loop is refused, naming the file */
    assert_int_equal(symlink("loop-b", in_dir("loop-a")), 0);
    assert_int_equal(symlink("loop-a", in_dir("loop-b")), 0);
    gl_error err = {0};
    assert_int_equal(gl_write_file_atomic(in_dir("loop-a"), "x", 1, &err), -1);
    assert_non_null(strstr(err.msg, in_dir("loop-a")));
    assert_int_equal(entries(), 7);
}

static void test_mode_kept(void **state)
{
    (void)state;
    mode_t old = umask(022);
    put(in_dir("private.txt"), "secret\n");
    assert_int_equal(chmod(in_dir("private.txt"), 0600), 0);
    save(in_dir("private.txt"), "still secret\n");
    struct stat st;
    assert_int_equal(stat(in_dir("private.txt"), &st), 0);
    assert_int_equal(st.st_mode & 07777, 0600);
    assert_int_equal(chmod(in_dir("private.txt"), 0640), 0);
    save(in_dir("private.txt"), "shared\n");
    assert_int_equal(stat(in_dir("private.txt"), &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    /* new files: 0666 less the umask */
    save(in_dir("new022.txt"), "a\n");
    assert_int_equal(stat(in_dir("new022.txt"), &st), 0);
    assert_int_equal(st.st_mode & 07777, 0644);
    umask(077);
    save(in_dir("new077.txt"), "b\n");
    assert_int_equal(stat(in_dir("new077.txt"), &st), 0);
    assert_int_equal(st.st_mode & 07777, 0600);
    umask(old);
}

/* What is at a would-be temporary name is never opened: a file stays as
 * it was, a link planted there does not redirect the write. */
static void test_temp_name_clash(void **state)
{
    (void)state;
    put(in_dir("board.txt"), "old\n");
    put(in_dir("victim.txt"), "victim\n");
    char name[128];
    snprintf(name, sizeof name, "board.txt.tmp.%ld", (long)getpid());
    put(in_dir(name), "in the way\n");
    snprintf(name, sizeof name, "board.txt.tmp.%ld.1", (long)getpid());
    assert_int_equal(symlink(in_dir("victim.txt"), in_dir(name)), 0);
    save(in_dir("board.txt"), "new\n");
    assert_string_equal(text_of(in_dir("board.txt")), "new\n");
    assert_string_equal(text_of(in_dir("victim.txt")), "victim\n");
    snprintf(name, sizeof name, "board.txt.tmp.%ld", (long)getpid());
    assert_string_equal(text_of(in_dir(name)), "in the way\n");
    snprintf(name, sizeof name, "board.txt.tmp.%ld.1", (long)getpid());
    struct stat st;
    assert_int_equal(lstat(in_dir(name), &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(entries(), 4); /* the two in the way, the board, the victim: nothing left over */
}

/* A write that fails half-way (the file size limit stands in for a full
 * disk) leaves the old file whole and no temporary file. */
static void test_failed_write_keeps_old(void **state)
{
    (void)state;
    put(in_dir("keep.txt"), "the old text\n");
    struct rlimit saved, small;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &saved), 0);
    small = saved;
    small.rlim_cur = 1024;
    void (*old_handler)(int) = signal(SIGXFSZ, SIG_IGN);
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &small), 0);
    static char big[8192];
    memset(big, 'x', sizeof big);
    gl_error err = {0};
    int rc = gl_write_file_atomic(in_dir("keep.txt"), big, sizeof big, &err);
    setrlimit(RLIMIT_FSIZE, &saved);
    signal(SIGXFSZ, old_handler);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err.msg, in_dir("keep.txt")));
    assert_string_equal(text_of(in_dir("keep.txt")), "the old text\n");
    assert_int_equal(entries(), 1);
    /* a directory, a missing directory: refused, named, nothing made */
    assert_int_equal(mkdir(in_dir("sub"), 0700), 0);
    assert_int_equal(gl_write_file_atomic(in_dir("sub"), "a", 1, &err), -1);
    assert_non_null(strstr(err.msg, in_dir("sub")));
    assert_int_equal(gl_write_file_atomic(in_dir("none/x.txt"), "a", 1, &err), -1);
    assert_non_null(strstr(err.msg, in_dir("none/x.txt")));
    assert_int_equal(rmdir(in_dir("sub")), 0);
    assert_int_equal(entries(), 1);
}

int main(int argc, char **argv)
{
    /* test_save --write PATH TEXT: one save, for save_syscalls.sh, which
     * watches the system calls it makes. */
    if (argc == 4 && strcmp(argv[1], "--write") == 0) {
        gl_error err = {0};
        if (gl_write_file_atomic(argv[2], argv[3], strlen(argv[3]), &err) != 0) {
            fprintf(stderr, "%s\n", err.msg);
            return 1;
        }
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_symlink_followed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_mode_kept, setup, teardown),
        cmocka_unit_test_setup_teardown(test_temp_name_clash, setup, teardown),
        cmocka_unit_test_setup_teardown(test_failed_write_keeps_old, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
