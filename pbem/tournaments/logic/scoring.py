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


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def format_points(value: Fraction | int) -> str:
    """Points as a person reads them, exactly: ``1½``, ``⅔``, ``3``; any other fraction
    written the same way with the fraction slash (``1⁸⁄₉``), never as a rounded decimal.

    >>> format_points(Fraction(7, 2)), format_points(Fraction(4, 3)), format_points(Fraction(5, 7))
    ('3½', '1⅓', '⁵⁄₇')
    """
    value = Fraction(value)
    sign, value = ("-", -value) if value < 0 else ("", value)
    whole, part = divmod(value, 1)
    if part == 0:
        return f"{sign}{whole}"
    if part in _VULGAR:
        return f"{sign}{whole or ''}{_VULGAR[part]}"
    fraction = (f"{str(part.numerator).translate(_SUPERSCRIPT)}\u2044"
                f"{str(part.denominator).translate(_SUBSCRIPT)}")
    return f"{sign}{whole or ''}{fraction}"


def number_format(values: Iterable[Fraction | int]) -> Callable[[Fraction | int], str]:
    """One format for a whole table of numbers: exact fractions throughout
    (:func:`format_points`), so a multi-player event's ``1⅓`` is never shown as ``1.33``.

    >>> number_format([Fraction(7, 2), Fraction(1, 6)])(Fraction(4, 3))
    '1⅓'
    """
    return format_points
