"""Errors the checkpointer raises, each saying what is wrong and what to do."""

from __future__ import annotations

from kassist.errors import InvalidFilter as InvalidFilter  # the one class; checkpointer.InvalidFilter


class CheckpointConflict(RuntimeError):
    """Another run committed a checkpoint on this thread first; nothing of this put was kept.

    Checkpoints the run committed at earlier steps stay in the history (see docs/checkpointer.md):
    retry with :func:`checkpointer.retry.invoke_with_retry`, which does not apply an input twice.
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
            f"version {actual_version}; this checkpoint was not stored (ones this run committed at "
            "earlier steps stay). Retry with checkpointer.retry.invoke_with_retry, which carries the "
            "run on from the new head without applying its input twice."
        )

    def __reduce__(self) -> tuple[type[CheckpointConflict], tuple[str, str, int | None, int]]:
        return (
            type(self),
            (self.thread_id, self.checkpoint_ns, self.expected_version, self.actual_version),
        )


class InputMerged(RuntimeError):
    """A retried run's input is already in the thread's history, and what is left of the run
    cannot be re-run from the new head (tasks started by ``Send``): it was not sent again."""

    def __init__(self, thread_id: str, checkpoint_id: str, tasks: list[str]) -> None:
        self.thread_id = thread_id
        self.checkpoint_id = checkpoint_id
        self.tasks = tasks
        super().__init__(
            f"the input of this run is already in thread {thread_id!r} (checkpoint {checkpoint_id!r}), "
            f"but its remaining tasks {tasks} were started by Send and cannot be re-run from the new "
            "head; the input was not sent again. Read the thread's state (graph.get_state) and decide "
            "what to run next."
        )

    def __reduce__(self) -> tuple[type[InputMerged], tuple[str, str, list[str]]]:
        return (type(self), (self.thread_id, self.checkpoint_id, self.tasks))


class InvalidId(ValueError):
    """A thread, namespace or checkpoint id that no backend can store as it is (too long, NUL, a
    lone surrogate); the message names the key and what to do."""


class InvalidMetadata(ValueError):
    """Checkpoint metadata that could be written but not read back (e.g. a lone surrogate): refused
    at put time, so a thread never becomes unreadable."""


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
