/* The table of data files given as bytes (gridlab/data.h). */
#include "gridlab/data.h"
#include "gridlab/game_impl.h"

#include <stdlib.h>
#include <string.h>

static struct {
    char name[GL_DATA_MAX_NAME + 1];
    unsigned char *bytes;
    size_t len;
} files[GL_DATA_MAX_FILES];
static char wanted[GL_DATA_MAX_NAME + 1];
static char wanted_out[GL_DATA_MAX_NAME + 1];
#ifdef __EMSCRIPTEN__
static int files_allowed = 0;
#else
static int files_allowed = 1;
#endif

int gl_data_give(const char *name, const unsigned char *bytes, size_t len)
{
    if (!name || !*name || strlen(name) > GL_DATA_MAX_NAME || (!bytes && len)) return -1;
    int slot = -1;
    for (int i = 0; i < GL_DATA_MAX_FILES; i++) {
        if (files[i].name[0] && strcmp(files[i].name, name) == 0) {
            slot = i;
            break;
        }
        if (!files[i].name[0] && slot < 0) slot = i;
    }
    if (slot < 0) return -1;
    unsigned char *copy = malloc(len ? len : 1);
    if (!copy) return -1;
    if (len) memcpy(copy, bytes, len);
    free(files[slot].bytes);
    strcpy(files[slot].name, name);
    files[slot].bytes = copy;
    files[slot].len = len;
    if (strcmp(wanted, name) == 0) wanted[0] = '\0';
    return 0;
}

const unsigned char *gl_data_find(const char *name, size_t *len)
{
    for (int i = 0; name && i < GL_DATA_MAX_FILES; i++) {
        if (files[i].name[0] && strcmp(files[i].name, name) == 0) {
            if (len) *len = files[i].len;
            return files[i].bytes;
        }
    }
    return NULL;
}

void gl_data_files(int allowed) { files_allowed = allowed != 0; }

int gl_data_files_allowed(void) { return files_allowed; }

void gl_data_want(const char *name)
{
    if (!name || strlen(name) > GL_DATA_MAX_NAME) return;
    strcpy(wanted, name);
}

const char *gl_data_wanted(void)
{
    strcpy(wanted_out, wanted);
    wanted[0] = '\0';
    return wanted_out;
}

void gl_data_clear(void)
{
    for (int i = 0; i < GL_DATA_MAX_FILES; i++) {
        free(files[i].bytes);
        files[i].bytes = NULL;
        files[i].name[0] = '\0';
        files[i].len = 0;
    }
    wanted[0] = '\0';
}
