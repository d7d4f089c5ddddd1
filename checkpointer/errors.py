"""Errors the checkpointer raises, each saying what is wrong and what to do."""

from __future__ import annotations


class CheckpointConflict(RuntimeError):
    """Another run committed a checkpoint on this thread first; nothing of this put was kept.

    Reload the thread (``graph.get_state``) and re-run, e.g. with
    :func:`checkpointer.retry.invoke_with_retry`.
    """

    def __init__(
        self, thread_id: str, checkpoint_ns: str, expected_version: int | None, actual_version: int
    ) -> None:
        self.thread_id = thread_id
        self.checkpoint_ns = checkpoint_ns
        self.expected_version = expected_version
        self.actual_version = actual_version
        ns = f" (namespace {checkpoint_ns!r})" if checkpoint_ns else ""
        expected = "no head" if expected_version is None else f"version {expected_version}"
        super().__init__(
            f"thread {thread_id!r}{ns} moved on: this run started from {expected} but the head is now "
            f"version {actual_version}; nothing of this run was committed as the head. Reload the "
            "latest state and re-run (see checkpointer.retry.invoke_with_retry)."
        )

    def __reduce__(self) -> tuple[type[CheckpointConflict], tuple[str, str, int | None, int]]:
        return (
            type(self),
            (self.thread_id, self.checkpoint_ns, self.expected_version, self.actual_version),
        )


class CorruptCheckpoint(ValueError):
    """A stored value could not be decoded."""

    def __init__(self, thread_id: str, checkpoint_id: str, what: str, cause: BaseException) -> None:
        self.thread_id = thread_id
        self.checkpoint_id = checkpoint_id
        super().__init__(
            f"cannot decode {what} of checkpoint {checkpoint_id!r} in thread {thread_id!r}: "
            f"{type(cause).__name__}: {cause}. The stored bytes are damaged or were written with "
            "another serializer/key; restore the row from a backup or delete the thread."
        )
