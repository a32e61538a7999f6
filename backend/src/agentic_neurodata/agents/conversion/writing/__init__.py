"""Writing: one NWB version from a settled detection, in a worker process (worker.py): the plan of
NeuroConv interfaces (plan.py), the metadata NeuroConv gets (final_metadata.py), fast bounded-memory
writing (runner.py, fastwrite.py, codec.py), conversion options asked for by corrections
(corrections.py), versioned names and checksums (versions.py, naming.py), the upload guard
(inputs.py), failures in plain words (failures.py) and the NeuroConv specification (specification.py).
A metadata-only correction round derives its version from the previous one instead (rounds.py decides,
derive.py copies and rewrites); checksums.py hashes new versions while the evaluation runs.
"""

from ....metadata.nwb_mapping import electrode_location
from .corrections import validate_options
from .derive import TARGET as DERIVE_TARGET
from .derive import DerivationRefused
from .failures import explain as explain_failure
from .inputs import changes, fingerprint, source_files
from .naming import dandi_name, dandi_versions_on_disk, modalities
from .plan import ConversionPlan
from .rounds import RoundPlan, plan_round, reads_of, stream_changes, value_changes
from .runner import ConversionOutcome, WriteSettings
from .specification import write_beside
from .versions import next_version, partial_path, publish, remove_partials, safe_stem, sha256_of, version_path
from .worker import TARGET as CONVERT_TARGET

__all__ = [
    "CONVERT_TARGET",
    "DERIVE_TARGET",
    "ConversionOutcome",
    "ConversionPlan",
    "DerivationRefused",
    "RoundPlan",
    "WriteSettings",
    "changes",
    "dandi_name",
    "dandi_versions_on_disk",
    "electrode_location",
    "explain_failure",
    "fingerprint",
    "modalities",
    "next_version",
    "partial_path",
    "plan_round",
    "publish",
    "reads_of",
    "remove_partials",
    "safe_stem",
    "sha256_of",
    "source_files",
    "stream_changes",
    "validate_options",
    "value_changes",
    "version_path",
    "write_beside",
]
