/**
 * wink-eng-lite-web-model as wink-nlp reads it, loaded faster. The package's own core loader (`read-core-model.js`)
 * deep-copies its 3 MB model with `JSON.parse(JSON.stringify(…))` and decodes the base64 lexicon one character at a
 * time through `atob`; that was about 30 of the 110 ms CPU wink took to start (start-up, issue 37). This loader builds
 * the same model without the deep copy: it copies only the objects the loading adds fields to (shallow copies and the
 * lists wink grows, so that a JSON object shared with the package's own loader stays as it was), and decodes the lexicon with Buffer.
 * `test/parser/winkModel.test.ts` checks that wink tokenizes identically with either.
 */

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports */
import * as fs from 'fs';
import * as path from 'path';
import { LexemeScope, scopedLexemeHash } from './winkLexemeScope';

type Json = any;

/** A Uint32Array of the bytes a base64 string holds (platform byte order, as `new Uint32Array(buffer)` reads them). */
function uint32FromBase64(b64: string): Uint32Array {
  const bytes = Buffer.from(b64, 'base64');
  const out = new Uint32Array(bytes.length >>> 2);
  new Uint8Array(out.buffer).set(bytes.subarray(0, out.length * 4));
  return out;
}

/** What the owner of a wink instance needs to know of its core model as wink grows it. */
export interface WinkCoreGrowth {
  /** Its lexicon, scoped to one document at a time once sealed (`winkLexemeScope.ts`). */
  scope: LexemeScope;
  /**
   * Whether a feature list wink grows (prefix, suffix, shape) has used half the width its packing gives it: an index
   * past that width would spill into the next packed feature (wink does not check), shapes into the abbreviation
   * flag its sentence splitter reads.
   */
  featuresHalfFull(): boolean;
}

/** The core models loaded, each with its growth. */
const growthOf = new WeakMap<object, WinkCoreGrowth>();

/** `load-core-model.js` (with `read-core-model.js`) of wink-eng-lite-web-model 1.8, without the deep copy. */
export function loadWinkCoreModel(original: Json): Json {
  const features: Json = Object.create(null);
  // wink adds the words it meets to the features' lists as it reads (`intrinsicSize` marks where they start): each
  // list is copied too, so that nothing is added to the package's JSON.
  for (const f of Object.keys(original.features)) {
    const feature = original.features[f];
    features[f] = Array.isArray(feature?.list) ? { ...feature, list: feature.list.slice() } : { ...feature };
  }
  const packing = { ...original.packing };
  const model = { ...original, packing, features, lexicon: uint32FromBase64(original.lexicon), xpansions: uint32FromBase64(original.xpansions) };
  const pos = model.pos;
  const hashOf = (list: string[]) => {
    const hash = Object.create(null);
    for (let k = 0; k < list.length; k += 1) hash[list[k]] = k;
    return hash;
  };
  for (const f in packing.layout) if (packing.layout[f][3] === 0) features[f].hash = hashOf(features[f].list);
  const lexemes = scopedLexemeHash(features.lexeme.list);
  features.lexeme.hash = lexemes.hash;
  features.posClusters.list = features.posClusters.list.map((c: string) => new Set(c.split('_').map((e) => pos.hash[e] || 0)));
  packing.efList = [];
  for (const f in packing.layout) {
    if (packing.layout[f][3] === 0) {
      features[f].intrinsicSize = features[f].list.length;
      features[f].index = features[f].list.length;
      features[f].maxIndex = packing.layout[f][1] >>> packing.layout[f][2];
    }
    if (packing.layout[f][4] === 1) packing.efList.push(f);
  }
  features.lexeme.intrinsicSize = features.lexeme.list.length;
  features.lexeme.index = features.lexeme.list.length;
  const grown = Object.keys(packing.layout).filter((f) => packing.layout[f][3] === 0 && packing.efList.includes(f));
  growthOf.set(model, { scope: lexemes.scope, featuresHalfFull: () => grown.some((f) => features[f].list.length > features[f].maxIndex / 2) });
  return model;
}

/** wink's core model, beside the bundles (`scripts/bundle.mjs` copies it there) under this name. */
export const WINK_CORE_FILE = 'wink-eng-core-web-model.json';

/**
 * wink's core model (3 MB of JSON), read and parsed here rather than required: nothing keeps the parsed file (1.9 MB
 * of base64 lexicon among it) once the model is built from it, and a bundle does not hold it in its source (a
 * language server keeps each bundle's source in memory while it runs; see scripts/bundle.mjs). In a bundle the
 * file is beside it; in a checkout, the package's own.
 */
function readWinkCoreJson(): Json {
  const beside = path.join(__dirname, WINK_CORE_FILE);
  const file = fs.existsSync(beside) ? beside : require.resolve('wink-eng-lite-web-model/dist/languages/cur/models/eng-core-web-model.json');
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * The parts of wink's pipe Puncteme reads: sentence boundaries and parts of speech. wink-nlp's default pipe also runs
 * named entities, negation and sentiment, which neither change tokens, sentences nor tags (the tagger runs on the
 * tokens alone) nor are read here; their models (~600 KB of JSON) cost about 20 ms CPU to load and their automata
 * run on every text.
 */
export const WINK_PIPE = ['sbd', 'pos'];

/** A state machine that is never run: wink's loader builds the models of every annotation whatever the pipe. */
const UNUSED_MACHINE = '[0,0,{},{},{},{}]';
const unusedModel = () => ({ machines: [UNUSED_MACHINE], transformers: [], setter: () => undefined });

/**
 * The package's model object (`dist/model.js` of wink-eng-lite-web-model 1.8) with its core loader replaced by
 * `loadWinkCoreModel`, and without the models outside `WINK_PIPE` (its `model.js` would read them all as it loads).
 * The addons (stemmer, lemmatizer, readability) are left out: nothing here asks wink for stems or lemmas.
 * `onCore` is told how the core model grows, as wink loads it.
 */
export function fastWinkModel(onCore?: (growth: WinkCoreGrowth) => void): Json {
  const model = Object.create(null);
  model.core = () => {
    const core = loadWinkCoreModel(readWinkCoreJson());
    onCore?.(growthOf.get(core)!);
    return core;
  };
  // Whole literal paths, which the bundler follows.
  model.sbd = require('wink-eng-lite-web-model/dist/load-sbd-model.js');
  model.pos = require('wink-eng-lite-web-model/dist/load-pos-model.js');
  // Custom entities are never learnt here. The package's loader of their model (`load-cer-meta-model.js`) also
  // stringifies its module's JSON in place, so that each wink loaded after it escapes the string again, twice as
  // long: a process that loads wink anew (`winkTokens.ts`) would fail after a few dozen loads.
  model.metaCER = unusedModel;
  model.ner = unusedModel;
  model.negation = unusedModel;
  model.sa = unusedModel;
  model.featureFn = require('wink-eng-lite-web-model/dist/feature.js');
  model.addons = Object.create(null);
  return model;
}
