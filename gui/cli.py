"""The ``hegemon`` command. Qt is imported only for the app and for screenshots."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from rules.engine import balance, registry
from rules.engine.bots import is_controller
from rules.engine.data import DataError
from rules.engine.fuzz import fuzz
from rules.engine.options import check_options
from rules.engine.runner import play
from rules.engine.saves import SaveError
from rules.engine.session import Session
from rules.engine.strength import measure

#: a headless seat: a bot that picks uniformly, the strategy bot, or a seat not in play
SEAT_KINDS = ("random", "bot", "none")
#: screenshot sides (pixels): a window smaller or larger than this is not a useful picture
SIZE_RANGE = (200, 8000)
#: the picture formats ``hegemon screenshot --out`` writes, by suffix
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")


class UsageError(Exception):
    """A bad command line: ``str()`` is the one line ``hegemon`` prints."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line naming the command's --help."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


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
            if s.get("recommended"):
                longest = max(map(int, s["lengths"]))
                length = f"  turns: {'/'.join(s['recommended'])} (any 1-{longest})"
            length += "".join(f"  {o['key']}: {'/'.join(o['choices'])}" for o in s["options"]
                              if o["choices"])
            if not s["playable"]:
                length += "  (set-up only)"
            print(f"  {s['id']:<22} {s['year']:>8}  seats: {','.join(s['seats'])}{length}")
            print(f"  {'':<22} {s['title']}")
    return 0


def _options(game_id: str, scenario: str, pairs: list[str] | None) -> dict[str, str]:
    """``--option KEY=VALUE`` pairs checked against what New Game offers, over the defaults."""
    given = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise UsageError(f"--option wants KEY=VALUE, got '{pair}'")
        key, value = pair.split("=", 1)
        given[key.strip()] = value.strip()
    game = registry.get(game_id)
    try:
        return check_options(game, game.scenario(scenario), given)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def _seats(game_id: str, scenario: str, spec: str,
           options: dict[str, str] | None = None) -> dict[str, str]:
    """``--seats`` as New Game takes them: one kind per seat in ``list`` order; a scenario
    that may be played by fewer takes ``none`` for a seat not in play, or a shorter list.
    An option that leaves seats to the rules (Hubris ``players=2``) takes one kind per seat
    left, or the full list with ``none`` in the seats it leaves."""
    game = registry.get(game_id)
    info = game.scenario(scenario)
    kinds = [k.strip() for k in spec.split(",")]
    for k in kinds:
        if k not in SEAT_KINDS and (k == "human" or not is_controller(k)):
            raise UsageError(f"a headless seat is random, bot, search[:fast|normal|strong] "
                             f"or none, not '{k}'")
    left = game.seats_for(info, options or {})
    if left != info.seats:
        if len(kinds) == len(info.seats):
            given = dict(zip(info.seats, kinds, strict=True))
            ruled = [s for s in info.seats if s not in left and given[s] != "none"]
            if ruled:
                raise UsageError(f"with these options {','.join(ruled)} is not a player's "
                                 f"seat: give 'none' there, or list only {','.join(left)}")
            kinds = [given[s] for s in left]
        elif len(kinds) != len(left):
            raise UsageError(f"{scenario} with these options has {len(left)} seats "
                             f"({','.join(left)}); --seats gave {len(kinds)}")
        playing = {seat: k for seat, k in zip(left, kinds, strict=True) if k != "none"}
        if len(playing) < len(left):
            raise UsageError(f"{scenario} with these options needs all {len(left)} seats in "
                             f"play ({','.join(left)})")
        return playing
    seats = ",".join(info.seats)
    if len(kinds) > len(info.seats) or (len(kinds) < len(info.seats) and not info.min_seats):
        raise UsageError(f"{scenario} has {len(info.seats)} seats ({seats}); "
                         f"--seats gave {len(kinds)}")
    playing = {seat: k for seat, k in zip(info.seats, kinds, strict=False) if k != "none"}
    need = info.min_seats or len(info.seats)
    if len(playing) < need:
        fewer = f"at least {need}" if info.min_seats else f"all {need}"
        raise UsageError(f"{scenario} needs {fewer} seats in play ({seats}); "
                         f"--seats gave {len(playing)}")
    return playing


