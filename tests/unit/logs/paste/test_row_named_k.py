"""A rate and a length of one run told in prose, the run's subject naming a row of a pipe table
whose column headed by k gives that row's draft tokens a step (row_named_k.py): the identity
1 + k x rate = length decides the bonus included, k x rate = length left out. Near misses: a
subject naming no row, rows of two k's for one subject, a column naming no k, a length fitting
neither reading."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

# (a row's label, the name the prose gives its run)
_METHODS = [
    ("EAGLE3", "EAGLE3"),
    ("Tuned MTP2 head", "MTP"),
    ("Medusa", "Medusa"),
    ("Hydra tree", "Hydra"),
    ("PARD-1B", "PARD-1B"),
]
_HEADS = st.sampled_from(
    [
        ("Method", "gamma"),
        ("方案", "rollout gamma"),
        ("Variant", "num_speculative_tokens"),
        ("Config", "draft len"),
        ("Method", "k"),
    ]
)
_SENTENCE = st.sampled_from(
    [
        "{s} two-run average acceptance rate was `{r}%`, average accept length `{l}`",
        "{s} 两轮平均接受率为 `{r}%`、平均接受长度为 `{l}`",
        "For {s} the acceptance rate was {r}% and the accept length {l}",
        "{s} acceptance rate: {r}%, accept length: {l}",
    ]
)


@st.composite
def _runs(draw: st.DrawFn) -> list[tuple[str, str, int, int]]:
    """Two runs: (row label, subject, k, rate in hundredths of a percent)."""
    picked = draw(st.permutations(_METHODS))[:2]
    out = []
    for label, subject in picked:
        k = draw(st.integers(2, 8))
        rate = draw(st.integers(2500, 9500))
        out.append((label, subject, k, rate))
    return out


def _table(head: tuple[str, str], rows: list[tuple[str, str]]) -> str:
    lines = [
        f"| {head[0]} | {head[1]} | Run 1 (tok/s) | Speedup |",
        "|---|---:|---:|---:|",
        "| Target-only | - | 512.40 | 1.000x |",
    ]
    lines += [f"| {label} | {k} | 7{i}1.25 | 1.3{i}0x |" for i, (label, k) in enumerate(rows)]
    return "\n".join(lines) + "\n"


def _prose(sentence: str, runs: list[tuple[str, float, float]]) -> str:
    told = [sentence.format(s=s, r=f"{r:.2f}", l=f"{ln:.2f}") for s, r, ln in runs]
    return "Both methods finished every request. " + "; ".join(told) + ".\n"


def _length(k: int, rate: int, included: bool) -> float:
    return round(int(included) + k * rate / 10000, 2)


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=_runs(),
    head=_HEADS,
    sentence=_SENTENCE,
    included=st.booleans(),
    above=st.booleans(),
)
def test_row_k_decides_the_bonus(
    read,
    runs: list[tuple[str, str, int, int]],
    head: tuple[str, str],
    sentence: str,
    included: bool,
    above: bool,
) -> None:
    lengths = [_length(k, rate, included) for _, _, k, rate in runs]
    # (a length a step can emit and counting drafts: below 1.2 other rules read it)
    assume(all(1.2 <= ln <= 9 for ln in lengths))
    table = _table(head, [(label, str(k)) for label, _, k, _ in runs])
    prose = _prose(
        sentence, [(s, r / 100, ln) for (_, s, _, r), ln in zip(runs, lengths, strict=True)]
    )
    text = prose + "\n" + table if above else "## Results\n\n" + table + "\n" + prose
    got = [r for r in read(text).records if r.printed_length is not None]
    assert [r.printed_length for r in got] == pytest.approx(lengths)
    want = [ln if included else round(ln + 1, 6) for ln in lengths]
    assert [r.accept_length for r in got] == pytest.approx(want)
    assert {r.bonus.value for r in got} == {"included" if included else "excluded"}


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=_runs(),
    head=_HEADS,
    sentence=_SENTENCE,
    case=st.sampled_from(["no row", "two k", "no k column", "misfit"]),
)
def test_near_misses_decide_nothing(
    read,
    runs: list[tuple[str, str, int, int]],
    head: tuple[str, str],
    sentence: str,
    case: str,
) -> None:
    lengths = [_length(k, rate, True) for _, _, k, rate in runs]
    assume(all(1.2 <= ln <= 9 for ln in lengths))
    rows = [(label, str(k)) for label, _, k, _ in runs]
    told = [(s, r / 100, ln) for (_, s, _, r), ln in zip(runs, lengths, strict=True)]
    extra = ""
    if case == "no row":
        rows = [(f"Variant {'AB'[i]}", k) for i, (_, k) in enumerate(rows)]
    elif case == "two k":
        # (a second table giving each method another k)
        extra = "\n" + _table(head, [(label, str(int(k) % 8 + 1)) for label, k in rows])
    elif case == "no k column":
        head = (head[0], "batch size")
    else:
        # (a length half a step off both readings)
        told = [(s, r, ln + 0.5) for s, r, ln in told]
    text = "## Results\n\n" + _table(head, rows) + extra + "\n" + _prose(sentence, told)
    got = [r for r in read(text).records if r.printed_length is not None]
    assert len(got) == 2
    assert all(r.accept_length is None for r in got)
