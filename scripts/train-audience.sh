#!/bin/bash
# The learned audience decision (`models/en/audience.json`; `correction/pipeline/writerErrorRate.ts AudienceModel`):
# each document's counts under the shipped models (edited-english train and dev documents clean and with writers'
# errors in 15%, 30% and 50% of their sentences, EWT train and dev documents as written, the probes' eight essays), then
# the fit (`server/research/audience/fitAudience.ts`): weights on train, threshold on dev. About 30 minutes on a quiet
# machine; the evidence goes to the cache directory `PUNCTEME_CACHE` names (default ../cache).
#
#   npm run train:audience
set -euo pipefail
cd "$(dirname "$0")/.."
CACHE=${PUNCTEME_CACHE:-../cache}/audience
mkdir -p "$CACHE"
npx tsx server/research/audience/documentEvidence.ts --part train --limit 400 --out "$CACHE/evidence-train.jsonl"
npx tsx server/research/audience/documentEvidence.ts --part dev --out "$CACHE/evidence-dev.jsonl"
npx tsx server/research/audience/probeEssays.ts --out "$CACHE/probes.jsonl"
npx tsx server/research/audience/fitAudience.ts --train "$CACHE/evidence-train.jsonl" --dev "$CACHE/evidence-dev.jsonl" \
  --probes "$CACHE/probes.jsonl" --out models/en/audience.json
npx tsx scripts/model-manifest.ts
