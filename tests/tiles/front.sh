# The boards of tiles for the terminal front end's tests, sourced by
# tests/tui/game.sh and presets.sh.
# The small board played to its end on screen (a few moves), as KEY=VALUE
# parameters of `gridlab new`.
SMALL="n=2"
# One row of tiles, no row numbers; B and W the symbols.
SYMS="BW"
MINX=0
