"""``capture-hidden`` as one core entry: :class:`CaptureOptions` (validated in ``__post_init__``,
as the CLI validates), :func:`capture`, and ``--print-server-args`` (:func:`server_args`)."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.hidden.capture import CONNECTORS, DEFAULT_STORAGE, Sample
from specdiag.core.hidden.conventions import CaptureEngine, LayerConvention, vllm_ids
from specdiag.core.textenum import TextEnum
from specdiag.errors import UsageError

if TYPE_CHECKING:
    from specdiag.core.hidden.capture import CaptureResult
    from specdiag.core.hidden.compare_results import CompareResult


class CaptureSource(TextEnum):
    """Where hidden states are captured from."""

    VLLM = "vllm"  # a running vLLM server (extract_hidden_states + a KV connector)
    SGLANG = "sglang"  # a running capture-only SGLang server
    HF = "hf"  # the checkpoint itself, run with transformers: every layer


SOURCE_HINT = "capture-hidden vllm URL | sglang URL | hf MODEL_DIR"


def capture_source(name: str) -> CaptureSource:
    """The source named ``name``: a usage error naming the three otherwise."""
    try:
        return CaptureSource(name)
    except ValueError:
        raise UsageError(f"{name}: expected vllm, sglang or hf", hint=SOURCE_HINT) from None


def _engine_ids(
    engine: CaptureEngine, layers: tuple[int, ...] | None, convention: LayerConvention | None
) -> tuple[int, ...] | None:
    """The ids the engine is launched with. For vLLM (whose ``--layers`` once meant vLLM ids)
    the convention must be said (never guessed). SGLang's ids default to SGLang's own, the
    training convention (which SGLang reads with +1): vLLM's ids are one more than those."""
    if layers is None:
        return None
    if engine is CaptureEngine.SGLANG:
        return tuple(i - 1 for i in layers) if convention is LayerConvention.VLLM else layers
    if convention is None:
        shown = ",".join(map(str, layers))
        raise UsageError(
            "--served-layers needs --layer-convention: say whether the ids are the training ids "
            "(specforge) or the ids vLLM is launched with (vllm)",
            hint=f"e.g. --served-layers {shown} --layer-convention vllm (what --layers meant here "
            "once), or the training ids with --layer-convention specforge",
        )
    return vllm_ids(layers, convention)


