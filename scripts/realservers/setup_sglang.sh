#!/usr/bin/env bash
# Install a real SGLang (PyPI sglang, pinned in versions.env) for CPU in its own virtualenv, with
# the test-harness shims of sglang_shims/, and make the tiny local models its tests use:
#   $SPECDIAG_CACHE_DIR/realservers/sglang-<ver>/venv/            ~2.7 GB
#   $SPECDIAG_CACHE_DIR/realservers/sglang-<ver>/shims/           copied from sglang_shims/
#   $SPECDIAG_CACHE_DIR/realservers/sglang-models-<hash>/         see make_tiny_sglang.py
# (SPECDIAG_CACHE_DIR defaults to ~/.cache/specdiag.) Idempotent and lock-protected like the
# other setups; the shims are re-copied on every run (cheap), so editing them needs no reinstall.
#
# Why this shape: sglang's wheel pins a CUDA torch and sgl-kernel (CUDA only on PyPI). It is
# installed with --no-deps, next to the CPU torch and the pure-Python libraries it imports;
# torchvision with --no-deps too (import only). The three shims (sglang_shims/README.md) stand in
# for what a CPU-only machine lacks. A shimmed server runs SGLang's own Python (server, scheduler,
# EAGLE worker, logging, metrics, aux hidden-state capture); it says nothing about SGLang's C++
# kernels, which are replaced by plain torch.
source "$(dirname "${BASH_SOURCE[0]}")/_common.sh"

SGL_DIR="$RS_CACHE/sglang-$SGLANG_VERSION"
VENV="$SGL_DIR/venv"
MODELS_DIR="$RS_CACHE/sglang-models-$(rs_hash "$RS_HERE/make_tiny_sglang.py" "$RS_HERE/make_tiny_hf_llama.py" "$RS_HERE/versions.env")"

rs_lock sglang
t0=$(date +%s)

if [ ! -f "$VENV/.installed" ]; then
    log "installing sglang==$SGLANG_VERSION (no deps) + CPU torch into $VENV (2-7 minutes, 2.7 GB)"
    rm -rf "$VENV"
    mkdir -p "$SGL_DIR"
    "$BASE_PYTHON" -m venv "$VENV"
    pip_install() {
        # shellcheck disable=SC2086  # SPECDIAG_SGLANG_PIP_ARGS is a list of words on purpose
        "$VENV/bin/python" -m pip install --disable-pip-version-check "$@" \
            ${SPECDIAG_SGLANG_PIP_ARGS:-} >>"$SGL_DIR/install.log" 2>&1 || {
            tail -n 30 "$SGL_DIR/install.log" >&2
            die "pip install $* failed (log: $SGL_DIR/install.log)"
        }
    }
    : >"$SGL_DIR/install.log"
    pip_install --no-deps "sglang==$SGLANG_VERSION"
    # The CPU build of torch (the +cpu wheel; pip must be able to find it, as for vLLM).
    pip_install "torch==$SGLANG_TORCH_VERSION"
    # What sglang imports when it serves a Llama with EAGLE-3 on CPU (xgrammar brings triton,
    # which sglang imports at module level even on CPU).
    pip_install numpy "transformers==5.19.0" "tokenizers==0.23.2" safetensors fastapi \
        "uvicorn>=0.51" uvloop orjson "pyzmq>=25.1.2" psutil "prometheus-client>=0.20.0" requests \
        aiohttp pydantic python-multipart setproctitle msgspec pybase64 partial_json_parser \
        interegular einops "sentencepiece==0.2.1" tiktoken packaging pillow scipy tqdm xxhash \
        zstandard watchfiles huggingface_hub "openai==2.8.0" "xgrammar==0.2.7" \
        "llguidance>=1.7.6,<2" distro "python-dateutil<3" regex ipython dill compressed-tensors \
        gguf jsonschema soundfile
    # Imported by sglang and transformers at start; only its Python part is used (shim 1).
    pip_install --no-deps "torchvision==$SGLANG_TORCHVISION_VERSION"
    echo "$(($(date +%s) - t0))" >"$SGL_DIR/install_seconds.txt"
    touch "$VENV/.installed"
fi

# The shims: copied into the cache and loaded by a .pth file; inert unless SPECDIAG_SGLANG_SHIMS=1.
rm -rf "$SGL_DIR/shims.tmp"
cp -r "$RS_HERE/sglang_shims" "$SGL_DIR/shims.tmp"
rm -rf "$SGL_DIR/shims"
mv "$SGL_DIR/shims.tmp" "$SGL_DIR/shims"
purelib=$("$VENV/bin/python" -c "import sysconfig; print(sysconfig.get_paths()['purelib'])")
printf '%s\nimport specdiag_sglang_boot\n' "$SGL_DIR/shims" >"$purelib/specdiag_sglang_shims.pth"

if [ ! -f "$VENV/.done" ]; then
    SPECDIAG_SGLANG_SHIMS=1 "$VENV/bin/python" -c "import sglang.srt.entrypoints.http_server, torch; \
print('sglang', __import__('sglang').__version__, 'torch', torch.__version__)" \
        >>"$SGL_DIR/install.log" 2>&1 || die "the SGLang virtualenv does not import (log: $SGL_DIR/install.log)"
    touch "$VENV/.done"
    log "SGLang installed in $(cat "$SGL_DIR/install_seconds.txt") s ($(du -sh "$VENV" | cut -f1))"
fi

if [ ! -f "$MODELS_DIR/.done" ]; then
    log "writing tiny SGLang models to $MODELS_DIR"
    rm -rf "$MODELS_DIR.tmp"
    SPECDIAG_SGLANG_SHIMS=1 HF_HUB_DISABLE_PROGRESS_BARS=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 \
        "$VENV/bin/python" "$RS_HERE/make_tiny_sglang.py" "$MODELS_DIR.tmp"
    touch "$MODELS_DIR.tmp/.done"
    rm -rf "$MODELS_DIR"
    mv "$MODELS_DIR.tmp" "$MODELS_DIR"
fi

log "SGLang ready in $(($(date +%s) - t0)) s: $VENV, models in $MODELS_DIR"
