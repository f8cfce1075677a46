"""A table right under the command running SGLang's bench_serving (`python3 -m
sglang.bench_serving --backend sglang \\` and its continued flags, a code fence perhaps around
it), naming its length `Accept length` as bench_serving prints it: the command's output laid out
by hand, SGLang's length, bonus included. Another backend on the command, a line between the
command and the table, or a table naming another acceptance figure read as before (the tool's
name on the command alone leaves the length's convention unknown)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read, line_scanner_lengths

_FLAGS = (
    "--base-url http://127.0.0.1:30000",
    "--dataset-name random --num-prompts 50",
    "--random-input 4000 --random-output 1500",
    "--max-concurrency 1 --request-rate inf",
    "--output-file run_<name>.jsonl",
)


@st.composite
def _lengths(draw: st.DrawFn) -> list[str]:
    """One to three accept lengths, printed with two or three decimals, all different."""
    n = draw(st.integers(min_value=1, max_value=3))
    dec = draw(st.sampled_from((2, 3)))
    vals = draw(
        st.lists(st.integers(min_value=1100, max_value=4900), min_size=n, max_size=n, unique=True)
    )
    return [f"{v / 1000:.{dec}f}" for v in vals]


def _command(backend: str, flags: list[str], fenced: bool) -> list[str]:
    head = "python3 -m sglang.bench_serving" + (f" --backend {backend}" if backend else "")
    body = [head + " \\", *(f"  {f} \\" for f in flags[:-1]), f"  {flags[-1]}"]
    return ["```bash", *body, "```"] if fenced else body


def _table(lengths: list[str], name: str, rows: bool) -> list[str]:
    cols = [f"config {chr(65 + i)}" for i in range(len(lengths))]
    if rows:
        # metrics as rows, a configuration a column
        return [
            "| metric | " + " | ".join(cols) + " |",
            "|---|" + "---|" * len(cols),
            "| TPOT P50 | " + " | ".join(f"{3.5 + i / 10:.3f}" for i in range(len(cols))) + " |",
            "| Output throughput | "
            + " | ".join(f"{230 + 7 * i}.4 tok/s" for i in range(len(cols)))
            + " |",
            f"| {name} | " + " | ".join(lengths) + " |",
            "| Completed | " + " | ".join("50/50" for _ in cols) + " |",
        ]
    return [
        f"| config | TPOT P50 (ms) | {name} |",
        "|---|---|---|",
        *(
            f"| {c} | {3.5 + i / 10:.3f} | {v} |"
            for i, (c, v) in enumerate(zip(cols, lengths, strict=True))
        ),
    ]


def _paste(
    lengths: list[str], backend: str, flags: list[str], fenced: bool, rows: bool, name: str
) -> str:
    lines = [
        "### Three deployments",
        "",
        "The one command all of them ran (only `--output-file` differs):",
        "",
        *_command(backend, flags, fenced),
        "",
        *_table(lengths, name, rows),
    ]
    return "\n".join(lines) + "\n"


_SHAPES = (
    _lengths(),
    st.sampled_from(("sglang", "", "sglang-oai")),
    st.lists(st.sampled_from(_FLAGS), min_size=1, max_size=4, unique=True),
    st.booleans(),
    st.booleans(),
)
# (the near misses: a command of three lines or more after its first, whose first line naming
# SGLang is then out of the three lines above the table that head it; a shorter one heads the
# table and names its tool, decided as before)
_LONG = (
    _lengths(),
    st.sampled_from(("sglang", "", "sglang-oai")),
    st.lists(st.sampled_from(_FLAGS), min_size=3, max_size=5, unique=True),
    st.booleans(),
    st.booleans(),
)


@settings(max_examples=examples(50), deadline=None)
@given(*_SHAPES, st.sampled_from(("Accept length", "**Accept length**", "accept length")))
def test_the_commands_table_is_sglangs_length(
    read: Read,
    lengths: list[str],
    backend: str,
    flags: list[str],
    fenced: bool,
    rows: bool,
    name: str,
) -> None:
    text = _paste(lengths, backend, flags, fenced, rows, name)
    got = read(text).records
    if not got and not rows:
        # (a table of an 'Accept length' column is a layout the line scanner reads itself,
        # SGLang's: through the pipeline the readers never see it)
        assert line_scanner_lengths(text) == [float(v) for v in lengths], text
        return
    assert len(got) == len(lengths), text
    for r, v in zip(got, lengths, strict=True):
        assert r.tool == "sglang", text
        assert r.printed_length == float(v), text
        assert r.accept_length == float(v), text
        assert r.bonus.value == "included", text


@settings(max_examples=examples(40), deadline=None)
@given(*_LONG, st.sampled_from(("vllm", "openai", "trt")))
def test_another_backend_decides_nothing(
    read: Read,
    lengths: list[str],
    _backend: str,
    flags: list[str],
    fenced: bool,
    rows: bool,
    other: str,
) -> None:
    text = _paste(lengths, other, flags, fenced, rows, "Accept length")
    assert all(r.accept_length is None for r in read(text).records), text


@settings(max_examples=examples(40), deadline=None)
@given(*_LONG)
def test_a_line_between_or_another_name_decides_nothing(
    read: Read,
    lengths: list[str],
    backend: str,
    flags: list[str],
    fenced: bool,
    rows: bool,
) -> None:
    text = _paste(lengths, backend, flags, fenced, rows, "Accept length")
    between = text.replace("\n\n|", "\n\nOur own harness measured the lengths below:\n\n|", 1)
    assert all(r.accept_length is None for r in read(between).records), between
    renamed = _paste(lengths, backend, flags, fenced, rows, "Acceptance length")
    assert all(r.accept_length is None for r in read(renamed).records), renamed
