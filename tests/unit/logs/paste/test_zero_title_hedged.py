"""A heading stating a rate of exactly zero, over a body that writes the acceptance as an
approximate zero ('# ... acceptance rate is 0%' over '... the acceptance rate drops to nearly 0%'):
the title restates the body's figure, which is no exact zero, so no length of 1 is computed
(drafts.zero_accepted). A body stating the zero exactly, a hedged zero of another measure, or an
exact zero in the body (not a heading) beside a hedged one keep the length of 1."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TITLES = st.sampled_from(
    [
        "# [Bug]: Kestrel-7B with MTP when vllm 0.9 uses V2, the acceptance rate is {z}.",
        "# Eagle drafts on the fused kernel: acceptance rate is {z}.",
        "## MTP acceptance rate is {z} after the upgrade to vllm 0.9",
    ]
)
_HEDGES = st.sampled_from(
    [
        "close to {z}",
        "nearly {z}",
        "almost {z}",
        "~{z}",
        "about {z}",
        "{z} or so",
    ]
)
_BODIES = st.sampled_from(
    [
        "When the new runner is switched on, the acceptance rate becomes {h}. With the old "
        "runner it goes back to normal.",
        "I built the draft with the trainer and the acceptance rate falls to {h} on every "
        "prompt I tried.",
        "Our speculative setup shows acceptance at {h} once the fused kernel is in use.",
    ]
)


@settings(max_examples=examples(40), deadline=None)
@given(
    title=_TITLES,
    hedge=_HEDGES,
    body=_BODIES,
    z=st.sampled_from(["0%", "0.0%"]),
    env=st.sampled_from(["", "### Environment\n\none GPU, container image 1.2\n\n"]),
)
def test_a_title_restating_an_approximate_zero_gets_no_length(
    read: Read, title: str, hedge: str, body: str, z: str, env: str
) -> None:
    # (the title's zero as '0%'; the body's spelled either way: the unit decides)
    text = title.format(z="0%") + "\n\n" + env + body.format(h=hedge.format(z=z)) + "\n"
    got = read(text).records
    assert any(r.printed_rate == 0.0 for r in got)
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(20), deadline=None)
@given(title=_TITLES, word=st.sampled_from(["nearly zero", "close to zero"]))
def test_the_word_zero_hedged_counts_too(read: Read, title: str, word: str) -> None:
    text = (
        title.format(z="0%")
        + f"\n\nWith the fused kernel the acceptance rate drops to {word} on our prompts.\n"
    )
    assert all(r.accept_length is None for r in read(text).records)


@settings(max_examples=examples(20), deadline=None)
@given(title=_TITLES, z=st.sampled_from(["0%", "0.0%"]))
def test_negative_control_an_exact_zero_in_the_body_keeps_the_length(
    read: Read, title: str, z: str
) -> None:
    text = (
        title.format(z=z) + f"\n\nWe traced 300 rounds and the acceptance rate is {z} throughout.\n"
    )
    got = read(text).records
    assert got and all(r.accept_length == 1.0 for r in got)


@settings(max_examples=examples(20), deadline=None)
@given(title=_TITLES, idle=st.sampled_from(["close to 0%", "nearly 0%", "~0%"]))
def test_negative_control_another_measure_hedged_keeps_the_length(
    read: Read, title: str, idle: str
) -> None:
    text = title.format(z="0%") + f"\n\nGPU utilisation stays {idle} while it idles.\n"
    got = read(text).records
    assert [r.accept_length for r in got] == [1.0]


def test_negative_control_an_exact_zero_outside_a_heading_keeps_the_length(read: Read) -> None:
    text = (
        "With the fused kernel the draft acceptance rate is 0% on all prompts.\n\n"
        "With the old kernel the acceptance rate was close to 0% as well, a few drafts kept.\n"
    )
    got = read(text).records
    assert [r.accept_length for r in got if r.printed_rate == 0.0 and r.first_line == 1] == [1.0]
