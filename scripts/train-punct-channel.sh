#!/bin/bash
# The shipped punctuation model (issue #30): the Attach + NoisyChannel model trained on EWT (main 51561b9's
# models/en/punct.json, read from git history) with θ kept as it is (--lr 0: θ holds the set-off comma's Δ that the
# lint's calibration was fitted to) and, of the noisy channel φ, only the windows with a quotation mark trained
# (--channel-only-marks), and of those only keep against swap (--channel-keep-deletions): one epoch of 1,000
# sentences at rate 0.2 on EWT train plus edited-english train (silver trees, weight 0.2). The channel learns American
# quote transposition (”. ↦ .”) from the edited American text, while every window without a quote, and how often a
# quote is dropped, stay the EWT model's bit for bit: trained freely, the channel also moved the comma findings of
# sentences without quotes (journal: "Quote style from the model, continued"). About 15 minutes niced on a shared
# machine, with the final dev perplexities and rule statistics.
#
#   npm run train:punct-channel [-- OUT_DIR]      (default OUT_DIR: ../cache/punct-model/channel)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-../cache/punct-model/channel}
mkdir -p "$OUT"
git show 51561b9:models/en/punct.json > "$OUT/punct-base.json"
npx tsx scripts/train-punct.ts --only full --resume "$OUT/punct-base.json" --out "$OUT" --edited --edited-weight 0.2 \
  --lr 0 --lr-channel 0.2 --decay 0.9 --epochs 1 --spe 1000 --minutes 100000 --dev-sentences 300 \
  --edited-dev-final 1000 --rules-sentences 300 --channel-only-marks '“”‘’' --channel-keep-deletions
cp "$OUT/punct.json" models/en/punct.json
npx tsx scripts/model-manifest.ts
