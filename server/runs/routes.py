"""``/v1/runs``: the HTTP face of :class:`server.runs.service.RunsService`.

Every route needs an API key (401 without one); the tenant is the key's, never a parameter. A change
(POST) takes the key from a header only: a browser's sign-in cookie is sent by the browser whatever
page made the request, so it authorises reads here, never a change (no request forgery). Another
tenant's run answers 404, malformed input 422 naming the field (FastAPI's validation format, also
for the checks made here: a path outside the ingestion root, an unknown notify host, a bad audit
rules file), a request the run's state does not allow 409, approve/reject by a member key 403.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations, and ``Who``
# is local to runs_router, where a string annotation could not be resolved.
from collections.abc import Callable, Coroutine
from typing import Annotated, Any, NoReturn

from fastapi import APIRouter, Depends, File, Form, HTTPException, Query, Request, Response, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.routing import APIRoute
from pydantic import ValidationError

from server.credentials import sent_token
from server.keys import Principal
from server.request_config import NO_KEY
from server.run_reports import MEDIA, REPORT_HEADERS
from server.runs.listing import runs_page
from server.runs.models import (
    NAME,
    Accepted,
    CreateRun,
    ReportFormat,
    ResumeRun,
    RunOptions,
    RunPage,
    RunView,
    Status,
)
from server.runs.names import PREFIX, ApiError
from server.runs.service import RunsService

ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "No API key, or an unknown one"},
    404: {"description": "No such run for this key's tenant"},
    409: {"description": "The run's state does not allow this request"},
}


def _refuse(exc: ApiError) -> NoReturn:
    if exc.status == 422 and exc.loc is not None:
        raise RequestValidationError(
            [{"type": "value_error", "loc": exc.loc, "msg": exc.detail, "input": None}]
        )
    raise HTTPException(status_code=exc.status, detail=exc.detail)


class _ApiErrorRoute(APIRoute):
    """Every route's :class:`ApiError` becomes its HTTP answer here, once, instead of a
    try/except around each route's service call."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def answer(request: Request) -> Response:
            try:
                return await handler(request)
            except ApiError as exc:
                _refuse(exc)

        return answer


UPLOAD_FORM_LIMITS: Any = {"max_fields": 3, "max_part_size": 64 * 1024}
"""What an upload's form may hold besides its files: the three fields the route declares
(``collection``, ``run_id``, ``options``), 64 KiB each at most. Starlette keeps every non-file part in
memory, and its defaults (1,000 fields of 1 MB) let one member's upload hold up to its whole size
there (h16 s36 H16-10): another part is refused (400) as it arrives."""


def caller_of(principal: Callable[[Request], Principal | None], request: Request) -> Principal | str:
    """The runs API's caller of ``request``, or why it is refused (401): a change (POST) takes the key
    from a header only. Read from the request's head: the upload route's gate asks it before the body
    (server/runs/upload_gate.py), every route's dependency after."""
    if request.method not in ("GET", "HEAD") and sent_token(request.headers.raw) is None:
        return (
            "the runs API takes changes with the API key in a header (x-api-key or Authorization: "
            "Bearer); a browser's sign-in cookie is not accepted here"
        )
    who = principal(request)
    return NO_KEY if who is None else who


