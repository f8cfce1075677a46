"""Two prose shapes of one run against another: a figure, its value, then 'against' and the
other run's value printed alike ('mean acceptance length 3.14 against 3.09'): two records; and
the engine of a deployment told by its container image ('image `vllm/vllm-openai:v0.11.0`'),
whose own name for its length decides the convention."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples


def test_a_value_against_another_printed_alike_is_two_runs() -> None:
    text = "Lane B closes the gap: draft mean acceptance length 2.87 against 2.79.\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.87, 2.79]


@pytest.mark.parametrize(
    "text",
    [
        # another measure's count after 'against'
        "Lane B: mean acceptance length 2.87 against 8 concurrent requests.\n",
        # printed otherwise (a whole number: a setting, a bound)
        "Lane B: mean acceptance length 2.87 against 3 drafts a step.\n",
    ],
)
def test_negative_control_against_another_kind_of_value_is_one_record(text: str) -> None:
    assert [r.printed_length for r in read_paste(text).records] == [2.87]


@settings(max_examples=examples(25), deadline=None)
@given(a=st.integers(110, 690), b=st.integers(110, 690), pct=st.booleans())
def test_against_pairs_of_the_same_form(a: int, b: int, pct: bool) -> None:
    if pct:
        text = f"The new head: draft acceptance rate {a / 10:.1f}% against {b / 10:.1f}%.\n"
        got = [r.printed_rate for r in read_paste(text).records]
        assert got == pytest.approx([a / 1000, b / 1000])
    else:
        text = f"The new head: mean acceptance length {a / 100:.2f} against {b / 100:.2f}.\n"
        assert [r.printed_length for r in read_paste(text).records] == [a / 100, b / 100]


@settings(max_examples=examples(25), deadline=None)
@given(
    a=st.integers(1100, 3900),
    b=st.integers(1100, 3900),
    vs=st.sampled_from(["versus", "vs", "vs."]),
    other=st.sampled_from(["for the old head", "for run 7", "on the baseline draft"]),
)
def test_a_value_after_a_comma_and_versus_is_another_run(
    a: int, b: int, vs: str, other: str
) -> None:
    # 'was 2.31, versus 2.48 for the old head': the comma does not end the comparison
    text = (
        "The MTP run served 10 requests. "
        f"Its mean acceptance length was {a / 1000:.3f}, {vs} {b / 1000:.3f} {other}.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [a / 1000, b / 1000]


def test_negative_control_a_comma_then_against_a_count_is_one_record() -> None:
    text = "The MTP run: mean acceptance length 2.87, against 8 concurrent requests.\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.87]


def test_a_deployments_image_names_its_server() -> None:
    text = (
        "Deployment `lane-b` runs image `vllm/vllm-openai:v0.11.0` on two H100s, MTP k=2.\n\n"
        "Mean acceptance length 2.62 over the soak.\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "vllm" and r.accept_length == 2.62
    assert T.served(text) == {"vllm"}


@pytest.mark.parametrize("verb", ["is", "was", ":"])
@pytest.mark.parametrize("image", ["`lab-sglang-mtp:r7`", "`lmsysorg/sglang:v0.5.2`"])
def test_a_deployments_image_said_with_is_names_its_server(verb: str, image: str) -> None:
    # the image at the notes' end, the length in prose above it
    text = (
        "In soak run two the average speculative acceptance length was 2.74 overnight.\n\n"
        f"The reproducible deployment image {verb} {image}, rebuilt from the pinned tree.\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "sglang" and r.accept_length == 2.74


@pytest.mark.parametrize(
    "text",
    [
        # 'image is' before no image reference, the engine named elsewhere
        "The deployment image is large; sglang starts slowly on it.\n",
        # an image of no engine, said with 'is'
        "The deployment image is `lab-proxy:r7`.\n",
        # an image of no engine
        "Deployment `lane-b` fronts the server with image `nginx:1.27`.\n",
        # an image named, nothing served or deployed
        "We built image `vllm/vllm-openai:v0.11.0` to test the tokenizer.\n",
    ],
)
def test_negative_control_no_served_engine(text: str) -> None:
    assert T.served(text) == set()


_COMPARED = [
    "You can see the {name} is lower for the long-prompt config ({a} vs {b}).",
    "Our {name} was much higher with the new head ({a} vs {b}), as hoped.",
    "The {name} stays similar on both machines ({a} versus {b}).",
]


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.integers(20, 95),
    b=st.integers(20, 95),
    rate=st.booleans(),
    shape=st.sampled_from(_COMPARED),
    name=st.sampled_from(["avg acceptance", "acceptance rate", "mean accept length"]),
)
def test_a_figure_compared_before_its_bracket_is_two_runs(
    a: int, b: int, rate: bool, shape: str, name: str
) -> None:
    # the figure's name, a comparative said of a run, then '(A vs B)': a record each
    if "length" in name:
        va, vb = f"{1 + a / 25:.2f}", f"{1 + b / 25:.2f}"
        want = [(float(va), None), (float(vb), None)]
    else:
        va, vb = (f"{a}%", f"{b}%") if rate else (f"0.{a:02d}", f"0.{b:02d}")
        want = [(None, a / 100), (None, b / 100)]
    got = read_paste(shape.format(name=name, a=va, b=vb) + "\n").records
    assert [(r.printed_length, r.printed_rate) for r in got] == want
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "text",
    [
        # another measure's values in the bracket
        "The acceptance is lower for run B (58 vs 72 tok/s).\n",
        "acceptance rate (41 vs 47 ms) on the short prompts\n",
        # the comparison set against another figure, not said of a run
        "Acceptance is better than throughput (5.8 vs 3.8).\n",
        # another figure compared
        "Throughput is lower for run B (58% vs 72%).\n",
    ],
)
def test_negative_control_a_bracket_of_another_measure_is_no_record(text: str) -> None:
    assert not read_paste(text).records
