#!/usr/bin/env bash
# flood from the command line: new, show (--groups), solve --json with every
# solver (moves replayed through play), hint, batch (--jobs 2 gives the same
# output, --json lines, standard input, streaming in flat memory, Ctrl-C and
# SIGTERM, a failed write), the limits of every solver (memory, time,
# Ctrl-C), exit codes and bad input.
. "$(dirname "$0")/../cli/lib.sh"

run new flood --size 6x5 --colors 4 --seed 1; expect_rc 0 "new"
expect_out "flood size=6x5 colors=4 moves=" "new header"
b="$TMP/b.txt"; printf '%s\n' "$OUT" >"$b"
first=$OUT
run new flood --size 6x5 --colors 4 --seed 1; [ "$OUT" = "$first" ] && ok || bad "same seed, same board"
run new flood --size 31x5; expect_rc 2 "new: size over 30"
run new flood --colors 37; expect_rc 2 "new: colours over 36"
run new flood --speed 3; expect_rc 2 "new: unknown option"
run new flood --size 30x30 --colors 36 --start center --seed 4; expect_rc 0 "new 30x30, 36 colours, centre"
expect_out "start=center" "centre start kept"

run show "$b"; expect_rc 0 "show"; expect_out "moves 0/" "show status line"
run show --groups "$b"; expect_rc 0 "show --groups"; expect_out " 1/1  2/2  3/0" "groups numbered row-major as group/colour"
expect_out "20 groups" "group count"

