"""A game's result as tournament points, exactly (``Fraction``), and how points are shown."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

_VULGAR = {
    Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔", Fraction(1, 4): "¼",
    Fraction(3, 4): "¾", Fraction(1, 5): "⅕", Fraction(2, 5): "⅖", Fraction(3, 5): "⅗",
    Fraction(4, 5): "⅘", Fraction(1, 6): "⅙", Fraction(5, 6): "⅚", Fraction(1, 8): "⅛",
    Fraction(3, 8): "⅜", Fraction(5, 8): "⅝", Fraction(7, 8): "⅞",
}  # fmt: skip


def finishing_places(
    scores: Sequence[float], winners: Iterable[int], resigned: Sequence[int] = ()
) -> tuple[int, ...]:
    """Each seat's place, 0 first; equal seats share a place (competition ranking: 0, 0, 2).

    Winners come first (all sharing first place), then the other seats by score, then
    the seats that resigned or timed out, in ``resigned`` order, the earliest lowest.
    The arguments are what the rules module and the move history give:
    ``rules.scores(state)``, ``rules.winners(state)`` and the seats of ``resign`` entries.

    >>> finishing_places([3, 5, 4, 0], winners=[1], resigned=[3])
    (2, 0, 1, 3)
    """
    winners, resigned = set(winners), list(resigned)
    if winners & set(resigned) or len(set(resigned)) != len(resigned):
        raise ValueError("a resigned seat cannot win, nor resign twice")
    if any(not 0 <= seat < len(scores) for seat in winners | set(resigned)):
        raise ValueError(f"seats run from 0 to {len(scores) - 1}")

    def key(seat: int) -> tuple:
        if seat in winners:
            return (2, 0)
        if seat in resigned:
            return (0, resigned.index(seat))
        return (1, scores[seat])

    keys = [key(seat) for seat in range(len(scores))]
    return tuple(sum(other > mine for other in keys) for mine in keys)


def seat_points(places: Sequence[int]) -> tuple[Fraction, ...]:
    """Each seat scores the share of the other seats it finished above, ties counting half.

    So a two-player win is 1, a draw ½, a loss 0; in a four-player game first scores 1,
    second ⅔, third ⅓, last 0.

    >>> [str(p) for p in seat_points([0, 1, 1, 3])]
    ['1', '1/2', '1/2', '0']
    """
    others = len(places) - 1
    return tuple(
        Fraction(
            2 * sum(p > mine for p in places) + sum(p == mine for p in places) - 1, 2 * others
        )
        for mine in places
    )


def format_points(value: Fraction | int) -> str:
    """Points as a person reads them: ``1½``, ``⅔``, ``3``; other fractions to two decimals.

    >>> format_points(Fraction(7, 2)), format_points(Fraction(2, 3)), format_points(Fraction(5, 7))
    ('3½', '⅔', '0.71')
    """
    value = Fraction(value)
    sign, value = ("-", -value) if value < 0 else ("", value)
    whole, part = divmod(value, 1)
    if part == 0:
        return f"{sign}{whole}"
    if part in _VULGAR:
        return f"{sign}{whole or ''}{_VULGAR[part]}"
    return f"{sign}{float(value):.2f}"


def number_format(values: Iterable[Fraction | int]) -> Callable[[Fraction | int], str]:
    """One format for a whole table of numbers, so ``⅙`` and ``1.78`` never stand side by
    side: :func:`format_points` when every value is in quarters (two-player events), else
    two decimals for every value.

    >>> number_format([Fraction(7, 2), Fraction(11, 4)])(Fraction(3, 2))
    '1½'
    >>> number_format([Fraction(7, 2), Fraction(1, 6)])(Fraction(3, 2))
    '1.50'
    """
    if all(4 % Fraction(v).denominator == 0 for v in values):
        return format_points
    return lambda value: f"{float(value):.2f}"
