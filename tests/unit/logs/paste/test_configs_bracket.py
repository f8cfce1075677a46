"""Configurations listed with '/' after their name, another measure's values for them after
':', then in brackets an acceptance figure's values, as many, listed alike ('flat across
--draft-max 8 / 16 / 64: 165.4 / 170.0 / 164.3 tok/s (acceptance 0.90 / 0.90 / 0.90, mean
accepted len ~3.7-3.9)'): a record per configuration, labelled by it, its acceptance value read
under the bracket's name; no normalised length unless the paste decides one (a `--draft-max` is
a maximum, not the draft tokens of every step), and a range in the bracket claims nothing.
Where the lists are not as many, nothing (shown as not understood)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_DOC = (
    "flat across --draft-max 8 / 16 / 64: 165.4 / 170.0 / 164.3 tok/s (acceptance 0.90 / 0.90 / "
    "0.90, mean accepted len ~3.7-3.9)\n"
)


def test_the_example_of_the_docs() -> None:
    got = read_paste(_DOC)
    assert [r.labels for r in got.records] == [
        (("draft-max", "8"),),
        (("draft-max", "16"),),
        (("draft-max", "64"),),
    ]
    assert [r.printed_rate for r in got.records] == [0.9, 0.9, 0.9]
    # the rate's basis is not told, and the range '~3.7-3.9' claims nothing
    assert all(r.printed_length is None and r.accept_length is None for r in got.records)
    assert all(r.accept_rate is None for r in got.records)
    assert got.unread == ()


_NAMES = ["--draft-max", "`--spec-draft-n-max`", "bs", "batch", "dataset", "**draft_len**"]
_UNITS = ["tok/s", "ms", "x", "tokens/s", ""]


@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(2, 5),
    name=st.sampled_from(_NAMES),
    words=st.booleans(),
    unit=st.sampled_from(_UNITS),
    key=st.sampled_from(
        ["acceptance", "accept rate", "acceptance rate", "AL", "accept length", "acc. rate"]
    ),
    bold=st.booleans(),
    tail=st.sampled_from(["", ", mean accepted len ~3.7-3.9", "; p50 latency 41 ms"]),
    lead=st.sampled_from(["Throughput is flat across", "Swept", "- with"]),
    data=st.data(),
)
def test_configurations_with_their_bracketed_figure(
    n: int,
    name: str,
    words: bool,
    unit: str,
    key: str,
    bold: bool,
    tail: str,
    lead: str,
    data: st.DataObject,
) -> None:
    labs = (
        ["chat", "code", "math", "rag", "qa"][:n]
        if words
        else [
            str(x) for x in sorted(data.draw(st.sets(st.integers(1, 128), min_size=n, max_size=n)))
        ]
    )
    others = [f"{data.draw(st.integers(100, 9999)) / 10:.1f}" for _ in range(n)]
    is_length = key in ("AL", "accept length")
    if is_length:
        vals = [f"{data.draw(st.integers(11, 60)) / 10:.2f}" for _ in range(n)]
    else:
        pct = data.draw(st.booleans())
        vals = [
            f"{p}%" if pct else f"{p / 100:.2f}"
            for p in (data.draw(st.integers(5, 99)) for _ in range(n))
        ]
    b = "**" if bold else ""
    line = (
        f"{lead} {name} {' / '.join(labs)}: {b}{' / '.join(others)}{' ' + unit if unit else ''}{b} "
        f"({key} {' / '.join(vals)}{tail})\n"
    )
    got = read_paste(line)
    label = name.strip("`*").lstrip("-")
    assert [r.labels for r in got.records] == [((label.lower(), lab),) for lab in labs], line
    for r, vt in zip(got.records, vals, strict=True):
        if is_length:
            assert r.printed_length == float(vt) and r.printed_rate is None
        else:
            want = float(vt.rstrip("%")) / (100 if vt.endswith("%") else 1)
            assert r.printed_rate is not None and abs(r.printed_rate - want) < 1e-9
            assert r.printed_length is None
        assert r.accept_length is None  # nothing in the line decides a convention


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(2, 5), short=st.integers(1, 2), more=st.booleans())
def test_negative_control_lists_not_as_many_claim_nothing(n: int, short: int, more: bool) -> None:
    labs = [str(8 * (i + 1)) for i in range(n)]
    m = n + short if more else max(1, n - short)
    vals = ["0.90"] * m
    line = (
        f"flat across --draft-max {' / '.join(labs)}: {' / '.join(['165.4'] * n)} tok/s "
        f"(acceptance {' / '.join(vals)})\n"
    )
    got = read_paste(line)
    assert all(len(r.labels) == 0 or r.labels[0][0] != "draft-max" for r in got.records), line
    assert all(r.accept_length is None for r in got.records)


def test_negative_control_lists_not_as_many_are_shown_not_understood() -> None:
    got = read_paste(
        "flat across --draft-max 8 / 16 / 64: 165.4 / 170.0 / 164.3 tok/s (acceptance 0.90 / "
        "0.88, mean accepted len ~3.7-3.9)\n"
    )
    assert got.records == () and len(got.unread) == 1


def test_negative_control_another_measure_in_the_bracket() -> None:
    for text in (
        "flat across --draft-max 8 / 16 / 64: 165.4 / 170.0 / 164.3 tok/s (speedup 1.9 / 2.0 / "
        "1.9)\n",
        "latency across bs 1 / 8 / 32: 41 / 52 / 77 ms (p99 60 / 71 / 98)\n",
    ):
        assert read_paste(text).records == (), text


def test_negative_control_a_range_in_the_bracket_claims_nothing() -> None:
    got = read_paste(
        "flat across --draft-max 8 / 16 / 64: 165.4 / 170.0 / 164.3 tok/s (acceptance 0.86 / "
        "0.88 / 0.85-0.90)\n"
    )
    assert all(r.printed_rate != 0.85 for r in got.records)
    assert all(r.accept_length is None for r in got.records)
