"""Experiment-tracker metric lines (codenames.py): `key:value` pairs whose keys are
slash-joined paths (`step:12 - train/loss:0.41 - rollout/spec/mean_acceptance_length:3.87`,
`train/accept_len=3.2`, `eval/acceptance_rate 0.71`): the path's last segment names the figure,
one record per line, labelled by the run's progress; the metric's name alone names no engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.codenames import path_key
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_PATHS = [
    "rollout/spec/mean_acceptance_length",
    "drafter/spec_decode/accept_len",
    "eval/acceptance_length",
    "spec_decode/acceptance_length/mean",
    "val/avg_accept_len",
]
_OTHER_PATHS = [
    "actor/grad_norm",
    "critic/score/mean",
    "response_length/mean",
    "drafter/collected_samples",
    "perf/throughput",
    "timing/gen_s",
]


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_LENGTH_PATHS),
    others=st.lists(st.sampled_from(_OTHER_PATHS), min_size=0, max_size=4, unique=True),
    delim=st.sampled_from([" - ", " | ", ", ", "  ", "\t"]),
    sep=st.sampled_from([":", "=", ": "]),
    first=st.integers(1, 5000),
    lengths=st.lists(st.integers(1000, 6999), min_size=1, max_size=5),
)
def test_one_record_per_step_line(
    read: Read,
    name: str,
    others: list[str],
    delim: str,
    sep: str,
    first: int,
    lengths: list[int],
) -> None:
    if delim.strip() == "" and sep == ": ":
        delim = " - "  # (two spaces around 'key: value' pairs: aligned columns, a table)
    lines = []
    for i, n in enumerate(lengths):
        items = [f"step{sep}{first + i}"]
        items += [f"{o}{sep}{(j + 1) * 0.37:.4f}" for j, o in enumerate(others)]
        items.append(f"{name}{sep}{n / 1000:.4f}")
        lines.append(delim.join(items))
    recs = read("\n".join(lines) + "\n").records
    assert [r.printed_length for r in recs] == pytest.approx([n / 1000 for n in lengths])
    assert [dict(r.labels).get("step") for r in recs] == [
        str(first + i) for i in range(len(lengths))
    ]
    # vLLM's metric name alone names no engine: the convention is unknown
    assert all(r.accept_length is None and r.tool == "unknown" for r in recs)


def test_tensorboard_and_wandb_spellings(read: Read) -> None:
    text = (
        "wandb: Run summary:\n"
        "wandb:          eval/acceptance_rate 0.71\n"
        "wandb:        train/grad_norm 0.88\n"
    )
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(0.71)
    (w,) = read("train/accept_len=3.2 train/tokens_per_sec=1840.5\n").records
    assert w.printed_length == pytest.approx(3.2)
    assert w.accept_length is None


def test_counts_of_a_path_are_counts() -> None:
    text = "step:7 - spec/num_drafts:1000 - spec/num_accepted_tokens:2100 - spec/accept_len:3.1\n"
    (r,) = read_paste(text).records
    assert (r.steps, r.accepted_tokens, r.printed_length) == (1000, 2100, pytest.approx(3.1))


@pytest.mark.parametrize(
    "text",
    [
        # no acceptance name as the last segment
        "step:3 - drafter/loss:0.52 - drafter/ploss:0.31 - critic/score/mean:0.97\n",
        "step:4 - drafter/acc:0.62 - drafter/top1:0.41\n",
        # a statistic other than the mean: never the figure
        "step:5 - spec_decode/acceptance_length/max:6.0 - spec_decode/acceptance_length/p99:5.0\n",
        # a namespace that is no namespace: two figures' names in one header
        "accept_rate/accept_len: 0.71\n",
        # an acceptance name before the last segment
        "step:6 - acceptance_length/std:0.4\n",
    ],
)
def test_no_acceptance_name_last_is_no_record(text: str) -> None:
    assert read_paste(text).records == ()


def test_path_key() -> None:
    assert path_key("a/b/mean_acceptance_length").metric == "accept_length"  # type: ignore[union-attr]
    assert path_key("x/acceptance_rate").metric == "accept_rate"  # type: ignore[union-attr]
    assert path_key("x/acceptance_length/mean").metric == "accept_length"  # type: ignore[union-attr]
    assert path_key("mean_acceptance_length") is None  # no path
    assert path_key("x/loss") is None
    assert path_key("accept rate/accept len") is None  # words, not code names
