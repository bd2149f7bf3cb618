#!/bin/bash
# The join of the sudokusat Slurm array job (submitted by deploy/slurm/submit
# with --dependency=afterany, so it runs however the tasks ended and never
# stays pending): when every part has finished, writes their answers, in
# order, to OUTPUT (renamed into place: the same bytes one `sudokusat solve
# -q INPUT` prints), their messages to WORKDIR/messages with the positions
# of the whole input (`INPUT:LINE:COL`, not the part's), and exits with the
# status one solve of the whole input would have: 0 every answer decided,
# 1 some unknown, 3 bad input (the highest of the parts, as the tool does).
# A part that left no status (killed, out of time, its node failed) fails
# the join: no OUTPUT, the parts named on stderr and in WORKDIR/messages,
# status 8.  The status is also written to WORKDIR/join.status, since a
# minimal Slurm keeps no accounting to ask.
#   usage: sudokusat-join.sh WORKDIR INPUT OUTPUT
set -u
dir=${1:?usage: sudokusat-join.sh WORKDIR INPUT OUTPUT}
input=${2:?usage: sudokusat-join.sh WORKDIR INPUT OUTPUT}
out=${3:?usage: sudokusat-join.sh WORKDIR INPUT OUTPUT}
parts=$(cat "$dir/parts") || exit 8
tmp="$out.join-$$"
: >"$tmp" && : >"$dir/messages.tmp" || exit 8
status=0 failed="" offset=0
for ((i = 0; i < parts; i++)); do
  part=$(printf '%s/part-%03d' "$dir" "$i")
  if [ ! -f "$part.status" ]; then
    failed="$failed ${part##*/}"
  else
    s=$(cat "$part.status")
    case $s in
      0 | 10 | 20) ;;            # every answer decided (10/20: a part of one puzzle)
      1) [ "$status" -ge 1 ] || status=1 ;;
      [2-7]) [ "$s" -le "$status" ] || status=$s ;;
      *) failed="$failed ${part##*/}(status $s)" ;;
    esac
    cat "$part.out" >>"$tmp"
    # The part's positions, moved to the whole input's: PART:LINE: becomes
    # INPUT:(LINE + the lines of the parts before it):.
    awk -v part="$part" -v input="$input" -v offset="$offset" '
      { p = index($0, part ":") }
      p > 0 && match(substr($0, p + length(part) + 1), /^[0-9]+/) {
        rest = substr($0, p + length(part) + 1)
        $0 = substr($0, 1, p - 1) input ":" (substr(rest, 1, RLENGTH) + offset) \
          substr(rest, RLENGTH + 1)
      }
      { print }' "$part.err" >>"$dir/messages.tmp"
  fi
  offset=$((offset + $(wc -l <"$part")))
done
if [ -n "$failed" ]; then
  echo "sudokusat-join: parts that did not finish:$failed (their logs: $dir/task-N.log); $out not written" \
    >>"$dir/messages.tmp"
  rm -f "$tmp"
  status=8
else
  mv "$tmp" "$out" || status=8
fi
mv "$dir/messages.tmp" "$dir/messages"
cat "$dir/messages" >&2
echo "$status" >"$dir/join.status"
exit "$status"
