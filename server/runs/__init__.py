"""The runs API (``/v1/runs`` on ``kassist serve``): start, watch and steer ingestion runs over
HTTP; they execute in the background of the server process (:mod:`server.runs.worker`)."""

from server.runs.routes import runs_router
from server.runs.service import RunsService

__all__ = ["RunsService", "runs_router"]
