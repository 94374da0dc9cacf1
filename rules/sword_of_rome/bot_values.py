"""What the ``bot`` seat reads off the board: who is a friend, what a space is worth in
victory points to its seat, the odds of a battle, and where an army should march.

Everything is read from what the seat may see (a view) or from a full state (a search
playout): only the map, the VP track and the open piles are used, never another hand.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import Any

from .data import INDEPENDENT
from .model import State, ed

#: how a VP of another seat weighs against one of our own (2 players: the only rival)
RIVAL_SHARE = {2: 1.0, 3: 0.6, 4: 0.45, 5: 0.4}
#: worth of holding an ordinary space (supply, placement, a stepping stone), in VP
PLAIN = 0.12
#: what a Gallic home victory space lost costs the Gauls, in VP: -1 at every Scoring Phase
#: until it is won back (5.8.1), and the map gives them no other VP (their VP are the
#: plunder track's, 14.1), so holding the three is the Gallic game; as the Gallic player
#: (four or five players) values it, not his rivals
GALLIC_HOME = 3.0


@cache
def _distances() -> dict[str, dict[str, int]]:
    import networkx as nx  # late: heavy, optional; start-up never loads it

    return dict(nx.all_pairs_shortest_path_length(ed().graph))


def dist(a: str, b: str) -> int:
    return _distances().get(a, {}).get(b, 99)


@cache
def _beats() -> dict[int, float]:
    """P(3d6 + k > 3d6) for every modifier difference k."""
    sums: dict[int, int] = {}
    for dice in product(range(1, 7), repeat=3):
        sums[sum(dice)] = sums.get(sum(dice), 0) + 1
    out = {}
    for k in range(-25, 26):
        win = sum(na * nb for a, na in sums.items() for b, nb in sums.items() if a + k > b)
        out[k] = win / 216 ** 2
    return out


def beats(k: int) -> float:
    return _beats()[max(-25, min(25, k))]


class Ctx:
    """The deciding side's outlook, worked out once a decision."""

    def __init__(self, view: State, side: str):
        self.view = view
        self.side = side
        self.seat = next((seat for seat, sides in view["seats"].items() if side in sides), "")
        self.team_sides = list(view["seats"].get(self.seat, [side]))
        self.powers = list(view["side_powers"].get(side, []))
        self.friends = {p for s in self.team_sides for p in view["side_powers"].get(s, [])}
        for a, b in view["alliances"]:
            if a in self.friends or b in self.friends:
                self.friends |= {a, b}
        self.players = int(view.get("players", 2))
        live = [s for s in view["sides"] if s not in view.get("out_sides", [])]
        self.rival_sides = [s for s in live if s not in self.team_sides]
        vp = view["vp"]
        lead = max((vp[s] for s in self.rival_sides), default=0)
        self.share = {s: (1.0 if self.players == 2 or vp[s] == lead and lead >= vp[side]
                          else RIVAL_SHARE.get(self.players, 0.5)) for s in self.rival_sides}
        self.side_of_power = {p: s for s, ps in view["side_powers"].items() for p in ps}
        self.trailing = vp.get(side, 0) <= min(vp.values())
        self._stakes: dict[tuple[str, str], float] = {}
        #: the same by (home area of a victory space or None, owner)
        self._kinds: dict[tuple[str | None, str], float] = {}
        #: values worked out once a decision (goals of an army, support, OPs of a value)
        self.memo: dict[Any, Any] = {}

    # --- victory points ---------------------------------------------------------------------
    def _side_vp(self, side: str, home: str | None, owner: str) -> float:
        """The VP ``side`` scores for a victory space of the ``home`` area held by ``owner``
        (5.8.1)."""
        mine = self.view["side_powers"].get(side, [])
        held = owner in mine
        if home in mine:
            return 0 if held else -(GALLIC_HOME if self.team_sides == ["gauls"] == [side]
                                    else 1)
        return 1 if held and side != "gauls" else 0

    def held_value(self, sid: str, owner: str) -> float:
        """What ``sid`` held by ``owner`` is worth to this seat against its rivals, in VP."""
        key = (sid, owner)
        val = self._stakes.get(key)
        if val is not None:
            return val
        spd = ed().spaces[sid]
        kind = (spd.home, owner) if spd.vp else (None, owner)   # all the value depends on
        val = self._kinds.get(kind)
        if val is None:
            val = 0.0
            if spd.vp:
                home = spd.home
                val += sum([self._side_vp(s, home, owner) for s in self.team_sides])
                val -= sum([w * self._side_vp(s, home, owner)
                            for s, w in self.share.items()])
            elif owner in self.friends:
                val += PLAIN
            elif owner != INDEPENDENT and owner in self.side_of_power:
                val -= PLAIN * 0.5
            self._kinds[kind] = val
        self._stakes[key] = val
        return val

    def gain(self, sid: str, new_owner: str) -> float:
        """The change of :meth:`held_value` if ``sid`` went to ``new_owner``."""
        old = self.view["spaces"][sid]["ctl"]
        return self.held_value(sid, new_owner) - self.held_value(sid, old)

    def ours(self, sid: str) -> bool:
        return self.view["spaces"][sid]["ctl"] in self.friends

    def plunder(self, markers: int) -> float:
        """What ``markers`` more Gallic plunder markers are worth, in VP: a sixth each, and
        half a VP more for the one that fills the track (14.1: +1 VP; a partly filled
        track is worth nothing at the game's end)."""
        have = int(self.view.get("plunder", {}).get("gauls", 0))
        length = int(ed().tables["plunder_track"]["length"])
        fills = (have % length) + markers >= length
        return markers / length + (0.5 if fills else 0.0)

    # --- armies -----------------------------------------------------------------------------
    def cu(self, sid: str, powers: Any) -> int:
        here = self.view["cu"].get(sid, {})
        return sum(n for p, n in here.items() if p in powers)

    def foes_at(self, sid: str, power: str) -> int:
        """CU at ``sid`` an army of ``power`` would fight (not friends, not allies)."""
        here = self.view["cu"].get(sid, {})
        sp = self.view["spaces"][sid]
        out = 0
        for p, n in here.items():
            if p in self.friends or p == power or self.allied(power, p):
                continue
            if sp["ctl"] == p and sp.get("inside"):
                n -= sp["inside"]
            out += max(0, n)
        return out

    def allied(self, p: str, q: str) -> bool:
        if {p, q} == {"etruscans", "samnites"}:
            return True
        return [p, q] in self.view["alliances"] or [q, p] in self.view["alliances"]

    def _leaders(self) -> dict[str, list[tuple[str, int]]]:
        """Space -> (power, tactics) of each leader on it."""
        if "leaders" not in self.memo:
            index: dict[str, list[tuple[str, int]]] = {}
            for lid, at in self.view["leaders"].items():
                ld = ed().leaders[lid]
                index.setdefault(at, []).append((ld.power, ld.tactics))
            self.memo["leaders"] = index
        return self.memo["leaders"]

    def tactics(self, sid: str, power: str) -> int:
        return max((t for p, t in self._leaders().get(sid, ()) if p == power), default=0)

    def enemy_tactics(self, sid: str, power: str) -> int:
        return max((t for p, t in self._leaders().get(sid, ())
                    if p not in self.friends and p != power), default=0)

    def win_chance(self, mine: int, theirs: int, lead: int, *, attacking: bool,
                   friendly_here: bool, their_ground: bool) -> float:
        """P(our side wins a battle of ``mine`` CU against ``theirs``), 12.2: force ratio,
        leadership, friendly space; AV from 4:1 with 4+ CU (tables.yaml, reconstructed)."""
        if theirs <= 0:
            return 1.0
        if mine <= 0:
            return 0.0
        big, small = max(mine, theirs), min(mine, theirs)
        ratio = big / small
        if ratio >= 4 and big >= 4:
            return 1.0 if mine > theirs else 0.0
        mod = 4 if ratio >= 3 else 3 if ratio >= 2 else 2 if ratio >= 1.75 else \
            1 if ratio >= 1.5 else 0
        k = (mod if mine > theirs else -mod if theirs > mine else 0) + lead
        k += 1 if friendly_here else 0
        k -= 1 if their_ground else 0
        # the defender wins ties (12.2.5)
        return beats(k) if attacking else 1.0 - beats(-k)

    def battle_at(self, sid: str, power: str, n: int, *, attacking: bool = True) -> float:
        """Our chance with ``n`` CU of ``power`` against whatever stands at ``sid``."""
        theirs = self.foes_at(sid, power)
        lead = self.tactics(sid, power) if attacking else 0
        lead = max(lead, self._leader_of_moving(power)) - self.enemy_tactics(sid, power)
        owner = self.view["spaces"][sid]["ctl"]
        return self.win_chance(n, theirs, lead, attacking=attacking,
                               friendly_here=owner in self.friends or owner == power,
                               their_ground=owner not in self.friends and owner != INDEPENDENT
                               and owner != power)

    def _leader_of_moving(self, power: str) -> int:
        for fr in reversed(self.view.get("stack", [])):
            if fr.get("proc") == "move" and fr.get("power") == power:
                return ed().leaders[fr["leader"]].tactics
        return 0


