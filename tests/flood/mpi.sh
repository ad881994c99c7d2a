#!/usr/bin/env bash
# flood's A* over several processes (solve/batch --mpi under mpirun,
# docs/flood.md "Many processes").  In a build without MPI: --mpi is
# refused (exit 2, a message), then the test skips (77).  With MPI, 2
# processes: the answers equal one process's on hard boards (the same
# proved lengths, each solution replayed), both processes expanding nodes,
# "ranks" in --json; a time limit stops every process with the best bounds
# known; --mpi with --threads, standard input or another solver is
# refused; SIGTERM and SIGINT to mpirun or to a process, a process that
# hangs and one killed end every process in bounded time (rank 0's answer
# or the watchdog's message).  With MPI_FULL=1 (ctest label full): 4
# processes.  With MPI_QUICK=1 (ctest cli/flood_mpi_quick, the default
# sanitizer pass's): each of the program's own ways through its MPI code
# once, leaving out what repeats one of them there (the solutions replayed
# through play, which the plain pass checks; SIGTERM and SIGINT to mpirun,
# which Open MPI passes on as the signal to a process is; kill -9, where
# mpirun ends the job or the watchdog does as for a hang; of the refused
# options --threads alone: the others end the same way, and each costs
# an mpirun of two sanitized processes).
. "$(dirname "$0")/../cli/lib.sh"
quick=${MPI_QUICK:-0}

data="$GL_SOURCE_DIR/bench/data/flood"
b12="$TMP/h12.txt"
sed -n 18,20p "$data/hard99.txt" >"$b12"   # 12_12_10_001..003: 24, 26, 25 moves
{ echo "flood size=16x16 colors=11"; sed -n 64p "$data/hard99.txt" | fold -w16; } >"$TMP/h16.txt"  # 16_16_10_005, 30
{ echo "flood size=14x14 colors=11"; sed -n 41p "$data/hard99.txt" | fold -w14; } >"$TMP/h14.txt"  # 14_14_10_002, 30
# the board the stops interrupt: 16_16_10_001, 33 moves, about 19 s of
# processor time on one process (a stop comes after 2 s a process, far
# from its end even when MPI's waits add to a process's time)
{ echo "flood size=16x16 colors=11"; sed -n 62p "$data/hard99.txt" | fold -w16; } >"$TMP/stop.txt"

run solve "$TMP/h16.txt" --mpi
if [ "$RC" -eq 2 ] && [ "${ERR#*built without MPI}" != "$ERR" ]; then
    ok
    run batch flood "$b12" --size 12x12 --mpi; expect_rc 2 "batch --mpi without MPI"
    expect_err "built without MPI" "batch --mpi without MPI says why"
    finish
    exit 77
fi
command -v mpirun >/dev/null || { echo "mpi: no mpirun in PATH" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# on one machine: more processes than cores (--oversubscribe)
export OMPI_MCA_rmaps_base_oversubscribe=1
# under AddressSanitizer: Open MPI's own allocations held to the end are
# not ours (mpi.supp names its libraries); the slow unwinder, because
# Open MPI's libraries keep no frame pointers and the fast one stops at
# their first frame, which then names no library ("unknown module")
export LSAN_OPTIONS="suppressions=$GL_SOURCE_DIR/tests/flood/mpi.supp:print_suppressions=0"
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}fast_unwind_on_malloc=0"

# mpirun_run N ARGS...: gridlab on N processes; OUT, ERR, RC as run
mpirun_run() {
    local n=$1; shift
    timeout -s KILL 300 mpirun -np "$n" "$GRIDLAB" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?
    OUT=$(cat "$TMP/out")
    ERR=$(cat "$TMP/err")
}
# field NAME: the number after "NAME": in each line of OUT
field() { printf '%s\n' "$OUT" | sed -n "s/.*\"$1\":\([0-9]*\).*/\1/p"; }

# the answers of one process
run batch flood "$b12" --size 12x12 --json; expect_rc 0 "batch, one process"
one_cost=$(field cost)
[ "$one_cost" = $'24\n26\n25' ] && ok || bad "one process: the published lengths"

check_ranks() { # NAME RANKS: every line has RANKS ranks, each with nodes, whose sum is nodes
    printf '%s\n' "$OUT" | python3 -c '
import json, sys
name, n = sys.argv[1], int(sys.argv[2])
for line in sys.stdin:
    d = json.loads(line)
    r = d.get("ranks")
    assert r and len(r) == n, "%s: ranks %r" % (name, r)
    assert all(x["nodes"] > 0 and x["peak_bytes"] > 0 for x in r), "%s: a process idle: %r" % (name, r)
    assert sum(x["nodes"] for x in r) == d["nodes"], "%s: nodes %d, ranks %r" % (name, d["nodes"], r)
' "$1" "$2" && ok || bad "$1: ranks"
}

