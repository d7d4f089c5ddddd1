"""A signal that lands while a stored value is decoded stays a signal, not "damaged data" (h27 s40 H27-2).

LangGraph's serializer decodes with ormsgpack, which calls a Python ``ext_hook`` for every stored
object, and turns ANY exception of that hook into ``ValueError('ext_hook failed')``. Python runs a
signal's handler between bytecodes, the hook's included: a Ctrl-C (KeyboardInterrupt) or a SIGTERM
(cli/job_stop's Terminated) handled there became that ValueError, which the readers report as a
damaged checkpoint ("restore the row from a backup or delete the thread") - of a run that is whole.
The saver's default serializer (:func:`interrupt_aware_serde`) wraps the hook so that such an
exception (a BaseException that is not an Exception) is kept for its thread, and a reader about to
report damage raises it instead (:func:`raise_interrupt`)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

_kept = threading.local()


def _keeping(hook: Callable[[int, bytes], Any]) -> Callable[[int, bytes], Any]:
    # (A signal handled before this frame's first instruction is still lost: a window of one
    # instruction, where LangGraph's hook that it calls is most of the decode's Python time.)
    def keeping_interrupts(code: int, data: bytes) -> Any:
        try:
            return hook(code, data)
        except BaseException as exc:
            if not isinstance(exc, Exception):  # KeyboardInterrupt, SystemExit, cli's Terminated
                _kept.exc = exc
            raise

    return keeping_interrupts


class InterruptAwareSerializer(JsonPlusSerializer):
    """LangGraph's default serializer whose ext hook keeps an interrupt raised inside it; the copies
    LangGraph makes with a graph's own types allowed (:meth:`with_msgpack_allowlist`) keep it too."""

    def __init__(self) -> None:
        super().__init__()
        self._unpack_ext_hook = _keeping(self._unpack_ext_hook)

    def with_msgpack_allowlist(self, extra_allowlist: Iterable[tuple[str, ...] | type]) -> JsonPlusSerializer:
        clone = super().with_msgpack_allowlist(extra_allowlist)
        if clone is not self:  # a copy with a new (plain) hook for the merged allow-list
            clone._unpack_ext_hook = _keeping(clone._unpack_ext_hook)
        return clone


def interrupt_aware_serde() -> JsonPlusSerializer:
    """The saver's default serializer (:class:`InterruptAwareSerializer`)."""
    return InterruptAwareSerializer()


def raise_interrupt() -> None:
    """Raise the interrupt a decode on this thread swallowed, if one did (then forget it)."""
    exc: BaseException | None = getattr(_kept, "exc", None)
    if exc is not None:
        _kept.exc = None
        raise exc
