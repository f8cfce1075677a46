"""Capture hidden states from a running vLLM server (``capture-hidden vllm URL``), and what every
capture shares: the sample, the output checks, the served-dump writer and its metadata.

vLLM (0.32+) captures the aux-layer hidden states per request with the speculative method
``extract_hidden_states`` and a hidden-states KV connector (vLLM's own, GPU only, or specdiag's
CPU-safe subclass): each completion carries ``kv_transfer_params.hidden_states_path``, a
safetensors file (``hidden_states [T, n, H]``, ``token_ids [T]``) on the server's host. The served
dump keeps SpecForge's key and shape (``aux_hidden_state [1, T, n*H]``), so every reader of
training dumps reads it. vLLM id ``j`` is HF ``hidden_states[j]`` (0 = the embedding output, ``L``
= the last layer's output before the final norm); chunks come in ascending layer order.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import shlex
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from specdiag.core.files import FileKind, JsonError, loads_json, read_text_bounded
from specdiag.core.http import (
    Answer,
    BaseUrl,
    BodyKind,
    credential_secrets,
    fetch,
    json_answer,
    parse_base_url,
    sync_client,
)
from specdiag.errors import InputError, ServerError, UsageError, register_secrets

if TYPE_CHECKING:
    from httpx import Client
    from torch import Tensor

SERVED_FORMAT = "specdiag-served-capture/1"
REFERENCE_FORMAT = "specdiag-hf-reference/1"
SPECDIAG_CONNECTOR = "SpecdiagHiddenStatesConnector"
SPECDIAG_CONNECTOR_MODULE = "specdiag.vllm_connector"
VLLM_CONNECTOR = "ExampleHiddenStatesConnector"
DEFAULT_STORAGE = "/tmp/specdiag-hidden"
CONNECTORS = ("specdiag", "vllm")
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0", "[::1]")


# --------------------------------------------------------------------------------------------
# The sample


@dataclass(frozen=True)
class Sample:
    """What is sent to the server: token ids, or a text prompt the server tokenizes."""

    source: str  # the file, "--prompt-ids" or "--prompt"
    token_ids: tuple[int, ...] | None
    prompt: str | None = None
    padding_dropped: int = 0  # trailing pad positions of the sample file left out

    @property
    def description(self) -> str:
        if self.token_ids is None:
            return f"{self.source} (text, tokenized by the server)"
        pad = f", {self.padding_dropped} padding left out" if self.padding_dropped else ""
        return f"{self.source} ({len(self.token_ids)} tokens{pad})"


def sample_from_dump(path: str | Path, pad_id: int | None = 0) -> Sample:
    """The valid (non-padding) token ids of any dump that has ``input_ids``/``token_ids``."""
    from specdiag.core.hidden.loading import load_dump

    dump = load_dump(path, pad_id=pad_id)
    ids = dump.ids_list()
    if ids is None:
        raise InputError(
            f"{path}: no input_ids in the file, so there is nothing to send",
            hint="use a SpecForge dump (input_ids), or give the tokens with --prompt-ids",
        )
    valid = ids[: dump.valid_tokens]
    if not valid:
        raise InputError(f"{path}: the sample holds no tokens", hint="pick a sample with tokens")
    return Sample(str(path), tuple(valid), padding_dropped=dump.padding)


def sample_from_ids(text: str) -> Sample:
    """``--prompt-ids 1,2,3`` (or ``[1, 2, 3]``, or ``@FILE`` holding such a list)."""
    src = "--prompt-ids"
    if text.startswith("@"):
        p = Path(text[1:])
        text = read_text_bounded(p, what="--prompt-ids", kind=FileKind.ARGUMENT)
        src = str(p)
    body = text.strip().strip("[]").replace("\n", ",").replace(" ", ",")
    out: list[int] = []
    for part in body.split(","):
        if not part:
            continue
        try:
            v = int(part)
        except ValueError:
            raise UsageError(
                f"--prompt-ids: {part[:30]!r} is not a token id", hint="e.g. --prompt-ids 1,450,3"
            ) from None
        if v < 0:
            raise UsageError(f"--prompt-ids: token id {v} is negative", hint="token ids are >= 0")
        out.append(v)
    if not out:
        raise UsageError("--prompt-ids is empty", hint="e.g. --prompt-ids 1,450,3")
    return Sample(src, tuple(out))


# --------------------------------------------------------------------------------------------
# Launch flags


def check_layer_ids(layers: Sequence[int], flag: str = "--served-layers") -> tuple[int, ...]:
    ids = tuple(int(i) for i in layers)
    if not ids:
        raise UsageError(f"{flag} is empty", hint=f"e.g. {flag} 2,30,58")
    if any(i < 0 for i in ids):
        raise UsageError(
            f"{flag}: vLLM layer ids are >= 0 (0 = the embedding output)",
            hint="vLLM id j captures the input of decoder layer j; SpecForge's id k is vLLM's k+1",
        )
    if len(set(ids)) != len(ids):
        raise UsageError(
            f"{flag}: a layer id appears twice ({', '.join(map(str, ids))})",
            hint="name each captured layer once",
        )
    return ids


def vllm_server_args(
    layers: Sequence[int], *, connector: str = "specdiag", storage: str = DEFAULT_STORAGE
) -> tuple[str, ...]:
    """The vLLM flags (argv items) that make it capture ``layers`` for every request
    (``connector``: one of :data:`CONNECTORS`, checked by ``ServerArgsOptions``)."""
    ids = check_layer_ids(layers)
    spec = {
        "method": "extract_hidden_states",
        "num_speculative_tokens": 1,
        "draft_model_config": {"hf_config": {"eagle_aux_hidden_state_layer_ids": list(ids)}},
    }
    kv: dict[str, object] = {
        "kv_connector": SPECDIAG_CONNECTOR if connector == "specdiag" else VLLM_CONNECTOR,
        "kv_role": "kv_producer",
        "kv_connector_extra_config": {"shared_storage_path": storage},
    }
    if connector == "specdiag":
        kv["kv_connector_module_path"] = SPECDIAG_CONNECTOR_MODULE
    return (
        "--speculative-config",
        json.dumps(spec, separators=(",", ":")),
        "--kv-transfer-config",
        json.dumps(kv, separators=(",", ":")),
    )


# --------------------------------------------------------------------------------------------
# Files


@dataclass(frozen=True)
class CaptureMeta:
    """What a served dump or an HF reference written by specdiag records about itself."""

    format: str
    engine: str | None
    layer_ids: tuple[int, ...] | None  # as configured on the engine (its convention)


def layer_ids_of(value: object) -> tuple[int, ...] | None:
    """A non-empty list of int ids (JSON-decoded) as a tuple; None for anything else."""
    if isinstance(value, list) and value and all(isinstance(i, int) for i in value):
        return tuple(value)
    return None


def read_capture_meta(path: str | Path) -> CaptureMeta | None:
    """The metadata specdiag wrote into a served dump / HF reference; None for other files."""
    if not str(path).lower().endswith(".safetensors"):
        return None
    from safetensors import SafetensorError, safe_open

    try:  # safetensors reads the header only
        with safe_open(str(path), framework="numpy") as f:
            meta = f.metadata() or {}
    except (SafetensorError, OSError, ValueError, TypeError):
        return None
    if meta.get("format") not in (SERVED_FORMAT, REFERENCE_FORMAT):
        return None
    try:
        ids = layer_ids_of(loads_json(meta["layer_ids"])) if meta.get("layer_ids") else None
    except JsonError:
        ids = None
    return CaptureMeta(meta["format"], meta.get("engine") or None, ids)


def check_output(output: str | Path, inputs: Sequence[str | Path | None], force: bool) -> Path:
    """Refuse to write over an input, a directory, or (without --force) an existing file."""
    out = Path(output)
    if out.is_dir():
        raise UsageError(
            f"-o {out}: is a directory", hint="name a file, e.g. -o served.safetensors"
        )
    if not out.name.lower().endswith(".safetensors"):
        raise UsageError(
            f"-o {out}: the output is a safetensors file", hint="name it *.safetensors"
        )
    from specdiag.core.paths import check_outputs

    # every input, a checkpoint directory's files included, is never written (--force or not)
    check_outputs([("-o", out)], [("", p) for p in inputs])
    if out.exists() and not out.is_file():  # a device or FIFO: renaming over it replaces it
        raise UsageError(
            f"-o {out}: not a regular file (a device, FIFO or socket)",
            hint="name a file, e.g. -o served.safetensors",
        )
    if out.exists() and not force:
        raise UsageError(f"-o {out} exists", hint="choose another name, or pass --force")
    if not out.parent.exists():
        raise UsageError(
            f"-o {out}: the directory {out.parent} does not exist", hint="create it first"
        )
    if not os.access(out.parent, os.W_OK | os.X_OK) or (
        out.exists() and not os.access(out, os.W_OK)
    ):
        raise UsageError(
            f"-o {out}: not writable by this user",  # found now, not after the model ran
            hint="write the capture to a directory you can write to",
        )
    return out


def write_safetensors(
    path: Path, tensors: Mapping[str, Tensor], metadata: Mapping[str, str]
) -> None:
    """Write atomically: a temporary file next to ``path``, renamed over it when complete."""
    from safetensors.torch import save_file

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        save_file({k: v.contiguous() for k, v in tensors.items()}, tmp, metadata=dict(metadata))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@dataclass(frozen=True)
class CaptureResult:
    """One capture: where it came from, what it holds, where it went."""

    source: str  # "vllm", "sglang" or "hf"
    server: str | None  # URL without credentials / query (vllm)
    model: str | None
    sample: str
    tokens: int
    hidden_size: int
    chunks: int  # layers captured
    dtype: str
    layer_ids: tuple[int, ...] | None  # the engine's ids as the server was launched
    hf_indices: tuple[int, ...] | None
    output: str
    server_file: str | None = None
    server_file_removed: bool = False
    seconds: float = 0.0
    notes: tuple[str, ...] = ()
    engine_version: str | None = None  # the server's own version (sglang)


_CONVENTIONS = {
    "vllm": "vllm: id j = input of decoder layer j = HF hidden_states[j] (pre-norm)",
    "sglang": "sglang: id k = output of decoder layer k = HF hidden_states[k+1] (every id +1; "
    "-1 = embedding in 0.5.23); no ids = HF [2, N//2, N-3]",
    "hf": "hf: index 0 = embedding output, i = output of decoder layer i-1, L = final normed output",
}


def write_capture(
    out: Path,
    features: Tensor,
    input_ids: Sequence[int],
    notes: list[str],
    sample: Sample,
    engine: str,
    *,
    model: str | None,
    server: str | None = None,
    hidden_size: int,
    layer_ids: tuple[int, ...] | None,
    hf_indices: tuple[int, ...] | None = None,
    version: str | None = None,
    started: float,
) -> CaptureResult:
    """Write a served dump ``[1, T, n*H]`` (for ``engine`` "hf": the reference stack
    ``[L+1, T, H]``) with metadata saying what it holds; ``started``: ``time.monotonic()``."""
    import torch

    if not bool(torch.isfinite(features).all()):
        notes.append("the captured hidden states hold NaN/Inf values")
    stack = engine == "hf"
    meta = {"format": REFERENCE_FORMAT if stack else SERVED_FORMAT, "engine": engine}
    if version is not None:
        meta["engine_version"] = version
    meta.update(
        convention=_CONVENTIONS[engine],
        model=model or "",
        server=server or "",
        sample=sample.source,
        hidden_size=str(hidden_size),
        layer_ids=json.dumps(list(layer_ids)) if layer_ids is not None else "",
        hf_indices=json.dumps(list(hf_indices)) if hf_indices is not None else "",
    )
    if stack:
        meta["num_layers"] = str(int(features.shape[0]) - 1)
    tensors = {"hidden_states" if stack else "aux_hidden_state": features}
    if input_ids:
        tensors["input_ids"] = torch.tensor(list(input_ids), dtype=torch.int64)
    write_safetensors(out, tensors, meta)
    return CaptureResult(
        source=engine,
        server=server,
        model=model or None,
        sample=sample.description,
        tokens=int(features.shape[1]),
        hidden_size=hidden_size,
        chunks=int(features.shape[0]) if stack else int(features.shape[2]) // hidden_size,
        dtype=str(features.dtype).replace("torch.", ""),
        layer_ids=layer_ids,
        hf_indices=hf_indices,
        output=str(out),
        seconds=time.monotonic() - started,
        notes=tuple(notes),
        engine_version=version or None,
    )


# --------------------------------------------------------------------------------------------
# vLLM


def _connect(url: str, source: str, api_key: str | None, timeout: float) -> tuple[BaseUrl, Client]:
    """The server's URL and a client for it (the key is scrubbed from every message)."""
    port = 30000 if source == "sglang" else 8000
    base = parse_base_url(
        url,
        what=f"{source}'s URL",
        example=f"capture-hidden {source} http://127.0.0.1:{port}",
        strip=("/v1",),
        default_scheme="http",
    )
    register_secrets(credential_secrets(api_key, (), (url,)))
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    ua = "specdiag-capture-hidden"
    return base, sync_client(base, timeout_s=timeout, headers=headers, user_agent=ua)


