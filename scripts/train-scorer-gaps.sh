#!/bin/bash
# An experiment, not shipped (journal, "The linter's gap tagger cross-fitted": better on edited dev and held-out
# edited-english, worse on the genres none of our data has). The linter's BiLSTM gap tagger (`learned/sideModels.ts`
# neuralGapFeatures) read by the learned scorer: the tagger (edited-english train sentences as written, commas corrupted afresh each epoch,
# 2 epochs), two fold taggers that each leave out one of the scorer's folds (3 epochs on the other half; they give the
# edited-english train examples their features, so that the scorer does not learn to trust a tagger that saw those
# documents), then the `nGap` weights fitted on top of the shipped scorer with every other weight kept. The thresholds
# are chosen again on dev, except for the four kinds dev does not decide, which keep the scorer's (journal, "The
# linter's gap tagger cross-fitted"). The taggers take about 25 minutes an epoch on a quiet machine, the examples 15.
#
#   bash scripts/train-scorer-gaps.sh          (on top of models/en/lint-scorer.json, into the cache directory)
#   BASE=FILE OUT=FILE bash scripts/train-scorer-gaps.sh
# To try the scorer, put OUT as lint-scorer.json and TAGGER as lint-gap-tagger.json in a copy of models/en
# (`PUNCTEME_MODEL_DIR`).
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=${PUNCTEME_CACHE:-../cache}/edited-english
OUT=${OUT:-$CACHE/lint-scorer-gaps.json}
BASE=${BASE:-models/en/lint-scorer.json}
TAGGER=${TAGGER:-$CACHE/lint-gap-tagger.json}
mkdir -p "$CACHE"
[ -f "$TAGGER" ] || npx tsx scripts/train-restore-bilstm.ts --written --epochs 2 --state "$CACHE/lint-gap-tagger.state" --out "$TAGGER"
for K in 0 1; do
  F=$CACHE/lint-gap-tagger-leave-fold-$K-of-2.json
  [ -f "$F" ] || npx tsx scripts/train-restore-bilstm.ts --written --leave-fold $K --epochs 3 --state "$F.state" --out "$F"
done
npx tsx server/research/scorer/fit.ts --per-kind-train 1000 --train-docs-every 1 --clean-every-train 3 --ewt-per-kind 80 --ewt-clean-every 8 \
  --learner-shapes 300 --learner-weight 3 --clean-every-dev 2 --no-heldout --bench-dev "$CACHE/bench-dev-default.json" \
  --ewt-dev-clean "$CACHE/bench-ewt-dev-default.json" --ewt-dev-margin 5 --per-kind-thresholds --clean-margin 5 \
  --learning-rate 0.005 --patience 4 --writer-labels 0 --writer-rate 0.5 \
  --document-which --neural-gaps "$TAGGER" --neural-gap-folds "$CACHE/lint-gap-tagger-leave-fold-0-of-2.json,$CACHE/lint-gap-tagger-leave-fold-1-of-2.json" \
  --init-weights "$BASE" --train-only '^(nGap|noNGap)' \
  --keep-thresholds-of introductory-comma/delete,nonrestrictive-comma/delete,nonrestrictive-comma/insert/unclosed,subject-verb-comma/insert \
  --out "$OUT"
