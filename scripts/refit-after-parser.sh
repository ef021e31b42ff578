#!/usr/bin/env bash
# Every lint model fitted over the parser's trees, refitted after the parser changes (issue #34): a parser that reads
# better is not enough by itself, since the thresholds and the learned models downstream were fitted to the old
# parser's misreadings (the graph parser at epoch 2 alone: clean EWT dev findings 46 → 60; journal, "The graph parser
# wired in"). Run it in a worktree whose models/en holds the new parser (for the graph parser: parser-graph.bin.gz
# beside parser.bin, listed by `npm run models:manifest`); every model is rewritten there, in the order of what reads
# what: the silver trees, then the models that read only them, then the comma-gap model the scorer reads, then the
# scorer. About 2–2.5 hours on two shared cores. Then `bash scripts/bench-lint-dev.sh` against main's run.
#
#   PUNCTEME_CACHE=DIR bash scripts/refit-after-parser.sh [FROM_STEP]
#
# PUNCTEME_CACHE (required: the silver trees and every example cache of the old parser must not be read) gets the
# new silver trees and example caches. FROM_STEP (1–8) resumes a run that stopped after an earlier step.
# Not refitted here (their own commands in docs/models.md): the punctuation model (trained on EWT's gold trees), the
# restoration's comma model (`npm run train:restore-commas`, ~25 min), the calibrated decision's error model
# (`npm run bench:lint -- --fit`), which only `decision: calibrated` reads. The join thresholds in
# `engine/sentenceJoins/findings.ts` are constants: step 4 prints the calibration to choose them again from.
# A worktree (`git worktree add`) needs `node_modules` and `server/node_modules` linked from a checkout that ran
# `npm ci`: without the second, the scorer's step finds the hoisted lru-cache 6 and stops.
# Each step is its model's documented command (docs/models.md). Do not run the test suite in the worktree meanwhile:
# it reads models/en, which is half old and half new until step 8.
set -euo pipefail
: "${PUNCTEME_CACHE:?set PUNCTEME_CACHE to a directory of its own}"
export PUNCTEME_CACHE
cd "$(dirname "$0")/.."
from=${1:-1}
step() { [ "$1" -ge "$from" ] && echo "== step $1: $2 ($(date -u +%H:%M))"; }
tsx=(npx tsx)

if step 1 "silver trees of edited-english with this parser"; then "${tsx[@]}" server/research/silverTrees.ts --parts train,dev,heldout; fi
if step 2 "introductory-comma convention"; then npm run -s train:introductory; fi
if step 3 "semicolon/colon choice"; then "${tsx[@]}" server/research/markChoice/train.ts && "${tsx[@]}" scripts/model-manifest.ts; fi
if step 4 "sentence joins, then their calibration on dev"; then
  "${tsx[@]}" server/research/sentenceJoins/train.ts && "${tsx[@]}" scripts/model-manifest.ts
  "${tsx[@]}" server/research/sentenceJoins/calibrate.ts --part dev --tagger-weight 2 > "$PUNCTEME_CACHE/joins-calibration.txt"
fi
if step 5 "set-off commas"; then npm run -s train:set-off-commas; fi
if step 6 "comma gaps"; then npm run -s train:comma-gaps; fi
if step 7 "learned correction scorer"; then npm run -s train:scorer; fi
if step 8 "manifest check"; then "${tsx[@]}" scripts/model-manifest.ts --check; fi
