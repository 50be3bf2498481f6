"""The exceptions of tesuji. Every one is a ``ValueError``: the input was wrong."""

from __future__ import annotations

from typing import Optional


class TesujiError(ValueError):
    """Bad input: a size, ruleset, komi, vertex, colour or budget that tesuji cannot use.

    The message says what was given and what is expected. The other exceptions of tesuji
    are subclasses.
    """


class SgfError(TesujiError):
    """SGF text that cannot be read: a syntax error, a bad property value, setup stones
    that do not form a position, or an illegal move on the main line.

    ``line`` and ``column`` (both from 1) give the place in the text when it is known.
    """

    def __init__(self, message: str, line: Optional[int] = None, column: Optional[int] = None):
        super().__init__(message)
        self.line = line
        self.column = column


class IllegalMove(TesujiError):
    """A move the rules forbid. The game is unchanged.

    ``move`` is the move as a GTP vertex, ``color`` ``"B"`` or ``"W"``, and ``reason``
    the engine's word for why: ``"occupied"``, ``"suicide"``, ``"ko"``, ``"superko"``,
    ``"game over"``.
    """

    def __init__(
        self,
        message: str,
        move: Optional[str] = None,
        color: Optional[str] = None,
        reason: Optional[str] = None,
    ):
        super().__init__(message)
        self.move = move
        self.color = color
        self.reason = reason


class ProblemError(TesujiError):
    """A life-and-death problem that cannot be built: nothing marked and no goal found by
    reading (the message lists the candidate groups), targets of both colours, a target on
    an empty point, a board larger than 19x19."""


__all__ = ["TesujiError", "SgfError", "IllegalMove", "ProblemError"]
