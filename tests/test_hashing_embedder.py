import math

from knowledge.embedders import Embedder, HashingEmbedder


def test_hashing_embedder_is_deterministic_normalised_and_lexical() -> None:
    emb = HashingEmbedder(64)
    assert isinstance(emb, Embedder)
    a, b, c = emb.embed_documents(["earned leave policy", "earned leave policy", "quarterly revenue"])
    assert a == b
    assert math.isclose(sum(x * x for x in a), 1.0, rel_tol=1e-9)
    q = emb.embed_query("leave policy")
    assert sum(x * y for x, y in zip(q, a, strict=True)) > sum(x * y for x, y in zip(q, c, strict=True))
    assert emb.embed_query("") == [0.0] * 64
