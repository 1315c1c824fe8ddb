"""The coach's words (its figures are in rules/coach.py): why a hint chose what it did, what a reviewed
decision cost and why, and the statement of uncertainty the review ends with.

    why(hint, names)      # "+1.3 LP in all vs the next best: wins a War against Bob in 8 of 10 samples instead of 3"
    cost_text(assessment) # "−6.7 LP ± 1.3"
    cost_why(assessment)  # "the coach's choice: +2.0 LP this turn, 0.5 more Wars won"
"""

from __future__ import annotations

from ..rules.coach import Assessment, Hint

UNCERTAINTY = ("Costs are estimates in LP: the coach's choice against yours, played out by medium bots on "
               "random samples of the cards you could not see (it chooses on half of them and measures on "
               "the other half); ± is a 95% interval, '?' a cost that may be nothing; the playouts' own "
               "bias is not in it.")
AS_GOOD = 0.05  # LP in all: below this (shown as 0.0), the choice and the next best are as good


def signed(x: float) -> str:
    """+1.3, 0.0 or −0.4 (a minus sign, as the review screen writes costs)."""
    return f"{x:+.1f}".replace("+0.0", "0.0").replace("-0.0", "0.0").replace("-", "\N{MINUS SIGN}")


def why(hint: Hint, names: list[str] | None = None) -> str:
    """One line, in the game's terms: what the choice is expected to bring in all against the next
    best (LP, with what the Kingdom is worth afterwards), and how: the Wars it wins against each
    neighbour, LP this turn, Gold for next turn; `names`: the players' names. When the two are as good
    on average (0.0 LP in all), it says so: either will do."""
    best, other = hint.outcomes[0], hint.runner_up
    if other is None:
        return "the only sensible choice the coach sees"
    if best.scores == other.scores:  # (often a 2-player discard the other seat would not have taken)
        return "the next best did exactly as well in every sample: either will do"
    n = hint.samples
    parts = []
    for j in sorted(set(best.beaten) | set(other.beaten)):
        a, b = best.beaten.get(j, 0), other.beaten.get(j, 0)
        if abs(a - b) >= max(2, n / 10):  # (a sample or two either way: noise)
            who = f" against {names[j]}" if names is not None and j < len(names) else ""
            parts.append(f"wins a War{who} in {a} of {n} samples instead of {b}")
    if not best.beaten and not other.beaten and abs(best.wars - other.wars) >= 0.1:  # (solo: the armies)
        parts.append(f"wins {best.wars:.1f} Wars on average instead of {other.wars:.1f}")
    if abs(best.lp - other.lp) >= 0.1:
        parts.append(f"{signed(best.lp - other.lp)} LP this turn")
    if abs(best.gold - other.gold) >= 0.5:
        parts.append(f"¤{abs(best.gold - other.gold):.0f} {'more' if best.gold > other.gold else 'less'} "
                     "for next turn")
    if abs(best.mean - other.mean) < AS_GOOD:
        total = "as good as the next best on average: either will do"
        return f"{total} ({', '.join(parts)})" if parts else total
    total = f"{signed(best.mean - other.mean)} LP in all vs the next best"
    return f"{total}: {', '.join(parts)}" if parts else total


def cost_text(a: Assessment) -> str:
    """What a decision cost, in words: "you followed the coach's hint", "the coach agrees",
    "−6.7 LP ± 1.3", "−2.0 LP, the same in every sample", "−0.4 LP ± 1.2? (perhaps nothing)",
    "as good as far as the samples tell (+0.3 LP ± 1.0)" or "yours did better: +1.2 LP ± 0.8"."""
    if a.agreed:
        return "you followed the coach's hint" if a.on_hint else "the coach agrees"
    if a.constant:
        if abs(a.cost) < 0.05:
            return "as good: the same in every sample"
        return f"{signed(-a.cost)} LP, the same in every sample" if a.cost > 0 else \
            f"{signed(-a.cost)} LP better, the same in every sample"
    if a.cost + a.error < 0:
        return f"yours did better: {signed(-a.cost)} LP ± {a.error:.1f}"
    if a.uncertain and a.cost <= 0:
        return f"as good as far as the samples tell ({signed(-a.cost)} LP ± {a.error:.1f})"
    if a.uncertain:
        return f"{signed(-a.cost)} LP ± {a.error:.1f}? (perhaps nothing)"
    return f"{signed(-a.cost)} LP ± {a.error:.1f}"


def cost_why(a: Assessment) -> str:
    """A word of why a decision cost what it did: what the coach's choice did better on the measuring
    samples (`Assessment.better`: LP this turn, Gold for next turn, Wars won), else that the difference
    lies in what the Kingdom is worth afterwards. "" when there is no cost to explain."""
    if a.agreed or a.better is None or a.cost < AS_GOOD:
        return ""
    lp, gold, wars = a.better
    parts = []
    if abs(wars) >= 0.1:
        parts.append(f"{abs(wars):.1f} {'more' if wars > 0 else 'fewer'} Wars won")
    if abs(lp) >= 0.1:
        parts.append(f"{signed(lp)} LP this turn")
    if abs(gold) >= 0.5:
        parts.append(f"¤{abs(gold):.0f} {'more' if gold > 0 else 'less'} for next turn")
    if not parts:
        return "the coach's choice leaves a Kingdom worth more for the turns to come"
    return "the coach's choice: " + ", ".join(parts)


__all__ = ["AS_GOOD", "UNCERTAINTY", "cost_text", "cost_why", "signed", "why"]
