#!/usr/bin/env bash
# Regenerates the reference renders in this folder: bash assets/reference/render.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet
herald=target/release/herald
out=assets/reference
size=600

$herald render --size $size --out $out/start.png
$herald render --size $size --out $out/midgame.png \
  --fen "st1g1ep4ts/1h4a3g2/lla5llh2/3ll1ml2ll1/13/2l2l7/L2L2l3L1l/3MLL7/1L10L/6L4L1/2L4LLL3/S1HT4A4/1G2AEP2GHTS b Mam k6 - - - 0 23"
# An enhanced Mage on d5 blasts: Black loses the Sentinel on c6 and the Legionary on e4.
$herald render --size $size --out $out/blast.png \
  --fen "6pm5/6e6/13/13/13/13/13/2s1t8/3G9/3Ll8/4M8/13/5EP6 w - - - - - 0 12" --moves "Gd5*"
# The Assassin on e1 takes the Herald on e8 and lands on e9.
$herald render --size $size --out $out/assassin.png \
  --fen "6pm5/13/10ll1/13/13/4h8/13/13/13/13/13/13/4A1PM5 w - - - - - 0 12" --moves "Axe9"
# The Marshal on g7 enhances White's whole army and checks Black's Pope; drawn from Black's side.
$herald render --size $size --out $out/g7-check-flipped.png --flip \
  --fen "s5p6/7m5/3g6a2/4ll7/13/13/6M6/13/3L3L5/10T2/2H10/13/4S1P6 b - - - - Sc,Ld,hb 14 20"
# The moves of an enhanced Mage: green dots, and the Sentinel its blast would catch in red.
$herald render --size $size --out $out/mage-moves.png --piece d5 \
  --fen "6pm5/13/13/13/7l5/13/4l3t4/2s10/3G9/5M7/1s2A8/13/6P6 w - - - - - 0 12"
