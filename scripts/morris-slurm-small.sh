#!/usr/bin/env bash
# Brings up a one-node Slurm cluster from Debian's packages (slurm-wlm, munge) and solves the
# small game (four stones a side) through it: `ludus morris plan` writes one sbatch job per
# sector with --dependency=afterok on the jobs it reads, submit.sh submits them, and the result is
# probed and compared with the built-in runner (`ludus morris solve-game`).
#
# Usage: scripts/morris-slurm-small.sh [LUDUS_BINARY] [WORK_DIR]
#   LUDUS_BINARY defaults to target/release/ludus, WORK_DIR to /tmp/ludus-slurm.
# Needs root (it writes /etc/munge/munge.key and /etc/slurm/slurm.conf and starts the daemons);
# it stops the daemons it started when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
ludus=$(realpath "${1:-target/release/ludus}")
work=${2:-/tmp/ludus-slurm}
stones=${STONES:-4}
# RUNNER_DATA: a data directory of the built-in runner to compare with (built there when missing).
runner=${RUNNER_DATA:-$work/runner}
export DEBIAN_FRONTEND=noninteractive

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
command -v slurmctld >/dev/null && command -v munged >/dev/null ||
    { as_root apt-get update -q && as_root apt-get install -y -q slurm-wlm munge; }

rm -rf "$work" && mkdir -p "$work"/{spool,state,log,data,plan} "$runner"
host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))

# munge: one key shared by every node (here: one).
as_root mkdir -p /etc/munge /run/munge /var/lib/munge /var/log/munge
[ -s /etc/munge/munge.key ] || as_root dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
as_root chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge
as_root chmod 0400 /etc/munge/munge.key
pgrep -x munged >/dev/null || as_root runuser -u munge -- /usr/sbin/munged
munge -n | unmunge >/dev/null

# slurm.conf: controller and compute node on this host; no cgroups (containers rarely allow
# them), no accounting database.
as_root mkdir -p /etc/slurm
as_root tee /etc/slurm/slurm.conf >/dev/null <<CONF
ClusterName=ludus
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

cleanup() {
    [ -f "$work/slurmd.pid" ] && as_root kill "$(cat "$work/slurmd.pid")" 2>/dev/null || true
    [ -f "$work/slurmctld.pid" ] && as_root kill "$(cat "$work/slurmctld.pid")" 2>/dev/null || true
}
trap cleanup EXIT
as_root slurmctld -c
as_root slurmd -c
for _ in $(seq 60); do sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mixed' && break; sleep 1; done
sinfo

# The plan, submitted; then wait until the queue is empty.
"$ludus" morris plan --stones "$stones" --out "$work/plan" --binary "$ludus" \
    --data "$work/data" --threads 1 --verify
last=$(bash "$work/plan/submit.sh")
echo "submitted; last job $last"
start=$(date +%s)
while [ -n "$(squeue -h -o %i 2>/dev/null)" ]; do
    squeue -h -o '%i %j %T %R' | head -3
    sleep 5
    [ $(( $(date +%s) - start )) -lt 3600 ] || { echo "timed out" >&2; exit 1; }
done
failed=$(grep -L '"sector"' "$work"/plan/logs/*.out || true)
[ -z "$failed" ] || { echo "jobs without a result: $failed" >&2; tail -n 5 $failed >&2; exit 1; }
echo "all $(ls "$work"/plan/logs/*.out | wc -l) jobs done in $(( $(date +%s) - start )) s"

# The same game by the built-in runner, and the two results compared.
empty="......../......../........ w $stones $stones 0"
via_slurm=$(LUDUS_DATA="$work/data" "$ludus" morris probe --position "$empty" --json)
LUDUS_DATA="$runner" "$ludus" morris solve-game --stones "$stones" >"$work/runner.txt"
via_runner=$(LUDUS_DATA="$runner" "$ludus" morris probe --position "$empty" --json)
echo "empty board through Slurm: $via_slurm; built-in runner: $via_runner"
[ "$via_slurm" = "$via_runner" ] || { echo "the two builds disagree" >&2; exit 1; }
for f in "$runner"/morris-db/*/placement/*.ldb; do
    cmp -s "$f" "$work/data/morris-db/${f#"$runner"/morris-db/}" || { echo "differs: $f" >&2; exit 1; }
done
echo "every placement file identical"
