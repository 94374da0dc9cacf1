"""The ``hegemon`` command. Qt is imported only for the app and for screenshots."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from rules.engine import registry


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
        if k not in ("random", "bot"):
            raise SystemExit(f"hegemon: a headless seat is 'random' or 'bot', not '{k}'")
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


def cmd_balance(args: argparse.Namespace) -> int:
    from rules.engine import balance

    info = registry.get(args.game).scenario(args.scenario)
    if not info.playable:
        raise SystemExit(f"hegemon: {args.game}/{args.scenario} is set-up only")
    if args.games < 1:
        raise SystemExit("hegemon: --games must be at least 1")
    options = _options(args.option)
    end = args.seed + args.games - 1

    def dot(i: int, out) -> None:
        if not args.json:
            print("." if out.result and not out.error else "x", end="", flush=True)

    if args.one:
        for kind in (args.one, args.rest):
            _seats(args.game, args.scenario, ",".join([kind] * len(info.seats)))
        tallies = balance.one_against_rest(args.game, args.scenario, args.one, args.rest,
                                           args.games, args.seed, options, progress=dot)
        if args.json:
            print(json.dumps({s: t.as_json() for s, t in tallies.items()}))
            return 0
        print(f"\n{args.one} in one seat against {args.rest} in the others, "
              f"{args.games} games a seat, seeds {args.seed}-{end}:")
        for seat, t in tallies.items():
            extra = f"  (no winner: seeds {t.failed})" if t.failed else ""
            print(f"  {seat:<12} wins {t.share(seat):6.1%}  ({t.wins.get(seat, 0):g} of "
                  f"{t.games}){extra}")
        return 0
    seats = _seats(args.game, args.scenario, args.seats or ",".join(["bot"] * len(info.seats)))
    t = balance.shares(args.game, args.scenario, seats, args.games, args.seed, options,
                       progress=dot)
    if args.json:
        print(json.dumps(t.as_json()))
        return 0
    print(f"\n{args.games} games, seats {','.join(seats.values())}, seeds {args.seed}-{end} "
          f"({t.seconds:.0f} s of play):")
    for seat in seats:
        print(f"  {seat:<12} wins {t.share(seat):6.1%}  ({t.wins.get(seat, 0):g})")
    if t.failed:
        print(f"  no winner: seeds {t.failed}")
    return 0


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
    s.add_argument("--seats", required=True, help="random|bot per seat, in list order")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--games", type=int, default=1)
    s.add_argument("--option", action="append", metavar="KEY=VALUE")
    s.add_argument("--json", action="store_true")
    s.add_argument("--save", metavar="FILE", help="save the last game")
    s.add_argument("--check", action="store_true", help="check invariants after every choice")
    s.add_argument("--max-steps", type=int, default=200_000)
    s.set_defaults(func=cmd_play)

    s = sub.add_parser("balance", help="how often each seat wins over many headless games")
    s.add_argument("--game", required=True)
    s.add_argument("--scenario", required=True)
    s.add_argument("--seats", help="random|bot per seat, in list order (default: bot in every "
                                   "seat)")
    s.add_argument("--one", choices=("bot", "random"),
                   help="instead: this player in each seat in turn, --rest in the others")
    s.add_argument("--rest", choices=("bot", "random"), default="random")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--games", type=int, default=100, help="games (per seat with --one)")
    s.add_argument("--option", action="append", metavar="KEY=VALUE")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_balance)

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
