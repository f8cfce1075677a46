"""specdiag logs on pastes: records read by structure reach --json and the human view."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli import run_cli


def test_an_unknown_tools_line_is_read_by_structure() -> None:
    r = run_cli(["logs", "-", "--json"], input="myengine: acceptance_rate=0.5 accept_len=2.1\n")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    (paste,) = doc["pastes"]
    (rec,) = paste["records"]
    assert rec["printed_length"] == 2.1 and rec["accept_length"] is None
    assert rec["bonus"]["value"] == "unknown" and rec["tool"] == "unknown"


def test_a_sweep_table_in_the_human_view() -> None:
    table = "sglang sweep\n| steps | acc_len |\n|---|---|\n| 3 | 3.18 |\n| 5 | 3.71 |\n"
    r = run_cli(["logs", "-"], input=table)
    assert r.exit_code == 0, r.stderr
    assert "steps=3" in r.stdout and "accept length 3.180 (bonus incl.)" in r.stdout
    assert "[sglang]" in r.stdout


def test_the_log_fixtures_give_no_paste_section() -> None:
    """Every block of the engines' fixtures is the line scanner's, but for a pasted /metrics page
    (the line scanner reads no Prometheus lines): one record of its engine, spanning its lines."""
    from pathlib import Path

    for f in sorted((Path(__file__).parents[1] / "data" / "logs").iterdir()):
        r = run_cli(["logs", "--json", str(f)])
        pastes = json.loads(r.stdout).get("pastes", [])
        recs = [rec for p in pastes for rec in p["records"]]
        assert all(rec["structure"] == "prometheus" for rec in recs), f.name
        lines = f.read_text().splitlines()
        for rec in recs:
            names = lines[rec["first_line"] : rec["last_line"]]  # the page's lines, past its title
            assert all(t.startswith(rec["tool"]) for t in names if not t.startswith("#")), f.name


def test_engine_and_window_apply_to_records_read_by_structure(tmp_path: Path) -> None:
    paste = tmp_path / "sweep.md"
    paste.write_text("sglang sweep\n| steps | acc_len |\n|---|---|\n| 3 | 3.18 |\n")
    assert run_cli(["logs", "--json", "--engine", "sglang", str(paste)]).exit_code == 0
    for flags in (["--engine", "vllm"], ["--since", "08:00"]):
        r = run_cli(["logs", "--json", *flags, str(paste)])
        assert r.exit_code == 1 and "pastes" not in json.loads(r.stdout), flags


BARE_TABLE = "| Dataset | Accept Length | Throughput |\n|---|---|---|\n| mtbench | 3.12 | 150.2 |\n"


def test_a_bare_table_names_no_engine() -> None:
    """Nothing in the paste names SGLang: the tool is unknown and no convention is claimed."""
    r = run_cli(["logs", "-", "--json"], input=BARE_TABLE)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["engines"] == [] and doc["summary"] == {}
    (rec,) = doc["pastes"][0]["records"]
    assert rec["tool"] == "unknown" and rec["printed_length"] == 3.12
    assert rec["bonus"]["value"] == "unknown" and rec["accept_length"] is None


def test_a_table_under_an_engines_heading_is_that_engines() -> None:
    r = run_cli(["logs", "-", "--json"], input="## SGLang, EAGLE-3\n" + BARE_TABLE)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["engines"] == ["sglang"] and "pastes" not in doc
    assert doc["summary"]["sglang"]["accept_length"]["mean"] == 3.12
    # with --engine vllm, a table its heading gives to SGLang is not vLLM's
    r = run_cli(["logs", "-", "--json", "--engine", "vllm"], input="## SGLang\n" + BARE_TABLE)
    assert r.exit_code == 1 and json.loads(r.stdout)["summary"] == {}


def test_records_file_holds_the_structure_records(tmp_path: Path) -> None:
    """--records writes records read by structure after the line records, with their kind,
    tool, rule, labels and decisions (JSON Lines: keys of their own; CSV: in raw)."""
    paste = tmp_path / "mixed.md"
    paste.write_text(
        "SpecDecoding metrics: Mean acceptance length: 2.10, Accepted throughput: 1.00 tokens/s,"
        " Drafted throughput: 3.00 tokens/s, Accepted: 11 tokens, Drafted: 30 tokens,"
        " Per-position acceptance rate: 0.500, 0.400, 0.200, Avg Draft acceptance rate: 36.7%\n"
        "\nsglang sweep\n| steps | acc_len |\n|---|---|\n| 3 | 3.18 |\n| 5 | 3.71 |\n"
    )
    out = tmp_path / "rec.jsonl"
    r = run_cli(["logs", "--json", "--records", str(out), str(paste)])
    assert r.exit_code == 0, r.stderr
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert json.loads(r.stdout)["records_written"] == len(rows) == 3
    assert rows[0]["engine"] == "vllm" and "record_source" not in rows[0]
    first = rows[1]
    assert first["record_source"] == "structure" and first["kind"] == "table_row"
    assert first["engine"] == "sglang" and first["labels"] == {"steps": "3"}
    assert first["accept_length"] == 3.18 and first["bonus"]["value"] == "included"
    assert first["tool_rule"] == "named in the block or its heading"
    csv_out = tmp_path / "rec.csv"
    assert run_cli(["logs", "--records", str(csv_out), str(paste)]).exit_code == 0
    import csv

    with csv_out.open() as f:
        crows = list(csv.DictReader(f))
    assert len(crows) == 3 and crows[2]["kind"] == "table_row"
    assert json.loads(crows[2]["raw"])["labels"] == {"steps": "5"}


def test_follow_reads_lines_only_and_says_so(tmp_path: Path) -> None:
    paste = tmp_path / "sweep.md"
    paste.write_text("sglang sweep\n| steps | acc_len |\n|---|---|\n| 3 | 3.18 |\n")
    r = run_cli(["logs", "--follow", "--idle-timeout", "0.2", str(paste)])
    assert r.exit_code == 1 and "read by structure only without --follow" in r.stderr
    assert run_cli(["logs", str(paste)]).exit_code == 0


def test_the_text_view_shows_the_printed_value_beside_the_normalised_one() -> None:
    """A length normalised from bonus-excluded: the printed value and the +1 beside it, so the
    'bonus excluded' line below reads as the reason, not a contradiction; the counts shown."""
    paste = "accepted tokens: 1500\nverify steps: 1000\nmean accepted per step: 1.5\n"
    r = run_cli(["logs", "-"], input=paste)
    assert r.exit_code == 0, r.stderr
    assert "accept length 2.500 (bonus incl.; printed 1.5, bonus excluded -> +1)" in r.stdout
    assert "counts: accepted 1,500, steps 1,000" in r.stdout
    js = json.loads(run_cli(["logs", "-", "--json"], input=paste).stdout)
    (rec,) = js["pastes"][0]["records"]
    assert rec["printed_length"] == 1.5 and rec["accept_length"] == 2.5


def test_the_text_view_shows_statistic_maximum_and_per_position_rates() -> None:
    r = run_cli(["logs", "-"], input="I get an average acceptance length of **2.6 / 5** here\n")
    assert r.exit_code == 0, r.stderr
    assert "printed length 2.6 / 5" in r.stdout
    r = run_cli(["logs", "-"], input="code: acceptance length 3.4 median\n")
    assert "median printed length 3.4" in r.stdout, r.stdout
    r = run_cli(
        ["logs", "-"],
        input="Acceptance rate at token 1: 0.55\nAcceptance rate at token 2: 0.41\n",
    )
    assert r.exit_code == 0, r.stderr
    assert "per-position rates 0.550, 0.410 (no accept length)" in r.stdout, r.stdout


def test_the_text_view_says_which_rule_decided() -> None:
    """Each record's bonus, tool and rate basis with the rule behind each, as ``--json`` has
    them (``bonus.rule``, ``tool_rule``, ``rate_basis.rule``), in the text view too."""
    decided = "SGLang sweep\n| steps | acc_len |\n|---|---|\n| 3 | 3.18 |\n"
    r = run_cli(["logs", "-"], input=decided)
    assert r.exit_code == 0, r.stderr
    (rec,) = json.loads(run_cli(["logs", "-", "--json"], input=decided).stdout)["pastes"][0][
        "records"
    ]
    out = " ".join(r.stdout.split())  # (rich wraps long lines)
    assert f"bonus included: {rec['bonus']['rule']}" in out
    assert f"tool sglang: {rec['tool_rule']}" in out
    contrast = "My own eval script (not vLLM): mean acceptance length 2.41, acceptance rate 47%\n"
    r = run_cli(["logs", "-"], input=contrast)
    assert r.exit_code == 0, r.stderr
    out = " ".join(r.stdout.split())
    assert "bonus unknown, no normalised figure:" in out
    assert "tool unknown:" in out and "[vllm]" not in out
    assert "rate basis unknown, no per-draft rate:" in out


def test_a_scanned_line_given_its_length_by_the_paste() -> None:
    """llama.cpp's `draft acceptance` line prints no length; a draft maximum of one on the
    pasted command proves it (1 + rate): --json lists that record under `scanned` (absent
    where there is none), the human view beside the structure records."""
    paste = (
        "```\nllama-server -m target-q4.gguf -md draft-q8.gguf --spec-draft-n-max 1\n```\n\n"
        "```\n       eval time =    9000.00 ms /   701 tokens (   12.84 ms per token,    77.89 "
        "tokens per second)\ndraft acceptance = 0.75000 (  300 accepted /   400 generated)\n```\n"
    )
    r = run_cli(["logs", "-", "--json"], input=paste)
    assert r.exit_code == 0, r.stderr
    (doc,) = json.loads(r.stdout)["pastes"]
    (rec,) = doc["scanned"]
    assert rec["tool"] == "llamacpp" and rec["accept_length"] == 1.75
    assert rec["bonus"]["value"] == "included"
    text = run_cli(["logs", "-"], input=paste).stdout
    assert "accept length 1.750 (bonus incl.)" in text and "(the line scanner's record)" in text
    plain = run_cli(["logs", "-", "--json"], input="| k | acc_len |\n|---|---|\n| 3 | 3.1 |\n")
    assert all("scanned" not in p for p in json.loads(plain.stdout)["pastes"])
