"""What the cards say, in our words (card texts are reconstructed: the aid gives none)."""

from __future__ import annotations

from typing import Any

BOX_NAMES = {"elite": "elite", "cavalry": "cavalry", "skirmisher": "skirmisher",
             "allied_fleet": "allied fleet", "larger": "larger force", "home": "home ground"}


def card_text(card: Any) -> str:
    e = card.effect
    parts = []
    if "envoy" in e:
        env = e["envoy"]
        if env.get("lesser"):
            parts.append(f"send {env['lesser']} Lesser Envoy" + ("s" if env["lesser"] > 1 else "")
                         + " (one influence each)")
        if env.get("greater"):
            parts.append("send a Greater Envoy (two influence)")
        if env.get("contested"):
            parts.append("may enter a raided or besieged space")
    if "colony" in e:
        parts.append("place a colony tile with one influence")
    if "talents" in e:
        parts.append(f"gain {e['talents']} talents")
    if "favour" in e:
        parts.append(f"gain a {e['favour']} favour")
    if "army" in e:
        parts.append(f"army strength +{e['army']}")
    if "enemy_army" in e:
        parts.append(f"the opponent's army strength -{e['enemy_army']}")
    if "battle_cards" in e:
        parts.append(f"draw {e['battle_cards']} battle cards")
    if "strength" in e:
        parts.append(f"+{e['strength']} battle strength")
    if "cancel" in e:
        parts.append(f"cancel the opponent's {BOX_NAMES[e['cancel']]} advantage")
    if "box" in e:
        parts.append(f"+1 to your {BOX_NAMES[e['box']]} box this battle")
    if "rout" in e:
        parts.append(f"the opponent returns a {BOX_NAMES[e['rout']]} asset")
    text = "; ".join(parts)
    if card.kind == "battle" and card.war != "both":
        text = f"{card.war} battle: {text}"
    return text[:1].upper() + text[1:]
