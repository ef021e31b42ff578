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
exec bash "$(dirname "$0")/train-scorer-on-top.sh" questions 'key=sentence-final/replace' --question-shapes 300 --question-weight 3
