"""A Chinese figure name with an English gloss in brackets before its verb
('接受长度(draft acc len)稳定在 2.0 左右', '接受率（accept rate）为 61%'): the gloss is the same
figure's name, the value read as without it, the name in quotes too ('"接受长度"(acc len)'); a bracket that is no English gloss (a Chinese
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


_QUOTES = (('"', '"'), ("“", "”"), ("「", "」"), ("『", "』"))


@settings(max_examples=examples(30), deadline=None)
@given(
    quote=st.sampled_from(_QUOTES),
    gloss=st.sampled_from(("", *_GLOSSES)),
    verb=st.sampled_from(_VERBS),
    tenths=st.integers(11, 49),
    lead=st.booleans(),
)
def test_a_quoted_name_reads_as_unquoted(
    read: Read, quote: tuple[str, str], gloss: str, verb: str, tenths: int, lead: bool
) -> None:
    # the Chinese name in quotes ('"接受长度"(acc len)稳定在 2.0'): the same name, the same value
    name = f"{quote[0]}接受长度{quote[1]}" + (f"({gloss})" if gloss else "")
    text = ("上线后，" if lead else "") + f"草稿模型的{name}{verb}{tenths / 10:.1f}左右。\n"
    assert [r.printed_length for r in read(text).records] == [tenths / 10]


def test_a_quoted_name_with_no_value_is_no_record(read: Read) -> None:
    # near miss: the quoted name, a verb and no value of it ('是衡量效率的指标')
    assert read('草稿模型的"接受长度"(acc len)是衡量推测效率的指标。\n').records == ()
    assert read("草稿模型的“接受率”为我们关注的重点，第2版会改进。\n").records == ()


def test_no_gloss_no_value_no_record(read: Read) -> None:
    assert read("在内部测试中，其草稿模型接受长度(acc len)有所提升。\n").records == ()