def _at_least(value: int, least: int, name: str) -> int:
    if value < least:
        raise UsageError(f"{name} must be {least} or more, got {value}")
    return value


def cmd_play(args: argparse.Namespace) -> int:
    if not registry.get(args.game).scenario(args.scenario).playable:
        raise UsageError(f"{args.game}/{args.scenario} is set-up only: "
                         "its play is not implemented yet")
    options = _options(args.game, args.scenario, args.option)
    seats = _seats(args.game, args.scenario, args.seats, options)
    _at_least(args.games, 1, "--games")
    _at_least(args.seed, 0, "--seed")
    _at_least(args.max_steps, 1, "--max-steps")
    if args.save:
        _writable_file(args.save, "--save", "game.json")
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
            nobody = f"none ({(res.level or 'draw').lower()})" if res else ""
            text = (f"winners {','.join(res.winners) or nobody}; {res.reason}; "
                    f"scores {res.scores}" if res else f"FAILED ({out.problem}): {out.error}")
            print(f"seed {out.seed}: {out.decisions} decisions, {out.seconds:.2f}s: {text}",
                  flush=True)
    if args.save and last is not None and last.session is not None:
        try:
            last.session.save(args.save)
        except SaveError as exc:
            raise UsageError(str(exc)) from None
    if not args.json:
        print(f"{args.games - failed} finished, {failed} failed")
    return 1 if failed else 0


def cmd_balance(args: argparse.Namespace) -> int:
    info = registry.get(args.game).scenario(args.scenario)
    if not info.playable:
        raise UsageError(f"{args.game}/{args.scenario} is set-up only")
    options = _options(args.game, args.scenario, args.option)
    n_seats = registry.get(args.game).seats_for(info, options)
    _at_least(args.games, 1, "--games")
    _at_least(args.seed, 0, "--seed")
    end = args.seed + args.games - 1

    def dot(i: int, out) -> None:
        if not args.json:
            print("." if out.result and not out.error else "x", end="", flush=True)

    if args.one:
        for kind in (args.one, args.rest):
            _seats(args.game, args.scenario, ",".join([kind] * len(n_seats)), options)
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
    seats = _seats(args.game, args.scenario, args.seats or ",".join(["bot"] * len(n_seats)),
                   options)
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
    if not args.file.strip():
        raise UsageError("replay needs a save file's name")
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


