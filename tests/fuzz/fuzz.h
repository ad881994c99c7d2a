/* Shared by the fuzz targets and the replay driver.
 *
 * A target's property checks must hold for every input; when one fails the
 * target prints what broke and aborts, which libFuzzer (and the replay
 * driver under ctest) reports as a crash with the input that caused it. */
#ifndef GL_FUZZ_H
#define GL_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define GL_FUZZ_CHECK(cond, ...)                                                   \
    do {                                                                           \
        if (!(cond)) {                                                             \
            fprintf(stderr, "fuzz property failed at %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                                          \
            fputc('\n', stderr);                                                   \
            abort();                                                               \
        }                                                                          \
    } while (0)

#endif
