# Helpers for the CLI tests: run the real program, check exit status,
# output and JSON validity.  Each test script sources this, calls the
# checks, and ends with `finish`, which prints "N passed, N failed".
set -u
: "${GRIDLAB:?set GRIDLAB to the gridlab program}"
: "${JSONCHECK:?set JSONCHECK to the gl_jsoncheck program}"
PASS=0
FAIL=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export NO_COLOR=1
# line mode records the games it ends: into the test's own table
export XDG_DATA_HOME="$TMP/data"

. "$(dirname "${BASH_SOURCE[0]}")/../games.sh"

# run ARGS...: runs gridlab; sets $OUT, $ERR, $RC, $RUN_MS (its wall time
# from start to end, read without starting any other process: on a loaded
# machine the test's own process starts would count otherwise) and
# $RUN_CPU_MS (its processor time).
run() {
    local t0=${EPOCHREALTIME/[.,]/} c0
    children_cpu_ms c0
    "$GRIDLAB" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?
    RUN_MS=$(((${EPOCHREALTIME/[.,]/} - t0) / 1000))
    children_cpu_ms RUN_CPU_MS
    RUN_CPU_MS=$((RUN_CPU_MS - c0))
    OUT=$(<"$TMP/out")
    ERR=$(<"$TMP/err")
}
# run_in INPUT ARGS...: the same with INPUT on standard input.
run_in() {
    local input=$1; shift
    printf '%s' "$input" | "$GRIDLAB" "$@" >"$TMP/out" 2>"$TMP/err"
    RC=$?
    OUT=$(<"$TMP/out")
    ERR=$(<"$TMP/err")
}
ok() { PASS=$((PASS + 1)); }
bad() {
    FAIL=$((FAIL + 1))
    echo "FAIL: $*" >&2
    echo "  rc=$RC" >&2
    echo "  stdout: $(printf '%s' "$OUT" | head -c 600)" >&2
    echo "  stderr: $(printf '%s' "$ERR" | head -c 600)" >&2
}
# expect_rc N NAME: the last run exited with N.
expect_rc() { if [ "$RC" -eq "$1" ]; then ok; else bad "$2: expected exit $1"; fi; }
# expect_out TEXT NAME: stdout contains TEXT.
expect_out() { case "$OUT" in *"$1"*) ok ;; *) bad "$2: stdout lacks '$1'" ;; esac; }
expect_err() { case "$ERR" in *"$1"*) ok ;; *) bad "$2: stderr lacks '$1'" ;; esac; }
# expect_json NAME: stdout is one valid JSON document.
expect_json() { if printf '%s' "$OUT" | "$JSONCHECK"; then ok; else bad "$1: invalid JSON"; fi; }
# expect_bad_input NAME ARGS...: exit 2, a "gridlab: " message, no crash.
expect_bad_input() {
    local name=$1; shift
    run "$@"
    if [ "$RC" -eq 2 ] && [ -n "$ERR" ] && [ "${ERR#gridlab: }" != "$ERR" ]; then ok; else bad "$name: expected exit 2 with a message"; fi
}
# stop_after SIG PID [JOB]: sends SIG to PID (a program this script started
# with &, or the program under the job JOB, say `timeout ... gridlab`) and
# waits for it (for JOB) to end; sets RC, STOP_MS (the wall time from the
# signal to the end) and STOP_CPU_MS (the processor time used after the
# signal: the program's, and JOB's own).  From the signal to the end no process is started (the clock is
# bash's $EPOCHREALTIME, the program's times bash's `times`), so that on a
# loaded machine the figures are the program's and not the test's own
# process starts; STOP_CPU_MS, what the program does to stop, does not
# depend on the load at all.
stop_after() {
    local sig=$1 pid=$2 job=${3:-$2} stat="" ticks=0 t0 t1 before after
    read -r stat <"/proc/$pid/stat" 2>/dev/null
    if [ -n "$stat" ]; then
        # shellcheck disable=SC2086
        set -- ${stat##*) }
        ticks=$((${12} + ${13}))
    fi
    children_cpu_ms before
    t0=${EPOCHREALTIME/[.,]/}
    kill "-$sig" "$pid" 2>/dev/null
    wait "$job"
    RC=$?
    t1=${EPOCHREALTIME/[.,]/}
    children_cpu_ms after
    STOP_MS=$(((t1 - t0) / 1000))
    STOP_CPU_MS=$((after - before - ticks * 10))
}
# children_cpu_ms VAR: the processor time (user and system, in ms) of the
# programs this script has waited for, into VAR (bash's `times`, second line).
children_cpu_ms() {
    local line=""
    times >"$TMP/times"
    { read -r line; read -r line; } <"$TMP/times"
    if [[ $line =~ ^([0-9]+)m([0-9]+)[.,]([0-9]{3})s\ ([0-9]+)m([0-9]+)[.,]([0-9]{3})s ]]; then
        local r=("${BASH_REMATCH[@]}")
        printf -v "$1" '%d' $(((10#${r[1]} * 60 + 10#${r[2]}) * 1000 + 10#${r[3]} +
                                (10#${r[4]} * 60 + 10#${r[5]}) * 1000 + 10#${r[6]}))
    else
        printf -v "$1" '%d' 0
    fi
}
# SLOW: 25 when the program is a script that runs it under valgrind
# (scripts/valgrind-cli), where everything is 20-30 times slower and the
# bounds are scaled; else 1.
SLOW=1
case "$(head -c 400 "$GRIDLAB" 2>/dev/null | tr -d '\0')" in *valgrind*) SLOW=25 ;; esac
# until_true SECONDS CMD...: polls CMD every 0.05 s; 1 when it never held
until_true() {
    local n=$(($1 * 20)); shift
    for _ in $(seq 1 "$n"); do "$@" && return 0; sleep 0.05; done
    return 1
}
# in_syscall PID NR [ARG]: the process waits in system call NR (0 read, 1
# write, 7 poll) with first argument ARG if given (a descriptor, as
# /proc/PID/syscall prints it: 0x0, 0x1): a signal now comes while it is
# blocked there.
in_syscall() {
    local nr arg rest
    read -r nr arg rest <"/proc/$1/syscall" 2>/dev/null || return 1
    [ "$nr" = "$2" ] && { [ -z "${3:-}" ] || [ "$arg" = "$3" ]; }
}
# cpu_ticks PID: the processor time a process has used so far, in clock
# ticks (1/100 s); 0 when it has ended.
cpu_ticks() {
    local stat=""
    read -r stat <"/proc/$1/stat" 2>/dev/null || { echo 0; return; }
    # shellcheck disable=SC2086
    set -- ${stat##*) }
    echo $((${12} + ${13}))
}
# Bounds that hold on a loaded machine (ctest -j16 on two cores, shared):
# what a program does is held by its processor time, which the load does
# not change; its wall time, mostly other processes' turns there, only
# against a hang (10 s).  Under valgrind (SLOW=25) both are scaled.
# limited NAME [CPU_MS]: the last run (run) kept to its limit: at most
# CPU_MS (default 2000) of processor time.
limited() {
    local cpu=${2:-2000} slow=${SLOW:-1}
    [ "$RUN_CPU_MS" -le $((cpu * slow)) ] && ok || bad "$1: $RUN_CPU_MS ms of processor time (bound $cpu)"
    [ "$RUN_MS" -le $((10000 * slow)) ] && ok || bad "$1: took $RUN_MS ms of wall time"
}
# stopped_soon NAME: the program just stopped by a signal (stop_after)
# ended soon: at most 2 s of processor time after the signal (a stop takes
# about 10 ms; the sanitizers' checks at the exit take more).
stopped_soon() {
    local slow=${SLOW:-1}
    [ "$STOP_CPU_MS" -le $((2000 * slow)) ] && ok || bad "$1: $STOP_CPU_MS ms of processor time after the signal"
    [ "$STOP_MS" -le $((10000 * slow)) ] && ok || bad "$1: took $STOP_MS ms of wall time after the signal"
}
# board TEXT: writes TEXT to a fresh file and prints its path.  (It runs in
# a command substitution, a subshell: a counter would not survive it, so
# the name comes from mktemp.)
board() {
    local f
    f=$(mktemp "$TMP/board.XXXXXX")
    printf '%s\n' "$1" >"$f"
    echo "$f"
}
# expect_header_like_new KEY=VALUE TEXT GAME --KEY VALUE: one range
# statement.  `new GAME --KEY VALUE` is refused (exit 2), and a file of TEXT,
# whose header holds KEY=VALUE, is refused by show and solve in the same
# words: "FILE:1: KEY=VALUE: " and what new said after "--KEY VALUE: ".
expect_header_like_new() {
    local pair=$1 text=$2 f said cmd
    shift 2
    run new "$@"
    expect_rc 2 "new $*: refused"
    said=${ERR#*"$2 $3: "}
    f=$(board "$text")
    for cmd in show solve; do
        expect_bad_input "$cmd: a file with $pair" "$cmd" "$f"
        expect_err "$f:1: $pair: $said" "$cmd: $pair in a file refused like new $2 $3"
    done
}
# new_same NAME ARGS...: `new ARGS` and `new ID` agree byte for byte.
new_same() {
    local name=$1; shift
    run new "$@"
    expect_rc 0 "$name: new"
    local first=$OUT
    local id=${first%%$'\n'*}
    case "$id" in "# id: "*) ok ;; *) bad "$name: the first line is not '# id: ...'"; return ;; esac
    id=${id#"# id: "}
    run new "$id"
    expect_rc 0 "$name: new ID"
    if [ "$OUT" = "$first" ]; then ok; else bad "$name: new $id differs from new $*"; fi
    ID=$id
}
# solve, hint, show and path take an ID wherever they take a FILE: the
# board an ID names is the board `new ID` prints (a path that exists is
# read as a file, whatever it looks like; anything else as an ID).
# same_as_file NAME ID ARGS...: `gridlab ARGS` with FILE and with the ID
# agree (stdout, and the exit status); FILE in ARGS stands for the board.
same_as_file() {
    local name=$1 id=$2; shift 2
    "$GRIDLAB" new "$id" >"$TMP/idboard.txt"
    local args=() w
    for w in "$@"; do [ "$w" = FILE ] && args+=("$TMP/idboard.txt") || args+=("$w"); done
    run "${args[@]}"
    local out_file=$OUT rc_file=$RC
    args=()
    for w in "$@"; do [ "$w" = FILE ] && args+=("$id") || args+=("$w"); done
    run "${args[@]}"
    if [ "$RC" = "$rc_file" ] && [ "$OUT" = "$out_file" ] && [ -n "$OUT" ]; then ok
    else bad "$name: '${args[*]}' differs from the same with the file (exit $rc_file: $(printf '%s' "$out_file" | head -c 300))"; fi
}
ids_as_files() {
    local game=$1 id=$2
    same_as_file "$game: show ID" "$id" show FILE
    # a limit out of reach: the default one (0.4 s) stopped lines' hint
    # under ctest -j16, and a stopped search's move depends on the time
    same_as_file "$game: hint ID" "$id" hint FILE --json --limit-ms 600000
}
finish() {
    echo "$PASS passed, $FAIL failed"
    [ "$FAIL" -eq 0 ]
}
