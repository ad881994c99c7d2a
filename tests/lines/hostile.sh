# Hostile inputs for Color Lines, sourced by tests/cli/common_hostile.sh (its
# helpers: trun, bad_input, interrupt_after_cpu, file_of, counter_case)
# when the game is built: absurd sizes and counts, searches asked for the
# impossible, signals.
bad_input "lines: 10^9-cell header" "size" show "$(file_of l1.txt $'lines size=100000x10000 colors=7 next=123 score=0\n.\n')"
bad_input "lines: 10^9 cells via new" "size" new lines --size 100000x10000
bad_input "lines: 1000 colours" "colors" show "$(file_of l2.txt $'lines size=3x3 colors=1000 next=123 score=0\n...\n...\n...\n')"
bad_input "lines: 1000 colours via new" "colors" new lines --colors 1000
bad_input "lines: huge score" "score" show "$(file_of l3.txt $'lines size=3x3 colors=7 next=123 score=99999999999999999999999\n...\n...\n...\n')"
bad_input "lines: bad rng" "rng" show "$(file_of l4.txt $'lines size=5x5 colors=7 next=123 score=0 rng=zz\n.....\n.....\n.....\n.....\n.....\n')"
bad_input "lines: path outside" "gridlab: " path "$(file_of l5.txt $'lines size=3x3 colors=7 next=123 score=0\n1..\n...\n...\n')" a1 zzz99999

# bench lines, Ctrl-C: the row cut short is marked.
interrupt_after_cpu INT bench lines --ais greedy --games 100000 --path-queries 0
expect_rc 130 "bench lines, SIGINT"
case "$OUT" in *"interrupted: "*" of 100000 games"*) ok ;; *) bad "bench lines, SIGINT: the row cut short not marked" ;; esac

# The counters at the most a board file holds (common_hostile.sh, counter_case).
counter_case "lines turns" "lines size=5x5 colors=7 next=234 turns=1073741824" \
    "lines size=5x5 colors=7 next=234 turns=1073741823" $'1.2..\n22...\n.....\n.....\n....3' c1-c2
counter_case "lines score" "lines size=5x5 colors=7 next=234 score=1125899906842624" \
    "lines size=5x5 colors=7 next=234 score=1125899904000000" $'1.2..\n22...\n.....\n.....\n....3' c1-c2
