"""The engines' answers, /metrics families and log lines as data (engine_shapes.json): templates
whose ``"$slot"`` strings the server fills with its own values."""

from __future__ import annotations

from typing import Any, Protocol

from specdiag.core import datafiles
from specdiag.refserver.config import ReferenceServerConfig


class ServerState(Protocol):
    """What the answers here read of :class:`~.state.ServerState` (which imports this module):
    the configuration (its flavor) and the server's own slot values."""

    config: ReferenceServerConfig
    slots: dict[str, Any]


OMIT = object()  # a slot value that leaves its key out (a key the engine sends only sometimes)


def engine_shapes() -> dict[str, Any]:
    """The engines' answers, per flavor (engine_shapes.json), read once."""
    shapes: dict[str, Any] = datafiles.document("specdiag.refserver", "engine_shapes.json")
    return shapes


JsonObject = dict[str, object]  # an answer's JSON object


def shape(state: ServerState, name: str, **slots: Any) -> JsonObject:
    """The flavor's answer ``name`` of engine_shapes.json, every ``"$slot"`` string in it
    replaced by the server's or these ``slots``' value; a key whose value is :data:`OMIT` is
    left out."""
    out = fill(engine_shapes()[state.config.flavor.value][name], {**state.slots, **slots})
    if not isinstance(out, dict):
        raise TypeError(f"engine_shapes.json: {name} is not an object (phrase() reads text)")
    return out


def phrase(state: ServerState, name: str) -> str:
    """The flavor's text ``name`` of engine_shapes.json (a message or a str.format template)."""
    return str(engine_shapes()[state.config.flavor.value][name])


def fill(template: Any, slots: dict[str, Any]) -> Any:
    if isinstance(template, str) and template.startswith("$"):
        return slots[template[1:]]
    if isinstance(template, list):
        return [fill(v, slots) for v in template]
    if isinstance(template, dict):
        filled = ((k, fill(v, slots)) for k, v in template.items())
        return {k: v for k, v in filled if v is not OMIT}
    return template
