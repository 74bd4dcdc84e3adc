"""The rating maths: hand-worked updates from Weng & Lin's Plackett-Luce formulas, the same
numbers as openskill's, and a winner who never goes down."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from pbem.ratings import chart, skill
from pbem.ratings.results import plain_places
from pbem.ratings.skill import BETA, KAPPA, TAU, Skill, rate
from pbem.tournaments.logic.scoring import finishing_places

OPENSKILL = PlackettLuce(limit_sigma=True)


def paper_update(skills, places):
    """Weng & Lin (2011), Algorithm 4 with the Plackett-Luce model, as the paper writes it:
    one term per team q placed at or above i, each divided by A_q, the teams sharing q's
    place; C_q the teams placed at q or below. Sigma first gets tau² added (openskill's
    additive dynamics) and may not grow (limit_sigma)."""
    variances = [s.sigma ** 2 + TAU ** 2 for s in skills]
    c = math.sqrt(sum(v + BETA ** 2 for v in variances))
    e = [math.exp(s.mu / c) for s in skills]
    out = []
    for i, before in enumerate(skills):
        omega = delta = 0.0
        for q in range(len(skills)):
            if places[q] > places[i]:
                continue
            a_q = sum(p == places[q] for p in places)
            share = e[i] / sum(e[s] for s in range(len(skills)) if places[s] >= places[q])
            omega += ((1.0 if q == i else 0.0) - share) / a_q
            delta += share * (1 - share) / a_q
        gamma = math.sqrt(variances[i]) / c
        mu = before.mu + variances[i] / c * omega
        sigma2 = variances[i] * max(1 - gamma * variances[i] / c ** 2 * delta, KAPPA)
        out.append(Skill(mu, min(math.sqrt(sigma2), before.sigma)))
    return out


def openskill_update(skills, places):
    rated = OPENSKILL.rate([[OPENSKILL.rating(mu=s.mu, sigma=s.sigma)] for s in skills],
                           ranks=list(places))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


def assert_close(got, expected):
    assert len(got) == len(expected)
    for a, b in zip(got, expected, strict=True):
        assert a.mu == pytest.approx(b.mu, abs=1e-9)
        assert a.sigma == pytest.approx(b.sigma, abs=1e-9)


def test_a_two_player_win_between_newcomers_worked_by_hand():
    # v = (25/3)² + (1/12)²; c² = 2v + 2 (25/6)²; equal skills: the winner's share is ½.
    v = (25 / 3) ** 2 + (1 / 12) ** 2
    c = math.sqrt(2 * v + 2 * (25 / 6) ** 2)
    assert c == pytest.approx(13.176684, abs=1e-6)
    winner_mu = 25 + v / c * (1 - 0.5)               # Ω = 1 − ½
    loser_mu = 25 + v / c * (0 - 0.5 + 1 - 1)        # q = winner: −½; q = loser: 1 − 1
    sigma = math.sqrt(v * (1 - math.sqrt(v) / c * v / c ** 2 * 0.25))  # Δ = ½ · ½
    assert (winner_mu, loser_mu, sigma) == pytest.approx((27.635389, 22.364611, 8.065901),
                                                         abs=1e-6)
    winner, loser = rate([Skill(), Skill()], [0, 1])
    assert winner == Skill(pytest.approx(winner_mu), pytest.approx(sigma))
    assert loser == Skill(pytest.approx(loser_mu), pytest.approx(sigma))
    assert (winner.shown, loser.shown) == (1086, 954)
    assert_close([winner, loser], openskill_update([Skill(), Skill()], [0, 1]))


def test_a_two_player_draw_moves_the_stronger_down_and_the_weaker_up():
    strong, weak = Skill(30.0, 4.0), Skill(20.0, 6.0)
    # Both share place 0 (A = 2): Ω_i = (1 − 2 p_i) / 2, Δ_i = p_i (1 − p_i).
    va, vb = 16 + TAU ** 2, 36 + TAU ** 2
    c = math.sqrt(va + vb + 2 * BETA ** 2)
    p = math.exp(30 / c) / (math.exp(30 / c) + math.exp(20 / c))
    expected_a = Skill(30 + va / c * (1 - 2 * p) / 2,
                       min(4.0, math.sqrt(va * (1 - math.sqrt(va) / c * va / c ** 2
                                                * p * (1 - p)))))
    expected_b = Skill(20 + vb / c * (1 - 2 * (1 - p)) / 2,
                       math.sqrt(vb * (1 - math.sqrt(vb) / c * vb / c ** 2 * p * (1 - p))))
    a, b = rate([strong, weak], [0, 0])
    assert_close([a, b], [expected_a, expected_b])
    assert a.mu < 30 and b.mu > 20
    assert_close([a, b], openskill_update([strong, weak], [0, 0]))


def test_a_four_player_result_with_a_shared_place_updates_everyone_at_once():
    skills = [Skill(28.0, 3.0), Skill(25.0, 8.333), Skill(22.0, 5.0), Skill(31.0, 2.5)]
    places = [0, 1, 1, 3]  # two players tie for second
    after = rate(skills, places)
    assert_close(after, paper_update(skills, places))
    assert_close(after, openskill_update(skills, places))
    assert after[0].mu > skills[0].mu and after[3].mu < skills[3].mu
    assert all(a.sigma <= s.sigma for a, s in zip(after, skills, strict=True))
    # the shared place: the weaker of the tied pair gains more than the stronger
    assert after[2].mu - skills[2].mu > after[1].mu - skills[1].mu


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 50), st.floats(0.5, 9)), min_size=2, max_size=4),
       st.data())
def test_the_update_is_openskills_plackett_luce(pairs, data):
    skills = [Skill(mu, sigma) for mu, sigma in pairs]
    places = data.draw(st.lists(st.integers(0, len(skills) - 1), min_size=len(skills),
                                max_size=len(skills)))
    assert_close(rate(skills, places), openskill_update(skills, places))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.tuples(st.floats(0, 50), st.floats(0.5, 9)), min_size=1,
                         max_size=3), min_size=1, max_size=30))
def test_a_player_who_wins_every_game_never_goes_down(games):
    hero = Skill()
    for opponents in games:
        field = [hero] + [Skill(mu, sigma) for mu, sigma in opponents]
        places = [0] + [1 + n % 2 for n in range(len(opponents))]
        after = rate(field, places)[0]
        assert after.ordinal >= hero.ordinal and after.shown >= hero.shown
        hero = after


@settings(max_examples=300, deadline=None)
@given(st.floats(-20, 70), st.floats(0.01, 9), st.floats(-20, 70), st.floats(0.01, 9),
       st.sampled_from([(0, 0), (0, 1), (1, 0), (2, 2)]))
def test_two_players_rated_flat_give_the_general_update_to_the_last_bit(mu0, sigma0, mu1,
                                                                       sigma1, places):
    mus, sigmas = skill.rate_many([mu0, mu1], [sigma0, sigma1], places)
    assert skill.rate_two(mu0, sigma0, mu1, sigma1, *places) == (
        mus[0], sigmas[0], mus[1], sigmas[1])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=2, max_size=4), st.data())
def test_places_of_a_game_nobody_left_are_its_finishing_places(scores, data):
    winners = data.draw(st.lists(st.integers(0, len(scores) - 1), unique=True, max_size=2))
    assert tuple(plain_places({"winners": winners, "scores": scores})) == finishing_places(
        scores, winners)


def test_bad_games_are_refused():
    with pytest.raises(ValueError):
        rate([Skill()], [0])
    with pytest.raises(ValueError):
        rate([Skill(), Skill()], [0])


def test_provisional_until_enough_games():
    assert skill.is_provisional(skill.PROVISIONAL_GAMES - 1)
    assert not skill.is_provisional(skill.PROVISIONAL_GAMES)


def test_the_chart_spans_its_values():
    values = [1000, 980, 1210, 1190]
    drawn = chart.line_chart(values)
    ys = [y for _, y in drawn.dots]
    assert ys.index(min(ys)) == 2 and ys.index(max(ys)) == 1  # higher value, higher up
    labels = [label for _, label in drawn.grid]
    assert labels[0] <= min(values) and labels[-1] >= max(values) and len(labels) <= 6
    single = chart.line_chart([1000])
    assert len(single.dots) == 1 and len(single.grid) >= 2


def test_the_maths_pulls_in_no_flask_or_database():
    code = ("import sys, pbem.ratings.skill, pbem.ratings.chart; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'flask', 'sqlalchemy', 'flask_sqlalchemy', 'psycopg', 'openskill'}))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
