# Hostile inputs for match-three, sourced by tests/cli/common_hostile.sh (its
# helpers: trun, bad_input, interrupt_after_cpu, file_of, counter_case)
# when the game is built: absurd sizes and counts, searches asked for the
# impossible, signals.
bad_input "match3: 10^9-cell header" "size" show "$(file_of m1.txt $'match3 size=100000x10000 kinds=4\n1\n')"
bad_input "match3: 10^9 cells via new" "size" new match3 --size 100000x10000
bad_input "match3: 1000 kinds" "kinds" show "$(file_of m2.txt $'match3 size=3x3 kinds=1000\n121\n212\n121\n')"
bad_input "match3: 1000 kinds via new" "kinds" new match3 --kinds 1000
trun new match3 --size 12x12 --kinds 5 --seed 3
printf '%s\n' "$OUT" >"$TMP/m12.txt"
bad_input "match3: 1000 swaps" "swaps" solve "$TMP/m12.txt" --algo exact --swaps 1000
trun solve "$TMP/m12.txt" --algo exact --swaps 64 --limit-ms 100 --json
expect_json "match3: exact 64 swaps in 100 ms"
expect_out '"optimal":false' "match3: exact 64 swaps in 100 ms"
expect_out '"stopped":"time limit"' "match3: exact 64 swaps in 100 ms"

# bench match3, Ctrl-C: the board cut short is marked and counted as no
# failure (it once printed "FAILURES: 5").
interrupt_after_cpu INT bench match3 --boards 1000
expect_rc 130 "bench match3, SIGINT"
expect_out "| interrupted" "bench match3, SIGINT: the board cut short is marked"
expect_out "interrupted: the means cover the" "bench match3, SIGINT: the means say so"
case "$OUT" in *FAILURES*|*"REPLAY FAIL"*) bad "bench match3, SIGINT: interrupted runs counted as failures" ;; *) ok ;; esac
interrupt_after_cpu INT bench match3 --table x --swaps 1-12 --boards 1000
expect_rc 130 "bench match3 --table x, SIGINT"
expect_out "interrupted: " "bench match3 --table x, SIGINT: the row cut short is marked"
case "$OUT" in *FAILURES*) bad "bench match3 --table x, SIGINT: failures" ;; *) ok ;; esac

# The counters at the most a board file holds (common_hostile.sh, counter_case).
counter_case "match3 played" "match3 size=4x4 kinds=3 played=1073741824" \
    "match3 size=4x4 kinds=3 played=1073741823" $'1212\n2121\n1212\n2112' a3-b3
