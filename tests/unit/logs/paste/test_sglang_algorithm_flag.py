"""SGLang's launch flag naming the speculative algorithm, with one of its own algorithms' names
as its documentation spells them ('--speculative-algorithm EAGLE3', '=NEXTN', in backticks or a
command): the paste names SGLang, its figures SGLang's. A lower-case value (LMDeploy's flag of
that name takes 'eagle3'), another tool's flag ('--spec_decode_algo EAGLE3',
'--speculative-config') or the flag's name alone name no tool; beside SpecForge named, whose
benchmark passes the flag on to the server it drives, the flag names no second tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ALGOS = st.sampled_from(
    ["EAGLE", "EAGLE3", "NEXTN", "STANDALONE", "NGRAM", "DFLASH", "DSPARK", "UNO", "FROZEN_KV_MTP"]
)
_FORMS = st.sampled_from(
    [
        "Launched with `--speculative-algorithm {a}` on two cards.",
        "python3 -m server.main --model-path m --speculative-algorithm={a} --port 30000",
        "Flags: --speculative-algorithm '{a}' --mem-fraction-static 0.7",
    ]
)
_FIGURES = st.sampled_from(
    [
        "The mean accept length was {v} over the whole run.",
        "accept length: {v}",
    ]
)


@settings(max_examples=examples(30), deadline=None)
@given(algo=_ALGOS, form=_FORMS, figure=_FIGURES, value=st.integers(120, 480))
def test_the_flag_names_sglang(read: Read, algo: str, form: str, figure: str, value: int) -> None:
    v = f"{value / 100:.2f}"
    text = form.format(a=algo) + "\n\n" + figure.format(v=v) + "\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [float(v)]
    assert [r.tool for r in got] == ["sglang"]
    assert got[0].accept_length == float(v)  # SGLang's length counts the bonus token


@settings(max_examples=examples(20), deadline=None)
@given(
    flag=st.sampled_from(
        [
            "--speculative-algorithm eagle3",
            "--speculative-algorithm Eagle",
            "--speculative-algorithm frozen_kv_mtp",
            "--speculative-algorithm UNOFFICIAL",
            "--spec_decode_algo EAGLE3",
            "--spec-decode-algorithm NEXTN",
            '--speculative-config \'{"method": "eagle3"}\'',
            "the --speculative-algorithm flag",
        ]
    )
)
def test_negative_control_other_spellings_name_no_tool(flag: str) -> None:
    assert "sglang" not in T.tools_named(f"Started with {flag} on one card.")


def test_negative_control_the_flag_of_specforges_benchmark() -> None:
    text = (
        "python bench_eagle3.py --model-path m --config-list 1,3,1,4 \\\n"
        "    --speculative-algorithm EAGLE3 --port 30000\n"
    )
    assert T.tools_named(text) == ["specforge"]
