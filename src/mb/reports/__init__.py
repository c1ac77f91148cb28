"""Reports of an evaluation for CI systems: JUnit XML and a markdown summary."""

from .junit import junit_chunks
from .markdown import summary_markdown

__all__ = ["junit_chunks", "summary_markdown"]
