"""MorganaBench: evaluate LLM agents on benchmark files.

``mb.entities`` is the data model, ``mb.io`` reads and writes benchmark files.
"""

from ._version import __version__

__all__ = ["__version__"]
