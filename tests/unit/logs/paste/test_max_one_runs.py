"""A draft maximum of one said of the run a rate belongs to (one_draft.py): the row's own label,
or the block the rate is read from. Then each step that drafted holds one draft and the length
is 1 + rate. A maximum above one, another setting in the same block, a bound or a ranged rate,
or SGLang's --speculative-num-draft-tokens decide nothing; a rate hedged as approximate alone
('~0.85', 'about 85%', 'in the range of 0.85') gives a length as approximate as itself, the rule saying so."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.one_draft import said_max_one
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_ONE = ["`--draft-max 1`", "--spec-draft-n-max 1", "n_max=1", "`--draft-max=1`", "draft_max=1"]
_MORE = ["`--draft-max 2`", "--spec-draft-n-max 4", "n_max=3", "`--draft-max 8`"]


def _table(rows: list[tuple[str, str]]) -> str:
    return (
        "The hidden-state fix also helps GLM; the accept rate looks natural again:\n\n"
        + pipe_table(["Mode", "Value"], [[m, v] for m, v in rows])
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    one=st.sampled_from(_ONE),
    more=st.sampled_from(_MORE),
    tenths=st.integers(300, 990),
    spread=st.integers(5, 120),
    pm=st.sampled_from(["+/-", "±"]),
)
def test_the_row_with_max_one_alone(
    read: Read, one: str, more: str, tenths: int, spread: int, pm: str
) -> None:
    rate = tenths / 10
    rows = [
        ("Baseline, no draft", "`11.1 +/- 0.1 t/s`"),
        (f"Post-fix {one} smoke", f"`10.0 +/- 0.4 t/s @ {rate:.1f}% {pm} {spread / 10:.1f}%`"),
        (f"Post-fix {more} smoke", f"`12.3 +/- 0.4 t/s @ {rate - 20:.1f}% {pm} 8.1%`"),
    ]
    got = read(_table(rows)).records
    lengths = {round(r.printed_rate or 0, 4): r.accept_length for r in got}
    assert lengths[round(rate / 100, 4)] == pytest.approx(1 + rate / 100)
    assert lengths.get(round((rate - 20) / 100, 4)) is None


@settings(max_examples=examples(25), deadline=None)
@given(one=st.sampled_from(_ONE), thousandths=st.integers(100, 999))
def test_a_block_setting_max_one(read: Read, one: str, thousandths: int) -> None:
    text = (
        "Same ncmoe as before, now with the MTP head:\n\n"
        f"llama-server -m model.gguf -ngl 99 {one.strip('`')}\n"
        f"accept rate: {thousandths / 1000:.3f}\n"
    )
    (r,) = read(text).records
    assert r.accept_length == pytest.approx(1 + thousandths / 1000)
    assert r.bonus.value == "included"


def test_words_around_the_rate_are_no_hedge(read: Read) -> None:
    text = (
        "llama-server -m m.gguf --draft-max 1\nThe accept rate was 88.2% +/- 9.7% over five runs.\n"
    )
    (r,) = read(text).records
    assert r.accept_length == pytest.approx(1.882)


@pytest.mark.parametrize(
    "text",
    [
        # a maximum above one: a step may draft fewer
        "llama-server -m model.gguf --draft-max 3\naccept rate: 0.712\n",
        # another setting in the same words
        "With `--draft-max 1` the acceptance rate is 0.88, but for 2 drafted tokens the "
        "acceptance rate is 0.61.\n",
        # a range, a bound
        "With `--draft-max 1` I observe an acceptance rate in the range of 0.80-0.88.\n",
        "llama-server --draft-max 1\n- acceptance rate: below 0.5\n",
        "llama-server --draft-max 1\n- acceptance rate: ~0.80-0.85\n",
        "llama-server --draft-max 1\n- acceptance rate: nearly 0.9\n",
        "With MTP=1 the bench gave 210 tok/s (up to 90% draft acceptance rate).\n",
        # approximate, but more than one draft a step (the error multiplied)
        "With MTP=3 the bench gave 210 tok/s (~60% draft acceptance rate).\n",
        # SGLang's draft tokens count the target's token: 2 is no maximum of one
        "python -m sglang.launch_server --speculative-num-draft-tokens 2\naccept rate: 0.71\n",
    ],
)
def test_no_length(read: Read, text: str) -> None:
    assert all(r.accept_length is None for r in read(text).records)


def test_said_max_one() -> None:
    assert said_max_one("-t 12 --spec-draft-n-max 1 -ctk q4_0") == "--spec-draft-n-max 1"
    assert said_max_one("n_max=1") == "n_max=1"
    assert said_max_one("--draft-max 1 then --draft-max 4") is None
    assert said_max_one("--draft-max 16") is None
    assert said_max_one("--draft-max 1.5") is None
    assert said_max_one("n_max=1/2") is None
    assert said_max_one("--draft-max 1 / 2") is None
    assert said_max_one("--speculative-num-draft-tokens 2") is None
    assert said_max_one("--speculative-num-steps 1 --speculative-eagle-topk 4") is None
    assert said_max_one("--draft-max 1 --speculative-num-steps 1") is None


def test_a_draft_setting_column_and_listed_settings() -> None:
    # a bare number under a column named as the setting: that row's maximum of one
    table = (
        "Acceptance rate on our MTP draft\n\n"
        "| n_max | acceptance |\n| ---: | ---: |\n| 1 | 83.8% |\n| 2 | 65.6% |\n"
    )
    got = read_paste(table).records
    assert [r.accept_length for r in got] == pytest.approx([1.838, None])
    # one setting listed with several values over as many rates: each rate the run of its own
    # value (listed_settings.py), the draft=1 run alone 1 + rate
    listed = (
        "Speculative n-gram runs\n\n"
        "| config | acceptance | result |\n| --- | ---: | --- |\n"
        "| ngram draft=1/2/4 | 23% / 12% / 6% | draft=1 neutral |\n"
    )
    got = read_paste(listed).records
    assert [r.accept_length for r in got] == pytest.approx([1.23, None, None])
    # ... over one rate: no maximum of one for any run
    one = listed.replace("23% / 12% / 6%", "23%")
    assert all(r.accept_length is None for r in read_paste(one).records)


def test_said_max_one_by_every_name_of_the_maximum() -> None:
    # the draft maximum's vocabulary (vocab.DRAFT_MAX): llama.cpp's flag by its other names,
    # the n-gram drafter's maximum, TensorRT-LLM's max_draft_len
    for said in ("--draft-n 1", "--spec-ngram-mod-n-max 1", "max_draft_len=1", "--draft 1"):
        assert said_max_one(f"llama-server -m m.gguf {said} -ngl 99") == said
    # a minimum, a list, the draft model's file: no maximum of one
    for text in ("--draft-min 1", "--draft-n 1, 2", "-md draft-1.gguf", "--draft-n 1 to 3"):
        assert said_max_one(text) is None


@settings(max_examples=examples(25), deadline=None)
@given(
    pct=st.integers(10, 99),
    hedge=st.sampled_from(["~", "about ", "around ", "roughly ", "≈"]),
    shape=st.sampled_from(
        [
            "* Plain decoding: 120 tok/s\n* With MTP=1 (TP=4): 190 tok/s ({h}{p}% draft acceptance)\n"
            "* With MTP=3 (TP=4): 240 tok/s\n",
            "llama-server --draft-max 1\n- acceptance rate: {h}{p}%\n- throughput: 41.2 tok/s\n",
        ]
    ),
)
def test_an_approximate_rate_with_one_draft(read: Read, pct: int, hedge: str, shape: str) -> None:
    # one draft a step: the length is 1 + rate, as approximate as the rate (no error multiplied)
    got = [r for r in read(shape.format(h=hedge, p=pct)).records if r.printed_rate is not None]
    assert [r.printed_rate for r in got] == [pytest.approx(pct / 100)]
    assert got[0].accept_length == pytest.approx(1 + pct / 100)
    assert got[0].printed_length is None
    assert "approximate" in got[0].bonus.rule
