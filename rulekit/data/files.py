"""Reading a ruleset file: a regular UTF-8 text file within a size cap, or a located error.

Kept apart from the YAML parser so that loading a game already compiled (rulekit.gamecache)
reads its file without importing PyYAML.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import CannotReadError, Diagnostic

MAX_FILE_BYTES = 4 * 2**20  # the bundled rulesets are ~30 KB; a larger one is not a ruleset


def _read_regular_file(p: Path) -> bytes:
    """The bytes of p if it is a regular file within the size cap, else CannotReadError."""
    # O_NONBLOCK: opening a named pipe must not wait for a writer
    fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(st.st_mode):
            raise CannotReadError([Diagnostic(
                f"cannot read {p}: it is not a regular file", str(p),
                hint="a ruleset is a YAML text file")])
        if st.st_size > MAX_FILE_BYTES:
            raise CannotReadError([Diagnostic(
                f"cannot read {p}: it has {st.st_size:,} bytes, more than a ruleset may have "
                f"({MAX_FILE_BYTES:,})", str(p))])
        chunks = []
        left = MAX_FILE_BYTES + 1  # a file that grows while it is read is cut here
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise CannotReadError([Diagnostic(
                f"cannot read {p}: it is larger than a ruleset may be ({MAX_FILE_BYTES:,} "
                "bytes)", str(p))])
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: str | Path) -> str:
    """Read a ruleset file or raise CannotReadError.

    Only a regular file of at most MAX_FILE_BYTES is read: a device (/dev/zero), a named pipe
    or a huge file would hang the loader or exhaust memory."""
    p = Path(path)
    try:
        data = _read_regular_file(p)
        if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
            raise CannotReadError([Diagnostic(f"cannot read {p}: not UTF-8 text (it is UTF-16)",
                                              str(p), hint="save the file as UTF-8")])
        if b"\x00" in data:
            raise CannotReadError([Diagnostic(f"cannot read {p}: it is a binary file, not text",
                                              str(p), hint="a ruleset is a YAML text file")])
        text = data.decode("utf-8")
        return text.replace("\r\n", "\n").replace("\r", "\n")  # as Path.read_text does
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise CannotReadError([Diagnostic(
            f"cannot read {p}: not UTF-8 text (byte 0x{data[e.start]:02x} on line {line})",
            str(p), hint="save the file as UTF-8")]) from None
    except FileNotFoundError:
        raise CannotReadError([Diagnostic(f"cannot read {p}: no such file", str(p))]) from None
    except IsADirectoryError:
        raise CannotReadError([Diagnostic(f"cannot read {p}: it is a directory", str(p))]) from None
    except OSError as e:
        raise CannotReadError([Diagnostic(f"cannot read {p}: {e.strerror}", str(p))]) from None
