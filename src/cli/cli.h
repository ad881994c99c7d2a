/* Shared pieces of the gridlab program: the subcommand table, argument
 * parsing, and the few output helpers every subcommand uses.
 *
 * Arguments: `--flag` for the booleans a subcommand declares, `--key value`
 * or `--key=value` for everything else.  Options a subcommand does not take
 * itself are handed to the game (new) or the solver (solve), which name any
 * they do not know: nothing is silently ignored.  An option given without
 * a value is kept as such, and whoever reads the options says either that
 * it needs a value or that it is unknown (with the nearest known name). */
#ifndef GRIDLAB_CLI_H
#define GRIDLAB_CLI_H

#include <stdio.h>
#include <signal.h>
#include "gridlab/internal.h"

#define GL_EXIT_OK 0
#define GL_EXIT_NO 1
#define GL_EXIT_USAGE 2
#define GL_EXIT_STOPPED 3       /* a search stopped at its limit before it had an answer */
#define GL_EXIT_INTERRUPTED 130 /* Ctrl-C (SIGINT) or SIGTERM */

typedef struct gl_cli_command {
    const char *name;
    const char *usage;   /* one line: "solve FILE|- [--algo A] ..." */
    const char *summary;
    int (*run)(int argc, char **argv); /* argv[0] is the subcommand name */
} gl_cli_command;

/* Another drawing of a game's boards, for `show --FLAG` (flood's groups). */
typedef struct gl_cli_view {
    const char *flag;
    const char *help;
    void (*render)(const gl_board *b, gl_strbuf *out, int colour);
} gl_cli_view;

/* A game's tools in the program, all optional: subcommands of its own
 * (commands, ended by a {NULL} entry), another drawing for `show` (view)
 * and `gridlab bench GAME` (bench, argv[0] the name "bench GAME").  A game
 * has one when its folder has GAME_cli.c, which defines it as
 * `const gl_cli_tools gl_cli_tools_GAME`; that file and GAME_bench.c are
 * compiled into the program, not the library. */
typedef struct gl_cli_tools {
    const char *game;
    const gl_cli_command *commands;
    const gl_cli_view *view;
    int (*bench)(int argc, char **argv);
    /* In a program built with MPI, started with --mpi: installs the game's
     * transport across processes (MPI is initialised); may be NULL. */
    void (*mpi)(void);
} gl_cli_tools;

/* The tools of the games of the build, in the registry's order, ended by
 * NULL (generated from GL_GAMES: cmake/cli_registry.c.in). */
extern const gl_cli_tools *const gl_cli_tools_all[];
/* `gridlab bench hints`: the hint on every preset of every game (bench/hints.c). */
int gl_bench_hints(int argc, char **argv);

typedef struct gl_args {
    const char *pos[16];
    int npos;
    gl_kvlist opts;      /* --key value pairs */
    unsigned flags;      /* bit i set: flags[i] of the declared list was given */
} gl_args;

/* Parses argv[1..] with the given boolean flag names (space-separated,
 * "help" is always accepted).  Returns 0 or prints the problem and returns
 * -1 (exit 2): an option or a flag given twice (one rule for every option:
 * refused, never the first or the last silently kept), a flag with a value,
 * an argument like "-x" (options are --NAME; "-" alone is standard input). */
int gl_args_parse(int argc, char **argv, const char *flag_names, gl_args *a);
int gl_args_flag(const gl_args *a, const char *flag_names, const char *name);
/* Between min and max arguments besides the options: 0, or prints the
 * problem (naming the first unexpected argument) with the usage line and
 * returns 2. */
int gl_args_expect(const gl_args *a, int min, int max, const char *usage);
void gl_args_free(gl_args *a);

/* Common options pulled from a.opts. */
int gl_args_limits(gl_args *a, gl_limits *lim, gl_error *err);   /* --limit-ms, --mem-mb */
/* --seed N; *seed is left as it is when absent (*given says which). */
int gl_args_seed(gl_args *a, uint64_t *seed, int *given, gl_error *err);
/* A seed from the clock and the process, for a new game without --seed. */
uint64_t gl_cli_clock_seed(void);
/* A comma-separated option value (a benchmark's --algos, --sets, --ais,
 * --rules), split once so that every name can be checked before any work
 * and the runs loop over the names. */
#define GL_CLI_LIST_MAX 16
#define GL_CLI_NAME_MAX 48
typedef struct gl_cli_list {
    int n;
    char name[GL_CLI_LIST_MAX][GL_CLI_NAME_MAX];
} gl_cli_list;
/* Splits value at commas (empty pieces left out): 0, or -1 with err
 * naming what ("bench flood: --algos") when it names nothing, more than
 * GL_CLI_LIST_MAX names, or a name too long. */
int gl_cli_list_split(const char *what, const char *value, gl_cli_list *out, gl_error *err);

/* Fails naming the first option that a getter found without a value. */
int gl_args_check_values(const gl_args *a, gl_error *err);
/* Copies the options no getter has used yet (for a game or a solver), with
 * the command's name and the options it asked for (for messages); options
 * the command read but found without a value are copied marked used, so
 * that the reader's gl_kv_check_used names them. */
void gl_args_unused(const gl_args *a, gl_kvlist *out);

