#!/bin/bash
# The learned decision over introductory commas waiting for the document's habit (`introductoryComma: auto`;
# models/en/lint-introductory-habit.json, `engine/correction/style/introductoryHabit.ts`; optional: measured and not
# shipped, BENCHMARKS "Introductory commas: the habit's gates learned"): edited-english's and EWT's train and dev
# documents linted as written and with the writers' error generator's introductory omissions, each omission waiting
# for the habit an example (`server/research/habit/habitDecisionExamples.ts`, ~15 min; the silver trees
# are made first where missing), then the fit (seconds). Derived files go to `PUNCTEME_CACHE` (default /work/cache,
# where the silver trees are).
#
#   npm run train:introductory-habit
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=${PUNCTEME_CACHE:-/work/cache}/edited-english
mkdir -p "$CACHE"
[ -f "$CACHE/silver-train.jsonl" ] && [ -f "$CACHE/silver-dev.jsonl" ] || npx tsx server/research/silverTrees.ts --parts train,dev
# The examples do not depend on this model: it reads the omissions only after every part is linted.
model=models/en/lint-introductory-habit.json
npx tsx server/research/habit/habitDecisionExamples.ts --part train --per-kind 4000 --out "$CACHE/habit-train.jsonl"
npx tsx server/research/habit/habitDecisionExamples.ts --ewt train --per-kind 3000 --out "$CACHE/habit-ewt-train.jsonl"
npx tsx server/research/habit/habitDecisionExamples.ts --part dev --per-kind 150 --out "$CACHE/habit-dev.jsonl"
npx tsx server/research/habit/habitDecisionExamples.ts --ewt dev --per-kind 300 --out "$CACHE/habit-ewt-dev.jsonl"
npx tsx server/research/habit/fitHabitDecision.ts --cv 5 --train "$CACHE/habit-train.jsonl,$CACHE/habit-ewt-train.jsonl" \
  --dev "$CACHE/habit-dev.jsonl,$CACHE/habit-ewt-dev.jsonl" --out "$model"
npx tsx scripts/model-manifest.ts
