#!/bin/bash
# The learned correction scorer (`decision: learned`, models/en/lint-scorer.json; issue #29): cross-fitted comma-gap
# probabilities, the default engine's dev runs the thresholds are kept within (edited dev and clean EWT dev), then the
# fit. Every derived file goes to the cache directory `PUNCTEME_CACHE` names (default ../cache), so that an experiment
# with its own `PUNCTEME_CACHE` never overwrites another's runs.
#
#   npm run train:scorer [-- FIT_OPTIONS…]     (e.g. --learning-rate 0.005 --patience 4)
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=${PUNCTEME_CACHE:-../cache}/edited-english
mkdir -p "$CACHE"
npx tsx server/research/scorer/crossFit.ts
npx tsx server/research/benchEdited.ts --part dev --per-kind 150 --out "$CACHE/bench-dev-default.json" --findings "$CACHE/bench-dev-default-findings.tsv"
npx tsx scripts/bench-lint.ts --clean-only --clean-split dev --clean-docs --no-harper --decision calibrated --out "$CACHE/bench-ewt-dev-default.json"
npx tsx server/research/scorer/fit.ts --per-kind-train 250 --clean-every-train 4 --ewt-per-kind 80 --ewt-clean-every 8 \
  --learner-shapes 300 --learner-weight 3 --clean-every-dev 2 --no-heldout --bench-dev "$CACHE/bench-dev-default.json" \
  --ewt-dev-clean "$CACHE/bench-ewt-dev-default.json" --ewt-dev-margin 5 --per-kind-thresholds --clean-margin 5 \
  --out models/en/lint-scorer.json "$@"
npx tsx scripts/model-manifest.ts
