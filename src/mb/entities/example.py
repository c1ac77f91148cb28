"""One benchmark example: inputs, expectations and, once executed, outputs."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

from ._misspelt import check_misspelt_keys
from .expectations import Expectations
from .inputs import Inputs
from .outputs import Outputs

__all__ = ["Example"]


class Example(BaseModel):
    """A benchmark (eval dataset) example."""

    # Parsing a line caches its keys only: its values (ids, texts, times) are seldom repeated.
    model_config = ConfigDict(extra="allow", defer_build=True, cache_strings="keys")

    inputs: Inputs
    """The input data for the example."""

    expectations: Expectations
    """The expectations for the example's output."""

    outputs: Outputs | None = None
    """The actual output data for the example. Populated after the benchmark has been run."""

    @model_validator(mode="after")
    def _no_expectations_beside(self) -> Example:
        if self.__pydantic_extra__:
            check_misspelt_keys(self)
        return self

    def line_data(self) -> dict[str, Any]:
        """The example as a line holds it (JSON data, no ``null``; its outputs as :meth:`Outputs.line_data`)."""
        data = self.model_dump(mode="json", exclude_none=True)
        if self.outputs is not None:
            data["outputs"] = self.outputs.line_data()
        return data
