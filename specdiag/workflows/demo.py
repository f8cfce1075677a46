"""``specdiag demo``: the whole diagnosis, end to end, on a simulated deployment (docs/demo.md).

Each step runs the real code of the command it prints (reference-server, probe, logs,
compare-hidden, doctor); simulated, and said so: the served model and its acceptance, and the
hidden states (a tiny random transformer). The temporary directory and the in-process server are
removed on exit, also on Ctrl-C.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from specdiag.core import accept, datafiles
from specdiag.errors import InputError, UsageError

if TYPE_CHECKING:
    from specdiag.core.doctor.model import DoctorReport
    from specdiag.core.hidden.compare_results import CompareResult
    from specdiag.core.logs.run import LogsResult
    from specdiag.core.probe.run import ProbeConfig, ProbeReport

TRAINING_ACC = 0.75
STEPS = 5
TRAINING_LAYER_IDS = (1, 3, 5)  # SpecForge convention, on an 8-layer tiny transformer
# The probe's and the log's accept lengths measure the same decode steps, but the log averages
# interval values and the probe pools request counts; they must agree within this.
AGREEMENT_TOLERANCE = 0.05


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    story: str
    hidden_case: str  # a specdiag.workflows.synthetic scenario
    # what the server delivers: the accept length its log prints, or a share of training's
    served_accept_length: float | None = None
    share_of_predicted: float = 1.0


# the demos' prose (each scenario's story, the conclusions, the next commands) as data
STORY = datafiles.load("specdiag.workflows", "demo_story.json")
SCENARIOS = {name: Scenario(name, **s) for name, s in STORY["scenarios"].items()}


def served_accepted_drafts(scenario: str) -> float:
    """Accepted drafts per verify step the simulated deployment delivers (bonus excluded)."""
    sc = SCENARIOS.get(scenario)
    if sc is None:
        raise UsageError(f"unknown scenario {scenario!r}", hint=f"one of {', '.join(SCENARIOS)}")
    if sc.served_accept_length is not None:  # the engine's "accept len" includes the bonus token
        return sc.served_accept_length - 1.0
    return sc.share_of_predicted * accept.profile([TRAINING_ACC] * STEPS).expected_accepted_drafts


def served_acceptance(scenario: str) -> float:
    """The i.i.d. per-position acceptance the reference server is configured with."""
    return accept.implied_acceptance(served_accepted_drafts(scenario), STEPS)


@dataclass(frozen=True)
class Agreement:
    """Probe versus the server's own log versus the server's ground truth."""

    probe_accept_length: float | None
    logs_accept_length: float | None
    truth_accept_length: float | None
    relative_difference: float | None  # |probe - logs| / logs
    agree: bool


@dataclass(frozen=True)
class Conclusion:
    verdict: str  # the probe's verdict (core.accept.Verdict), or "unknown" without one
    hidden_match: bool
    summary: str  # one paragraph: what is wrong and what to do
    fix: str | None


@dataclass(frozen=True)
class DemoResult:
    scenario: Scenario
    served_acceptance: float
    server_url: str
    server_command: str
    probe_command: str
    logs_command: str
    compare_command: str
    doctor_command: str
    probe: ProbeReport
    logs: LogsResult  # the logs command's own core entry point, run on the server's log
    hidden: CompareResult
    hidden_paths: tuple[str, str, str]  # served, training, reference (file names)
    doctor: DoctorReport  # step 5: every check on the deployment's files and log
    agreement: Agreement
    conclusion: Conclusion
    next_commands: tuple[str, ...]


@dataclass(frozen=True)
class DemoOptions:
    """What ``specdiag demo`` runs; ``real``: the collapsed case on the harness's real server."""

    scenario: str = "seed"
    keep_server: bool = False
    real: str | None = None

    def __post_init__(self) -> None:
        if self.real is None:
            return
        if self.scenario != "seed":
            raise UsageError(
                "--real replays the collapsed case on a real server; --scenario is for the "
                "simulated demo",
                hint="drop --scenario",
            )
        if self.keep_server:
            raise UsageError(
                "--keep-server is for the simulated demo's reference server",
                hint="start the harness's server yourself to keep one (docs/testing.md)",
            )