@dataclass(frozen=True)
class CaptureOptions:
    """One capture: ``capture-hidden SOURCE WHERE`` and its flags (``layers`` read in
    ``layer_convention``; :attr:`engine_layers` as the engine is launched with them)."""

    source: CaptureSource
    where: str  # the server URL (vllm, sglang) or the model directory (hf)
    output: Path
    like: Path | None = None  # a dump whose input_ids are sent
    prompt_ids: str | None = None  # '1,450,3', '[1, 450, 3]' or @FILE
    prompt: str | None = None  # text the server tokenizes (vllm, sglang)
    layers: tuple[int, ...] | None = None
    layer_convention: LayerConvention | None = None
    compare_with: Path | None = None  # a training dump to compare the capture with
    training_layers: tuple[int, ...] | None = None  # with compare_with: SpecForge ids
    model: str | None = None  # vllm: the served model name
    api_key: str | None = None
    timeout: float = 120.0
    keep_server_file: bool = False  # vllm: leave the server's per-request file in place
    device: str = "cpu"  # hf
    dtype: str = "auto"  # hf
    device_map: str | None = None  # hf
    offload_dir: Path | None = None  # hf
    pad_id: int = bounded(flag="--pad-id", lo=-1, hi=2**63 - 1, default=0)  # -1: no padding
    force: bool = False  # replace an existing output (never an input)
    # the launch flags of a vLLM server (ServerArgsOptions): refused here, a capture takes none
    connector: str | None = None
    storage: str | None = None

    def __post_init__(self) -> None:
        from specdiag.core.http import check_timeout

        check_bounds(self)
        launch = [n for n, v in (("--connector", self.connector), ("--storage", self.storage))
                  if v is not None]  # fmt: skip
        if launch:
            raise UsageError(
                f"{' and '.join(launch)} {'go' if len(launch) > 1 else 'goes'} with "
                "--print-server-args: the server's launch flags, not the capture's",
                hint=f"drop {' and '.join(launch)} (the server runs with its connector), or "
                "print the launch flags: capture-hidden vllm --print-server-args --served-layers ... "
                f"{' '.join(launch)} ...",
            )
        named = {"--like": self.like, "--prompt-ids": self.prompt_ids, "--prompt": self.prompt}
        given = [n for n, v in named.items() if v is not None]
        if len(given) != 1:
            raise UsageError(
                "give the sample once: --like SAMPLE, --prompt-ids IDS or --prompt TEXT"
                + (f" (got {', '.join(given)})" if given else ""),
                hint="e.g. --like rows_0-2000/data_0.ckpt",
            )
        if self.prompt is not None and not self.prompt:
            raise UsageError("--prompt is empty", hint='e.g. --prompt "hello"')
        check_timeout(self.timeout)
        if self.training_layers is not None and self.compare_with is None:
            raise UsageError(
                "--training-layers goes with --compare TRAINING", hint="add --compare TRAINING"
            )
        if self.source is CaptureSource.HF:
            self._check_hf()
        else:
            _engine_ids(CaptureEngine(self.source.value), self.layers, self.layer_convention)

    def _check_hf(self) -> None:
        if self.layers is not None:
            raise UsageError(
                "--served-layers is for a server (vllm, sglang): hf writes every layer",
                hint="drop --served-layers",
            )
        if self.compare_with is not None:
            raise UsageError(
                "--compare is for a server (vllm, sglang): the HF stack is a reference, not a "
                "served capture",
                hint=f"then: specdiag inspect-dump {self.compare_with} --reference "
                f"{self.output} (which layers training used), or compare-hidden SERVED "
                f"TRAINING --reference {self.output}",
            )
        if self.prompt is not None:
            raise UsageError(
                "hf needs token ids: --like SAMPLE or --prompt-ids",
                hint="a text prompt would need the server's tokenizer and chat template",
            )

    @property
    def engine_layers(self) -> tuple[int, ...] | None:
        """``layers`` as the server is launched with them (None for hf or when not given)."""
        if self.source is CaptureSource.HF:
            return None
        return _engine_ids(CaptureEngine(self.source.value), self.layers, self.layer_convention)

    @property
    def sample_pad_id(self) -> int | None:
        return None if self.pad_id < 0 else self.pad_id


@dataclass(frozen=True)
class CaptureRun:
    """A capture and, with ``compare_with``, its comparison with the training dump."""

    capture: CaptureResult
    comparison: CompareResult | None = None


def _sample(opts: CaptureOptions) -> Sample:
    from specdiag.core.hidden.capture import sample_from_dump, sample_from_ids

    if opts.like is not None:
        return sample_from_dump(opts.like, pad_id=opts.sample_pad_id)
    if opts.prompt_ids is not None:
        return sample_from_ids(opts.prompt_ids)
    return Sample("--prompt", None, prompt=opts.prompt)


def capture(opts: CaptureOptions) -> CaptureRun:
    """Capture the sample's hidden states from ``opts.source``, write ``opts.output`` and, with
    ``opts.compare_with``, compare them with the training dump."""
    sample = _sample(opts)
    inputs: list[str | Path | None] = [opts.compare_with]
    api_key = opts.api_key or None
    result: CaptureResult
    if opts.source is CaptureSource.SGLANG:
        from specdiag.core.hidden.capture_sglang import capture_sglang

        result = capture_sglang(opts.where, sample, opts.output, layers=opts.engine_layers,
                                api_key=api_key, timeout=opts.timeout, inputs=inputs,
                                force=opts.force)  # fmt: skip
    elif opts.source is CaptureSource.VLLM:
        from specdiag.core.hidden.capture import capture_vllm

        result = capture_vllm(opts.where, sample, opts.output, layers=opts.engine_layers,
                              model=opts.model, api_key=api_key, timeout=opts.timeout,
                              keep_server_file=opts.keep_server_file, inputs=inputs,
                              force=opts.force)  # fmt: skip
    else:
        from specdiag.core.hidden.capture_hf import capture_hf

        result = capture_hf(opts.where, sample, opts.output, device=opts.device,
                            dtype=opts.dtype, device_map=opts.device_map,
                            offload_dir=opts.offload_dir, inputs=inputs,
                            force=opts.force)  # fmt: skip
    if opts.compare_with is None:
        return CaptureRun(result)
    # compare-hidden's own entry on the capture just written (it records its engine and ids)
    from specdiag.core.hidden.compare import compare_files
    from specdiag.core.hidden.compare_results import CompareOptions

    copts = CompareOptions(training_layers=opts.training_layers)
    served = Path(result.output)
    return CaptureRun(
        result, compare_files(opts.compare_with, copts, served=served, pad_id=opts.sample_pad_id)
    )


