"""Role swaps on a set written apart from the one the roles guard was developed on: other verbs, names and frames.

The guard must catch at least 80% of the swaps around an asymmetric relation and flag almost none of the exchanges
around a symmetric one (the judges then see the whole pair: a veto on short texts, a feature of the model on long)."""

from __future__ import annotations

from mb.judges._guards import run_guards
from mb.judges.base import JudgeTask

SWAPPED = [
    ("Maria hired Kenji", "Kenji hired Maria"),
    ("Ahmed owes Lucia money", "Lucia owes Ahmed money"),
    ("Olga teaches Pedro", "Pedro teaches Olga"),
    ("Hannah follows Victor", "Victor follows Hannah"),
    ("Yusuf supervises Elena", "Elena supervises Yusuf"),
    ("the firefighter rescued Chen", "Chen rescued the firefighter"),
    ("Northwind bought Contoso", "Contoso bought Northwind"),
    ("Fabrikam sued Litware", "Litware sued Fabrikam"),
    ("Contoso was bought by Northwind", "Northwind was bought by Contoso"),
    ("Ingrid was replaced by Tomas", "Tomas was replaced by Ingrid"),
    ("Amara was promoted by Dmitri", "Dmitri was promoted by Amara"),
    ("Kenji emailed Maria the draft", "Maria emailed Kenji the draft"),
    ("Lucia reports to Ahmed", "Ahmed reports to Lucia"),
    ("Pedro lent Olga his car", "Olga lent Pedro his car"),
    ("Victor warned Hannah", "Hannah warned Victor"),
    ("Elena outbid Yusuf", "Yusuf outbid Elena"),
    ("Chen mentors Amara", "Amara mentors Chen"),
    ("Tomas forgave Ingrid", "Ingrid forgave Tomas"),
    ("Dmitri nominated Kenji", "Kenji nominated Dmitri"),
    ("Litware licenses Fabrikam's patents", "Fabrikam licenses Litware's patents"),
    ("move the files from Drive to Dropbox", "move the files from Dropbox to Drive"),
    ("convert euros into yen", "convert yen into euros"),
    ("a flight from Nairobi to Lagos", "a flight from Lagos to Nairobi"),
    ("forward Maria's notes to Kenji", "forward Kenji's notes to Maria"),
    ("Hannah's manager is Victor", "Victor's manager is Hannah"),
    ("the consul of Chile in Peru", "the consul of Peru in Chile"),
    ("Kenji is taller than Maria", "Maria is taller than Kenji"),
    ("Olga scored against Pedro", "Pedro scored against Olga"),
    ("Ahmed paid Lucia", "Lucia paid Ahmed"),
    ("Yusuf interviewed Elena for the job", "Elena interviewed Yusuf for the job"),
    ("Northwind supplies Contoso", "Contoso supplies Northwind"),
    ("Ingrid sent Tomas a package", "Tomas sent Ingrid a package"),
    ("Amara was coached by Dmitri", "Dmitri was coached by Amara"),
    ("Chen was sued by Victor", "Victor was sued by Chen"),
    ("Fabrikam acquired a stake in Litware", "Litware acquired a stake in Fabrikam"),
    ("She was born in Quito and lives in Lima.", "She was born in Lima and lives in Quito."),
]
"""(reference, candidate): entities exchanged around an asymmetric relation (different meaning)."""

SYMMETRIC = [
    ("Maria and Kenji met in Osaka", "Kenji and Maria met in Osaka"),
    ("Ahmed met Lucia", "Lucia met Ahmed"),
    ("Olga married Pedro", "Pedro married Olga"),
    ("Hannah played chess with Victor", "Victor played chess with Hannah"),
    ("a meeting with Yusuf and Elena", "a meeting with Elena and Yusuf"),
    ("Northwind merged with Contoso", "Contoso merged with Northwind"),
    ("flights between Nairobi and Lagos", "flights between Lagos and Nairobi"),
    ("Chen and Amara are cousins", "Amara and Chen are cousins"),
    ("Tomas talked with Ingrid", "Ingrid talked with Tomas"),
    ("Dmitri collaborated with Kenji", "Kenji collaborated with Dmitri"),
    ("invite Fabrikam and Litware", "invite Litware and Fabrikam"),
    ("compare Quito and Lima", "compare Lima and Quito"),
]
"""(reference, candidate): exchanges around a symmetric relation or a plain list (same meaning)."""

_ORDER_GUARDS = frozenset({"roles", "direction"})


def _flagged(reference: str, candidate: str) -> bool:
    return any(f.guard in _ORDER_GUARDS for f in run_guards(JudgeTask.EQUIVALENCE, candidate, reference))


def test_most_held_out_swaps_are_caught() -> None:
    missed = [pair for pair in SWAPPED if not _flagged(*pair)]
    assert len(SWAPPED) - len(missed) >= 0.8 * len(SWAPPED), missed


def test_symmetric_exchanges_are_left_alone() -> None:
    flagged = [pair for pair in SYMMETRIC if _flagged(*pair)]
    assert len(flagged) <= 1, flagged


def test_the_held_out_set_shares_no_pair_with_the_development_set() -> None:
    import gzip
    import json
    from pathlib import Path

    pairs = Path(__file__).resolve().parents[1] / "data" / "judge_pairs.jsonl.gz"
    with gzip.open(pairs, "rt", encoding="utf-8") as handle:
        known = {(row["text_a"], row["text_b"]) for row in map(json.loads, handle)}
    assert not known & set(SWAPPED + SYMMETRIC)
