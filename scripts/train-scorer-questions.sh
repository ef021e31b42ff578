#!/bin/bash
# Questions written with a period ("Do you have a friend like Ana.") taught to a learned scorer: only the question
# candidate's key features (`key=sentence-final/replace…`) are fitted, every other weight and every threshold kept, so
# that only the end mark of a question can change. The writers' generator never writes a question with a period
# (edited prose never does), so without this step the scorer gave the question candidate 0.03; the examples add
# edited-english train's and EWT train's questions written with a period (`learnerShapes.ts questionSlots`, 300 of
# each, counted 3 times as the other learner shapes), the rest as `train-scorer.sh`'s first fit (cached; journal,
# "Questions written with a period").
#
#   npm run train:scorer-questions                 (on top of models/en/lint-scorer.json, in place)
#   BASE=FILE OUT=FILE bash scripts/train-scorer-questions.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=${PUNCTEME_CACHE:-../cache}/edited-english
OUT=${OUT:-models/en/lint-scorer.json}
BASE=${BASE:-$CACHE/lint-scorer-before-questions.json}
# The base is copied aside first: the fit writes over models/en/lint-scorer.json.
[ "$BASE" != "$CACHE/lint-scorer-before-questions.json" ] || cp models/en/lint-scorer.json "$BASE"
npx tsx server/research/scorer/fit.ts --per-kind-train 250 --clean-every-train 4 --ewt-per-kind 80 --ewt-clean-every 8 \
  --learner-shapes 300 --learner-weight 3 --question-shapes 300 --question-weight 3 --clean-every-dev 2 --no-heldout \
  --bench-dev "$CACHE/bench-dev-default.json" --ewt-dev-clean "$CACHE/bench-ewt-dev-default.json" --ewt-dev-margin 5 \
  --per-kind-thresholds --clean-margin 5 --learning-rate 0.005 --patience 4 --writer-labels 0 --writer-rate 0.5 \
  --init-weights "$BASE" --train-only 'key=sentence-final/replace' --keep-thresholds --out "$OUT"
if [ "$OUT" = models/en/lint-scorer.json ]; then npx tsx scripts/model-manifest.ts; fi