for algo in astar ida greedy beam; do
    run solve "$b" --algo "$algo" --json; expect_rc 0 "solve $algo"; expect_json "solve $algo"
    expect_out '"game":"flood"' "solve $algo game"
    case $algo in
        astar|ida) expect_out '"optimal":true,"cost":7' "solve $algo optimal 7" ;;
        *) expect_out '"optimal":false' "solve $algo not optimal" ;;
    esac
    moves=$(printf '%s' "$OUT" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/' | tr -d '"' | tr ',' '\n')
    n=$(printf '%s\n' "$moves" | grep -c .)
    cost=$(printf '%s' "$OUT" | sed 's/.*"cost":\([0-9]*\).*/\1/')
    [ "$n" = "$cost" ] && ok || bad "solve $algo: $n moves for cost $cost"
    run_in "$moves"$'\n' play "$b" --lines
    expect_out "won!" "replay of $algo through play"
done
run solve "$b" --algo beam --width 4 --json; expect_rc 0 "beam width"
run solve "$b" --algo greedy --depth 2 --json; expect_rc 0 "greedy depth"
run solve "$b" --algo astar --width 4; expect_rc 2 "astar takes no width"
# one board on several threads: the same proved length (and on every
# vector path GRIDLAB_SIMD can force)
for t in 2 3; do
    run solve "$b" --threads $t --json; expect_rc 0 "astar --threads $t"
    expect_out '"optimal":true,"cost":7' "astar --threads $t optimal 7"; expect_out "\"threads\":$t" "astar says its threads"
done
run solve "$b" --threads 0; expect_rc 2 "--threads 0"
run solve "$b" --threads 65; expect_rc 2 "--threads over 64"
run solve "$b" --algo beam --threads 2; expect_rc 2 "beam takes no threads"
for p in avx512 avx2 neon portable sse9; do
    GRIDLAB_SIMD=$p run solve "$b" --json; expect_rc 0 "astar with GRIDLAB_SIMD=$p"
    expect_out '"optimal":true,"cost":7' "GRIDLAB_SIMD=$p: optimal 7"
done
run solve "$b" --algo nosuch; expect_rc 2 "unknown solver"

run hint "$b"; expect_rc 0 "hint"; expect_out "2" "hint: first optimal move"
run hint "$b" --json; expect_rc 0 "hint --json"; expect_json "hint json"; expect_out '"optimal":true' "hint proved"

# A finish past the move limit is no solution (the game is lost at the
# limit): unsolved, exit 1, proved so by astar and ida; the hint still
# names the best move.  (Found by the solvers fuzz target.)
past=$(board $'flood size=5x5 colors=5 start=center moves=4\n30021\n23301\n24131\n33214\n44243')
for algo in astar ida beam greedy; do
    run solve "$past" --algo "$algo" --json
    expect_rc 1 "$algo past the move limit"; expect_out '"solved":false' "$algo past the move limit: unsolved"
    expect_out '"moves_needed":6,"moves_allowed":4' "$algo past the move limit: the lengths"
done
run solve "$past" --json; expect_out '"optimal":true' "astar past the move limit: proved"
run hint "$past"; expect_rc 0 "hint past the move limit"
run_in $'solve\nquit\n' play "$past" --lines
expect_out "No solution found: there is none." "play: the solver past the move limit says why"
# A won board has no hint: exit 1.
won=$(board $'flood size=2x2 colors=2\n00\n00')
run hint "$won"; expect_rc 1 "hint on a won board"
# Lost: the limit used up.
lost=$(board $'flood size=2x2 colors=2 moves=1 played=1\n01\n00')
run show "$lost"; expect_out "lost" "lost status"
run hint "$lost"; expect_rc 1 "hint on a lost board"

# Bad input: exit 2 with FILE:LINE.
expect_bad_input "bad symbol" show "$(board $'flood size=2x2 colors=2\n0A\n00')"
expect_err ":2: column 2" "bad symbol names line and column"
expect_bad_input "row length" show "$(board $'flood size=2x2 colors=2\n000\n00')"
expect_bad_input "too few rows" show "$(board $'flood size=2x2 colors=2\n00')"
expect_bad_input "too many rows" show "$(board $'flood size=2x2 colors=2\n00\n00\n00')"
expect_bad_input "unknown key" show "$(board $'flood size=2x2 colors=2 foo=1\n00\n00')"
expect_bad_input "colours over 36" show "$(board $'flood size=2x2 colors=40\n00\n00')"
expect_bad_input "size over 30x30" show "$(board $'flood size=31x2 colors=2\n00\n00')"
expect_bad_input "empty file" show "$(board '')"
# one range statement: a header's size is refused in the words of `new --size`
expect_header_like_new size=1x3 $'flood size=1x3 colors=2\n0\n1\n0' flood --size 1x3

# bench flood: the many-colour sets and the hard boards (a line per board,
# with its name, proved at its published length)
# a stopped A* says the length no solution is below (every f level under
# it searched): 16_16_10_001 (33 moves) stopped after 300 ms, on one and
# on two threads, a bound from the root's to the optimum
{ echo "flood size=16x16 colors=11"; sed -n 62p "$GL_SOURCE_DIR/bench/data/flood/hard99.txt" | fold -w16; } >"$TMP/h33.txt"
for th in 1 2; do
    run solve "$TMP/h33.txt" --json --limit-ms 300 --threads $th; expect_rc 0 "stopped A*, $th threads"
    expect_out '"optimal":false' "stopped A*, $th threads: not proved"
    lb=$(printf '%s\n' "$OUT" | sed -n 's/.*"lower_bound":\([0-9]*\).*/\1/p')
    [ -n "$lb" ] && [ "$lb" -ge 20 ] && [ "$lb" -le 33 ] && ok || bad "stopped A*, $th threads: lower bound '$lb' in 20..33"
done
run solve "$b" --json; expect_out '"optimal":true,"cost":7' "proved"
case $OUT in *lower_bound*) bad "a proved answer has no lower_bound" ;; *) ok ;; esac
run bench flood --sets hard99 --algos astar --boards 2; expect_rc 0 "bench hard99"
expect_out "12_12_06_001   12x12     18     18 proved" "bench hard99: board 1 proved at its length"
expect_out "12_12_06_002   12x12     20     20 proved" "bench hard99: board 2"
expect_out "hard99         astar         2       38       38   0.00%      2      2" "bench hard99: the summary"
run bench flood --sets b12c12,b14c8 --algos astar --first 2 --boards 1; expect_rc 0 "bench b12c12,b14c8"
expect_out "b12c12         astar         1       27       27" "bench b12c12: board 2 at its length"
expect_out "b14c8          astar         1       24       24" "bench b14c8: board 2 at its length"

