"""An engine's name joined by a hyphen to the words before it, inside the last name of a draft
model's path ('"draft_model": "/srv/exports/head-r3-vllm"'), is the draft head exported for that
engine: it names no program that printed the paste's figures. The name as a path's whole part
('/opt/sglang/bin'), a script's file ('launch-sglang.sh'), a folder on the way
('runs/eval-sglang/out.json'), a path under another key, or a name in words still name the
tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ENGINE = st.sampled_from([("sglang", "SGLang"), ("vllm", "vLLM")])


def _ledger(path: str, length: float, rate: float, key: str = "draft_model") -> str:
    return (
        "{\n"
        '  "runs": [\n'
        "    {\n"
        '      "name": "trial-b",\n'
        f'      "{key}": "{path}",\n'
        f'      "measured": {{"n": 200, "accept_length": {length}, "accept_rate": {rate}}}\n'
        "    }\n"
        "  ]\n"
        "}\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    engine=_ENGINE,
    where=st.sampled_from(["end", "middle"]),
    root=st.sampled_from(["/srv/exports", "/home/u/heads", "out/ckpt"]),
    key=st.sampled_from(["draft_model", "draft_model_path", "draft-head-dir", "draft_ckpt"]),
    length=st.integers(min_value=130, max_value=390),
)
def test_a_draft_paths_last_part_is_no_tool(
    read: Read, engine: tuple[str, str], where: str, root: str, key: str, length: int
) -> None:
    word = engine[0].upper() if where == "middle" and engine[0] == "vllm" else engine[0]
    part = f"head-r3-{word}" if where == "end" else f"tiny-{word}-build7"
    text = _ledger(f"{root}/{part}", length / 100, 0.31, key)
    assert T.tools_named(text) == []
    (r,) = read(text).records
    assert r.printed_length == length / 100
    assert r.tool == "unknown"
    assert r.accept_length is None  # (no tool, no identity: convention unknown)


@settings(max_examples=examples(30), deadline=None)
@given(
    engine=_ENGINE,
    path=st.sampled_from(
        [
            "/opt/{e}/bin",
            "scripts/launch-{e}.sh",
            "cfg/run-{e}.yaml",
            "runs/eval-{e}/out.json",
        ]
    ),
    key=st.sampled_from(["draft_model", "result_dir"]),
)
def test_a_whole_part_a_script_or_a_folder_still_names(
    engine: tuple[str, str], path: str, key: str
) -> None:
    assert T.tools_named(f"{key}: {path.format(e=engine[0])}") == [engine[0]]


@settings(max_examples=examples(20), deadline=None)
@given(engine=_ENGINE, key=st.sampled_from(["result_dir", "output", "model"]))
def test_another_keys_path_still_names(engine: tuple[str, str], key: str) -> None:
    text = _ledger(f"/srv/exports/head-r3-{engine[0]}", 2.4, 0.31, key)
    assert T.tools_named(text) == [engine[0]]


@settings(max_examples=examples(20), deadline=None)
@given(engine=_ENGINE, length=st.integers(min_value=130, max_value=390))
def test_the_name_in_words_still_names(read: Read, engine: tuple[str, str], length: int) -> None:
    text = f"Served with {engine[1]}.\n\n" + _ledger("/srv/exports/head-r3", length / 100, 0.31)
    (r,) = read(text).records
    assert r.tool == engine[0]
