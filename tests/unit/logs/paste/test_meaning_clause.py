"""A figure's meaning stated as a rule in a clause of its own ('..., because a 40% acceptance
rate generally means the draft costs more than it saves'): what any such rate does, no run; a
rate the writer measured in the same shape of sentence is read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(50), deadline=None)
@given(
    lead=st.sampled_from(
        [
            "Keep the drafter small and on the GPU, because",
            "Watch the log closely since",
            "Tune the draft length first; ",
            "Short drafts help chat, whereas",
        ]
    ),
    name=st.sampled_from(["accept rate", "acceptance rate", "draft acceptance", "acceptance"]),
    hedge=st.sampled_from(["", "usually ", "typically ", "often ", "generally "]),
    verb=st.sampled_from(["means", "implies"]),
    p=st.integers(20, 90),
)
def test_a_rate_whose_meaning_opens_a_clause_is_no_record(
    lead: str, name: str, hedge: str, verb: str, p: int
) -> None:
    text = f"{lead} a {p}% {name} {hedge}{verb} little or no gain in tokens per second.\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(["Keep the drafter on the GPU, because", "Tune it first since"]),
    p=st.integers(20, 90),
)
def test_negative_control_a_measured_rate_in_the_clause_is_read(lead: str, p: int) -> None:
    # the writer's own rate: no indefinite figure as the clause's subject
    text = f"{lead} our server log showed {p}% draft acceptance on the chat prompts.\n"
    assert [round(r.printed_rate or 0, 4) for r in read_paste(text).records] == [p / 100]


def test_negative_control_a_rate_beside_its_meaning_in_another_clause_is_read() -> None:
    # 'which means' after the run's own rate: the run stated, then what it means
    text = "The draft reached a 64% acceptance rate, which usually means a solid speedup.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.64]


def test_the_meaning_clause_pattern_is_linear_on_a_long_line() -> None:
    import time

    from specdiag.core.logs.paste import reader as R

    line = "because a 5% accept " * 400 + "usually"
    best = 1.0
    for _ in range(3):
        t = time.perf_counter()
        R._MEANS.search(line)
        best = min(best, time.perf_counter() - t)
    assert best < 0.05