# batch: the public format, one line per board, in order.
bf="$TMP/batch.txt"
# boards whose A* search is small, so the test stays quick under the sanitizers
pick='1p;3p;8p;14p;15p;19p'
sed -n "$pick" "$GL_SOURCE_DIR/bench/data/flood/pc19.txt" >"$bf"
run batch flood "$bf" --size 14x14; expect_rc 0 "batch"
one=$OUT
[ "$(printf '%s\n' "$OUT" | wc -l)" = 6 ] && ok || bad "batch: one line per board"
expect_err "6 boards" "batch summary on stderr"
expect_err "6 proved optimal" "batch optimal"
lens=$(printf '%s\n' "$OUT" | awk '{print length($0)}' | paste -sd' ')
want=$(sed -n "$pick" "$GL_SOURCE_DIR/bench/data/flood/pc19.optimal-lengths.txt" | paste -sd' ')
[ "$lens" = "$want" ] && ok || bad "batch lengths $lens, optimal $want"
run batch flood "$bf" --size 14x14 --jobs 2; expect_rc 0 "batch --jobs 2"
[ "$OUT" = "$one" ] && ok || bad "batch --jobs 2: same output"
run batch flood "$bf" --size 14x14 --threads 2; expect_rc 0 "batch --threads 2"
tl=$(printf '%s\n' "$OUT" | awk '{print length($0)}' | paste -sd' ')
[ "$tl" = "$want" ] && ok || bad "batch --threads 2: lengths $tl, optimal $want"
# fewer boards than jobs: the jobs left over go to each board's search
head -1 "$bf" >"$TMP/b1.txt"
run batch flood "$TMP/b1.txt" --size 14x14 --jobs 2 --json; expect_rc 0 "batch: one board, 2 jobs"
expect_out '"threads":2' "batch: one board, 2 jobs: 2 threads for it"
# what is identical with threads on a board (docs/flood.md, "Jobs"; issue
# 42, item 5): the length and optimality, not the moves.  One board, jobs
# 1 and 2 (2 threads for it), and --threads 2 three times: each an optimal
# solution of the proved length.
run batch flood "$TMP/b1.txt" --size 14x14 --json; expect_rc 0 "batch: one board, 1 job"
cost1=$(printf '%s' "$OUT" | sed -n 's/.*"optimal":true,"cost":\([0-9]*\),.*/\1/p')
want1=$(head -1 "$GL_SOURCE_DIR/bench/data/flood/pc19.optimal-lengths.txt")
for k in jobs threads threads threads; do
    run batch flood "$TMP/b1.txt" --size 14x14 --json --$k 2; expect_rc 0 "batch: one board, --$k 2"
    c=$(printf '%s' "$OUT" | sed -n 's/.*"optimal":true,"cost":\([0-9]*\),.*/\1/p')
    n=$(printf '%s' "$OUT" | sed 's/.*"moves":\[\([^]]*\)\].*/\1/' | tr ',' '\n' | grep -c .)
    [ -n "$c" ] && [ "$c" = "$cost1" ] && [ "$c" = "$want1" ] && [ "$n" = "$c" ] && ok ||
        bad "batch: one board, --$k 2: cost '$c' ($n moves), one thread '$cost1', optimal $want1"
done
run batch flood "$bf" --size 14x14 --jobs 2 --json; expect_rc 0 "batch: 6 boards, 2 jobs"
printf '%s' "$OUT" | grep -q '"threads"' && bad "batch: 6 boards on 2 jobs took threads" || ok
run batch flood "$bf" --size 14x14 --jobs 2 --algo beam --json; expect_rc 0 "batch --json"
printf '%s\n' "$OUT" | while IFS= read -r line; do printf '%s' "$line" | "$JSONCHECK" || echo BAD; done >"$TMP/jl"
grep -q BAD "$TMP/jl" && bad "batch --json: invalid line" || ok
[ "$(printf '%s\n' "$OUT" | wc -l)" = 6 ] && ok || bad "batch --json: one line per board"
head -2 "$GL_SOURCE_DIR/bench/data/flood/floodtest1000.txt" >"$TMP/ft.txt"
run batch flood "$TMP/ft.txt" --size 19x19 --start center --algo greedy; expect_rc 0 "batch centre"
run batch flood "$bf" --size 13x14; expect_rc 2 "batch: wrong size"; expect_err "batch.txt:1:" "batch error names the line"
run batch flood "$bf"; expect_rc 2 "batch: --size required"
run batch flood "$bf" --size 14x14 --algo nosuch; expect_rc 2 "batch: unknown solver"
run batch flood "$bf" --size 14x14 --limit-ms 1 --algo astar --json; expect_rc 0 "batch with a limit still answers"
"$GRIDLAB" batch flood - --size 14x14 <"$bf" >"$TMP/out" 2>"$TMP/err"; RC=$?; OUT=$(cat "$TMP/out")
expect_rc 0 "batch from standard input"
[ "$OUT" = "$one" ] && ok || bad "batch from standard input: same output"
# a bad line on standard input is found when it is read: named with its line
printf '%s\n' "$(head -1 "$bf")" '# a comment' 'xyz' | "$GRIDLAB" batch flood - --size 14x14 >"$TMP/out" 2>"$TMP/err"
RC=$?; ERR=$(cat "$TMP/err"); expect_rc 2 "batch: bad line on stdin"; expect_err "<stdin>:3: 3 symbols" "batch: stdin line named"
# in a file, every line is checked before any board is solved
{ cat "$bf"; echo 0123; } >"$TMP/badlast.txt"
run batch flood "$TMP/badlast.txt" --size 14x14; expect_rc 2 "batch: bad last line"
expect_err "badlast.txt:7: 4 symbols" "batch: bad last line named"; [ -z "$OUT" ] && ok || bad "batch: output before a bad line"
# every write is checked: a full disk is an error naming the output
"$GRIDLAB" batch flood "$bf" --size 14x14 >/dev/full 2>"$TMP/err"; RC=$?; ERR=$(cat "$TMP/err")
expect_rc 2 "batch > /dev/full"; expect_err "<stdout>: write error" "batch > /dev/full names the output"