mpirun_run 2 batch flood "$b12" --size 12x12 --json --mpi; expect_rc 0 "batch --mpi on 2"
[ "$(field cost)" = "$one_cost" ] && ok || bad "2 processes: the lengths of one"
[ "$(printf '%s\n' "$OUT" | grep -c '"optimal":true')" = 3 ] && ok || bad "2 processes: every answer proved"
check_ranks "batch on 2" 2
expect_err "3 boards" "batch summary from rank 0"
[ "$(printf '%s\n' "$ERR" | grep -c 'flood batch:')" = 1 ] && ok || bad "one summary (rank 0 prints)"
# each solution replays (batch replays before it prints; again through play)
if [ "$quick" = 0 ]; then
    mpirun_run 2 batch flood "$b12" --size 12x12 --mpi; expect_rc 0 "batch --mpi, plain"
    i=0
    while read -r sol; do
        i=$((i + 1))
        { echo "flood size=12x12 colors=11"; sed -n "${i}p" "$b12" | fold -w12; } >"$TMP/r.txt"
        run_in "$(printf '%s' "$sol" | fold -w1)"$'\n' play "$TMP/r.txt" --lines
        expect_out "won!" "board $i: the 2-process solution replays"
    done <<<"$OUT"
fi

mpirun_run 2 solve "$TMP/h14.txt" --json --mpi; expect_rc 0 "solve --mpi on 2"; expect_json "solve --mpi json"
expect_out '"optimal":true,"cost":30' "14_14_10_002 proved 30 on 2"
check_ranks "solve on 2" 2
{ echo "flood size=12x12 colors=11"; sed -n 1p "$b12" | fold -w12; } >"$TMP/h12a.txt"
mpirun_run 2 solve "$TMP/h12a.txt" --mpi; expect_rc 0 "solve --mpi text"
expect_out "cost 24 in 24 moves, proved optimal" "text output from rank 0"
[ "$(printf '%s\n' "$OUT" | grep -c '^moves:')" = 1 ] && ok || bad "printed once"

# a limit stops every process: a whole answer, not proved, the bound proved
mpirun_run 2 solve "$TMP/h16.txt" --json --mpi --limit-ms 300; expect_rc 0 "limit on 2"
expect_out '"optimal":false' "limit: not optimal"; expect_out '"stopped":"time limit"' "limit: stopped"
lb=$(field lower_bound)
[ -n "$lb" ] && [ "$lb" -ge 20 ] && [ "$lb" -le 30 ] && ok || bad "limit: lower bound $lb in 20..30 (30 is optimal)"
[ "$(field cost)" -ge 30 ] && ok || bad "limit: a whole solution"

