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
# At a phone's width: players' labels by their sides, the last move framed on every tint.
$herald render --size 450 --out $out/midgame-450.png --white "alice 1523" --black "bob 1480" \
  --fen "st1g1ep4ts/1h4a3g2/lla5llh2/3ll1ml2ll1/13/2l2l7/L2L2l3L1l/3MLL7/1L10L/6L4L1/2L4LLL3/S1HT4A4/1G2AEP2GHTS b Mam k6 - - - 0 23" \
  --moves "g7f6"
# The other variants' own pieces at 450 px, each on both colours of square and beside the
# pieces they could be taken for.
$herald render --size 450 --variant ageiou --out $out/ageiou-450.png \
  --fen "bvncqkcnvb/10/qvpQVPqvpQ/10/10/10/10/VQPvqpVQPv/10/BVNCQKCNVB w - - - 0 1"
$herald render --size 450 --variant fantastic --out $out/fantastic-450.png \
  --fen "hmqcsnknscqmh/13/13/itpITPitpITPi/13/13/13/13/13/TPitpITPitpIT/13/13/HMQCSNKNSCQMH w - - 0 1"
$herald render --size 450 --variant empire --out $out/empire-450.png \
  --fen "rnbqkbnr/pppppppp/8/8/3K4/PPPSSPPP/8/TECD1CET b - - 0 1"
# Morphy's Opera game: each side's missing pieces in its strip, the result under the board.
opera="e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#"
$herald render --size 450 --variant chess --moves "$opera" --white Morphy --black "Duke Karl / Count Isouard" \
  --out $out/opera-450.png
# The same game as an animated GIF (600 px by default), and the first 40 plies of an Epoch game.
$herald render --gif --variant chess --moves "$opera" --white Morphy --black "Duke Karl / Count Isouard" \
  --out $out/opera.gif
$herald render --gif --out $out/epoch-40.gif --moves "m3m4 h13h12 a3a4 d13d12 b3b5 i13h13 j1k2 f11f8 e3e4 h12k12 c1f4 l13j10 f4c7 d11d9 c7g11 h11h10 g11a5 a11a9 k2m2 j10i8 i1i2 f8f7 e1e2 c13b12 g3g5 i11i10 a1a2 l11l10 k1j1 j11j9 e4e6 k13l13 i2f2 i8j10 i3i4 m13m12 h1i2 a13a12 a5e9 j13k13"
