"""A mean of accepted drafts per step followed, in brackets, by what the step emitted ('1.85
accepted per round (2.85 committed)'): the bracket's figure is per step as well and, one more
than the accepted drafts at the printed precision, holds the target's own token: the length is
the bracket's figure. A bracket that is not the first plus one (the same figure, or another
measure) decides nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_HOSTS = st.sampled_from(
    [
        "{n} accepted per step",
        "{n} accepted tokens per step",
        "{n} draft tokens accepted per round",
        "{n} accepted drafts/iteration",
        "**{n} accepted per verify step**",
    ]
)
_BRACKETS = st.sampled_from(["({e} emitted)", "({e} tokens committed)", "(~{e} generated)"])


@settings(max_examples=examples(40), deadline=None)
@given(
    acc=st.integers(20, 640),
    host=_HOSTS,
    bracket=_BRACKETS,
    lead=st.sampled_from(["With the draft model on we saw ", "Speculative run: rate 0.61 -> "]),
)
def test_the_bracket_one_more_is_the_length(
    read: Read, acc: int, host: str, bracket: str, lead: str
) -> None:
    n = f"{acc / 100:.2f}"
    e = f"{acc / 100 + 1:.2f}"
    text = lead + host.format(n=n) + " " + bracket.format(e=e) + ".\n"
    got = read(text).records
    assert len(got) == 1
    assert got[0].accept_length == round(acc / 100 + 1, 6)


@settings(max_examples=examples(30), deadline=None)
@given(
    acc=st.integers(120, 640),
    gap=st.sampled_from([0.0, 0.5, 2.0, 3.25]),
    host=_HOSTS,
    bracket=_BRACKETS,
)
def test_a_bracket_of_another_figure_decides_nothing(
    acc: int, gap: float, host: str, bracket: str
) -> None:
    n = f"{acc / 100:.2f}"
    e = f"{acc / 100 + gap:.2f}"
    text = "With the draft model on we saw " + host.format(n=n) + " " + bracket.format(e=e) + ".\n"
    got = read_paste(text).records
    assert all(r.accept_length != round(acc / 100 + gap, 6) for r in got if gap)
    assert all(r.accept_length in (None, round(acc / 100 + 1, 6)) for r in got)
