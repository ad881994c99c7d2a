# Reads lines of `tmux capture-pane -p -e` (text with SGR escape codes)
# and prints "SYMBOL LOOK" for every character of SYMS drawn at a column
# of MINX or more, LOOK being its foreground/background colours ("d" the
# terminal's default, cN a palette colour; reverse video swaps them).
# tmux writes only the changes of attributes, so the state is followed
# along each line from its start.
function reset() { fg = "d"; bg = "d"; rev = 0 }
{
    line = $0; col = 0; reset()
    n = length(line); i = 1
    while (i <= n) {
        c = substr(line, i, 1)
        if (c == "\033" && substr(line, i + 1, 1) == "[") {
            j = i + 2; p = ""
            while (j <= n && substr(line, j, 1) !~ /[A-Za-z]/) { p = p substr(line, j, 1); j++ }
            if (substr(line, j, 1) == "m") {
                k = split(p == "" ? "0" : p, a, ";")
                for (m = 1; m <= k; m++) {
                    v = a[m] + 0
                    if (v == 0) reset()
                    else if (v == 7) rev = 1
                    else if (v == 27) rev = 0
                    else if (v == 38 && a[m + 1] == 5) { fg = "c" a[m + 2]; m += 2 }
                    else if (v == 48 && a[m + 1] == 5) { bg = "c" a[m + 2]; m += 2 }
                    else if (v >= 30 && v <= 37) fg = "c" (v - 30)
                    else if (v >= 90 && v <= 97) fg = "c" (v - 90 + 8)
                    else if (v == 39) fg = "d"
                    else if (v >= 40 && v <= 47) bg = "c" (v - 40)
                    else if (v >= 100 && v <= 107) bg = "c" (v - 100 + 8)
                    else if (v == 49) bg = "d"
                }
            }
            i = j + 1
            continue
        }
        if (c >= "\200" && c < "\300") { i++; continue } # a UTF-8 continuation byte: no column
        if (col >= MINX && index(SYMS, c) > 0) print c, (rev ? bg "/" fg : fg "/" bg)
        col++
        i++
    }
}
