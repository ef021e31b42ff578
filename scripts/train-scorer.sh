#!/bin/bash
# The learned correction scorer (`decision: learned`, models/en/lint-scorer.json; issue #29): cross-fitted comma-gap
# probabilities, the default engine's dev runs the thresholds are kept within (edited dev and clean EWT dev), then the
# fit. Every derived file goes to the cache directory `PUNCTEME_CACHE` names (default ../cache), so that an experiment
# with its own `PUNCTEME_CACHE` never overwrites another's runs.
#
#   npm run train:scorer [-- FIT_OPTIONS…]     (options added to the fit of the weights)
#   TRAIN_SEED=N npm run train:scorer           (another draw of the train part's corrupted items, default 11: refits
#                                               at several seeds give the spread a parser change must stand out of)
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=${PUNCTEME_CACHE:-../cache}/edited-english
mkdir -p "$CACHE"
npx tsx server/research/scorer/crossFit.ts
npx tsx server/research/benchEdited.ts --part dev --per-kind 150 --decision calibrated --out "$CACHE/bench-dev-default.json" --findings "$CACHE/bench-dev-default-findings.tsv"
npx tsx scripts/bench-lint.ts --clean-only --clean-split dev --clean-docs --no-harper --decision calibrated --out "$CACHE/bench-ewt-dev-default.json"
# The weights: EWT's corrupted omissions labelled by the writer's own commas (`writerLabels.ts`), a smaller Adam step.
npx tsx server/research/scorer/fit.ts --train-seed "${TRAIN_SEED:-11}" --per-kind-train 250 --clean-every-train 4 --ewt-per-kind 80 --ewt-clean-every 8 \
  --learner-shapes 300 --learner-weight 3 --clean-every-dev 2 --no-heldout --bench-dev "$CACHE/bench-dev-default.json" \
  --ewt-dev-clean "$CACHE/bench-ewt-dev-default.json" --ewt-dev-margin 5 --per-kind-thresholds --clean-margin 5 \
  --learning-rate 0.005 --patience 4 --writer-labels 0 --writer-rate 0.5 --out "$CACHE/lint-scorer-weights.json" "$@"
# The thresholds chosen again on those weights under stricter budgets: end to end the scorer made 3 more clean EWT dev
# findings and 2 more clean edited dev findings than the sweep estimated (journal, "Writer-consistent labels …").
# The kinds set by hand are those dev's corrupted items do not decide, each read off judged findings: the splice's
# 0.75 and the two deletions' 0.7 off judged false alarms on clean edited dev (journal, "A splice threshold read off
# judged false alarms", "Two thresholds read off judged false alarms"); the closing comma of a pair the writer opened
# 0.5, its own group, so that `My brother, who lives in Paris is a doctor.` (0.65) is reported; the subject–verb
# deletion 0.84 (journal, "Writer-consistent labels …"). A refit whose sweep chose these kinds again left all four
# at the global threshold (journal, "A control refit").
npx tsx server/research/scorer/fit.ts --clean-every-dev 2 --no-heldout --bench-dev "$CACHE/bench-dev-default.json" \
  --ewt-dev-clean "$CACHE/bench-ewt-dev-default.json" --ewt-dev-margin 8 --per-kind-thresholds --clean-margin 5.6 \
  --weights "$CACHE/lint-scorer-weights.json" --set-threshold subject-verb-comma/delete=0.84 \
  --set-threshold comma-splice/replace=0.75 --set-threshold introductory-comma/delete=0.7 \
  --set-threshold nonrestrictive-comma/delete=0.7 --set-threshold nonrestrictive-comma/insert/unclosed=0.5 \
  --out models/en/lint-scorer.json
npx tsx scripts/model-manifest.ts
# The writer's habit before "which", fitted on top with every other weight and threshold kept (`train-scorer-which.sh`).
bash scripts/train-scorer-which.sh
# Questions written with a period, fitted on top the same way (`train-scorer-questions.sh`).
bash scripts/train-scorer-questions.sh
# Whether a coordinator joins two clauses with their own subjects, fitted on top the same way (`train-scorer-coordinators.sh`).
bash scripts/train-scorer-coordinators.sh