# ------------------------------------------------------------ limits
# Under valgrind (GRIDLAB is then a script that runs it) everything is
# 20-30 times slower and memory is valgrind's: the time bounds are scaled
# and the memory checks skipped.
PEAKRSS=${PEAKRSS:-$(dirname "$JSONCHECK")/gl_peakrss}
# rss_run ARGS...: run, with the peak resident set in $KB (kilobytes)
rss_run() {
    "$PEAKRSS" "$TMP/kb" "$GRIDLAB" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err"); KB=$(cat "$TMP/kb")
}
# interrupt SIGNAL WAIT-CMD ARGS...: runs gridlab ARGS in the background,
# waits until WAIT-CMD PID succeeds (at most 120 s), sends SIGNAL and
# measures how long the program takes to end (stop_after): $STOP_MS,
# $STOP_CPU_MS, $RC, $OUT, $ERR.
interrupt() {
    local sig=$1 ready=$2 pid; shift 2
    "$GRIDLAB" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null &
    pid=$!
    for _ in $(seq 1 1200); do "$ready" "$pid" && break; sleep 0.1; done
    stop_after "$sig" "$pid"
    OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
}
busy() { [ "$(cpu_ticks "$1")" -ge $((30 * SLOW)) ]; }
printed() { [ "$(wc -l <"$TMP/out")" -ge 3 ]; }

# Boards no solver finishes quickly: 30x30 with 36 colours; 20x20 with 8,
# where A* fills a megabyte in a tenth of a second.
run new flood --size 30x30 --colors 36 --seed 5 --moves 0; printf '%s\n' "$OUT" >"$TMP/b36.txt"
run new flood --size 20x20 --colors 8 --seed 3 --moves 0; printf '%s\n' "$OUT" >"$TMP/b8.txt"
width_of() { [ "$1" = beam ] && echo "--width 10000"; }

# --mem-mb 1: the process stays within a few MB of its size on a tiny board
if [ "$SLOW" = 1 ] && [ -x "$PEAKRSS" ]; then
    rss_run solve "$(board $'flood size=2x2 colors=2\n01\n10')"; base=$KB
    for algo in astar ida greedy beam; do
        # shellcheck disable=SC2046
        rss_run solve "$TMP/b8.txt" --algo "$algo" $(width_of "$algo") --mem-mb 1 --limit-ms 1000 --json
        expect_rc 0 "$algo in 1 MB"; expect_json "$algo in 1 MB"
        [ $((KB - base)) -le 3072 ] && ok || bad "$algo in 1 MB: peak RSS $KB KB, $base KB on a tiny board"
        case $algo in astar|beam) expect_out '"stopped":"memory limit"' "$algo in 1 MB stops at the limit" ;; esac
    done
fi