def run_demo(
    scenario: str,
    *,
    on_step: Callable[[str, str], None] | None = None,
    on_server: Callable[[str], None] | None = None,
    keep_server: Callable[[DemoResult], None] | None = None,
) -> DemoResult:
    """Run every step of the demo; ``keep_server(result)`` runs while the server still listens.
    The server and the temporary directory are gone when this returns or raises."""
    require_extras(
        ("starlette", "uvicorn", "torch"),
        "the demo",
        "pip install 'specdiag[server,tensors]' (make demo installs everything)",
    )
    a = served_acceptance(scenario)  # a UsageError for an unknown scenario
    sc = SCENARIOS[scenario]
    step = on_step or (lambda name, cmd: None)
    from specdiag.core.probe.run import ProbeConfig
    from specdiag.core.probe.workload import builtin_prompts
    from specdiag.refserver import make_config, start_server

    with tempfile.TemporaryDirectory(prefix="specdiag-demo-") as tmp_s:
        tmp = Path(tmp_s)
        log_path = tmp / "server.log"
        cfg = make_config(
            flavor="sglang",
            steps=STEPS,
            acceptance=(a,),
            log=str(log_path),
            target_step_ms=2.0,
            draft_step_ms=0.2,
            decode_log_interval=10,
            seed=1,
        )
        server_cmd = (
            f"specdiag reference-server --flavor sglang --steps {STEPS} --acceptance {a:.4f} "
            "--target-step-ms 2 --draft-step-ms 0.2 --decode-log-interval 10 --log server.log"
        )
        step("reference-server", server_cmd)
        with start_server(cfg) as srv:
            if on_server is not None:
                on_server(srv.url)
            probe_cmd = (
                f"specdiag probe {srv.url} --acc {TRAINING_ACC} --steps {STEPS} "
                "--num-requests 24 --concurrency 8 --max-tokens 96"
            )
            step("probe", probe_cmd)
            probe = probe_or_interrupt(
                ProbeConfig(
                    url=srv.url,
                    prompts=builtin_prompts(),
                    acc=(TRAINING_ACC,),
                    steps=STEPS,
                    num_requests=24,
                    concurrency=8,
                    max_tokens=96,
                )
            )
            truth = srv.truth()
            logs_cmd = f"specdiag logs server.log --acc {TRAINING_ACC} --steps {STEPS}"
            step("logs", logs_cmd)
            logs = run_logs_step(log_path, (TRAINING_ACC,), STEPS)
            hidden, paths, compare_cmd = _hidden(tmp, sc.hidden_case, step)
            doctor, doctor_cmd = _doctor(tmp, scenario, log_path, srv.url, probe, step)
            result = DemoResult(
                scenario=sc,
                served_acceptance=a,
                server_url=srv.url,
                server_command=server_cmd,
                probe_command=probe_cmd,
                logs_command=logs_cmd,
                compare_command=compare_cmd,
                probe=probe,
                logs=logs,
                hidden=hidden,
                hidden_paths=paths,
                agreement=_agreement(probe, logs, truth),
                conclusion=_conclude(probe, hidden),
                next_commands=tuple(STORY["next_commands"]),
                doctor=doctor,
                doctor_command=doctor_cmd,
            )
            if keep_server is not None:
                keep_server(result)
    return result


def require_extras(modules: Sequence[str], needs: str, hint: str) -> None:
    """An :class:`InputError` naming the ``modules`` that ``needs`` (a demo) lacks."""
    import importlib.util

    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise InputError(
            f"{needs} needs {', '.join(missing)}, which {'is' if len(missing) == 1 else 'are'} "
            "not installed",
            hint=hint,
        )


def probe_or_interrupt(cfg: ProbeConfig) -> ProbeReport:
    """``specdiag probe`` through the probe command's core entry point; a run cut short by
    Ctrl-C ends the demo."""
    from specdiag.core.probe.run import run_probe

    report = run_probe(cfg)
    if report.main.interrupted:
        raise KeyboardInterrupt
    return report


def run_logs_step(log: Path, acc: tuple[float, ...], steps: int) -> LogsResult:
    """``specdiag logs LOG --acc ... --steps ...``: the logs command's core entry point."""
    from specdiag.core.logs.run import LogsOptions, run_logs

    return run_logs([str(log)], LogsOptions(acc=acc, steps=steps), labels={str(log): log.name})


def logs_accept_length(logs: LogsResult) -> float | None:
    """The accept length SGLang's log lines give (weighted by steps where they can be)."""
    s = logs.report.summary.get("sglang")
    d = s.stats.accept_length if s is not None else None
    return d.central if d is not None else None