def _check_auth(shown: str, answer: Answer, hint: str) -> None:
    if answer.status in (401, 403):
        raise ServerError(f"{shown} refused the request (HTTP {answer.status})", hint=hint)


def _server_message(answer: Answer) -> str:
    """An error answer's message, in a few hundred characters (server text: shown scrubbed)."""
    try:
        body = loads_json(answer.body)
    except JsonError:
        return answer.text[:300]
    if isinstance(body, dict):
        err = body.get("error", body)
        if isinstance(err, dict):
            return str(err.get("message", err))[:500]
        if "detail" in body:
            return str(body["detail"])[:500]
        return str(err)[:500]
    return str(body)[:300]


def flags_hint(layers: Sequence[int] | None) -> str:
    ids = list(layers) if layers else [2, 30, 58]
    args = shlex.join(vllm_server_args(ids))
    example = "" if layers else " (ids are an example: give yours with --served-layers)"
    return (
        f"restart vLLM with: {args}{example}; `specdiag capture-hidden vllm --print-server-args "
        "--served-layers ... --layer-convention vllm` prints them"
    )


def _wait_for_file(path: Path, timeout: float, url: str) -> None:
    """Wait like vLLM's ``load_hidden_states``: a shared flock on ``<file>.lock`` (polled, so a
    hung writer ends in a clear error), or the file itself when there is no lock file."""
    lock = Path(str(path) + ".lock")
    deadline = time.monotonic() + timeout
    while not lock.exists() and not path.exists():
        if time.monotonic() > deadline:
            host = (urlsplit(url).hostname or "").lower()
            local = host in LOCAL_HOSTS or host == os.uname().nodename.lower()
            where = (
                "the server runs on another host"
                if not local
                else "the server may run in a container or on another host"
            )
            raise InputError(
                f"the server wrote the hidden states to {path}, which does not exist here: "
                f"{where}, and the file lies on its filesystem",
                hint="run capture-hidden on the server's host, or mount the connector's "
                "shared_storage_path at the same path on both sides (--storage names it in "
                "--print-server-args)",
            )
        time.sleep(0.05)
    if not lock.exists():
        return
    try:
        fd = os.open(lock, os.O_RDONLY)
    except PermissionError:
        raise InputError(
            f"{lock}: permission denied (the server's user owns it)",
            hint="run capture-hidden as a user that can read the connector's shared_storage_path",
        ) from None
    except FileNotFoundError:
        return  # removed meanwhile: the writer is done
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
                return
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
                    raise
            if time.monotonic() > deadline:
                raise ServerError(
                    f"the server did not finish writing {path} within {timeout:.0f} s (its lock "
                    "is still held)",
                    hint="check the vLLM log for a connector error (a dead worker), or raise "
                    "--timeout",
                )
            time.sleep(0.05)
    finally:
        os.close(fd)