# --limit-ms 100: every solver stops with a whole answer, within 1 s of
# processor time (what the program did, which load hardly changes) and 10 s
# of wall time (a hang; a loaded machine stretched 0.2 s to 2.1 s)
# cpu_run ARGS...: run, with CPU_MS the processor time (user + system)
cpu_run() {
    local TIMEFORMAT='%3U %3S' t
    { time "$GRIDLAB" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null; } 2>"$TMP/cpu"
    RC=$?; OUT=$(cat "$TMP/out"); ERR=$(cat "$TMP/err")
    t=$(tail -n 1 "$TMP/cpu" | awk '{printf "%d", ($1 + $2) * 1000}')
    CPU_MS=${t:-0}
}
for algo in astar ida greedy beam; do
    t0=${EPOCHREALTIME/[.,]/}
    # shellcheck disable=SC2046
    cpu_run solve "$TMP/b36.txt" --algo "$algo" $(width_of "$algo") --limit-ms 100 --json
    took=$(((${EPOCHREALTIME/[.,]/} - t0) / 1000))
    expect_rc 0 "$algo in 100 ms"; expect_json "$algo in 100 ms"; expect_out '"optimal":false' "$algo in 100 ms"
    [ "$CPU_MS" -le $((1000 * SLOW)) ] && ok || bad "$algo with a 100 ms limit used $CPU_MS ms of processor time"
    [ "$took" -le $((10000 * SLOW)) ] && ok || bad "$algo with a 100 ms limit took $took ms"
    [ "$algo" = greedy ] || expect_out '"stopped":"time limit"' "$algo in 100 ms says why"
done
# greedy with a deep lookahead: its meter is ticked inside the lookahead
# (a turn's lookahead ran on past the limit: 2 s of processor time for
# --limit-ms 100)
t0=${EPOCHREALTIME/[.,]/}; cpu_run solve "$TMP/b36.txt" --algo greedy --depth 8 --limit-ms 100 --json; took=$(((${EPOCHREALTIME/[.,]/} - t0) / 1000))
expect_rc 0 "greedy depth 8 in 100 ms"; expect_json "greedy depth 8 in 100 ms"
expect_out '"solved":true,"optimal":false' "greedy depth 8 in 100 ms: a whole answer"
expect_out '"stopped":"time limit"' "greedy depth 8 in 100 ms says why"
[ "$CPU_MS" -le $((1000 * SLOW)) ] && ok || bad "greedy depth 8 with a 100 ms limit used $CPU_MS ms of processor time"
[ "$took" -le $((10000 * SLOW)) ] && ok || bad "greedy depth 8 with a 100 ms limit took $took ms"
# a hint whose search stopped gives its best first move and says why
run hint "$TMP/b36.txt" --limit-ms 100 --json
expect_rc 0 "hint in 100 ms"; expect_out '"optimal":false' "hint in 100 ms: not proved"
expect_out '"stopped":"time limit"' "hint in 100 ms: the reason"

# Ctrl-C: the solver stops and still prints its JSON (the time limit is
# only a backstop); 10 s of wall time allowed: the stop takes 0.1 to 0.3 s
# alone, over 2 s under ctest -j16 on two cores; greedy with a lookahead of 8 (1.1 to 1.3 s
# after the signal before its meter was ticked inside the lookahead).
depth_of() { [ "$1" = greedy ] && echo "--depth 8"; }
for algo in astar ida beam greedy; do
    # shellcheck disable=SC2046
    interrupt INT busy solve "$TMP/b36.txt" --algo "$algo" $(width_of "$algo") $(depth_of "$algo") --limit-ms 120000 --json
    expect_json "$algo: Ctrl-C"; expect_out '"stopped":"interrupted"' "$algo: Ctrl-C"
    expect_out '"solved":true' "$algo: Ctrl-C still answers"
    stopped_soon "$algo: Ctrl-C"
done

# ------------------------------------------------------------ batch at scale
ft="$GL_SOURCE_DIR/bench/data/flood/floodtest1000.txt"
ftlen="$GL_SOURCE_DIR/bench/data/flood/floodtest1000.optimal-lengths.txt"
# Ctrl-C (and SIGTERM) mid-batch: exit 130, the summary says so, and the
# output is whole lines, in order: line k is board k's optimal solution.
for sig in INT TERM; do
    interrupt "$sig" printed batch flood "$ft" --size 19x19 --start center --jobs 2
    expect_rc 130 "batch: SIG$sig"
    expect_err "interrupted" "batch: SIG$sig summary"; expect_err "of 1000 boards solved and printed" "batch: SIG$sig count"
    n=$(wc -l <"$TMP/out")
    expect_err "$n of 1000 boards solved and printed, $((1000 - n)) not solved" "batch: SIG$sig numbers"
    [ "$n" -ge 3 ] && [ "$n" -lt 1000 ] && ok || bad "batch: SIG$sig: $n lines"
    [ -z "$(tail -c 1 "$TMP/out")" ] && ok || bad "batch: SIG$sig: last line cut"
    lens=$(awk '{print length($0)}' "$TMP/out" | paste -sd' ')
    want=$(head -n "$n" "$ftlen" | paste -sd' ')
    [ "$lens" = "$want" ] && ok || bad "batch: SIG$sig: lines not the boards' in order"
    stopped_soon "batch: SIG$sig"