# --- where armies go ------------------------------------------------------------------------
def goals(c: Ctx, power: str, n: int) -> list[tuple[str, float]]:
    """Spaces worth marching to for an army of ``n`` CU of ``power``, with their worth in
    VP: enemy victory spaces and cities to take, weaker enemy armies, own victory spaces
    under threat."""
    key = ("goals", power, n)
    if key in c.memo:
        return c.memo[key]
    out: list[tuple[str, float]] = []
    for sid, big, small, foes, battle, guarded in _targets(c, power):
        val = big if n >= 3 else small
        if foes:
            lead, friendly_here, their_ground = battle
            chance = c.win_chance(n, foes, lead, attacking=True, friendly_here=friendly_here,
                                  their_ground=their_ground)
            val = val * chance + (1.0 + 0.15 * foes) * (chance - 0.55)
        elif guarded:
            threat = _threat(c, sid)
            if threat:
                val = max(val, 0.8 * threat)
        if val > 0.05:
            out.append((sid, val))
    c.memo[key] = out
    return out


Target = tuple[str, float, float, int, tuple[int, bool, bool], bool]


def _targets(c: Ctx, power: str) -> list[Target]:
    """What :func:`goals` reads of each candidate space for an army of ``power``, whatever
    its size, worked out once a decision: the space, what taking it is worth with 3+ CU
    and with fewer, the enemy CU there, the battle's leadership and ground, and whether it
    is an own victory space (threatened or not). A space no army of ``power`` could want
    (no foes, not ours to guard, nothing to take) is left out."""
    key = ("targets", power)
    if key in c.memo:
        return c.memo[key]
    view = c.view
    spaces, stacks, data = view["spaces"], view["cu"], ed().spaces
    enemy: dict[str, bool] = {}                      # owner -> neither friend nor ally
    moving = c._leader_of_moving(power)
    out: list[Target] = []
    for sid in _candidates(c):
        sp = spaces[sid]
        spd = data[sid]
        if spd.box:
            continue
        owner = sp["ctl"]
        foes = c.foes_at(sid, power) if stacks.get(sid) else 0
        big = small = 0.0
        if owner not in enemy:
            enemy[owner] = owner not in c.friends and owner != power \
                and not c.allied(power, owner)
        if (sp["loy"] or sp["tribe"] or spd.vp) and enemy[owner]:
            take = c.held_value(sid, power) - c.held_value(sid, owner)
            if sp["loy"] and power == "gauls" and owner != INDEPENDENT:
                take += c.plunder(5)             # a looted city fills the track (14.4)
            if sp["loy"] or sp["tribe"]:
                need = sp["loy"] or sp["tribe"]
                big = max(take, 0.25) * (1.3 - 0.25 * need)
                if sp["siege"] is not None and sp["sieger"] == power:
                    big *= 1.5
            elif spd.vp:
                big = small = max(take, 0.1)
        guarded = bool(spd.vp) and owner in c.friends
        battle = (0, False, False)
        if foes:
            lead = max(c.tactics(sid, power), moving) - c.enemy_tactics(sid, power)
            battle = (lead, owner in c.friends or owner == power,
                      owner not in c.friends and owner != INDEPENDENT and owner != power)
        elif not guarded and max(big, small) <= 0.05:
            continue
        out.append((sid, big, small, foes, battle, guarded))
    c.memo[key] = out
    return out


