"""The phone page's HTML: a seat's situation (what `seat.PhoneSeat` keeps of the protocol's messages)
rendered by Jinja2 templates (`templates/`), in the seat's language.

Every word comes from the catalogs: the screens' area (`tui/board_i18n.py`: the same words as the
terminal's screens, and the phone page's own), the narrator (events, decisions) and the cards' names and
texts (`tui/text.py`'s card lines, Rich-free through `.plain`). Templates get plain values and escape
everything (`autoescape`): a player's name is shown literally.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import jinja2

from ..rules import (
    AgeTargetOptions,
    Build,
    ConstructionOptions,
    DeployOptions,
    HealOptions,
    PickOptions,
    SeatView,
    Upgrade,
)
from ..text import i18n
from ..text.glyphs import AGE, GOLD, LP, STRENGTH
from ..text.i18n import N_
from ..text.narrator import Names, and_list, narrate, spot
from ..tui import text as tx
from ..tui.board_i18n import SCREENS, card_name
from .solo import solo

if TYPE_CHECKING:
    from ..hosting import protocol as p
    from ..tui.plan import DeployPlan


class PhoneSeat(Protocol):
    """What a render reads of a phone's seat (seat.py `PhoneSeat`): the protocol's last messages, and
    the page's own choices."""

    welcome: p.Welcome | None
    state: p.State | None
    pages: dict[int, p.Page]
    log: list[Any]
    tab: str
    error: str
    lang: str
    chosen: int | None
    discarding: int | None
    healed: set[int]
    plan: DeployPlan | None
    held: int | None
    unpaid: tuple[int, ...] | None
    nothing: bool
    sent: bool
    hint: Any
    hint_state: str
    hint_progress: tuple[int, int] | None
    review: Any
    review_state: str
    review_progress: tuple[int, int] | None

    def unread(self) -> int | None: ...

_ = SCREENS.gettext
ngettext = SCREENS.ngettext
TEMPLATES = Path(__file__).parent / "templates"
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "pl": "Polski", "es": "Español"}  # each in its own


@cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True, trim_blocks=True,
                              lstrip_blocks=True, undefined=jinja2.StrictUndefined)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The catalogs in `lang` for the length of the block (a render runs on the event loop, between
    awaits: no other render sees it), the language in use before restored after."""
    before = list(i18n._chosen)  # noqa: SLF001  (the chosen language, restored exactly)
    i18n.set_language(lang)
    try:
        yield
    finally:
        i18n._chosen[:] = before  # noqa: SLF001


def accepted_language(header: str) -> str:
    """The first language of an Accept-Language header the game speaks (by its weight), else English."""
    ranked: list[tuple[float, int, str]] = []
    for n, item in enumerate(header.split(",")[:20]):
        tag, _sep, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        ranked.append((-weight, n, tag.split("-")[0].strip().lower()))
    for _w, _n, code in sorted(ranked):
        if code in i18n.LANGUAGES:
            return code
    return "en"


# ---- the pieces a template shows ---------------------------------------------------------------
@dataclass
class Card:
    """A card as a button shows it: its number, name, stats line and details (its abilities)."""

    id: int
    name: str
    stats: str
    detail: str
    selected: bool = False
    marks: list[str] = field(default_factory=list)


def card(view: SeatView, c: int, selected: bool = False) -> Card:
    t = view.card(c)
    detail = tx.unit_detail(t).plain.split("\n", 1)
    return Card(c, card_name(t), tx.unit_stats(t).plain, detail[1] if len(detail) > 1 else "", selected)


@dataclass
class Spot:
    index: int
    label: str
    card: Card | None
    open: bool
    age: int = 0
    strength: int | None = None
    dies: bool = False
    new: bool = False


def kingdom(view: SeatView, player: int) -> dict[str, Any]:
    """One Kingdom as the table shows it: name, LP, Gold, cards in hand, Units by spot, Buildings."""
    p = view.players[player]
    units = []
    for i, u in enumerate(p.slots):
        if u is not None:
            units.append({"spot": spot(i), "card": card(view, u.card), "age": u.age, "strength": u.strength,
                          "dies": u.dies})
    buildings = [_("%(building)s (level %(level)s)") % {"building": tx.building_name(view.catalog, k), "level": lvl}
                 for k, lvl in p.buildings]
    res = " ".join(f"{tx.RESOURCE_GLYPHS[r]}{n} {tx.resource_name(r)}" for r, n in p.resources
                   if r in tx.RESOURCE_GLYPHS)
    return {"seat": player, "name": p.name, "lp": p.lp, "gold": p.gold, "hand": p.hand_count, "units": units,
            "buildings": buildings, "strength": p.strength, "resources": res, "me": player == view.seat}


def words() -> dict[str, str]:
    """The page's fixed words, in the language in use."""
    return {
        "play": _("The game"), "table": _("Kingdoms"), "log": _("Log"), "connecting": _("Connecting…"),
        "confirm": _("Confirm"), "undo": _("Undo"), "cancel": _("Cancel"), "keep": _("Keep for next turn"),
"take_out": _("Take out"), "take_back": _("Take back"), "next": _("Next page"),
"hand": _("Your hand"), "kept": _("Kept for next turn"),
"empty": _("empty"), "closed": _("closed"),
        "language": "Language · Langue · Język · Idioma",  # (each language's word: as the title screen)
        "terminal": _("Terminal page (tablets and laptops)"),
        "pass": _("build nothing"), "buildings": _("Buildings"), "no_units": _("No Unit in play."),
        "taken_over": _("This seat is open on another device or tab."), "reconnecting": _("Reconnecting…"),
        "dies": _("dies at this Aging"), "you": _("you"), "lich": _("Lich King"),
        "gold": GOLD, "lp": LP, "age": AGE, "strength": STRENGTH,
        "hint": _("Hint"), "coach": _("Coach:"), "why": _("Why:"), "thinking": _("Coach thinking"),
        "hint_cancelled": _("Hint cancelled."), "review": _("Coach's review"), "rematch": _("Rematch"),
        "replays": _("The coach replays the game…"), "review_cancelled": _("Review cancelled."),
    }