done

# Ctrl-C while the batch waits for more input on a pipe (in poll(2)):
# interrupted, not a read error.
mkfifo "$TMP/fifo"
"$GRIDLAB" batch flood - --size 14x14 <"$TMP/fifo" >"$TMP/out" 2>"$TMP/err" &
pid=$!
exec 3>"$TMP/fifo"
head -2 "$bf" >&3
two_printed() { [ "$(wc -l <"$TMP/out")" -ge 2 ] && in_syscall "$pid" 7; }
until_true $((10 * SLOW)) two_printed || bad "batch: two boards printed and the input polled"
kill -INT "$pid"
wait "$pid"; RC=$?; ERR=$(cat "$TMP/err")
exec 3>&-
expect_rc 130 "batch: Ctrl-C waiting for input"
expect_err "interrupted: 2 boards solved and printed, 0 read and not solved" "batch: Ctrl-C waiting for input, summary"
[ "$(wc -l <"$TMP/out")" = 2 ] && ok || bad "batch: Ctrl-C waiting for input: the two boards printed"

# Ctrl-C or SIGTERM while the batch is blocked writing to a pipe nobody
# reads yet (its 64 KiB are full after about 200 boards): the write goes
# on once the reader reads, and the batch ends interrupted, exit 130, never
# "write error: Interrupted system call" (the handler restarts the write).
# The signal comes once the batch waits in write(2) on its standard output;
# the reader starts reading only then (a reader that waited a fixed time
# found the pipe not yet full under ASan on a loaded machine).
for sig in INT TERM; do
    rm -f "$TMP/piped" "$TMP/piped.done" "$TMP/piped.go"
    "$GRIDLAB" batch flood "$ft" --size 19x19 --algo greedy --json 2>"$TMP/err" </dev/null \
        > >(until [ -e "$TMP/piped.go" ]; do sleep 0.05; done; cat >"$TMP/piped"; touch "$TMP/piped.done") &
    pid=$!
    until_true $((30 * SLOW)) in_syscall "$pid" 1 0x1 || bad "batch into a full pipe: SIG$sig: no write waiting"
    kill "-$sig" "$pid"
    touch "$TMP/piped.go"
    wait "$pid"; RC=$?; ERR=$(cat "$TMP/err")
    for _ in $(seq 1 $((300 * SLOW))); do [ -e "$TMP/piped.done" ] && break; sleep 0.1; done
    OUT=$(cat "$TMP/piped")
    expect_rc 130 "batch into a full pipe: SIG$sig"
    case "$ERR" in *"write error"*) bad "batch into a full pipe: SIG$sig: a write error" ;; *) ok ;; esac
    n=$(wc -l <"$TMP/piped")
    expect_err "interrupted: $n of 1000 boards solved and printed" "batch into a full pipe: SIG$sig: the summary counts the lines"
    [ "$n" -gt 0 ] && [ "$n" -lt 1000 ] && ok || bad "batch into a full pipe: SIG$sig: $n lines"
    bads=$(printf '%s\n' "$OUT" | while IFS= read -r l; do printf '%s' "$l" | "$JSONCHECK" || echo BAD; done)
    [ -z "$bads" ] && ok || bad "batch into a full pipe: SIG$sig: a line is not whole JSON"
done

