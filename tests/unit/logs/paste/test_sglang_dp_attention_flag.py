"""SGLang's switch putting attention data-parallel (`--enable-dp-attention`, no value) set in a
paste naming no tool: SGLang served the run (tools.flagged, the FLAGS rule), so its prose's
accept length counts the bonus token; a table or a key-value line keeps its convention open (a client script may
print it), as with SGLang's other flags. TensorRT-LLM's `enable_attention_dp`, a longer flag
name, the bare words, or the switch beside another engine named attribute nothing to SGLang."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_FORMS = st.sampled_from(
    [
        "With data-parallel attention (`--enable-dp-attention`) on four cards:",
        "serve --tp 4 --dp 4 --enable-dp-attention --port 30000",
        "Flags: --mem-fraction-static 0.8 --enable-dp-attention",
    ]
)
_FIGURES = st.sampled_from(
    ["The mean accept length was {v} over the whole run.", "accept length: {v}"]
)


@settings(max_examples=examples(30), deadline=None)
@given(form=_FORMS, figure=_FIGURES, value=st.integers(120, 480))
def test_the_switch_names_sglang(read: Read, form: str, figure: str, value: int) -> None:
    v = f"{value / 100:.2f}"
    got = read(form + "\n\n" + figure.format(v=v) + "\n").records
    assert [r.printed_length for r in got] == [float(v)]
    assert [r.tool for r in got] == ["sglang"]
    if figure.startswith("The"):
        assert got[0].accept_length == float(v)  # SGLang's length counts the bonus token
    else:
        assert got[0].accept_length is None  # a key-value line: a client script may print it


@settings(max_examples=examples(20), deadline=None)
@given(
    flag=st.sampled_from(
        [
            "enable_attention_dp: true",
            "--enable-dp-attention-lite",
            "DP attention enabled",
            "--enable-dp-lm-head",
            "the vLLM server with --enable-dp-attention",
        ]
    ),
    value=st.integers(120, 480),
)
def test_near_misses_name_no_sglang(read: Read, flag: str, value: int) -> None:
    v = f"{value / 100:.2f}"
    got = read(f"Run on four cards, {flag}.\n\nThe mean accept length was {v}.\n").records
    assert [r.printed_length for r in got] == [float(v)]
    assert all(r.tool != "sglang" for r in got)
