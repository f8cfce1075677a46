"""``specdiag expected-accept``: predict accept length from training accuracy and judge an observation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from specdiag.cli import _framework as cli
from specdiag.cli._output import (
    Output,
    derive,
    judgement_fields,
    table,
    to_jsonable,
    verdict_markup,
)
from specdiag.cli._report_out import write_extras
from specdiag.core.accept import AccKind, Engine, ObservedKind, parse_float_list
from specdiag.core.expected import MAX_SIMULATE
from specdiag.errors import CheckFailed, UsageError

if TYPE_CHECKING:
    from rich.console import Console

    from specdiag.core.expected import ExpectedAcceptReport

HELP = """Predict accept length from training accuracy, in both conventions, and judge an observation.

Engines print accept length WITH the bonus token (1 + accepted drafts per verify step);
trainers (SpecForge simulated_acc_len) print the sum of products WITHOUT it. This command
shows both, what every engine would print, and compares an observed number the right way.

Examples:

  specdiag expected-accept --acc 0.75 --steps 5

  specdiag expected-accept --acc 0.75 --steps 5 --observed 2.4 --engine sglang

  specdiag expected-accept --acc 0.82,0.74,0.68 --cost-ratio 0.05 --sweep
"""
opt = cli.options("expected-accept")  # typer.Option with each flag's help in flags.json


def expected_accept_cmd(
    acc: cli.AccOpt,
    steps: cli.StepsOpt = None,
    acc_kind: cli.AccKindOpt = AccKind.CONDITIONAL,
    topk: cli.EagleTopkOpt = None,
    old_topk: cli.TopkDeprecatedOpt = None,
    num_draft_tokens: cli.NumDraftTokensOpt = None,
    observed: Annotated[str | None, opt("--observed")] = None,
    observed_kind: Annotated[ObservedKind, opt("--observed-kind")] = ObservedKind.LENGTH,
    engine: Annotated[Engine | None, opt("--engine")] = None,
    engine_version: cli.EngineVersionOpt = None,
    cost_ratio: Annotated[float | None, opt("--cost-ratio")] = None,
    sweep: Annotated[bool, opt("--sweep")] = False,
    simulate: Annotated[int | None, opt("--simulate", min=1, max=MAX_SIMULATE)] = None,
    seed: cli.SeedOpt = 0,
    check: Annotated[bool, opt("--check")] = False,
    export_profile: cli.ExportProfileOpt = None,
    json_output: cli.JsonOpt = False,
) -> None:
    flags = dict(locals())  # the flags by name, for cli.from_flags
    topk = cli.deprecated_flag("--topk", "--eagle-topk", old_topk, topk, 1)
    from specdiag.core.expected import ExpectedAcceptOptions, expected_accept

    out = Output(json_output)
    observed_value = None
    if observed is not None:
        values = parse_float_list(observed, "--observed")
        if len(values) != 1:
            raise UsageError("--observed takes one number", hint="e.g. --observed 2.4")
        observed_value = values[0]
        if observed.strip().endswith("%") and observed_kind is not ObservedKind.RATE:
            raise UsageError(
                "a percentage only makes sense for an accept rate", hint="add --observed-kind rate"
            )
    if check and observed_value is None:
        raise UsageError("--check needs --observed", hint="e.g. --observed 2.4 --check")
    if acc is None:
        raise UsageError("--acc is required", hint="e.g. --acc 0.75 --steps 5")
    opts = cli.from_flags(
        ExpectedAcceptOptions,
        flags,
        acc_values=tuple(parse_float_list(acc, "--acc")),
        topk=topk,
        observed=observed_value,
        simulate_steps=simulate,
    )
    report = expected_accept(opts)
    doc = document(report)
    out.emit(doc, lambda console: render(console, report))
    if export_profile is not None:
        write_extras(out, doc, name="expected-accept", profile=export_profile)
    if check and report.judgement is not None and report.judgement.verdict.value != "healthy":
        raise CheckFailed(
            f"verdict is {report.judgement.verdict.value}, not healthy",
            hint=report.judgement.explanation,
        )


def document(r: ExpectedAcceptReport) -> dict[str, object]:
    """The stable ``--json`` document (keys documented in docs/expected-accept.md), derived from
    the report's dataclasses."""
    prediction = derive(r.profile, rename={"unconditional": "acc_unconditional"})
    doc: dict[str, object] = {"steps": prediction.pop("steps"), "topk": r.topk, **prediction}
    doc["lower_bound"] = r.topk > 1
    doc["engine_reports"] = to_jsonable(r.reports)
    if r.observation is not None and r.judgement is not None:
        o = r.observation
        doc["observed"] = derive(
            o,
            only=("raw_value", "kind", "engine", "engine_version", "notes"),
            rename={"raw_value": "value"},
        )
        doc["observed_accept_length"] = o.accept_length
        doc["observed_accepted_drafts"] = o.accepted_drafts
        doc.update(judgement_fields(r.judgement))
    if r.speedup is not None:
        doc["cost_ratio"] = r.cost_ratio
        doc["speedup"] = r.speedup
        if r.observed_speedup is not None:
            doc["observed_speedup"] = r.observed_speedup
    if r.sweep is not None:
        doc["sweep"] = to_jsonable(r.sweep)
    if r.simulation is not None:
        doc["simulation"] = derive(
            r.simulation,
            rename={
                "accepted_drafts_mean": "accepted_drafts",
                "accept_length_mean": "accept_length",
            },
        )
    doc["notes"] = list(r.notes)
    return doc