def _check_served_tensors(
    data: Mapping[str, Tensor], path: Path, sent: Sequence[int] | None
) -> tuple[Tensor, list[int]]:
    if "hidden_states" not in data or "token_ids" not in data:
        raise InputError(
            f"{path}: expected hidden_states and token_ids, found {', '.join(sorted(data)) or 'nothing'}",
            hint="the file was not written by a vLLM hidden-states connector",
        )
    hs = data["hidden_states"]
    ids = [int(v) for v in data["token_ids"].reshape(-1).tolist()]
    if hs.ndim == 2:
        hs = hs[:, None, :]
    if hs.ndim != 3:
        raise InputError(
            f"{path}: hidden_states of shape {tuple(hs.shape)}, expected [T, n, H]",
            hint="the file was not written by a vLLM hidden-states connector",
        )
    if int(hs.shape[0]) != len(ids):
        raise InputError(
            f"{path}: {int(hs.shape[0])} hidden-state rows for {len(ids)} token ids",
            hint="the server's capture is inconsistent; check its log",
        )
    if sent is not None and ids != list(sent):
        first = next(
            (i for i, (a, b) in enumerate(zip(ids, sent, strict=False)) if a != b),
            min(len(ids), len(sent)),
        )
        raise InputError(
            f"{path}: the server captured {len(ids)} tokens that differ from the {len(sent)} "
            f"sent (first difference at position {first})",
            hint="another request's file, or a server that rewrites prompts",
        )
    return hs, ids


