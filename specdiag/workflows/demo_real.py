"""``specdiag demo --real sglang``: the founding case replayed on the test harness's REAL SGLang
(docs/demo.md "On a real SGLang server"; :mod:`specdiag.workflows.realsglang`).

An EAGLE-3 draft trained SpecForge's way on aux ids [1, 4, 7] of the 10-layer tiny target is
served with ``eagle_config.eagle_aux_hidden_state_layer_ids`` = [-1, 1, 4]; inspect-dump, probe,
logs and doctor run through their core entry points, doctor's snippet is pasted into the draft's
config.json, and the server is started again and checked once more.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from specdiag.workflows import demo
from specdiag.workflows.demo import (
    logs_accept_length,
    probe_or_interrupt,
    require_extras,
    run_logs_step,
)

if TYPE_CHECKING:
    from specdiag.core.doctor.model import CheckResult, DoctorReport
    from specdiag.core.hidden.inspect import InspectReport
    from specdiag.core.logs.run import LogsResult
    from specdiag.core.probe.run import ProbeReport
    from specdiag.workflows.realsglang import SglangHarness

_T = TypeVar("_T")
TRAINED_IDS = (1, 4, 7)  # SpecForge's convention (output of layer k), 10-layer target
SERVED_IDS = (-1, 1, 4)  # the embedding prepended, the last id dropped
STEPS = 3  # --speculative-num-steps (chain: topk 1, 4 draft tokens)
# The tiny draft's per-position accuracy BY CONSTRUCTION (scripts/realservers/make_tiny_sglang.py):
# fed the right first aux state it names the target's next-next token except for every third
# token id (1 in 3 wrong), and its later positions are never right. The demo gives it as --acc,
# as a user gives the trainer's eval/acc_i.
DRAFT_ACC = (2 / 3, 0.0, 0.0)
SAMPLE_TOKENS = 48  # the training sample's length
PROBE_REQUESTS = 4
PROBE_MAX_TOKENS = 24


@dataclass(frozen=True)
class RealStep:
    name: str
    command: str
    result: object  # the command's own result dataclass (or a small dict for the server steps)


class _Steps:
    """The demo's steps: each announced (``on_step``) before it runs, then kept with its result."""

    def __init__(self, on_step: Callable[[str, str], None] | None) -> None:
        self.announce = on_step or (lambda name, cmd: None)
        self.done: list[RealStep] = []

    def run(self, name: str, command: str, work: Callable[[], _T], shown: str = "") -> _T:
        """Announce step ``shown`` (default ``name``), run ``work``, keep its result as ``name``."""
        self.announce(shown or name, command)
        result = work()
        self.done.append(RealStep(name, command, result))
        return result


@dataclass(frozen=True)
class Served:
    """One served configuration: what probe, logs and doctor saw."""

    ids: tuple[int, ...]  # eagle_config ids the server read
    url: str
    probe: ProbeReport
    logs: LogsResult
    doctor: DoctorReport
    start_seconds: float

    @property
    def probe_accept_length(self) -> float | None:
        return self.probe.main.accept.pooled

    @property
    def logs_accept_length(self) -> float | None:
        return logs_accept_length(self.logs)

    def aux_check(self) -> CheckResult | None:
        return next((c for c in self.doctor.checks if c.check == "aux-layer-ids"), None)


@dataclass(frozen=True)
class RealDemoResult:
    engine: str
    engine_version: str
    story: str
    real: tuple[str, ...]
    tiny: tuple[str, ...]
    steps: tuple[RealStep, ...]
    training_ids: tuple[int, ...]
    inspect: InspectReport
    broken: Served
    fix_ids: tuple[int, ...] | None  # doctor's fix for the served engine
    fix_snippet: str | None
    repaired: Served | None  # None when doctor offered no fix
    fixed: bool  # the fix came from doctor and the repaired server's aux ids pass
    seconds: float


STORY = demo.STORY["real"]  # the story, what is real and what is tiny (demo_story.json)


