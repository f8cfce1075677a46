#!/usr/bin/env bash
# Set up every real server the integration tests use (`make realservers` runs this): the
# llama.cpp build and the vLLM and SGLang installs run side by side, since one is compile-bound
# and the others mostly download/unpack. First run on 2 cores: about 8-10 minutes; afterwards
# about 1 s (the SGLang shims are re-copied on every run).
# SPECDIAG_SKIP_REAL_SERVERS=1 skips it (the real-server tests are then skipped too).
source "$(dirname "${BASH_SOURCE[0]}")/_common.sh"

if [ "${SPECDIAG_SKIP_REAL_SERVERS:-0}" != 0 ]; then
    log "SPECDIAG_SKIP_REAL_SERVERS is set: not setting up the real servers"
    exit 0
fi
t0=$(date +%s)
bash "$RS_HERE/setup_llamacpp.sh" &
llama=$!
bash "$RS_HERE/setup_vllm.sh" &
vllm=$!
bash "$RS_HERE/setup_sglang.sh" &
sglang=$!
rc=0
wait "$llama" || { rc=1; log "llama.cpp setup FAILED"; }
wait "$vllm" || { rc=1; log "vLLM setup FAILED"; }
wait "$sglang" || { rc=1; log "SGLang setup FAILED"; }
[ "$rc" = 0 ] && log "all real servers ready ($(($(date +%s) - t0)) s; cache: $RS_CACHE)"
exit "$rc"
