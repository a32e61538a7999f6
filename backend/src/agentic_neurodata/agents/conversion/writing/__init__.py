"""Writing: one NWB version from a settled detection, in a worker process (worker.py): the plan of
NeuroConv interfaces (plan.py), the metadata NeuroConv gets (final_metadata.py), fast bounded-memory
writing (runner.py, fastwrite.py, codec.py), conversion options asked for by corrections
(corrections.py), versioned names and checksums (versions.py, naming.py), the upload guard
(inputs.py), failures in plain words (failures.py) and the NeuroConv specification (specification.py).
"""

from .corrections import validate_options
from .failures import explain as explain_failure
from .inputs import changes, fingerprint, source_files
from .naming import dandi_name, dandi_versions_on_disk, modalities
from .runner import ConversionOutcome, WriteSettings
from .specification import write_beside
from .versions import next_version, partial_path, publish, remove_partials, safe_stem, sha256_of, version_path
from .worker import TARGET as CONVERT_TARGET

__all__ = [
    "CONVERT_TARGET",
    "ConversionOutcome",
    "WriteSettings",
    "changes",
    "dandi_name",
    "dandi_versions_on_disk",
    "explain_failure",
    "fingerprint",
    "modalities",
    "next_version",
    "partial_path",
    "publish",
    "remove_partials",
    "safe_stem",
    "sha256_of",
    "source_files",
    "validate_options",
    "version_path",
    "write_beside",
]
