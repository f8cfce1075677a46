"""Blocks of key-value lines alone, printed again with the same keys in the same order as an
earlier block of the paste whose tool is named beside it ('using `python -m sglang.test.
send_one`' above the first, 'Patched run:' above the second): the same printer's output, so the
first block's tool decides the second (same_header.keys). Near misses: other keys or another
order, a line of prose in the block, a first block whose tool is not named beside it, another
tool named in the paste."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import same_header as SH
from specdiag.core.logs.paste.model import INCLUDED
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_KEYS = ["acc_length", "accept_length", "avg accept len"]
_OTHER = [("speed", "{v:.2f} token/s"), ("latency", "{v:.3f} s"), ("tokens", "{n}")]
_INTROS = ["Measured with `python3 -m sglang.test.send_one`:", "SGLang send_one output:"]
_TITLES = ["Patched run:", "After the change:", "Second try", "**New path**"]


def _block(sep: str, keys: list[str], length: float, i: int, fenced: bool) -> str:
    lines = [f"{keys[0]}{sep}{length:.2f}"]
    for k in keys[1:]:
        fmt = dict(_OTHER)[k]
        lines.append(f"{k}{sep}" + fmt.format(v=100.0 + 7 * i, n=256 + i))
    body = "\n".join(lines)
    return f"```\n{body}\n```" if fenced else body


def _paste(intro: str, title: str, blocks: list[str]) -> str:
    return f"{intro}\n\nBaseline:\n\n{blocks[0]}\n\n{title}\n\n{blocks[1]}\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    key=st.sampled_from(_LENGTH_KEYS),
    sep=st.sampled_from(["=", ": "]),
    others=st.lists(st.sampled_from([k for k, _ in _OTHER]), min_size=1, max_size=3, unique=True),
    lengths=st.tuples(st.integers(150, 450), st.integers(150, 450)),
    intro=st.sampled_from(_INTROS),
    title=st.sampled_from(_TITLES),
    fenced=st.booleans(),
)
def test_the_same_keys_take_the_first_blocks_tool(
    read: Read,
    key: str,
    sep: str,
    others: list[str],
    lengths: tuple[int, int],
    intro: str,
    title: str,
    fenced: bool,
) -> None:
    # ('acc_length: 2.50' over 'speed: ...' is SGLang's bench_one_batch_server summary, the
    # line scanner's own layout)
    assume(not (key == "acc_length" and sep == ": "))
    keys = [key, *others]
    blocks = [_block(sep, keys, v / 100, i, fenced) for i, v in enumerate(lengths)]
    recs = [r for r in read(_paste(intro, title, blocks)).records if r.printed_length]
    assert [r.printed_length for r in recs] == [v / 100 for v in lengths]
    assert [r.tool for r in recs] == ["sglang", "sglang"]
    assert [r.bonus.value for r in recs] == [INCLUDED, INCLUDED]
    assert [r.accept_length for r in recs] == [v / 100 for v in lengths]


def _second(text: str, read: Read) -> list[object]:
    return [r for r in read(text).records if r.printed_length == 2.71]


def test_other_keys_or_order_carry_nothing(read: Read) -> None:
    first = _block("=", ["acc_length", "speed"], 3.05, 0, True)
    for second in (
        "```\nspeed=107.00 token/s\nacc_length=2.71\n```",
        _block("=", ["acc_length", "latency"], 2.71, 1, True),
    ):
        text = _paste(_INTROS[0], "Patched run:", [first, second])
        recs = _second(text, read)
        assert recs
        assert all(getattr(r, "tool_rule", "") != SH.SAME_KEYS_RULE for r in recs)


def test_a_first_block_not_named_carries_nothing(read: Read) -> None:
    blocks = [_block("=", ["acc_length", "speed"], v, i, True) for i, v in enumerate((3.05, 2.71))]
    recs = read(_paste("Our numbers:", "Patched run:", blocks)).records
    assert all(r.tool_rule != SH.SAME_KEYS_RULE for r in recs)


def test_another_tool_named_carries_nothing(read: Read) -> None:
    blocks = [_block("=", ["acc_length", "speed"], v, i, True) for i, v in enumerate((3.05, 2.71))]
    text = _paste(_INTROS[0], "Patched run:", blocks) + "\nvLLM gives 2.9 on the same prompt.\n"
    assert all(getattr(r, "tool_rule", "") != SH.SAME_KEYS_RULE for r in _second(text, read))


def test_the_keys_of_a_block() -> None:
    assert SH.keys(["acc_length=3.05", "speed=120.00 token/s"]) == SH.KEYS + "acc_length | speed"
    assert SH.keys(["avg accept len: 2.4", "tokens: 256"]) == SH.KEYS + "avg accept len | tokens"
    assert SH.keys(["acc_length=3.05"]) is None  # one line: no printer's shape
    assert SH.keys(["acc_length=3.05", "The run was slower than before."]) is None
    assert SH.keys(["acc_length=3.05", "acc_length=2.90"]) is None  # a key twice: a series
