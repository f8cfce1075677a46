"""A key whose value is a run of items numbered on by one from 0 or 1 (`Accepted drafts per step
(% of steps):  0: 13%   1: 9%   2: 78%`, a histogram of the verify steps by the drafts each
accepted, or a figure by position) gives no figure of the key: the first item's number is its
label, never the key's value (numbered_run.py). Near-miss shapes (a value of its own before
such a run, items whose labels carry words, numbers that do not run on from 0 or 1, a map in
braces) read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# names of a histogram of the steps by the drafts each accepted (numbered from 0) and of one by
# the tokens each emitted (numbered from 1), with or without a bracket saying what the shares are
_ACCEPTED_NAMES = [
    "Accepted drafts per step",
    "Accepted-draft histogram",
    "Accepted tokens per step",
    "accepted draft tokens per verify step",
    "Draft tokens accepted per round",
    "Steps by accepted drafts",
    "accepted per step distribution",
    "Acceptance histogram",
]
_EMITTED_NAMES = [
    "Tokens per step",
    "Accept length distribution",
    "Emitted tokens per verify step",
    "Steps by tokens emitted",
]
_QUALIFIERS = ["", " (% of steps)", " (% steps)", " (share of steps)", " (steps)"]
_ITEM_SEPS = ["   ", "  ", ", ", "; ", " | "]


@st.composite
def _histogram(draw: st.DrawFn, seps: list[str] = _ITEM_SEPS) -> str:
    """A histogram's line: its name, then items numbered on from 0 (accepted drafts) or 1
    (tokens emitted), each a share of the steps (the shares summing to 100) or a count."""
    from_zero = draw(st.booleans())
    name = draw(st.sampled_from(_ACCEPTED_NAMES if from_zero else _EMITTED_NAMES))
    qualifier = draw(st.sampled_from(_QUALIFIERS))
    n = draw(st.integers(2, 8))
    if draw(st.booleans()):
        cuts = sorted(draw(st.lists(st.integers(0, 100), min_size=n - 1, max_size=n - 1)))
        bounds = [0, *cuts, 100]
        figures = [f"{b - a}%" for a, b in zip(bounds, bounds[1:], strict=False)]
    else:
        figures = [str(c) for c in draw(st.lists(st.integers(1, 5000), min_size=n, max_size=n))]
    sep = draw(st.sampled_from(seps))
    eq = draw(st.sampled_from([": ", ":", "=", " = "]))
    first = 0 if from_zero else 1
    items = sep.join(f"{first + i}{eq}{f}" for i, f in enumerate(figures))
    lead = draw(st.sampled_from(["", "  ", "- "]))
    return f"{lead}{name}{qualifier}:{draw(st.sampled_from([' ', '  ']))}{items}\n"


def _seen(read: Read, text: str) -> list[tuple[float | None, float | None, tuple[str, ...]]]:
    return [
        (r.printed_length, r.accept_length, tuple(k for k, _ in r.fields))
        for r in read(text).records
    ]


@settings(max_examples=examples(60), deadline=None)
@given(line=_histogram())
def test_a_numbered_histogram_alone_is_no_record(read: Read, line: str) -> None:
    # before: the first item's number read as the key's value ('accepted drafts per step' 0:
    # a length of 1, a false convention)
    assert read(line).records == ()


@settings(max_examples=examples(60), deadline=None)
@given(
    line=_histogram(),
    hundredths=st.integers(151, 549).filter(lambda n: n % 10 != 0),
    key=st.sampled_from(["avg tokens per step", "mean tokens per forward", "tokens/step"]),
    below=st.booleans(),
)
def test_a_numbered_histogram_beside_a_figure_leaves_the_figure_as_alone(
    read: Read, line: str, hundredths: int, key: str, below: bool
) -> None:
    # before: the histogram's first number joined the figure's record as a second field
    figure = f"{key}: {hundredths / 100:.2f}\n"
    text = figure + line if below else line + figure
    assert _seen(read, text) == _seen(read, figure)
    (r,) = read(text).records
    assert r.printed_length == hundredths / 100 and r.accept_length == hundredths / 100


_TABLE = """\
                             NVIDIA AIPerf | LLM Metrics: Spec Decode
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━┳━━━━━━━━┳━━━━━━━━┓
┃                            Metric ┃    avg ┃   min ┃    max ┃    std ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━╇━━━━━━━━╇━━━━━━━━┩
│         Acceptance Length (ratio) │ {al:6.2f} │  1.20 │ {mx:6.2f} │   0.41 │
│         Draft Acceptance Rate (%) │ {ar:6.2f} │  5.00 │ 100.00 │  16.23 │
└───────────────────────────────────┴────────┴───────┴────────┴────────┘
"""


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(2, 7),
    permille=st.integers(150, 950).filter(lambda n: n % 5 != 0),
    # (items parted by '|' right under a box table join its rows: another structure)
    line=_histogram([s for s in _ITEM_SEPS if "|" not in s]),
)
def test_a_numbered_histogram_under_a_tools_table_is_no_record(
    read: Read, k: int, permille: int, line: str
) -> None:
    # before: the histogram line under the table a record of its own (a length of 0 or 1)
    rate = permille / 1000
    al = round(1 + k * rate, 2)
    table = _TABLE.format(al=al, mx=k + 1, ar=100 * rate)
    got = read(table + "  " + line.lstrip(" -")).records
    assert [(r.printed_length, r.accept_length, r.tool) for r in got] == [(al, al, "aiperf")]


@settings(max_examples=examples(60), deadline=None)
@given(
    hundredths=st.integers(151, 549).filter(lambda n: n % 10 != 0),
    key=st.sampled_from(["avg tokens per step", "mean tokens per forward", "tokens/step"]),
    shape=st.sampled_from(["value first", "worded labels", "numbers skip", "braces"]),
    n=st.integers(2, 5),
)
def test_near_miss_runs_read_as_before(
    read: Read, hundredths: int, key: str, shape: str, n: int
) -> None:
    v = f"{hundredths / 100:.2f}"
    if shape == "value first":
        # the key's own value, then a numbered run with no key of its own
        line = f"{key}: {v}  " + "  ".join(f"{i}: {10 + i}%" for i in range(n)) + "\n"
        want = [(hundredths / 100, hundredths / 100)]
    elif shape == "worded labels":
        # each item's label carries a word: the key's value first, the sweep in a bracket
        line = f"{key}: {v} (" + ", ".join(f"k={i + 1}: 1.{i}5" for i in range(n)) + ")\n"
        want = [(hundredths / 100, hundredths / 100)]
    elif shape == "numbers skip":
        # numbers that do not run on from 0 or 1 (k = 2, 4, 6, ...): no run of this rule
        line = f"{key} by k: " + "  ".join(f"{2 * (i + 1)}: {v}" for i in range(n)) + "\n"
        want = None
    else:
        # a map in braces: the distribution readers' (interpret._distribution)
        line = f"{key}: {v}, histogram {{" + ", ".join(f"{i}: {5 + i}" for i in range(n)) + "}\n"
        want = None
    got = [(r.printed_length, r.accept_length) for r in read(line).records]
    if want is not None:
        assert got == want
    # the rule claims none of these lines: the reading is the same with it switched off
    from specdiag.core.logs.paste import numbered_run as NR

    assert list(NR.spans(line)) == []
