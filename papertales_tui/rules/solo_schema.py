"""The Lich King's side of a solo game as a save file holds it (`SoloState.to_dict()`): the Pydantic
schema the save format checks a file's side with (`SoloMode.kind.saved`, persistence/format.py).
Imported only when a save is read: a game starts without Pydantic."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Count = Annotated[int, Field(ge=0)]
CardId = Annotated[int, Field(ge=0)]


class SoloSide(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    necropolis: Annotated[list[str], Field(min_length=5, max_length=5)]  # the row 1-2-3-4-END
    lich_cards: Annotated[list[str], Field(max_length=20)]
    revealed: Annotated[int, Field(ge=0, le=5)]
    time: Annotated[int, Field(ge=0, le=4)]
    lich_lp: Count
    underworld: list[CardId]


__all__ = ["SoloSide"]
