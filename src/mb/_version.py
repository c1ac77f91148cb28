"""The distribution: its version, and how its extras are installed (from a clone of its repository: it is not on
PyPI)."""

__all__ = ["__version__", "install_command"]

__version__ = "0.1.0"


def install_command(extras: str) -> str:
    """The command that installs MorganaBench with ``extras`` from a clone of its repository, as messages give it."""
    return f"pip install '/path/to/morganabench[{extras}]'"
