#!/bin/bash
# Whether a coordinator joins two clauses with subjects of their own (`ccClause=` in `learnedScorer.ts`) taught to a
# learned scorer: only those features are fitted, every other weight and every threshold kept, so that only commas
# before a coordinator can change. Edited prose writes the comma between two clauses far more often than between two
# predicates of one subject, and no other feature read the second conjunct's subject (journal, "Whether a
# coordinator's conjunct has its own subject"). Examples as `train-scorer.sh`'s first fit (cached).
#
#   npm run train:scorer-coordinators                 (on top of models/en/lint-scorer.json, in place)
#   BASE=FILE OUT=FILE bash scripts/train-scorer-coordinators.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=${PUNCTEME_CACHE:-../cache}/edited-english
OUT=${OUT:-models/en/lint-scorer.json}
BASE=${BASE:-$CACHE/lint-scorer-before-coordinators.json}
[ "$BASE" != "$CACHE/lint-scorer-before-coordinators.json" ] || cp models/en/lint-scorer.json "$BASE"
npx tsx server/research/scorer/fit.ts --per-kind-train 250 --clean-every-train 4 --ewt-per-kind 80 --ewt-clean-every 8 \
  --learner-shapes 300 --learner-weight 3 --clean-every-dev 2 --no-heldout --bench-dev "$CACHE/bench-dev-default.json" \
  --ewt-dev-clean "$CACHE/bench-ewt-dev-default.json" --ewt-dev-margin 5 --per-kind-thresholds --clean-margin 5 \
  --learning-rate 0.005 --patience 4 --writer-labels 0 --writer-rate 0.5 \
  --init-weights "$BASE" --train-only '^ccClause' --keep-thresholds --out "$OUT"
if [ "$OUT" = models/en/lint-scorer.json ]; then npx tsx scripts/model-manifest.ts; fi
