"""CLI tests of ``specdiag expected-accept``: every flag, JSON keys, bad input, exit codes."""

from __future__ import annotations

import pytest

from tests.support.cli import run_cli

BASE = ["expected-accept", "--acc", "0.75", "--steps", "5"]


def test_human_output_shows_both_conventions() -> None:
    r = run_cli(BASE)
    assert r.exit_code == 0, r.stderr
    assert "2.288" in r.stdout and "3.288" in r.stdout
    assert "bonus excluded" in r.stdout and "bonus included" in r.stdout
    assert "SGLang" in r.stdout and "vLLM" in r.stdout and "llama.cpp" in r.stdout
    assert r.stderr == ""


def test_json_document_keys() -> None:
    r = run_cli([*BASE, "--json"])
    assert r.exit_code == 0
    doc = r.json()
    for key in [
        "steps",
        "acc",
        "expected_accepted_drafts",
        "expected_accept_length",
        "distribution",
    ]:
        assert key in doc
    assert doc["steps"] == 5
    assert doc["acc"] == [0.75] * 5
    assert round(doc["expected_accepted_drafts"], 3) == 2.288
    assert round(doc["expected_accept_length"], 3) == 3.288
    assert len(doc["distribution"]) == 6
    assert abs(sum(doc["distribution"]) - 1) < 1e-12
    assert "verdict" not in doc and "speedup" not in doc and "sweep" not in doc


def test_seed_case_verdict_below() -> None:
    r = run_cli([*BASE, "--observed", "2.4", "--engine", "sglang", "--json"])
    assert r.exit_code == 0
    doc = r.json()
    assert doc["verdict"] == "below"
    assert doc["observed_accept_length"] == pytest.approx(2.4)
    assert doc["observed_accepted_drafts"] == pytest.approx(1.4)
    assert doc["ratio"] == pytest.approx(0.6119, abs=1e-4)
    assert 0 < doc["implied_acceptance"] < 0.75
    human = run_cli([*BASE, "--observed", "2.4", "--engine", "sglang"])
    assert "below" in human.stdout and "mixes conventions" in human.stdout


def test_check_flag_exit_codes() -> None:
    bad = run_cli([*BASE, "--observed", "2.4", "--engine", "sglang", "--check"])
    assert bad.exit_code == 1
    assert "error: verdict is below" in bad.stderr
    assert "2.288" in bad.stdout  # the report is still printed
    good = run_cli([*BASE, "--observed", "3.2", "--engine", "sglang", "--check"])
    assert good.exit_code == 0
    assert run_cli([*BASE, "--check"]).exit_code == 2


def test_collapsed_names_causes() -> None:
    r = run_cli([*BASE, "--observed", "1.12", "--engine", "sglang", "--json"])
    doc = r.json()
    assert doc["verdict"] == "collapsed"
    assert any("layer ids" in c for c in doc["causes"])


def test_observed_kinds_and_engines() -> None:
    drafts = run_cli([*BASE, "--observed", "2.2", "--observed-kind", "drafts", "--json"]).json()
    assert drafts["observed_accept_length"] == pytest.approx(3.2)
    assert drafts["verdict"] == "healthy"
    vllm085 = run_cli(
        [
            *BASE,
            "--observed",
            "2.29",
            "--engine",
            "vllm",
            "--engine-version",
            "0.8.5.post1",
            "--json",
        ]
    ).json()
    assert vllm085["observed_accept_length"] == pytest.approx(3.29)
    assert vllm085["verdict"] == "healthy"
    rate = run_cli(
        [*BASE, "--observed", "45.8%", "--observed-kind", "rate", "--engine", "vllm", "--json"]
    ).json()
    assert rate["observed_accepted_drafts"] == pytest.approx(0.458 * 5)
    old = run_cli(
        [
            *BASE,
            "--observed",
            "0.55",
            "--observed-kind",
            "rate",
            "--engine",
            "sglang",
            "--engine-version",
            "0.5.10",
            "--json",
        ]
    ).json()
    assert old["observed_accept_length"] == pytest.approx(0.55 * 6)
    for engine in ["llamacpp", "trtllm"]:
        doc = run_cli([*BASE, "--observed", "3.0", "--engine", engine, "--json"]).json()
        assert doc["observed_accept_length"] == pytest.approx(3.0)


def test_per_position_and_unconditional() -> None:
    r = run_cli(["expected-accept", "--acc", "0.82,0.74,0.68,0.61,0.55", "--json"]).json()
    assert r["steps"] == 5
    unconditional = ",".join(str(x) for x in r["acc_unconditional"])
    unc = run_cli(
        ["expected-accept", "--acc", unconditional, "--acc-kind", "unconditional", "--json"]
    ).json()
    assert unc["acc"] == pytest.approx(r["acc"])
    assert unc["expected_accept_length"] == pytest.approx(r["expected_accept_length"])


