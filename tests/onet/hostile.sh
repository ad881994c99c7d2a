# Hostile inputs for Onet, sourced by tests/cli/common_hostile.sh (its
# helpers: trun, bad_input, interrupt_after_cpu, file_of, counter_case)
# when the game is built: absurd sizes and counts, searches asked for the
# impossible, signals.
bad_input "onet: 10^9-cell header" "size" show "$(file_of o1.txt $'onet size=100000x10000\n.\n')"
bad_input "onet: 10^9 cells via new" "gridlab: " new onet --size 100000x10000
bad_input "onet: 1000 kinds via new" "kinds" new onet --kinds 1000
bad_input "onet: odd tiles" "gridlab: " show "$(file_of o2.txt $'onet size=3x1\naab\n')"
bad_input "onet: path outside" "gridlab: " path "$(file_of o3.txt $'onet size=2x1\naa\n')" a1 zzz99999

# bench onet, Ctrl-C: the row cut short is marked (it once looked whole,
# "undecided" boards).
interrupt_after_cpu INT bench onet --boards 100000 --reps 1
expect_rc 130 "bench onet, SIGINT"
case "$OUT" in *"interrupted: "*" of 100000 boards"*) ok ;; *) bad "bench onet, SIGINT: the row cut short not marked" ;; esac
