"""The Activation prompt (5.1) answers whether a Leader may take an Action by short cuts: no
Campaign Origin is searched when no Troop fits the lowest Supply Cost, an Overseas Target on
a Friendly Sea beside the Origin answers before the Paths of Friendly Seas are searched, an
Envoy Target beside a base by land is looked for before the Seas the bases reach. In seeded
games, at every Activation, each answer is compared with the plain one: the Origins offered
are exactly those from which the Target prompt would offer a Target (5.2.1, 5.4.1), and
the Envoy may go exactly when it has a Target Satrapy (5.5.1).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.hubris import (
    abilities,
    activation,
    core,
    envoy,
    kingdom_facts,
    land_campaign,
    leaders,
)

from .rules_helpers import DATA, fresh, play_to_the_end

GAMES = [("fourth-syrian-war", {}, 1), ("fourth-syrian-war", {}, 2),
         ("new-hopes", {"turns": "1"}, 3), ("dance-of-ares", {}, 4)]


def _plain_origins(state: dict[str, Any], k: str, lid: str, mode: str) -> list[str]:
    """The Satrapies from which the Target prompt of a Campaign of ``lid`` would offer a
    Target (:func:`land_campaign.affordable`, the Target prompt's own test)."""
    here = state["leaders"][lid]["location"]
    out = []
    for s in core.satrapies_in_play(state):
        controlled = core.controls(state, k, s)
        if mode == "overseas":
            if not (controlled and DATA.satrapies[s].coastal):
                continue
            if here in DATA.satrapies and not core.land_path(state, DATA, k, here, s):
                continue
        elif not (controlled or s in core.land_unit_locations(state, k)):
            continue
        frame = {"kingdom": k, "leader": lid, "mode": mode, "origin": s, "force": [],
                 "fees": 0, "escorts": []}
        memo: dict[str, Any] = {}
        if any(land_campaign.affordable(DATA, state, frame, t, memo)
               for t in land_campaign.targets(DATA, state, k, s, mode)):
            out.append(s)
    return out


def _check_target_costs(state: dict[str, Any], k: str, lid: str, mode: str) -> None:
    """Whether a Target within a given cost exists (:func:`land_campaign._target_within`,
    every bound from 0 to 12 T) is what the cheapest of all Targets tells."""
    pays = abilities.pays_border_costs(DATA, lid)
    for s in core.satrapies_in_play(state):
        costs = [land_campaign.troop_cost(DATA, mode, s, t, pays)
                 for t in land_campaign.targets(DATA, state, k, s, mode)]
        shared: dict[str, Any] = {}
        for bound in range(13):
            assert land_campaign._target_within(
                DATA, state, k, s, mode, pays, shared, lambda cost, b=bound: cost <= b) \
                == (bool(costs) and min(costs) <= bound), (k, s, mode, bound)


@pytest.mark.parametrize(("scenario", "options", "seed"), GAMES,
                         ids=[f"{g[0]}-{g[2]}" for g in GAMES])
def test_the_activation_answers_agree_with_the_plain_rules(scenario, options, seed,
                                                           monkeypatch):
    asked = []
    legal = activation.legal_actions

    def checked(data, state, k, lid, shared=None):
        out = legal(data, state, k, lid, shared)
        for mode in ("land", "overseas"):
            plain = _plain_origins(state, k, lid, mode)
            assert land_campaign.origins(DATA, state, k, lid, mode) == plain, (k, lid, mode)
            assert (mode in out) == (kingdom_facts.campaigner(DATA, state, lid, {})
                                     and bool(plain)), (k, lid, mode)
            _check_target_costs(state, k, lid, mode)
        goes = leaders.has(DATA, lid, "diplomacy") and core.treasury(state, k) >= envoy.COST
        assert ("envoy" in out) == (goes and bool(envoy.target_satrapies(DATA, state, k)))
        asked.append(1)
        return out

    monkeypatch.setattr(activation, "legal_actions", checked)
    play_to_the_end(scenario, options, seed)
    assert asked, "no Activation was asked"


def test_an_envoy_may_go_to_a_satrapy_its_bases_reach_only_by_sea():
    """5.5.1: every Seleucid Place outside KILIKIA is in Revolt (neither Aligned nor open to
    an Envoy), so no Satrapy with a Place an Envoy may go to lies in or beside KILIKIA, and
    every Target is reached by Sea."""
    state = fresh()
    for p, rec in list(state["places"].items()):
        if rec.get("power") == "seleucids" and DATA.places[p].satrapy != "kilikia":
            core.set_place(state, p, revolt=True)
    targets = envoy.target_satrapies(DATA, state, "seleucids")
    assert targets and not {"kilikia", "seleukis"} & set(targets)
    assert envoy.possible(DATA, state, "seleucids", _diplomat(state, "seleucids"), {})


def _diplomat(state: dict[str, Any], k: str) -> str:
    return next(lid for lid in leaders.court(state, k) if leaders.has(DATA, lid, "diplomacy"))
