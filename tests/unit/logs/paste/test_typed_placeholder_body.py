"""A JSON body holding a typed placeholder (a whole number of ten digits or more, each digit one
above or one below the last: a keyboard's row typed as a documented example's timestamp) is an
example of a schema, no run: none of its statistics objects is a record, and the body is shown
as skipped. A real timestamp, a number whose digits run only in part, or fewer than ten such
digits leave the body read as before."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.records import LogRecord, Skipped
from tests.support.parseline import parse_line


def _run(start: int, n: int, down: bool) -> str:
    step = -1 if down else 1
    return "".join(str((start + step * i) % 10) for i in range(n))


def _body(stamp: str, accepted: int, drafted: int, pretty: bool) -> str:
    doc = {
        "timing": {"arrival_time": float(stamp + ".25"), "kv_cache_size": 4096},
        "speculative_decoding": {
            "acceptance_rate": round(accepted / drafted, 4),
            "total_accepted_draft_tokens": accepted,
            "total_draft_tokens": drafted,
        },
    }
    return json.dumps(doc, indent=2 if pretty else None)


@settings(max_examples=60, deadline=None)
@given(
    start=st.integers(1, 9),
    n=st.integers(10, 14),
    down=st.booleans(),
    drafted=st.integers(20, 400),
    share=st.floats(0.1, 0.95),
    pretty=st.booleans(),
)
def test_a_typed_placeholder_makes_the_body_an_example(
    start: int, n: int, down: bool, drafted: int, share: float, pretty: bool
) -> None:
    body = _body(_run(start, n, down), int(drafted * share), drafted, pretty)
    out = parse_line(body.replace("\n", " "))
    assert isinstance(out, Skipped), out
    assert "typed placeholder" in out.reason


@settings(max_examples=60, deadline=None)
@given(
    stamp=st.integers(1_600_000_000, 1_900_000_000).map(str),
    drafted=st.integers(20, 400),
    share=st.floats(0.1, 0.95),
)
def test_a_real_timestamp_keeps_the_record(stamp: str, drafted: int, share: float) -> None:
    # a real epoch second's digits never all step by one (the first two are 1 then 6..9)
    out = parse_line(_body(stamp, int(drafted * share), drafted, False))
    assert isinstance(out, tuple) and len(out) == 1 and isinstance(out[0], LogRecord)


def test_near_misses_keep_the_record() -> None:
    for stamp in (
        "1712345678",  # a run in its tail only
        "123456789",  # nine digits: not a whole row
        "1234567899",  # one step breaks the run
        "1357913579",  # steps of two
    ):
        out = parse_line(_body(stamp, 30, 60, False))
        assert isinstance(out, tuple) and len(out) == 1, stamp
    # a run of digits inside a decimal part is no whole number typed
    body = _body("1795939231", 30, 60, False).replace("4096", "0.1234567890")
    assert isinstance(parse_line(body), tuple)
    # nor one opening an identifier's letters ('0123456789abcdef', a hex id)
    body = _body("1795939231", 30, 60, False).replace("4096", '"0123456789abcdef"')
    assert isinstance(parse_line(body), tuple)