# rank_of PID: the MPI rank of a process (its environment says it: the
# process ids give no order once they have wrapped)
rank_of() {
    tr '\0' '\n' <"/proc/$1/environ" 2>/dev/null | sed -n 's/^OMPI_COMM_WORLD_RANK=//p'
}
# ranks_of PID: the gridlab processes (rank 0's first) under the mpirun
# under PID (the job), once both are searching: each has had 1 s of
# processor time (MPI's start takes far less, even under the sanitizers;
# the stopped board's search takes about 9 s per process on 2, and its
# bounds are in the range expect_bounds checks from its first 0.1 s)
ranks_of() {
    local mp procs i p busy tck
    tck=$(getconf CLK_TCK)
    for i in $(seq 1 300); do
        mp=$(pgrep -P "$1" mpirun || echo "$1")
        procs=$(pgrep -P "$mp" gridlab)
        busy=0
        for p in $procs; do [ "$(cpu_ticks "$p")" -ge "$tck" ] && busy=$((busy + 1)); done
        [ "$busy" -ge 2 ] && break
        sleep 0.2
    done
    for p in $procs; do printf '%s %s\n' "$(rank_of "$p")" "$p"; done | sort -n | cut -d' ' -f2
}
# HANG_MS: a stopped job's end is held to it against a hang only (each
# job runs under a 120 s timeout): Open MPI's teardown after a killed
# rank took 43 s on a machine loaded by a full run (valgrind, the page's
# tests and two builds beside).
HANG_MS=60000
# start_job ARGS...: mpirun -np 2 gridlab solve 16_16_10_001 --json --mpi
# ARGS in the background (a search of several seconds): JOB (the
# timeout's pid), MPIRUN, RANK0, RANK1
start_job() {
    timeout -s KILL 120 mpirun "$@" -np 2 "$GRIDLAB" solve "$TMP/stop.txt" --json --mpi >"$TMP/out" 2>"$TMP/err" </dev/null &
    JOB=$!
    local r
    r=$(ranks_of "$JOB")
    MPIRUN=$(pgrep -P "$JOB" mpirun || echo "$JOB")
    RANK0=$(printf '%s\n' "$r" | sed -n 1p)
    RANK1=$(printf '%s\n' "$r" | sed -n 2p)
    [ -n "$RANK0" ] && [ -n "$RANK1" ] && ok || bad "start_job: two processes ($r)"
}
# end_job SIG PID: sends SIG to PID, waits for the job: RC, STOP_MS, OUT, ERR
# (a job still running after HANG_MS: its processes' states are kept and
# printed, for a failure that cannot be had again at will)
end_job() {
    rm -f "$TMP/hang.txt"
    (
        sleep $((HANG_MS / 1000)) </dev/null >/dev/null 2>&1
        for p in $(pgrep -f "solve $TMP/stop.txt"); do
            printf '%s: %s; syscall %s; wchan %s\n' "$p" "$(tr '\0' ' ' <"/proc/$p/cmdline")" \
                "$(cat "/proc/$p/syscall")" "$(cat "/proc/$p/wchan")"
            cat "/proc/$p/stack" 2>/dev/null | head -8
            # where in the program each process is (a process running in
            # user space shows no system call to tell); not the one stopped
            # on purpose, which gdb's leaving would let go on
            read -r _ _ state _ <"/proc/$p/stat"
            case "$state $(tr '\0' ' ' <"/proc/$p/cmdline")" in
                T*|*mpirun*) ;;
                *) command -v gdb >/dev/null && timeout 20 gdb -p "$p" -batch -ex 'thread apply all bt 30' </dev/null 2>&1 |
                    grep -E '^(#|Thread )' | head -80 ;;
            esac
        done >"$TMP/hang.txt" 2>&1
    ) &
    local watcher=$!
    stop_after "$1" "$2" "$JOB"
    pkill -P "$watcher" sleep 2>/dev/null
    kill "$watcher" 2>/dev/null
    wait "$watcher" 2>/dev/null
    OUT=$(<"$TMP/out")
    ERR=$(<"$TMP/err")
    if [ -s "$TMP/hang.txt" ]; then
        echo "the job ran past $HANG_MS ms; its processes then:" >&2
        cat "$TMP/hang.txt" >&2
    fi
}
# a stop's answer from rank 0: not proved, the bound, no shorter than it
expect_bounds() {
    expect_out '"optimal":false' "$1: not proved"
    expect_out '"stopped":"interrupted"' "$1: stopped"
    local lb
    lb=$(field lower_bound)
    [ -n "$lb" ] && [ "$lb" -ge 20 ] && [ "$lb" -le 33 ] && [ "$(field cost)" -ge 33 ] && ok ||
        bad "$1: lower bound '$lb' in 20..33, cost $(field cost) >= 33"
}

# SIGTERM (or Ctrl-C) to mpirun: Open MPI passes it to every process and
# kills them 1 s later; rank 0 prints its answer first; mpirun's status 1
if [ "$quick" = 0 ]; then
    start_job
    end_job TERM "$MPIRUN"
    expect_rc 1 "SIGTERM to mpirun: mpirun's status"
    expect_bounds "SIGTERM to mpirun"
    [ "$STOP_MS" -lt "$HANG_MS" ] && ok || bad "SIGTERM to mpirun: ended in $STOP_MS ms"
    start_job
    end_job INT "$MPIRUN"
    expect_rc 1 "SIGINT to mpirun: mpirun's status"
    expect_bounds "SIGINT to mpirun"
fi
# SIGTERM to one process: it stops every other, they agree, rank 0
# prints; each exits 130 as one process does, and so does mpirun
start_job
end_job TERM "$RANK1"
expect_rc 130 "SIGTERM to rank 1"
expect_bounds "SIGTERM to rank 1"
expect_out '"ranks":' "SIGTERM to rank 1: every process's figures"
# rank 1 cannot answer (stopped): rank 0, signalled, waits 0.3 s, prints
# what it knows alone (no "ranks") and aborts the job, 130
start_job
kill -STOP "$RANK1"
end_job TERM "$RANK0"
expect_rc 130 "SIGTERM to rank 0, rank 1 stopped"
expect_bounds "rank 0 alone"
case "$OUT" in *'"ranks":'*) bad "rank 0 alone: figures of the others it did not hear" ;; *) ok ;; esac
[ "$STOP_MS" -lt "$HANG_MS" ] && ok || bad "rank 0 alone: ended in $STOP_MS ms"

