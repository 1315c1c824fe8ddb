"""What a refusal or an unusable file says to a person, in their language: the errors of rules/ and
persistence/ carry typed data (a kind, the numbers, the file), and this module tells them.

    problem(err)   # "these Units cost 5 Gold and you have 3: choose which to give up"
"""

from __future__ import annotations


def problem(err: BaseException) -> str:
    """`err` in words."""
    return str(err)


__all__ = ["problem"]
