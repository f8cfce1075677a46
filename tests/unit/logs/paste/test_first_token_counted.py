"""A printed length that is the output tokens over the verify steps, beside counts of the
accepted drafts whose output holds one or two tokens no verify step emitted (the first, from
prefill): the counts decide, 1 + accepted / steps, the printed figure kept as printed.

SGLang's response ``meta_info`` prints ``spec_accept_length`` = completion_tokens /
spec_verify_ct beside the accepted drafts under either of its key sets
(``spec_accept_token_num`` / ``spec_draft_token_num``, ``spec_num_correct_drafts`` /
``spec_num_proposed_drafts``): 30 tokens over 8 steps with 21 accepted is 8 + 21 = 29 tokens
of the steps and the prefill's, so 1 + 21 / 8 = 3.625, not 30 / 8 = 3.75. Counts that do not
close (the output further off, a rate that is not accepted / drafted, more accepted than
drafted) keep the printed length and its convention as before."""

from __future__ import annotations

import json

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read, line_scanner_lengths

_KEYS = [
    ("spec_accept_token_num", "spec_draft_token_num"),
    ("spec_num_correct_drafts", "spec_num_proposed_drafts"),
]
_RULE = "counts: the printed length is output tokens / steps"
_RULE_TIMES = "counts: the printed length times the steps holds tokens outside them"


@st.composite
def _runs(draw: st.DrawFn, extra: st.SearchStrategy[int]) -> dict[str, object]:
    """One response's counts: steps, drafts a step, accepted, output tokens = steps +
    accepted + ``extra``, the length printed as output / steps (full or rounded)."""
    steps = draw(st.integers(2, 40))
    per = draw(st.integers(1, 7))
    acc = draw(st.integers(0, steps * per))
    n = draw(extra)
    out = steps + acc + n
    decimals = draw(st.sampled_from([None, 2, 3, 4]))
    printed = out / steps if decimals is None else round(out / steps, decimals)
    shown = repr(printed).split(".")[1] if "." in repr(printed) else ""
    half = 0.5 * 10 ** -len(shown)  # (the rounding its printed digits tell)
    # (the extra tokens a step must show above the printed rounding, else 1 + accepted /
    # steps is the printed figure and the identity decides it as before)
    assume(abs(printed - (1 + acc / steps)) > half + 1e-9 or n == 0)
    return {
        "steps": steps,
        "drafted": steps * per,
        "accepted": acc,
        "output": out,
        "printed": printed,
        "keys": draw(st.sampled_from(_KEYS)),
        "rate": draw(st.sampled_from(["full", "rounded", "absent"])),
        "prompt": draw(st.integers(5, 900)),
    }


def _as_printed(length: float | None, run: dict[str, object]) -> bool:
    printed = run["printed"]
    assert isinstance(printed, float)
    return length is not None and abs(length - printed) < 1e-5


def _meta(run: dict[str, object], rate: float | None = None) -> dict[str, object]:
    acc_key, dra_key = run["keys"]  # type: ignore[misc]
    acc, dra = run["accepted"], run["drafted"]
    assert isinstance(acc, int) and isinstance(dra, int)
    meta: dict[str, object] = {
        "prompt_tokens": run["prompt"],
        "completion_tokens": run["output"],
        "cached_tokens": 0,
    }
    if rate is None and run["rate"] != "absent":
        rate = acc / dra if run["rate"] == "full" else round(acc / dra, 2)
    if rate is not None:
        meta["spec_accept_rate"] = rate
    meta["spec_accept_length"] = run["printed"]
    meta["spec_verify_ct"] = run["steps"]
    meta[acc_key] = acc
    meta[dra_key] = dra
    meta["e2e_latency"] = 0.75
    return meta


def _dict_text(meta: dict[str, object]) -> str:
    body = {"text": "a short reply", "output_ids": [11, 22, 33], "meta_info": meta}
    return f"Ran one request on the sglang server:\n\n```\nout {body!r}\n```\n"


def _json_text(meta: dict[str, object]) -> str:
    body = {"text": "a short reply", "meta_info": meta}
    return f"Ran one request on the sglang server:\n\n```\n{json.dumps(body)}\n```\n"


@settings(max_examples=examples(40), deadline=None)
@given(run=_runs(st.sampled_from([1, 2])))
def test_printed_dict_length_of_output_over_steps_is_decided_by_the_counts(
    read: Read, run: dict[str, object]
) -> None:
    (r,) = read(_dict_text(_meta(run))).records
    steps, acc = run["steps"], run["accepted"]
    assert isinstance(steps, int) and isinstance(acc, int)
    assert r.printed_length == run["printed"]
    assert r.accept_length is not None
    assert abs(r.accept_length - (1 + acc / steps)) < 1e-5
    assert r.bonus.rule.startswith(_RULE)


@settings(max_examples=examples(30), deadline=None)
@given(run=_runs(st.sampled_from([1, 2])))
def test_json_body_of_either_key_set_gives_the_same_length(run: dict[str, object]) -> None:
    text = _json_text(_meta(run))
    steps, acc = run["steps"], run["accepted"]
    assert isinstance(steps, int) and isinstance(acc, int)
    (r,) = read_paste(text).records
    assert r.accept_length is not None
    assert abs(r.accept_length - (1 + acc / steps)) < 1e-5
    # the line scanner, reading the same body as SGLang's, agrees where it reads it
    for length in line_scanner_lengths(text):
        assert length is not None and abs(length - (1 + acc / steps)) < 1e-5


