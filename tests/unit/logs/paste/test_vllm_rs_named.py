"""`vllm-rs` / `vllm.rs` / `vllm_rs` name a Rust engine of its own, not vLLM: a block naming it
(a container's name before its log lines) is not given vLLM's conventions. `vllm` alone, `vllm
serve`, `vllm-openai` still name vLLM."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import tools as T


@pytest.mark.parametrize("name", ["vllm-rs", "vllm.rs", "vllm_rs", "vllm-rs-worker1"])
def test_a_rust_engine_of_that_name_is_not_vllm(name: str) -> None:
    assert "vllm" not in T.tools_attributed(f"served by {name} on two cards")
    text = f"{name} | INFO drafts=300 accepted=150 accept_rate=50.0% mean_accept_len=1.94\n"
    assert all(r.tool != "vllm" for r in read_paste(text).records)


@pytest.mark.parametrize(
    "text", ["served by vllm on two cards", "vllm serve org/model", "image vllm/vllm-openai"]
)
def test_negative_control_vllm_itself_is_named(text: str) -> None:
    assert "vllm" in T.tools_attributed(text)
