# Hostile inputs for tiles, sourced by tests/cli/common_hostile.sh (its
# helpers: trun, bad_input, interrupt_after_cpu, file_of, counter_case)
# when the game is built: absurd sizes and counts, searches asked for the
# impossible, signals.
bad_input "tiles: N = 10^9" "--n" new tiles --n 1000000000
{ echo tiles; head -c 4001 /dev/zero | tr '\0' B; echo _; } >"$TMP/tbig.txt"
bad_input "tiles: 4002-cell row" "N at most" show "$TMP/tbig.txt"
bad_input "tiles: hop 10^6" "hop" show "$(file_of th.txt $'tiles hop=1000000\nBW_\n')"
bad_input "tiles: two empty cells" "gridlab: " show "$(file_of t2e.txt $'tiles\nBW__\n')"
# The impossible: optimal cost of N=28 in 100 ms, then in 1 MB.
trun new tiles --n 28 --seed 1
printf '%s\n' "$OUT" >"$TMP/t28.txt"
trun solve "$TMP/t28.txt" --limit-ms 100 --json
expect_json "tiles: astar N=28 in 100 ms"
expect_out '"optimal":false' "tiles: astar N=28 in 100 ms"
expect_out '"stopped":"time limit"' "tiles: astar N=28 in 100 ms"
trun solve "$TMP/t28.txt" --algo ucs --mem-mb 1 --json
expect_out '"optimal":false' "tiles: ucs N=28 in 1 MB"
expect_out '"stopped":"memory limit"' "tiles: ucs N=28 in 1 MB"
# Ctrl-C and SIGTERM: the search stops cleanly, the command prints its
# answer so far (valid JSON, "stopped":"interrupted") and exits 130.
# The time limit is only a backstop for a signal that arrived before
# the handler.
interrupt_after_cpu INT solve "$TMP/t28.txt" --algo ucs --json --limit-ms 60000
expect_rc 130 "tiles: Ctrl-C"
expect_json "tiles: Ctrl-C"
expect_out '"stopped":"interrupted"' "tiles: Ctrl-C"
expect_out '"optimal":false' "tiles: Ctrl-C"
interrupt_after_cpu TERM solve "$TMP/t28.txt" --algo ucs --json --limit-ms 60000
expect_rc 130 "tiles: SIGTERM"
expect_json "tiles: SIGTERM"
expect_out '"stopped":"interrupted"' "tiles: SIGTERM"
interrupt_after_cpu INT solve "$TMP/t28.txt" --algo ucs --limit-ms 60000
expect_rc 130 "tiles: Ctrl-C, text output"
expect_out "(stopped: interrupted)" "tiles: Ctrl-C, text output"
interrupt_after_cpu INT hint "$TMP/t28.txt" --json --limit-ms 60000
expect_rc 130 "tiles: hint, Ctrl-C"
expect_json "tiles: hint, Ctrl-C"
interrupt_after_cpu TERM hint "$TMP/t28.txt" --limit-ms 60000
expect_rc 130 "tiles: hint, SIGTERM"
if [ -n "$OUT" ]; then ok; else bad "tiles: hint, SIGTERM: printed nothing"; fi
# A second signal ends the program at once: both are delivered while
# it is stopped, so the second handler runs before anything is printed.
interrupt_after_cpu "STOP -INT -TERM -CONT" solve "$TMP/t28.txt" --algo ucs --json --limit-ms 60000
expect_rc 130 "tiles: a second signal"
if [ -z "$OUT" ]; then ok; else bad "tiles: a second signal: the program went on to print"; fi

# bench: SIGINT during a run: the rows finished are printed, the run
# stopped is marked interrupted, exit 130.
interrupt_after_cpu INT bench tiles --from 20 --to 28 --algos ucs --limit-ms 60000
expect_rc 130 "bench tiles, SIGINT"
expect_out "interrupted" "bench tiles, SIGINT: the run stopped is marked"

# bench hints, Ctrl-C: the row cut short says so, the hint cut off is not
# counted as "no move" (a tiles hint always has a move), the end says the
# rows after are not run (issue 42, item 4: a partial row looked complete).
# 0.4 s of processor time at least (a hint row under way), more where the
# caller asks for more (valgrind's start alone takes longer)
GL_HOSTILE_SIGINT_CPU=$(( ${GL_HOSTILE_SIGINT_CPU:-30} > 40 ? ${GL_HOSTILE_SIGINT_CPU:-30} : 40 )) \
    interrupt_after_cpu TERM bench hints --games tiles --seeds 50
expect_rc 130 "bench hints, SIGTERM"
expect_out "interrupted: the rows after the last are not run" "bench hints, SIGTERM: the end says so"
rows=$(printf '%s\n' "$OUT" | grep '^tiles ')
if [ -n "$rows" ] && printf '%s\n' "$rows" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /%$|^-$/) { if ($(i + 1) != 0) bad = 1; next } } END { exit bad }'; then
    ok
else
    bad "bench hints, SIGTERM: a hint cut off counted as no move (or no row)"
fi
# any row of fewer than 50 games is marked (every row has 50 seeds)
if printf '%s\n' "$rows" | tail -n 1 | grep -q "interrupted: [0-9]* of 50 games played"; then ok
else bad "bench hints, SIGTERM: the last row, cut short, not marked"; fi

# The counters at the most a board file holds (common_hostile.sh, counter_case).
counter_case "tiles moves" "tiles moves=1073741824" "tiles moves=1073741823" BBWW_ 2-5
counter_case "tiles cost" "tiles cost=1099511627775" "tiles cost=1099511627000" BBWW_ 2-5
