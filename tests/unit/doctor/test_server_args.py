"""doctor's launch-command parser: argparse abbreviations of SGLang's and vLLM's flags."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from specdiag.core.doctor.context import DoctorInputs
from specdiag.core.doctor.run import run_doctor
from specdiag.core.doctor.server_args import ServerArgs, parse_server_args
from tests.support import paths
from tests.support.doctor import by_id


def doctor(**kw: Any) -> dict[str, Any]:
    return by_id(run_doctor(DoctorInputs(**kw)))


SGLANG = "python -m sglang.launch_server --model-path m"


@pytest.mark.parametrize(
    "algo", ["--speculative-algo EAGLE3", "--speculative-algo=EAGLE3", "--speculative-alg EAGLE3"]
)
def test_sglang_reads_an_unambiguous_prefix_as_its_flag(algo: str) -> None:
    a = parse_server_args(
        f"{SGLANG} {algo} --speculative-draft-model-p d --speculative-num-s 3 "
        "--speculative-eagle 1 --speculative-num-d 4"
    )
    assert a.engine == "sglang"
    assert (a.method, a.draft_path, a.steps, a.topk, a.num_draft_tokens) == ("EAGLE3", "d", 3, 1, 4)
    assert any("read as --speculative-algorithm" in n for n in a.notes), a.notes


def test_an_abbreviated_boolean_flag_takes_no_value() -> None:
    a = parse_server_args(f"{SGLANG} --speculative-algorithm EAGLE3 --speculative-use-rej pos")
    assert a.rejection_sampling == "--speculative-use-rejection-sampling"
    assert "pos" in a.positional


@pytest.mark.parametrize(
    ("token", "some"),
    [
        ("--speculative-draft", "--speculative-draft-attention-backend"),  # path, revision, ...
        ("--speculative-num", "--speculative-num-draft-tokens"),  # and num-steps
        ("--spec", "--spec-trace-dir"),
    ],
)
def test_an_ambiguous_prefix_is_not_understood_with_the_token(token: str, some: str) -> None:
    a = parse_server_args(f"{SGLANG} --speculative-algorithm EAGLE3 {token} 4")
    (note,) = [n for n in a.notes if n.startswith("not understood")]
    assert note.startswith(f"not understood: {token} starts ") and " sglang flags (" in note
    assert some in note
    assert a.steps is None and a.draft_path is None  # nothing was guessed


def test_an_abbreviation_tells_the_engine_without_the_command() -> None:
    a = parse_server_args("--model-path m --speculative-algo NEXTN --speculative-num-st 2")
    assert (a.engine, a.method, a.steps) == ("sglang", "NEXTN", 2)


def test_a_prefix_outside_a_complete_family_is_said_not_read() -> None:
    a = parse_server_args(f"{SGLANG} --speculative-algorithm EAGLE3 --context-len 4096")
    assert a.max_len is None
    assert any(
        n.startswith("--context-len is not read: it may abbreviate --context-length")
        for n in a.notes
    )


def test_vllm_reads_an_abbreviated_speculative_config() -> None:
    a = parse_server_args(
        'vllm serve m --speculative-conf=\'{"method": "eagle3", "model": "d", '
        '"num_speculative_tokens": 3}\''
    )
    assert (a.engine, a.method, a.draft_path, a.steps) == ("vllm", "eagle3", "d", 3)


def test_llamacpp_flags_are_not_abbreviated() -> None:
    """llama.cpp's own parser matches whole flags: a prefix is no flag there."""
    a = parse_server_args(
        "llama-server -m t.gguf -md d.gguf --spec-type draft-simple --spec-draft-n 5"
    )
    assert a.steps is None and not any("read as" in n for n in a.notes)


def test_doctor_check_reports_the_ambiguous_token() -> None:
    c = doctor(server_args=f"{SGLANG} --speculative-al EAGLE3 --speculative-draft d")["server-args"]
    assert "not understood: --speculative-draft" in c.message, c.message
    c = doctor(server_args=f"{SGLANG} --speculative-num 3")["server-args"]
    assert c.status.value == "warn" and "not understood: --speculative-num" in c.message, c.message


def test_engine_flags_data_is_well_formed() -> None:
    """engine_flags.json: flags are flags, engines are the four the parser reads, every flag of
    a family starts with its prefix, no list repeats a flag."""
    doc = json.loads((paths.REPO / "specdiag/core/doctor/engine_flags.json").read_text())
    engines = {"sglang", "vllm", "llamacpp", "trtllm"}
    assert set(doc["engine_by_word"].values()) == engines == set(doc["engine_by_flag"].values())
    lists = [doc["takes_no_value"], doc["llamacpp_removed"], doc["llamacpp_synthetic"]]
    assert all(fl.startswith("-") for fl in doc["engine_by_flag"])
    for eng, table in doc["abbreviating"].items():
        assert eng in engines
        for prefix, flags in table["families"].items():
            assert all(fl.startswith(prefix) for fl in flags), prefix
            lists.append(flags)
        lists.append(table["others"])
    assert all(m and m == m.lower() for m in doc["mtp_methods"])  # compared lower case
    fields = {f.name for f in dataclasses.fields(ServerArgs)}
    assert set(doc["settings"]) == engines
    for table in doc["settings"].values():
        assert set(table["values"]) | set(table.get("switches", {})) <= fields
        assert "max_len" in table["values"] and table["max_len_flag"].startswith("--")
        lists += [*table["values"].values(), list(table.get("switches", {}).values())]
    for flags in lists:
        assert len(set(flags)) == len(flags) and all(fl.startswith("-") for fl in flags)
