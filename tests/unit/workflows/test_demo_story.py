"""demo_story.json: every entry is used by the demos and well-formed."""

from __future__ import annotations

import string
from pathlib import Path

import specdiag.workflows
from specdiag.core.accept import Verdict
from specdiag.workflows import synthetic
from specdiag.workflows.demo import STORY

SOURCE = "\n".join(p.read_text() for p in Path(specdiag.workflows.__file__).parent.glob("*.py"))


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_scenarios_name_a_synthetic_case_and_tell_a_story() -> None:
    assert set(STORY["scenarios"]) == {"seed", "collapsed", "healthy"}
    for s in STORY["scenarios"].values():
        assert s["hidden_case"] in synthetic.SCENARIOS
        assert s["title"] and s["story"] and not _fields(s["story"])
        # what the server delivers: the accept length its log prints, or a share of training's
        assert ("served_accept_length" in s) != ("share_of_predicted" in s)
        assert s.get("served_accept_length", 1.0) >= 1.0 and 0 < s.get("share_of_predicted", 1) <= 1


def test_conclusions_are_used_and_fill_only_known_fields() -> None:
    for name, text in STORY["conclusions"].items():
        assert name in {v.value for v in Verdict} or f'"{name}"' in SOURCE, name
        assert _fields(text) <= {"verdict", "diagnosis", "ids"}, name


def test_next_commands_and_the_real_story() -> None:
    assert all(c.startswith("specdiag ") for c in STORY["next_commands"])
    real = STORY["real"]
    assert _fields(real["story"]) == {"version"}
    assert real["real"] and real["tiny"]


def test_the_founding_deployment_files_carry_every_config_entry(tmp_path: Path) -> None:
    import json

    from specdiag.workflows import doctor_story

    files = doctor_story.write_story(tmp_path, doctor_story.BROKEN_IDS, steps=5)
    data = json.loads((Path(doctor_story.__file__).parent / "doctor_story.json").read_text())
    draft = json.loads((files.draft / "config.json").read_text())
    assert json.loads((files.target / "config.json").read_text()) == data["target_config"]
    assert draft["eagle_config"].pop("eagle_aux_hidden_state_layer_ids") == [-1, 2, 30]
    assert data["draft_config"]["eagle_config"].pop("eagle_aux_hidden_state_layer_ids") == []
    assert draft == data["draft_config"]
    assert data["target_config"]["num_hidden_layers"] > max(doctor_story.GOOD_IDS)