def capture_vllm(
    url: str,
    sample: Sample,
    output: str | Path,
    *,
    layers: Sequence[int] | None = None,
    model: str | None = None,
    api_key: str | None = None,
    timeout: float = 120.0,
    keep_server_file: bool = False,
    inputs: Sequence[str | Path | None] = (),
    force: bool = False,
) -> CaptureResult:
    """Send ``sample`` to a vLLM server started with ``extract_hidden_states``; write the dump."""
    from specdiag.core.hidden.loading import load_safetensors, require_torch

    require_torch()
    t0 = time.monotonic()
    ids_checked = check_layer_ids(layers) if layers is not None else None
    out = check_output(output, [sample.source, *inputs], force)
    notes: list[str] = []
    base, http = _connect(url, "vllm", api_key, timeout)
    shown = base.shown
    with http as client:
        resp = fetch(
            client, "GET", "/v1/models", kind=BodyKind.INFO, timeout_s=timeout, shown=shown
        )
        _check_auth(shown, resp, "pass the server's key with --api-key (or OPENAI_API_KEY)")
        if resp.status != 200:
            raise ServerError(
                f"{shown}/v1/models answered HTTP {resp.status}: {_server_message(resp)}",
                hint="is this an OpenAI-compatible vLLM server?",
            )
        doc = json_answer(resp, shown, "/v1/models")
        listed = doc.get("data") if isinstance(doc, dict) else None
        if not isinstance(listed, list):
            listed = []
        entry = next(
            (m for m in listed if isinstance(m, dict) and (model is None or m.get("id") == model)),
            None,
        )
        if entry is None:
            names = ", ".join(str(m.get("id")) for m in listed[:20] if isinstance(m, dict))
            raise ServerError(
                f"{shown} serves no model {model!r}" if model else f"{shown} lists no model",
                hint=f"models there: {names}" if names else "is this a vLLM server?",
            )
        name = str(entry.get("id"))
        max_len = entry.get("max_model_len")
        n_sent = len(sample.token_ids) if sample.token_ids is not None else 0
        if n_sent and type(max_len) is int and n_sent + 1 > max_len:
            raise InputError(
                f"{sample.source}: {n_sent} tokens, but the server's max_model_len is "
                f"{max_len} (the prompt and one generated token must fit)",
                hint=f"restart vLLM with --max-model-len {n_sent + 1} or more, or capture a "
                "shorter sample",
            )
        body: dict[str, object] = {
            "model": name,
            "prompt": list(sample.token_ids) if sample.token_ids is not None else sample.prompt,
            "max_tokens": 1,
            "temperature": 0.0,
        }
        resp = fetch(
            client,
            "POST",
            "/v1/completions",
            kind=BodyKind.ANSWER,
            timeout_s=timeout,
            shown=shown,
            json=body,
        )
    if resp.status >= 400:
        msg = _server_message(resp)
        low = msg.lower()
        if "vocab" in low or ("token id" in low and "out of" in low):
            raise InputError(
                f"the server rejected the sample's token ids: {msg}",
                hint="the sample was tokenized for another model (its ids fall outside this "
                "model's vocabulary); capture with the target the draft was trained on",
            )
        if "max_model_len" in low or "maximum context length" in low or "too long" in low:
            raise InputError(
                f"the sample does not fit the server's context: {msg}",
                hint="restart vLLM with a larger --max-model-len, or capture a shorter sample",
            )
        raise ServerError(
            f"{shown}/v1/completions answered HTTP {resp.status}: {msg}",
            hint="check the vLLM log for the request",
        )
    answer = json_answer(resp, shown, "/v1/completions")
    params = answer.get("kv_transfer_params") if isinstance(answer, dict) else None
    path_text = params.get("hidden_states_path") if isinstance(params, dict) else None
    if not isinstance(path_text, str) or not path_text:
        raise ServerError(
            f"{shown} returned no kv_transfer_params.hidden_states_path: it was not started with "
            "speculative method extract_hidden_states and a hidden-states KV connector",
            hint=flags_hint(ids_checked),
        )
    server_file = Path(path_text)
    _wait_for_file(server_file, timeout, base.url)
    if not server_file.exists():
        raise ServerError(
            f"the server released {server_file}.lock without writing {server_file}: its "
            "hidden-states connector failed (or its worker died)",
            hint="check the vLLM log; on a CPU vLLM's own ExampleHiddenStatesConnector dies "
            "(pin_memory): launch with specdiag's connector (--print-server-args)",
        )
    try:
        data = load_safetensors(server_file)
    except PermissionError:
        raise InputError(
            f"{server_file}: permission denied (the server's user wrote it)",
            hint="run capture-hidden as a user that can read the connector's shared_storage_path",
        ) from None
    hs, got_ids = _check_served_tensors(data, server_file, sample.token_ids)
    t, n, h = (int(s) for s in hs.shape)
    if ids_checked is not None and len(ids_checked) != n:
        raise InputError(
            f"the server captures {n} layer(s) per token but --served-layers names {len(ids_checked)}",
            hint="give the ids the server was launched with (its --speculative-config "
            "eagle_aux_hidden_state_layer_ids)",
        )
    recorded: tuple[int, ...] | None = None
    if ids_checked is not None:
        recorded = tuple(sorted(ids_checked))
        if list(ids_checked) != sorted(ids_checked):
            notes.append(
                f"--served-layers {','.join(map(str, ids_checked))} is not ascending; vLLM captures in "
                f"layer order, so the chunks are layers {','.join(map(str, recorded))}"
            )
    else:
        notes.append(
            f"{n} layer(s) captured, ids not given: pass --served-layers (the server's "
            "eagle_aux_hidden_state_layer_ids) to record them in the dump"
        )
    flat = hs.reshape(1, t, n * h).clone()
    del data, hs
    result = write_capture(out, flat, got_ids, notes, sample, "vllm", model=name, server=shown,
                          hidden_size=h, layer_ids=recorded, hf_indices=recorded,
                          started=t0)  # fmt: skip
    removed = False
    if not keep_server_file:
        for p in (server_file, Path(str(server_file) + ".lock")):
            with contextlib.suppress(FileNotFoundError):
                try:
                    p.unlink()
                    removed = removed or p == server_file
                except PermissionError:
                    notes.append(f"could not remove the server's file {p} (permission denied)")
    return replace(
        result,
        server_file=str(server_file),
        server_file_removed=removed,
        seconds=time.monotonic() - t0,
        notes=tuple(notes),
    )
