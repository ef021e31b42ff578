#!/bin/bash
# The writer's habit before "which" (`server/src/engine/correction/learned/documentFeatures.ts`) fitted on top of a learned
# scorer: only the `docWhich=` weights are fitted, every other weight and every threshold kept, so that only commas
# before "which" can change (journal, "The writer's habit before which"). Examples: 1,000 corrupted items a kind from
# every edited-english train document (cached under the cache directory, about 15 minutes to build on a quiet
# machine), the rest as `train-scorer.sh`'s first fit.
#
#   npm run train:scorer-which                 (on top of models/en/lint-scorer.json, in place)
#   BASE=FILE OUT=FILE bash scripts/train-scorer-which.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=${PUNCTEME_CACHE:-../cache}/edited-english
OUT=${OUT:-models/en/lint-scorer.json}
BASE=${BASE:-$CACHE/lint-scorer-base.json}
# The base is copied aside first: the fit writes over models/en/lint-scorer.json.
[ "$BASE" != "$CACHE/lint-scorer-base.json" ] || cp models/en/lint-scorer.json "$BASE"
npx tsx server/research/scorer/fit.ts --per-kind-train 1000 --train-docs-every 1 --clean-every-train 3 --ewt-per-kind 80 --ewt-clean-every 8 \
  --learner-shapes 300 --learner-weight 3 --clean-every-dev 2 --no-heldout --bench-dev "$CACHE/bench-dev-default.json" \
  --ewt-dev-clean "$CACHE/bench-ewt-dev-default.json" --ewt-dev-margin 5 --per-kind-thresholds --clean-margin 5 \
  --learning-rate 0.005 --patience 4 --writer-labels 0 --writer-rate 0.5 \
  --document-which --init-weights "$BASE" --train-only '^docWhich=' --keep-thresholds --out "$OUT"
if [ "$OUT" = models/en/lint-scorer.json ]; then npx tsx scripts/model-manifest.ts; fi
