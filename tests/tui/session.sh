#!/usr/bin/env bash
# The full screen resumes a whole game (docs/play.md, "Saving"): Onet's
# level 1 played until its clock has run 20 s, with a hint, then quit
# (saved on the way out) and played again from its file: the time left as
# it was when saved (within a second), undo back past the load, the game still helped.
. "$(dirname "$0")/lib.sh"

needs_game onet
id='onet:level=1,solvable=yes#5'
SAVE="$TMP/onet.txt"
move=$(printf 'moves\nquit\n' | "$GRIDLAB" play "$id" --lines 2>/dev/null |
    sed -n 's/.*legal moves\{0,1\}: \([^ ]*\).*/\1/p' | head -1)
[ -n "$move" ] && ok || bad "no legal move listed"

# left: the seconds the status line's "time left M:SS" shows.
left() {
    local t
    t=$(screen_flat | sed -n 's/.*time left \([0-9]*\):\([0-9][0-9]\).*/\1 \2/p' | head -1)
    [ -n "$t" ] && echo $(( ${t% *} * 60 + 10#${t#* } ))
}

start play NO_COLOR=1 -- play "$id" --save "$SAVE"
wait_for "time left" "the clock is shown"
keys ':'
typed "$move"
keys Enter
wait_for "$move:" "the move played"
nap 20
t0=$(date +%s)
before=$(left)
keys h
wait_for "hint: " "a hint"
keys q
wait_exit 0 "quits, saving"
# the seconds the clock may have run between reading it and the save (a
# hint and a quit take longer on a loaded machine)
ran=$(($(date +%s) - t0))
close
grep -qx '# helped: hints=1 solver=no' "$SAVE" && ok || bad "the save is not helped: $(grep helped "$SAVE")"
grep -qx '# history: moves=1 at=1' "$SAVE" && ok || bad "the save's history: $(grep history "$SAVE")"

nap 3 # closed: the clock stands (more than the 1 s of slack below)
start again NO_COLOR=1 -- play "$SAVE"
wait_for "time left" "the loaded game's clock"
after=$(left)
if [ -n "$before" ] && [ -n "$after" ] && [ $((before - after)) -le $((ran + 1)) ] && [ $((after - before)) -le 1 ]; then ok
else bad "time left before the save ${before:-?} s, after the load ${after:-?} s (${ran} s between reading and saving)"; fi
keys u
wait_for "undo done" "undo past the load"
keys u
wait_for "nothing to undo" "one move before the load, no more"
keys r
wait_for "redo done" "redo"
keys q
wait_for "Quit anyway" "undo and redo are unsaved moves"
keys s
wait_exit 0 "saves and quits"
close
grep -qx '# helped: hints=1 solver=no' "$SAVE" && ok || bad "helped after a load: $(grep helped "$SAVE")"

finish
