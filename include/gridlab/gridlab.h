/* The public API of libgridlab: include this one header.  It is what a
 * front end needs: the games' registry and interface (game.h), the play
 * session (play.h), tables of best results (scores.h), events, errors,
 * limits, data files given as bytes (data.h), and the small types they
 * are written in (key=value lists, string buffers, the random generator,
 * the JSON records).  What games and
 * solvers are written with is the library's own (src/gridlab/). */
#ifndef GRIDLAB_H
#define GRIDLAB_H

#include <gridlab/version.h>

#include "error.h"
#include "rng.h"
#include "strbuf.h"
#include "kv.h"
#include "json.h"
#include "limits.h"
#include "events.h"
#include "game.h"
#include "play.h"
#include "scores.h"
#include "data.h"

#endif
