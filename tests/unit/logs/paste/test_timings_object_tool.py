"""llama.cpp named by its server's ``timings`` object printed alone (tools.py): ``"predicted_n"``
then ``"draft_n_accepted"`` in one JSON object (``jq .timings`` of a response, a script's dump)
is llama-server's, the rate only (no verify steps in it, so no length but for none accepted). The same object with
``"draft_rounds"`` (mlx-vlm's server, mirroring those keys), the counts without
``"predicted_n"``, or the keys in two objects name no tool."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.unit.logs.paste.pipeline import Read

_LEADS = ["", "$ curl -s localhost:9000/completion -d @req.json | jq .timings\n\n"]


def _timings(predicted: int, drafted: int, accepted: int, speed: float) -> dict[str, object]:
    return {
        "prompt_n": 12,
        "prompt_ms": 40.5,
        "predicted_n": predicted,
        "predicted_ms": round(predicted * 1000 / speed, 3),
        "predicted_per_second": speed,
        "draft_n": drafted,
        "draft_n_accepted": accepted,
    }


@given(
    predicted=st.integers(16, 4000),
    drafted=st.integers(8, 4000),
    share=st.floats(0.0, 1.0),
    speed=st.floats(5.0, 300.0).map(lambda x: round(x, 2)),
    indent=st.sampled_from([None, 2, 4]),
    wrapped=st.booleans(),
    lead=st.sampled_from(_LEADS),
)
def test_the_timings_object_names_llamacpp(
    read: Read,
    predicted: int,
    drafted: int,
    share: float,
    speed: float,
    indent: int | None,
    wrapped: bool,
    lead: str,
) -> None:
    accepted = int(drafted * share)
    obj: dict[str, object] = _timings(predicted, drafted, accepted, speed)
    if wrapped:
        obj = {"id": "cmpl-7", "choices": [{"text": "ok"}], "timings": obj}
    body = json.dumps(obj, indent=indent)
    text = f"{lead}```\n{body}\n```\n"
    assert "llamacpp" in T.tools_named(text)
    if indent is None:
        return  # (a one-line object is the line scanner's own: read there, as llama.cpp's)
    got = read(text).records
    assert [(r.tool, r.accepted_tokens, r.drafted_tokens) for r in got] == [
        ("llamacpp", accepted, drafted)
    ]
    # (no verify steps in it: no length, but for none accepted, one token a step)
    assert got[0].accept_length == (1.0 if accepted == 0 else None)


@given(
    drafted=st.integers(8, 4000),
    rounds=st.integers(2, 500),
    at_end=st.booleans(),
)
def test_draft_rounds_or_no_predicted_n_names_no_tool(
    drafted: int, rounds: int, at_end: bool
) -> None:
    obj = _timings(200, drafted, drafted // 2, 40.0)
    if at_end:
        obj["draft_rounds"] = rounds
    else:
        obj = {"draft_rounds": rounds, **obj}
    assert T.tools_named(json.dumps(obj, indent=2)) == []
    del obj["draft_rounds"], obj["predicted_n"]
    assert T.tools_named(json.dumps(obj, indent=2)) == []


def test_the_keys_in_two_objects_name_no_tool() -> None:
    text = '{"predicted_n": 90, "usage": {"draft_n": 40, "draft_n_accepted": 21}}'
    assert T.tools_named(text) == []
    assert T.tools_named("draft_n_accepted counts the kept drafts; predicted_n: 3 of them") == []