def _size(text: str) -> tuple[int, int]:
    """``--size WxH``, each side within :data:`SIZE_RANGE`."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size wants WxH, e.g. 1600x1000, got '{text}'") from None
    lo, hi = SIZE_RANGE
    if not (lo <= w <= hi and lo <= h <= hi):
        raise UsageError(f"--size: each side must be {lo} to {hi} pixels, got '{text}'")
    return w, h


def _writable_file(text: str, flag: str, example: str) -> Path:
    """A file to write: not a folder, in a folder that exists (or can be made) and may be
    written to. Checked before the work, so a long run does not fail at its end."""
    if not text.strip():
        raise UsageError(f"{flag} needs a file name")
    path = Path(text)
    if path.is_dir():
        raise UsageError(f"{flag} {text} is a folder; give a file name, e.g. {path / example}")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{flag} {text}: cannot write in {folder}")
    return path


def _picture_path(text: str) -> Path:
    """``--out``: a writable file whose suffix names a picture format."""
    path = _writable_file(text, "--out", "map.png")
    if path.suffix.lower() not in PICTURE_SUFFIXES:
        raise UsageError(f"--out {text}: the picture's name must end in "
                         f"{', '.join(PICTURE_SUFFIXES)}")
    return path


def _quiet_offscreen_notes() -> None:
    """Drop the offscreen platform's note that it cannot resize a window frame (printed
    for every window, it says nothing about the picture); other Qt messages still print."""
    from PySide6.QtCore import qInstallMessageHandler  # late: Qt for screenshots only

    def handler(_kind, _context, message: str) -> None:
        if message != "This plugin does not support propagateSizeHints()":
            print(message, file=sys.stderr)

    qInstallMessageHandler(handler)


def cmd_screenshot(args: argparse.Namespace) -> int:
    size = _size(args.size)
    out = _picture_path(args.out)
    _quiet_offscreen_notes()
    if args.game is None:
        if args.scenario is not None:
            raise UsageError("--scenario needs --game")
        if args.option:
            raise UsageError("--option needs --game")
        from gui.screenshot import render_welcome  # late: Qt; headless commands never load it

        try:
            render_welcome(str(out), size=size)
        except OSError as exc:
            raise UsageError(f"--out {out}: cannot write it: {exc.strerror or exc}") from None
    else:
        game = registry.get(args.game)
        scenario = args.scenario or next((s.id for s in game.scenarios() if s.playable),
                                         game.scenarios()[0].id)
        game.scenario(scenario)        # KeyError naming the known ones
        options = _options(args.game, scenario, args.option)
        from gui.screenshot import render  # late: Qt; headless commands never load it

        try:
            render(args.game, scenario, str(out), size=size, options=options)
        except OSError as exc:
            raise UsageError(f"--out {out}: cannot write it: {exc.strerror or exc}") from None
    print(out)
    return 0


def cmd_open(args: argparse.Namespace) -> int:
    from gui.app import run  # late: Qt; headless commands never load it

    return run(args.file)


def cmd_fuzz(args: argparse.Namespace) -> int:
    if args.game is not None:
        game = registry.get(args.game)
        if args.scenario is not None:
            game.scenario(args.scenario)
    elif args.scenario is not None:
        raise UsageError("--scenario needs --game")
    _at_least(args.games, 1, "--games")
    _at_least(args.seed, 0, "--seed")
    _at_least(args.max_steps, 1, "--max-steps")

    return fuzz(game_id=args.game, scenario=args.scenario, games=args.games, seed=args.seed,
                out_dir=Path(args.out), step_cap=args.max_steps, bots=args.bots)


def cmd_strength(args: argparse.Namespace) -> int:
    if args.opponent not in ("random", "bot"):
        raise UsageError(f"--opponent is random or bot, not '{args.opponent}'")
    info = registry.get(args.game).scenario(args.scenario)
    if not info.playable:
        raise UsageError(f"{args.game}/{args.scenario} is set-up only: "
                         "its play is not implemented yet")
    options = _options(args.game, args.scenario, args.option)
    _at_least(args.games, 1, "--games")
    _at_least(args.seed, 0, "--seed")

    def progress(i: int, so_far, line) -> None:
        if args.verbose:
            print(json.dumps(line), flush=True)

    out = measure(args.game, args.scenario, args.games, opponent=args.opponent,
                  think=args.think, seed=args.seed, options=options,
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
    """The benchmarks live beside the package in a source checkout (``bench/``), not in it:
    they read the recorded games of ``tests/``."""
    checkout = Path(__file__).resolve().parents[1]
    if not (checkout / "bench" / "run.py").is_file():
        print("hegemon bench: the benchmarks need a source checkout (bench/ and tests/ beside "
              "gui/); this is an installed package", file=sys.stderr)
        return 2
    sys.path.insert(0, str(checkout))
    from bench.run import main as bench_main  # a checkout's folder, not part of the package

    return bench_main(args.only)


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="hegemon", description="Ancient-Mediterranean board games.")
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

    s = sub.add_parser("screenshot", help="render the main window to a PNG offscreen: a new "
                                          "game of a scenario, or without --game the welcome "
                                          "page")
    s.add_argument("--game", help="without it: the welcome page")
    s.add_argument("--scenario", help="default: the game's first playable scenario")
    s.add_argument("--out", required=True, metavar="FILE.png")
    s.add_argument("--size", default="1600x1000")
    s.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a New Game option (as hegemon play takes it); the rest at defaults")
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
    """Run one command. A bad input is one line on stderr and a non-zero exit, never a
    traceback; a reader that stops early (``hegemon list | head -1``) ends it quietly."""
    args = parser().parse_args(argv)
    if not getattr(args, "func", None):
        from gui.app import run  # late: Qt; headless commands never load it

        return run(None)
    try:
        status = args.func(args)
        sys.stdout.flush()
        return status
    except (KeyError, UsageError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"hegemon {args.cmd}: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader left: send what is still buffered nowhere, and exit without a word
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:          # the output itself cannot be written (a full disk)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"hegemon {args.cmd}: cannot write the output: {exc.strerror or exc}",
              file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
