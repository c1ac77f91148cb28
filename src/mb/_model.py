"""The base of MorganaBench's data models."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["Model"]


class Model(BaseModel):
    """A pydantic model whose validator and serializer are built on first use, not when its module is imported."""

    model_config = ConfigDict(defer_build=True)
