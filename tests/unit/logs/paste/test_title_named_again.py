"""A post's title printing one figure alone (`... accept rate falls to 0.23 ...`) whose value the
body prints again once, in a sentence naming the same figure before it, on the line of one later
record giving the run's other figure (`the accept rate falls ... to 0.23. The accept length
drops to 1.62`): the body restating the title's run, one record (lead_restated.py). A body
printing the value elsewhere with no name of the figure, twice, or a later record of another
value of the figure keep both records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TITLE = st.sampled_from(
    [
        "# Draft accept rate falls to {r} on long prompts",
        "Accept rate drops to {r} for the chat set after the upgrade",
    ]
)
_BODY = st.sampled_from(
    [
        "With long inputs the accept rate slowly falls from a good start to {r} as the context"
        " grows. The accept length drops to {a}, close to plain decoding.",
        "On the chat set, the accept rate drops to {r} at 20k tokens; the mean accept length"
        " is {a} there.",
    ]
)


@settings(max_examples=examples(50), deadline=None)
@given(title=_TITLE, body=_BODY, r=st.integers(11, 39), a=st.integers(1, 9), b=st.integers(11, 99))
def test_the_body_restating_the_titles_value_is_one_run(
    read: Read, title: str, body: str, r: int, a: int, b: int
) -> None:
    rate, length = f"0.{r}", f"1.{b}"
    text = title.format(r=rate) + "\n\n### Details\n\n" + body.format(r=rate, a=length) + "\n"
    got = read(text).records
    assert [x.printed_length for x in got] == [float(length)]


@settings(max_examples=examples(40), deadline=None)
@given(
    title=_TITLE,
    body=st.sampled_from(
        [
            "The run took {r} hours. The accept length drops to {a}.",
            "The accept length drops to {a} and the accept rate is {o}.",
        ]
    ),
    r=st.integers(11, 39),
    b=st.integers(11, 99),
)
def test_negative_control_no_restatement_keeps_both(
    read: Read, title: str, body: str, r: int, b: int
) -> None:
    rate, length, other = f"0.{r}", f"1.{b}", f"0.{r + 40}"
    text = title.format(r=rate) + "\n\n" + body.format(r=rate, a=length, o=other) + "\n"
    assert len(read(text).records) == 2