def _candidates(c: Ctx) -> list[str]:
    """The spaces that can be goals: victory spaces, walled cities, tribes, and armies."""
    if "candidates" not in c.memo:
        view = c.view
        fixed = _static_candidates()
        c.memo["candidates"] = sorted(
            set(fixed) & set(view["spaces"]) | {s for s in view["cu"] if s in view["spaces"]}
            | {s for s, sp in view["spaces"].items() if sp["loy"] and s not in fixed})
    return c.memo["candidates"]


@cache
def _static_candidates() -> tuple[str, ...]:
    return tuple(sid for sid, sp in ed().spaces.items()
                 if sp.vp or sp.loyalty or sp.tribe)


@cache
def _within_two(sid: str, other: str) -> bool:
    """Whether an army at ``other`` is within two links of ``sid`` (from a box with one-way
    entries, 2.2: one link to an entry, then on)."""
    entries = ed().one_way.get(other)
    d = 1 + min(dist(sid, e) for e in entries) if entries else dist(sid, other)
    return d <= 2


def _hostile_stacks(c: Ctx) -> dict[str, int]:
    """The CU of every stack on the map that may attack this seat's spaces: rival sides'
    powers and, for the Gallic player, the Transalpine Gauls (16.3), whoever moves them."""
    if "hostile" not in c.memo:
        hostile = {"transalpine"} if c.team_sides == ["gauls"] else set()
        c.memo["hostile"] = {
            other: sum(n for p, n in here.items() if p not in c.friends
                       and (p in c.side_of_power or p in hostile))
            for other, here in c.view["cu"].items()}
    return c.memo["hostile"]


