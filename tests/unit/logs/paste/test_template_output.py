"""A block shown under a line naming its file as a template (a placeholder in angle brackets,
`out/run_<host>_<port>.json`) and eliding members with '...': a program's documented output
format, no run, no record. A real file's name, or a template over a whole body (no elision),
is read as before."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.fixtures import format_example
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_VERB = st.sampled_from(
    ["Results are saved to", "The script writes", "Output goes to", "结果保存到"]
)
_DIR = st.sampled_from(["results/", "out/", "perf/", ""])


def _body(length: float, accepted: int, steps: int, elide: bool) -> str:
    data = {"num_drafts": steps, "accepted_tokens": accepted, "acceptance_length": length}
    s = json.dumps({"ok": True, "data": data}, indent=2)
    if elide:
        s = s.replace('"ok": true,', '"ok": true,\n  "raw": {"before": 4, ...},')
    return s


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=_VERB,
    folder=_DIR,
    slot=st.sampled_from(["<host>_<port>", "<run_id>", "<model>-<k>"]),
    ext=st.sampled_from(["json", "jsonl", "log"]),
    steps=st.integers(100, 9000),
    per=st.integers(50, 300),
)
def test_a_template_files_elided_body_gives_no_record(
    read: Read, verb: str, folder: str, slot: str, ext: str, steps: int, per: int
) -> None:
    accepted = per * steps // 100
    length = round(1 + accepted / steps, 4)
    title = f"{verb} `{folder}spec_{slot}.{ext}`:"
    text = f"{title}\n\n```json\n{_body(length, accepted, steps, True)}\n```\n"
    assert read(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    verb=_VERB,
    folder=_DIR,
    real=st.booleans(),
    steps=st.integers(100, 9000),
    per=st.integers(50, 300),
)
def test_negative_control_real_name_or_whole_body_is_read(
    read: Read, verb: str, folder: str, real: bool, steps: int, per: int
) -> None:
    accepted = per * steps // 100
    length = round(1 + accepted / steps, 4)
    name = "spec_node3_8000.json" if real else "spec_<host>_<port>.json"
    text = f"{verb} `{folder}{name}`:\n\n```json\n{_body(length, accepted, steps, real)}\n```\n"
    got = read(text).records
    assert [r.accept_length for r in got] == [length]


def test_format_example_words() -> None:
    assert format_example("saved to `a_<id>.json`:", '{"x": 1, ...}') is not None
    assert format_example("saved to `a_<id>.json`:", '{"x": 1}') is None
    assert format_example("saved to `a_7.json`:", '{"x": 1, ...}') is None
    assert format_example("see <br> below", '{"x": 1, ...}') is None
