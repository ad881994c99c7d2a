/* The replay driver: runs a fuzz target's LLVMFuzzerTestOneInput over
 * files without libFuzzer, so the normal (gcc) build checks the seed
 * corpus and every saved crash input on each ctest run.
 *
 * usage: fuzz_replay_TARGET PATH...  (files, or directories of files;
 * a missing directory is skipped).  A property failure aborts, which
 * ctest reports with the file name printed just before. */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            fclose(f);
            fprintf(stderr, "%s: out of memory\n", path);
            return -1;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) free(buf);
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    fprintf(stderr, "replay %s (%zu bytes)\n", path, n);
    /* An exact-size copy, as libFuzzer passes it. */
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return -1;
    }
    memcpy(exact, buf, n);
    free(buf);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_path(const char *path, int *count)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT) return 0; /* no regressions yet */
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        (*count)++;
        return run_file(path);
    }
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t nn = 0, cap = 0;
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue; /* ., .., and .gitkeep-style files */
        if (nn == cap) {
            cap = cap ? cap * 2 : 64;
            char **nb = realloc(names, cap * sizeof *nb);
            if (!nb) {
                rc = -1;
                break;
            }
            names = nb;
        }
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        names[nn] = malloc(len);
        if (!names[nn]) {
            rc = -1;
            break;
        }
        snprintf(names[nn], len, "%s/%s", path, e->d_name);
        nn++;
    }
    closedir(d);
    if (nn) qsort(names, nn, sizeof *names, cmp_names); /* a stable order for logs */
    for (size_t i = 0; i < nn; i++) {
        if (rc == 0 && run_path(names[i], count) != 0) rc = -1;
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    int count = 0, rc = 0;
    for (int i = 1; i < argc; i++)
        if (run_path(argv[i], &count) != 0) rc = 1;
    printf("%d inputs replayed%s\n", count, rc ? " (with errors)" : "");
    return rc;
}