def run_real_demo(
    engine: str,
    *,
    on_step: Callable[[str, str], None] | None = None,
    harness: SglangHarness | None = None,
) -> RealDemoResult:
    """Replay the founding case on the harness's real ``engine``; every server is stopped and
    the temporary directory removed when this returns or raises."""
    from specdiag.workflows.realsglang import find_harness

    h = harness or find_harness()
    require_extras(
        ("torch", "transformers", "safetensors"),
        "demo --real",
        "pip install 'specdiag[tensors,hf]'",
    )
    from specdiag.core.hidden.inspect import InspectOptions, inspect_dumps

    steps = _Steps(on_step)
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="specdiag-demo-real-") as tmp_s:
        tmp = Path(tmp_s)
        train = _training_dump(h, tmp, steps)
        draft = _deployment_draft(h, tmp / "draft", SERVED_IDS)
        icmd = "specdiag inspect-dump hs/data_0.ckpt --target t10/target"
        iopts = InspectOptions(target=h.target())
        inspect = steps.run("inspect-dump", icmd, lambda: inspect_dumps([train], iopts))
        broken = _serve(h, tmp, "broken", draft, train, steps)
        aux = broken.aux_check()
        suggested = aux.details.get("suggested_ids") if aux is not None else None
        fix_ids = (
            tuple(int(i) for i in suggested)  # (a list of ids: doctor's aux-layers check)
            if isinstance(suggested, list) and suggested
            else None
        )
        snippet = aux.snippet if aux is not None else None
        repaired = None
        if fix_ids is not None and snippet is not None:
            fixed_draft = tmp / "draft-fixed"
            shutil.copytree(draft, fixed_draft)
            _paste(fixed_draft / "config.json", snippet)
            steps.announce("fix", f"paste into draft-fixed/config.json: {snippet}")
            steps.done.append(RealStep("fix", f"edit draft-fixed/config.json: {snippet}", {
                "snippet": snippet, "ids": list(fix_ids)}))  # fmt: skip
            repaired = _serve(h, tmp, "repaired", fixed_draft, train, steps)
        rep_aux = repaired.aux_check() if repaired is not None else None
        return RealDemoResult(
            engine=engine,
            engine_version=h.version,
            story=STORY["story"].format(version=h.version),
            real=tuple(s.format(version=h.version) for s in STORY["real"]),
            tiny=tuple(STORY["tiny"]),
            steps=tuple(steps.done),
            training_ids=TRAINED_IDS,
            inspect=inspect,
            broken=broken,
            fix_ids=fix_ids,
            fix_snippet=snippet,
            repaired=repaired,
            fixed=rep_aux is not None and rep_aux.status.value == "pass",
            seconds=time.monotonic() - t0,
        )


def _training_dump(h: SglangHarness, tmp: Path, steps: _Steps) -> Path:
    """data_0.ckpt as SpecForge's HF backend writes it: the target's forward pass on a sample,
    aux = concat of hidden_states[k+1] for k in TRAINED_IDS (float32, as the tiny target)."""
    import torch

    from specdiag.core.hidden.capture_hf import hf_hidden_states
    from specdiag.workflows.synthetic import random_ids, save_record, specforge_record

    cfg = json.loads((h.target() / "config.json").read_text())
    ids = random_ids(SAMPLE_TOKENS, int(cfg["vocab_size"]), seed=3, start=3)
    cmd = (
        "training dump, SpecForge's way: the target (transformers) on 48 tokens, aux ids "
        f"{list(TRAINED_IDS)} -> hs/data_0.ckpt"
    )
    steps.announce("training-dump", cmd)
    stack = hf_hidden_states(h.target(), ids.tolist()).stack
    record = specforge_record(stack, TRAINED_IDS, ids, dtype=torch.float32)
    path = save_record(record, tmp / "hs" / "data_0.ckpt")
    made = {"path": "hs/data_0.ckpt", "tokens": SAMPLE_TOKENS, "aux_ids": list(TRAINED_IDS)}
    steps.done.append(RealStep("training-dump", cmd, made))
    return path


def _deployment_draft(h: SglangHarness, out: Path, ids: tuple[int, ...]) -> Path:
    """The harness's trained draft with its config as the deployment wrote it: only SGLang's
    ``eagle_config`` key, holding ``ids``."""
    shutil.copytree(h.draft("1_4_7"), out)
    cfg_path = out / "config.json"
    cfg = json.loads(cfg_path.read_text())
    cfg.pop("eagle_aux_hidden_state_layer_ids", None)  # vLLM's key; SGLang reads eagle_config
    ec = cfg.get("eagle_config") if isinstance(cfg.get("eagle_config"), dict) else {}
    cfg["eagle_config"] = {**ec, "eagle_aux_hidden_state_layer_ids": list(ids)}
    cfg_path.write_text(json.dumps(cfg, indent=2) + "\n")
    return out


