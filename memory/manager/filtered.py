"""Statements prebuilt per combination of recall filters (memory/manager/statements.py uses them)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Filtered:
    """One prebuilt statement per combination of recall filters (now or ``as_of``, by type, by
    key), so every statement is a fixed string the planner can cache."""

    variants: Mapping[tuple[bool, bool, bool], str]

    @classmethod
    def build(cls, make: Callable[[bool, bool, bool], str], *, as_of: bool = True) -> Filtered:
        """``make(as_of, by_type, by_key)`` for every combination (``as_of`` False only, if not ``as_of``)."""
        return cls(
            {
                flags: make(*flags)
                for flags in itertools.product(
                    (False, True) if as_of else (False,), (False, True), (False, True)
                )
            }
        )

    def map(self, convert: Callable[[str], str]) -> Filtered:
        return Filtered({flags: convert(sql) for flags, sql in self.variants.items()})

    def pick(self, *, as_of: bool = False, by_type: bool, by_key: bool) -> str:
        try:
            return self.variants[(as_of, by_type, by_key)]
        except KeyError:
            raise ValueError("this statement has no as_of variant (it reads what is visible now)") from None
