"""Tool lines read as their source defines them (sourced.py and the rules beside it): mlx-vlm's
stats and server lines and its timings with draft_rounds, MLC-LLM's spec_decode keys, evalscope's
speculative rows, LMDeploy's stats line, speculators' position table, llama.cpp's n-gram drafter
line. Every paste here is written from the format strings, with our own figures."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.parse import LineParser
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.records import LogRecord
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read, line_scanner_lengths, through_logs

_RUN = st.tuples(st.integers(20, 900), st.integers(2, 8), st.integers(5, 95))


def _counts(run: tuple[int, int, int]) -> tuple[int, int, int]:
    rounds, k, pct = run
    drafted = rounds * k
    return rounds, drafted, drafted * pct // 100


@settings(max_examples=examples(30), deadline=None)
@given(_RUN, st.booleans())
def test_mlx_vlm_stats_line_long_and_short(
    read: Read, run: tuple[int, int, int], long: bool
) -> None:
    """`X accepted tokens/round (A accepted drafts/round, R% of drafted, avg draft D) over N
    rounds`: X is (accepted + rounds) / rounds, bonus included; R accepted / drafted (A / D
    proves it). The short form `X accepted tokens over N rounds` is the same mean per round."""
    rounds, drafted, accepted = _counts(run)
    x, a = (accepted + rounds) / rounds, accepted / rounds
    stats = (
        f"{x:.2f} accepted tokens/round ({a:.2f} accepted drafts/round, "
        f"{100 * accepted / drafted:.1f}% of drafted, avg draft {drafted / rounds:.2f}) "
        f"over {rounds} rounds"
        if long
        else f"{x:.2f} accepted tokens over {rounds} rounds"
    )
    text = f"Generation: 300 tokens, 40.125 tokens-per-sec\nSpeculative decoding: {stats}\n"
    (r,) = read(text).records
    assert r.bonus.value == "included" and r.steps == rounds
    assert r.accept_length == round(x, 2)
    if long:
        assert r.rate_basis.value == "per_draft_token"
        assert r.accept_rate is not None and abs(r.accept_rate - accepted / drafted) < 6e-4
    else:
        assert r.accept_rate is None


@settings(max_examples=examples(25), deadline=None)
@given(_RUN, st.integers(1, 8))
def test_mlx_vlm_server_log_line(read: Read, run: tuple[int, int, int], batch: int) -> None:
    """`Speculative decode: kind=K batch=B tokens=T accept=X rounds=N drafted=D`: accept= is
    (accepted + rounds) / rounds (bonus included); no rate is printed, none is claimed."""
    rounds, drafted, accepted = _counts(run)
    x = (accepted + rounds) / rounds
    text = (
        "2026-03-04 05:06:07,890 - INFO - Speculative decode: kind=mtp "
        f"batch={batch} tokens={accepted + rounds} accept={x:.2f} rounds={rounds} "
        f"drafted={drafted}\n"
    )
    (r,) = read(text).records
    assert r.accept_length == round(x, 2) and r.bonus.value == "included"
    assert (r.steps, r.drafted_tokens, r.accept_rate) == (rounds, drafted, None)


def test_near_misses_of_the_mlx_vlm_lines_claim_no_convention() -> None:
    """Near misses: accepted tokens with no rounds they are over, and the server line's fields
    in another order, are not read as tokens per round."""
    for text in (
        "Speculative decoding: 2.41 accepted tokens\n",
        "Speculative decoding: 2.41 accepted tokens, 3 rounds ago\n",
        "Speculative decode: accept=2.40 kind=mtp rounds=90\n",
    ):
        assert all(r.accept_length is None for r in read_paste(text).records), text


@settings(max_examples=examples(25), deadline=None)
@given(_RUN, st.booleans())
def test_mlx_vlm_timings_with_draft_rounds(
    read: Read, run: tuple[int, int, int], pretty: bool
) -> None:
    """mlx-vlm's server `timings`: llama.cpp's draft_n / draft_n_accepted plus its own
    draft_rounds, the verify rounds: length 1 + accepted / rounds, rate accepted / drafted. The
    line scanner leaves such an object to the structure readers (not llama.cpp's)."""
    rounds, drafted, accepted = _counts(run)
    body = {
        "timings": {
            "prompt_n": 321,
            "predicted_n": accepted + rounds,
            "predicted_per_second": 44.5,
            "draft_kind": "dflash",
            "draft_rounds": rounds,
            "draft_n": drafted,
            "draft_n_accepted": accepted,
        }
    }
    text = json.dumps(body, indent=2 if pretty else None) + "\n"
    assert line_scanner_lengths(text) == []
    (r,) = read(text).records
    assert r.accept_length is not None and abs(r.accept_length - (1 + accepted / rounds)) < 1e-5
    assert r.accept_rate is not None and abs(r.accept_rate - accepted / drafted) < 1e-5


def test_llama_cpp_timings_without_rounds_stay_the_line_scanners() -> None:
    """Near miss: llama.cpp's own timings (no draft_rounds) are still read by the line scanner,
    rate only."""
    text = json.dumps({"timings": {"predicted_n": 90, "draft_n": 80, "draft_n_accepted": 50}})
    assert line_scanner_lengths(text + "\n") == [None]


@settings(max_examples=examples(25), deadline=None)
@given(st.lists(st.integers(5, 95), min_size=2, max_size=5), st.integers(100, 5000))
def test_mlc_spec_decode_dict(rates: list[int], steps: int) -> None:
    """MLC-LLM's spec_decode metrics as a dict: accept_prob{step=i} (i >= 1) is draft position
    i - 1's unconditional rate, the last accept_len their running sum plus the target's token."""
    probs = sorted((r / 100 for r in rates), reverse=True)
    prob = {"accept_prob{step=0}": 1.0} | {
        f"accept_prob{{step={i + 1}}}": p for i, p in enumerate(probs)
    }
    lens = {f"accept_len{{step={i}}}": 1.0 + sum(probs[:i]) for i in range(len(probs) + 1)}
    rate = {
        f"accept_rate{{step={i + 1}}}": p / (probs[i - 1] if i else 1.0)
        for i, p in enumerate(probs)
    }
    d = {"draft_count": [steps] * (len(probs) + 1), "accept_prob": prob, "accept_rate": rate}
    text = f"spec decode: {d | {'accept_len': lens}}\n"
    (r,) = read_paste(text).records
    assert r.per_position == tuple(probs)
    assert r.accept_length is not None and abs(r.accept_length - (1 + sum(probs))) < 1e-6


EVALSCOPE = """\
                        Per-Request Metrics
┏━━━━━━━┳━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━┳━━━━━━━━┳━━━━━━━━┓
┃ Conc. ┃ Rate ┃ Metric            ┃    avg ┃    p50 ┃    p99 ┃    max ┃
┡━━━━━━━╇━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━━╇━━━━━━━━┩
│     2 │  INF │ Latency (s)       │   4.20 │   4.10 │   6.00 │   6.30 │
│       │      │ TPOT (ms)         │   9.80 │   9.70 │  12.00 │  12.40 │
│       │      │ Decoded Tok/Iter  │   {L:.2f} │      - │      - │      - │
│       │      │ Spec. Accept Rate │  {P:.1f}% │      - │      - │      - │
├───────┼──────┼───────────────────┼────────┼────────┼────────┼────────┤
│     8 │  INF │ Latency (s)       │   7.70 │   7.20 │  10.00 │  11.10 │
│       │      │ TPOT (ms)         │  13.10 │  12.90 │  16.00 │  16.60 │
│       │      │ Decoded Tok/Iter  │   {M:.2f} │      - │      - │      - │
│       │      │ Spec. Accept Rate │  {Q:.1f}% │      - │      - │      - │
└───────┴──────┴───────────────────┴────────┴────────┴────────┴────────┘
"""


@settings(max_examples=examples(20), deadline=None)
@given(st.floats(1.2, 5.5), st.floats(1.2, 5.5))
def test_evalscope_per_request_table(read: Read, a: float, b: float) -> None:
    """evalscope's per-request table, a section per concurrency ('Conc.' and 'Rate' filled on a
    section's first row alone): one record a section. Decoded Tok/Iter is tokens per iteration
    (bonus included); Spec. Accept Rate is 1 - 1 / that, accepted drafts per OUTPUT token:
    never read as accepted / drafted."""
    text = EVALSCOPE.format(L=a, P=100 * (1 - 1 / a), M=b, Q=100 * (1 - 1 / b))
    recs = read(text).records
    assert [r.accept_length for r in recs] == [round(a, 2), round(b, 2)]
    for r in recs:
        assert r.tool == "evalscope" and r.accept_rate is None
        assert r.rate_basis.value == "per_output_token"
        assert r.pooling.value == "mean_over_requests"
    assert [dict(r.labels).get("conc") for r in recs] == ["2", "8"]


def test_a_spec_accept_rate_of_no_named_tool_has_no_basis() -> None:
    """Near miss: the same row under no name of evalscope: the rate's basis is not told, no
    per-draft rate is given."""
    (r,) = read_paste("| Metric | Value |\n|---|---|\n| Spec. Accept Rate | 61.0% |\n").records
    assert r.accept_rate is None and r.rate_basis.value == "unknown"


def _lmdeploy_line(drafts: int, k: int, pct: int, head: bool) -> tuple[str, float, float]:
    drafted = drafts * k
    accepted = drafted * pct // 100
    per = [max(0.0, min(1.0, accepted / drafted * (1.3 - 0.3 * i))) for i in range(k)]
    length = 1 + accepted / drafts
    spec = (
        f"SpecDecoding metrics: Draft acceptance rate: {100 * accepted / drafted:.2f}%, "
        f"Mean acceptance length: {length:.2f}, Accepted: {accepted} tokens, "
        f"Drafted: {drafted} tokens, Per-position acceptance rate: "
        + ", ".join(f"{p:.3f}" for p in per)
    )
    lead = (
        "[2026-05-06 07:08:09 DP0] Avg thr (in/out): 12.5 / 310.0 tokens/s, Server "
        "(succeeded/failed/routed/waiting): 9 / 0 / 1 / 0, Engine (running/waiting): 2 / 0, "
        "KV cache: 7.5%, "
    )
    return (
        (lead if head else "INFO 05-06 07:08:09 [metrics.py:96] ") + spec,
        length,
        accepted / drafted,
    )


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(50, 4000), st.integers(2, 5), st.integers(10, 90))
def test_lmdeploy_stats_line_is_lmdeploys(read: Read, drafts: int, k: int, pct: int) -> None:
    """LMDeploy's stats logger line (its 'Avg thr (in/out)' head, then vLLM's SpecDecoding
    fields): read as LMDeploy's, 1 + accepted / drafts, rate accepted / drafted."""
    line, length, rate = _lmdeploy_line(drafts, k, pct, True)
    assert line_scanner_lengths(line + "\n") == []
    (r,) = read(line + "\n").records
    assert r.tool == "lmdeploy" and r.accept_length == round(length, 2)
    # (printed: 2 places of a percentage; a half-unit tie such as 11.875% may round either way)
    assert r.accept_rate is not None and abs(r.accept_rate - rate) <= 5e-5 + 1e-9


