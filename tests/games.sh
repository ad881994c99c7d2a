# The games of the build, for the CLI and terminal tests (sourced by
# tests/cli/lib.sh and tests/tui/lib.sh): $GL_GAMES (names separated by
# ',' or ';', as ctest gives it), else the ones the program lists.
BUILT_GAMES=$(if [ -n "${GL_GAMES:-}" ]; then printf '%s\n' "$GL_GAMES" | tr ',;' '  '
              else "$GRIDLAB" list | grep -v '^ ' | awk '{print $1}'; fi | xargs)
# has_game GAME: GAME is built.
has_game() { case " $BUILT_GAMES " in *" $1 "*) return 0 ;; esac; return 1; }
# needs_game GAME: a test that drives the program through GAME stops here
# when GAME is not built, skipped: exit 77 (ctest's SKIP_RETURN_CODE).
needs_game() {
    has_game "$1" && return 0
    echo "$1 is not in this build (games: $BUILT_GAMES): skipped"
    exit 77
}
