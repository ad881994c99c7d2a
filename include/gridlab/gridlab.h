/* The public API of libgridlab: include this one header. */
#ifndef GRIDLAB_H
#define GRIDLAB_H

#include <gridlab/version.h>

#include "error.h"
#include "rng.h"
#include "strbuf.h"
#include "kv.h"
#include "text.h"
#include "json.h"
#include "timing.h"
#include "limits.h"
#include "bucketq.h"
#include "hash.h"
#include "bitset.h"
#include "cpu.h"
#include "events.h"
#include "game.h"
#include "play.h"
#include "scores.h"
#include "search.h"
#include "grid_bfs.h"
#include "link_bfs.h"

#endif
