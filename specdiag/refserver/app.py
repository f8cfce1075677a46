"""The starlette app: the API routes of one engine flavor, behind the key check and faults, and
the truth endpoint."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from specdiag.refserver.helpers import guarded, json_response
from specdiag.refserver.shapes import shape
from specdiag.refserver.state import ServerState

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response


def build_app(state: ServerState) -> Starlette:
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.routing import Route

    from specdiag.refserver import api

    async def truth(request: Request) -> Response:
        include = request.query_params.get("requests", "") not in ("", "0", "false", "no")
        return json_response(state.truth(include))

    routes = [Route("/_specdiag/truth", truth, methods=["GET"])]
    for path, handler, methods, public in api.routes(state):
        routes.append(Route(path, guarded(state, handler, public=public), methods=methods))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await state.startup()
        try:
            yield
        finally:
            await state.finish()

    async def not_found(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 404)
        name = "not_found" if status == 404 else "method_not_allowed"
        return json_response(shape(state, name), status)  # SGLang and vLLM: FastAPI's

    return Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={404: not_found, 405: not_found},
    )