def render(console: Console, r: ExpectedAcceptReport) -> None:
    p = r.profile
    same = len(set(p.acc)) == 1
    acc_desc = f"acc {p.acc[0]:g} at every position" if same else "per-position acc"
    shape = "chain" if r.topk == 1 else f"tree, topk {r.topk}"
    console.print(f"[bold]Expected acceptance[/bold]: {p.steps} draft tokens ({shape}), {acc_desc}")
    bound = " (lower bound)" if r.topk > 1 else ""
    rows: list[tuple[str, ...]] = [
        ("expected" + bound, f"{p.expected_accepted_drafts:.3f}", f"{p.expected_accept_length:.3f}")
    ]
    if r.observation is not None:
        o = r.observation
        rows.append(("observed", f"{o.accepted_drafts:.3f}", f"{o.accept_length:.3f}"))
    cols: tuple[str, ...] = (
        "",
        "accepted drafts (bonus excluded)>",
        "accept length (bonus included)>",
    )
    console.print(table("Both conventions, per verify step", cols, rows))
    console.print(
        "  bonus excluded: SpecForge simulated_acc_len, vLLM 0.8.5 'Mean acceptance length'\n"
        "  bonus included: SGLang accept len, vLLM >= 0.9 'Mean acceptance length', "
        "llama.cpp mean len, TRT-LLM acceptanceLength, EAGLE tau"
    )

    # Per position i (conditional and unconditional acceptance) beside the distribution of the
    # number j of accepted drafts: row j carries position j's rates and P(exactly j accepted).
    sim = r.simulation
    cols = ("j>", "acc_j (conditional)>", "P(pos j accepted) (vLLM per-position)>")
    cols += ("P(exactly j accepted)>", *(["simulated>"] if sim is not None else []), "")
    peak = max(p.distribution) or 1.0
    rows = []
    for k, prob in enumerate(p.distribution):
        rates = ["", ""] if k == 0 else [f"{p.acc[k - 1]:.4f}", f"{p.unconditional[k - 1]:.4f}"]
        simulated = [f"{sim.distribution[k]:.4f}"] if sim is not None else []
        rows.append((str(k), *rates, f"{prob:.4f}", *simulated, "#" * round(24 * prob / peak)))
    console.print(table("Per position and distribution", cols, rows))

    footnotes: list[str] = []
    rows = []
    for e in r.reports:
        if e.label == "Per-position acceptance rate":
            continue  # shown in the per-position table
        if e.note:
            footnotes.append(e.note)
        bonus = {True: "included", False: "excluded", None: ""}[e.includes_bonus]
        mark = f" [{len(footnotes)}]" if e.note else ""
        rows.append((e.source, e.label + mark, e.printed, bonus))
    console.print(
        table("What each engine would print", ("source", "label", "prints>", "bonus"), rows)
    )
    for i, note in enumerate(footnotes, start=1):
        console.print(f"  [{i}] {note}", markup=False)

    if r.observation is not None and r.judgement is not None:
        o, j = r.observation, r.judgement
        src = f" from {o.engine.value}" if o.engine else ""
        ver = f" {o.engine_version}" if o.engine_version else ""
        console.print(f"[bold]Observed[/bold]{src}{ver}: {o.raw_value:g} ({o.kind.value})")
        for n in o.notes:
            console.print(f"  note: {n}")
        ratio = f"{j.ratio:.1%}" if j.ratio is not None else "n/a"
        console.print(f"  ratio to prediction (accepted drafts): {ratio}")
        console.print(f"  implied i.i.d. per-token acceptance: {j.implied_acceptance:.4f}")
        if j.naive_ratio is not None:
            console.print(
                f"  (naive ratio, engine length / trainer sum, which mixes conventions: "
                f"{j.naive_ratio:.1%})"
            )
        console.print(f"[bold]Verdict: {verdict_markup(j.verdict.value)}[/bold]: {j.explanation}")
        if j.causes:
            console.print(
                "Usual causes (check these first; `specdiag compare-hidden` tests the first three):"
            )
            for c in j.causes:
                console.print(f"  - {c}")

    if r.speedup is not None:
        line = f"Expected speedup at cost ratio {r.cost_ratio:g}: {r.speedup:.2f}x"
        if r.observed_speedup is not None:
            line += f" (observed acceptance gives {r.observed_speedup:.2f}x)"
        console.print(line)
    if r.sweep is not None:
        rows = [
            (str(w.steps), f"{w.expected_accept_length:.3f}", f"{w.speedup:.3f}x")
            + ("<- best" if w.best else "",)
            for w in r.sweep
        ]
        title = f"Sweep over draft length (cost ratio {r.cost_ratio:g})"
        console.print(table(title, ("steps>", "accept length>", "speedup>", ""), rows))
    if sim is not None:
        s = sim
        status = "agrees" if s.agrees else "DISAGREES"
        console.print(
            f"Monte-Carlo ({s.n} steps, seed {s.seed}): accept length {s.accept_length_mean:.4f} "
            f"+/- {s.standard_error:.4f} vs analytic {p.expected_accept_length:.4f} "
            f"(z = {s.z_score:+.2f}, {status})"
        )
    for n in r.notes:
        console.print(f"note: {n}")
