#!/usr/bin/env bash
# The program as a whole: help on every subcommand, version, list, exit
# codes for bad usage, file errors that name the file.
. "$(dirname "$0")/lib.sh"
needs_game tiles

run --version; expect_rc 0 "--version"; expect_out "gridlab " "--version"
run --help; expect_rc 0 "--help"; expect_out "usage: gridlab COMMAND" "--help"
run; expect_rc 2 "no command"
expect_bad_input "unknown command" frobnicate
for cmd in list new show solve hint path play bench tour; do
    run "$cmd" --help; expect_rc 0 "$cmd --help"; expect_out "usage: gridlab $cmd" "$cmd --help"
done
run list; expect_rc 0 "list"; expect_out "tiles" "list"
run list --json; expect_rc 0 "list --json"; expect_json "list --json"
expect_bad_input "list extra argument" list extra

# Files: missing, empty, unknown game, directory.
expect_bad_input "missing file" solve /nonexistent/board.txt
expect_err "/nonexistent/board.txt" "missing file names the file"
empty=$(board "")
expect_bad_input "empty file" solve "$empty"
expect_err "$empty:" "empty file names the file"
unk=$(board "chess size=8x8")
expect_bad_input "unknown game" show "$unk"
expect_err "$unk:1: unknown game 'chess'" "unknown game message"
expect_bad_input "directory" solve /tmp
expect_bad_input "new unknown game" new chess
expect_bad_input "new without game" new
expect_bad_input "bad seed" new tiles --seed abc
expect_bad_input "option without value" solve "$empty" --algo
expect_bad_input "path with bad cell" path "$empty" a0 b2
expect_bad_input "bench unknown" bench chess

# Standard input.
run_in "$(printf 'tiles\nBW_\n')" solve - --json
expect_rc 0 "solve from stdin"; expect_json "solve from stdin"
run_in "" solve -
expect_rc 2 "empty stdin"; expect_err "<stdin>" "empty stdin named"

run tour; expect_rc 0 "tour"; expect_out "tour done" "tour"
finish
