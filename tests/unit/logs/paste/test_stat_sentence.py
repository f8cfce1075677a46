"""A sentence right under a pipe table stating a statistic of its runs ('Median 38.2 tok/s at
0.652.', a value no run prints) is the table's statistics row (stat_sentence.py); a statistics row printing a rate and
no counts (in the table or from such a sentence) neither blocks the k-multiples rule on the
runs' rows nor counts among them, and takes 1 + k x its rate where every run's rate is its
accepted / drafted counts (k_multiples.py). Near misses (a word between 'at' and the value, a
unit of no column or of two, a value outside the runs', '%' written differently, the sentence
further down, a rate its counts do not give) stay as before."""

from __future__ import annotations

import statistics

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LABELS = ("trial", "run", "rep", "seed")
_SPEEDS = (("tok/s", "tok/s"), ("decode tok/s", "tok/s"), ("speed (t/s)", "t/s"), ("ms", "ms"))
_RATES = ("acceptance", "accept rate", "draft acceptance", "accept ratio")
_FLAGS = ("`num_speculative_tokens {k}`", "`--num-speculative-tokens {k}`")
_STATS = ("Median", "Mean", "Average", "**Median**", "Mean:")


@st.composite
def _table(draw: st.DrawFn) -> dict[str, object]:
    k = draw(st.integers(min_value=5, max_value=9))
    n = draw(st.integers(min_value=3, max_value=5))
    runs = []
    for _ in range(n):
        steps = draw(st.integers(min_value=40, max_value=300))
        acc = draw(st.integers(min_value=steps, max_value=steps * k - 1))
        speed = draw(st.integers(min_value=200, max_value=900)) / 10
        runs.append((steps * k, acc, speed))
    return {
        "k": k,
        "runs": runs,
        "label": draw(st.sampled_from(_LABELS)),
        "speed": draw(st.sampled_from(_SPEEDS)),
        "rate": draw(st.sampled_from(_RATES)),
        "flag": draw(st.sampled_from(_FLAGS)),
        "percent": draw(st.booleans()),
        "stat": draw(st.sampled_from(_STATS)),
        "gap": draw(st.sampled_from(("", "\n"))),
        "after": draw(st.sampled_from((".", "", ". Close to the card.", "; close to the card."))),
    }


def _rate(acc: int, dra: int, percent: bool) -> str:
    return f"{100 * acc / dra:.1f}%" if percent else f"{acc / dra:.3f}"


def _paste(t: dict[str, object], sentence: str | None = None) -> tuple[str, int]:
    """The paste and the line number of its statistics sentence."""
    runs = t["runs"]
    assert isinstance(runs, list)
    head, _unit = t["speed"]  # type: ignore[misc]
    lines = [
        "Measured again on the second box, counters read around each request.",
        "",
        f"| {t['label']} | {head} | {t['rate']} | drafted | accepted |",
        "|---|---|---|---|---|",
    ]
    for i, (dra, acc, speed) in enumerate(runs):
        lines.append(
            f"| {i + 1} | {speed} | {_rate(acc, dra, bool(t['percent']))} | {dra} | {acc} |"
        )
    if t["gap"]:
        lines.append("")
    lines.append(sentence if sentence is not None else _sentence(t))
    at = len(lines)
    lines += ["", "Launched with " + str(t["flag"]).format(k=t["k"]) + ", greedy decoding."]
    return "\n".join(lines) + "\n", at


