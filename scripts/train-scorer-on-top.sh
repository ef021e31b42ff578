#!/bin/bash
# One group of the learned scorer's features fitted on top of a scorer, every other weight and every threshold kept,
# with `train-scorer.sh`'s first fit's examples (cached) plus any options given: the steps that teach the shipped
# scorer one thing without moving the rest (`train-scorer-questions.sh`, `train-scorer-coordinators.sh`).
#
#   bash scripts/train-scorer-on-top.sh NAME TRAIN_ONLY_REGEX [FIT_OPTIONS…]
#   (BASE=FILE: the scorer fitted on, default a copy of models/en/lint-scorer.json kept as
#   $PUNCTEME_CACHE/edited-english/lint-scorer-before-NAME.json; OUT=FILE: default models/en/lint-scorer.json, in place;
#   TRAIN_SEED=N: the train part's draw, as `train-scorer.sh`)
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?NAME}; only=${2:?TRAIN_ONLY_REGEX}; shift 2
CACHE=${PUNCTEME_CACHE:-../cache}/edited-english
OUT=${OUT:-models/en/lint-scorer.json}
BASE=${BASE:-$CACHE/lint-scorer-before-$name.json}
# The base is copied aside first: the fit writes over models/en/lint-scorer.json.
[ "$BASE" != "$CACHE/lint-scorer-before-$name.json" ] || cp models/en/lint-scorer.json "$BASE"
npx tsx server/research/scorer/fit.ts --train-seed "${TRAIN_SEED:-11}" --per-kind-train 250 --clean-every-train 4 --ewt-per-kind 80 --ewt-clean-every 8 \
  --learner-shapes 300 --learner-weight 3 --clean-every-dev 2 --no-heldout --bench-dev "$CACHE/bench-dev-default.json" \
  --ewt-dev-clean "$CACHE/bench-ewt-dev-default.json" --ewt-dev-margin 5 --per-kind-thresholds --clean-margin 5 \
  --learning-rate 0.005 --patience 4 --writer-labels 0 --writer-rate 0.5 \
  --init-weights "$BASE" --train-only "$only" --keep-thresholds --out "$OUT" "$@"
if [ "$OUT" = models/en/lint-scorer.json ]; then npx tsx scripts/model-manifest.ts; fi
