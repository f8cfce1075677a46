"""``specdiag demo --real ENGINE``: its JSON document and human view (docs/demo.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from specdiag.cli import _doctor_view as doctor
from specdiag.cli import _logs_view as logs
from specdiag.cli import _probe_view as probe
from specdiag.cli._output import to_jsonable

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.workflows.demo_real import RealDemoResult, RealStep, Served


def _step_document(s: RealStep) -> dict[str, object]:
    from specdiag.core.doctor.model import DoctorReport
    from specdiag.core.hidden.inspect import InspectReport
    from specdiag.core.logs.run import LogsResult
    from specdiag.core.probe.run import ProbeReport

    r = s.result
    if isinstance(r, ProbeReport):
        doc: object = probe.document(r)
    elif isinstance(r, LogsResult):
        doc = logs.result_document(r, None)
    elif isinstance(r, DoctorReport):
        doc = doctor.document(r)
    elif isinstance(r, InspectReport):
        doc = {
            "command": "inspect-dump",
            "ok": r.ok,
            "files": to_jsonable(r.files),
            "layers": to_jsonable(r.layers),
        }
    else:
        doc = to_jsonable(r)
    return {"name": s.name, "command": s.command, "result": doc}


def _served(s: Served | None) -> dict[str, object] | None:
    if s is None:
        return None
    aux = s.aux_check()
    gap = s.doctor.gap
    first = s.doctor.findings[0] if s.doctor.findings else None
    return {
        "ids": list(s.ids),
        "server_start_seconds": round(s.start_seconds, 1),
        "probe_accept_length": s.probe_accept_length,
        "logs_accept_length": s.logs_accept_length,
        "verdict": gap.verdict if gap is not None else None,
        "expected_accept_length": gap.expected_accept_length if gap is not None else None,
        "observed_accept_length": gap.observed_accept_length if gap is not None else None,
        "aux_layer_ids": aux.status.value if aux is not None else None,
        "first_finding": first.check if first is not None else None,
        "doctor_status": "fail" if s.doctor.failed else "ok",
    }


def document(r: RealDemoResult) -> dict[str, object]:
    return {
        "scenario": f"real-{r.engine}",
        "engine": r.engine,
        "engine_version": r.engine_version,
        "story": r.story,
        "real": list(r.real),
        "tiny": list(r.tiny),
        "training_ids": list(r.training_ids),
        "steps": [_step_document(s) for s in r.steps],
        "broken": _served(r.broken),
        "fix": {"ids": list(r.fix_ids), "snippet": r.fix_snippet} if r.fix_ids else None,
        "repaired": _served(r.repaired),
        "fixed": r.fixed,
        "seconds": round(r.seconds, 1),
    }


def _fmt(v: float | None) -> str:
    return "n/a" if v is None else f"{v:.2f}"


def render(console: Console, r: RealDemoResult) -> None:
    from rich.rule import Rule

    console.print(f"[bold]specdiag demo --real {r.engine}[/bold] (SGLang {r.engine_version})")
    console.print(r.story, markup=False)
    console.print("Real: " + "; ".join(r.real) + ".", markup=False)
    console.print("Tiny: " + "; ".join(r.tiny) + ".\n", markup=False)
    layers = r.inspect.layers[0] if r.inspect.layers else None
    console.print(Rule("1. which layers did training capture?", align="left"))
    console.print("$ specdiag inspect-dump hs/data_0.ckpt --target t10/target", markup=False)
    if layers is not None:
        for c in layers.chunks:
            console.print(
                f"  chunk {c.index}: {c.description} (cosine {c.cosine:.4f}"
                f"{', exact' if c.exact else ''})",
                markup=False,
            )
        ids = ", ".join(f"{k} {v}" for k, v in layers.layer_ids.items())
        console.print(f"  ids that capture them: {ids}", markup=False)
    console.print()
    for n, (title, served) in enumerate(
        (("served with eagle_config ids", r.broken), ("repaired: served with", r.repaired)), start=2
    ):
        if served is None:
            continue
        console.print(Rule(f"{n}. {title} {list(served.ids)}", align="left"))
        console.print(
            f"accept length (bonus token included): probe {_fmt(served.probe_accept_length)}, "
            f"SGLang's own log {_fmt(served.logs_accept_length)}; server start "
            f"{served.start_seconds:.0f} s",
            markup=False,
        )
        doctor.render(console, served.doctor)
        console.print()
    console.print(Rule("verdict", align="left"))
    if r.fix_ids is None:
        console.print("doctor offered no fix: see its report above", markup=False)
        return
    console.print(f"doctor's fix: {r.fix_snippet}", markup=False)
    rep = r.repaired
    if rep is not None:
        gap = rep.doctor.gap
        console.print(
            f"with it: accept length {_fmt(r.broken.probe_accept_length)} -> "
            f"{_fmt(rep.probe_accept_length)}; aux layer ids "
            f"{'pass' if r.fixed else 'still wrong'}; verdict "
            f"{gap.verdict if gap is not None else 'unknown'}",
            markup=False,
        )
    console.print(f"({r.seconds:.0f} s)", markup=False)