# ---- the screens -------------------------------------------------------------------------------
def header(seat: PhoneSeat) -> dict[str, Any]:
    state = seat.state
    assert state is not None
    view = state.view
    me = view.players[view.seat] if view.seat is not None else None
    when = _("Turn %(turn)s/%(turns)s · %(phase)s") % {
        "turn": view.turn, "turns": view.turns, "phase": tx.phase_title(view.phase)} if view.turn else ""
    return {"when": when, "name": me.name if me else "", "gold": me.gold if me else 0, "lp": me.lp if me else 0}


def who(seat: PhoneSeat, seats: Sequence[int]) -> str:
    """The seats named, each human one not connected said so."""
    state = seat.state
    assert state is not None and seat.welcome is not None
    names = []
    for s in seats:
        name = state.view.players[s].name
        if seat.welcome.seats[s] != "human":
            name = name + " " + _("(bot)")
        elif s not in state.online and s != state.view.seat:
            name = _("%(name)s (not connected)") % {"name": name}
        names.append(name)
    return and_list(names)


DOING = {  # whom the table waits for, and for what (the terminal's waiting screen's words)
    "pick": N_("Waiting for %(names)s to pick."),
    "deploy": N_("Waiting for %(names)s to deploy."),
    "age_target": N_("Waiting for %(names)s to place Age tokens."),
    "construction": N_("Waiting for %(names)s to build."),
    "heal": N_("Waiting for %(names)s to choose what the Mystical Healer saves."),
}


def waiting(seat: PhoneSeat) -> dict[str, Any]:
    state = seat.state
    assert state is not None
    view = state.view
    others = [s for s in state.deciding if s != view.seat]
    readers = [s for s in state.reading if s != view.seat]
    lines = []
    if others:
        doing = DOING.get(view.step, N_("Waiting for %(names)s to decide."))
        lines.append(SCREENS.marked(doing) % {"names": who(seat, others)})
    if readers:
        lines.append(_("Still reading the results: %(names)s.") % {"names": who(seat, readers)})
    me = view.players[view.seat] if view.seat is not None else None
    mine = ""
    if me is not None and me.decided is not None:
        from ..text.decisions import decision_text

        mine = _("Your choice: %(decision)s") % {"decision": decision_text(me.decided, view)}
    return {"kind": "waiting", "title": _("Waiting for the table…"), "lines": lines, "mine": mine,
            "take_back": state.take_back}


