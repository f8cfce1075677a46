"""Configuration: validation, acceptance input, --faults parsing."""

from __future__ import annotations

import dataclasses

import pytest

from specdiag.core.accept import profile
from specdiag.errors import UsageError
from specdiag.refserver import FaultConfig, Flavor, ReferenceServerConfig, make_config, parse_faults
from specdiag.refserver.config import ServerSettings


def test_defaults_are_a_chain_with_the_engines_width() -> None:
    cfg = ReferenceServerConfig()
    assert cfg.flavor is Flavor.SGLANG
    assert cfg.resolved_num_draft_tokens == cfg.steps + 1
    assert cfg.proposed_per_step == cfg.steps


def test_single_value_expands_to_every_position() -> None:
    cfg = make_config(steps=5, acceptance="0.75")
    assert cfg.acceptance == (0.75,) * 5


def test_unconditional_input_is_converted_with_the_core() -> None:
    cfg = make_config(steps=3, acceptance="0.8,0.4,0.2", acc_kind="unconditional")
    assert cfg.acceptance == pytest.approx((0.8, 0.5, 0.5))
    assert cfg.profile() is not None
    assert cfg.profile().unconditional == pytest.approx((0.8, 0.4, 0.2))  # type: ignore[union-attr]


def test_percentages_are_read() -> None:
    assert make_config(steps=2, acceptance="80%,60%").acceptance == pytest.approx((0.8, 0.6))


def test_steps_zero_turns_speculation_off() -> None:
    cfg = make_config(steps=0, acceptance="0.9")
    assert not cfg.speculative
    assert cfg.acceptance == ()
    assert cfg.profile() is None
    assert cfg.resolved_num_draft_tokens == 0


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"steps": 3, "acceptance": "0.8,0.7"}, "does not match"),
        ({"steps": 3, "acceptance": "1.5"}, "outside [0, 1]"),
        ({"steps": -1}, "--steps"),
        ({"steps": 3, "port": 70000}, "--port"),
        ({"steps": 3, "topk": 2, "flavor": "vllm"}, "sglang flavor"),
        ({"steps": 3, "topk": 2, "num_draft_tokens": 9}, "--num-draft-tokens"),
        ({"steps": 3, "target_step_ms": -1.0}, "--target-step-ms"),
        ({"steps": 3, "max_running_requests": 0}, "--max-running-requests"),
        ({"steps": 3, "api_key": "  "}, "--api-key"),
        ({"steps": 2, "acceptance": "0.8,0.9", "acc_kind": "unconditional"}, "rises"),
    ],
)
def test_bad_values_are_usage_errors(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(UsageError) as info:
        make_config(**kwargs)  # type: ignore[arg-type]
    assert fragment in info.value.message


def test_tree_width_defaults_and_bounds() -> None:
    cfg = make_config(steps=5, topk=4, num_draft_tokens=8)
    assert cfg.proposed_per_step == 7
    assert make_config(steps=5, topk=4).resolved_num_draft_tokens == 21


def test_parse_faults() -> None:
    f = parse_faults("500=0.1, 429=5%,retry-after=2,stall=0.05,stall-seconds=3,slow-start=1.5")
    assert dict(f.shares) == pytest.approx({"500": 0.1, "429": 0.05, "stall": 0.05})
    assert (f.retry_after_s, f.stall_s, f.slow_start_s) == (2.0, 3.0, 1.5)
    assert parse_faults(None) == parse_faults("") == FaultConfig()


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("boom=0.1", "unknown --faults item"),
        ("500", "has no value"),
        ("500=x", "not a number"),
        ("500=0.7,429=0.6", "add up to"),
        ("500=-0.1", "outside [0, 1]"),
        ("retry-after=-1", "must be >= 0"),
    ],
)
def test_bad_faults(text: str, fragment: str) -> None:
    with pytest.raises(UsageError) as info:
        parse_faults(text)
    assert fragment in info.value.message


def test_config_is_frozen() -> None:
    cfg = make_config(steps=1, acceptance="0.5", api_key="sekret")
    with pytest.raises(AttributeError):
        cfg.steps = 2  # type: ignore[misc]
    assert isinstance(cfg.faults, FaultConfig)


def test_profile_matches_the_expected_accept_core() -> None:
    cfg = make_config(steps=5, acceptance="0.75")
    assert cfg.profile() == profile((0.75,) * 5)


def test_make_config_passes_on_every_other_field_by_its_typed_name() -> None:
    own = {"flavor", "steps", "acceptance", "faults"}  # make_config's own parameters
    fields = {f.name for f in dataclasses.fields(ReferenceServerConfig)}
    assert set(ServerSettings.__annotations__) == fields - own
