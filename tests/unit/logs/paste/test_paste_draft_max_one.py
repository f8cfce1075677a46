"""A draft maximum of one the paste sets above its runs, in a block of its own (`With
`spec-draft-n-max = 1``, a command's `--draft-max 1`), no other draft setting anywhere and one
target model at most: each rate of no length below is the accepted drafts of a step that
drafted, length 1 + rate. A row's own drafted count (`draft= 100`) is no setting. The setting
stated below the runs, another depth in the paste, a second target model or a length printed
beside the rates decide nothing, nor a rate not known to be accepted of drafted tokens (no
counts, no tool saying so) or SGLang's."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SETTINGS = [
    "Ran with `spec-type = draft-mtp` and `spec-draft-n-max = 1`.",
    "llama-server -m target-q4.gguf --spec-type draft-mtp --draft-max 1 --port 8080",
    "Config: n_max=1, p_min=0.0",
]


def _rows(counts: list[tuple[int, int]]) -> str:
    return "\n".join(
        f"  task_{i}    pred= 128 draft= {d:3d} acc= {a:3d} rate={a / d:.3f} tok/s=11.{i}"
        for i, (a, d) in enumerate(counts)
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    counts=st.lists(
        st.integers(60, 120).flatmap(lambda d: st.tuples(st.integers(d // 3, d), st.just(d))),
        min_size=2,
        max_size=5,
    ),
    setting=st.sampled_from(_SETTINGS),
    fence=st.booleans(),
)
def test_rates_under_a_paste_wide_max_of_one(
    read: Read, counts: list[tuple[int, int]], setting: str, fence: bool
) -> None:
    body = _rows(counts)
    if fence:
        body = f"```\n{body}\n```"
    text = f"MTP bench on the new build.\n\n{setting}\n\nBench output follows.\n\n{body}\n"
    recs = read(text).records
    assert [r.accept_length for r in recs] == pytest.approx(
        [1 + round(a / d, 3) for a, d in counts], abs=1e-3
    )


@pytest.mark.parametrize(
    "text",
    [
        # the setting below the runs
        "MTP bench.\n\n" + _rows([(80, 100), (90, 100)]) + "\n\nNext I will try `--draft-max 1`.\n",
        # another depth in the paste
        "MTP bench.\n\n`--draft-max 1`, and later `--draft-max 3` too.\n\n"
        + _rows([(80, 100), (90, 100)])
        + "\n",
        # two target models
        "llama-server -m a.gguf --draft-max 1\nllama-server -m b.gguf --draft-max 1\n\n"
        "Bench output follows.\n\n" + _rows([(80, 100), (90, 100)]) + "\n",
        # SGLang's draft head: its rate formula changed between versions
        "We run sglang's draft head with `--draft-max 1`.\n\nBench output follows.\n\n"
        + _rows([(80, 100), (90, 100)])
        + "\n",
        # a change of setup told
        "MTP bench.\n\nEarlier runs used `--draft-max 1`.\n\nBench output follows.\n\n"
        + _rows([(80, 100), (90, 100)])
        + "\n",
    ],
)
def test_no_length_without_the_paste_setting(read: Read, text: str) -> None:
    recs = read(text).records
    assert recs and all(r.accept_length is None for r in recs)


def test_a_rate_of_unknown_basis_gets_no_length(read: Read) -> None:
    text = (
        "Speculative bench.\n\nConfig: n_max=1\n\nBench output follows.\n\n"
        "- chat prompts: acceptance 0.850\n- code prompts: acceptance 0.910\n"
    )
    recs = read(text).records
    assert recs and all(r.accept_length is None for r in recs)
