#!/usr/bin/env bash
# Build a real llama.cpp `llama-server` and the tiny GGUF models used by the integration tests.
#
# The llama.cpp source is the copy vendored in the PyPI sdist of llama-cpp-python (pinned in
# versions.env); nothing is fetched from a model hub. Everything lands in the cache:
#   $SPECDIAG_CACHE_DIR/realservers/llamacpp-<ver>/bin/llama-server   static, portable (AVX2 baseline)
#   $SPECDIAG_CACHE_DIR/realservers/gguf-<ver>-venv/                   numpy + gguf, runs the generator
#   $SPECDIAG_CACHE_DIR/realservers/gguf-models-<hash>/*.gguf          made by make_tiny_gguf.py
# (SPECDIAG_CACHE_DIR defaults to ~/.cache/specdiag.) Idempotent: a finished step is skipped, so a
# rerun takes well under a second. Safe to run twice at once (lock file). Needs cmake, g++, make.
# Set SPECDIAG_KEEP_BUILD=1 to keep the extracted source and the cmake build directory.
source "$(dirname "${BASH_SOURCE[0]}")/_common.sh"

LLAMA_DIR="$RS_CACHE/llamacpp-$LLAMA_CPP_PYTHON_VERSION"
GGUF_VENV="$RS_CACHE/gguf-$GGUF_VERSION-venv"
MODELS_DIR="$RS_CACHE/gguf-models-$(rs_hash "$RS_HERE/make_tiny_gguf.py" "$RS_HERE/versions.env")"
SERVER="$LLAMA_DIR/bin/llama-server"

rs_lock llamacpp
t0=$(date +%s)

# 1. a small virtualenv with the GGUF writer (also gives us a pip for the sdist download)
if [ ! -f "$GGUF_VENV/.done" ]; then
    log "creating $GGUF_VENV (gguf==$GGUF_VERSION, numpy)"
    rm -rf "$GGUF_VENV"
    "$BASE_PYTHON" -m venv "$GGUF_VENV"
    "$GGUF_VENV/bin/python" -m pip install -q --disable-pip-version-check "gguf==$GGUF_VERSION" numpy
    touch "$GGUF_VENV/.done"
fi

# 2. llama-server from the sdist's vendor/llama.cpp
if [ ! -x "$SERVER" ]; then
    for tool in cmake g++ make tar; do
        command -v "$tool" >/dev/null || die "$tool is required to build llama-server"
    done
    mkdir -p "$LLAMA_DIR/dl"
    sdist="$LLAMA_DIR/dl/llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION.tar.gz"
    if [ ! -f "$sdist" ]; then
        log "downloading the llama-cpp-python $LLAMA_CPP_PYTHON_VERSION sdist (~77 MB)"
        "$GGUF_VENV/bin/python" -m pip download -q --disable-pip-version-check --no-binary :all: \
            --no-deps "llama-cpp-python==$LLAMA_CPP_PYTHON_VERSION" -d "$LLAMA_DIR/dl.tmp"
        mv "$LLAMA_DIR/dl.tmp/$(basename "$sdist")" "$sdist"
        rm -rf "$LLAMA_DIR/dl.tmp"
    fi
    rm -rf "$LLAMA_DIR/src" "$LLAMA_DIR/build"
    mkdir -p "$LLAMA_DIR/src"
    inner="llama_cpp_python-$LLAMA_CPP_PYTHON_VERSION/vendor/llama.cpp"
    tar xzf "$sdist" -C "$LLAMA_DIR/src" "$inner"
    jobs=$(nproc 2>/dev/null || echo 2)
    log "building llama-server with $jobs jobs (about 5 minutes on 2 cores; log: $LLAMA_DIR/build.log)"
    tb=$(date +%s)
    # Static and portable: no -march=native (GGML_NATIVE=OFF), no TLS, no web UI (it would be
    # downloaded), no tests or examples. "not a git repository" warnings are expected.
    if ! {
        cmake -S "$LLAMA_DIR/src/$inner" -B "$LLAMA_DIR/build" -DCMAKE_BUILD_TYPE=Release \
            -DBUILD_SHARED_LIBS=OFF -DGGML_NATIVE=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_SERVER=ON \
            -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_BUILD_TESTS=OFF \
            -DLLAMA_BUILD_EXAMPLES=OFF &&
            cmake --build "$LLAMA_DIR/build" --target llama-server -j"$jobs"
    } >"$LLAMA_DIR/build.log" 2>&1; then
        tail -n 40 "$LLAMA_DIR/build.log" >&2
        die "llama-server build failed (full log: $LLAMA_DIR/build.log)"
    fi
    mkdir -p "$LLAMA_DIR/bin"
    cp "$LLAMA_DIR/build/bin/llama-server" "$SERVER.tmp"
    mv "$SERVER.tmp" "$SERVER"
    echo "$(($(date +%s) - tb))" >"$LLAMA_DIR/build_seconds.txt"
    log "built $SERVER in $(cat "$LLAMA_DIR/build_seconds.txt") s"
    if [ "${SPECDIAG_KEEP_BUILD:-0}" != 1 ]; then
        rm -rf "$LLAMA_DIR/src" "$LLAMA_DIR/build"
    fi
fi

# 3. tiny GGUF models (deterministic, well under a second)
if [ ! -f "$MODELS_DIR/.done" ]; then
    log "writing tiny GGUF models to $MODELS_DIR"
    rm -rf "$MODELS_DIR.tmp"
    "$GGUF_VENV/bin/python" "$RS_HERE/make_tiny_gguf.py" "$MODELS_DIR.tmp"
    touch "$MODELS_DIR.tmp/.done"
    rm -rf "$MODELS_DIR"
    mv "$MODELS_DIR.tmp" "$MODELS_DIR"
fi

log "llama.cpp ready in $(($(date +%s) - t0)) s: $SERVER, models in $MODELS_DIR"
