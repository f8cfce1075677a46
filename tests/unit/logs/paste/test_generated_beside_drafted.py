"""A bare 'Generated' column beside a column naming the drafted tokens ('Drafted', 'draft
tokens', or 'Drafted / accepted' split in two) counts the output tokens: the drafts are the
named column's. Alone, 'Generated' keeps its reading as the drafted count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    out=st.integers(5_000, 40_000),
    drafted=st.integers(2_000, 60_000),
    share=st.integers(10, 90),
    paired=st.booleans(),
    dname=st.sampled_from(["Drafted", "Draft tokens", "drafted"]),
)
def test_generated_beside_drafted_is_the_output(
    out: int, drafted: int, share: int, paired: bool, dname: str
) -> None:
    acc = drafted * share // 100
    rate = f"{100 * acc / drafted:.3f}%"
    if paired:
        text = (
            f"| Run | Generated | {dname} / accepted | Acceptance |\n|---|---:|---:|---:|\n"
            f"| base | {out:,} | {drafted:,} / {acc:,} | {rate} |\n"
        )
    else:
        text = (
            f"| Run | Generated | {dname} | Accepted | Acceptance |\n|---|---:|---:|---:|---:|\n"
            f"| base | {out:,} | {drafted:,} | {acc:,} | {rate} |\n"
        )
    (r,) = read_paste(text).records
    assert (r.drafted_tokens, r.accepted_tokens, r.output_tokens) == (drafted, acc, out)


def test_generated_alone_stays_the_drafted_count() -> None:
    text = "| Run | Generated | Accepted |\n|---|---:|---:|\n| base | 9,000 | 5,400 |\n"
    (r,) = read_paste(text).records
    assert (r.drafted_tokens, r.accepted_tokens) == (9000, 5400)
