"""Zero-sum matrix games solved exactly (to a float tolerance) by the simplex method.

``solve(payoff)`` takes the row player's payoffs (a list of rows; the row player maximises,
the column player minimises) and returns ``(value, rows, columns)``: the value of the game
and an optimal mixed strategy for each side, as lists of probabilities.

The method is the textbook one: shift the payoffs so that all are positive (the value shifts
by the same amount, the strategies do not), then the column player's problem is the linear
program "maximise sum(y) subject to payoff . y <= 1, y >= 0", whose slack basis is feasible
from the start (no phase one).  At the optimum 1 / sum(y) is the shifted value, y scaled by
it is the column player's strategy, and the prices of the slack rows, scaled alike, are the
row player's.  Pivots follow Dantzig's rule (the most negative reduced cost), ties broken by
the lowest index; after many pivots that do not raise the objective it switches to Bland's
rule, which cannot cycle.

Pure Python on purpose: it runs in the browser (Pyodide) as well, and a game of 50 x 50 bids
takes a few milliseconds.

>>> value, rows, columns = solve([[1, -1], [-1, 1]])   # matching pennies
>>> round(value, 9), [round(p, 9) for p in rows], [round(p, 9) for p in columns]
(0.0, [0.5, 0.5], [0.5, 0.5])
"""

from __future__ import annotations

import math

EPSILON = 1e-12          # smaller reduced costs count as zero
PIVOT_EPSILON = 1e-9     # smaller coefficients are never pivots
RATIO_TOLERANCE = 1e-10  # how far a right-hand side may go below zero (Harris's test)
STALL_LIMIT = 50         # pivots without progress before Bland's rule takes over


def solve(payoff: list[list[float]]) -> tuple[float, list[float], list[float]]:
    """The value of the matrix game ``payoff`` for the row player and an optimal mixed
    strategy of each player (see the module docstring)."""
    height, width = len(payoff), len(payoff[0])
    if height == 0 or width == 0 or any(len(row) != width for row in payoff):
        raise ValueError("a matrix game needs a non-empty rectangle of payoffs")
    low = min(min(row) for row in payoff)
    high = max(max(row) for row in payoff)
    if high - low <= EPSILON:           # every choice gives the same: any strategy is optimal
        return float(low), _pure(height, 0), _pure(width, 0)
    shift = 1.0 - low                   # every shifted payoff is at least 1
    # the tableau: one row per row-player choice, [shifted payoffs | slack identity | 1]
    tableau = [[value + shift for value in row] + [0.0] * height + [1.0] for row in payoff]
    for index, row in enumerate(tableau):
        row[width + index] = 1.0
    objective = [-1.0] * width + [0.0] * height + [0.0]
    basis = [width + index for index in range(height)]
    _optimise(tableau, objective, basis)
    total = objective[-1]               # sum(y) = 1 / shifted value
    scale = 1.0 / total
    columns = [0.0] * width
    for row, variable in zip(tableau, basis):
        if variable < width:
            columns[variable] = max(0.0, row[-1]) * scale
    rows = [max(0.0, objective[width + index]) * scale for index in range(height)]
    return scale - shift, _normalised(rows), _normalised(columns)


def _optimise(tableau: list[list[float]], objective: list[float], basis: list[int]) -> None:
    """Pivot until no reduced cost is negative (the tableau, the objective row and the basis
    are changed in place).  The leaving row is chosen by Harris's two-pass ratio test: among
    the rows whose ratio is within a tolerance of the smallest, the largest pivot, which
    keeps the rounding errors of degenerate games (many equal payoffs) from growing."""
    stalled = 0
    columns = len(objective) - 1
    for _ in range(10_000):
        if stalled < STALL_LIMIT:
            entering, best = -1, -EPSILON
            for column in range(columns):
                if objective[column] < best:
                    entering, best = column, objective[column]
        else:
            entering = next((c for c in range(columns) if objective[c] < -EPSILON), -1)
        if entering < 0:
            return
        leaving = _leaving_row(tableau, entering, basis, bland=stalled >= STALL_LIMIT)
        if leaving < 0:                 # cannot happen: every payoff is positive
            raise ArithmeticError("the linear program is unbounded")
        before = objective[-1]
        _pivot(tableau, objective, leaving, entering)
        basis[leaving] = entering
        stalled = stalled + 1 if objective[-1] <= before + EPSILON else 0
    raise ArithmeticError("the simplex method did not converge")


def _leaving_row(tableau: list[list[float]], entering: int, basis: list[int], bland: bool) -> int:
    bound = math.inf
    for row in tableau:
        coefficient = row[entering]
        if coefficient > PIVOT_EPSILON:
            bound = min(bound, (row[-1] + RATIO_TOLERANCE) / coefficient)
    leaving, size = -1, 0.0
    for index, row in enumerate(tableau):
        coefficient = row[entering]
        if coefficient > PIVOT_EPSILON and row[-1] / coefficient <= bound:
            if bland:
                better = leaving < 0 or basis[index] < basis[leaving]
            else:
                better = coefficient > size
            if better:
                leaving, size = index, coefficient
    return leaving


def _pivot(tableau: list[list[float]], objective: list[float], leaving: int, entering: int) -> None:
    pivot_row = tableau[leaving]
    factor = 1.0 / pivot_row[entering]
    pivot_row[:] = [value * factor for value in pivot_row]
    for index, row in enumerate(tableau):
        if index != leaving:
            multiple = row[entering]
            if multiple != 0.0:
                row[:] = [value - multiple * pivot for value, pivot in zip(row, pivot_row)]
                if row[-1] < 0.0:       # within the ratio tolerance: a rounding error
                    row[-1] = 0.0
    multiple = objective[entering]
    objective[:] = [value - multiple * pivot for value, pivot in zip(objective, pivot_row)]


def _pure(size: int, choice: int) -> list[float]:
    return [1.0 if index == choice else 0.0 for index in range(size)]


def _normalised(weights: list[float]) -> list[float]:
    """Probabilities that add up to 1 (rounding leaves the simplex's a hair off)."""
    total = sum(weights)
    return [weight / total for weight in weights]


def guaranteed(payoff: list[list[float]], rows: list[float], columns: list[float]) -> tuple[float, float]:
    """What each strategy guarantees: (the row player's worst expected payoff against every
    pure column, the column player's worst, i.e. the highest expected payoff he concedes
    against every pure row).  Both equal the value exactly when the strategies are optimal:
    a certificate that does not trust the simplex."""
    width = len(payoff[0])
    floor = min(sum(p * row[column] for p, row in zip(rows, payoff)) for column in range(width))
    ceiling = max(sum(q * value for q, value in zip(columns, row)) for row in payoff)
    return floor, ceiling
