"""An engine named only as the source of code the paste's own program copied or matched (a
file, a default, an implementation: 'matching vLLM's eagle_head.py default', 'adapted from
upstream SGLang', 'to match llama.cpp's behaviour') names no printer of the paste's figures:
tool unknown. The same engine also named plainly ('Served by vLLM'), or matched in a figure
or a result ('matching vLLM's 2.95', 'matches SGLang's acceptance length'), keeps its figures."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ENGINES = [
    ("vLLM", "vllm"),
    ("vllm", "vllm"),
    ("SGLang", "sglang"),
    ("llama.cpp", "llamacpp"),
    ("TensorRT-LLM", "trtllm"),
]
# (a word holding a figure's word, 'measur', 'accept', 'result', names a figure the code gives
# back: owned._FIGURE_OBJECT; no copied code's name)
_SNAKE = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=8).filter(
    lambda w: not re.search(r"measur|accept|result|number|figure|score|speed|throughput", w)
)


@st.composite
def _source(draw: st.DrawFn, eng: str) -> str:
    """A sentence naming ``eng`` only as the owner of code the paste's program took."""
    stem = "_".join(draw(st.lists(_SNAKE, min_size=1, max_size=3)))
    ext = draw(st.sampled_from(["py", "cu", "rs", "cpp"]))
    flag = draw(_SNAKE)
    camel = draw(_SNAKE).capitalize() + draw(_SNAKE).capitalize()
    return draw(
        st.sampled_from(
            [
                f"The head now returns the pre-norm state (matching {eng}'s {stem}.{ext} default `{flag}=False`).",
                f"Positions start at p now, to match {eng}'s behaviour.",
                f"The {flag} mask is adapted from upstream {eng} code.",
                f"Our {camel} mirrors {eng}'s {camel} implementation.",
                f"The verify loop was borrowed from {eng}'s {stem}.{ext}, unchanged.",
                f"The sampler is the same as {eng}'s {camel}.",
            ]
        )
    )


def _runs(lengths: list[int]) -> str:
    return "Gamma sweep of our toy engine:\n\n" + "".join(
        f"  k={2 * i + 2}: accept length {v / 100:.2f}\n" for i, v in enumerate(lengths)
    )


_LENGTHS = st.lists(st.integers(150, 420), min_size=1, max_size=3)


@settings(max_examples=examples(50), deadline=None)
@given(engine=st.sampled_from(_ENGINES), data=st.data(), lengths=_LENGTHS)
def test_an_engine_owning_copied_code_names_no_printer(
    read: Read, engine: tuple[str, str], data: st.DataObject, lengths: list[int]
) -> None:
    sentence = data.draw(_source(engine[0]))
    got = read(f"{sentence}\n\n{_runs(lengths)}").records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert {r.tool for r in got} == {"unknown"}


@settings(max_examples=examples(40), deadline=None)
@given(
    engine=st.sampled_from(_ENGINES),
    data=st.data(),
    lengths=_LENGTHS,
    plain=st.sampled_from(["Served by {eng}.", "Measured with {eng} on one GPU."]),
)
def test_an_engine_also_named_plainly_keeps_its_figures(
    read: Read, engine: tuple[str, str], data: st.DataObject, lengths: list[int], plain: str
) -> None:
    sentence = data.draw(_source(engine[0]))
    text = f"{plain.format(eng=engine[0])} {sentence}\n\n{_runs(lengths)}"
    got = read(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert {r.tool for r in got} == {engine[1]}


@settings(max_examples=examples(40), deadline=None)
@given(
    engine=st.sampled_from(_ENGINES),
    lengths=_LENGTHS,
    obj=st.sampled_from(["{v}", "acceptance length", "results on the same prompts"]),
    verb=st.sampled_from(["matching", "which matches", "the same as"]),
)
def test_an_engine_matched_in_a_figure_keeps_it(
    read: Read, engine: tuple[str, str], lengths: list[int], obj: str, verb: str
) -> None:
    what = obj.format(v=f"{lengths[-1] / 100:.2f}")
    text = f"Our numbers, {verb} {engine[0]}'s {what}.\n\n{_runs(lengths)}"
    got = read(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert {r.tool for r in got} == {engine[1]}
