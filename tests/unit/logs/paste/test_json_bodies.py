"""JSON bodies, JSON lines and Python dicts printed with repr, including bodies that do not parse."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@st.composite
def json_bodies(draw: st.DrawFn) -> tuple[str, float]:
    steps = draw(st.integers(1, 2000))
    completion = draw(st.integers(steps, steps * 8))
    obj: dict[str, object] = {
        draw(
            st.sampled_from(["completion_tokens", "num_output_tokens", "output_tokens"])
        ): completion,
        draw(st.sampled_from(["spec_verify_ct", "num_spec_steps", "verify_steps"])): steps,
        draw(st.sampled_from(["accept_length", "acc_len", "mean_acceptance_length"])): round(
            completion / steps, 4
        ),
    }
    if draw(st.booleans()):
        obj["model"] = draw(st.sampled_from(["llama-8b", "qwen3"]))
    doc: object = obj
    for _ in range(draw(st.integers(0, 2))):
        doc = {draw(st.sampled_from(["meta_info", "stats", "data"])): doc}
    text = json.dumps(doc, indent=draw(st.sampled_from([None, 2])))
    if draw(st.booleans()):
        text = text.replace("{", '{"elided": "...", ', 1)
        text = text[: text.rindex("}")] + ", ...}"  # a placeholder makes it invalid JSON
    return text, completion / steps


def test_json_metric_objects_under_their_name_or_header() -> None:
    """A metric's statistics object (AIPerf's JSON export keeps one per metric tag) is one
    figure of the object holding it, its mean first; a list of such objects names each by its
    header."""
    by_name = (
        '{"spec_decode_acceptance_length": {"unit": "ratio", "avg": 2.41, "p50": 2.38},\n'
        ' "spec_decode_draft_acceptance_rate": {"unit": "%", "avg": 47.0}}\n'
    )
    (r,) = read_paste(by_name).records
    assert r.printed_length == 2.41 and r.statistic == "mean" and r.printed_rate == 0.47
    assert r.accept_length is None  # no tool named: no convention claimed
    by_header = '[{"header": "Acceptance Length", "unit": "ratio", "p50": 2.38}]\n'
    (r,) = read_paste(by_header).records
    assert r.printed_length == 2.38 and r.pooling.value == "median"


@settings(max_examples=examples(60), deadline=None)
@given(json_bodies())
def test_generated_json_bodies(read: Read, case: tuple[str, float]) -> None:
    text, length = case
    (r,) = read(text).records
    assert r.bonus.value == "included", (text, r.bonus)
    assert r.accept_length is not None and abs(r.accept_length - length) < 1e-3, text


def test_json_with_a_lost_comma_between_members() -> None:
    text = (
        "FastDeploy response:\n"
        "{\n"
        '  "speculate_metrics": {\n'
        '    "accepted_tokens": 90,\n'
        '    "average_accept_length": 1.8,\n'
        '    "accepted_tokens_per_head": [50, 30, 10]\n'
        '    "accept_ratio_per_head": [0.6, 0.3333]\n'
        "  }\n"
        "}\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 1.8 and r.tool == "fastdeploy"


def test_a_python_dict_printed_with_repr() -> None:
    text = (
        "ret = {'text': 'hi', 'meta_info': {'completion_tokens': 30, 'spec_verify_ct': 12, "
        "'spec_accept_length': 2.5, 'spec_accept_rate': 0.5, 'e2e_latency': 0.4}}\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 2.5 and r.accept_length == 2.5  # 30 tokens / 12 verify steps
    assert r.bonus.rule.startswith("identity")
    assert not read_paste("config = {'draft': 'x', 'steps': 3}\n").records
    # (read as a literal, never evaluated: test_dict_items.py)


def test_members_of_a_json_body_that_does_not_parse() -> None:
    text = (
        '{"text": "...", "output_ids": [12, 55, 907, 31, 4\n'
        '4, 88], "meta_info": {"id": "a1", "finish_reason": {"t\n'
        'ype": "length"}, "completion_tokens": 120, "spec_accept_length": 1.6, '
        '"spec_verify_ct": 75, "spec_accept_token_num": 45, "e2e_lat\n'
    )
    (r,) = read_paste(text).records
    assert r.structure == "json" and r.printed_length == 1.6 and r.accept_length == 1.6
    assert any("does not parse" in n for n in r.notes)


@settings(max_examples=examples(40), deadline=None)
@given(n=st.integers(2, 5), data=st.data())
def test_json_lines_one_record_each(read: Read, n: int, data: st.DataObject) -> None:
    vals = [data.draw(st.integers(120, 480)) / 100 for _ in range(n)]
    text = "\n".join(
        f'{{"run": {i}, "accept_length": {v}, "num_spec_tokens": {i + 1}}}'
        for i, v in enumerate(vals)
    )
    got = read(text + "\n").records
    assert [r.printed_length for r in got] == vals


@settings(max_examples=examples(40), deadline=None)
@given(
    key=st.sampled_from(
        [
            "pos_accept",
            "per-position acceptance",
            "position acceptance",
            "accept_rate_per_pos",
            "acceptance rate by draft position",
        ]
    ),
    n=st.integers(2, 6),
    start=st.sampled_from([0, 1]),
    quote=st.sampled_from(["", "'", '"']),
    bullets=st.booleans(),
    data=st.data(),
)
def test_a_dict_of_rates_by_draft_position(
    key: str, n: int, start: int, quote: str, bullets: bool, data: st.DataObject
) -> None:
    rates = sorted((data.draw(st.integers(100, 990)) / 1000 for _ in range(n)), reverse=True)
    body = ", ".join(f"{quote}{start + i}{quote}: {r:.3f}" for i, r in enumerate(rates))
    length = round(1 + sum(rates), 3)
    b = "- " if bullets else ""
    text = f"{b}`mean_accept_len = {length:.3f}`\n{b}`{key} = {{{body}}}`\n"
    (r,) = read_paste(text).records
    assert r.per_position == pytest.approx(tuple(rates))
    assert r.accept_length == length


def test_a_dict_with_a_gap_is_no_positions() -> None:
    text = "mean_accept_len = 2.1\npos_accept = {0: 0.7, 2: 0.4}\n"
    assert all(not r.per_position for r in read_paste(text).records)


_POSITION_KEYS = (
    "acceptance_rate_per_position",
    "accept_rate_per_pos",
    "spec_accept_rate_by_position",
    "per_position_acceptance",
    "acc_rate_per_depth",
    "positional_acceptance_rate",
)


@settings(max_examples=examples(40), deadline=None)
@given(
    key=st.sampled_from(_POSITION_KEYS),
    n=st.integers(2, 6),
    start=st.sampled_from([0, 1]),
    python=st.booleans(),
    with_length=st.booleans(),
    title=st.sampled_from(["", "result:\n", "print(stats) ->\n"]),
    data=st.data(),
)
def test_an_object_keyed_by_draft_position_in_a_body(
    key: str,
    n: int,
    start: int,
    python: bool,
    with_length: bool,
    title: str,
    data: st.DataObject,
) -> None:
    rates = sorted((data.draw(st.integers(100, 990)) / 1000 for _ in range(n)), reverse=True)
    q = "'" if python else '"'
    inner = ", ".join(f"{q}{start + i}{q}: {r}" for i, r in enumerate(rates))
    length = round(1 + sum(rates), 3)
    extra = f", {q}mean_acceptance_length{q}: {length}" if with_length else ""
    text = f"{title}{{{q}{key}{q}: {{{inner}}}{extra}}}\n"
    (r,) = read_paste(text).records
    assert r.per_position == pytest.approx(tuple(rates))
    if with_length:
        assert r.accept_length == length
        assert r.bonus.value == "included"


def test_objects_keyed_otherwise_are_no_positions() -> None:
    # a gap, keys that are no positions, a per-token rate (a basis, not positions)
    for text in (
        '{"accept_rate_per_pos": {"0": 0.9, "2": 0.5}}',
        '{"accept_rate_per_pos": {"chat": 0.9, "code": 0.5}}',
        "{'acceptance_rate_per_token': {'0': 0.9, '1': 0.5}}",
        "pos_accept = {'0': 'high', '1': 'low'}",
    ):
        assert all(not r.per_position for r in read_paste(text).records), text


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(["mean_accept_len = {v}", "Mean acceptance length: {v}", "AL {v}"]),
    key=st.sampled_from(_POSITION_KEYS),
    n=st.integers(2, 5),
    data=st.data(),
)
def test_a_key_value_line_above_a_python_dict_keeps_both(
    lead: str, key: str, n: int, data: st.DataObject
) -> None:
    rates = sorted((data.draw(st.integers(100, 990)) / 1000 for _ in range(n)), reverse=True)
    length = round(1 + sum(rates), 3)
    body = ", ".join(f"'{i}': {r}" for i, r in enumerate(rates))
    text = lead.format(v=length) + f"\n{key}: {{{body}}}\n"
    (r,) = read_paste(text).records
    assert r.printed_length == length
    assert r.per_position == pytest.approx(tuple(rates))
    assert r.accept_length == length


@settings(max_examples=examples(40), deadline=None)
@given(
    outer=st.sampled_from(["timings", "usage", "stats", "spec"]),
    drafted=st.integers(1, 4000),
    share=st.integers(0, 100),
    trailing=st.booleans(),
)
def test_a_member_cut_out_of_a_body_is_read_as_its_object(
    outer: str, drafted: int, share: int, trailing: bool
) -> None:
    acc = drafted * share // 100
    text = (
        f'"{outer}": {{"prompt_n": 12, "predicted_n": 256, "draft_n": {drafted}, '
        f'"draft_n_accepted": {acc}}}' + ("," if trailing else "") + "\n"
    )
    (r,) = read_paste(text).records
    assert (r.accepted_tokens, r.drafted_tokens) == (acc, drafted)
    assert r.accept_rate == pytest.approx(round(acc / drafted, 6))


def test_a_member_of_no_figure_gives_nothing() -> None:
    assert read_paste('"timings": {"prompt_n": 12, "predicted_ms": 1800.2}\n').records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    lengths=st.lists(st.integers(120, 600), min_size=2, max_size=4),
    bullet=st.sampled_from(["  • ", "- ", "", "### "]),
    cut=st.booleans(),
)
def test_json_bodies_one_after_another_under_titles(
    read: Read, lengths: list[int], bullet: str, cut: bool
) -> None:
    # each body its own record; the last one cut short still gives its whole member
    parts = []
    for i, v in enumerate(lengths):
        body = json.dumps(
            {f"set-{i}": [{"rounds": 7, "results": [{"accept_length": v / 100, "tok_s": 51.5}]}]},
            indent=4,
        )
        parts.append(f"{bullet}set-{i} ({20 + i} prompts)\n{body}")
    text = "Draft model evaluation with speculative decoding\n\n" + "\n".join(parts)
    if cut:
        text = text[: text.rindex('"tok_s"')]
    got = read(text + "\n").records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert all(r.accept_length is None for r in got)


def test_json_bodies_under_titles_without_acceptance_give_no_record() -> None:
    body = json.dumps({"rounds": 7, "results": [{"latency": 3.5, "tok_s": 51.5}]}, indent=4)
    text = f"Speculative decoding runs\n\n- chat\n{body}\n- code\n{body[:-10]}\n"
    assert read_paste(text).records == ()


@pytest.mark.parametrize("cut", [False, True])
def test_an_integer_beyond_a_float_is_no_number(cut: bool) -> None:
    # a damaged body's hundred-digit count: no number, never a crash; the rest still reads
    huge = "9" * 400
    text = (
        '{"spec": {"acceptance_rate": 0.5, "num_spec_steps": 20, '
        f'"acceptance_histogram": [8, {huge}], "drafted": {huge}}}}}\n'
    )
    if cut:
        text = "- run a\n" + text + "- run b\n" + text[:-30] + "\n"
    got = read_paste(text).records
    assert got and all(r.printed_rate == 0.5 for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    rates=st.lists(st.integers(300, 950), min_size=2, max_size=6),
    baseline=st.booleans(),
    wrap=st.sampled_from(["results", "runs"]),
    cut_at=st.sampled_from(["},", '"tok_s"', "end"]),
)
def test_a_cut_list_of_results_objects_one_record_each(
    read: Read, rates: list[int], baseline: bool, wrap: str, cut_at: str
) -> None:
    # a results file pasted in part: each whole object of its list is a record; a run without
    # drafts ('"acceptance_rate": null') and the object cut off give none
    runs: list[dict[str, object]] = [
        {"drafter": f"d{i}", "tok_s": 40.5 + i, "acceptance_rate": r / 1000}
        for i, r in enumerate(rates)
    ]
    if baseline:
        runs.insert(0, {"drafter": None, "tok_s": 20.5, "acceptance_rate": None})
    text = json.dumps({"bench": "local", wrap: [*runs, {"drafter": "dx", "tok_s": 1.5}]}, indent=2)
    last = text.rindex('{\n      "drafter": "dx"')
    text = text[: text.rindex("},", 0, last) + 2] if cut_at == "}," else text
    text = text[: text.rindex('"tok_s"')] if cut_at == '"tok_s"' else text
    got = read(text + "\n").records
    if cut_at == "end":  # whole: the last object has no rate, so no record
        assert [r.printed_rate for r in got] == [r / 1000 for r in rates]
        return
    assert [r.printed_rate for r in got] == [r / 1000 for r in rates], text
    assert all(r.accept_length is None and any("cut off" in n for n in r.notes) for r in got)


def test_a_cut_body_of_one_object_is_read_by_its_members() -> None:
    # one run's object cut inside: no list of whole objects, so its members as before
    text = (
        '{"run": {"meta": {"seed": 1}, "accept_rate": 0.61, "drafted": 300,\n'
        '  "per_request": [{"id": 1}, {"id": 2'
    )
    (r,) = read_paste(text + "\n").records
    assert r.printed_rate == 0.61 and any("does not parse" in n for n in r.notes)
    from specdiag.core.logs.paste import interpret as I

    assert I.close_cut_json('{"a": [1, 2]}') is None  # not cut
    assert I.close_cut_json('{"a": [1, 2}') is None  # brackets that do not match
    assert I.close_cut_json('{"a": "x}", "b": [{"c": 1}, {"d') == {"a": "x}", "b": [{"c": 1}]}