def results(seat: PhoneSeat, page_index: int) -> dict[str, Any]:
    """A results page: its chapter's events, the Wars side by side, each player's LP and Gold."""
    state = seat.state
    assert state is not None
    view = state.view
    page = seat.pages[page_index]
    names = Names.of(view)
    wars, strengths, lines = [], {}, []
    for e in page.events:
        d = e.to_dict()
        if d["type"] == "war_strength":
            strengths[d["player"]] = [narrate_part(p, names) for p in d["parts"]]
        elif d["type"] == "war":
            wars.append(d)
        text = narrate(e, names)
        if text:
            lines.append(text)
    war_rows = []
    for w in wars:
        won = w.get("winners") or [i for i, n in zip(w["players"], w.get("wars_won") or []) if n]
        counts = dict(zip(w["players"], w.get("wars_won") or [1] * len(w["players"])))
        war_rows.append([{"name": view.players[pl].name, "strength": st, "parts": strengths.get(pl, []),
                          "won": ngettext("wins %(count)s War", "wins %(count)s Wars", counts[pl]) % {
                              "count": counts[pl]} if pl in won else ""}
                         for pl, st in zip(w["players"], w["strengths"])])
    chapter = CHAPTERS.get(page.chapter)
    title = SCREENS.marked(chapter) if chapter else page.chapter
    figures = [{"name": view.players[i].name, "lp": lp, "gold": gold}
               for i, (lp, gold) in enumerate(zip(page.figures.lp, page.figures.gold))]
    out = {"kind": "results", "title": _("Turn %(turn)s: %(chapter)s") % {"turn": page.turn, "chapter": title},
           "lines": lines, "wars": war_rows, "figures": figures, "page": page.id,
           "wars_title": tx.phase_title("wars"), "lich": page.figures.lich}
    if page.kind == "final":
        out["final"] = final(seat)
    return out


CHAPTERS = {"lich": N_("Lich King"), "reveal": N_("Reveal & Wars"), "income": N_("Income"),  # (the summaries')
            "construction": N_("Construction"), "aging": N_("Aging"), "end": N_("Game over")}


def narrate_part(part: dict[str, Any], names: Names) -> str:
    from ..text.narrator import strength_part

    return f"{strength_part(part, names)} {STRENGTH}{part.get('strength', '')}"


def final(seat: PhoneSeat) -> dict[str, Any]:
    state = seat.state
    assert state is not None
    view = state.view
    order = sorted(range(len(view.players)), key=lambda i: (-view.players[i].lp, -view.players[i].gold))
    rows = [{"rank": n + 1, "name": view.players[i].name, "lp": view.players[i].lp, "gold": view.players[i].gold,
             "winner": i in view.winners, "me": i == view.seat} for n, i in enumerate(order)]
    lich = solo(view)
    if lich is not None:  # solo: the Lich King ranked too; he wins when the player does not
        rows.append({"rank": "", "name": _("Lich King"), "lp": lich["lp"], "gold": "", "winner": not view.winners,
                     "me": False})
    if view.winners or not view.over:
        winners = and_list([view.players[i].name for i in view.winners])
        title = ngettext("%(names)s wins!", "%(names)s win!", max(1, len(view.winners))) % {"names": winners}
    else:
        title = _("The Lich King wins!")
    return {"title": title if view.over else "", "rows": rows, "lp": LP, "gold": GOLD,
            "kingdoms": [kingdom(view, i) for i in order] if view.over else []}


