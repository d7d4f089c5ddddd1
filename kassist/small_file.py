"""One way to read a small file a person named (an environment variable, an option): opened without
blocking, read only when it is a regular file, and never more than its cap. A named pipe blocked its
reader forever (the audit rules in session 27; the API key table until h24 s39 H24-7, which hung
``kassist serve`` and ``langgraph dev`` at their start) and a device such as ``/dev/zero`` was read
whole (memory growing by hundreds of MB a second)."""

from __future__ import annotations

import os
import stat
from pathlib import Path


def read_small_file(path: str | Path, max_bytes: int) -> str:
    """``path``'s UTF-8 text. Raises OSError (FileNotFoundError when missing, IsADirectoryError for a
    folder) whose message says what the path is instead - not a regular file, larger than
    ``max_bytes`` - or UnicodeDecodeError."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as f:
        found = os.fstat(f.fileno())
        if stat.S_ISDIR(found.st_mode):
            raise IsADirectoryError(f"{path} is a folder, not a file")
        if not stat.S_ISREG(found.st_mode):
            raise OSError(f"{path} is not a regular file (a pipe, a device or a socket)")
        data = f.read(max_bytes + 1)
    if found.st_size > max_bytes or len(data) > max_bytes:
        raise OSError(f"{path} is larger than {max_bytes} bytes")
    return data.decode("utf-8")
