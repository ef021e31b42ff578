#!/usr/bin/env bash
# Rebuilds the corpus of real documents that `--fix` is measured on (server/research/fixHunks.ts): nothing in it is
# committed, it is made from what this machine has installed.
#
#   bash scripts/build-fix-corpus.sh [OUT]        (default OUT: /work/cache/fix-corpus)
#
# Three genres, each split by document into two halves: `look` (read, judged and tuned on) and `held-out` (measured
# once, at the end of a change). The split follows scripts/bench-docs.ts where it has one, so that what earlier work
# tuned detection on stays in `look`:
#   readmes/   every package README under node_modules (after `npm ci`), as Markdown; the half by package name
#              ("@" to "m": look, "n" on: held-out); a README whose text another package already has is left out.
#   man/       man pages of section 1 rendered to plain text (`man -l`, 80 columns, overstrikes removed by `col -bx`);
#              120 pages whose source is at most 40 KB, in the order of the md5 of the page's file name (a seedless
#              sample), leaving out the Google Cloud SDK's thousands of generated `gcloud_*` pages, which would
#              otherwise be most of it; the half by that md5 (last hex digit 0-7: look, 8-f: held-out).
#   fortunes/  Debian's `fortunes` package (`apt-get install fortunes`), each topic file's entries alternating
#              between the halves (even: look, odd: held-out, as bench-docs does), 25 entries a document and the
#              first 2 documents of each topic and half, written in fortune's own format (entries separated by lines
#              holding `%`), as a plain-text file.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-/work/cache/fix-corpus}"
MAN_PAGES=120
ENTRIES_PER_DOC=25
DOCS_PER_TOPIC=2

rm -rf "$OUT"
for half in look held-out; do mkdir -p "$OUT/$half/readmes" "$OUT/$half/man" "$OUT/$half/fortunes"; done

half_of() { # name → look | held-out by its first letter (after an @scope's "@")
  local first
  first="$(printf '%s' "$1" | sed 's/^@//' | cut -c1 | tr 'A-Z' 'a-z')"
  if [[ "$1" == @* || "$first" < "n" ]]; then echo look; else echo held-out; fi
}

# READMEs
declare -A seen=()
n_readmes=0
while IFS= read -r f; do
  dir="$(dirname "$f")"
  name="${dir#"$ROOT/node_modules/"}"
  [[ "$name" == *node_modules* ]] && continue # nested copies: the top-level one is enough
  sum="$(md5sum < "$f" | cut -c1-32)"
  [[ -n "${seen[$sum]:-}" ]] && continue
  seen[$sum]=1
  cp "$f" "$OUT/$(half_of "$name")/readmes/$(printf '%s' "$name" | tr '/' '+').md"
  n_readmes=$((n_readmes + 1))
done < <(find "$ROOT/node_modules" -mindepth 2 -maxdepth 3 -iname 'readme.md' -type f | LC_ALL=C sort)

# man pages
n_man=0
if [[ -d /usr/share/man/man1 ]]; then
  while IFS=' ' read -r sum f; do
    [[ $n_man -ge $MAN_PAGES ]] && break
    page="$(basename "$f" | sed -E 's/\.gz$//; s/\.1[a-z]*$//')"
    if [[ "${sum:31:1}" < "8" ]]; then half=look; else half=held-out; fi
    dest="$OUT/$half/man/$page.txt"
    if MANWIDTH=80 MAN_KEEP_FORMATTING=0 timeout 20 man -l -P cat "$f" 2>/dev/null | col -bx > "$dest" && [[ -s "$dest" ]]; then
      n_man=$((n_man + 1))
    else
      rm -f "$dest"
    fi
  done < <(find /usr/share/man/man1 -maxdepth 1 -type f -size -40k \( -name '*.1.gz' -o -name '*.1' \) ! -name 'gcloud_*' |
    while IFS= read -r f; do printf '%s %s\n' "$(basename "$f" | md5sum | cut -c1-32)" "$f"; done | LC_ALL=C sort)
else
  echo "no /usr/share/man/man1: apt-get install man-db manpages" >&2
fi

# fortunes
n_fortunes=0
FORTUNES=/usr/share/games/fortunes
if [[ -d "$FORTUNES" ]]; then
  for f in "$FORTUNES"/*; do
    [[ -f "$f" && "$f" != *.dat && "$f" != *.u8 && ! -L "$f" ]] || continue
    topic="$(basename "$f")"
    # Entries are separated by lines holding only "%"; awk writes entry i of the topic to its half's document.
    awk -v out="$OUT" -v topic="$topic" -v per="$ENTRIES_PER_DOC" -v docs="$DOCS_PER_TOPIC" '
      function flush() {
        if (entry == "") return
        half = (i % 2 == 0) ? "look" : "held-out"
        if (int(int(i / 2) / per) >= docs) { entry = ""; i++; return }
        doc = sprintf("%s/%s/fortunes/%s-%03d.txt", out, half, topic, int(int(i / 2) / per))
        if (doc in started) printf "%%\n" >> doc
        started[doc] = 1
        printf "%s", entry >> doc
        close(doc)
        entry = ""; i++
      }
      /^%$/ { flush(); next }
      { entry = entry $0 "\n" }
      END { flush() }
    ' "$f"
  done
  n_fortunes="$(find "$OUT"/*/fortunes -type f | wc -l)"
else
  echo "no $FORTUNES: apt-get install fortunes" >&2
fi

for half in look held-out; do
  printf '%s: %s READMEs, %s man pages, %s fortune documents\n' "$half" \
    "$(ls "$OUT/$half/readmes" | wc -l)" "$(ls "$OUT/$half/man" | wc -l)" "$(ls "$OUT/$half/fortunes" | wc -l)"
done
echo "total: $n_readmes READMEs, $n_man man pages, $n_fortunes fortune documents in $OUT"