def test_vllms_own_specdecoding_line_stays_the_line_scanners() -> None:
    """Near miss: vLLM's own line (no LMDeploy head) is still the line scanner's, vLLM's."""
    line, length, _ = _lmdeploy_line(300, 3, 60, False)
    assert line_scanner_lengths(line + "\n") == [round(length, 2)]
    assert through_logs(line + "\n").records == ()


SPECULATORS = """\
=== Speculative Decoding Acceptance Report ===

  Num drafts                         {n}
  Num draft tokens                   {d}
  Num accepted tokens                {a}
  Acceptance length               {al:.4f}

  Position                  Acceptance Rate
  ------------------------- ------------
{rows}
"""


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(300, 5000), st.lists(st.integers(5, 95), min_size=2, max_size=5))
def test_speculators_report_takes_its_position_table(
    read: Read, drafts: int, pcts: list[int]
) -> None:
    """speculators' acceptance report: the `Position i` table under the summary holds the
    report's per-position rates (accepted at i / drafts; 1 + their sum is the length)."""
    accepted_at = [drafts * p // 100 for p in sorted(pcts, reverse=True)]
    a = sum(accepted_at)
    rows = "".join(
        f"  {f'Position {i}':<25} {c / drafts:>12.4f}\n" for i, c in enumerate(accepted_at)
    )
    text = SPECULATORS.format(
        n=drafts, d=drafts * len(pcts), a=a, al=1 + a / drafts, rows=rows.rstrip("\n")
    )
    (r,) = read(text).records
    assert r.bonus.value == "included"
    assert r.per_position == tuple(round(c / drafts, 4) for c in accepted_at)


def test_a_position_table_that_does_not_sum_to_the_length_is_not_taken() -> None:
    """Near miss: rates whose sum plus one is not the printed length are another run's."""
    rows = "  Position 0                      0.2000\n  Position 1                      0.1000"
    text = SPECULATORS.format(n=1000, d=3000, a=1800, al=2.8, rows=rows)
    (r,) = read_paste(text).records
    assert r.per_position == ()


def _parse(text: str) -> LogRecord:
    (rec,) = LineParser().parse(text, 1)  # type: ignore[misc]
    return rec


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(1, 16), st.data())
def test_ngram_drafters_verbose_step_line(drafted: int, data: st.DataObject) -> None:
    """llama.cpp's (and ik_llama.cpp's) n-gram drafter at -v: `accept: accepted N tokens from M
    drafted tokens`, one verify step: 1 + N tokens, rate N / M."""
    n = data.draw(st.integers(0, drafted))
    rec = _parse(f"accept: accepted {n} tokens from {drafted} drafted tokens")
    assert rec.kind == "step" and rec.accept_length == 1 + n
    assert rec.accept_rate == n / drafted


def test_a_sentence_with_drafted_tokens_is_no_step_line() -> None:
    """Near miss: the words inside a sentence with other figures are no verify step."""
    got = LineParser().parse("We saw 41 t/s; it accepted 3 tokens from 5 drafted tokens", 1)
    assert not isinstance(got, tuple)
