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
exec bash "$(dirname "$0")/train-scorer-on-top.sh" coordinators '^ccClause'
