"""A row given to vLLM by its backend column, printing per-position acceptance rates alone (no
length, rate or count beside them): vLLM's per-position rate is the drafts accepted at that
position over all drafts (unconditional), so 1 + the sum of the row's rates is its length, the
target's own token counted. A list that rises, a row of another engine, or a length printed
beside the rates (the identities decide there) are left as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HEADERS = (
    "Acceptance (per position)",
    "Per-position acceptance",
    "MTP accept (per position)",
    "Accept rate per position",
)
_ENGINES = ("vLLM", "vllm", "vLLM 0.11", "vllm v0.12.1")


def _cell(rates: list[float], percent: bool, sep: str) -> str:
    if percent:
        return sep.join(f"{round(r * 100)}%" for r in rates)
    return sep.join(f"{r:.2f}" for r in rates)


def _paste(rows: list[tuple[str, list[float]]], header: str, percent: bool, sep: str) -> str:
    lines = [
        "Two quantisations of one target, a short story prompt, one request at a time.",
        "",
        f"| Backend | Weights | tok/s | {header} |",
        "|---|---|---|---|",
    ]
    for i, (engine, rates) in enumerate(rows):
        lines.append(f"| {engine} | w{i + 2} | {30 + 3 * i}.4 | {_cell(rates, percent, sep)} |")
    return "\n".join(lines) + "\n"


@st.composite
def _falling(draw: st.DrawFn) -> list[float]:
    n = draw(st.integers(min_value=2, max_value=5))
    first = draw(st.integers(min_value=30, max_value=95))
    out = [first]
    for _ in range(n - 1):
        out.append(draw(st.integers(min_value=1, max_value=out[-1])))
    return [v / 100 for v in out]


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(_ENGINES), _falling()), min_size=1, max_size=3),
    st.sampled_from(_HEADERS),
    st.booleans(),
    st.sampled_from((" / ", "/", ", ")),
)
def test_vllm_rows_sum_their_positions(
    read: Read,
    rows: list[tuple[str, list[float]]],
    header: str,
    percent: bool,
    sep: str,
) -> None:
    text = _paste(rows, header, percent, sep)
    got = read(text).records
    assert len(got) == len(rows), text
    for r, (_, rates) in zip(got, rows, strict=True):
        assert r.tool == "vllm", text
        assert r.accept_length is not None, text
        assert abs(r.accept_length - (1 + sum(rates))) < 1e-6, text
        assert r.bonus.value == "included", text


@settings(max_examples=examples(30), deadline=None)
@given(_falling(), st.sampled_from(_HEADERS), st.booleans())
def test_rising_rates_or_another_engine_give_no_length(
    read: Read, rates: list[float], header: str, percent: bool
) -> None:
    rising = [*sorted(rates), min(1.0, max(rates) + 0.05)]
    rows = [("vLLM", rising), ("llama.cpp", rates), ("SGLang", rates)]
    text = _paste(rows, header, percent, " / ")
    got = read(text).records
    assert len(got) == 3, text
    assert all(r.accept_length is None for r in got), text


def test_a_printed_length_beside_the_rates_is_left_to_the_identities(read: Read) -> None:
    """A row printing its own length beside the positions: the length is checked against 1 +
    the sum, never replaced by it (here 2.40 is neither 1 + 0.70 + 0.40 nor the sum)."""
    text = (
        "Two quantisations of one target, a short story prompt, one request at a time.\n\n"
        "| Backend | Weights | Mean acceptance length | Acceptance (per position) |\n"
        "|---|---|---|---|\n"
        "| vLLM | w2 | 2.40 | 70% / 40% |\n"
    )
    got = read(text).records
    assert got, text
    assert all(r.accept_length != 2.1 for r in got), text
