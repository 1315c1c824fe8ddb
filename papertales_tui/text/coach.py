"""The coach's words (its figures are in rules/coach.py): why a hint chose what it did, what a reviewed
decision cost and why, and the statement of uncertainty the review ends with.

    why(hint, names)      # "+1.3 LP in all vs the next best: wins a War against Bob in 8 of 10 samples instead of 3"
    cost_text(assessment) # "−6.7 LP ± 1.3"
    cost_why(assessment)  # "the coach's choice: +2.0 LP this turn, 0.5 more Wars won"

Numbers as the language writes them ("+1,3" in French, `decimal`).
"""

from __future__ import annotations

from typing import Any

from ..rules.coach import Assessment, Hint
from .i18n import Area

LAST_TURN = 4  # a game's last turn (rules/state.py: 4 turns)

COACH = Area("coach")
_ = COACH.gettext

AS_GOOD = 0.05  # LP in all: below this (shown as 0.0), the choice and the next best are as good


def __getattr__(name: str) -> Any:
    """UNCERTAINTY: the statement in the coach's language when it is read (`from .coach import UNCERTAINTY`)."""
    if name == "UNCERTAINTY":
        return uncertainty()
    raise AttributeError(name)


def uncertainty() -> str:
    """The statement of uncertainty the review ends with."""
    return _("Costs are estimates in LP: the coach's choice against yours, played out by medium bots on random "
             "samples of the cards you could not see (it chooses on half of them and measures on the other half); "
             "± is a 95%% interval, '?' a cost that may be nothing; the playouts' own bias is not in it.") % {}


def _in_language(text: str) -> str:
    """A number written by Python ("1.3") with the coach's language's decimal sign (CLDR, by Babel)."""
    lang = COACH.language()
    if lang == "en":
        return text
    from babel.numbers import get_decimal_symbol

    return text.replace(".", get_decimal_symbol(lang))


def decimal(x: float, digits: int = 1) -> str:
    """`x` with `digits` decimals, rounded as Python rounds, as the language writes it ("1,3")."""
    return _in_language(f"{x:.{digits}f}")


def signed(x: float) -> str:
    """+1.3, 0.0 or −0.4 (a minus sign, as the review screen writes costs)."""
    return _in_language(f"{x:+.1f}".replace("+0.0", "0.0").replace("-0.0", "0.0").replace("-", "\N{MINUS SIGN}"))


def why(hint: Hint, names: list[str] | None = None) -> str:
    """One line, in the game's terms: what the choice is expected to bring in all against the next
    best (LP, with what the Kingdom is worth afterwards), and how: the Wars it wins against each
    neighbour, LP this turn, Gold for next turn; `names`: the players' names. When the two are as good
    on average (0.0 LP in all), it says so: either will do."""
    best, other = hint.outcomes[0], hint.runner_up
    if other is None:
        return _("the only sensible choice the coach sees")
    if best.scores == other.scores:  # (often a 2-player discard the other seat would not have taken)
        return _("the next best did exactly as well in every sample: either will do")
    n = hint.samples
    parts = []
    for j in sorted(set(best.beaten) | set(other.beaten)):
        a, b = best.beaten.get(j, 0), other.beaten.get(j, 0)
        if abs(a - b) >= max(2, n / 10):  # (a sample or two either way: noise)
            values = {"wins": a, "samples": n, "other": b}
            if names is not None and j < len(names):
                parts.append(COACH.ngettext("wins a War against %(player)s in %(wins)s of %(samples)s sample "
                                            "instead of %(other)s",
                                            "wins a War against %(player)s in %(wins)s of %(samples)s samples "
                                            "instead of %(other)s", n) % {**values, "player": names[j]})
            else:
                parts.append(COACH.ngettext("wins a War in %(wins)s of %(samples)s sample instead of %(other)s",
                                            "wins a War in %(wins)s of %(samples)s samples instead of %(other)s",
                                            n) % values)
    if not best.beaten and not other.beaten and abs(best.wars - other.wars) >= 0.1:  # (solo: the armies)
        parts.append(_("wins %(wars)s Wars on average instead of %(other)s")
                     % {"wars": decimal(best.wars), "other": decimal(other.wars)})
    if abs(best.lp - other.lp) >= 0.1:
        parts.append(_("%(lp)s LP this turn") % {"lp": signed(best.lp - other.lp)})
    if abs(best.gold - other.gold) >= 0.5:
        gold = {"gold": decimal(abs(best.gold - other.gold), 0)}
        parts.append((_("¤%(gold)s more for next turn") if best.gold > other.gold
                      else _("¤%(gold)s less for next turn")) % gold)
    reasons = ", ".join(parts)
    if abs(best.mean - other.mean) < AS_GOOD:
        if not parts:
            return _("as good as the next best on average: either will do")
        return _("as good as the next best on average: either will do (%(reasons)s)") % {"reasons": reasons}
    total = {"lp": signed(best.mean - other.mean), "reasons": reasons}
    if not parts:
        return _("%(lp)s LP in all vs the next best") % total
    return _("%(lp)s LP in all vs the next best: %(reasons)s") % total


