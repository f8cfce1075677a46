"""A paste whose title (its first line standing alone, or its first markdown heading) names
acceptance in another meaning, or most of whose blocks naming acceptance do, and which names no
speculative-decoding word anywhere (reader._other_titled): every block's acceptance is of that
meaning, a block naming none of its words too, even where a model's decoding word (a sampler)
stands in the paste. A speculative word anywhere, a title of only a sampler beside a model's
decoding words, or a minority of such blocks read the paste as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import reader as R
from tests.support.examples import examples

_OTHER_TITLES = st.sampled_from(
    [
        "Random-walk Metropolis demo: chain mixing",
        "Hamiltonian MCMC playground",
        "Simulated annealing notebook",
        "Loan desk dashboard",
        "Replica exchange Monte Carlo walkthrough",
        "Conference review statistics",
    ]
)
_FIGURE_LINES = st.sampled_from(
    [
        "Our sampling runs landed at an acceptance rate of {v}%.",
        "The acceptance rate came out at {v}% with the defaults.",
        "acceptance rate: {v}%",
    ]
)
_FILLER = st.sampled_from(
    [
        "Move the slider to change the spread of the proposals.",
        "Press run to draw a fresh set of points from the chosen density.",
        "The trace plot updates as soon as a setting changes.",
    ]
)


def _paste(title: str, heading: bool, filler: str, line: str) -> str:
    top = ("## " + title) if heading else title
    return f"{top}\n\n{filler}\n\nResults\n{line}\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    title=_OTHER_TITLES,
    heading=st.booleans(),
    filler=_FILLER,
    line=_FIGURE_LINES,
    v=st.integers(11, 89),
)
def test_a_title_of_another_meaning_holds_for_every_block(
    title: str, heading: bool, filler: str, line: str, v: int
) -> None:
    text = _paste(title, heading, filler, line.format(v=v))
    assert R._other_titled(text)
    reading = read_paste(text)
    assert reading.records == () and reading.ignored


@settings(max_examples=examples(40), deadline=None)
@given(
    title=_OTHER_TITLES,
    heading=st.booleans(),
    filler=_FILLER,
    line=_FIGURE_LINES,
    v=st.integers(11, 89),
    spec=st.sampled_from(["draft model", "speculative decoding", "EAGLE head", "verify step"]),
)
def test_near_miss_a_speculative_word_anywhere_reads_the_block(
    title: str, heading: bool, filler: str, line: str, v: int, spec: str
) -> None:
    text = _paste(title, heading, filler, line.format(v=v)) + f"\nSame {spec} as before.\n"
    assert not R._other_titled(text)


@settings(max_examples=examples(30), deadline=None)
@given(
    filler=_FILLER,
    v=st.integers(11, 89),
    tool=st.sampled_from(["vLLM", "llama.cpp", "SGLang"]),
)
def test_near_miss_a_token_samplers_title_beside_a_model_is_no_other_title(
    filler: str, v: int, tool: str
) -> None:
    text = f"{tool} sampler benchmark\n\n{filler}\n\nThe model's acceptance rate was {v}%.\n"
    assert not R._other_titled(text)


@settings(max_examples=examples(30), deadline=None)
@given(
    other=st.sampled_from(["Metropolis chain", "burn-in phase", "MCMC sampler", "loan desk"]),
    v=st.integers(11, 89),
    w=st.integers(11, 89),
    most=st.booleans(),
)
def test_most_blocks_of_another_meaning_decide_the_paste(
    other: str, v: int, w: int, most: bool
) -> None:
    theirs = [f"The {other} reported an acceptance of {v}%.", f"Acceptance in the {other}: low."]
    plain = [f"acceptance rate: {w}%", "Acceptance stayed flat.", "Acceptance noted."]
    blocks = (theirs + plain[:1]) if most else (theirs[:1] + plain)
    text = "Notes\nfrom today\n\n" + "\n\n".join(blocks) + "\n"
    assert R._other_titled(text) is most


def test_near_miss_a_title_of_no_other_meaning_reads_the_figure() -> None:
    text = "Weekly numbers\n\nThe served model's acceptance rate was 64%.\n"
    assert not R._other_titled(text)
    assert [r.printed_rate for r in read_paste(text).records] == [0.64]