@settings(max_examples=examples(40), deadline=None)
@given(run=_runs(st.integers(3, 9)), as_json=st.booleans())
def test_output_further_off_keeps_the_printed_length(run: dict[str, object], as_json: bool) -> None:
    steps, dra, out = run["steps"], run["drafted"], run["output"]
    assert isinstance(steps, int) and isinstance(dra, int) and isinstance(out, int)
    assume(out <= steps + dra)  # (a length above drafts a step + 1 is no length at all)
    meta = _meta(run)
    (r,) = read_paste(_json_text(meta) if as_json else _dict_text(meta)).records
    assert _as_printed(r.accept_length, run)
    assert not r.bonus.rule.startswith(_RULE)


@settings(max_examples=examples(40), deadline=None)
@given(run=_runs(st.sampled_from([1, 2])), off=st.sampled_from([0.07, -0.09, 0.2]))
def test_rate_that_is_not_accepted_over_drafted_keeps_the_printed_length(
    run: dict[str, object], off: float
) -> None:
    acc, dra = run["accepted"], run["drafted"]
    assert isinstance(acc, int) and isinstance(dra, int)
    rate = round(acc / dra + off, 2)
    assume(0 <= rate <= 1)
    # (a printed length above 1 + the drafts a step, the prefill's token pushing a run of one
    # draft a step past its ceiling, is set aside by the ceiling rule: another test's case)
    steps, printed = run["steps"], run["printed"]
    assert isinstance(steps, int) and isinstance(printed, float)
    assume(printed <= 1 + dra / steps)
    (r,) = read_paste(_dict_text(_meta(run, rate))).records
    assert _as_printed(r.accept_length, run)
    assert not r.bonus.rule.startswith(_RULE)


@settings(max_examples=examples(30), deadline=None)
@given(run=_runs(st.just(0)))
def test_output_of_the_steps_alone_reads_as_before(run: dict[str, object]) -> None:
    # no token outside the steps: the printed length is 1 + accepted / steps itself
    (r,) = read_paste(_dict_text(_meta(run))).records
    assert _as_printed(r.accept_length, run)
    assert not r.bonus.rule.startswith(_RULE)


def test_more_accepted_than_drafted_is_not_decided_by_them() -> None:
    # (more accepted than drafted: no count decides; the length above 1 + drafts a step is
    # set aside as before)
    meta = {
        "completion_tokens": 42,
        "spec_accept_length": 4.2,
        "spec_verify_ct": 10,
        "spec_accept_token_num": 31,
        "spec_draft_token_num": 30,
    }
    reading = read_paste(_dict_text(meta))
    assert all(not r.bonus.rule.startswith(_RULE) for r in reading.records)
    assert all(r.accept_length != 4.1 for r in reading.records)


def test_written_example() -> None:
    meta = {
        "completion_tokens": 30,
        "spec_accept_rate": 0.525,
        "spec_accept_length": 3.75,
        "spec_verify_ct": 8,
        "spec_accept_token_num": 21,
        "spec_draft_token_num": 40,
    }
    (r,) = read_paste(_dict_text(meta)).records
    assert (r.printed_length, r.accept_length) == (3.75, 3.625)
    assert r.notes == () or all("neither" not in n for n in r.notes)


def _no_output(meta: dict[str, object], name: str | None) -> dict[str, object]:
    """The same counts without the output count, or with it under a name not read as one."""
    out = {k: v for k, v in meta.items() if k != "completion_tokens"}
    if name is not None:
        out[name] = meta["completion_tokens"]
    return out


@settings(max_examples=examples(40), deadline=None)
@given(run=_runs(st.sampled_from([1, 2])), name=st.sampled_from([None, "completion_token_num"]))
def test_without_an_output_count_the_printed_length_times_the_steps_decides(
    run: dict[str, object], name: str | None
) -> None:
    # '3.75' over 8 steps, 21 accepted, no output read: 3.75 x 8 = 30 = 8 + 21 + 1
    (r,) = read_paste(_dict_text(_no_output(_meta(run), name))).records
    steps, acc = run["steps"], run["accepted"]
    assert isinstance(steps, int) and isinstance(acc, int)
    assert r.accept_length is not None
    assert abs(r.accept_length - (1 + acc / steps)) < 1e-5
    assert r.bonus.rule.startswith(_RULE_TIMES)


@settings(max_examples=examples(40), deadline=None)
@given(run=_runs(st.integers(3, 9)))
def test_without_an_output_count_further_off_reads_as_before(run: dict[str, object]) -> None:
    steps, dra, out = run["steps"], run["drafted"], run["output"]
    assert isinstance(steps, int) and isinstance(dra, int) and isinstance(out, int)
    assume(out <= steps + dra)
    printed = run["printed"]
    assert isinstance(printed, float)
    # (within its rounding the product must be no whole count 1 or 2 past the steps' own)
    shown = repr(printed).split(".")[1] if "." in repr(printed) else ""
    acc = run["accepted"]
    assert isinstance(acc, int)
    slack = 0.5 * 10 ** -len(shown) * steps
    assume(all(abs(printed * steps - (steps + acc + n)) > slack + 1e-6 for n in (1, 2)))
    for r in read_paste(_dict_text(_no_output(_meta(run), None))).records:
        assert not r.bonus.rule.startswith((_RULE, _RULE_TIMES))
        assert _as_printed(r.accept_length, run) or r.accept_length is None
