"""Figures another's page publishes, quoted: a sentence closing on 'the post' / 'that article' in
a page listing its sources on a line of their own ('Sources: ...'), no first person anywhere (the
listed source's figures, alone in the paste too); and a Chinese repost of a model card whose
project or download field links the model's page on the hub or one of its mirrors, no first
person anywhere (the card's figures). Near misses stay read: no sources line, 'this post' (the
page itself), a first person, a data set's page, a field naming no hub."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SOURCE = st.sampled_from(["post", "article", "write-up", "blog post", "thread"])
_FIELD = st.sampled_from(["Sources", "References", "**Sources:**"])


def _page(field: str, sentence: str) -> str:
    head = field if field.endswith(":**") else field + ":"
    return (
        "Draft length explorer\n"
        f"{head} Notes on fast decoding · Repo\n\n"
        "The draft proposes tokens and the target checks them in one pass.\n"
        f"- {sentence}\n"
    )


@settings(max_examples=examples(20), deadline=None)
@given(
    a=st.integers(51, 69),
    b=st.integers(70, 89),
    src=_SOURCE,
    det=st.sampled_from(["the", "that"]),
    prep=st.sampled_from(["in", "from"]),
    field=_FIELD,
)
def test_figures_closed_on_a_listed_source_are_quoted(
    read: Read, a: int, b: int, src: str, det: str, prep: str, field: str
) -> None:
    sentence = (
        f"Greedy at {a}.5% acceptance beat sampling at {b}.1% (1.2x vs 0.9x) {prep} {det} {src}."
    )
    assert not read(_page(field, sentence)).records


@settings(max_examples=examples(15), deadline=None)
@given(a=st.integers(51, 69), src=_SOURCE, field=_FIELD)
def test_a_sentence_wrapped_onto_the_next_line_is_quoted_too(
    read: Read, a: int, src: str, field: str
) -> None:
    text = _page(field, "Sampling pays for extra draws, modelled as a higher") + (
        f"cost. So greedy at {a}.5% acceptance came out ahead in the {src}.\n"
    )
    assert not read(text).records


@settings(max_examples=examples(15), deadline=None)
@given(a=st.integers(51, 69), src=_SOURCE, field=_FIELD)
def test_near_misses_stay_read(read: Read, a: int, src: str, field: str) -> None:
    sentence = f"Greedy at {a}.5% acceptance beat sampling in the {src}."
    # no sources line: alone in the paste, a reported run (the house rule)
    plain = _page(field, sentence).replace(field, "Tags", 1).replace("Tags:**", "Tags:")
    assert [round(r.printed_rate or 0, 3) for r in read(plain).records] == [
        round(a / 100 + 0.005, 3)
    ]
    # the page itself: 'this post'
    this = _page(field, sentence.replace(f"the {src}", f"this {src}"))
    assert [round(r.printed_rate or 0, 3) for r in read(this).records] == [
        round(a / 100 + 0.005, 3)
    ]
    # a first person on the page: the writer's own run may be told
    mine = _page(field, sentence) + "We ran it on one card.\n"
    assert [round(r.printed_rate or 0, 3) for r in read(mine).records] == [
        round(a / 100 + 0.005, 3)
    ]


_HUBS = st.sampled_from(
    [
        "https://huggingface.co/{o}/{m}",
        "https://hf-mirror.com/{o}/{m}",
        "https://www.modelscope.cn/models/{o}/{m}",
        "https://code.example.net/hf_mirrors/{o}/{m}",
    ]
)


def _repost(prefix: str, field: str, link: str, value: str, extra: str = "") -> str:
    return (
        "轻量草稿模型带来推理提速\n"
        f"{prefix}{field}: {link}\n"
        "导语\n"
        f"- 解码机制:动态树解码,在温度为0的配置下达到{value}的平均接受长度\n"
        f"{extra}"
    )


@settings(max_examples=examples(20), deadline=None)
@given(
    hub=_HUBS,
    org=st.sampled_from(["acme-lab", "zeta"]),
    model=st.sampled_from(["Draft-x-eagle", "tiny-mtp-2"]),
    field=st.sampled_from(["项目地址", "下载链接", "模型地址"]),
    tag=st.sampled_from(["", "【免费下载链接】Draft-x-eagle ", "【链接】"]),
    v=st.integers(150, 390),
)
def test_a_repost_linking_the_cards_page_quotes_it(
    read: Read, hub: str, org: str, model: str, field: str, tag: str, v: int
) -> None:
    text = _repost(tag, field, hub.format(o=org, m=model), f"{v / 100:.2f}")
    assert not read(text).records


@settings(max_examples=examples(15), deadline=None)
@given(hub=_HUBS, field=st.sampled_from(["项目地址", "下载链接"]), v=st.integers(150, 390))
def test_repost_near_misses_stay_read(read: Read, hub: str, field: str, v: int) -> None:
    value = f"{v / 100:.2f}"
    link = hub.format(o="acme-lab", m="Draft-x-eagle")
    # a first person: the writer's own run
    mine = _repost("", field, link, value, "我们在本地复测了一遍。\n")
    assert [r.printed_length for r in read(mine).records] == [float(value)]
    # a data set's page, and a field linking no hub
    data = _repost("", field, "https://huggingface.co/datasets/acme-lab/prompts", value)
    assert [r.printed_length for r in read(data).records] == [float(value)]
    other = _repost("", field, "https://example.org/acme-lab/Draft-x-eagle", value)
    assert [r.printed_length for r in read(other).records] == [float(value)]
