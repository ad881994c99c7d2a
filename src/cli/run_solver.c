/* Running a game's solver by name with the options given on the command
 * line (each checked against the solver's list). */
#include "cli.h"

#include <stdio.h>
#include <string.h>

/* Is key in the solver's space-separated option list? */
static int accepts(const char *list, const char *key)
{
    return list && gl_args_flag_index(list, key, strlen(key)) >= 0;
}

static int run_solver(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts, const gl_limits *lim,
                      gl_strbuf *trace, gl_keep *keep, gl_solution *sol, gl_error *err)
{
    const gl_solver *sv = gl_game_solver(g, algo);
    if (!sv) {
        gl_strbuf names = GL_STRBUF_INIT;
        for (int i = 0; i < g->nsolvers; i++) {
            if (i) gl_sb_puts(&names, ", ");
            gl_sb_puts(&names, g->solvers[i].name);
        }
        gl_error_set(err, "%s has no solver '%s' (solvers: %s)", g->name, algo ? algo : "",
                     gl_sb_str(&names));
        gl_sb_free(&names);
        return -1;
    }
    if (opts)
        for (int i = 0; i < opts->n; i++) {
            const gl_kv *kv = &opts->items[i];
            if (kv->used && kv->novalue) return gl_error_set(err, "option --%s needs a value", kv->key);
            if (accepts(sv->options, kv->key)) {
                if (kv->novalue) return gl_error_set(err, "option --%s needs a value", kv->key);
                continue;
            }
            char near[72], hint[96] = "";
            if (gl_kv_suggest(opts, kv->key, sv->options, near, sizeof near))
                snprintf(hint, sizeof hint, "; did you mean --%s?", near);
            if (opts->context)
                return gl_error_set(err, "unknown option --%.60s for %s%s (%s %s takes: %s)", kv->key,
                                    opts->context, hint, g->name, sv->name, sv->options ? sv->options : "none");
            return gl_error_set(err, "unknown option --%.60s for %s %s%s (it takes: %s)", kv->key, g->name,
                                sv->name, hint, sv->options ? sv->options : "none");
        }
    gl_solve_opts o;
    memset(&o, 0, sizeof o);
    o.lim = *lim;
    o.opts = opts;
    o.trace = trace;
    o.keep = keep;
    return sv->solve(b, &o, sol, err);
}

int gl_cli_run_solver(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts,
                      const gl_limits *lim, gl_strbuf *trace, gl_solution *sol, gl_error *err)
{
    return run_solver(g, b, algo, opts, lim, trace, NULL, sol, err);
}

int gl_cli_run_solver_kept(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts,
                           const gl_limits *lim, gl_keep *keep, gl_solution *sol, gl_error *err)
{
    return run_solver(g, b, algo, opts, lim, NULL, keep, sol, err);
}

int gl_cli_check_solver(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts, gl_error *err)
{
    volatile sig_atomic_t stop = 1;
    gl_limits lim = {0, 0, &stop, NULL};
    gl_solution sol;
    gl_solution_init(&sol);
    int rc = run_solver(g, b, algo, opts, &lim, NULL, NULL, &sol, err);
    gl_solution_free(&sol);
    return rc;
}
