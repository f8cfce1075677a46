"""A table under a caption calling its evaluation a proxy (`Teacher-forced proxy on 300
prompts`, `Greedy-check proxy (200 blocks):`: at most three words, then `proxy`, then what it
ran on, a bracket, a colon or the line's end) holds stand-in estimates, no served run: no
record (interpret._caption_proxy); a prose or key-value line of the paste stating one of its
figures digit for digit tells the proxy again: no record either (interpret.proxy_figures). A
network proxy (`an nginx proxy on port 8000`), a proxy said late in a longer sentence, or no
caption leave the table and the line read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(caption: str, length: int, p1: int, p3: int) -> str:
    return (
        "Offline check\n\n"
        f"{caption}\n\n"
        "ckpt accept_len p1 p2 p3 val_loss\n"
        f"4000 {length / 100:.2f} {p1 / 10:.1f}% 31.4% {p3 / 10:.1f}% 3.80\n\n"
        f"Pick three drafts: the third position accepts rarely (p3 acceptance is {p3 / 10:.1f}%).\n"
    )


_FIGURES = {
    "length": st.integers(110, 290),
    "p1": st.integers(400, 900),
    "p3": st.integers(20, 200),
}


@settings(max_examples=examples(30), deadline=None)
@given(
    caption=st.sampled_from(
        [
            "Teacher-forced proxy on 300 held-out prompts (greedy).",
            "Greedy-check proxy (200 blocks):",
            "Offline acceptance proxy over the chat split.",
            "**Proxy** on the code split, greedy:",
        ]
    ),
    **_FIGURES,
)
def test_a_table_captioned_as_a_proxy_and_its_figure_told_again_give_nothing(
    read: Read, caption: str, length: int, p1: int, p3: int
) -> None:
    text = _paste(caption, length, p1, p3)
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    caption=st.sampled_from(
        [
            "Served behind an nginx proxy on port 8000.",
            "Measured on 300 held-out prompts (greedy).",
            "We ran it on one card and compared it with the proxy later.",
        ]
    ),
    **_FIGURES,
)
def test_another_caption_keeps_the_table_and_the_line(
    read: Read, caption: str, length: int, p1: int, p3: int
) -> None:
    text = _paste(caption, length, p1, p3)
    got = read(text).records
    assert [r.printed_length for r in got][:1] == [length / 100], text
    assert any(
        r.printed_rate is not None and abs(r.printed_rate - p3 / 1000) < 1e-9 for r in got
    ), text