def _threat(c: Ctx, sid: str) -> float:
    """How much of its VP value an own victory space risks: enemy armies within two links
    stronger than what holds it, or loyalty above its garrison (7.3.3)."""
    if ("threat", sid) in c.memo:
        return c.memo[("threat", sid)]
    sp = c.view["spaces"][sid]
    held = c.cu(sid, c.friends)
    # the Transalpine Gauls attack the Gallic player's home (16.3), whoever moves them
    danger = 0
    for other, n in _hostile_stacks(c).items():
        if _within_two(sid, other):
            danger = max(danger, n)
    risk = 0.0
    if danger > held:
        risk = 0.7
    elif sp["loy"] and sp["loy"] > held:
        risk = 0.3
    out = risk * max(0.0, c.held_value(sid, sp["ctl"]) - c.held_value(sid, INDEPENDENT))
    c.memo[("threat", sid)] = out
    return out


def prospect(c: Ctx, at: str, goal_list: list[tuple[str, float]], mp: int = 4) -> float:
    """What an army at ``at`` may hope to do: the best goal, discounted by distance beyond
    one move."""
    best = 0.0
    row = _distances().get(at, {})
    near = max(1, mp // 2)
    for sid, val in goal_list:
        d = row.get(sid, 99)
        reach = 1.0 if d <= near else 0.6 ** (d - near)
        best = max(best, val * reach)
    return best
