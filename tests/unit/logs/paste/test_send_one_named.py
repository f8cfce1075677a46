"""SGLang's request script named beside its older table (tools._send_one_table): a paste naming
``send_one`` (the script by its own name: '`send_one`', 'test/send_one.py') over the four
columns that script printed before its current layout ('Latency (s) | Tokens | Acc Length |
Speed (token/s)', tabulate's 'pretty' box or a markdown copy) is SGLang's printout: completion
tokens over verify steps, the bonus token counted. The columns without the name, the name in a
longer identifier or in contrast, or another header leave the table as anyone's."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_COLS = ["Latency (s)", "Tokens", "Acc Length", "Speed (token/s)"]
_NAMES = st.sampled_from(["`send_one`", "send_one", "`send_one.py`", "test/send_one.py"])
_LEADS = st.sampled_from(
    [
        "Numbers from {n} once the draft head was on:",
        "Here is what {n} printed on the patched build",
        "I re-ran {n} against the server, 512 new tokens:",
    ]
)


def _box(cols: list[str], cells: list[str]) -> list[str]:
    """A tabulate 'pretty' table: a ruled box, the cells centred."""
    widths = [max(len(c), len(v)) + 2 for c, v in zip(cols, cells, strict=True)]
    rule = "+" + "+".join("-" * w for w in widths) + "+"
    head = "|" + "|".join(c.center(w) for c, w in zip(cols, widths, strict=True)) + "|"
    row = "|" + "|".join(v.center(w) for v, w in zip(cells, widths, strict=True)) + "|"
    return [rule, head, rule, row, rule]


def _markdown(cols: list[str], cells: list[str]) -> list[str]:
    return [
        "| " + " | ".join(cols) + " |",
        "|" + "---|" * len(cols),
        "| " + " | ".join(cells) + " |",
    ]


def _cells(cols: list[str], length: float, tokens: int, secs: float) -> list[str]:
    by = {
        "Latency (s)": f"{secs:.3f}",
        "Tokens": str(tokens),
        "Acc Length": f"{length:.3f}",
        "Speed (token/s)": f"{tokens / secs:.2f}",
        "Batch": "1",
    }
    return [by[c] for c in cols]


def _paste(lead: str, cols: list[str], length: float, tokens: int, secs: float, box: bool) -> str:
    cells = _cells(cols, length, tokens, secs)
    table = _box(cols, cells) if box else _markdown(cols, cells)
    return "\n".join([lead, "", "```", *table, "```"]) + "\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_LEADS,
    name=_NAMES,
    length=st.integers(1100, 4900),
    tokens=st.integers(64, 4096),
    secs=st.integers(500, 40000),
    box=st.booleans(),
)
def test_the_older_table_with_the_script_named_is_sglangs(
    read: Read, lead: str, name: str, length: int, tokens: int, secs: int, box: bool
) -> None:
    text = _paste(lead.format(n=name), _COLS, length / 1000, tokens, secs / 1000, box)
    (r,) = read(text).records
    assert (r.tool, r.printed_length, r.accept_length) == ("sglang", length / 1000, length / 1000)
    assert r.bonus.value == "included"


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_LEADS,
    name=st.sampled_from(
        [
            "",  # the columns alone: anyone's
            "`send_one_prompt`",  # a longer identifier holding the name
            "resend_one",
            "our send_one-style harness",
            "my script (unlike `send_one`)",  # named in contrast
        ]
    ),
    cols=st.sampled_from(
        [
            _COLS,
            ["Tokens", "Latency (s)", "Acc Length", "Speed (token/s)"],  # another order
            [*_COLS, "Batch"],  # a column more
            ["Latency (s)", "Acc Length", "Speed (token/s)"],  # a column less
        ]
    ),
    length=st.integers(1100, 4900),
    tokens=st.integers(64, 4096),
    secs=st.integers(500, 40000),
    box=st.booleans(),
)
def test_near_misses_leave_the_table_anyones(
    read: Read,
    lead: str,
    name: str,
    cols: list[str],
    length: int,
    tokens: int,
    secs: int,
    box: bool,
) -> None:
    text = _paste(
        lead.format(n=name or "the client"), cols, length / 1000, tokens, secs / 1000, box
    )
    got = read(text).records
    assert got and all(r.tool != "sglang" and r.accept_length is None for r in got)