def _paste(cfg_path: Path, snippet: str) -> None:
    """Apply doctor's snippet (a ``"key": value`` fragment of config.json) as a user would."""
    fragment = json.loads("{" + snippet + "}")
    cfg = json.loads(cfg_path.read_text())
    cfg.update(fragment)
    cfg_path.write_text(json.dumps(cfg, indent=2) + "\n")


def _serve(
    h: SglangHarness, tmp: Path, label: str, draft: Path, train: Path, steps: _Steps
) -> Served:
    from specdiag.core.doctor.context import DoctorInputs
    from specdiag.core.doctor.run import run_doctor
    from specdiag.core.probe.engines import Api
    from specdiag.core.probe.run import ProbeConfig
    from specdiag.core.probe.workload import builtin_prompts
    from specdiag.workflows.realsglang import launch, sglang_args

    ids = tuple(json.loads((draft / "config.json").read_text())["eagle_config"][
        "eagle_aux_hidden_state_layer_ids"])  # fmt: skip
    args = sglang_args(h.target(), draft=draft, steps=STEPS, decode_log_interval=1)
    log = tmp / f"{label}.log"
    cmd = (
        f"python -m sglang.launch_server --model-path t10/target --speculative-algorithm EAGLE3 "
        f"--speculative-draft-model-path {draft.name} --speculative-num-steps {STEPS} "
        f"--speculative-eagle-topk 1 --speculative-num-draft-tokens {STEPS + 1} ... "
        f"> {log.name}  (eagle_config ids {list(ids)})"
    )
    steps.announce(f"sglang ({label})", cmd)
    t0 = time.monotonic()
    srv = launch(h, args, log)
    started = time.monotonic() - t0
    try:
        made = {"url": srv.url, "ids": list(ids), "start_seconds": round(started, 1)}
        steps.done.append(RealStep(f"sglang-{label}", cmd, made))
        acc = ",".join(f"{a:.4g}" for a in DRAFT_ACC)
        pcmd = (
            f"specdiag probe {srv.url} --api native --num-requests {PROBE_REQUESTS} "
            f"--max-tokens {PROBE_MAX_TOKENS} --ignore-eos --no-stream --acc {acc} "
            f"--steps {STEPS}"
        )
        probe = steps.run(
            f"probe-{label}",
            pcmd,
            lambda: probe_or_interrupt(
                ProbeConfig(
                    url=srv.url,
                    prompts=builtin_prompts(),
                    acc=DRAFT_ACC,
                    steps=STEPS,
                    api=Api.NATIVE,
                    num_requests=PROBE_REQUESTS,
                    max_tokens=PROBE_MAX_TOKENS,
                    ignore_eos=True,
                    stream=False,
                    timeout_s=300.0,  # the first request pays SGLang's skipped warm-up
                )
            ),
            "probe",
        )
        _wait_quiet(log)
        lcmd = f"specdiag logs {log.name} --acc {acc} --steps {STEPS}"
        logs = steps.run(
            f"logs-{label}", lcmd, lambda: run_logs_step(log, DRAFT_ACC, STEPS), "logs"
        )
        dcmd = (
            f"specdiag doctor --server {srv.url} --draft {draft.name} --target t10/target "
            f"--training-dump hs/data_0.ckpt --logs {log.name} --acc {acc} --steps {STEPS}"
        )
        doctor = steps.run(
            f"doctor-{label}",
            dcmd,
            lambda: run_doctor(
                DoctorInputs(
                    server=srv.url,
                    probe_report=probe,  # the probe step's run, not run again
                    draft=str(draft),
                    target=str(h.target()),
                    training_dump=str(train),
                    logs=(str(log),),
                    acc=DRAFT_ACC,
                    steps=STEPS,
                )
            ),
            "doctor",
        )
    finally:
        srv.stop()
    return Served(ids, srv.url, probe, logs, doctor, started)


def _wait_quiet(log: Path, quiet: float = 1.5, timeout: float = 10.0) -> None:
    """Until the log stops growing: the last interval's Decode batch line is written."""
    deadline = time.monotonic() + timeout
    size, since = log.stat().st_size, time.monotonic()
    while time.monotonic() - since < quiet and time.monotonic() < deadline:
        time.sleep(0.1)
        now = log.stat().st_size
        if now != size:
            size, since = now, time.monotonic()
