/* The built-in maps (SPEC 2.4 map format: rows of 0 and 1, 1 = a tile).
 * Embedded as C strings so the program needs no data files; each is
 * parsed by the same reader as a map file (tests check they all load). */
#ifndef GRIDLAB_GAMES_ONET_MAPS_DATA_H
#define GRIDLAB_GAMES_ONET_MAPS_DATA_H

typedef struct onet_builtin_map {
    const char *name;
    const char *about;
    const char *rows;
} onet_builtin_map;

static const onet_builtin_map onet_builtin_maps[] = {
    {"small", "8x6 full: a first level",
     "11111111\n"
     "11111111\n"
     "11111111\n"
     "11111111\n"
     "11111111\n"
     "11111111\n"
    },
    {"classic", "12x8 full: 96 tiles, 24 kinds of 4 (Lianliankan)",
     "111111111111\n"
     "111111111111\n"
     "111111111111\n"
     "111111111111\n"
     "111111111111\n"
     "111111111111\n"
     "111111111111\n"
     "111111111111\n"
    },
    {"shisen", "17x8 full: 136 tiles, 34 kinds of 4 (Shisen-Sho)",
     "11111111111111111\n"
     "11111111111111111\n"
     "11111111111111111\n"
     "11111111111111111\n"
     "11111111111111111\n"
     "11111111111111111\n"
     "11111111111111111\n"
     "11111111111111111\n"
    },
    {"big", "16x10 full: 160 tiles",
     "1111111111111111\n"
     "1111111111111111\n"
     "1111111111111111\n"
     "1111111111111111\n"
     "1111111111111111\n"
     "1111111111111111\n"
     "1111111111111111\n"
     "1111111111111111\n"
     "1111111111111111\n"
     "1111111111111111\n"
    },
    {"gaps", "14x10 checkerboard: the seed's spaced layout (tiles on alternate cells, bombs between)",
     "10101010101010\n"
     "01010101010101\n"
     "10101010101010\n"
     "01010101010101\n"
     "10101010101010\n"
     "01010101010101\n"
     "10101010101010\n"
     "01010101010101\n"
     "10101010101010\n"
     "01010101010101\n"
    },
    {"frame", "14x10 with a 6x6 hole in the middle",
     "11111111111111\n"
     "11111111111111\n"
     "11110000001111\n"
     "11110000001111\n"
     "11110000001111\n"
     "11110000001111\n"
     "11110000001111\n"
     "11110000001111\n"
     "11111111111111\n"
     "11111111111111\n"
    },
    {"diamond", "14x10 diamond",
     "00000111000000\n"
     "00001111100000\n"
     "00011111110000\n"
     "00111111111000\n"
     "01111111111100\n"
     "01111111111100\n"
     "00111111111000\n"
     "00011111110000\n"
     "00001111100000\n"
     "00000111000000\n"
    },
};

#endif
