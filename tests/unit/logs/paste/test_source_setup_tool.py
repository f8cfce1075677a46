"""A serving engine named only inside the bracket giving another source's setup (`the model
card (H20, vLLM 0.11, k=2) reports about 2.0`; `模型卡（H20、vLLM 0.11.2、γ=2）自报`), beside
the writer's own figure, is the source's engine, not the printer of the writer's figure: no
tool, convention undecided. The engine named outside such a bracket too, or a bracket after
other words (`our run (H100, vLLM 0.11)`), keep it as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_ENGINES = st.sampled_from([("vllm", "vLLM 0.10.1"), ("sglang", "SGLang 0.5.2")])
_SOURCES = st.sampled_from(
    [
        (
            "the vendor's model card ({setup}) reports an accept length of about {theirs:.1f}; ",
            "en",
        ),
        ("the paper ({setup}) reports about {theirs:.1f}; ", "en"),
        ("厂商模型卡（{setup}）自报平均接受长度约 {theirs:.1f}；", "zh"),
    ]
)
_LENGTHS = st.floats(1.2, 3.5).map(lambda x: round(x, 2))


def _own(lang: str, mine: float) -> str:
    if lang == "zh":
        return f"本文在 4090 上实测接受长度 {mine:.2f}。\n"
    return f"on our 4090 we measured accept length {mine:.2f}.\n"


@settings(max_examples=examples(30), deadline=None)
@given(eng=_ENGINES, src=_SOURCES, theirs=_LENGTHS, mine=_LENGTHS)
def test_engine_in_source_setup_is_no_printer(
    read, eng: tuple[str, str], src: tuple[str, str], theirs: float, mine: float
) -> None:
    _, name = eng
    form, lang = src
    setup = ("H20、" if lang == "zh" else "H20, ") + name
    text = "- " + form.format(setup=setup, theirs=theirs) + _own(lang, mine)
    recs = [r for r in read(text).records if r.printed_length == mine]
    assert recs and all(r.tool == "unknown" and r.accept_length is None for r in recs)


@settings(max_examples=examples(30), deadline=None)
@given(eng=_ENGINES, theirs=_LENGTHS, mine=_LENGTHS, named=st.booleans())
def test_engine_of_own_run_kept(
    read, eng: tuple[str, str], theirs: float, mine: float, named: bool
) -> None:
    tool, name = eng
    if named:
        # the card's bracket, and the engine named again for the own run
        text = (
            f"- the model card (H20, {name}) reports about {theirs:.1f}; "
            f"served with {name.split()[0]} on our 4090 we measured accept length {mine:.2f}.\n"
        )
    else:
        # a bracket after the writer's own words
        text = f"- our run (4090, {name}) measured accept length {mine:.2f}.\n"
    recs = [r for r in read(text).records if r.printed_length == mine]
    assert recs and all(r.tool == tool for r in recs)
