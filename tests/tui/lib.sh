# Helpers for the end-to-end tests of the terminal front end: run the real
# program inside a private tmux server (its own socket, killed on exit),
# type keys with send-keys and read the screen with capture-pane.  Every
# wait polls the screen with a time limit instead of sleeping blindly, so
# the tests are quick on a fast machine and still pass on a loaded one
# (or under the sanitizers).
set -u
: "${GRIDLAB:?set GRIDLAB to the gridlab program}"
PASS=0
FAIL=0
TMP=$(mktemp -d)
SOCK="gltui-$$-${RANDOM}"
TMUX_CMD=(tmux -L "$SOCK" -f /dev/null)
WAIT_S=${GL_TUI_WAIT_S:-20}
cleanup() {
    "${TMUX_CMD[@]}" kill-server >/dev/null 2>&1
    rm -rf "$TMP"
}
trap cleanup EXIT
unset TMUX

# The server lives in a session that only keeps it up; panes stay visible
# after their program exits so that its status and last screen can be read.
"${TMUX_CMD[@]}" new-session -d -s keep -x 100 -y 40 "sleep 100000" || { echo "cannot start tmux"; exit 1; }
"${TMUX_CMD[@]}" set-option -g remain-on-exit on >/dev/null

# One tmux client in control mode (-C) for the test's life: the polls,
# keys and clicks go to the server through it, instead of a tmux program
# started for each (each costs milliseconds of processor time, and a test
# makes hundreds).  tmux_do ARGS...: runs one tmux command; its output in
# TOUT, status 1 when tmux says it failed (TOUT the message).  A command
# is a line of words each in single quotes (tmux_q); tmux answers with its
# output between "%begin TIME N 1" and "%end" (or "%error"); lines outside
# those, and blocks whose flag is not 1 (the attach itself), are notices.
# The client writes to a file, read as it grows: bash reads a pipe a byte
# at a time, a file a block at a time.  From a subshell, which does not
# share the reading position, tmux_do starts tmux.
: >"$TMP/tmux.out"
exec {TMUX_IN}> >(exec "${TMUX_CMD[@]}" -C attach -t keep >>"$TMP/tmux.out" 2>/dev/null)
exec {TMUX_OUT}<"$TMP/tmux.out"
TMUX_SHELL=$BASHPID
# tmux_q ARGS...: the words quoted for tmux's command parser, into TQ.
tmux_q() {
    local a q="'"
    TQ=""
    for a; do TQ+=" '${a//$q/$q\\$q$q}'"; done
}
tmux_do() {
    if [ "$BASHPID" != "$TMUX_SHELL" ]; then
        TOUT=$(exec "${TMUX_CMD[@]}" "$@" 2>&1)
        return
    fi
    tmux_q "$@"
    local lines line out="" part="" state=0 end=$((SECONDS + WAIT_S))
    printf '%s\n' "$TQ" >&"$TMUX_IN" || { TOUT="tmux's control client is gone"; return 2; }
    while [ $SECONDS -le $end ]; do
        mapfile -u "$TMUX_OUT" lines # what is written so far, each line with its newline
        if [ ${#lines[@]} -eq 0 ]; then
            nap 0.002
            continue
        fi
        for line in "${lines[@]}"; do
            if [[ $line != *$'\n' ]]; then # the last line, not yet whole
                part+=$line
                continue
            fi
            line=$part${line%$'\n'}
            part=""
            case $state,$line in
            0,"%begin "*" 1") state=1 ;;
            0,"%begin "*) state=2 ;;
            1,"%end "* | 1,"%error "*)
                while [[ $out == *$'\n' ]]; do out=${out%$'\n'}; done
                TOUT=$out
                [[ $line == "%end "* ]]
                return ;;
            2,"%end "* | 2,"%error "*) state=0 ;;
            1,*) out+=$line$'\n' ;;
            esac
        done
    done
    TOUT="no answer from tmux's control client in $WAIT_S s"
    return 2
}

