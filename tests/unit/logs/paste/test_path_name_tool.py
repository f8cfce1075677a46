"""An engine's name joined by a hyphen to the words before it, inside one name of a path
('/srv/exports/head-r3-vllm', '/ckpt/tiny-sglang-build7'), is a model or a directory exported
for that engine: it names no program that printed the paste's figures. The name as a path's
whole part ('/opt/sglang/bin'), a script's file ('launch-sglang.sh') or a name in words still
name the tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ENGINE = st.sampled_from([("sglang", "SGLang"), ("vllm", "vLLM")])


def _ledger(path: str, length: float, rate: float) -> str:
    return (
        "{\n"
        '  "runs": [\n'
        "    {\n"
        '      "name": "trial-b",\n'
        f'      "head_dir": "{path}",\n'
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
    length=st.integers(min_value=130, max_value=390),
)
def test_a_path_names_part_is_no_tool(
    read: Read, engine: tuple[str, str], where: str, root: str, length: int
) -> None:
    word = engine[0].upper() if where == "middle" and engine[0] == "vllm" else engine[0]
    part = f"head-r3-{word}" if where == "end" else f"tiny-{word}-build7"
    text = _ledger(f"{root}/{part}", length / 100, 0.31)
    assert T.tools_named(text) == []
    (r,) = read(text).records
    assert r.printed_length == length / 100
    assert r.tool == "unknown"
    assert r.accept_length is None  # (no tool, no identity: convention unknown)


@settings(max_examples=examples(30), deadline=None)
@given(
    engine=_ENGINE,
    path=st.sampled_from(["/opt/{e}/bin", "scripts/launch-{e}.sh", "cfg/run-{e}.yaml"]),
)
def test_a_whole_part_or_a_script_still_names(engine: tuple[str, str], path: str) -> None:
    assert T.tools_named(f"head_dir: {path.format(e=engine[0])}") == [engine[0]]


@settings(max_examples=examples(20), deadline=None)
@given(engine=_ENGINE, length=st.integers(min_value=130, max_value=390))
def test_the_name_in_words_still_names(read: Read, engine: tuple[str, str], length: int) -> None:
    text = f"Served with {engine[1]}.\n\n" + _ledger("/srv/exports/head-r3", length / 100, 0.31)
    (r,) = read(text).records
    assert r.tool == engine[0]