def deciding(seat: PhoneSeat) -> dict[str, Any]:
    state = seat.state
    assert state is not None and state.asked is not None
    options = state.asked.options
    view = state.view
    if isinstance(options, PickOptions):
        return pick_screen(seat, view, options)
    if isinstance(options, DeployOptions):
        return deploy_screen(seat, view, options)
    if isinstance(options, AgeTargetOptions):
        me = view.players[view.seat or 0]
        choices = []
        for n, s in enumerate(options.slots):
            u = me.slots[s]
            label = spot(s) if u is None else f"{card_name(view.card(u.card))} · {spot(s)}"
            sub = "" if u is None else f"{AGE}{u.age} {STRENGTH}{u.strength}"
            choices.append({"n": n, "label": label, "sub": sub, "selected": seat.chosen == n})
        return {"kind": "choose", "title": _("%(card)s: %(amount)s Age tokens") % {
            "card": card_name(view.card(options.source)), "amount": options.amount},
                "prompt": _("Tap the Unit that receives them."), "choices": choices, "multi": False,
                "ready": seat.chosen is not None}
    if isinstance(options, ConstructionOptions):
        choices = [{"n": 0, "label": _("build nothing"), "sub": "", "selected": seat.chosen == 0}]
        for n, o in enumerate(options.options, start=1):
            building = view.catalog.buildings[o.building]
            if isinstance(o, Build):
                label = _("build %(building)s (level %(level)s)") % {"building": card_name(building), "level": o.level}
            else:
                label = _("upgrade %(building)s") % {"building": card_name(building)}
            assert isinstance(o, Build | Upgrade)
            choices.append({"n": n, "label": label, "sub": f"{GOLD}{o.gold or 0}", "selected": seat.chosen == n,
                            "detail": tx.building_detail(building).plain.split("\n", 1)[1]})
        return {"kind": "choose", "title": tx.phase_title("construction"),
                "prompt": _("Tap a Construction, then Confirm."), "choices": choices, "multi": False,
                "ready": seat.chosen is not None}
    assert isinstance(options, HealOptions)
    me = view.players[view.seat or 0]
    choices = []
    for n, s in enumerate(options.slots):
        u = me.slots[s]
        label = spot(s) if u is None else f"{card_name(view.card(u.card))} · {spot(s)}"
        choices.append({"n": n, "label": label, "sub": "", "selected": n in seat.healed})
    return {"kind": "choose", "title": card_name(view.catalog.units["mystical_healer"]),
            "prompt": ngettext("Tap the Unit to save (at most %(count)s).",
                               "Tap the Units to save (at most %(count)s).", options.max) % {"count": options.max},
            "choices": choices, "multi": True, "ready": True}


def pick_screen(seat: PhoneSeat, view: SeatView, options: PickOptions) -> dict[str, Any]:
    me = view.players[view.seat or 0]
    cards = []
    for c in options.cards:
        shown = card(view, c, selected=c == seat.chosen or c == seat.discarding)
        if c == seat.chosen:
            shown.marks.append(_("pick"))
        if c == seat.discarding:
            shown.marks.append(_("discard"))
        cards.append(shown)
    if options.discard and seat.chosen is not None:
        prompt = _("Now tap the card to discard.")
    elif options.discard:
        prompt = _("Tap the card to pick; then the one to discard.")
    else:
        prompt = _("Tap the card to pick, then Confirm.")
    ready = seat.chosen is not None and (not options.discard or seat.discarding is not None)
    hand = [card(view, c) for c in (me.hand or ())]
    return {"kind": "pick", "title": tx.phase_title("recruitment"), "prompt": prompt, "cards": cards, "ready": ready,
            "hand": hand, "kept": card(view, me.kept) if me.kept is not None else None}


def deploy_screen(seat: PhoneSeat, view: SeatView, options: DeployOptions) -> dict[str, Any]:
    plan = seat.plan
    assert plan is not None
    me = view.players[view.seat or 0]
    spots = []
    for i in range(5):
        c = plan.slots[i]
        unit = me.slots[i] if c is not None and c in plan.in_play else None
        spots.append(Spot(i, spot(i), card(view, c, selected=c == seat.held) if c is not None else None,
                          i in options.open_slots, unit.age if unit else 0, unit.strength if unit else None,
                          unit.dies if unit else False, c is not None and plan.is_new(c)))
    placed = set(plan.slots)
    hand = [card(view, c, selected=c == seat.held) for c in plan.hand if c not in placed and c != plan.keep]
    cost = sum(view.card(c).cost for c in plan.new_units())
    left = options.gold - cost
    money = _("Gold %(gold)s − new Units %(cost)s = %(left)s left") % {
        "gold": f"{GOLD}{options.gold}", "cost": f"{GOLD}{cost}", "left": f"{GOLD}{left}"}
    out = [card(view, c) for c in plan.discarded()]
    held = seat.held
    prompt = (_("Tap a spot to put %(card)s there.") % {"card": card_name(view.card(held))} if held is not None
              else _("Tap a card of your hand, then a spot."))
    return {"kind": "deploy", "title": tx.phase_title("deployment"), "prompt": prompt, "front": spots[:3],
            "back": spots[3:], "hand": hand, "money": money, "short": left < 0, "held": held,
            "held_in_spot": held is not None and held in placed, "can_keep": options.can_keep,
            "kept": card(view, plan.keep) if plan.keep is not None else None, "discarded": out,
            "discarded_title": _("Taken out (discarded)") if out else "", "undo": bool(plan.history),
            "unpaid": [card(view, c) for c in seat.unpaid] if seat.unpaid is not None else None,
            "unpaid_title": _("Short of Gold: these new Units are left unpaid (discarded)."),
            "nothing": nothing_question(plan) if seat.nothing else "", "deploy_nothing": _("Deploy nothing")}


