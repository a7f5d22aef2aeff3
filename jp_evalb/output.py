"""Writing the report: text encoded in the run's encoding, buffered."""
from __future__ import annotations

from typing import BinaryIO, Optional, TextIO

FLUSH_EVERY = 256  # pieces buffered before a write


class Output:
    """Text written as bytes in the run's encoding, buffered.

    A write that fails (``> /dev/full``, a full disk) loses the text and the run goes on, as
    evalb's C stdio does: evalb never checks what printf returns, so its stdout is silently
    lost, its stderr and exit status are unchanged (measured: exit 0 on /dev/full). A closed
    pipe is not such a failure: it propagates (evalb dies of SIGPIPE)."""

    def __init__(self, stream: TextIO, encoding: str) -> None:
        self._binary: Optional[BinaryIO] = getattr(stream, "buffer", None)
        self._text = stream
        self._encoding = encoding
        self._parts: list[str] = []
        self._lost = False

    def write(self, text: str) -> None:
        self._parts.append(text)
        if len(self._parts) >= FLUSH_EVERY:
            self.flush()

    def flush(self) -> None:
        if not self._parts:
            return
        text = "".join(self._parts)
        self._parts = []
        if self._lost:
            return
        try:
            if self._binary is not None:
                self._text.flush()
                self._binary.write(text.encode(self._encoding, "surrogateescape"))
                self._binary.flush()
            else:
                self._text.write(text)
                self._text.flush()
        except BrokenPipeError:
            raise
        except OSError:
            from jp_shims.brokenpipe import silence_stdout

            self._lost = True
            silence_stdout(self._text)  # nor may the interpreter's last flush fail
