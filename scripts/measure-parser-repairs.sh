#!/usr/bin/env bash
# Measures the parser's repairs one by one (issue 34; the journal, "Parser repairs, one by one"): for each
# configuration (all repairs, each one off, none), EWT dev UAS/LAS as written, unpunctuated and corrupted
# (`eval parser`), the edited-english dev benchmark (writers' mix F0.5, clean findings), the learner probes and the
# clean-text false alarms of `bench:lint`. Nothing here reads a held-out set.
#
#   bash scripts/measure-parser-repairs.sh OUTDIR [CONFIG ...]
#
# CONFIG is `all`, `none` or `no-NAME` for a repair NAME of `server/src/parser/repairs.ts` (default: all of them).
# PUNCTEME_MODEL_DIR, when set, measures another model directory.
set -euo pipefail
out=${1:?usage: measure-parser-repairs.sh OUTDIR [CONFIG ...]}
shift
here=$(cd "$(dirname "$0")/.." && pwd)
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(all no-relative-clause no-copular-subject no-verbless-tags no-transition-comma no-fronted-clause none)
model=()
[ -n "${PUNCTEME_MODEL_DIR:-}" ] && model=(--model "$PUNCTEME_MODEL_DIR")
for c in "${configs[@]}"; do
  d="$out/$c"
  mkdir -p "$d"
  case "$c" in
    all) env=() ;;
    none) env=(PUNCTEME_NO_RELCL_REPAIR=1) ;;
    no-*) env=(PUNCTEME_PARSER_REPAIRS_OFF="${c#no-}") ;;
    *) echo "unknown configuration $c" >&2; exit 2 ;;
  esac
  cd "$here"
  echo "[$(date -u +%H:%M:%S)] $c"
  env ${env[@]+"${env[@]}"} npm run -s dev -- eval parser --json --no-e2e ${model[@]+"${model[@]}"} ../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu > "$d/eval-dev.json" 2> "$d/eval-dev.err"
  env ${env[@]+"${env[@]}"} npx tsx server/research/benchEdited.ts --part dev --findings "$d/edited-findings.txt" --out "$d/edited.json" > "$d/edited.txt" 2>&1
  env ${env[@]+"${env[@]}"} npm run -s bench:probes > "$d/probes.txt" 2>&1
  env ${env[@]+"${env[@]}"} npm run -s bench:lint -- --clean-only --clean-split dev --clean-docs --no-harper > "$d/lint-clean.txt" 2>&1
done
echo "[$(date -u +%H:%M:%S)] done"