def nothing_question(plan: DeployPlan) -> str:
    """The question before a deployment of no new Unit (the terminal's words)."""
    kept = plan.keep is not None
    n = len(plan.hand) - kept
    if kept:
        return ngettext("Deploy no new Unit? %(count)s card of your hand goes to the discard; the kept card stays.",
                        "Deploy no new Unit? %(count)s cards of your hand go to the discard; the kept card stays.",
                        n) % {"count": n}
    return ngettext("Deploy no new Unit? %(count)s card of your hand goes to the discard.",
                    "Deploy no new Unit? %(count)s cards of your hand go to the discard.", n) % {"count": n}


def screen(seat: PhoneSeat) -> dict[str, Any]:
    """What the Play tab shows now: the results page to read, the decision asked, the final scores or
    who the table waits for."""
    state = seat.state
    assert state is not None
    # (The table's offers, each a panel of its own: the coach's hint under the decision asked, its
    # review and a rematch under the final scores; seat.py `HOOKS` names them.)
    unread = seat.unread()
    if unread is not None:
        return results(seat, unread)
    if state.asked is not None and not seat.sent:
        return {**deciding(seat), "hint": coach_panel(seat)}
    if state.view.over:
        return {"kind": "final", "title": tx.phase_title("end"), "final": final(seat), "review": review(seat)}
    return waiting(seat)


def coach_panel(seat: PhoneSeat) -> dict[str, Any]:
    """The coach's hint on the decision asked, as the terminal's hint panel says it: while it thinks, how
    far it is (samples done of how many, once the host tells); then its choice (what it would decide, in
    the game's words), why, and the playouts behind it."""
    state = seat.state
    assert state is not None
    out: dict[str, Any] = {"state": seat.hint_state, "choice": "", "why": "", "playouts": "", "progress": ""}
    if seat.hint_state == "thinking" and seat.hint_progress is not None:  # (as the host last told)
        out.update(counted("hint", *seat.hint_progress))
    hint = seat.hint
    if seat.hint_state == "shown" and hint is not None:
        from ..text.coach import why
        from ..text.decisions import decision_text

        view, me = state.view, state.view.seat or 0
        in_play = tuple(u.card if u is not None else None for u in view.players[me].slots)
        out["choice"] = decision_text(hint.choice, view, in_play, view.players[me].hand)
        out["why"] = why(hint, [pl.name for pl in view.players])
        out["playouts"] = ngettext("%(count)s playout", "%(count)s playouts", hint.playouts) % {
            "count": hint.playouts}
    return out


def counted(kind: str, done: int, total: int) -> dict[str, Any]:
    """How far the host's coach is, as the page shows it: `done` of `total` samples of a hint, decisions
    of the review (the words, and the bar's value and maximum)."""
    words = (ngettext("%(done)s/%(total)s sample", "%(done)s/%(total)s samples", total) if kind == "hint"
             else ngettext("%(done)s/%(total)s decision", "%(done)s/%(total)s decisions", total))
    return {"done": done, "total": total, "progress": words % {"done": done, "total": total}}