# Input that is not boards ends at once: /dev/zero is one endless line
# (refused when it is longer than a board can be, not read for ever); a
# comment line longer than a board file's lines; a byte-order mark at the
# start is skipped, on a file and on standard input, a second is not.
t0=${EPOCHREALTIME/[.,]/}; timeout -s KILL $((30 * SLOW)) "$GRIDLAB" batch flood /dev/zero --size 6x6 >"$TMP/out" 2>"$TMP/err" </dev/null
RC=$?; took=$(((${EPOCHREALTIME/[.,]/} - t0) / 1000))
ERR=$(cat "$TMP/err"); OUT=$(cat "$TMP/out")
expect_rc 2 "batch /dev/zero"; expect_err "/dev/zero:1: line too long (more than 37 bytes: a 6x6 board is 36 symbols)" "batch /dev/zero says why"
[ "$took" -le $((10000 * SLOW)) ] && ok || bad "batch /dev/zero took $took ms"
head -c 40000 /dev/zero | timeout -s KILL $((30 * SLOW)) "$GRIDLAB" batch flood - --size 6x6 >"$TMP/out" 2>"$TMP/err"
RC=${PIPESTATUS[1]}; ERR=$(cat "$TMP/err")
expect_rc 2 "batch, a long line on standard input"; expect_err "<stdin>:1: line too long" "batch, a long line on standard input"
{ printf '#'; head -c 5000 /dev/zero | tr '\0' x; echo; head -1 "$bf"; } >"$TMP/longcomment.txt"
run batch flood "$TMP/longcomment.txt" --size 14x14; expect_rc 2 "batch, a 5000-byte comment"
expect_err "longcomment.txt:1: line too long" "batch, a 5000-byte comment named"
{ printf '\xef\xbb\xbf'; cat "$bf"; } >"$TMP/bom.txt"
run batch flood "$TMP/bom.txt" --size 14x14; expect_rc 0 "batch: a byte-order mark at the start"
[ "$OUT" = "$one" ] && ok || bad "batch: a byte-order mark at the start: the same solutions"
"$GRIDLAB" batch flood - --size 14x14 <"$TMP/bom.txt" >"$TMP/out" 2>"$TMP/err"; RC=$?; OUT=$(cat "$TMP/out")
expect_rc 0 "batch: a byte-order mark on standard input"; [ "$OUT" = "$one" ] && ok || bad "batch: a byte-order mark on standard input: the same solutions"
{ printf '\xef\xbb\xbf\xef\xbb\xbf'; cat "$bf"; } >"$TMP/bom2.txt"
run batch flood "$TMP/bom2.txt" --size 14x14; expect_rc 2 "batch: two byte-order marks"
expect_err "bom2.txt:1: two byte-order marks at the start" "batch: the second mark named"

# Streaming: ten times the boards, the same peak memory (results are
# printed as they come, the input is not held).  ASan's quarantine of freed
# memory would grow with the boards: off for these runs.
gen() {
    awk -v n="$1" 'BEGIN { s = 12345; for (i = 0; i < n; i++) { l = ""
        for (j = 0; j < 100; j++) { s = (s * 1103515245 + 12345) % 2147483648; l = l int(s / 65536) % 3 }
        print l } }'
}
gen 2000 >"$TMP/g2k.txt"
gen 20000 >"$TMP/g20k.txt"
if [ "$SLOW" = 1 ] && [ -x "$PEAKRSS" ]; then
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0"
    rss_run batch flood "$TMP/g2k.txt" --size 10x10 --algo greedy --json; small=$KB
    expect_rc 0 "batch of 2000"
    rss_run batch flood "$TMP/g20k.txt" --size 10x10 --algo greedy --json
    expect_rc 0 "batch of 20000"; expect_err "20000 boards" "batch of 20000"
    [ $((KB - small)) -le 2048 ] && ok || bad "batch memory grows: $small KB for 2000 boards, $KB KB for 20000"
    # --mem-mb caps the whole batch, not each job: two jobs on boards whose
    # A* wants tens of MB stay within 12 MB of a tiny solve (the 8 MB
    # charged, and the allocator's per-thread arenas, which a loaded machine
    # interleaving the threads fragments more; a cap per job would pass 16)
    rss_run solve "$(board $'flood size=2x2 colors=2\n01\n10')"; base=$KB
    head -4 "$ft" >"$TMP/ft4.txt"
    rss_run batch flood "$TMP/ft4.txt" --size 19x19 --start center --jobs 2 --mem-mb 8 --json
    expect_rc 0 "batch of 2 jobs in 8 MB"; expect_out '"stopped":"memory limit"' "batch of 2 jobs in 8 MB"
    [ $((KB - base)) -le 12288 ] && ok || bad "batch of 2 jobs in 8 MB: peak RSS $KB KB, $base KB on a tiny board"
fi
# The same output for any number of jobs
run batch flood "$TMP/g2k.txt" --size 10x10 --algo astar; one=$OUT; expect_rc 0 "batch of 2000, 1 job"
run batch flood "$TMP/g2k.txt" --size 10x10 --algo astar --jobs 2; expect_rc 0 "batch of 2000, 2 jobs"
[ "$OUT" = "$one" ] && ok || bad "batch of 2000: --jobs 2 output differs"
[ "$(printf '%s\n' "$OUT" | wc -l)" = 2000 ] && ok || bad "batch of 2000: line count"

