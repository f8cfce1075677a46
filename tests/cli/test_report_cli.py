"""`specdiag report` and `specdiag profile` in-process: the page's charts checked against the model
(a chart drawn in the wrong convention fails), the markdown parsed as CommonMark + GFM tables,
GitHub's size limit, redaction."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from specdiag.core import accept
from specdiag.core.report.build import build_report
from specdiag.core.report.model import ChartKind, Role
from tests.support.cli import run_cli
from tests.support.svgcheck import figures, plotted, series_ids

DEMO = Path(__file__).parents[1] / "data" / "report" / "demo-seed.json"


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("report") / "report.html"
    res = run_cli(["report", str(DEMO), "-o", str(out), "--json"])
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["bytes"] == out.stat().st_size < 1_000_000
    return out.read_text()


def _probe() -> dict:
    return next(s["result"] for s in json.loads(DEMO.read_text())["steps"] if s["name"] == "probe")


def test_page_is_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    lowered = page.lower()
    for ref in ('src="http', "src='http", 'href="http', "url(http", "@import", "<link "):
        assert ref not in lowered
    assert "default-src 'none'" in page  # CSP: the browser itself refuses any fetch


def test_every_expected_chart_is_present_and_labelled(page: str) -> None:
    figs = figures(page)
    kinds = {f["kind"] for f in figs.values()}
    assert {
        "per-position",
        "accepted-count",
        "by-category",
        "latency",
        "accept-timeline",
        "identification",
    } <= kinds
    for cid, f in figs.items():
        assert f'<title id="{cid}-title">' in f["body"] and f'<desc id="{cid}-desc">' in f["body"]
        assert 'role="img"' in f["body"]
        assert "<text" in f["body"]  # text kept as text: selectable


def _per_position_check(page: str, chart_id: str, acc: list[float]) -> None:
    """The expected curves on the page must be the training profile: conditional acc on the
    left, prod(acc[:i]) on the right."""
    ids = series_ids(page, chart_id)
    cond = next(i for i in ids if i.endswith("-expected-p0"))
    unc = next(i for i in ids if i.endswith("-expected-p1"))
    assert [y for _, y in plotted(page, chart_id, cond, 0)] == pytest.approx(acc, abs=2e-3)
    want = accept.to_unconditional(acc)
    got = plotted(page, chart_id, unc, 1)
    assert [x for x, _ in got] == pytest.approx(range(1, len(acc) + 1), abs=2e-3)
    assert [y for _, y in got] == pytest.approx(want, abs=2e-3)


def test_plotted_expected_curve_matches_the_model(page: str) -> None:
    chart_id = next(c for c, f in figures(page).items() if f["kind"] == "per-position")
    _per_position_check(page, chart_id, _probe()["expected"]["acc"])


def test_a_chart_drawn_in_the_wrong_convention_is_caught() -> None:
    from specdiag.cli._report_render import render_html

    probe = _probe()
    acc = probe["expected"]["acc"]
    report = build_report([("probe.json", probe)], generated_at="t", specdiag_version="t")
    chart = next(c for c in report.charts if c.kind is ChartKind.PER_POSITION)
    # the bug to catch: the unconditional panel drawn from the conditional (training) values
    wrong = tuple(
        replace(s, y=tuple(acc)) if s.role is Role.EXPECTED and s.panel == 1 else s
        for s in chart.series
    )
    bad = replace(report, charts=(replace(chart, series=wrong),))
    good_page = render_html(replace(report, charts=(chart,)))
    _per_position_check(good_page, chart.id, acc)
    with pytest.raises(AssertionError):
        _per_position_check(render_html(bad), chart.id, acc)


def test_markdown_renders_on_github(tmp_path: Path) -> None:
    res = run_cli(["report", str(DEMO), "--format", "markdown"])
    assert res.exit_code == 0, res.stderr
    md = res.stdout
    assert len(md) <= 65536
    tokens = MarkdownIt("commonmark").enable("table").parse(md)
    types = [t.type for t in tokens]
    assert "table_open" in types and "heading_open" in types
    assert any(t.type == "html_block" and "<details>" in t.content for t in tokens)
    fences = [t for t in tokens if t.type == "fence"]
    assert any(t.info == "json" for t in fences)
    # confirm commands are shell; a fix is a sentence, fenced to copy but not as shell
    assert any(t.info == "sh" for t in fences) and any(t.info == "" for t in fences)
    assert all(t.content.startswith("specdiag ") for t in fences if t.info == "sh")
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert "Verdict" in headings and "Provenance" in headings


def test_markdown_is_cut_to_the_limit_with_a_note() -> None:
    res = run_cli(["report", str(DEMO), "--format", "markdown", "--limit", "12000"])
    md = res.stdout
    assert res.exit_code == 0 and len(md) <= 12000
    assert "cut to stay within GitHub's comment limit" in md
    # fences stay balanced: everything after the data is still markdown, not code
    tokens = MarkdownIt("commonmark").enable("table").parse(md)
    assert tokens[-1].type == "html_block" and "</details>" in tokens[-1].content


def test_markdown_and_page_redact_secrets(tmp_path: Path) -> None:
    doc = json.loads(DEMO.read_text())
    doc["story"] = "launched with --api-key sk-test-0123456789abcdef and http://bob:pa55word@host/"
    src = tmp_path / "demo.json"
    src.write_text(json.dumps(doc))
    md = run_cli(["report", str(src), "--markdown"]).stdout
    out = tmp_path / "r.html"
    assert run_cli(["report", str(src), "-o", str(out)]).exit_code == 0
    for text in (md, out.read_text()):
        assert "sk-test-0123456789abcdef" not in text and "pa55word" not in text


def test_bad_input_and_outputs(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    res = run_cli(["report", str(bad), "-o", str(tmp_path / "x.html")])
    assert res.exit_code == 3 and "error:" in res.stderr
    res = run_cli(["report", str(DEMO), "-o", str(DEMO)])
    assert res.exit_code == 2  # the output would destroy the input
    other = tmp_path / "other.json"
    other.write_text('{"hello": 1}')
    res = run_cli(["report", str(other), str(DEMO), "-o", str(tmp_path / "y.html")])
    assert res.exit_code == 0 and "skipped other.json" in res.stderr


def test_a_document_on_stdin_is_read_within_the_text_cap(tmp_path: Path) -> None:
    probe = json.dumps(_probe())
    res = run_cli(["profile", "-", "--json"], input=probe)
    assert res.exit_code == 0 and json.loads(res.stdout)["profile"], res.stderr
    cap = {"SPECDIAG_FILE_MAX_TEXT_BYTES": str(len(probe) - 1)}
    for command in ("profile", "report"):  # an endless pipe stops at the cap, as a file does
        res = run_cli([command, "-"], input=probe, env=cap)
        assert res.exit_code == 3 and "stdin holds more than" in res.stderr, res.stderr
        assert res.stdout == ""


def test_profile_command_prints_each_engines_unit(tmp_path: Path) -> None:
    probe = tmp_path / "probe.json"
    probe.write_text(json.dumps(_probe()))
    res = run_cli(["profile", str(probe), "--for", "trtllm", "--json"])
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    al = doc["profile"]["mean_accept_length"]
    assert float(doc["env"]["TLLM_SPEC_DECODE_FORCE_NUM_ACCEPTED_TOKENS"]) == pytest.approx(
        al - 1, abs=1e-4
    )
    res = run_cli(["profile", str(probe), "--for", "sglang"])
    assert res.exit_code == 0 and "SGLANG_SIMULATE_ACC_LEN=" in res.stdout
    res = run_cli(["profile", str(DEMO)])
    assert res.exit_code == 3 and "demo" in res.stderr


def test_report_and_export_profile_flags_of_the_commands(tmp_path: Path) -> None:
    from tests.support import paths

    logs = paths.TEST_DATA / "logs"
    page = tmp_path / "doctor.html"
    key = "sk-abcdefghijklmnop0123"
    res = run_cli(
        [
            "doctor",
            "--logs",
            str(logs / "llamacpp_serve_draft_noisy05_lv4.log"),
            "--acc",
            "0.6",
            "--steps",
            "3",
            "--server-args",
            f"llama-server -m t.gguf -md d.gguf --api-key {key}",
            "--report",
            str(page),
        ]
    )
    assert res.exit_code == 1  # doctor's own verdict; the page is written before it
    text = page.read_text()
    assert "launch command (--server-args)" in text and key not in text
    md = tmp_path / "doctor.md"
    run_cli(
        [
            "doctor",
            "--logs",
            str(logs / "llamacpp_serve_draft_noisy05_lv4.log"),
            "--report",
            str(md),
        ]
    )
    assert MarkdownIt("commonmark").enable("table").parse(md.read_text())

    prof = tmp_path / "vllm.json"
    res = run_cli(["logs", str(logs / "vllm_serve_eagle3.log"), "--export-profile", str(prof)])
    assert res.exit_code == 0, res.stderr
    doc = json.loads(prof.read_text())
    assert doc["measured"] and doc["num_speculative_tokens"] == 3
    assert doc["measurement_conditions"]["source"] == "logs"
    # the logs' version label already names the engine: said once, not "vllm vllm >= 0.10"
    shown = run_cli(["profile", str(prof), "--for", "vllm"])
    assert "from logs (vllm >= 0.10," in shown.stdout.replace("\n", " ")

    pred = tmp_path / "pred.json"
    res = run_cli(["expected-accept", "--acc", "0.8,0.7", "--export-profile", str(pred)])
    assert res.exit_code == 0
    doc = json.loads(pred.read_text())
    assert doc["measured"] is False and doc["marginal_accept_rates"] == pytest.approx([0.8, 0.56])

    # an output that is an input is refused before anything runs
    src = logs / "vllm_serve_eagle3.log"
    res = run_cli(["logs", str(src), "--export-profile", str(src)])
    assert res.exit_code == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["report", "--help"],
        ["profile", "--help"],
        ["report", str(DEMO), "--markdown"],
        ["profile", str(DEMO.parent / "probe.json"), "--for", "dynamo"],
    ],
)
def test_only_the_page_imports_matplotlib(argv: list[str]) -> None:
    """matplotlib is the page's cost alone: help, the markdown summary and profile start light."""
    import subprocess
    import sys

    code = (
        "import sys, io, contextlib, json\n"
        "from specdiag.cli.app import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    rc = main({argv!r})\n"
        "assert rc == 0, rc\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert not loaded & {"matplotlib", "numpy", "torch", "httpx", "PIL"}, loaded


def test_markdown_carries_no_html_from_the_documents(tmp_path: Path) -> None:
    probe = _probe()
    probe["by_category"][0]["category"] = "<img src=http://127.0.0.1:9/t.png>"
    probe["server"]["model"] = "</td><script>alert(1)</script>"
    src = tmp_path / "probe.json"
    src.write_text(json.dumps(probe))
    md = run_cli(["report", str(src), "--markdown"]).stdout
    tokens = MarkdownIt("commonmark").enable("table").parse(md)
    raw = [t.content for t in tokens if t.type == "html_block"]
    raw += [c.content for t in tokens if t.children for c in t.children if c.type == "html_inline"]
    assert all("<img" not in r and "<script" not in r for r in raw), raw
    assert all(
        r.startswith(("<details>", "\n<details>", "</details>")) or "summary" in r for r in raw
    )