/* Index of name in a space-separated list of names, or -1. */
int gl_args_flag_index(const char *names, const char *name, size_t len);
/* Prints "gridlab: MSG" on stderr and returns 2. */
int gl_cli_fail(const gl_error *err);
int gl_cli_failf(const char *fmt, ...) GL_PRINTF(1, 2);
/* Prints the usage of a command (for --help) and returns 0. */
int gl_cli_help(const char *usage, const char *text);
/* How a subcommand starts: parses its arguments (gl_args_parse) and
 * answers --help with its usage and text.  1: go on with a; 0: the command
 * is done (help printed, or the arguments refused), its exit status in
 * *status, nothing left to free. */
int gl_args_start(int argc, char **argv, const char *flag_names, gl_args *a, int *status, const char *usage,
                  const char *text);

/* Ctrl-C and SIGTERM (signals.c).  main installs the handler first
 * (gl_cli_signals_init): until a command says it can stop gently, a signal
 * ends the program at once with exit 130 (while it reads a board from
 * standard input, say).  gl_cli_catch_sigint() (gl_cli_stop_gently(1)):
 * from then on the first signal only sets gl_cli_interrupted, which the
 * searches poll, and a command that returns with it set exits 130
 * (main.c); a second ends the program at once.  gl_cli_stop_gently(0)
 * goes back to stopping at once (line mode, while it waits for a command).
 * Interrupted system calls restart, so output is never cut short by a
 * signal. */
extern volatile sig_atomic_t gl_cli_interrupted;
void gl_cli_signals_init(void);
void gl_cli_catch_sigint(void);
void gl_cli_stop_gently(int on);

/* Colour on a terminal unless NO_COLOR is set. */
int gl_cli_use_color(FILE *f);

/* Running as one of several processes (mpi.c, `--mpi` under mpirun).
 * gl_cli_mpi_start: before anything else; when argv holds --mpi, starts
 * MPI (refused, exit 2, in a build without it), lets each game install
 * its transport, rewrites --mpi as the solver option "--mpi 1", and sends
 * the output of every process but rank 0 to /dev/null.  0 to go on, else
 * an exit status.  gl_cli_mpi_end: at exit. */
int gl_cli_mpi_start(int *argc, char ***argv);
void gl_cli_mpi_end(void);
/* Where a process's own failure is told: standard error as it was before
 * gl_cli_mpi_start, on every rank. */
int gl_cli_mpi_err_fd(void);
/* The search ended without the other processes (rank 0 after a signal,
 * docs/flood.md): gl_cli_mpi_end aborts the job, exit 130, instead of
 * waiting for them in MPI_Finalize. */
void gl_cli_mpi_abandon(void);
/* The last distributed search's effort per process (set by the game's
 * transport: expansions, peak bytes charged, processor milliseconds of the
 * search), added to the next solution printed as "ranks". */
void gl_cli_mpi_ranks(int n, const unsigned long long *nodes, const size_t *peak, const double *cpu_ms);
/* Appends "ranks" to the JSON object just written in out, once per search. */
void gl_cli_mpi_ranks_json(gl_strbuf *out);

/* Solver output shared by solve, tour and batch. */
void gl_cli_solution_json(const gl_game *g, const gl_board *b, const char *algo,
                          const gl_solution *s, gl_strbuf *out);
void gl_cli_moves_text(const gl_game *g, const gl_board *b, const gl_solution *s,
                       const char *sep, gl_strbuf *out);
/* Runs a named solver with options checked against what it accepts. */
int gl_cli_run_solver(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts,
                      const gl_limits *lim, gl_strbuf *trace, gl_solution *sol, gl_error *err);
/* The same, keeping the solver's workspace in keep for the caller's next
 * solve (a benchmark's repeats; gl_solve_opts.keep). */
int gl_cli_run_solver_kept(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts,
                           const gl_limits *lim, gl_keep *keep, gl_solution *sol, gl_error *err);
/* Checks a solver's name and options before a benchmark's work: runs it
 * on b (a small board) already interrupted, so a solver reads its options,
 * refuses a wrong one, and stops before searching.  0, or -1 with err. */
int gl_cli_check_solver(const gl_game *g, const gl_board *b, const char *algo, gl_kvlist *opts, gl_error *err);
/* Whether s names a game ID rather than a file: a known game's name
 * followed by ':' or '#'. */
int gl_cli_is_id(const char *s);
/* The board a command's argument names: standard input for "-", the
 * file when a file of that name exists, else the board of a game ID
 * (GAME:PARAMS#SEED, the board `gridlab new ID` prints).  NULL with err. */
gl_board *gl_cli_board_read(const char *arg, const gl_game **g, gl_error *err);
/* Replays a solution's moves on a copy of b; 0 when all are legal. */
int gl_cli_replay(const gl_game *g, const gl_board *b, const gl_solution *s, gl_error *err);

int gl_cmd_list(int argc, char **argv);
int gl_cmd_new(int argc, char **argv);
int gl_cmd_show(int argc, char **argv);
int gl_cmd_solve(int argc, char **argv);
int gl_cmd_hint(int argc, char **argv);
int gl_cmd_path(int argc, char **argv);
int gl_cmd_play(int argc, char **argv);
int gl_cmd_bench(int argc, char **argv);
int gl_cmd_tour(int argc, char **argv);

/* The front ends of `play` beside line mode (play/front.h), generated:
 * the terminal front end when it is built. */
struct gl_front;
extern const struct gl_front *const gl_cli_fronts[];

#endif
