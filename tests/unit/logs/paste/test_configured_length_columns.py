"""A length's column named with its configuration after an at sign or a colon ('AL @ batch 16',
'Accept len: theta 5000') holds that length for that configuration, one record a cell; a line of
the paste defining the name as the tokens a step decodes or outputs ('AL = tokens decoded per
iteration', 'Acc len is (output tokens - first tokens) / decode rounds') decides that the
lengths count the target's own token."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["AL", "Accept len", "Acc len", "accept length", "Acceptance length"]
_SETTINGS = ["batch", "concurrency", "theta", "rope base", "bs", "tp"]
_LABELS = ["chat", "code", "math", "qa", "summ", "mixed"]

_DEFINED = [
    "{n} = tokens decoded per iteration, read from the bench output:",
    "{n} = `mean_decoded_tokens_per_iter` from our run's JSON:",
    "{n} is (output tokens - first tokens) / decode rounds, checked by hand.",
    "{n} is `(generated tokens - prefill first tokens) / decode steps`.",
    "{n} is generated tokens minus the first token, divided by the number of decode rounds.",
]
_NOT_DEFINED = [
    "{n} = decoded tokens per second, read from the bench output:",
    "{n} is (output tokens - prompt tokens) / decode rounds, checked by hand.",
    "{n} is (generated tokens - draft tokens) / decode steps.",
    "{n} is accepted tokens per iteration.",
    "{n} is output tokens divided by the number of decode rounds.",  # the first token counted
    "Numbers from our bench.",
]


def _table(
    name: str, sep: str, setting: str, a: int, b: int, rows: list[tuple[str, str, str]]
) -> str:
    sp = " " if sep == "@" else ""
    head = f"| set | {name}{sp}{sep} {setting} {a} | {name}{sp}{sep} {setting} {b} |"
    body = "\n".join(f"| {lab} | {x} | {y} |" for lab, x, y in rows)
    return head + "\n|---|---:|---:|\n" + body + "\n"


_VALUE = st.integers(105, 199).map(lambda v: f"{v / 100:.2f}")
_ROWS = st.lists(
    st.tuples(st.sampled_from(_LABELS), _VALUE, _VALUE),
    min_size=1,
    max_size=4,
    unique_by=lambda r: r[0],
)


def _lengths(text: str) -> list[tuple[float | None, float | None]]:
    got = read_paste(text).records
    return [(r.printed_length, r.accept_length) for r in got if r.printed_length is not None]


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    sep=st.sampled_from(["@", ":"]),
    setting=st.sampled_from(_SETTINGS),
    a=st.integers(1, 64),
    b=st.integers(65, 100000),
    rows=_ROWS,
    defined=st.sampled_from(_DEFINED),
)
def test_a_configured_column_is_read_and_a_definition_decides_its_bonus(
    name: str,
    sep: str,
    setting: str,
    a: int,
    b: int,
    rows: list[tuple[str, str, str]],
    defined: str,
) -> None:
    text = "# runs\n\n" + defined.format(n=name) + "\n\n" + _table(name, sep, setting, a, b, rows)
    want = [float(v) for _, x, y in rows for v in (x, y)]
    got = _lengths(text)
    assert [p for p, _ in got] == want  # one record a cell, row-major
    assert [n for _, n in got] == want  # tokens a step: the bonus counted, as printed


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    sep=st.sampled_from(["@", ":"]),
    setting=st.sampled_from(_SETTINGS),
    a=st.integers(1, 64),
    b=st.integers(65, 100000),
    rows=_ROWS,
    other=st.sampled_from(_NOT_DEFINED),
)
def test_negative_control_without_such_a_definition_the_bonus_stays_unknown(
    name: str, sep: str, setting: str, a: int, b: int, rows: list[tuple[str, str, str]], other: str
) -> None:
    text = "# runs\n\n" + other.format(n=name) + "\n\n" + _table(name, sep, setting, a, b, rows)
    got = _lengths(text)
    assert [p for p, _ in got] == [float(v) for _, x, y in rows for v in (x, y)]
    assert all(n is None for _, n in got)


@settings(max_examples=examples(20), deadline=None)
@given(
    head=st.sampled_from(
        [
            "speedup @ batch {a}",  # another measure
            "AL @ tok/s {a}",  # a speed after the sign
            "acc: MMLU {a}",  # an accuracy
            "AL @ {a}",  # no setting named in words
        ]
    ),
    a=st.integers(1, 64),
    rows=_ROWS,
)
def test_negative_control_other_headers_stay_unread(
    head: str, a: int, rows: list[tuple[str, str, str]]
) -> None:
    h = head.format(a=a)
    body = "\n".join(f"| {lab} | {x} |" for lab, x, _ in rows)
    text = f"# runs\n\n| set | {h} |\n|---|---:|\n{body}\n"
    assert _lengths(text) == []