def cost_text(a: Assessment) -> str:
    """What a decision cost, in words: "you followed the coach's hint", "the coach agrees",
    "−6.7 LP ± 1.3", "−2.0 LP, the same in every sample", "−0.4 LP ± 1.2? (perhaps nothing)",
    "as good as far as the samples tell (+0.3 LP ± 1.0)" or "yours did better: +1.2 LP ± 0.8"."""
    if a.agreed:
        return _("you followed the coach's hint") if a.on_hint else _("the coach agrees")
    values = {"lp": signed(-a.cost), "error": decimal(a.error)}
    if a.constant:
        if abs(a.cost) < 0.05:
            return _("as good: the same in every sample")
        return (_("%(lp)s LP, the same in every sample") if a.cost > 0
                else _("%(lp)s LP better, the same in every sample")) % values
    if a.cost + a.error < 0:
        return _("yours did better: %(lp)s LP ± %(error)s") % values
    if a.uncertain and a.cost <= 0:
        return _("as good as far as the samples tell (%(lp)s LP ± %(error)s)") % values
    if a.uncertain:
        return _("%(lp)s LP ± %(error)s? (perhaps nothing)") % values
    return _("%(lp)s LP ± %(error)s") % values


def cost_why(a: Assessment) -> str:
    """A word of why a decision cost what it did: what the coach's choice did better on the measuring
    samples (`Assessment.better`: LP this turn, Gold for next turn, Wars won), else that the difference
    lies in what the Kingdom is worth afterwards. "" when there is no cost to explain."""
    if a.agreed or a.better is None or a.cost < AS_GOOD:
        return ""
    lp, gold, wars = a.better
    parts = []
    if abs(wars) >= 0.1:
        parts.append((_("%(wars)s more Wars won") if wars > 0 else _("%(wars)s fewer Wars won"))
                     % {"wars": decimal(abs(wars))})
    if abs(lp) >= 0.1:
        parts.append(_("%(lp)s LP this turn") % {"lp": signed(lp)})
    last = a.turn >= LAST_TURN  # (no turn to come: the Gold left only breaks a tie)
    if abs(gold) >= 0.5:
        if last:
            parts.append((_("¤%(gold)s more left at the end") if gold > 0 else _("¤%(gold)s less left at the end"))
                         % {"gold": decimal(abs(gold), 0)})
        else:
            parts.append((_("¤%(gold)s more for next turn") if gold > 0 else _("¤%(gold)s less for next turn"))
                         % {"gold": decimal(abs(gold), 0)})
    if not parts:
        if last:
            return _("the coach's choice leaves a Kingdom worth more at the end of the game")
        return _("the coach's choice leaves a Kingdom worth more for the turns to come")
    return _("the coach's choice: %(reasons)s") % {"reasons": ", ".join(parts)}


__all__ = ["AS_GOOD", "COACH", "cost_text", "cost_why", "decimal", "signed", "uncertainty", "why"]
