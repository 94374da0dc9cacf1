"""Grab the Review window to a PNG (``hegemon screenshot`` cannot open a review):

    PYTHONPATH=$PWD python -m gui.review.snapshot SAVE OUT.png [--seat S] [--analyse N]
        [--think fast] [--at K]

opens the save read-only in a Review window of 1600 x 1000, analyses ``N`` decisions of
seat ``S`` from the start (waiting for the end), goes to position ``K`` (default: the first
marked decision, else the end) and writes the picture. Settings are Qt's test-mode ones.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from gui.app import make_app
from gui.main_window import MainWindow
from gui.screenshot import _leave_the_players_settings_alone, _save

from .launch import review_path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gui.review.snapshot")
    parser.add_argument("save")
    parser.add_argument("out")
    parser.add_argument("--seat")
    parser.add_argument("--analyse", type=int, help="how many decisions (0: all)")
    parser.add_argument("--think", default="fast")
    parser.add_argument("--at", type=int)
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = make_app()
    _leave_the_players_settings_alone()
    window = MainWindow()
    review = review_path(window, args.save)
    if review is None:
        print(window.error_box.text() if window.error_box else "cannot review", file=sys.stderr)
        return 1
    review.resize(1600, 1000)
    for _ in range(3):
        app.processEvents()
    if args.analyse is not None:
        review.go(0)
        if args.seat:
            review.seat_box.setCurrentIndex(review.seat_box.findData(args.seat))
        review.limit.setValue(args.analyse)
        review.think.setCurrentIndex(review.think.findData(args.think))
        review.analyse()
        start = time.perf_counter()
        while review.analysis is not None and review.analysis.running:
            app.processEvents()
            time.sleep(0.02)
        print(f"analysed {len(review.verdicts)} decisions in "
              f"{time.perf_counter() - start:.1f} s", file=sys.stderr)
    marks = sorted(i for i, v in review.verdicts.items() if v.marked)
    review.go(args.at if args.at is not None else (marks[0] if marks else review.total))
    for _ in range(3):
        app.processEvents()
    review.map_view.fit()
    app.processEvents()
    _save(review, args.out)
    review.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
