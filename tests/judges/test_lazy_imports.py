"""``mb.judges`` resolves its public names when first asked for them, and refuses names it does not have."""

from __future__ import annotations

import subprocess
import sys

import pytest

import mb.judges


def test_every_public_name_resolves_and_unknown_names_fail() -> None:
    for name in mb.judges.__all__:
        assert getattr(mb.judges, name) is not None, name
    assert mb.judges.LocalJudge.__module__ == "mb.judges.local"
    with pytest.raises(AttributeError, match="NoSuchJudge"):
        mb.judges.NoSuchJudge  # type: ignore[attr-defined]  # noqa: B018


_QUANTITIES = """
import sys
from mb.judges._quantities import extract_quantities

print(extract_quantities("yes, it is") == (), "pycountry" in sys.modules)
print([q.unit for q in extract_quantities("Pay 40 Canadian dollars")], "pycountry" in sys.modules)
"""


def test_the_currency_names_are_read_when_a_number_first_needs_them() -> None:
    done = subprocess.run([sys.executable, "-c", _QUANTITIES], capture_output=True, text=True, check=True, timeout=120)
    assert done.stdout.splitlines() == ["True False", "['CAD'] True"]
