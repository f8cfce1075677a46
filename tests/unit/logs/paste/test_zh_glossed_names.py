"""A Chinese figure name with an English gloss in brackets before its verb
('接受长度(draft acc len)稳定在 2.0 左右', '接受率（accept rate）为 61%'): the gloss is the same
figure's name, the value read as without it; a bracket that is no English gloss (a Chinese
qualifier) is not read so, and a value the sentence does not give to the name stays unread."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_GLOSSES = ("acc len", "draft acc len", "AL", "accept length")
_BRACKETS = (("(", ")"), ("（", "）"))
_VERBS = ("稳定在", "为", "约为", "达到")


@settings(max_examples=examples(30), deadline=None)
@given(
    gloss=st.sampled_from(_GLOSSES),
    br=st.sampled_from(_BRACKETS),
    verb=st.sampled_from(_VERBS),
    tenths=st.integers(11, 49),
)
def test_a_glossed_length_reads(
    read: Read, gloss: str, br: tuple[str, str], verb: str, tenths: int
) -> None:
    text = f"在内部测试中，其草稿模型接受长度{br[0]}{gloss}{br[1]}{verb}{tenths / 10:.1f}左右。\n"
    assert [r.printed_length for r in read(text).records] == [tenths / 10]


def test_no_gloss_no_value_no_record(read: Read) -> None:
    assert read("在内部测试中，其草稿模型接受长度(acc len)有所提升。\n").records == ()
