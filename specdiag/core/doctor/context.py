"""Gather the evidence once (every source optional), for all checks to read."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from specdiag.core.accept import MAX_STEPS
from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.doctor import adapters
from specdiag.core.doctor.checkpoint import ModelDir, read_model_dir
from specdiag.core.doctor.model import InputProblem, Segment
from specdiag.core.doctor.server_args import ServerArgs, parse_server_args
from specdiag.core.doctor.typed import MAX_LAYERS, Reads, config_ids
from specdiag.errors import InputError, UsageError

if TYPE_CHECKING:
    from specdiag.core.hidden.compare_results import CompareResult
    from specdiag.core.hidden.inspect import InspectReport
    from specdiag.core.logs.analyze import EngineSummary
    from specdiag.core.probe.run import ProbeReport


@dataclass(frozen=True)
class DoctorInputs:
    server: str | None = None
    logs: tuple[str, ...] = ()
    draft: str | None = None
    target: str | None = None
    server_args: str | None = None
    training_dump: str | None = None
    served_dump: str | None = None
    reference: str | None = None  # HF hidden_states stack of the target (layer identification)
    acc: tuple[float, ...] | None = None
    steps: int | None = bounded(flag="--steps", lo=1, hi=MAX_STEPS)
    acc_kind: str = "conditional"
    training_log: str | None = None
    engine: str | None = None
    engine_version: str | None = None
    # the clients' sampling settings, when known
    temperature: float | None = bounded(flag="--temperature", lo=0.0, hi=5.0)
    top_k: int | None = None
    probe_requests: int = bounded(flag="--probe-requests", lo=1, default=8)
    probe_max_tokens: int = bounded(flag="--probe-max-tokens", lo=1, default=64)
    probe_timeout_s: float = 60.0
    api_key: str | None = None
    # a probe of --server already run (``specdiag demo`` reuses its probe step): not run again
    probe_report: ProbeReport | None = None
    # run the --target checkpoint (transformers) on the training dump's tokens to identify the
    # layers it holds: True / False, or None = whenever --training-dump and --target are given
    # and the target has weights (loaded once, for the first dump file)
    run_target: bool | None = None
    # unreadable inputs are reported but do not make the result incomplete (exit 3)
    allow_missing: bool = False

    def __post_init__(self) -> None:
        from specdiag.core.http import check_timeout

        check_timeout(self.probe_timeout_s)  # a usage error, never evidence read as unreadable
        check_bounds(self)
        if self.acc is not None:  # the values themselves, and with --steps the profile they make
            from specdiag.core import accept
            from specdiag.core.profile import resolve_profile

            kind = accept.AccKind(self.acc_kind)
            if self.steps or len(self.acc) > 1:  # else the draft length comes from the evidence
                resolve_profile(self.acc, self.steps, None, kind=kind)
            else:
                accept.profile(self.acc, kind)

    def shown(self) -> tuple[tuple[str, str], ...]:
        """Each input given but the logs, with what was given (in short for the command line
        and the accuracies)."""
        acc = ", ".join(f"{a:g}" for a in self.acc) if self.acc else None
        every = (
            ("server", self.server),
            ("draft", self.draft),
            ("target", self.target),
            ("server-args", "(command line)" if self.server_args else None),
            ("training-dump", self.training_dump),
            ("served-dump", self.served_dump),
            ("reference", self.reference),
            ("acc", acc),
            ("training-log", self.training_log),
        )
        return tuple((name, v) for name, v in every if v)

    def given(self) -> tuple[str, ...]:
        names = [name for name, _ in self.shown()]
        if self.logs:
            names.insert(1 if self.server else 0, "logs")
        return tuple(names)


def expand_logs(patterns: Sequence[str]) -> tuple[str, ...]:
    """``--logs`` as given: a glob pattern (``*``, ``?``, ``[``) becomes the files it matches,
    sorted; a plain path, and a pattern that matches nothing, stay as given, so reading them
    reports them with the other inputs that could not be read."""
    import glob

    paths: list[str] = []
    for item in patterns:
        hits = sorted(glob.glob(item)) if any(c in item for c in "*?[") else []
        paths.extend(hits or [item])
    return tuple(paths)


@dataclass(frozen=True)
class TrainingLog:
    path: str
    acc: tuple[float, ...]  # conditional acc_i, TTT position order
    acc_source: str  # e.g. "eval/acc_{i}"
    simulated_acc_len: float | None  # SpecForge: bonus EXCLUDED
    layer_ids: tuple[int, ...] | None  # aux layers the training run names
    layer_line: str | None


@dataclass(frozen=True)
class Context:
    inputs: DoctorInputs
    draft: ModelDir | None
    target: ModelDir | None
    args: ServerArgs | None
    server: adapters.ServerEvidence | None
    logs: adapters.LogsEvidence | None
    training_log: TrainingLog | None
    acc: tuple[float, ...] | None
    acc_from: str | None
    engine: str | None
    engine_from: str | None
    engine_version: str | None
    training_report: InspectReport | None = None  # inspect-dump of --training-dump
    training_file: str | None = None  # the dump file compared / identified
    training_hf: tuple[int | None, ...] | None = None  # HF index per training chunk (reference)
    problems: tuple[InputProblem, ...] = field(default_factory=tuple)
    served_compare: CompareResult | None = None  # compare-hidden of --served-dump and training
    engine_version_from: str | None = None  # where the version was read
    # capture-hidden sglang on a live capture-only --server, compared with the training dump
    live_capture: adapters.LiveCapture | None = None

    # ------------------------------------------------------------------ derived facts

    @property
    def probe(self) -> ProbeReport | None:
        return self.server.report if self.server else None

    def methods(self) -> list[str]:
        """The speculative methods the launch command and the server name, lower case."""
        spec = self.probe.main.server.spec.method if self.probe else None
        named = (self.args.method if self.args else None, spec)
        return [str(m).lower() for m in named if m]

    def hits(self, *kinds: str) -> list[adapters.LogHit]:
        """The doctor's log lines of these kinds (:data:`adapters.LOG_PATTERNS`)."""
        return [h for h in (self.logs.hits if self.logs else ()) if h.kind in kinds]

    def headline(self) -> tuple[str, EngineSummary] | None:
        """(engine, summary) of the engine with the most records in the logs."""
        if self.logs is None or self.logs.report is None or not self.logs.report.summary:
            return None
        return max(self.logs.report.summary.items(), key=lambda kv: kv[1].stats.records)

    def segments(self) -> tuple[Segment, ...]:
        """The logs' timeline split at restarts (the file with the most segments)."""
        if self.logs is None or not self.logs.segments:
            return ()
        return max(self.logs.segments.values(), key=len)

    def served_steps(self) -> tuple[int | None, str | None]:
        """Draft tokens per verify step the deployment uses, and where that came from."""
        if self.inputs.steps is not None:
            return self.inputs.steps, "--steps"
        if self.server and self.server.report and self.server.report.main.server.spec.steps:
            return self.server.report.main.server.spec.steps, "server"
        if self.args and self.args.steps:
            return self.args.steps, "--server-args"
        if self.logs and self.logs.report:
            summary = self.logs.report.summary
            seen = {s.stats.draft_positions for s in summary.values()} - {None}
            if len(seen) == 1:
                if "sglang" in summary:
                    # num_draft_tokens - 1 from the accept rate: the depth of a chain only; a
                    # tree (topk > 1) verifies that many nodes over fewer positions
                    return seen.pop(), "logs: SGLang num_draft_tokens - 1, a chain (topk 1) assumed"
                return seen.pop(), "logs"
        return None, None

    def spec_settings(self) -> tuple[int | None, int | None, int | None, str | None]:
        """(steps, topk, num_draft_tokens, source) from the server, else the command line."""
        if self.server and self.server.report:
            s = self.server.report.main.server.spec
            if s.steps is not None or s.num_draft_tokens is not None:
                return s.steps, s.topk, s.num_draft_tokens, f"server {s.source}"
        if self.args and (self.args.steps is not None or self.args.num_draft_tokens is not None):
            return self.args.steps, self.args.topk, self.args.num_draft_tokens, "--server-args"
        return None, None, None, None

    def target_layers(self, r: Reads | None = None) -> int | None:
        """The target's decoder layers; a value of the wrong type is recorded in ``r`` (the
        calling check's reads) and read as unknown."""
        return (r or Reads()).integer(
            self.target, "num_hidden_layers", "n_layer", "num_layers", hi=MAX_LAYERS
        )

    def target_hidden(self, r: Reads | None = None) -> tuple[int | None, str | None]:
        """The target's hidden size and where it was read (as :meth:`target_layers`)."""
        r = r or Reads()
        for m, keys, said in (
            (self.target, ("hidden_size", "n_embd", "d_model"), "target config.json: hidden_size"),
            (self.draft, ("target_hidden_size",), "draft config.json: target_hidden_size"),
            (
                self.draft,
                ("hidden_size",),
                "draft config.json: hidden_size (no target_hidden_size; assumed equal)",
            ),
        ):
            if (h := r.integer(m, *keys)) is not None:
                return h, said
        return None, None


# ---------------------------------------------------------------------- training log

_ACC = re.compile(
    r"""['"]?(?P<mode>train|eval|test)/(?:epoch)?acc_(?P<i>\d{1,4})(?!\d)['"]?\s*[:=]\s*(?:tensor\()?(?P<v>[0-9]*\.?[0-9]+(?:[eE][-+]?\d+)?)"""
)
_SIM = re.compile(r"""eval/simulated_acc_len['"]?\s*[:=]\s*([0-9]*\.?[0-9]+)""")
_LAYERS = re.compile(
    r"""(?i)(?:aux[_-]hidden[_-]states?[_-]layers?(?:[_-]ids)?|eagle_aux_hidden_state_layer_ids|capture[_ -]layers?|target_layer_ids)['"]?\s*[:=]\s*['"]?[\[(]?\s*(-?\d{1,6}(?:\s*,\s*-?\d{1,6})+)(?!\d)"""
)


def parse_training_log(path: str) -> tuple[TrainingLog | None, InputProblem | None]:
    """SpecForge's training output: the last ``eval/acc_i`` (else ``train/acc_i``) per position,
    ``eval/simulated_acc_len``, and a line naming the aux layers, where the text has them."""
    from specdiag.core.files import FileKind, read_text_bounded

    try:
        text = read_text_bounded(path, what="--training-log", kind=FileKind.TEXT)
    except InputError as exc:
        return None, InputProblem("training-log", path, exc.message)
    best: dict[str, dict[int, float]] = {}
    for m in _ACC.finditer(text):
        v = float(m.group("v"))
        if 0.0 <= v <= 1.0:
            best.setdefault(m.group("mode"), {})[int(m.group("i"))] = v
    sims = _SIM.findall(text)
    sim = float(sims[-1]) if sims else None
    layers = layer_line = None
    for m in _LAYERS.finditer(text):
        layers = tuple(int(x) for x in re.split(r"\s*,\s*", m.group(1)))
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        layer_line = text[start : end if end >= 0 else len(text)].strip()[:200]
    for mode in ("eval", "test", "train"):
        got = best.get(mode)
        if got and sorted(got) == list(range(len(got))):
            acc = tuple(got[i] for i in range(len(got)))
            return TrainingLog(path, acc, f"{mode}/acc_{{i}}", sim, layers, layer_line), None
    if layers is not None:
        return TrainingLog(path, (), "none", sim, layers, layer_line), None
    why = (
        "no per-position accuracy found (looked for eval/acc_0, train/acc_0, ... as SpecForge "
        "logs them)"
    )
    return None, InputProblem("training-log", path, why)


# ---------------------------------------------------------------------- gathering


def gather(inputs: DoctorInputs) -> Context:
    """Read every given source; unreadable ones become problems, the rest is kept."""
    if not inputs.given():
        raise UsageError(
            "no evidence given",
            hint="pass any of --server, --logs, --draft, --target, --server-args, "
            "--training-dump, --served-dump, --acc/--steps, --training-log",
        )
    problems: list[InputProblem] = []
    args = parse_server_args(inputs.server_args) if inputs.server_args else None
    draft = _model_dir(inputs.draft, args.draft_path if args else None, "draft", problems)
    target = _model_dir(inputs.target, args.target_path if args else None, "target", problems)
    tlog = None
    if inputs.training_log:
        tlog, prob = parse_training_log(inputs.training_log)
        if prob:
            problems.append(prob)
    acc = inputs.acc
    acc_from = "--acc" if acc else None
    if acc is None and tlog is not None and tlog.acc:
        acc = tlog.acc
        acc_from = f"--training-log {tlog.acc_source}"
    engine = inputs.engine
    engine_from = "--engine" if engine else None
    server = None
    if inputs.server:
        steps = inputs.steps if inputs.steps is not None or args is None else args.steps
        server = adapters.probe_server(
            inputs.server,
            report=inputs.probe_report,
            num_requests=inputs.probe_requests,
            max_tokens=inputs.probe_max_tokens,
            temperature=inputs.temperature or 0.0,
            acc=acc if acc and (steps is not None or len(acc) > 1) else None,
            steps=steps if acc else None,
            api_key=inputs.api_key,
            timeout_s=inputs.probe_timeout_s,
        )
        if server.error:
            problems.append(InputProblem("server", server.url, server.error))
        elif engine is None and server.report is not None:
            kind = server.report.main.server.engine.value
            if kind in ("sglang", "vllm", "llamacpp", "trtllm"):
                engine, engine_from = kind, f"server ({server.report.main.server.detected_by})"
    if args is None and server is not None and server.server_info:
        from specdiag.core.doctor.server_args import args_from_server_info

        args = args_from_server_info(server.server_info)
        if args is not None:
            draft = draft or _model_dir(None, args.draft_path, "draft", problems)
            target = target or _model_dir(None, args.target_path, "target", problems)
    if engine is None and args is not None and args.engine:
        engine, engine_from = args.engine, f"--server-args ({args.engine_from})"
    logs = None
    if inputs.logs:
        # a version needs its engine: the one given, else the one the evidence showed so far
        log_engine = inputs.engine or (engine if inputs.engine_version else None)
        logs, probs = adapters.analyze_logs(
            inputs.logs, log_engine, inputs.engine_version if log_engine else None
        )
        problems.extend(probs)
        if engine is None and logs is not None and logs.report and len(logs.report.engines) == 1:
            engine, engine_from = logs.report.engines[0], "logs"
    training_report = training_file = training_hf = None
    if inputs.training_dump:
        training_report, prob = adapters.inspect_dump(inputs.training_dump)
        if prob:
            problems.append(prob)
        training_file = adapters.first_dump_file(inputs.training_dump)
        if training_file is None and training_report is not None:
            why = "no hidden-state dump file in it"
            problems.append(InputProblem("training-dump", inputs.training_dump, why))
        auto = inputs.run_target is None
        # a target with weights to run (a loadable checkpoint, not only its config)
        weights = bool(target and target.tensors and isinstance(target.cfg("model_type"), str))
        run = inputs.run_target is True or (auto and weights)
        if run and auto and target is not None and training_report is not None:
            sizes = {f.hidden_size for f in training_report.files if f.hidden_size}
            h = Reads().integer(target, "hidden_size", "n_embd", "d_model")  # (checks report it)
            if h is not None and sizes and h not in sizes:
                run = False  # another model's dump: running the target cannot name its layers
                why = (
                    f"not run on the training dump's tokens: its hidden size {h} is not the "
                    f"dump's {sorted(sizes)}"
                )
                problems.append(InputProblem("target", target.path, why, kind="partial"))
        model = target.path if (run and target is not None) else None
        if training_report is not None and (inputs.reference or model):
            training_hf, prob = adapters.identify_training_layers(
                training_report, reference=inputs.reference, model=model, auto=auto
            )
            if prob:
                problems.append(prob)
    version, version_from = _version(inputs, engine, server, args, logs)
    served_compare = None
    if inputs.served_dump and training_file:
        served_compare, prob = _served_compare(inputs, training_file, draft, engine)
        if prob:
            problems.append(prob)
    live = None
    info = server.server_info if server is not None else None
    if (
        info is not None
        and info.get("enable_return_aux_hidden_states") is True
        and training_file
        and not inputs.served_dump
        and inputs.server
    ):  # a capture-only SGLang server: it can say which layers the training dump holds
        live, prob = adapters.capture_live_sglang(
            inputs.server,
            training_file,
            reference=inputs.reference,
            api_key=inputs.api_key,
            timeout_s=max(inputs.probe_timeout_s, 120.0),
        )
        if prob:
            problems.append(prob)
    return Context(
        live_capture=live,
        inputs=inputs,
        draft=draft,
        target=target,
        args=args,
        server=server,
        logs=logs,
        training_log=tlog,
        acc=acc,
        acc_from=acc_from,
        engine=engine,
        engine_from=engine_from,
        engine_version=version,
        engine_version_from=version_from,
        served_compare=served_compare,
        training_report=training_report,
        training_file=training_file,
        training_hf=training_hf,
        problems=tuple(problems),
    )


_VERSION_IN_ARGS = re.compile(
    r"(?i)\b(sglang|vllm|tensorrt[-_]llm|trtllm)(?:[-_/:=]|==|:v|-openai:v)v?(\d+\.\d+(?:\.\d+)?)"
)


def _version(
    inputs: DoctorInputs,
    engine: str | None,
    server: adapters.ServerEvidence | None,
    args: ServerArgs | None,
    logs: adapters.LogsEvidence | None,
) -> tuple[str | None, str | None]:
    """The engine version and where it was read: --engine-version, the server, the launch
    command (an image tag or a pinned package), the logs; else None (rules then say assumed)."""
    if inputs.engine_version:
        return inputs.engine_version, "--engine-version"
    if server and server.report and server.report.main.server.version:
        return server.report.main.server.version, "server"
    version = server.server_info.get("version") if server and server.server_info else None
    if isinstance(version, str):
        return version, "server (/server_info version)"
    if args is not None:
        for m in _VERSION_IN_ARGS.finditer(args.text):
            name = m.group(1).lower().replace("-", "").replace("_", "")
            if engine is None or name.startswith(engine[:4]):
                return m.group(2), f"--server-args ({m.group(0)})"
    if logs is not None and logs.report is not None:
        for s in logs.report.summary.values():
            for v, _ in s.stats.versions:
                num = re.search(r"(\d+\.\d+(?:\.\d+)?)", v)
                if num and not re.search(r"[<>]", v):
                    return num.group(1), f"logs ({v})"
    return None, None


def _model_dir(
    given: str | None, launched: str | None, role: str, problems: list[InputProblem]
) -> ModelDir | None:
    """The checkpoint given for ``role``, else the directory the launch command names for it."""
    path = given or (launched if launched and Path(launched).is_dir() else None)
    if path is None:
        return None
    m = read_model_dir(path, role)
    problems.extend(m.problems)
    return m


def _served_compare(
    inputs: DoctorInputs, training_file: str, draft: ModelDir | None, engine: str | None
) -> tuple[CompareResult | None, InputProblem | None]:
    """compare-hidden of the served dump with the training dump, once, for every check."""
    served_ids = None
    if draft is not None and draft.config is not None and engine in ("sglang", "vllm"):
        from specdiag.core.hidden.conventions import aux_id_rule

        for key in aux_id_rule(engine).config_keys:
            got = config_ids(draft.config, key)
            if isinstance(got, tuple):
                served_ids = got
                break
    assert inputs.served_dump is not None
    for layers in dict.fromkeys((served_ids, None)):  # the ids may not fit the served rows
        res, prob = adapters.compare_dumps(
            inputs.served_dump,
            training_file,
            served_layers=layers,
            engine=engine,
            reference=inputs.reference,
        )
        if res is not None:
            break
    return res, prob