# scripts/flood-campaign: a proof run in pieces (a rerun skips the boards
# proved, SIGTERM drops the board in progress) and the shipped files,
# checked against an upper bound.
camp="$(dirname "$0")/../../scripts/flood-campaign"
pc="$(dirname "$0")/../../bench/data/flood/pc19"
sed -n '1p;3p' "$pc.txt" >"$TMP/set.txt"
sed -n '1p;3p' "$pc.optimal-lengths.txt" >"$TMP/upper.txt"
cres="$TMP/set.results.jsonl"
OUT=$("$camp" run "$TMP/set.txt" "$cres" --size 14x14 2>&1); RC=$?
expect_rc 0 "campaign run"; expect_out "2 of 2 boards proved (2 in this run)" "campaign run: both proved"
[ "$(grep -c '"optimal":true' "$cres")" = 2 ] && ok || bad "campaign: two proved lines"
head -1 "$cres" >"$TMP/c1" && mv "$TMP/c1" "$cres"  # as if stopped after board 1
OUT=$("$camp" run "$TMP/set.txt" "$cres" --size 14x14 2>&1); RC=$?
expect_rc 0 "campaign resumed"; expect_out "2 of 2 boards proved (1 in this run)" "campaign resumed: board 1 skipped"
[ "$(grep -c '^{"board":1,' "$cres")" = 1 ] && [ "$(grep -c '^{"board":2,' "$cres")" = 1 ] && ok || bad "campaign: one line per board"
OUT=$("$camp" ship "$TMP/set.txt" "$cres" "$TMP/set" --upper "$TMP/upper.txt" 2>&1); RC=$?
expect_rc 0 "campaign ship"
cmp -s "$TMP/set.optimal-lengths.txt" "$TMP/upper.txt" && ok || bad "campaign ship: the lengths are pc19's optimal ones"
[ "$(wc -l <"$TMP/set.solutions.txt")" = 2 ] && ok || bad "campaign ship: two solutions"
run batch flood "$TMP/set.txt" --size 14x14
[ "$(printf '%s\n' "$OUT" | awk '{ print length($0) }')" = "$(cat "$TMP/upper.txt")" ] && ok || bad "campaign: batch agrees"
echo 1 >"$TMP/tight.txt"; echo 1 >>"$TMP/tight.txt"
OUT=$("$camp" ship "$TMP/set.txt" "$cres" "$TMP/x" --upper "$TMP/tight.txt" 2>&1); RC=$?
expect_rc 2 "campaign ship: a length over the upper bound refused"; expect_out "is over" "campaign ship: says which"
[ ! -e "$TMP/x.solutions.txt" ] && ok || bad "campaign ship: nothing written when refused"
head -1 "$cres" >"$TMP/c1" && mv "$TMP/c1" "$cres"
OUT=$("$camp" ship "$TMP/set.txt" "$cres" "$TMP/x" 2>&1); RC=$?
expect_rc 2 "campaign ship: a board not proved refused"; expect_out "board 2 is not proved" "campaign ship: names the board"

# SIGTERM mid-board: exit 130 at once, the board dropped (board 955 of
# b24c6n1000 takes minutes)
sed -n '955p' "$(dirname "$pc")/b24c6n1000.txt" >"$TMP/big.txt"
"$camp" run "$TMP/big.txt" "$TMP/big.jsonl" --size 24x24 >"$TMP/out" 2>"$TMP/err" &
cp=$!
for _ in $(seq 300); do [ -e "$TMP/big.jsonl.out" ] && break; sleep 0.1; done  # the board started
sleep 0.5; t0=$SECONDS
kill -TERM "$cp"; wait "$cp"; RC=$?; OUT=$(cat "$TMP/err")
expect_rc 130 "campaign: SIGTERM"; expect_out "interrupted at board 1 (dropped)" "campaign: SIGTERM says so"
[ $((SECONDS - t0)) -le 20 ] && ok || bad "campaign: SIGTERM took $((SECONDS - t0)) s"
[ ! -s "$TMP/big.jsonl" ] && ok || bad "campaign: the interrupted board left a line"

# Its IDs (the same for every game: tests/cli/common_ids.sh): `new` and
# `new ID` agree, the ID stands for the board file in show and hint.
new_same "flood" flood --seed 7
[ "$ID" = "flood:size=14x14,colors=6,start=corner,difficulty=medium#7" ] && ok || bad "flood: ID is '$ID'"
new_same "flood options" flood --size 9x5 --colors 3 --start center --difficulty hard --seed 3
new_same "flood move limit" flood --moves 40 --seed 3
ids_as_files flood "flood:size=6x5,colors=4#8"

finish
