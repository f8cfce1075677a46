"""engine_shapes.json: every answer template is used, and its slots are well-formed."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import specdiag.refserver

SHAPES = json.loads(
    resources.files("specdiag.refserver").joinpath("engine_shapes.json").read_text()
)
SOURCE = "\n".join(p.read_text() for p in Path(specdiag.refserver.__file__).parent.glob("*.py"))
# what every flavor answers through the same code
COMMON = (
    "error",
    "error_types",
    "loading",
    "unauthorized",
    "not_found",
    "method_not_allowed",
    "usage",
    "models",
    "text_completion",
    "chat_completion",
    "text_chunk",
    "chat_chunk",
    "role_delta",
    "final_delta",
    "usage_chunk",
)


def _slots(template: Any) -> list[str]:
    if isinstance(template, str):
        return [template[1:]] if template.startswith("$") else []
    if isinstance(template, list):
        return [s for v in template for s in _slots(v)]
    if isinstance(template, dict):
        return [s for v in template.values() for s in _slots(v)]
    return []


def test_every_flavor_has_the_common_answers() -> None:
    assert set(SHAPES) == {"_comment", "sglang", "vllm", "llamacpp"}
    for flavor in ("sglang", "vllm", "llamacpp"):
        missing = [name for name in COMMON if name not in SHAPES[flavor]]
        assert not missing, (flavor, missing)


def test_every_template_is_used_by_the_code() -> None:
    for flavor in ("sglang", "vllm", "llamacpp"):
        for name in [*SHAPES[flavor], *SHAPES[flavor]["log"]]:
            assert f'"{name}"' in SOURCE, f"{flavor}.{name} is never asked for"


def test_slots_are_identifiers_and_plain_strings_have_no_dollar() -> None:
    for flavor in ("sglang", "vllm", "llamacpp"):
        for name, template in SHAPES[flavor].items():
            for slot in _slots(template):
                assert re.fullmatch(r"[a-z][a-z0-9_]*", slot), (flavor, name, slot)


def test_error_types_name_a_fallback() -> None:
    for flavor in ("sglang", "vllm", "llamacpp"):
        types = SHAPES[flavor]["error_types"]
        assert "other" in types and all(k == "other" or k.isdigit() for k in types)


def test_every_metrics_family_shows_a_known_counter_and_every_counter_is_shown() -> None:
    from specdiag.refserver import make_config
    from specdiag.refserver.engine import Engine
    from specdiag.refserver.metrics import _values
    from specdiag.refserver.model import TinyLM, Tokenizer

    tok = Tokenizer()
    known = set(_values(Engine(make_config(), TinyLM(tok), tok)))
    shown = set()
    for flavor in ("sglang", "vllm", "llamacpp"):
        page = SHAPES[flavor]["metrics"]
        for fam in page["families"]:
            assert fam["kind"] in ("gauge", "counter", "bare_counter"), fam
            assert fam["help"] and fam["name"], fam
            if isinstance(fam["value"], str):
                assert fam["value"] in known, (flavor, fam["name"])
                shown.add(fam["value"])
    assert known == shown


def test_the_vocabulary_file_holds_distinct_words() -> None:
    from specdiag.refserver.model import _WORDS, Tokenizer

    assert len(_WORDS) == len(set(_WORDS)) > 100
    assert all(w.isascii() and w.isalpha() for w in _WORDS)
    tok = Tokenizer()
    assert tok.encode(" " + " ".join(_WORDS[:50])) == [tok.encode(" " + w)[0] for w in _WORDS[:50]]
