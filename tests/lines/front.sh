# The boards of lines for the terminal front end's tests, sourced by
# tests/tui/game.sh and presets.sh.
# The small board played to its end on screen (a few moves), as KEY=VALUE
# parameters of `gridlab new`: three colours, so that the hints make lines
# (seeds 21 and 22 score 138 in 16 moves and 36 in 6); a game that scores
# nothing enters no table, and game.sh checks the table.
SMALL="size=3x3 colors=3 line=3"
