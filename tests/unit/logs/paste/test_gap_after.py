"""A value after an acceptance name followed by a comparative and 'than' ('is ~0.5 lower than
the other build'): the gap between two runs, never either run's figure (interpret._GAP_AFTER)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["accept length", "accept-len", "acceptance length", "mean accepted length", "AL"]
_COMPARATIVES = ["lower", "higher", "less", "more", "smaller", "larger", "worse", "better"]
# made-up names (random letters drew words the reader knows: 'claim', 'neurips', a tool's name)
_WORD = st.sampled_from(["brox", "quelm", "taviq", "drune", "plixo", "snorv", "jemba", "wixal"])


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    gap=st.integers(5, 140),
    comp=st.sampled_from(_COMPARATIVES),
    unit=st.sampled_from(["", " points", " tokens"]),
    approx=st.sampled_from(["", "~", "≈"]),
    bold=st.booleans(),
    a=_WORD,
    b=_WORD,
)
def test_a_gap_before_than_is_no_figure(
    name: str, gap: int, comp: str, unit: str, approx: str, bold: bool, a: str, b: str
) -> None:
    v = f"{gap / 100:.2f}"
    shown = f"**{approx}{v}**" if bold else f"{approx}{v}"
    text = f"The {name} on build {a} is {shown}{unit} {comp} than build {b}.\n"
    got = read_paste(text)
    assert all(r.printed_length != float(v) for r in got.records), text


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_NAMES[:3]),
    length=st.integers(150, 480),
    comp=st.sampled_from(_COMPARATIVES),
    a=_WORD,
    b=_WORD,
)
def test_a_figure_then_a_comparison_stays_read(
    name: str, length: int, comp: str, a: str, b: str
) -> None:
    # near misses: the figure closed by a comma before its comparison, or a comparison with no
    # 'than' after it, is the run's own figure, read as before
    v = f"{length / 100:.2f}"
    for text in (
        f"The {name} on build {a} is {v}, {comp} than build {b}.\n",
        f"The {name} on build {a} is {v} while build {b} is {comp}.\n",
    ):
        got = read_paste(text)
        assert [r.printed_length for r in got.records][:1] == [float(v)], text
