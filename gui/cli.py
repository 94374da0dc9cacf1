"""The ``hegemon`` command. Qt is imported only for the app and for screenshots."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rules.engine import registry
from rules.engine.bots import is_controller


def _games(game_id: str | None = None):
    if game_id:
        return [registry.get(game_id)]
    return registry.available()


def cmd_list(args: argparse.Namespace) -> int:
    rows = []
    for game in _games():
        rows.append({"game": game.id, "title": game.title,
                     "options": [o.key for o in game.options()],
                     "scenarios": [s.as_dict() for s in game.scenarios()]})
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    for row in rows:
        print(f"{row['game']}: {row['title']}")
        for s in row["scenarios"]:
            length = f"  turns: {'/'.join(s['lengths'])}" if s["lengths"] else ""
            if not s["playable"]:
                length += "  (set-up only)"
            print(f"  {s['id']:<22} {s['year']:>8}  seats: {','.join(s['seats'])}{length}")
            print(f"  {'':<22} {s['title']}")
    return 0


def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise SystemExit(f"hegemon: --option wants KEY=VALUE, got '{pair}'")
        key, value = pair.split("=", 1)
        out[key.strip()] = value.strip()
    return out


def _seats(game_id: str, scenario: str, spec: str) -> dict[str, str]:
    info = registry.get(game_id).scenario(scenario)
    kinds = [k.strip() for k in spec.split(",") if k.strip()]
    if len(kinds) != len(info.seats):
        raise SystemExit(f"hegemon: {scenario} has {len(info.seats)} seats "
                         f"({','.join(info.seats)}); --seats gave {len(kinds)}")
    for k in kinds:
        if k == "human" or not is_controller(k):
            raise SystemExit(f"hegemon: a headless seat is 'random', 'bot', 'search' or "
                             f"'search:fast|normal|strong', not '{k}'")
    return dict(zip(info.seats, kinds, strict=True))


def cmd_play(args: argparse.Namespace) -> int:
    from rules.engine.runner import play

    try:
        seats = _seats(args.game, args.scenario, args.seats)
    except KeyError as exc:
        raise SystemExit(f"hegemon: {exc.args[0]}") from None
    if not registry.get(args.game).scenario(args.scenario).playable:
        raise SystemExit(f"hegemon: {args.game}/{args.scenario} is set-up only: "
                         "its play is not implemented yet")
    options = _options(args.option)
    failed = 0
    last = None
    for i in range(args.games):
        out = play(args.game, args.scenario, seats, args.seed + i, options,
                   step_cap=args.max_steps, check_invariants=args.check)
        last = out
        if out.error:
            failed += 1
        if args.json:
            print(json.dumps(out.as_json()), flush=True)
        else:
            res = out.result
            text = (f"winners {','.join(res.winners) or 'none (draw)'}; {res.reason}; "
                    f"scores {res.scores}" if res else f"FAILED ({out.problem}): {out.error}")
            print(f"seed {out.seed}: {out.decisions} decisions, {out.seconds:.2f}s: {text}",
                  flush=True)
    if args.save and last is not None and last.session is not None:
        last.session.save(args.save)
    if not args.json:
        print(f"{args.games - failed} finished, {failed} failed")
    return 1 if failed else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from rules.engine.saves import SaveError
    from rules.engine.session import Session

    try:
        session = Session.load(args.file, verify="full")   # every choice, now: the trust check
    except SaveError as exc:
        print(f"refused: {exc}")
        return 1
    res = session.result()
    where = f"{session.game.id}/{session.state['meta']['scenario']}, {len(session.choices)} choices"
    if res is None:
        prompt = session.prompt()
        print(f"ok: {where}; in progress, {prompt.seat if prompt else '?'} to decide")
    else:
        print(f"ok: {where}; winners {','.join(res.winners) or 'none (draw)'}: {res.reason} "
              f"{res.level} scores {res.scores}".rstrip())
    return 0


def cmd_check_data(args: argparse.Namespace) -> int:
    from rules.engine.data import DataError

    status = 0
    for game in _games(args.game):
        try:
            counts = game.check_data()
        except DataError as exc:
            print(f"{game.id}: ERROR {exc}")
            status = 1
            continue
        total = sum(counts.values())
        detail = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        print(f"{game.id}: ok, {total} records ({detail or 'no data files'})")
    return status


def cmd_screenshot(args: argparse.Namespace) -> int:
    from gui.screenshot import render

    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise SystemExit(f"hegemon: --size wants WxH, e.g. 1600x1000, got '{args.size}'") from None
    render(args.game, args.scenario, args.out, size=(w, h))
    print(args.out)
    return 0


def cmd_open(args: argparse.Namespace) -> int:
    from gui.app import run

    return run(args.file)


def cmd_fuzz(args: argparse.Namespace) -> int:
    from rules.engine.fuzz import fuzz

    return fuzz(game_id=args.game, scenario=args.scenario, games=args.games, seed=args.seed,
                out_dir=Path(args.out), step_cap=args.max_steps, bots=args.bots)


def cmd_strength(args: argparse.Namespace) -> int:
    from rules.engine.strength import measure

    if args.opponent not in ("random", "bot"):
        raise SystemExit(f"hegemon: --opponent is random or bot, not '{args.opponent}'")
    info = registry.get(args.game).scenario(args.scenario)
    if not info.playable:
        raise SystemExit(f"hegemon: {args.game}/{args.scenario} is set-up only")

    def progress(i: int, so_far, line) -> None:
        if args.verbose:
            print(json.dumps(line), flush=True)

    out = measure(args.game, args.scenario, args.games, opponent=args.opponent,
                  think=args.think, seed=args.seed, options=_options(args.option),
                  progress=progress)
    figures = out.as_json()
    if args.json:
        print(json.dumps(figures), flush=True)
    else:
        seats = ", ".join(f"{s} {w}/{n}" for s, (w, n) in figures["by_seat"].items())
        print(f"search ({args.think}) against {args.opponent}: won {out.wins} of {out.games} "
              f"({100 * figures['win_rate']:.1f} %; draws {out.draws}, failed {out.failed}); "
              f"by seat: {seats}")
        print(f"CPU time per decision over {figures['searched_decisions']} searched decisions: "
              f"median {figures['median_decision_s']} s, 90 % {figures['p90_decision_s']} s, "
              f"max {figures['max_decision_s']} s (wall-clock median "
              f"{figures['median_wall_s']} s); {figures['simulated_per_s']} simulated "
              f"decisions per CPU second; {figures['seconds']} s in all")
    return 1 if out.failed else 0


def cmd_bench(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bench.run import main as bench_main

    return bench_main(args.only)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="hegemon", description="Ancient-Mediterranean board games.")
    sub = p.add_subparsers(dest="cmd")

    s = sub.add_parser("list", help="games and their scenarios")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_list)

    s = sub.add_parser("play", help="headless bot games to the end")
    s.add_argument("--game", required=True)
    s.add_argument("--scenario", required=True)
    s.add_argument("--seats", required=True,
                   help="random|bot|search[:fast|normal|strong] per seat, in list order")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--games", type=int, default=1)
    s.add_argument("--option", action="append", metavar="KEY=VALUE")
    s.add_argument("--json", action="store_true")
    s.add_argument("--save", metavar="FILE", help="save the last game")
    s.add_argument("--check", action="store_true", help="check invariants after every choice")
    s.add_argument("--max-steps", type=int, default=200_000)
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("replay", help="verify a save file by replaying every choice")
    s.add_argument("file")
    s.set_defaults(func=cmd_replay)

    s = sub.add_parser("check-data", help="validate every data file")
    s.add_argument("--game")
    s.set_defaults(func=cmd_check_data)

    s = sub.add_parser("screenshot", help="render the main window to a PNG offscreen")
    s.add_argument("--game", required=True)
    s.add_argument("--scenario", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--size", default="1600x1000")
    s.set_defaults(func=cmd_screenshot)

    s = sub.add_parser("open", help="the app with a saved game (shown at once, verified "
                                    "in the background)")
    s.add_argument("file")
    s.set_defaults(func=cmd_open)

    s = sub.add_parser("fuzz", help="random legal play of every scenario, invariants checked")
    s.add_argument("--game")
    s.add_argument("--scenario")
    s.add_argument("--games", type=int, default=20)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--out", default="fuzz-failures", help="folder for failing games' saves")
    s.add_argument("--max-steps", type=int, default=200_000)
    s.add_argument("--bots", choices=("bot", "random"), default="bot",
                   help="bot (default): random legal play weighted by each game's strategy, "
                        "every legal choice keeps a positive weight (uniform for games "
                        "without one); random: uniform")
    s.set_defaults(func=cmd_fuzz)

    s = sub.add_parser("strength", help="the search seat against other bots: win rate and "
                                        "decision times (docs/BOTS.md)")
    s.add_argument("--game", required=True)
    s.add_argument("--scenario", required=True)
    s.add_argument("--games", type=int, default=20,
                   help="games; the search seat rotates over the seats")
    s.add_argument("--opponent", default="random", help="random or bot, in every other seat")
    s.add_argument("--think", choices=("fast", "normal", "strong"), default="normal")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--option", action="append", metavar="KEY=VALUE")
    s.add_argument("--json", action="store_true", help="the figures as one JSON line")
    s.add_argument("--verbose", action="store_true", help="one JSON line per game")
    s.set_defaults(func=cmd_strength)

    s = sub.add_parser("bench", help="benchmarks (docs/PERFORMANCE.md)")
    s.add_argument("--only", help="one benchmark by name")
    s.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if not getattr(args, "func", None):
        from gui.app import run

        return run(None)
    try:
        return args.func(args)
    except KeyError as exc:
        print(f"hegemon: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