ok() { PASS=$((PASS + 1)); }
bad() {
    FAIL=$((FAIL + 1))
    echo "FAIL: $*" >&2
    if [ -n "${SESSION:-}" ]; then
        echo "--- screen:" >&2
        "${TMUX_CMD[@]}" capture-pane -p -t "$SESSION" >&2 2>/dev/null
        echo "--- stderr:" >&2
        cat "$TMP/$SESSION.err" >&2 2>/dev/null
        echo "---" >&2
    fi
}

# start NAME ENV... -- ARGS...: runs `gridlab ARGS` in a fresh session NAME
# (SIZE columns x rows, 100x40 unless set) with the given environment
# (VAR=value words; XDG_DATA_HOME is the test's own, for the best
# results); sets SESSION.  A shell
# around it writes the exit status to a file: tmux can mark a pane dead
# before it has read the status, and then never shows it.  The shell traps
# SIGINT (so Ctrl-C reaches only the program, whose handler is then the
# default one, as under a login shell) and stays alive to write the status.
start() {
    SESSION=$1; shift
    local envs=(LANG=C.UTF-8 LC_ALL=C.UTF-8 "XDG_DATA_HOME=$TMP/data")
    while [ "$1" != "--" ]; do envs+=("$1"); shift; done
    shift
    local cmd="trap : INT; env"
    local w
    for w in "${envs[@]}"; do cmd+=" $(printf '%q' "$w")"; done
    cmd+=" $(printf '%q' "$GRIDLAB")"
    for w in "$@"; do cmd+=" $(printf '%q' "$w")"; done
    cmd+=" 2>$(printf '%q' "$TMP/$SESSION.err"); echo \$? >$(printf '%q' "$TMP/$SESSION.status")"
    rm -f "$TMP/$SESSION.status"
    local size=${SIZE:-100x40}
    COLS_NOW=${size%x*}
    ROWS_NOW=${size#*x}
    "${TMUX_CMD[@]}" new-session -d -s "$SESSION" -x "$COLS_NOW" -y "$ROWS_NOW" "$cmd"
}

screen() { "${TMUX_CMD[@]}" capture-pane -p -t "$SESSION" 2>/dev/null; }
# grab: the screen into SCREEN (empty when the session is gone), through
# the control client: the waits poll with it.
grab() { tmux_do capture-pane -p -t "$SESSION" && SCREEN=$TOUT || SCREEN=""; }
# nap SECONDS: sleeps without starting a program (read(2) with a time limit
# on a pipe no one writes to).
exec {NAP_FD}<> <(:)
nap() { read -r -t "$1" -u "$NAP_FD" _; return 0; }
screen_esc() { "${TMUX_CMD[@]}" capture-pane -p -e -t "$SESSION" 2>/dev/null; }
keys() { tmux_do send-keys -t "$SESSION" "$@" || { echo "tmux: $TOUT" >&2; return 1; }; }
# typed TEXT: sends TEXT literally (no key names), byte by byte in hex.
typed() {
    local LC_ALL=C i b hex=()
    for ((i = 0; i < ${#1}; i++)); do
        printf -v b '%02x' "'${1:i:1}"
        hex+=("${b: -2}")
    done
    [ ${#hex[@]} -eq 0 ] && return 0
    tmux_do send-keys -t "$SESSION" -H "${hex[@]}" || { echo "tmux: $TOUT" >&2; return 1; }
}
dead() { tmux_do display-message -p -t "$SESSION" '#{pane_dead}' && [ "$TOUT" = 1 ]; }
# The program's exit status once it has ended, else nothing.
dead_status() { [ -s "$TMP/$SESSION.status" ] && echo "$(<"$TMP/$SESSION.status")"; }
# ended: the program has ended (its exit status is written; the pane dies
# right after), read without starting a program.
ended() { [ -s "$TMP/$SESSION.status" ]; }
# The program's process id (the child of the pane's shell).
# Read from /proc, so that nothing beyond bash and tmux is needed.
prog_pid() {
    local parent f line rest pid
    parent=$("${TMUX_CMD[@]}" display-message -p -t "$SESSION" '#{pane_pid}')
    for f in /proc/[0-9]*/stat; do
        read -r line <"$f" 2>/dev/null || continue
        rest=${line##*) }       # after the command name: state ppid ...
        rest=${rest#* }
        if [ "${rest%% *}" = "$parent" ]; then
            pid=${f#/proc/}
            echo "${pid%/stat}"
            return
        fi
    done
}

# The screen as one line, runs of blanks made one: text the front end
# wrapped onto two lines still matches.
screen_flat() { screen | tr '\n' ' ' | tr -s ' '; }
# (In the shell itself: a poll runs several times a second for the whole
# of a wait, so a poll starts one program, tmux's capture-pane.)
on_screen() {
    local s
    grab
    s=$SCREEN
    case "$s" in *"$1"*) return 0 ;; esac
    s=${s//$'\n'/ }
    while [[ $s == *"  "* ]]; do s=${s//  / }; done
    case "$s" in *"$1"*) return 0 ;; esac
    return 1
}
# wait_for TEXT NAME: the screen shows TEXT within the time limit (TEXT
# may run over a line break of the front end's).
wait_for() {
    local text=$1 name=$2 end=$((SECONDS + WAIT_S))
    while [ $SECONDS -le $end ]; do
        if on_screen "$text"; then ok; return 0; fi
        if ended; then on_screen "$text" && { ok; return 0; }; break; fi
        nap 0.05
    done
    bad "$name: the screen never showed '$text'"
    return 1
}
# wait_either A B NAME: the screen shows A or B within the time limit.
wait_either() {
    local end=$((SECONDS + WAIT_S))
    while [ $SECONDS -le $end ]; do
        if on_screen "$1" || on_screen "$2"; then ok; return 0; fi
        if ended; then on_screen "$1" || on_screen "$2" && { ok; return 0; }; break; fi
        nap 0.05
    done
    bad "$3: the screen never showed '$1' or '$2'"
    return 1
}
# wait_gone TEXT NAME: the screen stops showing TEXT within the time limit.
wait_gone() {
    local text=$1 name=$2 end=$((SECONDS + WAIT_S))
    while [ $SECONDS -le $end ]; do
        grab
        case "$SCREEN" in *"$text"*) ;; *) ok; return 0 ;; esac
        nap 0.05
    done
    bad "$name: the screen still shows '$text'"
    return 1
}
# wait_exit STATUS NAME: the program ends with STATUS within the time limit.
wait_exit() {
    local want=$1 name=$2 end=$((SECONDS + WAIT_S)) st
    while [ $SECONDS -le $end ]; do
        st=""
        [ -s "$TMP/$SESSION.status" ] && st=$(<"$TMP/$SESSION.status")
        if [ -n "$st" ]; then
            if [ "$st" = "$want" ]; then ok; else bad "$name: exit status $st, expected $want"; fi
            return 0
        fi
        nap 0.05
    done
    bad "$name: the program did not exit"
    return 1
}
# expect_screen TEXT NAME / expect_no_screen TEXT NAME: now, without waiting.
expect_screen() { if on_screen "$1"; then ok; else bad "$2: the screen lacks '$1'"; fi; }
expect_no_screen() { grab; case "$SCREEN" in *"$1"*) bad "$2: the screen shows '$1'" ;; *) ok ;; esac; }
# same_file A B NAME: the two files hold the same board (comments aside).
same_file() {
    if diff <(grep -v '^#' "$1") <(grep -v '^#' "$2") >"$TMP/diff" 2>&1; then ok
    else bad "$3: $1 and $2 differ: $(head -c 600 "$TMP/diff")"; fi
}
# close: ends the session (the pane may be dead already).
close() {
    tmux_do kill-session -t "$SESSION"
    SESSION=
}
. "$(dirname "${BASH_SOURCE[0]}")/../games.sh"
# front_boards GAME: reads the game's boards for these tests, when its
# test folder names any (tests/GAME/front.sh: SMALL, SYMS, MINX).
front_boards() {
    local f
    f="$(dirname "${BASH_SOURCE[0]}")/../$1/front.sh"
    if [ -f "$f" ]; then . "$f"; fi
}
# The mouse as a terminal reports it, in the encoding the terminal uses:
# MOUSE=x10 (TERM=screen: ESC [ M, then button, column and row, each plus
# 32, 1-based; a release is button 3) or MOUSE=sgr (TERM=xterm-256color:
# ESC [ < button ; column ; row, then M for a press, m for a release).
# click Y X: a press of the first button at screen row Y, column X
# (0-based), and its release 0.1 s later, as a real terminal sends them.
mouse_report() { # press|release Y X
    local y=$(($2 + 1)) x=$(($3 + 1))
    if [ "${MOUSE:-x10}" = sgr ]; then
        typed $'\e[<0;'"$x;$y$([ "$1" = press ] && echo M || echo m)"
    else
        local b=0
        [ "$1" = release ] && b=3
        local report
        printf -v report '\\x%x\\x%x\\x%x' $((32 + b)) $((32 + x)) $((32 + y))
        printf -v report "$report"
        typed $'\e[M'"$report"
    fi
}
click() {
    mouse_report press "$1" "$2"
    nap 0.1
    mouse_report release "$1" "$2"
}
# cell_xy R C W H: the screen position of board cell (R, C) (0-based) of a
# WxH board on the terminal of the last start, as the front end lays it
# out (docs/play.md): title, column labels, the ring, then the rows; cells
# 3 columns wide (2 when 3 do not fit), row numbers in 4 columns when the
# board has more than one row.  Sets Y and X.
cell_xy() {
    local r=$1 c=$2 w=$3 h=$4 lw=0 cw=3
    [ "$h" -gt 1 ] && lw=4
    [ $((lw + (w + 2) * 3)) -gt "$COLS_NOW" ] && cw=2
    Y=$((3 + r))
    X=$((lw + cw + c * cw + (cw == 3 ? 1 : 0)))
}
# cell_rc CELL: a1 -> R=0 C=0 (column letters a..z, aa..: base 26).
cell_rc() {
    local col=${1%%[0-9]*} i ch c=0
    for ((i = 0; i < ${#col}; i++)); do
        printf -v ch '%d' "'${col:i:1}"
        c=$((c * 26 + ch - 96))
    done
    C=$((c - 1))
    R=$((${1#"$col"} - 1))
}
# board_dims FILE: W and H of a saved board (its rows after the header).
board_dims() {
    local line n=0
    H=0 W=0
    while IFS= read -r line || [ -n "$line" ]; do
        [[ $line == '#'* ]] && continue
        n=$((n + 1))
        [ $n -eq 1 ] && continue # the header
        line=${line%$'\r'}
        [ $n -eq 2 ] && W=${#line}
        [ -n "$line" ] && H=$((H + 1))
    done <"$1"
}
# move_clicks GAME MOVE FILE: the cells (row col pairs, 0-based) a player
# picks for MOVE on the board in FILE, as the game says (line mode's
# `picks MOVE`).  Sets CLICKS.
move_clicks() {
    local mv=$2 file=$3 cell
    CLICKS=()
    local out line cells=""
    out=$(exec "$GRIDLAB" play "$file" --lines 2>/dev/null <<<"picks $mv"$'\nquit')
    while IFS= read -r line; do
        line=${line#> }
        if [[ $line == "picks $mv: "* ]]; then cells=${line#"picks $mv: "}; break; fi
    done <<<"$out"
    for cell in $cells; do
        [[ "$cell" =~ ^[a-z]+[0-9]+$ ]] || continue
        cell_rc "$cell"
        CLICKS+=("$R" "$C")
    done
}
# hint_of FILE: the move `gridlab hint` gives (empty when there is none).
hint_of() {
    local j re='"move": *"([^"]*)"'
    j=$(exec "$GRIDLAB" hint "$1" --json 2>/dev/null)
    [[ $j =~ $re ]] && printf '%s\n' "${BASH_REMATCH[1]}"
    return 0
}

finish() {
    echo "$PASS passed, $FAIL failed"
    [ "$FAIL" -eq 0 ]
}
