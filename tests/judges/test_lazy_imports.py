"""``mb.judges`` imports a judge's modules when that judge is first asked for, and the local judge nothing it does not
need before its first verdict."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import mb.judges

_OTHER_JUDGES = ("mb.judges.llm", "mb.judges.cascade", "mb.judges.factory", "mb.judges.lexical", "sqlite3")


def _loaded_after(code: str) -> list[str]:
    script = (
        f"import json, sys\n{code}\nprint(json.dumps(sorted(m for m in {list(_OTHER_JUDGES)!r} if m in sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


def test_the_local_judge_does_not_import_the_other_judges() -> None:
    code = "from mb.judges import JudgeRequest, JudgeTask\nfrom mb.judges.local import LocalJudge"
    assert _loaded_after(code) == []


def test_asking_for_the_factory_imports_it_and_no_judge() -> None:
    assert _loaded_after("from mb.judges import get_judge") == ["mb.judges.factory"]


def test_building_the_lexical_judge_imports_neither_the_llm_judge_nor_its_cache() -> None:
    loaded = _loaded_after("from mb.judges import get_judge\nget_judge('lexical')")
    assert loaded == ["mb.judges.factory", "mb.judges.lexical"]


def test_auto_looks_for_an_llm_judge_and_the_error_of_one_is_importable_from_the_factory() -> None:
    loaded = _loaded_after("from mb.judges.factory import explain_auto, JudgeConfigError\nexplain_auto({})")
    assert "mb.judges.llm" in loaded


def test_every_public_name_resolves_and_unknown_names_fail() -> None:
    for name in mb.judges.__all__:
        assert getattr(mb.judges, name) is not None, name
    assert mb.judges.LocalJudge.__module__ == "mb.judges.local"
    with pytest.raises(AttributeError, match="NoSuchJudge"):
        mb.judges.NoSuchJudge  # type: ignore[attr-defined]  # noqa: B018
