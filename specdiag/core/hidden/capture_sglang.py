"""Capture the aux hidden states a running SGLang server feeds an EAGLE-3 draft
(``specdiag capture-hidden sglang URL``), without patching the server.

SGLang (0.5.23) has a capture-only mode: ``--speculative-algorithm EAGLE3
--enable-return-aux-hidden-states [--return-aux-hidden-state-layer-ids ID ...]`` and no draft
model. A ``/generate`` request with ``"return_hidden_states": true`` then carries, in
``meta_info.hidden_states``, the concatenated aux states of every prompt token: exactly what an
EAGLE-3 draft's fc would be fed with those ids (SGLang's own capture code, measured equal to
Hugging Face ``hidden_states`` on the real server). The server refuses the flag next to a draft
model, so the capture runs on a second server of the same target, launched with the draft's ids.
The ids (SGLang's: :func:`~.conventions.aux_id_rule` reads them per version) are taken from the
server's own ``/server_info``, so the dump records what the server really captured.
"""

from __future__ import annotations

import shlex
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from specdiag.core.hidden.capture import (
    CaptureResult,
    Sample,
    _check_auth,
    _connect,
    _server_message,
    check_output,
    layer_ids_of,
    write_capture,
)
from specdiag.core.hidden.conventions import CaptureEngine, aux_id_rule
from specdiag.core.http import Answer, BodyKind, HttpFailure, fetch, json_answer
from specdiag.errors import InputError, ServerError, UsageError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

CAPTURE_FLAG = "--enable-return-aux-hidden-states"
IDS_FLAG = "--return-aux-hidden-state-layer-ids"


def sglang_server_args(layers: Sequence[int] | None) -> tuple[str, ...]:
    """The flags (argv items, after ``python -m sglang.launch_server --model-path TARGET``) that
    make SGLang a capture-only server for the draft's ids (SGLang convention; None: its default).
    """
    # without --disable-radix-cache a prompt seen before is partly served from the prefix cache,
    # and only its uncached tokens' states come back (measured on 0.5.23)
    args = ["--speculative-algorithm", "EAGLE3", CAPTURE_FLAG, "--disable-radix-cache"]
    if layers is not None:
        ids = [int(i) for i in layers]
        if not ids:
            raise UsageError("--served-layers is empty", hint="e.g. --served-layers 1,29,57")
        if any(i < 0 for i in ids):
            raise UsageError(
                f"--served-layers {','.join(map(str, ids))}: SGLang's capture-only mode refuses "
                "negative ids (`--return-aux-hidden-state-layer-ids must be non-negative`), "
                "though a served draft whose eagle_config says -1 IS fed the embedding output "
                "(HF hidden_states[0], measured on SGLang 0.5.23)",
                hint="EAGLE-3 training never feeds the embedding: an id -1 in a served config is "
                "the shift of an off-by-one edit; capture the other ids, and get the embedding "
                "from the checkpoint (capture-hidden hf MODEL_DIR, index 0)",
            )
        args += [IDS_FLAG, *(str(i) for i in ids)]
    return tuple(args)


def format_sglang_args(args: Sequence[str]) -> str:
    return "python -m sglang.launch_server --model-path TARGET " + shlex.join(args)


def _rows(value: object) -> npt.NDArray[np.float32]:
    """meta_info.hidden_states as float32 ``[T, W]``: sent as [T][W], [1][T][W] (one list per
    request) or [W] (one token)."""
    import numpy as np

    try:
        rows = np.asarray(value, dtype=np.float32)
    except (ValueError, TypeError):  # rows of different widths, or not numbers
        raise ServerError(
            "meta_info.hidden_states rows are not all the same width (or not numbers)",
            hint="an SGLang version this reader does not know: report it",
        ) from None
    while rows.ndim > 2 and rows.shape[0] == 1:
        rows = rows[0]
    if rows.ndim == 0 or rows.size == 0 or rows.ndim > 2:
        raise ServerError(
            f"meta_info.hidden_states is empty or of shape {rows.shape}, not [T, W]",
            hint="check the SGLang log for the request (a format this reader does not know: "
            "report it)",
        )
    return np.atleast_2d(rows)


