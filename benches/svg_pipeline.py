"""The usual pipeline of Discord chess bots, for comparison with `cargo bench --bench render`:
python-chess draws the board as SVG and cairosvg turns it into a PNG. An 8x8 middlegame at
800 px with its last move marked; the median of N samples (default 50) after one warm-up.

    python3 -m pip install chess cairosvg
    python3 benches/svg_pipeline.py [N]
"""

import statistics
import sys
import time

import cairosvg
import chess
import chess.svg

samples = int(sys.argv[1]) if len(sys.argv) > 1 else 50
board = chess.Board("r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQkq - 2 8")
move = chess.Move.from_uci("c4d5")
board.push(move)
times, size = [], 0
for _ in range(samples + 1):
    start = time.perf_counter()
    svg = chess.svg.board(board, lastmove=move, size=800)
    png = cairosvg.svg2png(bytestring=svg.encode())
    times.append(time.perf_counter() - start)
    size = len(png)
median = statistics.median(times[1:]) * 1e3
print(
    f"python-chess {chess.__version__} + cairosvg {cairosvg.__version__}, 8x8 at 800 px: "
    f"median {median:.1f} ms; PNG {size} bytes"
)