# a process that hangs (SIGSTOP): the watchdog (3 s here) ends every
# process, the message naming it, exit 2
export GRIDLAB_MPI_WATCHDOG_S=3
start_job
end_job STOP "$RANK1"
expect_rc 2 "a process that hangs"
expect_err "rank 0 of 2: no message from rank 1 for 3 s" "hangs: the watchdog names rank 1"
[ "$STOP_MS" -lt "$HANG_MS" ] && ok || bad "hangs: ended in $STOP_MS ms"
# a process killed (kill -9): mpirun ends the job itself, naming it (exit
# 137, 128 + 9); rank 0, sent SIGTERM by mpirun, prints its bounds first
# (also when it was taking a batch from rank 1 when rank 1 died: a full
# run's job lost rank 0's answer so, as rank 0 waited in the receive)
if [ "$quick" = 0 ]; then
    start_job
    end_job KILL "$RANK1"
    expect_rc 137 "kill -9 of rank 1: mpirun's status"
    printf '%s\n' "$ERR" | grep -Eq 'process rank 1 .*exited on signal 9' && ok || bad "kill -9: mpirun names rank 1"
    expect_bounds "kill -9"
    [ "$STOP_MS" -lt "$HANG_MS" ] && ok || bad "kill -9: ended in $STOP_MS ms"
    # the same just after rank 0 took again from a rank 1 that held its
    # children for it (large batches, copied from the sender's memory: the
    # answer must come with a receive from the dead rank under way)
    start_job
    kill -STOP "$RANK0"; sleep 1; kill -CONT "$RANK0"; sleep 0.03
    end_job KILL "$RANK1"
    expect_rc 137 "kill -9 after a large batch: mpirun's status"
    expect_bounds "kill -9 after a large batch"
    # the same where mpirun leaves the others running (--enable-recovery):
    # the watchdog ends them, naming rank 1 (mpirun's own status is then 0)
    start_job --enable-recovery
    end_job KILL "$RANK1"
    expect_err "rank 0 of 2: no message from rank 1 for 3 s" "kill -9, recovery: the watchdog names rank 1"
    # (mpirun says the status in a help message; Open MPI at times fails to
    # print it after a killed process, with an error of its own from
    # show_help.c: then the status cannot be seen, and only that is let pass)
    case "$ERR" in
        *"with errorcode 2."*) ok ;;
        *"show_help.c"*) echo "kill -9, recovery: Open MPI could not print the abort's status (its show_help error): not checked" ;;
        *) bad "kill -9, recovery: rank 0 aborts with status 2: stderr lacks 'with errorcode 2.'" ;;
    esac
    [ "$STOP_MS" -lt "$HANG_MS" ] && ok || bad "kill -9, recovery: ended in $STOP_MS ms"
    # the same with rank 1 killed just after it sent a large batch: rank 0
    # stopped for 1 s, rank 1 holds its children for rank 0 in a growing
    # buffer, sent as rank 0 takes again; a batch past 32 KB is copied from
    # the sender's memory after its envelope came, and with the sender dead
    # a blocking receive waited for ever (by hand, 4 of 6 such jobs with the
    # program of f462041); now the watchdog ends it
    start_job --enable-recovery
    kill -STOP "$RANK0"; sleep 1; kill -CONT "$RANK0"; sleep 0.03
    end_job KILL "$RANK1"
    expect_err "rank 0 of 2: no message from rank 1 for 3 s" "killed after a large batch: the watchdog names rank 1"
    [ "$STOP_MS" -lt "$HANG_MS" ] && ok || bad "killed after a large batch: ended in $STOP_MS ms"
fi
unset GRIDLAB_MPI_WATCHDOG_S

# refused: clear messages, exit 2, on every process
mpirun_run 2 solve "$TMP/h14.txt" --mpi --threads 2; expect_rc 2 "--mpi with --threads"
expect_err "one search thread per process" "--threads refused with a reason"
if [ "$quick" = 0 ]; then
    mpirun_run 2 solve - --mpi; expect_rc 2 "--mpi with standard input"
    expect_err "not -" "standard input refused with a reason"
    mpirun_run 2 batch flood "$b12" --size 12x12 --jobs 2 --mpi; expect_rc 2 "batch --mpi with --jobs"
    expect_err "leave out --jobs" "--jobs refused with a reason"
    mpirun_run 2 solve "$TMP/h14.txt" --algo beam --mpi; expect_rc 2 "--mpi with beam"
    expect_err "unknown option --mpi" "beam takes no --mpi"
fi
run solve "$TMP/h14.txt" --mpi --limit-ms 50; expect_rc 0 "--mpi alone: one process of one"

if [ "${MPI_FULL:-0}" = 1 ]; then
    mpirun_run 4 batch flood "$b12" --size 12x12 --json --mpi; expect_rc 0 "batch --mpi on 4"
    [ "$(field cost)" = "$one_cost" ] && ok || bad "4 processes: the lengths of one"
    check_ranks "batch on 4" 4
    mpirun_run 4 solve "$TMP/h14.txt" --json --mpi; expect_out '"optimal":true,"cost":30' "14_14_10_002 on 4"
    check_ranks "solve on 4" 4

fi
finish
