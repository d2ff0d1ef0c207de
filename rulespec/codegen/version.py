"""What a generated engine records about how it was made, readable without importing the generator.

``rulespec.load`` compares a committed engine's ``SOURCE_HASH`` and ``GENERATOR_VERSION`` with these
before it trusts the engine, so it needs them without the checker and the generator (which import
most of the compiler). Bump GENERATOR_VERSION here whenever generated code changes shape.
"""

from __future__ import annotations

import hashlib

GENERATOR_VERSION = "176"


def source_hash(text: str) -> str:
    """The hash an engine records of the rule text (and variants) it was generated from."""
    # surrogatepass: a text handed to the API may hold lone surrogates; hashing must not crash on them.
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