def test_cost_ratio_and_sweep() -> None:
    doc = run_cli([*BASE, "--cost-ratio", "0.1", "--json"]).json()
    assert doc["speedup"] == pytest.approx(3.2880859375 / 1.5)
    sw = run_cli(
        [
            "expected-accept",
            "--acc",
            "0.8",
            "--steps",
            "10",
            "--cost-ratio",
            "0.1",
            "--sweep",
            "--json",
        ]
    ).json()
    assert [row["steps"] for row in sw["sweep"]] == list(range(1, 11))
    assert [row["steps"] for row in sw["sweep"] if row["best"]] == [6]
    human = run_cli(
        ["expected-accept", "--acc", "0.8", "--steps", "10", "--cost-ratio", "0.1", "--sweep"]
    )
    assert "<- best" in human.stdout
    obs = run_cli([*BASE, "--cost-ratio", "0.1", "--observed", "2.4", "--json"]).json()
    assert obs["observed_speedup"] == pytest.approx(2.4 / 1.5)


def test_simulate() -> None:
    doc = run_cli([*BASE, "--simulate", "100000", "--seed", "3", "--json"]).json()
    sim = doc["simulation"]
    assert sim["n"] == 100000 and sim["seed"] == 3
    assert sim["agrees"] is True
    assert sim["accept_length"] == pytest.approx(3.288, abs=0.03)
    human = run_cli([*BASE, "--simulate", "20000"])
    assert "Monte-Carlo" in human.stdout and "agrees" in human.stdout


def test_topk_tree_lower_bound() -> None:
    doc = run_cli([*BASE, "--eagle-topk", "4", "--json"]).json()
    assert doc["lower_bound"] is True
    assert any("lower bound" in n for n in doc["notes"])
    human = run_cli([*BASE, "--eagle-topk", "4", "--num-draft-tokens", "8"])
    assert "lower bound" in human.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["--acc", "1.5", "--steps", "5"],
        ["--acc", "-0.2", "--steps", "5"],
        ["--acc", "nan", "--steps", "5"],
        ["--acc", "", "--steps", "5"],
        ["--acc", "0.8,,0.7"],
        ["--acc", "abc", "--steps", "5"],
        ["--acc", "0.75", "--steps", "0"],
        ["--acc", "0.75"],
        ["--acc", "0.8,0.7", "--steps", "3"],
        ["--acc", "0.75", "--steps", "5", "--cost-ratio", "-1"],
        ["--acc", "0.75", "--steps", "5", "--cost-ratio", "nan"],
        ["--acc", "0.75", "--steps", "5", "--sweep"],
        ["--acc", "0.75", "--steps", "5", "--observed", "9"],
        ["--acc", "0.75", "--steps", "5", "--observed", "2.4,2.5"],
        ["--acc", "0.75", "--steps", "5", "--observed", "40%"],
        ["--acc", "0.75", "--steps", "5", "--observed", "0.4", "--observed-kind", "rate"],
        ["--acc", "0.75", "--steps", "5", "--eagle-topk", "0"],
        ["--acc", "0.75", "--steps", "5", "--num-draft-tokens", "4"],
        ["--acc", "0.75", "--steps", "5", "--simulate", "0"],
        ["--acc", "0.6,0.7", "--acc-kind", "unconditional"],
        ["--acc", "0.75", "--steps", "5", "--engine", "tgi"],
        ["--acc", "0.75", "--steps", "five"],
    ],
)
def test_bad_input_is_usage_error(args: list[str]) -> None:
    r = run_cli(["expected-accept", *args])
    assert r.exit_code == 2, (args, r.stdout, r.stderr)
    assert r.stdout == ""
    assert "Traceback" not in r.stderr
    assert r.stderr.strip()


def test_own_errors_have_message_and_hint() -> None:
    r = run_cli(["expected-accept", "--acc", "1.5", "--steps", "5"])
    lines = r.stderr.strip().splitlines()
    assert lines[0] == "error: --acc = 1.5 is outside [0, 1]"
    assert lines[1].startswith("hint: ")


def test_debug_env_shows_traceback_and_keeps_the_exit_code() -> None:
    r = run_cli(["expected-accept", "--acc", "1.5", "--steps", "5"], env={"SPECDIAG_DEBUG": "1"})
    assert r.exit_code == 2  # SPECDIAG_DEBUG=1 must not turn the documented code into 1
    assert "Traceback" in r.stderr
    assert "UsageError" in r.stderr
    assert "error: --acc = 1.5 is outside [0, 1]" in r.stderr


def test_version_and_help() -> None:
    from specdiag import __version__

    r = run_cli(["--version"])
    assert r.exit_code == 0 and r.stdout.strip() == f"specdiag {__version__}"
    h = run_cli(["expected-accept", "--help"])
    assert h.exit_code == 0 and "--observed-kind" in h.stdout


def test_sglang_tree_rate_needs_num_draft_tokens() -> None:
    """SGLang's accept rate of a tree divides by the verified tree nodes (num_draft_tokens - 1;
    measured on the real 0.5.23: steps 3, topk 2, 6 draft tokens, one accepted draft per step
    prints 0.20): without --num-draft-tokens it cannot be read; with it, 0.20 is one draft."""
    tree = [
        "expected-accept",
        "--acc",
        "0.6",
        "--steps",
        "3",
        "--eagle-topk",
        "2",
        "--observed",
        "0.2",
    ]
    tree += ["--observed-kind", "rate", "--engine", "sglang", "--engine-version", "0.5.23"]
    bad = run_cli(tree)
    assert bad.exit_code == 2 and "tree nodes" in bad.stderr and "--num-draft-tokens" in bad.stderr
    ok = run_cli([*tree, "--num-draft-tokens", "6", "--json"]).json()
    assert ok["observed_accepted_drafts"] == pytest.approx(1.0)
