"""Every Eval Ever (EEE): evaluation results as an aggregate record and instance-level JSONL.

``export_eee(results, executed, model_id="org/model", out_dir="out")`` writes
``out/data/<benchmark>/<org>/<model>/<uuid>.json`` and ``<uuid>_samples.jsonl``, valid against the EEE schema
0.3.0 (current) or 0.2.0, both shipped with MorganaBench (:func:`load_schema`).
"""

from ._export import EVAL_LIBRARY, EeeExport, EeeMetadata, export_eee
from ._instance import InstanceContext, instance_record, sample_hash
from ._paths import UnportableName
from ._schemas import DEFAULT_SCHEMA_VERSION, SCHEMA_VERSIONS, load_schema, schema_errors, validate_record

__all__ = [
    "DEFAULT_SCHEMA_VERSION",
    "EVAL_LIBRARY",
    "SCHEMA_VERSIONS",
    "EeeExport",
    "EeeMetadata",
    "InstanceContext",
    "UnportableName",
    "export_eee",
    "instance_record",
    "load_schema",
    "sample_hash",
    "schema_errors",
    "validate_record",
]
