"""The one logistic regression of the bench scripts that learn a decision (session 27, h6).

Every learned model of the bench is the same thing: P(y = 1 | x) = sigmoid(x @ w + b), fitted by
minimising the weighted log loss plus an L2 penalty per weight,

    sum_i weight_i * logloss(y_i, p_i) + 1/2 * sum_j penalty_j * w_j ** 2.

Two solvers of that one objective, chosen by the matrix's width:

- :func:`newton` - Newton's method (iteratively reweighted least squares) for a dense matrix of a
  few dozen columns: each step solves with the exact Hessian, so it converges in a handful of steps
  to the optimum, whatever the features' scales; deterministic. Used by bench/abstain_learn.py,
  bench/abstain_words.py (the intercept is a column of ones, not penalised: :func:`ridge`) and
  bench/answer_quality_dev_rank.py (pairwise, on feature differences, no intercept).
- :func:`adam` - full-batch Adam for a fixed number of steps from zeros, for a wide sparse matrix
  (bench/train_poisoning_screen.py's hashed character n-grams: the Hessian would not fit in memory).
  It does not run to convergence: the fixed step count is part of the model it trains (the shipped
  memory/manager/screen/learned.npz), in float32 as the screen reads it.

Until session 27 each of the four scripts carried its own copy; the copies differed only in their
stopping rule (a fixed 50 or 100 Newton steps, or steps until none moves a weight by more than
1e-8) and in a 1e-9 jitter on abstain_learn's Hessian, which :func:`newton` drops. Moving them here
changed no printed figure at a penalty above 0 (commit f1ea368: each leave-one-set-out fit re-run on
the same inputs, weights within 6e-14) and no written model: :func:`adam` is the old loop moved
unchanged, bit-identical weights on the same inputs (commit fe7c1d2). Without the jitter an
unpenalised fit of a feature that never varies, or of separable data, is refused (LinAlgError)
where the old copy returned weights; bench/abstain_learn.py's ``--ridge`` therefore takes only
values above 0.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float64]

# Newton's method converges quadratically near the optimum: on the bench's data (at most a few
# thousand rows, a ridge on every weight but the intercept) it stops after 6-10 steps (session 27);
# the cap only guards a penalty so small that the data are separable.
NEWTON_STEPS = 100
# A step below this moves no probability by more than ~1e-9 on features of order one.
NEWTON_TOLERANCE = 1e-10


def sigmoid(z: npt.ArrayLike) -> Vector:
    """The logistic function, elementwise."""
    out: Vector = np.asarray(1 / (1 + np.exp(-np.asarray(z, dtype=np.float64))))
    return out


def ridge(columns: int, strength: float, free: int | None = 0) -> Vector:
    """A penalty of ``strength`` on every weight but column ``free`` (the intercept's column of
    ones; None: every weight penalised)."""
    penalty = np.full(columns, float(strength))
    if free is not None:
        penalty[free] = 0.0
    return penalty


def newton(
    x: npt.NDArray[np.floating[Any]],
    y: npt.NDArray[np.floating[Any]],
    penalty: Vector | float,
    weight: npt.NDArray[np.floating[Any]] | None = None,
) -> Vector:
    """The weights minimising the objective above (no separate intercept: give ``x`` a column of
    ones and leave it unpenalised, see :func:`ridge`), by Newton steps from zeros until no weight
    moves more than NEWTON_TOLERANCE (at most NEWTON_STEPS).

    ``y``: 1 or 0 per row (a probability also works); ``penalty``: per column or one for all;
    ``weight``: per row (default 1). Every column needs a penalty or some variance: an unpenalised
    constant-zero column leaves the Hessian singular (numpy's LinAlgError), as it should - its
    weight is not defined.
    """
    rows, columns = x.shape
    w = np.zeros(columns)
    sw = np.ones(rows) if weight is None else np.asarray(weight, dtype=np.float64)
    pen = np.broadcast_to(np.asarray(penalty, dtype=np.float64), (columns,))
    for _ in range(NEWTON_STEPS):
        p = sigmoid(x @ w)
        grad = x.T @ (sw * (p - y)) + pen * w
        hess = (x * (sw * p * (1 - p))[:, None]).T @ x + np.diag(pen)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < NEWTON_TOLERANCE:
            break
    return w


def adam(
    x: Any,
    y: npt.NDArray[np.float32],
    weight: npt.NDArray[np.float32],
    l2: float,
    steps: int,
    lr: float = 0.05,
) -> tuple[npt.NDArray[np.float32], float]:
    """Weights and intercept after ``steps`` full-batch Adam steps from zeros (betas 0.9, 0.999).

    ``x``: rows of features, dense or a scipy sparse matrix; ``weight``: per row, the loss being
    the weighted mean (``weight`` / rows) - its gradient's scale is what the step size ``lr``
    assumes; ``l2``: the penalty on the weights (not the intercept). Computed in float32 like the
    weights it returns.
    """
    w = np.zeros(x.shape[1], dtype=np.float32)
    b = 0.0
    m, v, mb, vb = np.zeros_like(w), np.zeros_like(w), 0.0, 0.0
    b1, b2 = 0.9, 0.999
    for t in range(1, steps + 1):
        p = 1 / (1 + np.exp(-(x @ w + b)))
        g = (weight * (p - y) / len(y)).astype(np.float32)
        gw, gb = x.T @ g + l2 * w, float(g.sum())
        m, v = b1 * m + (1 - b1) * gw, b2 * v + (1 - b2) * gw * gw
        mb, vb = b1 * mb + (1 - b1) * gb, b2 * vb + (1 - b2) * gb * gb
        w -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-8)
        b -= lr * (mb / (1 - b1**t)) / (np.sqrt(vb / (1 - b2**t)) + 1e-8)
    return w, b
