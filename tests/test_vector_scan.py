"""The exact vector scan's product and top-k (kassist.db.vector_scan)."""

from __future__ import annotations

import numpy as np

from kassist.db.vector_scan import ScanMatrix, dot, top_k, unit_rows


def test_dot_is_the_matrix_vector_product() -> None:
    rng = np.random.default_rng(7)
    vectors = rng.standard_normal((500, 48)).astype(np.float32)
    query = rng.standard_normal(48).astype(np.float32)
    got = dot(vectors, query.tolist())
    assert got.dtype == np.float32 and got.shape == (500,)
    np.testing.assert_allclose(got, vectors @ query, rtol=1e-5, atol=1e-5)


def test_scan_matrix_ranks_by_cosine_whatever_the_query_length() -> None:
    rng = np.random.default_rng(8)
    vectors = unit_rows(rng.standard_normal((200, 16)).astype(np.float32))
    matrix = ScanMatrix.build([f"m{i}" for i in range(200)], vectors)
    query = rng.standard_normal(16)
    best = matrix.top_k(list(query * 10.0), 5)
    cosine = vectors @ (query / np.linalg.norm(query)).astype(np.float32)
    assert [label for label, _ in best] == [f"m{i}" for i, _ in top_k(cosine, 5)]
    np.testing.assert_allclose([s for _, s in best], np.sort(cosine)[::-1][:5], rtol=1e-5)