def capture_sglang(
    url: str,
    sample: Sample,
    output: str | Path,
    *,
    layers: Sequence[int] | None = None,
    api_key: str | None = None,
    timeout: float = 120.0,
    inputs: Sequence[str | Path | None] = (),
    force: bool = False,
) -> CaptureResult:
    """Send ``sample`` to a capture-only SGLang server; write the served dump to ``output``
    (``layers``, SGLang ids, must be those of the server's own /server_info)."""
    from specdiag.core.hidden.loading import require_torch

    torch = require_torch()
    t0 = time.monotonic()
    out = check_output(output, [sample.source, *inputs], force)
    notes: list[str] = []

    base, http = _connect(url, "sglang", api_key, timeout)
    shown = base.shown
    with http as client:

        def send(method: str, path: str, kind: BodyKind, **kw: Any) -> Answer:
            try:
                return fetch(client, method, path, kind=kind, timeout_s=timeout, shown=shown, **kw)
            except HttpFailure as exc:
                raise ServerError(
                    f"{path}: {exc.message}",
                    hint="check the URL and that SGLang is up (GET /health); a server that died "
                    "at the request says why in its log",
                ) from None

        resp = send("GET", "/server_info", BodyKind.INFO)
        if resp.status == 404:
            resp = send("GET", "/get_server_info", BodyKind.INFO)
        _check_auth(shown, resp, "pass the server's key with --api-key")
        info = json_answer(resp, shown, "/server_info") if resp.status == 200 else None
        if not isinstance(info, dict) or "version" not in info:
            raise ServerError(
                f"{shown}/server_info answered HTTP {resp.status} without SGLang's "
                "server arguments",
                hint="is this an SGLang server? (vLLM: capture-hidden vllm URL)",
            )
        version = str(info.get("version") or "") or None
        rules = aux_id_rule(CaptureEngine.SGLANG, version)
        if not info.get("enable_return_aux_hidden_states"):
            draft = info.get("speculative_draft_model_path")
            raise ServerError(
                f"{shown} (SGLang {version}) was not started in capture mode "
                f"({CAPTURE_FLAG} is off)"
                + (
                    ", and it serves a draft model: SGLang refuses the flag next to one"
                    if draft
                    else ""
                ),
                hint="start a second server of the same target with: "
                + format_sglang_args(sglang_server_args(layers))
                + "  (`specdiag capture-hidden sglang --print-server-args --served-layers ...` prints "
                "them)",
            )
        served_ids = layer_ids_of(info.get("return_aux_hidden_state_layer_ids"))
        if layers is not None and served_ids is not None and tuple(layers) != served_ids:
            raise UsageError(
                f"--served-layers {','.join(map(str, layers))} but the server captures SGLang ids "
                f"{','.join(map(str, served_ids))} (its {IDS_FLAG})",
                hint="drop --served-layers (the server's own ids are recorded), or restart the "
                "server with the ids you mean",
            )
        if layers is not None and served_ids is None:
            raise UsageError(
                f"--served-layers {','.join(map(str, layers))} but the server runs without "
                f"{IDS_FLAG}: it captures SGLang's default [2, N//2, N-3]",
                hint="restart it with " + shlex.join(sglang_server_args(layers)),
            )
        body: dict[str, object] = {
            "sampling_params": {"max_new_tokens": 1, "temperature": 0.0},
            "return_hidden_states": True,
        }
        if sample.token_ids is not None:
            body["input_ids"] = list(sample.token_ids)
        else:
            body["text"] = sample.prompt
        resp = send("POST", "/generate", BodyKind.CAPTURE, json=body)
    if resp.status >= 400:
        msg = _server_message(resp)
        low = msg.lower()
        if "layer" in low and ("capture" in low or "aux" in low):
            raise InputError(
                f"SGLang could not capture the configured layers: {msg}",
                hint=rules.last_layer_failure,
            )
        if "out of range" in low or "vocab" in low:
            raise InputError(
                f"the server rejected the sample's token ids: {msg}",
                hint="the sample was tokenized for another model; capture with the target the "
                "draft was trained on",
            )
        raise ServerError(
            f"{shown}/generate answered HTTP {resp.status}: {msg}",
            hint="check the SGLang log for the request",
        )
    answer = json_answer(resp, shown, "/generate")
    if isinstance(answer, list) and len(answer) == 1:
        answer = answer[0]
    meta = answer.get("meta_info") if isinstance(answer, dict) else None
    if not isinstance(meta, dict) or meta.get("hidden_states") is None:
        raise ServerError(
            f"{shown} returned no meta_info.hidden_states",
            hint=f"the server needs {CAPTURE_FLAG} (and an SGLang with capture-only mode, "
            "0.5.23 was checked)",
        )
    rows = _rows(meta["hidden_states"])
    sent = len(sample.token_ids) if sample.token_ids is not None else None
    prompt_tokens = meta.get("prompt_tokens")
    n_tokens = sent if sent is not None else prompt_tokens
    if not isinstance(n_tokens, int) or n_tokens <= 0:
        raise ServerError(
            f"{shown}: cannot tell how many prompt tokens were captured (no prompt_tokens)",
            hint="send token ids (--like or --prompt-ids) instead of text",
        )
    if len(rows) < n_tokens:
        raise ServerError(
            f"{shown} returned {len(rows)} hidden-state rows for {n_tokens} prompt tokens",
            hint="SGLang served the rest from its prefix cache (a prompt it had seen): restart "
            "it with --disable-radix-cache (capture-hidden sglang --print-server-args includes it)",
        )
    if len(rows) > n_tokens:
        notes.append(
            f"the server returned {len(rows)} rows for {n_tokens} prompt tokens; the "
            f"first {n_tokens} (the prompt) are kept"
        )
        rows = rows[:n_tokens]
    ids = served_ids
    if ids is not None:
        hf = tuple(rules.to_hf(i) for i in ids)
        chunks = len(ids)
    else:
        chunks = 3
        hf = None
        notes.append(
            "the server runs with SGLang's default ids (no "
            f"{IDS_FLAG}): [2, N//2, N-3] as layer-input positions = HF indices 2, N//2, N-3; "
            "compare-hidden identifies them"
        )
    width = int(rows.shape[1])
    if width % chunks:
        raise ServerError(
            f"{shown}: rows of {width} values do not split into {chunks} captured layers",
            hint="report the SGLang version and its server arguments",
        )
    hidden = width // chunks
    tensor = torch.from_numpy(rows)
    model = info.get("served_model_name") or info.get("model_path")
    if sample.token_ids is None:
        notes.append(
            "a text prompt: the dump holds no input_ids (the server tokenized it); pass "
            "--prompt-ids or --like to record them"
        )
    return write_capture(out, tensor.reshape(1, len(rows), width), sample.token_ids or (),
                         notes, sample, "sglang", model=str(model or ""), server=shown,
                         hidden_size=hidden, layer_ids=ids, hf_indices=hf,
                         version=version or "", started=t0)  # fmt: skip