def _centre(t: dict[str, object]) -> tuple[float, str]:
    """The runs' median rate (as a fraction, and as printed)."""
    runs = t["runs"]
    assert isinstance(runs, list)
    printed = sorted(_rate(acc, dra, bool(t["percent"])) for dra, acc, _ in runs)
    shown = printed[len(printed) // 2]
    value = float(shown.rstrip("%")) / (100 if shown.endswith("%") else 1)
    return value, shown


def _mean(t: dict[str, object]) -> tuple[float, str]:
    """The runs' mean rate at the cells' precision (as a fraction, and as printed)."""
    runs = t["runs"]
    assert isinstance(runs, list)
    rates = [acc / dra for dra, acc, _ in runs]
    mean = sum(rates) / len(rates)
    shown = f"{100 * mean:.1f}%" if t["percent"] else f"{mean:.3f}"
    value = float(shown.rstrip("%")) / (100 if shown.endswith("%") else 1)
    return value, shown


def _printed(t: dict[str, object]) -> set[str]:
    runs = t["runs"]
    assert isinstance(runs, list)
    return {_rate(acc, dra, bool(t["percent"])) for dra, acc, _ in runs}


def _sentence(t: dict[str, object], shown: str | None = None) -> str:
    runs = t["runs"]
    assert isinstance(runs, list)
    _head, unit = t["speed"]  # type: ignore[misc]
    speed = statistics.median(s for _, _, s in runs)
    return f"{t['stat']} {speed:g} {unit} at {shown or _centre(t)[1]}{t['after']}"


def _runs_right(t: dict[str, object], got: list) -> None:  # type: ignore[type-arg]
    runs = t["runs"]
    assert isinstance(runs, list)
    k = t["k"]
    assert isinstance(k, int)
    for r, (dra, acc, _) in zip(got, runs, strict=False):
        assert r.accept_length is not None
        assert abs(r.accept_length - (1 + acc / (dra // k))) < 1e-6


@settings(max_examples=examples(40), deadline=None)
@given(_table())
def test_statistics_sentence_is_the_tables_row(read: Read, t: dict[str, object]) -> None:
    # a statistic no run prints (a run's own value is that run told again: test_stat_told_again)
    value, shown = _mean(t)
    assume(shown not in _printed(t))
    text, at = _paste(t, _sentence(t, shown))
    got = read(text).records
    runs = t["runs"]
    assert isinstance(runs, list)
    assert len(got) == len(runs) + 1, text
    _runs_right(t, got)
    stat = got[-1]
    assert stat.first_line == at, text
    k = t["k"]
    assert isinstance(k, int)
    assert stat.accept_length is not None, text
    assert abs(stat.accept_length - (1 + k * value)) < 1e-6, text
    assert stat.printed_length is None


def _misses(t: dict[str, object]) -> list[str]:
    """Sentences under the table that state no statistics row of it."""
    runs = t["runs"]
    assert isinstance(runs, list)
    _head, unit = t["speed"]  # type: ignore[misc]
    speeds = [s for _, _, s in runs]
    speed = statistics.median(speeds)
    value, shown = _centre(t)
    other = f"{100 * value:.1f}%" if not shown.endswith("%") else f"{value:.3f}"
    rates = [acc / dra for dra, acc, _ in runs]
    high = max(rates) + 0.02 if max(rates) < 0.97 else min(rates) - 0.02
    high_shown = f"{100 * high:.1f}%" if shown.endswith("%") else f"{high:.3f}"
    return [
        f"Median {speed:g} {unit} at temperature {shown}.",  # a word between 'at' and the value
        f"Median {speed:g} GB/s at {shown}.",  # a unit of no column
        f"Median {max(speeds) + 5:g} {unit} at {shown}.",  # beyond the runs' values
        f"Median {speed:g} {unit} at {high_shown}.",  # a rate beyond the runs'
        f"Median {speed:g} {unit} at {other}.",  # '%' written as the cells are not
        f"Median {speed:g} {unit} at {shown} ms.",  # the value's own unit
        f"Peak {speed:g} {unit} at {shown}.",  # no statistic of the runs
    ]


@settings(max_examples=examples(30), deadline=None)
@given(_table(), st.integers(min_value=0, max_value=6))
def test_near_misses_stay_unread(read: Read, t: dict[str, object], which: int) -> None:
    sentence = _misses(t)[which]
    text, at = _paste(t, sentence)
    got = read(text).records
    assert all(r.first_line != at for r in got), text
    runs = t["runs"]
    assert isinstance(runs, list)
    assert len(got) == len(runs), text
    _runs_right(t, got)


@settings(max_examples=examples(20), deadline=None)
@given(_table())
def test_a_sentence_further_down_is_no_row(read: Read, t: dict[str, object]) -> None:
    text, at = _paste(t, "Counters reset between requests.\n\n" + _sentence(t))
    got = read(text).records
    assert all(r.first_line != at + 2 for r in got), text


@settings(max_examples=examples(20), deadline=None)
@given(_table())
def test_a_unit_of_two_columns_is_no_row(read: Read, t: dict[str, object]) -> None:
    text, at = _paste(t)
    _head, unit = t["speed"]  # type: ignore[misc]
    lines = text.split("\n")
    # a second column of the same unit: the sentence's value is told by neither
    for i in range(2, at):
        if lines[i].startswith("|---"):
            lines[i] += "---|"
        elif i == 2:
            lines[i] += f" prefill ({unit}) |"
        elif lines[i].startswith("| "):
            lines[i] += " 12.5 |"
    text = "\n".join(lines)
    got = read(text).records
    assert all(r.first_line != at for r in got), text


def _in_table(t: dict[str, object], rate: str) -> str:
    text, at = _paste(t, "")
    lines = text.split("\n")
    lines.insert(at - (2 if t["gap"] else 1), f"| {str(t['stat']).rstrip(':')} | | {rate} | | |")
    return "\n".join(lines)


@settings(max_examples=examples(30), deadline=None)
@given(_table())
def test_statistics_row_in_the_table_takes_one_plus_k_rate(
    read: Read, t: dict[str, object]
) -> None:
    text = _in_table(t, _centre(t)[1])
    got = read(text).records
    runs = t["runs"]
    assert isinstance(runs, list)
    assert len(got) == len(runs) + 1, text
    _runs_right(t, got)
    k = t["k"]
    assert isinstance(k, int)
    assert got[-1].accept_length is not None, text
    assert abs(got[-1].accept_length - (1 + k * _centre(t)[0])) < 1e-6, text


@settings(max_examples=examples(30), deadline=None)
@given(_table())
def test_statistics_row_beyond_the_runs_or_unproved_rates_stay(
    read: Read, t: dict[str, object]
) -> None:
    runs = t["runs"]
    assert isinstance(runs, list)
    rates = [acc / dra for dra, acc, _ in runs]
    beyond = max(rates) + 0.02 if max(rates) < 0.97 else min(rates) - 0.02
    shown = f"{100 * beyond:.1f}%" if t["percent"] else f"{beyond:.3f}"
    got = read(_in_table(t, shown)).records
    assert len(got) == len(runs) + 1
    assert got[-1].accept_length is None
    _runs_right(t, got)
    # a run's printed rate its counts do not give: the column's rate is not proved
    text = _in_table(t, _centre(t)[1])
    lines = text.split("\n")
    first = next(i for i, s in enumerate(lines) if s.startswith("| 1 |"))
    cells = lines[first].split(" | ")
    dra, acc, _ = runs[0]
    cells[2] = _rate(acc, dra, bool(t["percent"]))
    off = acc / dra + (0.02 if acc / dra < 0.9 else -0.02)
    cells[2] = f"{100 * off:.1f}%" if t["percent"] else f"{off:.3f}"
    lines[first] = " | ".join(cells)
    text = "\n".join(lines)
    got = read(text).records
    assert got[-1].accept_length is None, text
