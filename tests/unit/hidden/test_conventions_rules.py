"""The version-aware layer-id rules (``aux_id_rule``) against the facts measured on the real
servers: SGLang 0.5.23 adds +1 to every id and captures -1 (the embedding) but never the last
layer; vLLM reads id j as the residual entering layer j."""

from __future__ import annotations

import pytest

from specdiag.core.hidden.conventions import aux_id_rule
from specdiag.errors import UsageError


def test_sglang_rule_measured_release() -> None:
    r = aux_id_rule("sglang", "0.5.23")
    assert r.basis == "measured on SGLang 0.5.23"
    assert r.key() == "eagle_config.eagle_aux_hidden_state_layer_ids"
    assert [r.to_hf(i) for i in (-1, 2, 30)] == [0, 3, 31]
    assert r.uncapturable((-1, 2, 30), 61) == ()  # the embedding IS captured
    assert r.uncapturable((2, 30, 60), 61) == (60,)  # the last layer is not
    assert r.default_hf(61) == (2, 30, 58)


def test_vllm_rule_and_unknown_versions() -> None:
    r = aux_id_rule("vllm")
    assert "unknown" in r.basis and "assumed" in r.basis
    assert r.key() == "eagle_aux_hidden_state_layer_ids"
    assert r.uncapturable((-1, 0, 61), 61) == (-1,)
    assert [r.to_id(h) for h in (3, 31, 59)] == [3, 31, 59]
    other = aux_id_rule("sglang", "0.4.9")
    assert "not measured" in other.basis and "0.4.9" in other.basis
    # the release's own rules, not 0.5.23's: before 0.5.5 the embedding cannot be captured
    assert not other.embedding_capturable and "ignored" in other.basis
    assert not aux_id_rule("sglang", "0.5.10").embedding_capturable
    assert aux_id_rule("sglang", "0.5.23").embedding_capturable


def test_dflash_ids_are_decoder_indices() -> None:
    r = aux_id_rule("vllm", method="dflash")
    assert r.to_hf(0) == 1 and r.uncapturable((-1, 0, 60), 61) == (-1,)
    with pytest.raises(UsageError):
        aux_id_rule("llamacpp")
    with pytest.raises(UsageError):
        aux_id_rule("vllm", method="medusa")
