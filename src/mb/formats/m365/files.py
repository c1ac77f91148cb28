"""Dataset files for ``runevals``: discovery, the starter file, and in-place upgrade of legacy files."""

from __future__ import annotations

import os
import shutil
from datetime import datetime
from pathlib import Path
from typing import Any

from ...io import write_atomically
from .document import LoadedDocument, dump_document
from .schema import SCHEMA_URI, SCHEMA_VERSION

__all__ = ["DATASET_NAMES", "STARTER_DOCUMENT", "discover_dataset", "upgrade_in_place", "write_starter"]

DATASET_NAMES = ("prompts.json", "evals.json", "tests.json")
"""File names looked for, in this order, in the current folder and then in ``./evals/``."""

STARTER_DOCUMENT: dict[str, Any] = {
    "$schema": SCHEMA_URI,
    "schemaVersion": SCHEMA_VERSION,
    "description": "Starter evaluation set: replace these prompts and expected responses with your agent's own.",
    "default_evaluators": {"Relevance": {}, "Coherence": {}},
    "items": [
        {
            "prompt": "What can you help me with?",
            "expected_response": "I can help you with [specific capabilities].",
        },
        {
            "prompt": "Who are you?",
            "expected_response": "I'm [agent name], specialized in [domain].",
        },
        {
            "prompt": "What is Microsoft Graph?",
            "expected_response": "Microsoft Graph is the gateway to data and intelligence in Microsoft 365.",
            "evaluators": {"Similarity": {}},
        },
        {
            "name": "Follow-up conversation",
            "turns": [
                {
                    "prompt": "I'm planning a trip to Seattle next week.",
                    "expected_response": "I can help you plan your Seattle trip.",
                },
                {
                    "prompt": "Should I bring a rain jacket?",
                    "expected_response": "Yes, rain is common in Seattle, so a rain jacket is a good idea.",
                },
            ],
        },
    ],
}
"""The starter file offered when no dataset is found."""


def discover_dataset(root: str | os.PathLike[str] = ".") -> Path | None:
    """The first dataset file found: ``prompts.json``, ``evals.json``, ``tests.json`` in ``root``, then the same
    names in ``root/evals``; None when there is none."""
    base = Path(root)
    for folder in (base, base / "evals"):
        for name in DATASET_NAMES:
            candidate = folder / name
            if candidate.is_file():
                return candidate
    return None


def write_starter(root: str | os.PathLike[str] = ".") -> Path:
    """Write the starter file to ``root/evals/evals.json`` (never over an existing file); returns its path."""
    target = Path(root) / "evals" / "evals.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("xb") as stream:
        stream.write(dump_document(STARTER_DOCUMENT))
    return target


def backup_path(path: str | os.PathLike[str], now: datetime | None = None) -> Path:
    """``file.json.bak.YYYYMMDDHHMMSS`` beside the file (a counter is added if that name is taken)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d%H%M%S")
    source = Path(path)
    candidate = source.with_name(f"{source.name}.bak.{stamp}")
    counter = 1
    while candidate.exists():
        candidate = source.with_name(f"{source.name}.bak.{stamp}.{counter}")
        counter += 1
    return candidate


def upgrade_in_place(loaded: LoadedDocument, now: datetime | None = None) -> Path:
    """Back a legacy file up (``file.json.bak.YYYYMMDDHHMMSS``) and rewrite it as a versioned 1.7.0 document.

    Returns the backup's path. The file is replaced atomically, so an interruption leaves either version whole.
    """
    source = Path(loaded.file)
    backup = backup_path(source, now)
    shutil.copy2(source, backup)
    document = {"$schema": SCHEMA_URI, **{k: v for k, v in loaded.document.items() if k != "$schema"}}
    write_atomically(source, [dump_document(document)])
    return backup
