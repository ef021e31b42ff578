#!/bin/bash
# The shipped punctuation model (issue #30): the θ of the Attach + NoisyChannel model trained on EWT (main 51561b9's
# models/en/punct.json, read from git history) kept as it is (--lr 0: θ holds the set-off comma's Δ that the lint's
# calibration was fitted to), and only the noisy channel φ trained, one epoch of 1,000 sentences at rate 0.2, on EWT
# train plus edited-english train (silver trees, weight 0.2). Its channel learns American quote transposition
# (”. ↦ .”) from the edited American text. 10 minutes in all (the epoch 408 s, niced, load 10–12; 1,338 s at load
# 7–16), with the final dev perplexities and rule statistics. Seeded: run again, it gave the same channel and θ
# byte for byte (channelLogits, weights) as the run the journal measured.
#
#   npm run train:punct-channel [-- OUT_DIR]      (default OUT_DIR: ../cache/punct-model/channel)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-../cache/punct-model/channel}
mkdir -p "$OUT"
git show 51561b9:models/en/punct.json > "$OUT/punct-base.json"
npx tsx scripts/train-punct.ts --only full --resume "$OUT/punct-base.json" --out "$OUT" --edited --edited-weight 0.2 \
  --lr 0 --lr-channel 0.2 --decay 0.9 --epochs 1 --spe 1000 --minutes 100000 --dev-sentences 300 \
  --edited-dev-final 1000 --rules-sentences 300
cp "$OUT/punct.json" models/en/punct.json
npx tsx scripts/model-manifest.ts
