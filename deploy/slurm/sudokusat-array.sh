#!/bin/bash
# One task of the sudokusat Slurm array job (submitted by deploy/slurm/submit):
# solves part SLURM_ARRAY_TASK_ID of a file cut at line ends, with the
# task's CPUs as threads.  Answers go to PART.out, messages to PART.err,
# and the tool's exit status to PART.status, written last and renamed into
# place, so a task that was killed (time limit, node failure, scancel)
# leaves no status and the join knows it did not finish.
#   usage: sudokusat-array.sh WORKDIR [SOLVE OPTIONS ...]
# SUDOKUSAT names the tool (default: sudokusat, found on PATH).
#SBATCH --job-name=sudokusat
set -u
dir=${1:?usage: sudokusat-array.sh WORKDIR [SOLVE OPTIONS ...]}
shift
part=$(printf '%s/part-%03d' "$dir" "${SLURM_ARRAY_TASK_ID:?not in a Slurm array job}")
"${SUDOKUSAT:-sudokusat}" solve -j "${SLURM_CPUS_PER_TASK:-1}" -q "$@" \
  "$part" >"$part.out" 2>"$part.err"
status=$?
echo "$status" >"$part.status.tmp" && mv "$part.status.tmp" "$part.status"
exit "$status"