def _hidden(
    tmp: Path, case_name: str, step: Callable[[str, str], None]
) -> tuple[CompareResult, tuple[str, str, str], str]:
    from specdiag.core.hidden.compare import compare
    from specdiag.core.hidden.compare_results import CompareOptions
    from specdiag.core.hidden.conventions import CaptureEngine
    from specdiag.core.hidden.loading import Layout, load_dump
    from specdiag.workflows.synthetic import make_case, save_record

    case = make_case(case_name, training_layer_ids=TRAINING_LAYER_IDS, seed=0)
    served_p = save_record(case.served_record(), tmp / "served_dump.pt")
    training_p = save_record(case.training_record, tmp / "data_0.ckpt")
    reference_p = save_record({"hidden_states": case.reference}, tmp / "reference_hidden_states.pt")
    layers = ",".join(str(i) for i in case.training_layer_ids)
    served = ",".join(str(i) for i in case.served_layer_ids)
    cmd = (
        f"specdiag compare-hidden served_dump.pt data_0.ckpt --training-layers {layers} "
        f"--served-layers={served} --engine sglang --reference reference_hidden_states.pt"
    )
    step("compare-hidden", cmd)
    opts = CompareOptions(
        training_layers=case.training_layer_ids,
        served_layers=case.served_layer_ids,
        engine=CaptureEngine.SGLANG,
    )
    result = compare(
        load_dump(served_p),
        load_dump(training_p),
        opts,
        reference=load_dump(reference_p, layout=Layout.LAYERS, pad_id=None),
    )
    return result, (served_p.name, training_p.name, reference_p.name), cmd


def _doctor(
    tmp: Path,
    scenario: str,
    log_path: Path,
    url: str,
    probe: ProbeReport,
    step: Callable[[str, str], None],
) -> tuple[DoctorReport, str]:
    """``specdiag doctor --server URL --draft draft --logs server.log --server-args ...
    --acc 0.75 --steps 5``, reusing the probe step's run instead of probing again."""
    from specdiag.core.doctor.context import DoctorInputs
    from specdiag.core.doctor.run import run_doctor
    from specdiag.workflows.doctor_story import BROKEN_IDS, GOOD_IDS, write_story

    files = write_story(tmp, BROKEN_IDS if scenario == "collapsed" else GOOD_IDS, steps=STEPS)
    cmd = (
        f"specdiag doctor --server {url} --draft draft --logs server.log "
        f'--server-args "$(cat launch.sh)" --training-log train.log --acc {TRAINING_ACC} '
        f"--steps {STEPS}"
    )
    step("doctor", cmd)
    report = run_doctor(
        DoctorInputs(
            server=url,
            probe_report=probe,
            draft=str(files.draft),
            logs=(str(log_path),),
            server_args=files.server_args,
            training_log=str(files.training_log),
            acc=(TRAINING_ACC,),
            steps=STEPS,
        )
    )
    return report, cmd


def _agreement(probe: ProbeReport, logs: LogsResult, truth: dict[str, Any]) -> Agreement:
    probe_len = probe.main.accept.pooled
    logs_len = logs_accept_length(logs)
    counts = truth.get("counts", {})
    truth_len = None
    if counts.get("verify_steps"):
        truth_len = 1.0 + counts["accepted_drafts"] / counts["verify_steps"]
    diff = abs(probe_len - logs_len) / logs_len if probe_len is not None and logs_len else None
    return Agreement(
        probe_accept_length=probe_len,
        logs_accept_length=logs_len,
        truth_accept_length=truth_len,
        relative_difference=diff,
        agree=diff is not None and diff <= AGREEMENT_TOLERANCE,
    )


def _conclude(probe: ProbeReport, hidden: CompareResult) -> Conclusion:
    verdict = probe.expected.judgement.verdict.value if probe.expected else "unknown"
    text = STORY["conclusions"]
    fix = None
    if not hidden.match:
        ids = hidden.suggested_layer_ids.get("sglang")
        diag = "; ".join(hidden.diagnosis[:3]) if hidden.diagnosis else text["no_diagnosis"]
        fix = text["fix"].format(ids=ids) if ids else None
        summary = text["mismatch"].format(verdict=verdict, diagnosis=diag)
    else:
        summary = text.get(verdict, text["other"]).format(verdict=verdict)
    return Conclusion(verdict=verdict, hidden_match=hidden.match, summary=summary, fix=fix)
