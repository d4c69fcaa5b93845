#!/usr/bin/env bash
# Run a command on an emulated slower 2-core machine: every process it starts, and the
# PostgreSQL server's when asked, share CPU quotas (Linux cgroups, v1 or v2; needs root).
#
#   scripts/slow-machine.sh [--factor F] [--postgres] -- colt loadtest --tables 1000 ...
#
# F (default 2.8) is how many times slower each core is than this machine's: the machine
# gets 2/F of a core in all, and each process of the command at most 1/F of a core (one of
# the slow machine's cores). With F = 2.8, a machine whose Python adds ten million numbers
# in 0.63 s acts as one that takes 1.75 s (scripts/slow-machine.sh -- python3 -c '...').
# A quota is spent in 10 ms periods, so a process of the slow machine runs in bursts: a
# wait of up to a period lands on a latency now and then, where a slower core would spread
# it; figures measured so are a little worse than the slow machine's own.
#
# --postgres moves the running PostgreSQL server's processes into the same machine for the
# run (and back after): a database on the slow machine shares its cores.
set -euo pipefail

factor=2.8
postgres=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --factor) factor=$2; shift 2 ;;
    --postgres) postgres=1; shift ;;
    --) shift; break ;;
    *) break ;;
  esac
done
[[ $# -gt 0 ]] || { echo "usage: $0 [--factor F] [--postgres] -- command..." >&2; exit 2; }
[[ $(id -u) -eq 0 ]] || { echo "$0: needs root (cgroups)" >&2; exit 1; }

period=10000  # µs
machine=$(python3 -c "print(round(2 * $period / $factor))")
core=$(python3 -c "print(round($period / $factor))")

if [[ -d /sys/fs/cgroup/cpu && -w /sys/fs/cgroup/cpu ]]; then  # cgroup v1
  root=/sys/fs/cgroup/cpu/colt-slow
  mkdir -p "$root"
  echo $period > "$root/cpu.cfs_period_us"
  echo "$machine" > "$root/cpu.cfs_quota_us"
  make_core() {
    mkdir -p "$root/$1"
    echo $period > "$root/$1/cpu.cfs_period_us"
    echo "$core" > "$root/$1/cpu.cfs_quota_us"
  }
elif [[ -f /sys/fs/cgroup/cgroup.controllers ]]; then  # cgroup v2
  root=/sys/fs/cgroup/colt-slow
  mkdir -p "$root"
  echo "+cpu" > /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
  echo "$machine $period" > "$root/cpu.max"
  echo "+cpu" > "$root/cgroup.subtree_control"
  make_core() {
    mkdir -p "$root/$1"
    echo "$core $period" > "$root/$1/cpu.max"
  }
else
  echo "$0: no cgroup CPU controller here" >&2
  exit 1
fi

# each process of the command in a cgroup of its own (one slow core each), as it appears
place() {
  local pid=$1 group="$root/p$1"
  [[ -d $group ]] || make_core "p$1"
  echo "$pid" > "$group/cgroup.procs" 2>/dev/null || true
}

moved_pg=()
if [[ $postgres -eq 1 ]]; then
  make_core postgres
  for pid in $(pgrep -u postgres || true); do
    echo "$pid" > "$root/postgres/cgroup.procs" 2>/dev/null && moved_pg+=("$pid")
  done
fi

cleanup() {
  local top
  top=$(dirname "$root")
  for pid in "${moved_pg[@]}" $(pgrep -u postgres || true); do
    echo "$pid" > "$top/cgroup.procs" 2>/dev/null || true
  done
  for group in "$root"/*/; do
    [[ -d $group ]] || continue
    while read -r pid; do echo "$pid" > "$top/cgroup.procs" 2>/dev/null || true; done \
      < "$group/cgroup.procs"
    rmdir "$group" 2>/dev/null || true
  done
  rmdir "$root" 2>/dev/null || true
}
trap cleanup EXIT

"$@" &
command_pid=$!
place "$command_pid"
# the command's descendants (a server it starts, its workers), each to a core of its own
while kill -0 "$command_pid" 2>/dev/null; do
  for pid in $(pgrep -P "$command_pid" || true) \
             $(for p in $(pgrep -P "$command_pid" || true); do pgrep -P "$p" || true; done) \
             $(for p in $(pgrep -P "$command_pid" || true); do
                 for q in $(pgrep -P "$p" || true); do pgrep -P "$q" || true; done; done); do
    [[ -d "$root/p$pid" ]] || place "$pid"
  done
  sleep 0.5  # (PostgreSQL's new backends start in the postmaster's group)
done
wait "$command_pid"
