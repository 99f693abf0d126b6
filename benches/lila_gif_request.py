#!/usr/bin/env python3
"""The request lichess's GIF service (lila-gif) takes for the game of benches/fixtures/chess-100.uci,
so the two GIF makers can be timed on the same game (docs/benchmarks.md says how).

    python3 benches/lila_gif_request.py > request.json     # needs python-chess: pip install chess

The fixture is a 100-ply game of uniformly random legal moves (seed 2026), kept as a file of facts.
"""
import json
import pathlib

import chess

moves = (pathlib.Path(__file__).parent / "fixtures" / "chess-100.uci").read_text().split()
board = chess.Board()
frames = [{"fen": board.fen()}]
for uci in moves:
    board.push_uci(uci)
    frame = {"fen": board.fen(), "lastMove": uci}
    if board.is_check():
        frame["check"] = chess.square_name(board.king(board.turn))
    frames.append(frame)
print(json.dumps({"white": "White", "black": "Black", "orientation": "white",
                  "theme": "brown", "piece": "cburnett", "delay": 50, "frames": frames}))
