"""``mb.judges`` resolves its public names when first asked for them, and refuses names it does not have."""

from __future__ import annotations

import pytest

import mb.judges


def test_every_public_name_resolves_and_unknown_names_fail() -> None:
    for name in mb.judges.__all__:
        assert getattr(mb.judges, name) is not None, name
    assert mb.judges.LocalJudge.__module__ == "mb.judges.local"
    with pytest.raises(AttributeError, match="NoSuchJudge"):
        mb.judges.NoSuchJudge  # type: ignore[attr-defined]  # noqa: B018