def runs_router(service: RunsService, principal: Callable[[Request], Principal | None]) -> APIRouter:
    """The router, authenticating with ``principal`` (the lookup ``create_app`` uses for every route:
    ``x-api-key``, ``Authorization: Bearer`` or the sign-in cookie)."""

    def caller(request: Request) -> Principal:
        who = caller_of(principal, request)
        if isinstance(who, str):
            raise HTTPException(status_code=401, detail=who, headers={"WWW-Authenticate": "Bearer"})
        return who

    def sent_key(request: Request) -> str | None:
        # A change carries its key in a header (caller): the managed key it is, recorded with the
        # request, whose current rights start the run (server/run_creator.py).
        return service.sent_key(sent_token(request.headers.raw))

    Who = Annotated[Principal, Depends(caller)]
    Key = Annotated[str | None, Depends(sent_key)]
    router = APIRouter(tags=["runs"], responses=ERRORS, route_class=_ApiErrorRoute)

    @router.post(
        "", status_code=201, response_model=Accepted, summary="Start a run over a folder on the server"
    )
    def create(body: CreateRun, who: Who, key: Key, response: Response) -> Accepted:
        accepted = service.create(who, body, key)
        response.headers["Location"] = f"{PREFIX}/{accepted.run_id}"
        return accepted

    @router.post(
        "/uploads",
        status_code=201,
        response_model=Accepted,
        summary="Start a run over uploaded files",
        form_limits=UPLOAD_FORM_LIMITS,
    )
    async def create_upload(
        who: Who,
        key: Key,
        response: Response,
        files: Annotated[list[UploadFile], File(description="The documents (names may hold sub-folders)")],
        # The schema keeps the patterns; the service checks them (models.collection_refusal,
        # names.check_new_run_id): one line each, not pydantic's pattern error.
        collection: Annotated[str, Form(json_schema_extra={"pattern": NAME})] = "default",
        run_id: Annotated[str | None, Form(json_schema_extra={"pattern": NAME})] = None,
        options: Annotated[str, Form(description='RunOptions as JSON, e.g. {"embedder": "hashing"}')] = "{}",
    ) -> Accepted:
        try:
            parsed = RunOptions.model_validate_json(options)
        except ValidationError as exc:
            raise RequestValidationError(
                [{**e, "loc": ("body", "options", *e["loc"])} for e in exc.errors(include_url=False)]
            ) from None
        accepted = await service.create_upload(who, files, collection, run_id, parsed, key)
        response.headers["Location"] = f"{PREFIX}/{accepted.run_id}"
        return accepted

    @router.get("", response_model=RunPage, summary="This tenant's runs, newest first")
    def list_runs(
        who: Who,
        status: Annotated[Status | None, Query(description="Only runs with this status")] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        cursor: Annotated[str | None, Query(description="next_cursor of the previous page")] = None,
    ) -> RunPage:
        jobs = service.jobs.for_tenant(who.tenant_id)
        return runs_page(service.res, jobs, who, status, limit, cursor, service.source_label)

    @router.get("/{run_id}", response_model=RunView, summary="One run: state, version, progress, errors")
    def get_run(run_id: str, who: Who) -> RunView:
        return service.view(who, run_id)

    @router.post(
        "/{run_id}/resume", status_code=202, response_model=Accepted, summary="Continue a stopped run"
    )
    def resume(run_id: str, who: Who, key: Key, body: ResumeRun | None = None) -> Accepted:
        return service.resume(who, run_id, body.max_steps if body else None, key)

    def decider(decision: str) -> Callable[[str, Principal, str | None], Accepted]:
        def decide(run_id: str, who: Who, key: Key) -> Accepted:
            return service.decide(who, run_id, decision, key)

        return decide

    for decision in ("approve", "reject"):  # one route each, the same request: the decision differs
        router.add_api_route(
            f"/{{run_id}}/{decision}",
            decider(decision),
            methods=["POST"],
            name=decision,
            status_code=202,
            response_model=Accepted,
            summary=f"{decision.capitalize()} a run that needs review (admin)",
        )

    @router.post(
        "/{run_id}/cancel",
        status_code=202,
        response_model=Accepted,
        summary="Stop a run at its next node boundary",
    )
    def cancel(run_id: str, who: Who, key: Key) -> Accepted:
        return service.cancel(who, run_id, key)

    @router.get(
        "/{run_id}/report",
        response_class=Response,
        summary="The run's compliance audit report",
        responses={200: {"content": {m.split(";")[0]: {} for m in MEDIA.values()}}},
    )
    def report(run_id: str, who: Who, format: ReportFormat = "html") -> Response:
        text = service.report(who, run_id, format)
        suffix = {"html": ".html", "json": ".json", "markdown": ".md"}[format]
        # Served sandboxed (REPORT_HEADERS): it quotes the tenant's documents.
        headers = {**REPORT_HEADERS, "Content-Disposition": f'inline; filename="{run_id}-audit{suffix}"'}
        return Response(text, media_type=MEDIA[format], headers=headers)

    return router
