"""The rating maths, pure: no Flask, no database.

A player's skill at one game is a belief ``N(mu, sigma²)``. After a game every player's
belief moves at once by the Bayesian approximation of Weng & Lin (2011, "A Bayesian
Approximation Method for Online Ranking", Algorithm 4) under the Plackett–Luce model, with
ties sharing a place. It is the model openskill calls ``PlackettLuce`` with
``limit_sigma=True`` and its defaults otherwise; the tests check these numbers against
openskill's. It is written out here because a rebuild rates every game ever played, and
openskill's general entry point (teams, weights, deep copies) costs ten times as much per
game.

The number shown is conservative, ``1000 + 25 × (mu − 3 sigma)`` rounded: a newcomer shows
1000 and rises as the games make the belief surer. 25 points per unit of ``mu`` make
differences read roughly like Elo points between established players (see :data:`SCALE`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: A newcomer's belief: openskill's defaults.
MU = 25.0
SIGMA = MU / 3
#: How much one game's performance varies around a player's skill.
BETA = SIGMA / 2
#: Added to every sigma before each game, so that a rating can keep moving.
TAU = MU / 300
#: The least share of its variance a belief keeps in one game.
KAPPA = 1e-4
#: The shown number: ``BASE + SCALE × (mu − 3 sigma)``. Between two players with
#: sigma ≈ 2, a difference of one ``mu`` is worth about as much as 26 Elo points.
BASE, SCALE = 1000, 25
#: Fewer rated games than this and a rating is provisional (marked, and listed apart from the
#: ranked leaderboard).
PROVISIONAL_GAMES = 5

_BETA_SQUARED = BETA * BETA
_TAU_SQUARED = TAU * TAU


@dataclass(frozen=True, slots=True)
class Skill:
    """A belief about a player's skill at one game."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """The skill the player has with about 99.9% certainty: ``mu − 3 sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The number players see.

        >>> Skill().shown, Skill(30.0, 2.0).shown
        (1000, 1600)
        """
        return shown(self.ordinal)


def shown(ordinal: float) -> int:
    """The displayed rating of a conservative estimate ``mu − 3 sigma``."""
    return round(BASE + SCALE * ordinal)


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def rating_text(rating: int, provisional: bool) -> str:
    """A rating as every page, feed and mail writes it: ``1086``, or ``1000?`` while it is
    provisional (``templates/ratings/_rating.html`` is the same for HTML)."""
    return f"{rating}?" if provisional else str(rating)


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """Every player's skill after one game, in the order given.

    ``places`` are the finishing places (0 first; equal places share a place, as in
    competition ranking). The update, for player ``i`` with ``v_i = sigma_i² + tau²``,
    ``c² = Σ (v_j + beta²)``, ``s_j = exp(mu_j / c)``, and for each place ``q`` at or above
    ``i``'s, ``p_q = s_i / Σ_{j placed at q or below} s_j``:

    - ``mu_i += v_i / c × (1 / A_i − Σ_q p_q)``, ``A_i`` being how many share ``i``'s place
      (each tied player counts as first among the tied once, with weight ``1 / A``);
    - ``sigma_i² = v_i × max(1 − (sqrt(v_i) / c) × (v_i / c²) × Σ_q p_q (1 − p_q), kappa)``,
      and never more than before the game.

    >>> winner, loser = rate([Skill(), Skill()], [0, 1])
    >>> round(winner.mu, 4), round(loser.mu, 4), round(winner.sigma, 4)
    (27.6354, 22.3646, 8.0659)

    :raises ValueError: fewer than two players, or not one place per player.
    """
    n = len(skills)
    if n < 2 or len(places) != n:
        raise ValueError("a rated game has two or more players, each with a place")
    mus, sigmas = rate_values([s.mu for s in skills], [s.sigma for s in skills], places)
    return [Skill(mu, sigma) for mu, sigma in zip(mus, sigmas, strict=True)]


def rate_values(mus: Sequence[float], sigmas: Sequence[float],
                places: Sequence[int]) -> tuple[list[float], list[float]]:
    """:func:`rate` on plain floats: the ``mu`` and ``sigma`` of every player after the game.

    This is the arithmetic itself, shared by the rating of each game as it finishes and by a
    rebuild of every rating (which calls it a million times and cannot afford an object per
    player per game), so the two give the same numbers to the last bit. The caller checks
    the arguments (two or more players, one place each).

    >>> rate_values([25.0, 25.0], [SIGMA, SIGMA], [0, 0])[0] == [25.0, 25.0]
    True
    """
    n = len(mus)
    if n == 2:
        mu0, sigma0, mu1, sigma1 = rate_two(mus[0], sigmas[0], mus[1], sigmas[1], places[0],
                                            places[1])
        return [mu0, mu1], [sigma0, sigma1]
    return rate_many(mus, sigmas, places)


def rate_many(mus: Sequence[float], sigmas: Sequence[float],
              places: Sequence[int]) -> tuple[list[float], list[float]]:
    """:func:`rate_values` for any number of players: the update as :func:`rate` states it."""
    n = len(mus)
    variances = [sigma * sigma + _TAU_SQUARED for sigma in sigmas]
    c = math.sqrt(sum(variances) + n * _BETA_SQUARED)
    cubed = c * c * c
    strengths = [math.exp(mu / c) for mu in mus]
    distinct = sorted(set(places))
    # for each distinct place: the strengths of everyone placed there or below
    fields = []
    for q in distinct:
        field = 0.0
        for strength, place in zip(strengths, places, strict=True):
            if place >= q:
                field += strength
        fields.append(field)
    new_mus, new_sigmas = [], []
    for i in range(n):
        strength, variance, place = strengths[i], variances[i], places[i]
        omega, delta = 1.0 / places.count(place), 0.0
        for q, field in zip(distinct, fields, strict=True):
            if q > place:
                break
            share = strength / field
            omega -= share
            delta += share * (1.0 - share)
        new_mus.append(mus[i] + variance / c * omega)
        sigma = math.sqrt(variance * max(1.0 - math.sqrt(variance) * variance / cubed * delta,
                                         KAPPA))
        new_sigmas.append(sigma if sigma < sigmas[i] else sigmas[i])
    return new_mus, new_sigmas


def rate_two(mu0: float, sigma0: float, mu1: float, sigma1: float, place0: int, place1: int
             ) -> tuple[float, float, float, float]:
    """:func:`rate_many` for two players, worked out and written flat (nine games in ten have
    two players): the same operations in the same order, so the same floats to the last bit
    (a test checks), without a list or a loop. Returns ``mu0, sigma0, mu1, sigma1`` after.
    """
    v0, v1 = sigma0 * sigma0 + _TAU_SQUARED, sigma1 * sigma1 + _TAU_SQUARED
    c = math.sqrt(v0 + v1 + 2 * _BETA_SQUARED)
    cubed = c * c * c
    s0, s1 = math.exp(mu0 / c), math.exp(mu1 / c)
    both = s0 + s1
    share0, share1 = s0 / both, s1 / both
    delta0, delta1 = share0 * (1.0 - share0), share1 * (1.0 - share1)
    if place0 == place1:
        omega0, omega1 = 0.5 - share0, 0.5 - share1
    elif place0 < place1:  # the second player's field then holds only them: a share of 1
        omega0, omega1 = 1.0 - share0, 1.0 - share1 - 1.0
    else:
        omega0, omega1 = 1.0 - share0 - 1.0, 1.0 - share1
    after0 = math.sqrt(v0 * max(1.0 - math.sqrt(v0) * v0 / cubed * delta0, KAPPA))
    after1 = math.sqrt(v1 * max(1.0 - math.sqrt(v1) * v1 / cubed * delta1, KAPPA))
    return (mu0 + v0 / c * omega0, after0 if after0 < sigma0 else sigma0,
            mu1 + v1 / c * omega1, after1 if after1 < sigma1 else sigma1)