# --------------------------------------------------------------------------------------------
# --print-server-args


@dataclass(frozen=True)
class ServerArgsOptions:
    """The launch flags of a server that captures ``layers`` (read in ``layer_convention``)."""

    engine: CaptureEngine = CaptureEngine.VLLM
    layers: tuple[int, ...] | None = None
    layer_convention: LayerConvention | None = None
    connector: str = "specdiag"  # vllm: specdiag's CPU-safe connector, or vLLM's own
    storage: str = DEFAULT_STORAGE  # vllm: the connector's shared_storage_path
    # a capture's inputs: refused here (the launch flags are printed, nothing is captured)
    where: str | None = None
    like: Path | None = None
    prompt_ids: str | None = None
    prompt: str | None = None
    output: Path | None = None
    compare_with: Path | None = None
    training_layers: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        capture = [
            name
            for name, value in (
                ("URL", self.where), ("--like", self.like), ("--prompt-ids", self.prompt_ids),
                ("--prompt", self.prompt), ("-o", self.output), ("--compare", self.compare_with),
                ("--training-layers", self.training_layers),
            )
            if value is not None
        ]  # fmt: skip
        if capture:
            raise UsageError(
                f"--print-server-args prints the launch flags and captures nothing: "
                f"{', '.join(capture)} {'go' if len(capture) > 1 else 'goes'} with a capture",
                hint=f"drop {', '.join(capture)}; once the server runs with those flags: "
                f"capture-hidden {self.engine.value} URL --like data_0.ckpt -o served.safetensors",
            )
        if self.engine is CaptureEngine.SGLANG:
            return
        if self.layers is None:
            raise UsageError(
                "--print-server-args needs --served-layers",
                hint="e.g. --print-server-args --served-layers 1,29,57 --layer-convention specforge",
            )
        _engine_ids(self.engine, self.layers, self.layer_convention)
        if self.connector not in CONNECTORS:
            raise UsageError(
                f"--connector must be one of {', '.join(CONNECTORS)}, not {self.connector!r}",
                hint="specdiag (CPU and GPU) or vllm (vLLM's own, GPU only)",
            )


@dataclass(frozen=True)
class ServerArgs:
    """The flags to append to the engine's launch command, and what to know about them."""

    engine: CaptureEngine
    args: tuple[str, ...]
    text: str  # the flags as one shell-quoted line
    layers: tuple[int, ...] | None  # the ids in the engine's own convention
    connector: str | None  # vllm only
    notes: tuple[str, ...]


def server_args(opts: ServerArgsOptions) -> ServerArgs:
    """``--print-server-args``: the launch flags of a capturing vLLM or SGLang server."""
    ids = _engine_ids(opts.engine, opts.layers, opts.layer_convention)
    if opts.engine is CaptureEngine.SGLANG:
        from specdiag.core.hidden.capture_sglang import format_sglang_args, sglang_server_args

        sargs = sglang_server_args(ids)
        note = (
            "capture-only mode serves no draft (SGLang refuses the flag next to "
            "--speculative-draft-model-path): start it beside the serving one, same target"
            + ("" if ids is not None else "; without --served-layers it captures SGLang's default")
        )
        return ServerArgs(opts.engine, sargs, format_sglang_args(sargs), ids, None, (note,))
    from specdiag.core.hidden.capture import vllm_server_args

    assert ids is not None  # __post_init__: vLLM needs --served-layers
    vargs = vllm_server_args(ids, connector=opts.connector, storage=opts.storage)
    notes: tuple[str, ...] = ()
    if opts.connector == "specdiag":
        notes = (
            "the connector is the module specdiag.vllm_connector: install specdiag into "
            "vLLM's environment (or put specdiag on its PYTHONPATH)",
        )
    # shell-quoted, ready to append to `vllm serve MODEL`
    return ServerArgs(opts.engine, vargs, shlex.join(vargs), ids, opts.connector, notes)
