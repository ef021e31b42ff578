#!/usr/bin/env bash
# The linter's dev bench: every dev measure a change to the engine or its models is judged on (#29's criteria), for
# the worktree as it stands, in one run (about 15–25 minutes on two cores). Never reads held-out data.
#
#   bash scripts/bench-lint-dev.sh OUTDIR [LABEL]
#   PUNCTEME_MODEL_DIR=DIR bash scripts/bench-lint-dev.sh OUTDIR LABEL     # a candidate model directory
#   bash scripts/bench-lint-dev.sh --compare OUTDIR LABEL_A LABEL_B        # the two runs' summaries side by side
#
# Writes OUTDIR/LABEL-*: edited dev (writers' mix F0.5, per-kind table, clean findings and their judged count against
# server/research/judgements/edited-dev-clean.tsv), clean EWT dev findings judged against ewt-dev-clean.tsv, the
# learner probes, the six learner essays linted as documents; OUTDIR/LABEL-summary.txt holds one line per measure.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --compare ]; then
  out=${2:?OUTDIR}; a=${3:?LABEL_A}; b=${4:?LABEL_B}
  paste -d '\n' "$out/$a-summary.txt" "$out/$b-summary.txt" | awk -v a="$a" -v b="$b" 'NR % 2 { printf "%-8s %s\n", a, $0; next } { printf "%-8s %s\n\n", b, $0 }'
  diff <(cut -f1-4 "$out/$a-edited-clean.tsv" | sort) <(cut -f1-4 "$out/$b-edited-clean.tsv" | sort) || true
  exit 0
fi
out=${1:?usage: bench-lint-dev.sh OUTDIR [LABEL]}
label=${2:-$(git -C "$here" rev-parse --short HEAD)}
mkdir -p "$out"
out=$(cd "$out" && pwd)
p="$out/$label"
cd "$here"
tsx=(npx tsx)
judged=server/research/judgements
# The edited dev suite is drawn over silver trees (a cache outside the repository, about a minute to make).
[ -f "${PUNCTEME_CACHE:-/work/cache}/edited-english/silver-dev.jsonl" ] || "${tsx[@]}" server/research/silverTrees.ts --parts dev

"${tsx[@]}" server/research/benchEdited.ts --part dev --findings "$p-edited-clean.tsv" --markdown "$p-edited.md" --out "$p-edited.json" > "$p-edited.txt" 2>&1
"${tsx[@]}" $judged/countJudged.ts "$p-edited-clean.tsv" --sentences 8878 > "$p-edited-judged.txt"
"${tsx[@]}" scripts/bench-lint.ts --clean-only --no-harper --clean-split dev --clean-docs --out "$p-ewt.json" > "$p-ewt.txt" 2>&1
"${tsx[@]}" $judged/ewtFindings.ts "$p-ewt.json" > "$p-ewt-clean.tsv"
"${tsx[@]}" $judged/countJudged.ts "$p-ewt-clean.tsv" --judged $judged/ewt-dev-clean.tsv --sentences 2001 > "$p-ewt-judged.txt"
"${tsx[@]}" scripts/bench-probes.ts > "$p-probes.txt" 2>&1
: > "$p-essays.txt"
for essay in examples/probes/learner-essays/*.tsv; do
  echo "== $essay" >> "$p-essays.txt"
  "${tsx[@]}" scripts/bench-probes.ts --file "$essay" --as-document >> "$p-essays.txt" 2>&1
done

{
  echo "edited dev: $(grep -m1 -i "writers' mix" "$p-edited.txt" || true)"
  echo "edited dev clean judged: $(head -1 "$p-edited-judged.txt") ; findings $(wc -l < "$p-edited-clean.tsv")"
  echo "EWT dev clean judged: $(head -1 "$p-ewt-judged.txt") ; findings $(wc -l < "$p-ewt-clean.tsv")"
  echo "probes (errors | detected | corrected | false alarms): $(grep '^| [0-9]' "$p-probes.txt" | tail -1)"
  echo "essays (errors, detected, false alarms): $(awk -F'|' '/^== /{ n = $0; sub(/.*\//, "", n); sub(/\.tsv$/, "", n) } /^\| [0-9]/{ split($3, d, " "); e += $2; t += d[1]; f += $5; printf "%s %d/%d; ", n, d[1], $2 } END { printf "total %d of %d, false %d", t, e, f }' "$p-essays.txt")"
} > "$p-summary.txt"
cat "$p-summary.txt"
