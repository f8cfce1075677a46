"""The tool of a block of Rust `tracing` log lines: the crate of their target, the module path
printed after the level ('INFO fastserve::spec::verify: ...'), where every line names the same
crate and the block names no tool of its own. Lines of two crates, a path not after a level, or a
tool named in the block leave the tool as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples

_CRATES = st.from_regex(r"[a-z][a-z0-9_]{2,12}", fullmatch=True)
_MODULES = st.lists(st.from_regex(r"[a-z][a-z0-9_]{1,8}", fullmatch=True), min_size=1, max_size=3)


def _line(level: str, crate: str, path: list[str], message: str, second: int) -> str:
    return f"2026-03-04T10:11:{second:02d}.123456Z  {level} {crate}::{'::'.join(path)}: {message}"


@settings(max_examples=examples(40), deadline=None)
@given(
    crate=_CRATES,
    first=_MODULES,
    second=_MODULES,
    level=st.sampled_from(["INFO", "WARN", "DEBUG"]),
    accepted=st.integers(5, 40),
)
def test_the_crate_of_the_log_lines_is_the_tool(
    crate: str, first: list[str], second: list[str], level: str, accepted: int
) -> None:
    text = "\n".join(
        [
            "```",
            _line("INFO", crate, first, "prefill of 1 seq(s) done in 0.21s", 1),
            _line(
                level,
                crate,
                second,
                f"draft stats: proposed=60, accepted={accepted}, acceptance_rate={accepted / 60:.4f}",
                2,
            ),
            "```",
        ]
    )
    recs = read_paste(text + "\n").records
    assert len(recs) == 1
    assert recs[0].tool == crate or T.tools_named(crate)


def test_two_crates_name_no_tool() -> None:
    text = (
        "2026-03-04T10:11:01Z  INFO hyperserve::http: request 7 received\n"
        "2026-03-04T10:11:02Z  INFO fastspec::draft: draft stats: proposed=60, accepted=30, "
        "acceptance_rate=0.5000\n"
    )
    assert T.log_target(text) is None
    assert [r.tool for r in read_paste(text).records] == ["unknown"]


def test_a_path_not_after_a_level_names_no_tool() -> None:
    text = "Our run of fastspec::draft: proposed=60, accepted=30, acceptance_rate=0.5000\n"
    assert T.log_target(text) is None
    assert [r.tool for r in read_paste(text).records] == ["unknown"]


def test_a_tool_named_in_the_block_wins() -> None:
    text = (
        "vLLM fork logs:\n"
        "2026-03-04T10:11:02Z  INFO fastspec::draft: draft stats: proposed=60, accepted=30, "
        "acceptance_rate=0.5000\n"
    )
    assert [r.tool for r in read_paste(text).records] == ["vllm"]


def test_tgi_crates_are_tgi() -> None:
    assert T.tools_named("text_generation_router::server") == ["tgi"]
