"""A table row printing only a run's drafted and accepted counts (no length; a rate, if any,
their quotient), the counts a quoted llama.cpp line prints too ('| mtp run | 101 | 75 |' and
'draft acceptance rate = 0.74257 (75 accepted / 101 generated)'): the line's run told twice,
one record, the line scanner's (reader._row_counts, _tells_line). A row of other counts, or a
row printing its own length, stays a record of its own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples


def _table(rows: list[tuple[str, str, str]], order: str) -> str:
    if order == "drafted first":
        head = "| Lane | tok/s | Draft tokens | Accepted |\n| --- | ---: | ---: | ---: |\n"
        body = "".join(f"| {n} | 91.5 | {d} | {a} |\n" for n, d, a in rows)
    else:
        head = "| Lane | tok/s | Accepted | Drafted |\n| --- | ---: | ---: | ---: |\n"
        body = "".join(f"| {n} | 91.5 | {a} | {d} |\n" for n, d, a in rows)
    return "Server lanes:\n\n" + head + body


def _line(acc: int, gen: int, form: str) -> str:
    return "```text\n" + form.format(r=f"{acc / gen:.5f}", a=acc, g=gen) + "\n```\n"


_FORMS = [
    "draft acceptance rate = {r} ({a} accepted / {g} generated)",
    "slot print_timing: id  0 | task 3 | draft acceptance = {r} ({a} accepted / {g} generated)",
]


@settings(max_examples=examples(30), deadline=None)
@given(
    gen=st.integers(40, 900),
    share=st.integers(5, 95),
    order=st.sampled_from(["drafted first", "accepted first"]),
    form=st.sampled_from(_FORMS),
    quote=st.sampled_from(["`{}`", "{}"]),
)
def test_a_rows_counts_of_the_quoted_line_are_that_run(
    gen: int, share: int, order: str, form: str, quote: str
) -> None:
    acc = max(1, gen * share // 100)
    rows = [("target only", "n/a", "n/a"), ("mtp lane", quote.format(gen), quote.format(acc))]
    text = _table(rows, order) + "\nThe server log reports:\n\n" + _line(acc, gen, form)
    got = read_held(text.encode(), None).records
    assert got == ()  # (the line's record is the line scanner's: none left to the readers)


@settings(max_examples=examples(20), deadline=None)
@given(gen=st.integers(40, 900), share=st.integers(5, 95))
def test_a_rows_other_counts_stay(gen: int, share: int) -> None:
    acc = max(1, gen * share // 100)
    rows = [("mtp lane", str(gen + 7), str(acc + 1))]
    text = (
        _table(rows, "drafted first") + "\nThe server log reports:\n\n" + _line(acc, gen, _FORMS[0])
    )
    (r,) = read_held(text.encode(), None).records
    assert (r.accepted_tokens, r.drafted_tokens) == (acc + 1, gen + 7)
