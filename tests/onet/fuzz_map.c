/* Fuzz target `onet_map`: onet's map reader (rows of 0 and 1; SPEC 2.4)
 * and the board generator behind `gridlab new onet --map FILE`.
 *
 * onet_map_parse must refuse bad maps with a message.  A map it accepts
 * is written to a scratch file and handed to onet_create exactly as the
 * CLI does, with obstacle and bomb counts taken from the input's length so
 * that both the accepted and the refused combinations are reached; every
 * board it makes goes through exercise() (exercise.h). */
#include "exercise.h"

#include <unistd.h>

#include "games/onet/onet.h"

#define MAX_INPUT (16u << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) return 0;
    char *text = malloc(size ? size : 1); /* exact size: no NUL to lean on */
    if (!text) return 0;
    memcpy(text, data, size);
    onet_map m;
    memset(&m, 0, sizeof m);
    gl_error err = {0};
    if (onet_map_parse(text, size, "<fuzz>", &m, &err) != 0) {
        GL_FUZZ_CHECK(err.set && err.msg[0], "map refused without a message");
        free(text);
        return 0;
    }
    GL_FUZZ_CHECK(m.w > 0 && m.h > 0 && m.on, "accepted map %dx%d", m.w, m.h);
    onet_map_free(&m);

    /* The map as a file, read back by onet_create through onet_map_load. */
    char path[] = "/tmp/gl-fuzz-onet-map-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        free(text);
        return 0;
    }
    size_t off = 0;
    while (off < size) {
        ssize_t w = write(fd, text + off, size - off);
        if (w <= 0) break;
        off += (size_t)w;
    }
    close(fd);
    if (off == size) {
        gl_kvlist params;
        gl_kv_init(&params);
        char num[32];
        gl_kv_add(&params, "map", path, 0);
        snprintf(num, sizeof num, "%zu", 2 * (size % 4));
        gl_kv_add(&params, "obstacles", num, 0);
        snprintf(num, sizeof num, "%zu", size % 5);
        gl_kv_add(&params, "bombs", num, 0);
        gl_kv_add(&params, "border", size % 2 ? "1" : "0", 0);
        gl_rng rng;
        gl_rng_seed(&rng, size);
        gl_error e2 = {0};
        gl_board *b = gl_game_onet.create(&params, &rng, &e2);
        if (b) {
            GL_FUZZ_CHECK(gl_kv_check_used(&params, &e2) == 0, "onet create left a key: %s", e2.msg);
            exercise(&gl_game_onet, b);
            gl_game_onet.destroy(b);
        } else {
            GL_FUZZ_CHECK(e2.set && e2.msg[0], "onet create failed without a message");
        }
        gl_kv_free(&params);
    }
    unlink(path);
    free(text);
    return 0;
}
