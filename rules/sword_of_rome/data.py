"""The reconstructed edition's data (assets/sword-of-rome/*.yaml), loaded and checked once.

Spaces, connections, leaders, cards and tables become small frozen records; every record
keeps its ``source``. Errors name the file, the line and the key. The connections become a
networkx graph at their first use (``Edition.graph``), so that start-up does not import it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.engine.data import DataError, LineDict, load_yaml, require, source_kind
from rules.engine.map_graph import map_graph
from rules.engine.registry import asset_dir

if TYPE_CHECKING:   # networkx is imported by the first graph search, not at start-up
    import networkx as nx

INDEPENDENT = "independent"
POWER_NAMES = {"rome": "Romans", "greeks": "Greeks", "gauls": "Gauls", "etruscans": "Etruscans",
               "samnites": "Samnites", "carthage": "Carthaginians", "volsci": "Volsci",
               "transalpine": "Transalpine Gauls", "rebels": "Revolting Mercenaries",
               INDEPENDENT: "Independents"}

GAME_ID = "sword-of-rome"
POWERS = ("rome", "greeks", "gauls", "etruscans", "samnites", "carthage", "volsci",
          "transalpine", "rebels")
CONNECTION_KINDS = ("clear", "rough", "strait", "one-way")
EVENT_VERBS = ("campaign", "npa", "leader", "flag", "battle", "siege", "raise", "support",
               "loyalty", "draw", "discard", "attrition", "vp", "revolt")


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    lon: float
    lat: float
    region: str                 # italy | sicily | africa | box
    home: str | None            # original controller (2.2); None = independent
    walled: bool
    loyalty: int                # starting loyalty of a walled city
    tribe: int                  # subjugation factor of a tribal space (0: not tribal)
    reinf: int                  # reinforcement value (5.10.1)
    vp: bool
    port: bool
    box: bool
    fixed: bool                 # never converted (Carthago, 17)
    five_player: bool           # exists only in the five-player game
    source: str


@dataclass(frozen=True)
class Leader:
    id: str
    name: str
    power: str
    named: bool
    initiative: int
    tactics: int
    consul: bool = False
    enters: bool = False        # enters by event, not at the start
    penalty: int = 0            # Greek loyalty penalty (8.2.3)
    africa: bool = False        # never leaves Africa (17.1.1)
    players: tuple[int, ...] = (2, 3, 4, 5)
    source: str = ""


@dataclass(frozen=True)
class Card:
    id: str                     # "<deck>-<n>"
    deck: str
    n: int
    title: str
    value: int
    event: dict[str, Any]
    response: bool = False
    remove: bool = False
    reshuffle: bool = False
    icons: tuple[str, ...] = ()
    source: str = ""

    @property
    def text(self) -> str:
        return describe_event(self)


@dataclass
class Edition:
    """Everything the rules read from the data files."""

    spaces: dict[str, Space]
    links: tuple[tuple[str, str, str], ...]      # (a, b, kind), two-way, in file order
    one_way: dict[str, list[str]]                # box -> spaces it enters (2.2)
    appian: tuple[str, ...]
    leaders: dict[str, Leader]
    cards: dict[str, Card]
    decks: dict[str, list[str]]
    desperate: dict[str, int]                    # deck -> number of Desperate Times cards
    tables: dict[str, Any]
    scenarios: dict[str, Any]
    counts: dict[str, int] = field(default_factory=dict)

    @cached_property
    def graph(self) -> nx.Graph:
        """The two-way connections as an undirected graph (edge attribute ``kind``); Italy
        must be connected."""
        import networkx as nx  # heavy: imported at the first use, not at start-up

        graph = map_graph((s for s, sp in self.spaces.items() if not sp.box),
                          ((a, b, {"kind": kind}) for a, b, kind in self.links))
        land = graph.subgraph(s for s in graph if self.spaces[s].region == "italy")
        if not nx.is_connected(land):
            parts = sorted(nx.connected_components(land), key=len)
            raise DataError(_path("connections.yaml"), None, "connections",
                            f"Italy is not connected: {sorted(parts[0])} cut off")
        return graph

    @cached_property
    def _kinds(self) -> dict[frozenset[str], str]:
        return {frozenset((a, b)): kind for a, b, kind in self.links}

    def edge_kind(self, a: str, b: str) -> str:
        return self._kinds[frozenset((a, b))]


def _path(name: str) -> Path:
    return asset_dir(GAME_ID) / name


def _count(counts: dict[str, int], record: LineDict) -> None:
    kind = source_kind(record)
    counts[kind] = counts.get(kind, 0) + 1


def _spaces(counts: dict[str, int]) -> dict[str, Space]:
    doc = load_yaml(_path("spaces.yaml"))
    out: dict[str, Space] = {}
    for rec in require(doc, "spaces", list):
        _count(counts, rec)
        sid = require(rec, "id", str)
        if sid in out:
            raise rec.error("id", f"space '{sid}' listed twice")
        home = require(rec, "home", str, optional=True)
        if home is not None and home not in POWERS:
            raise rec.error("home", f"unknown power '{home}'")
        region = require(rec, "region", str)
        if region not in ("italy", "sicily", "africa", "box"):
            raise rec.error("region", f"unknown region '{region}'")
        walled = require(rec, "walled", bool, optional=True, default=False)
        loyalty = require(rec, "loyalty", int, optional=True, default=0)
        if walled != (loyalty > 0) or not 0 <= loyalty <= 3:
            raise rec.error("loyalty", "a walled city has loyalty 1-3, other spaces none")
        tribe = require(rec, "tribe", int, optional=True, default=0)
        if tribe and (walled or home):
            raise rec.error("tribe", "a tribal space is neither walled nor anyone's home")
        lon, lat = require(rec, "lon", (int, float)), require(rec, "lat", (int, float))
        if not (6 <= lon <= 19 and 35 <= lat <= 47):
            raise rec.error("lon", "position outside Italy, Sicily and Africa")
        require(rec, "at", str)
        out[sid] = Space(sid, require(rec, "name", str), float(lon), float(lat), region, home,
                         walled, loyalty, tribe, require(rec, "reinf", int, optional=True,
                                                         default=0),
                         require(rec, "vp", bool, optional=True, default=False),
                         require(rec, "port", bool, optional=True, default=False),
                         require(rec, "box", bool, optional=True, default=False),
                         require(rec, "fixed", bool, optional=True, default=False),
                         require(rec, "five_player", bool, optional=True, default=False),
                         rec["source"])
    return out


def _links(spaces: dict[str, Space], counts: dict[str, int]
           ) -> tuple[tuple[tuple[str, str, str], ...], dict[str, list[str]], tuple[str, ...]]:
    doc = load_yaml(_path("connections.yaml"))
    kinds: dict[frozenset[str], str] = {}
    links: list[tuple[str, str, str]] = []
    one_way: dict[str, list[str]] = {}
    for rec in require(doc, "connections", list):
        _count(counts, rec)
        a, b, kind = require(rec, "a", str), require(rec, "b", str), require(rec, "kind", str)
        for key, sid in (("a", a), ("b", b)):
            if sid not in spaces:
                raise rec.error(key, f"unknown space '{sid}'")
        if kind not in CONNECTION_KINDS:
            raise rec.error("kind", f"unknown connection kind '{kind}'")
        if kind == "one-way":
            one_way.setdefault(a, []).append(b)
            continue
        if spaces[a].box or spaces[b].box:
            raise rec.error("kind", "a box is entered only by a one-way connection")
        if frozenset((a, b)) in kinds:
            raise rec.error("b", f"{a}-{b} listed twice")
        kinds[frozenset((a, b))] = kind
        links.append((a, b, kind))
    rules = load_yaml(_path("map_rules.yaml"))
    appian = require(rules, "appian_way", dict)
    _count(counts, appian)
    route = tuple(require(appian, "route", list))
    for a, b in zip(route, route[1:], strict=False):
        if frozenset((a, b)) not in kinds:
            raise appian.error("route", f"the Appian Way needs a connection {a}-{b}")
    return tuple(links), one_way, route


def _leaders(counts: dict[str, int]) -> dict[str, Leader]:
    doc = load_yaml(_path("leaders.yaml"))
    out: dict[str, Leader] = {}
    for rec in require(doc, "leaders", list):
        _count(counts, rec)
        lid = require(rec, "id", str)
        power = require(rec, "power", str)
        if power not in POWERS:
            raise rec.error("power", f"unknown power '{power}'")
        kind = require(rec, "kind", str)
        if kind not in ("named", "minor"):
            raise rec.error("kind", "named or minor")
        ini, tac = require(rec, "initiative", int), require(rec, "tactics", int)
        if not (1 <= ini <= 3 and 0 <= tac <= 5):
            raise rec.error("initiative", "initiative 1-3, tactics 0-5")
        out[lid] = Leader(lid, require(rec, "name", str), power, kind == "named", ini, tac,
                          require(rec, "consul", bool, optional=True, default=False),
                          require(rec, "enters", bool, optional=True, default=False),
                          require(rec, "penalty", int, optional=True, default=0),
                          require(rec, "africa", bool, optional=True, default=False),
                          tuple(require(rec, "players", list, optional=True,
                                        default=[2, 3, 4, 5])),
                          rec["source"])
    return out


def _cards(counts: dict[str, int], leaders: dict[str, Leader]
           ) -> tuple[dict[str, Card], dict[str, list[str]], dict[str, int]]:
    doc = load_yaml(_path("cards.yaml"))
    cards: dict[str, Card] = {}
    decks: dict[str, list[str]] = {}
    for deck, recs in require(doc, "decks", dict).items():
        decks[deck] = []
        for rec in recs:
            _count(counts, rec)
            n = require(rec, "n", int)
            cid = f"{deck}-{n}"
            if cid in cards:
                raise rec.error("n", f"card {cid} listed twice")
            value = require(rec, "value", int)
            if value not in (1, 2, 3):
                raise rec.error("value", "a card's value is 1, 2 or 3 (7.1)")
            event = require(rec, "event", dict)
            verb = require(event, "do", str)
            if verb not in EVENT_VERBS:
                raise event.error("do", f"unknown event verb '{verb}' (known: "
                                  f"{', '.join(EVENT_VERBS)})")
            if verb == "leader" and event.get("leader") not in leaders:
                raise event.error("leader", f"unknown leader '{event.get('leader')}'")
            icons = tuple(require(rec, "icons", list, optional=True, default=[]))
            for icon in icons:
                if icon not in ("naval", "bribe", "cancels-gallic-event"):
                    raise rec.error("icons", f"unknown icon '{icon}'")
            cards[cid] = Card(cid, deck, n, require(rec, "title", str), value, dict(event),
                              require(rec, "response", bool, optional=True, default=False),
                              require(rec, "remove", bool, optional=True, default=False),
                              require(rec, "reshuffle", bool, optional=True, default=False),
                              icons, rec["source"])
            decks[deck].append(cid)
    desperate: dict[str, int] = {}
    for rec in require(doc, "desperate_times", list):
        _count(counts, rec)
        desperate[require(rec, "deck", str)] = require(rec, "copies", int)
    total = len(cards) + sum(desperate.values())
    if total != 201:
        raise DataError(_path("cards.yaml"), None, "decks",
                        f"{total} strategy cards; the inventory (2.1) has 201")
    return cards, decks, desperate


def _tables(counts: dict[str, int]) -> dict[str, Any]:
    doc = load_yaml(_path("tables.yaml"))
    for name in ("combat_losses", "force_ratio", "siege", "attrition", "naval_combat",
                 "plunder_track", "vp_track", "gallic_events"):
        _count(counts, require(doc, name, dict))
    for die in range(2, 13):
        if die not in doc["siege"]["rolls"] or die not in doc["gallic_events"]["rolls"]:
            raise doc["siege"].error("rolls", f"no row for {die}")
    return doc


def _scenarios(counts: dict[str, int], spaces: dict[str, Space],
               leaders: dict[str, Leader]) -> dict[str, Any]:
    doc = load_yaml(_path("scenarios.yaml"))
    _count(counts, require(doc, "common", dict))
    for rec in require(doc, "scenarios", list):
        _count(counts, rec)
    for rec in require(doc, "setup", list):
        _count(counts, rec)
        if rec["space"] not in spaces:
            raise rec.error("space", f"unknown space '{rec['space']}'")
        for lid in rec.get("leaders", []):
            if lid not in leaders:
                raise rec.error("leaders", f"unknown leader '{lid}'")
        mil = require(rec, "militia", int, optional=True, default=0)
        if mil and not (rec["power"] == "carthage" and spaces[rec["space"]].region == "africa"
                        and mil <= rec["cu"]):
            raise rec.error("militia", "Citizen Militia are Carthaginian CU in Africa (17.1.2)")
    return doc


@cache
def edition() -> Edition:
    """The data of the game, loaded and validated (once per process)."""
    counts: dict[str, int] = {}
    spaces = _spaces(counts)
    links, one_way, appian = _links(spaces, counts)
    leaders = _leaders(counts)
    cards, decks, desperate = _cards(counts, leaders)
    tables = _tables(counts)
    scenarios = _scenarios(counts, spaces, leaders)
    return Edition(spaces, links, one_way, appian, leaders, cards, decks, desperate, tables,
                   scenarios, counts)


# --- what a card's event does (the card's ``text``) ------------------------------------------
def _powers(names: list[str]) -> str:
    return " or ".join(POWER_NAMES.get(p, p) for p in names)


def describe_event(card: Card) -> str:
    """What the event does, in our words."""
    ev = card.event
    verb = ev["do"]
    if verb == "campaign":
        return "Activate two leaders, one after the other (each as with a 3-value card)."
    if verb == "npa":
        return "Activate one non-player power as with a 3-value card (once a round each)."
    if verb == "leader":
        where = f" at {edition().spaces[ev['at']].name}" if ev.get("at") else \
            " with your largest army"
        return (f"{edition().leaders[ev['leader']].name} enters{where} with "
                f"{ev.get('cu', 0)} new CU.")
    if verb == "flag":
        return {"duoviri_navales": "From now on Roman armies may sail with a 3-value card "
                                   "(3 CU).",
                "appian_way": "The Appian Way: Roma to Antium costs 1 MP per link.",
                "naval_transports": "Play with one Etruscan naval move, avoidance or "
                                    "retreat by sea from a port: up to 3 CU sail.",
                "rome_carthage_alliance": "Rome and Carthage become allies; only Rome moves "
                                          "Carthage.",
                "carthage_mistrust": "No one may activate Carthage for the rest of the turn.",
                "storms_at_sea": "No naval movement for the rest of the round.",
                }.get(ev["flag"], ev["flag"])
    if verb == "revolt":
        return ("However the Carthaginian player uses this card, half his mercenaries on the "
                "board (at least 2 CU) revolt at Kerkouane (16.4).")
    if verb == "battle":
        parts = []
        if ev.get("own"):
            parts.append(f"+{ev['own']} to your battle roll")
        if ev.get("enemy"):
            parts.append(f"{ev['enemy']} to the enemy's roll")
        if ev.get("enemy_loss"):
            parts.append(f"the enemy loses {ev['enemy_loss']} more CU")
        if ev.get("dice"):
            parts.append(f"roll {3 + ev['dice']} dice instead of 3")
        if ev.get("flight"):
            parts.append("no battle: the defenders flee to a friendly space as in a retreat "
                         "(with its losses, no support), and your army may move on")
        if ev.get("no_damage"):
            parts.append("the combat dice inflict no losses on either side (the loser still "
                         "retreats)")
        cond = ""
        if ev.get("vs"):
            cond += f" against the {_powers(ev['vs'])}"
        if ev.get("power"):
            cond += f" when the {POWER_NAMES[ev['power']]} fight"
        if ev.get("attacking"):
            cond += " when you attack"
        return f"Response in a battle{cond}: " + ", ".join(parts) + "."
    if verb == "siege":
        if ev.get("defending"):
            return f"Response to a siege of your city: {ev['mod']} to the siege roll."
        return f"Response to your siege: +{ev['mod']} to the siege roll."
    if verb == "raise":
        extra = f" and place {ev['support']} support" if ev.get("support") else ""
        return f"Place {ev['n']} new CU as reinforcements{extra}."
    if verb == "support":
        return f"Place {ev['n']} political support points."
    if verb == "loyalty":
        return f"Add {ev['n']} loyalty to your unbesieged cities."
    if verb == "draw":
        return f"Draw {ev['n']} card{'s' if ev['n'] > 1 else ''}."
    if verb == "discard":
        return f"The player of the {POWER_NAMES[ev['seat_of']]} discards {ev['n']} card at " \
               "random."
    if verb == "attrition":
        who = f" of the {_powers(ev['powers'])}" if ev.get("powers") else ""
        return f"An enemy army{who} of your choice loses {ev['n']} CU."
    if verb == "vp":
        if ev.get("if_plunder"):
            return f"Gauls: +{ev['n']} VP if {ev['if_plunder']}+ Gallic plunder markers are " \
                   "on the track."
        names = ", ".join(edition().spaces[s].name for s in ev["if_controls"])
        return f"Gauls: +{ev['n']} VP if the Gauls control one of {names}."
    return verb
