# Hostile inputs for Flood-It, sourced by tests/cli/common_hostile.sh (its
# helpers: trun, bad_input, interrupt_after_cpu, file_of, counter_case)
# when the game is built: absurd sizes and counts, searches asked for the
# impossible, signals.
bad_input "flood: 10^9-cell header" "size" show "$(file_of f1.txt $'flood size=100000x10000 colors=6\n0\n')"
bad_input "flood: 10^9 cells via new" "size" new flood --size 100000x10000
bad_input "flood: 1000 colours header" "colors" show "$(file_of f2.txt $'flood size=3x3 colors=1000\n012\n120\n201\n')"
bad_input "flood: 1000 colours via new" "colors" new flood --colors 1000
bad_input "flood: short row" "gridlab: " show "$(file_of f3.txt $'flood size=3x3 colors=3\n012\n12\n201\n')"
bad_input "flood: symbol beyond colours" "gridlab: " show "$(file_of f4.txt $'flood size=3x3 colors=2\n012\n120\n201\n')"
bad_input "flood: batch 10 MB line" "gridlab: " batch flood "$TMP/longrow.txt" --size 14x14
trun new flood --size 30x30 --colors 12 --seed 7
printf '%s\n' "$OUT" >"$TMP/f30.txt"
for algo in astar ida; do
    trun solve "$TMP/f30.txt" --algo "$algo" --limit-ms 100 --json
    expect_json "flood: $algo 30x30 in 100 ms"
    expect_out '"optimal":false' "flood: $algo 30x30 in 100 ms"
    expect_out '"stopped"' "flood: $algo 30x30 in 100 ms"
done
trun solve "$TMP/f30.txt" --algo astar --mem-mb 1 --json
expect_out '"optimal":false' "flood: astar 30x30 in 1 MB"

# bench flood, Ctrl-C: the run cut short is marked, its boards counted
# as no result (a row of 291 boards once showed no mark).
interrupt_after_cpu INT bench flood --sets floodtest1000 --algos astar
expect_rc 130 "bench flood, SIGINT"
case "$OUT" in *"interrupted: "*" of 1000 boards"*) ok ;; *) bad "bench flood, SIGINT: the row cut short not marked" ;; esac
expect_out "interrupted: the rows after the last are not run" "bench flood, SIGINT: the end says so"

# The counters at the most a board file holds (common_hostile.sh, counter_case).
counter_case "flood played" "flood size=3x3 colors=3 played=100000" "flood size=3x3 colors=3 played=99999" \
    $'012\n120\n201' 1
