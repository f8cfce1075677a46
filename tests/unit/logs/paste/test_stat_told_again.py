"""A statistics sentence under a pipe table ('Median 38.2 tok/s at 0.641.') whose acceptance
value a run's own cell prints as the sentence does (a median of an odd count of runs is one of
them) is that run's figure told again: no record of its own, the runs' records alone, and the
sentence no prose record (stat_sentence.py). A value no run prints stays the statistics row."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_STATS = ("Median", "Mean", "Average", "**Median**", "Median:")
_UNITS = (("tok/s", "tok/s"), ("decode (tok/s)", "tok/s"), ("latency (ms)", "ms"))
_HEADS = ("accept ratio", "acceptance", "draft acceptance rate")


@st.composite
def _case(draw: st.DrawFn) -> dict[str, object]:
    k = draw(st.integers(min_value=3, max_value=9))
    n = draw(st.sampled_from((3, 5, 7)))
    runs = []
    for _ in range(n):
        steps = draw(st.integers(min_value=30, max_value=400))
        acc = draw(st.integers(min_value=1, max_value=steps * k - 1))
        speed = draw(st.integers(min_value=100, max_value=999)) / 10
        runs.append((steps * k, acc, speed))
    return {
        "k": k,
        "runs": runs,
        "percent": draw(st.booleans()),
        "stat": draw(st.sampled_from(_STATS)),
        "unit": draw(st.sampled_from(_UNITS)),
        "head": draw(st.sampled_from(_HEADS)),
        "label": draw(st.sampled_from(("rep", "trial", "seed", "run"))),
        "gap": draw(st.booleans()),
        "pick": draw(st.integers(min_value=0, max_value=n - 1)),
    }


def _rate(acc: int, dra: int, percent: bool) -> str:
    return f"{100 * acc / dra:.1f}%" if percent else f"{acc / dra:.3f}"


def _paste(c: dict[str, object], value: str) -> tuple[str, int]:
    runs = c["runs"]
    assert isinstance(runs, list)
    head, unit = c["unit"]  # type: ignore[misc]
    lines = [
        "Ran it again here, counters read around each request:",
        "",
        f"| {c['label']} | {head} | {c['head']} | drafted | accepted |",
        "|---|---|---|---|---|",
    ]
    for i, (dra, acc, speed) in enumerate(runs):
        lines.append(
            f"| {i + 1} | {speed} | {_rate(acc, dra, bool(c['percent']))} | {dra} | {acc} |"
        )
    if c["gap"]:
        lines.append("")
    speeds = sorted(s for _, _, s in runs)
    lines.append(f"{c['stat']} {speeds[len(speeds) // 2]:g} {unit} at {value}.")
    at = len(lines)
    lines += ["", f"Launched with `num_speculative_tokens {c['k']}`, greedy."]
    return "\n".join(lines) + "\n", at


@settings(max_examples=examples(30), deadline=None)
@given(_case())
def test_a_statistic_a_run_prints_is_that_run_told_again(read: Read, c: dict[str, object]) -> None:
    runs = c["runs"]
    assert isinstance(runs, list) and isinstance(c["pick"], int)
    dra, acc, _ = runs[c["pick"]]
    text, at = _paste(c, _rate(acc, dra, bool(c["percent"])))
    got = read(text).records
    assert len(got) == len(runs), text
    assert all(r.first_line != at for r in got), text


@settings(max_examples=examples(30), deadline=None)
@given(_case(), st.integers(min_value=1, max_value=9))
def test_a_statistic_no_run_prints_stays_a_row(read: Read, c: dict[str, object], step: int) -> None:
    runs = c["runs"]
    assert isinstance(runs, list)
    rates = sorted(acc / dra for dra, acc, _ in runs)
    value = rates[0] + (rates[-1] - rates[0]) * step / 10
    shown = f"{100 * value:.1f}%" if c["percent"] else f"{value:.3f}"
    printed = {_rate(acc, dra, bool(c["percent"])) for dra, acc, _ in runs}
    assume(shown not in printed)
    lo = min(printed, key=lambda s: float(s.rstrip("%")))
    hi = max(printed, key=lambda s: float(s.rstrip("%")))
    assume(float(lo.rstrip("%")) < float(shown.rstrip("%")) < float(hi.rstrip("%")))
    text, at = _paste(c, shown)
    got = read(text).records
    assert len(got) == len(runs) + 1, text
    assert got[-1].first_line == at, text
