"""Two runs compared in a bracket right after an acceptance figure's name, each value followed
by its run's one-word label, the bracket perhaps opening on the conditions both ran under
(`halves acceptance (same host, n=5: 2.84 tuned vs 1.73 stock)`): each value is a record of
that figure. Near misses: a name of another measure before the bracket, a unit after a value,
the same label twice, values of two kinds: nothing read from the bracket."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import labelled_versus as LV
from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples

_VERB = st.sampled_from(["roughly halve", "clearly lower", "hurt", "cut into"])
_NAME = st.sampled_from(["acceptance", "acceptance length", "mean accept length"])
_LABELS = st.sampled_from([("tuned", "stock"), ("chat", "raw"), ("warm", "cold")])
_COND = st.sampled_from(["", "same host, n=5: ", "GPU, k=6: ", "greedy: "])
_MARK = st.sampled_from(["", "**"])


@st.composite
def _pair(draw: st.DrawFn) -> tuple[float, float]:
    a = draw(st.integers(150, 600)) / 100
    b = draw(st.integers(110, 600)) / 100
    return a, b


def _printed(text: str) -> list[float | None]:
    return [r.printed_length for r in read_held(text.encode(), None).records]


@settings(max_examples=examples(30), deadline=None)
@given(pair=_pair(), verb=_VERB, name=_NAME, labels=_LABELS, cond=_COND, mark=_MARK)
def test_labelled_values_in_the_bracket_are_the_figures(
    pair: tuple[float, float],
    verb: str,
    name: str,
    labels: tuple[str, str],
    cond: str,
    mark: str,
) -> None:
    a, b = pair
    la, lb = labels
    text = (
        f"Plain prompts {verb} {name} ({cond}{mark}{a:.2f}{mark} {la} vs "
        f"{mark}{b:.2f}{mark} {lb}). The template is now on by default.\n"
    )
    assert _printed(text) == [a, b]


@settings(max_examples=examples(30), deadline=None)
@given(
    pair=_pair(),
    labels=_LABELS,
    cond=_COND,
    miss=st.sampled_from(["measure", "unit", "same_label", "kinds"]),
)
def test_near_misses_stay_unread(
    pair: tuple[float, float], labels: tuple[str, str], cond: str, miss: str
) -> None:
    a, b = pair
    la, lb = labels
    name, va, vb = "acceptance", f"{a:.2f}", f"{b:.2f}"
    if miss == "measure":
        name = "throughput"
    elif miss == "unit":
        la, lb = "ms", "ms"
    elif miss == "same_label":
        lb = la
    else:
        vb = f"{int(b * 10)}%"
    text = f"Plain prompts lower {name} ({cond}{va} {la} vs {vb} {lb}).\n"
    if miss == "measure":
        assert _printed(text) == []
    else:
        assert list(LV.found(text)) == []
