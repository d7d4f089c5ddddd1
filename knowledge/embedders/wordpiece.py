"""The all-MiniLM-L6-v2 WordPiece tokenizer, shipped in ``knowledge/assets``.

The chunker and the local embedder must agree on what a token is, so both load the tokenizer from
here. The shipped file is the original, unmodified; it enables truncation at 128 tokens and
fixed padding, which we turn off (for counting) or replace (for embedding) at load time.
"""

from __future__ import annotations

import functools
import hashlib
from importlib import resources

from tokenizers import Tokenizer

TOKENIZER_FILE = "minilm-tokenizer.json"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
# all-MiniLM-L6-v2 was trained on sequences of at most 256 tokens, [CLS] and [SEP] included.
MODEL_MAX_TOKENS = 256
SPECIAL_TOKENS_PER_TEXT = 2  # [CLS] ... [SEP]


class TokenizerIntegrityError(RuntimeError):
    """The shipped tokenizer file is missing or is not the one kassist was built with."""


@functools.cache
def _tokenizer_bytes() -> bytes:
    resource = resources.files("knowledge.assets").joinpath(TOKENIZER_FILE)
    try:
        data = resource.read_bytes()
    except OSError as exc:
        raise TokenizerIntegrityError(
            f"cannot read the MiniLM tokenizer {TOKENIZER_FILE} from knowledge/assets ({exc}); "
            "reinstall kassist"
        ) from exc
    digest = hashlib.sha256(data).hexdigest()
    if digest != TOKENIZER_SHA256:
        raise TokenizerIntegrityError(
            f"knowledge/assets/{TOKENIZER_FILE} has sha256 {digest}, expected {TOKENIZER_SHA256}; "
            "the file was modified or corrupted, reinstall kassist"
        )
    return data


@functools.cache
def counting_tokenizer() -> Tokenizer:
    """A tokenizer with no truncation and no padding, for measuring text."""
    tokenizer = Tokenizer.from_str(_tokenizer_bytes().decode("utf-8"))
    tokenizer.no_truncation()
    tokenizer.no_padding()
    return tokenizer


def embedding_tokenizer(max_tokens: int) -> Tokenizer:
    """A tokenizer that truncates to ``max_tokens`` and pads each batch to its longest text."""
    return _embedding_tokenizer(max_tokens)


@functools.cache
def _embedding_tokenizer(max_tokens: int) -> Tokenizer:
    tokenizer = Tokenizer.from_str(_tokenizer_bytes().decode("utf-8"))
    tokenizer.enable_truncation(max_length=max_tokens)
    tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
    return tokenizer


def count_model_tokens(text: str, *, with_special_tokens: bool = True) -> int:
    """Tokens ``text`` takes in the MiniLM model, including [CLS]/[SEP] unless told otherwise."""
    encoding = counting_tokenizer().encode(text, add_special_tokens=with_special_tokens)
    return len(encoding.ids)
