"""Properties of the whole reader: any text never raises, the claim check beside the line scanner,
unreadable blocks shown, held small inputs, the corpus score."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.hook import hold
from specdiag.core.logs.records import PASTE_MAX
from tests.support.examples import examples

ROOT = Path(__file__).resolve().parents[4]


@given(st.text(max_size=300))
@settings(max_examples=examples(150), deadline=None)
def test_any_text_never_raises(text: str) -> None:
    read_paste(text)


def test_unreadable_block_is_shown_with_its_lines() -> None:
    got = read_paste("speculative run: acceptance length unclear, draft acceptance looked low\n")
    assert not got.records and got.unread
    assert "acceptance length unclear" in got.unread[0].lines[0]


def test_claimed_blocks_are_left_to_the_line_scanner() -> None:
    text = "Mean acceptance length: 3.1\n"
    assert read_paste(text).records
    assert not read_paste(text, claimed={1}).records


def test_corpus_score() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import eval_pastes
    finally:
        sys.path.pop(0)
    res = eval_pastes.score(ROOT / "tests/data/pastes")
    assert res["negatives_right"] == res["negatives"]
    assert res["positives_right"] == res["positives"]
    assert res["false_conventions"] == 0
    assert res["false_conventions_any_count"] == 0
    fresh = eval_pastes.score(ROOT / "tests/data/pastes_fresh")
    assert fresh["negatives_right"] == fresh["negatives"]
    # acc_percent_column.md: 'Acc. (%)' may be accuracy, left unread
    assert fresh["positives_right"] >= fresh["positives"] - 1
    external = eval_pastes.score(ROOT / "tests/data/pastes_external")
    assert external["negatives_right"] == external["negatives"]
    # quoted_reply_prose_vllm.md: 'printed 1.9' names no figure
    assert external["positives_right"] >= external["positives"] - 1
    for p in (ROOT / "tests/data").glob("pastes*/*.truth.json"):
        json.loads(p.read_text())


def test_false_conventions_of_any_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A wrong normalised length in a paste whose record count differs from its truth's is
    counted by the stricter figure, the paired count left as it was."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import eval_pastes
    finally:
        sys.path.pop(0)
    run = "We serve the target with SGLang.\n\nOur EAGLE-3 run: accept length 3.20 on MT-bench.\n"
    (tmp_path / "a.md").write_text(run)  # 3.20 claimed bonus-included from the tool
    (tmp_path / "b.md").write_text(run)
    (tmp_path / "c.md").write_text(run)
    (tmp_path / "d.md").write_text(run)
    truth = {
        # the truth leaves the convention unknown, and lists a second figure the reader missed
        "a.md": {
            "records": [{"accept_length": None, "printed_length": 3.2}, {"accept_length": 2.9}]
        },
        # the claimed length is one of the truth's: no false convention
        "b.md": {"records": [{"accept_length": 3.2}, {"accept_length": None}]},
        # no true record printed 3.20: a stray record, not a convention
        "c.md": {"records": [{"accept_length": None, "printed_length": 2.9}] * 2},
        # counts agree: the paired count's, once
        "d.md": {"records": [{"accept_length": 4.2, "printed_length": 3.2}]},
    }
    (tmp_path / "truth.json").write_text(json.dumps(truth))
    res = eval_pastes.score(tmp_path, verbose=True, truth_file=tmp_path / "truth.json")
    assert res["false_conventions"] == 1
    assert res["false_conventions_any_count"] == 2
    assert [(u["paste"], u["line"], u["accept_length"]) for u in res["unpaired_false"]] == [
        ("a.md", 3, 3.2)
    ]
    err = capsys.readouterr().err
    assert "FALSE CONVENTION (count mismatch) a.md line 3: normalised 3.2 (printed 3.2)" in err
    eval_pastes.main([str(tmp_path), "--truth", str(tmp_path / "truth.json")])
    out = capsys.readouterr().out.splitlines()
    assert out[-2].endswith("false conventions: 1")
    assert out[-1] == "false conventions (any count): 2"


def test_claim_check_follows_the_line_scanner() -> None:
    """A multi-line summary spanning blank lines, and a line skipped for its values, are the
    line scanner's; a line skipped because no layout fits is left to the structure readers."""
    from specdiag.core.logs.paste.hook import ClaimCheck

    text = (
        "= DECODING STATISTICS (Eagle3)\n\n-- Acceptance Length Details ---\n\n"
        "[AL] MINIMUM: 2.00\n[AL] AVERAGE: 2.50\n\n"
        "SpecDecoding metrics: Mean acceptance length: 1.59, Accepted: -27 tokens, "
        "Drafted: 132 tokens\n\n"
        "our run: accept len is 3.2 on average\n"
    )
    check = ClaimCheck(text.encode().splitlines(keepends=True), None, None)
    assert check(5, 6)  # inside the trtllm-bench summary begun at line 1
    assert check(8, 8)  # the vLLM line with a negative count: skipped for its values
    assert not check(10, 10)  # prose with 'accept len': no layout fits


