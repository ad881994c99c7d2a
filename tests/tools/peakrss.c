/* peakrss: runs a command and writes its peak resident set (kilobytes, as
 * the kernel counts it for the child) to a file, for the CLI tests that
 * check memory stays bounded.  Standard input, output and error pass
 * through; the exit status is the command's (128 + N when signal N ended
 * it).
 *
 *   gl_peakrss KB_FILE COMMAND [ARGS...] */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: gl_peakrss KB_FILE COMMAND [ARGS...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("gl_peakrss: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("gl_peakrss: exec");
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) < 0) {
        perror("gl_peakrss: wait");
        return 2;
    }
    FILE *f = fopen(argv[1], "w");
    if (!f || fprintf(f, "%ld\n", ru.ru_maxrss) < 0 || fclose(f) != 0) {
        perror("gl_peakrss: writing the result");
        return 2;
    }
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
