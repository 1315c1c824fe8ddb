"""Golden playthroughs: whole seeded games written as text, replayed and compared line by line.

A file starts with a header (players, seed, mode, difficulty), then one block per round of decisions:

    ## turn 1 · recruitment · pick
    pending 0 Ann: pick from [12, 40, 7] (and discard one)
    decision {"card": 12, "discard": 40, "kind": "pick", "player": 0}
    event {"card": 12, "player": 0, "private_to": 0, "type": "card_picked"}
    scores Ann 0 LP 3 Gold | Bob 0 LP 3 Gold

Decisions are the engine's own JSON form (`state.decisions`), in the order applied; events are the
JSON form of the log (`state.log`), keys sorted, so a refactor that keeps those JSON forms leaves the
files as they are, and any change of behaviour shows up in their diff. Games are recorded with the
seeded random bot (`scripts/regen_golden.py`); the test replays the recorded decisions, never the bot.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from papertales_tui.rules.decisions import Decision
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.solo import new_game as new_solo_game

GOLDEN_DIR = Path(__file__).resolve().parents[1] / "golden"
TITLE = "# papertales-tui golden playthrough: rewrite with `python scripts/regen_golden.py` and read the diff"


@dataclass(frozen=True)
class Setup:
    """What a golden file's header says: enough to start the same game again."""

    players: tuple[str, ...]
    seed: int
    mode: str = "standard"
    difficulty: int = 0

    def header(self) -> list[str]:
        return [TITLE, f"players: {', '.join(self.players)}", f"seed: {self.seed}", f"mode: {self.mode}",
                f"difficulty: {self.difficulty if self.mode == 'solo' else '-'}"]


# The recorded games: file name -> setup (seeds chosen for variety: heals, age targets, unpaid Units…).
GAMES: dict[str, Setup] = {
    "2p": Setup(("Ann", "Bob"), seed=11),
    "3p": Setup(("Ann", "Bob", "Cy"), seed=5),
    "5p": Setup(("Ann", "Bob", "Cy", "Dee", "Eve"), seed=31),
    "solo-d0": Setup(("Ann",), seed=17, mode="solo", difficulty=0),
    "solo-d3": Setup(("Ann",), seed=28, mode="solo", difficulty=3),
}


def new_game(setup: Setup) -> Game:
    if setup.mode == "solo":
        return new_solo_game(list(setup.players), seed=setup.seed, difficulty=setup.difficulty)
    return Game.new(list(setup.players), seed=setup.seed)


def _get(options, key: str):
    """An option by name, whether the options are a mapping or an object."""
    return options[key] if isinstance(options, dict) else getattr(options, key)


def option_summary(game: Game, pend) -> str:
    """One line saying what a pending player may choose from (cards as number and type)."""
    kind = str(getattr(pend.kind, "value", pend.kind))
    o = pend.options
    keys = game.state.cards

    def cards(ids) -> str:
        return "[" + ", ".join(f"{c} {keys[c]}" for c in ids) + "]"

    if kind == "pick":
        return f"pick from {cards(_get(o, 'cards'))}" + (" (and discard one)" if _get(o, "discard") else "")
    if kind == "deploy":
        in_play = ", ".join(f"{slot}: {c} {keys[c]}" for slot, c in _get(o, "in_play"))
        return (f"deploy from hand {cards(_get(o, 'hand'))}, in play {{{in_play}}}, "
                f"spots {list(_get(o, 'open_slots'))}, {_get(o, 'gold')} Gold")
    if kind == "age_target":
        return f"{_get(o, 'amount')} Age from card {_get(o, 'source')} on a Unit at spots {list(_get(o, 'slots'))}"
    if kind == "construction":
        return "construction: " + ", ".join(_construction(x) for x in _get(o, "options")) + " or pass"
    if kind == "heal":
        return f"heal up to {_get(o, 'max')} of spots {list(_get(o, 'slots'))}"
    return f"{kind} {json.dumps(o, sort_keys=True, default=str)}"


def _construction(option) -> str:
    d = option if isinstance(option, dict) else option.to_dict()
    level = f" {d['level']}" if "level" in d else ""
    return f"{d['kind']} {d['building']}{level} ({d['gold']} Gold)"


def _json(x) -> str:
    d = x.to_dict() if hasattr(x, "to_dict") else dict(x)
    return json.dumps(d, sort_keys=True)


def _scores(game: Game) -> str:
    s = game.state
    line = " | ".join(f"{p.name} {p.lp} LP {p.gold} Gold" for p in s.players)
    if s.mode_state is not None:
        line += f" | Lich King {s.mode_state.lich_lp} LP"
    return "scores " + line


Decide = Callable[[Game, object], Decision | dict]  # typed, or recorded JSON


def play(setup: Setup, decide: Decide, order: Callable[[list], list] = list) -> str:
    """The whole game as golden text; `decide(game, pending)` makes each decision, and `order` may
    change the order in which a round's pending players decide."""
    game = new_game(setup)
    s = game.state
    lines = setup.header() + ["", "## start"]
    seen = 0

    def flush() -> None:
        nonlocal seen
        lines.extend("event " + _json(e) for e in s.log[seen:])
        seen = len(s.log)
        lines.append(_scores(game))

    flush()
    while not game.over:
        pending = game.pending()
        lines += ["", f"## turn {s.turn} · {s.phase} · {getattr(s.step, 'value', s.step)}"]
        names = [p.name for p in s.players]
        lines += [f"pending {p.player} {names[p.player]}: {option_summary(game, p)}" for p in pending]
        for pend in order(pending):
            game.apply(pend.player, decide(game, pend))
            lines.append("decision " + _json(s.decisions[-1]))
        flush()
    lines += ["", "## over", f"winners {game.winners()}"]
    return "\n".join(lines) + "\n"


def record(setup: Setup) -> str:
    """A game played by the seeded random bot (the same games as `play_random_game`)."""
    rng = random.Random(setup.seed ^ 0x5EED)
    return play(setup, lambda game, pend: random_decision(game, pend, rng))


def parse(text: str) -> tuple[Setup, list[dict]]:
    """The setup and the decisions (in the order applied) of a golden file."""
    header: dict[str, str] = {}
    decisions = []
    for line in text.splitlines():
        if line.startswith("decision "):
            decisions.append(json.loads(line[len("decision "):]))
        elif ": " in line and not line.startswith(("#", "pending ")) and not decisions:
            key, _, value = line.partition(": ")
            header[key] = value
    mode = header.get("mode", "standard")
    setup = Setup(tuple(header["players"].split(", ")), int(header["seed"]), mode,
                  int(header["difficulty"]) if mode == "solo" else 0)
    return setup, decisions


def replayer(decisions: list[dict]) -> Decide:
    """Decide as recorded: each call gives the next recorded decision, for the player who is asked."""
    it: Iterator[dict] = iter(decisions)

    def decide(game: Game, pend) -> dict:
        d = dict(next(it))
        player = d.pop("player")
        assert player == pend.player, f"recorded decision of player {player}, but player {pend.player} is asked"
        return d

    return decide


def replay(text: str, order: Callable[[list], list] = list) -> str:
    """Play a golden file's recorded decisions again and write the game out anew."""
    setup, decisions = parse(text)
    if order is list:
        return play(setup, replayer(decisions))
    # another order within each round: give each player their own recorded decisions in turn
    queues: dict[int, list[dict]] = {}
    for d in decisions:
        queues.setdefault(d["player"], []).append(d)

    def decide(game: Game, pend) -> dict:
        d = dict(queues[pend.player].pop(0))
        d.pop("player")
        return d

    return play(setup, decide, order)


def path_of(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.txt"