def test_claim_check_keeps_a_summary_closed_in_its_last_paragraph() -> None:
    """trtllm-bench's sections in the order it prints them, each paragraph ending on the next
    section's heading, the last ('[AL]' rows) closed by the rule under it: every paragraph is
    the line scanner's (one record), none left to the structure readers."""
    from specdiag.core.logs.paste.hook import ClaimCheck
    from tests.unit.logs.paste.pipeline import line_scanner_lengths, through_logs

    text = (
        "= DECODING STATISTICS (Eagle3)\n\n"
        "-- Number of Accepted Draft Tokens Details ---\n\n[ADT] AVERAGE: 1.40\n"
        "-- Draft Acceptance Rate Details ---\n\n[DAR] AVERAGE: 0.47\n"
        "-- Acceptance Length Details ---\n\n[AL] MINIMUM: 1.80\n[AL] AVERAGE: 2.40\n"
        "===========\n"
    )
    check = ClaimCheck(text.encode().splitlines(keepends=True), None, None)
    assert check(5, 6) and check(8, 9)
    assert check(11, 13)  # the summary closed by its rule in this paragraph
    assert line_scanner_lengths(text) == [2.40]
    assert through_logs(text).records == ()


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(min_value=1, max_value=40), st.integers(min_value=0, max_value=9))
def test_every_summary_of_a_scripts_log_is_read_however_many(n: int, pad: int) -> None:
    """A research script's summary repeated per run (`average accept length: X` under the run's
    output file) is skipped by the line scanner ('accept len' in no layout of its own): every
    such line is the structure readers', the sixth as the first (the scanner keeps only a few
    skipped lines as examples; the claim check keeps them all)."""
    from tests.unit.logs.paste.pipeline import through_logs

    runs = "".join(
        f"out/run-{i}.jsonl\naverage accept length: {1.5 + i / 50:.4f}\n"
        f"average answer length: {400 + i}.5\n"
        + "\n" * (pad % 2)
        + f"average throughput: {60 + i}.25\n"
        for i in range(n)
    )
    got = [r.printed_length for r in through_logs(runs).records]
    assert got == [round(1.5 + i / 50, 4) for i in range(n)]
    assert all(r.accept_length is None for r in through_logs(runs).records)


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(min_value=6, max_value=30))
def test_many_lines_skipped_for_their_values_stay_the_line_scanners(n: int) -> None:
    """Lines of a known layout skipped for their values stay claimed however many there are."""
    from specdiag.core.logs.paste.hook import ClaimCheck

    line = (
        "SpecDecoding metrics: Mean acceptance length: 1.59, Accepted: -27 tokens, "
        "Drafted: 132 tokens\n"
    )
    check = ClaimCheck(
        [line.encode()] * n + [b"our run: accept len is 3.2 on average\n"], None, None
    )
    assert all(check(i, i) for i in range(1, n + 1))
    assert not check(n + 1, n + 1)


def test_small_inputs_are_held_large_ones_are_not() -> None:
    small, tee = hold(io.BytesIO(b"accept length: 3.1\n"))  # type: ignore[arg-type]
    assert small.read() == b"accept length: 3.1\n" and tee.held() == b"accept length: 3.1\n"
    data = b"x" * (PASTE_MAX + 10)
    big, tee = hold(io.BytesIO(data))  # type: ignore[arg-type]
    got = b""
    while chunk := big.read(1 << 16):
        got += chunk
    assert got == data and tee.held() is None


def test_a_csv_field_over_the_csv_modules_limit_is_no_crash() -> None:
    text = 'accept length, note, "' + "x" * 140_000 + '", 2.5\nacc len, a, b, 2.6\n'
    got = read_paste(text)
    assert got.blocks == 1 and all(r.printed_length != 2.5 for r in got.records)