def progress(seat: PhoneSeat, kind: str) -> dict[str, Any]:
    """A newer count of the coach's `kind` (hint or review) for a page that shows the count already: the
    page puts it in place (`#hint-progress` and `#hint-bar`, or the review's) without drawing its body
    again, so that a tap meanwhile is never lost on a button drawn anew."""
    told = seat.hint_progress if kind == "hint" else seat.review_progress
    assert told is not None
    with speaking(seat.lang):
        return {"which": kind, **counted(kind, *told)}


def review(seat: PhoneSeat) -> dict[str, Any]:
    """The coach's review of this seat's decisions, as the terminal's review screen lists it (while the
    coach replays the game, how many decisions it has assessed, once the host tells): the three
    costliest first, in solo the turn that decided the game, then every decision reviewed; the
    statement of uncertainty below."""
    state = seat.state
    assert state is not None
    out: dict[str, Any] = {"state": seat.review_state, "status": "", "costly": [], "lines": [], "note": "",
                           "progress": ""}
    if seat.review_state == "thinking" and seat.review_progress is not None:  # (as the host last told)
        out.update(counted("review", *seat.review_progress))
    result = seat.review
    if seat.review_state != "shown" or result is None:
        return out
    from ..text.coach import uncertainty
    from ..tui.review_lines import assessment_line

    view, names = state.view, result.players
    reviewed = len(result.assessments)
    out["status"] = _("Costliest decisions first") + " · " + ngettext(
        "%(count)s decision reviewed", "%(count)s decisions reviewed", reviewed) % {"count": reviewed}
    out["costly"] = [assessment_line(a, names, view).plain for a in result.costliest(3)] or [
        _("The coach agrees with every decision.")]
    if result.deciding_turn is not None:
        d = result.deciding_turn
        said = (_("The game was won on turn %(turn)s (%(margin)s LP against the Lich King that turn)") if d["won"]
                else _("The game was lost on turn %(turn)s (%(margin)s LP against the Lich King that turn)"))
        out["costly"].append(said % {"turn": d["turn"], "margin": f"{d['margin']:+d}"})
    out["lines"] = [assessment_line(a, names, view).plain for a in result.assessments]
    out["note"] = uncertainty()
    return out


def log_lines(seat: PhoneSeat) -> list[str]:
    state = seat.state
    assert state is not None
    names = Names.of(state.view)
    lines = [narrate(e, names, full=False) or "" for e in seat.log]
    return [line for line in reversed(lines) if line]


def render(seat: PhoneSeat) -> tuple[str, str]:
    """The page's body for the seat now, and its heading (announced to a screen reader when it changes)."""
    with speaking(seat.lang):
        w = words()
        if seat.state is None or seat.welcome is None:
            return environment().get_template("connecting.html").render(w=w), w["connecting"]
        context: dict[str, Any] = {"w": w, "tab": seat.tab, "head": header(seat), "error": seat.error,
                                   "languages": LANGUAGE_NAMES, "lang": seat.lang, "solo": None}
        if seat.tab == "table":
            view = seat.state.view
            context["kingdoms"] = [kingdom(view, i) for i in range(len(view.players))]
            context["solo"] = solo(view)
            heading = w["table"]
        elif seat.tab == "log":
            context["log"] = log_lines(seat)
            heading = w["log"]
        else:
            context["screen"] = shown = screen(seat)
            heading = str(shown["title"])
            hint, review_ = shown.get("hint", {}), shown.get("review", {})
            if hint.get("state") == "shown":  # (announced once: the coach's answer came)
                heading = f'{heading} · {w["coach"]} {hint["choice"]}'
            elif "thinking" in (hint.get("state"), review_.get("state")):
                heading = f'{heading} · {w["thinking"]}'
            elif review_.get("state") == "shown":
                heading = f'{heading} · {w["review"]}'

        return environment().get_template("body.html").render(**context), heading


def page(seat_no: int, lang: str, static: str, terminal: str = "") -> str:
    """The seat's whole page (its body comes over the websocket)."""
    with speaking(lang):
        title = _("Paper Tales: seat %(seat)s") % {"seat": seat_no + 1}
        return environment().get_template("page.html").render(w=words(), lang=lang, static=static, seat=seat_no,
                                                              terminal=terminal, title=title)


def refused(message: str) -> str:
    """A refusal from the table (its reason as the protocol gives it), as the screens say one."""
    return _("Not allowed: %(reason)s") % {"reason": message}
