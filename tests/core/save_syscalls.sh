#!/bin/bash
# The durability of a save, which no test can observe without a crash, as
# the system calls gl_write_file_atomic makes (traced with strace): the
# temporary file created with O_EXCL and O_NOFOLLOW, written and synced,
# renamed over the target, then the target's directory opened and synced.
# usage: save_syscalls.sh TEST_SAVE_PROGRAM.  Exit 77 (skipped) without
# strace or where tracing is not permitted.
set -u
prog=$1
command -v strace >/dev/null || { echo "strace not found: skipped"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
strace -o "$dir/trace" -e trace=openat,open,write,fsync,fdatasync,rename,renameat,renameat2 true 2>/dev/null ||
    { echo "tracing not permitted: skipped"; exit 77; }
echo old >"$dir/save.txt"
# LeakSanitizer cannot run under ptrace: off for this one traced run.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
    strace -o "$dir/trace" -e trace=openat,open,fsync,rename,renameat,renameat2,close \
    "$prog" --write "$dir/save.txt" "new text" || { echo "FAIL: the save failed"; exit 1; }
[ "$(cat "$dir/save.txt")" = "new text" ] || { echo "FAIL: the file does not hold the new text"; exit 1; }
# The calls on the save's files, in order, as one line each.
calls=$(grep -v -e '/lib' -e '/etc' -e '/usr' -e '/proc' -e ENOENT "$dir/trace" | grep -e "$dir" -e fsync)
echo "$calls"
tmp_line=$(printf '%s\n' "$calls" | grep -n "openat(.*$dir/save.txt\.tmp.*O_CREAT" | head -n1)
[ -n "$tmp_line" ] || { echo "FAIL: no temporary file created beside the target"; exit 1; }
case "$tmp_line" in *O_EXCL*) ;; *) echo "FAIL: temporary file without O_EXCL"; exit 1 ;; esac
case "$tmp_line" in *O_NOFOLLOW*) ;; *) echo "FAIL: temporary file without O_NOFOLLOW"; exit 1 ;; esac
tmp_fd=$(printf '%s\n' "$tmp_line" | sed 's/.*= \([0-9]*\)$/\1/')
n_tmp=${tmp_line%%:*}
n_fsync_file=$(printf '%s\n' "$calls" | grep -n "^fsync($tmp_fd)" | head -n1 | cut -d: -f1)
n_rename=$(printf '%s\n' "$calls" | grep -n "rename.*$dir/save.txt\.tmp.*\"$dir/save.txt\"" | head -n1 | cut -d: -f1)
dir_line=$(printf '%s\n' "$calls" | grep -n "openat(.*\"$dir\".*O_DIRECTORY" | head -n1)
n_dir=${dir_line%%:*}
dir_fd=$(printf '%s\n' "$dir_line" | sed 's/.*= \([0-9]*\)$/\1/')
n_fsync_dir=$(printf '%s\n' "$calls" | grep -n "^fsync($dir_fd)" | tail -n1 | cut -d: -f1)
for v in n_fsync_file n_rename n_dir n_fsync_dir; do
    [ -n "${!v}" ] || { echo "FAIL: missing step ${v#n_}"; exit 1; }
done
if [ "$n_tmp" -lt "$n_fsync_file" ] && [ "$n_fsync_file" -lt "$n_rename" ] && [ "$n_rename" -lt "$n_dir" ] &&
    [ "$n_dir" -lt "$n_fsync_dir" ]; then
    echo "ok: create (O_EXCL|O_NOFOLLOW), fsync, rename, fsync of the directory"
    exit 0
fi
echo "FAIL: the steps are out of order"
exit 1
