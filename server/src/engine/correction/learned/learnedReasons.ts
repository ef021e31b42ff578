/**
 * The learned scorer's decision in plain words (issue 29 item 5): the features that pushed a candidate's probability
 * up the most (weight × value), each said as what edited prose does ("a comma usually closes a relative clause"), not
 * as a number. A feature with no plain reading (the bias, sentence length) is left out.
 */
import { FeatureVector } from './learnedScorer';
import { FeatureWeights } from './scorerWeights';
import { GUARDS } from '../guards/registry';

const GUARD_IDS = new Set(GUARDS.map((g) => g.id));

const RELATIONS: Record<string, string> = {
  nsubj: 'a subject',
  'nsubj:pass': 'a subject',
  csubj: 'a clausal subject',
  obj: 'an object',
  iobj: 'an object',
  ccomp: 'a clause after a verb',
  xcomp: 'a complement',
  advcl: 'an adverbial clause',
  'acl:relcl': 'a relative clause',
  acl: 'a clause that describes a noun',
  appos: 'an apposition',
  obl: 'a prepositional phrase',
  'obl:tmod': 'a time phrase',
  'obl:npmod': 'a noun phrase used as an adverb',
  nmod: 'a phrase that describes a noun',
  advmod: 'an adverb',
  discourse: 'a discourse word',
  intj: 'an interjection',
  vocative: 'a name addressed',
  parataxis: 'a clause set beside another',
  conj: 'a conjunct',
  cc: 'a coordinator',
  mark: 'a subordinator',
  case: 'a preposition',
  det: 'a determiner',
  amod: 'an adjective',
  compound: 'a compound',
  root: 'the main clause',
  aux: 'an auxiliary',
  cop: 'a copula',
  nummod: 'a number',
  dislocated: 'a dislocated phrase',
};
const TAGS: Record<string, string> = {
  NOUN: 'a noun',
  PROPN: 'a name',
  VERB: 'a verb',
  AUX: 'an auxiliary',
  ADJ: 'an adjective',
  ADV: 'an adverb',
  ADP: 'a preposition',
  CCONJ: 'a coordinator',
  SCONJ: 'a subordinator',
  PRON: 'a pronoun',
  DET: 'a determiner',
  NUM: 'a number',
  PART: 'a particle',
  INTJ: 'an interjection',
  '<s>': 'the start of the sentence',
  '</s>': 'the end of the sentence',
};
const rel = (r: string) => RELATIONS[r] ?? RELATIONS[r.split(':')[0]];
const tag = (t: string) => TAGS[t];

/** One feature's reading when it argues for the change; undefined when it has none. */
export function plainReason(name: string): string | undefined {
  const m = /^(.*?)\*(2:)?(insert|delete|replace)(?:\*.*)?$/.exec(name);
  // The action is the name's last part (`lw=the*insert`), or the kind's (`node=appos*key=nonrestrictive-comma/insert`).
  const k = /^(.*?)\*key=[^*]*\/(insert|delete|replace)/.exec(name);
  const [base, act] = m ? [m[1], m[3]] : k ? [k[1], k[2]] : [name, ''];
  const ins = act === 'insert';
  const kv = /^([^=]+)=(.*)$/.exec(base);
  if (/^(delta|key=.*\*delta|hand\*delta|dense\*delta)$/.test(name) || /\*delta$/.test(name))
    return 'the punctuation model finds the sentence more likely with this change';
  if (name === 'calLogit') return 'the error model fitted to writers’ mistakes expects this change';
  if (/^prior/.test(name)) return ins ? 'the punctuation model expects a comma here' : 'the punctuation model would not write a comma here';
  if (/^hand\*/.test(name)) return 'the comma rules proposed this change';
  if (/^gap(Max|Bin=[^*]*)?\*/.test(name) || /^gap\*key=/.test(name))
    return ins ? 'the model of comma gaps, reading the words and marks around the gap, expects a comma here' : 'the model of comma gaps, reading the words and marks around the gap, finds this comma stray';
  const guard = /^guard=([^*]+)/.exec(name);
  if (guard) return GUARD_IDS.has(guard[1]) ? `edited prose often leaves out a comma even where the rule “${guard[1].replace(/-/g, ' ')}” would keep it` : undefined;
  if (!kv) return undefined;
  const [, key, value] = kv;
  const comma = ins ? 'a comma usually' : 'edited prose rarely puts a comma';
  switch (key) {
    case 'lw':
      return ins ? `a comma usually follows “${value}”` : `edited prose rarely puts a comma after “${value}”`;
    case 'rw':
      return ins ? `a comma usually comes before “${value}”` : `edited prose rarely puts a comma before “${value}”`;
    case 'lt':
      return tag(value) && (ins ? `a comma usually follows ${tag(value)} here` : `edited prose rarely puts a comma after ${tag(value)} here`);
    case 'rt':
      return tag(value) && (ins ? `a comma usually comes before ${tag(value)} here` : `edited prose rarely puts a comma before ${tag(value)} here`);
    case 'lt|rt': {
      const [a, b] = value.split('|').map(tag);
      return a && b ? (ins ? `a comma usually separates ${a} from ${b} here` : `edited prose rarely puts a comma between ${a} and ${b}`) : undefined;
    }
    case 'end':
      return rel(value) && (ins ? `a comma usually closes ${rel(value)}` : `edited prose rarely closes ${rel(value)} with a comma`);
    case 'start':
      return rel(value) && (ins ? `a comma usually opens ${rel(value)}` : `edited prose rarely puts a comma before ${rel(value)}`);
    case 'end|start': {
      const [a, b] = value.split('|').map(rel);
      return a && b ? (ins ? `a comma usually separates ${a} from ${b}` : `edited prose rarely puts a comma between ${a} and ${b}`) : undefined;
    }
    case 'node':
      // The constituent a pair sets off, or the smallest one with an edge at a single slot.
      if (!rel(value)) return undefined;
      if (/key=nonrestrictive-comma/.test(name)) return ins ? `${rel(value)} is usually set off by commas` : `${rel(value)} is rarely set off by commas`;
      return ins ? `a comma often marks the edge of ${rel(value)}` : `edited prose rarely puts a comma at the edge of ${rel(value)}`;
    case 'opens': {
      // `opens=when` or `opens=when|atStart=true`: the word (or, for an open-class word, its tag) opening the stretch.
      const [w] = value.split('|');
      const what = /^[A-Z]+$/.test(w) ? tag(w) : `“${w}”`;
      if (!what) return undefined;
      return ins ? `a comma usually ends a stretch that opens with ${what}` : `edited prose rarely puts this comma after a stretch that opens with ${what}`;
    }
    case 'leftDet': {
      // `leftDet=a|rw=which`: the determiner of the noun before the slot, and the relative word after it.
      const m = /^([^|]+)\|rw=(.+)$/.exec(value);
      if (!m || m[2] === 'other') return undefined;
      const np = m[1] === 'none' ? 'a noun with no determiner' : `a noun with “${m[1]}”`;
      return ins ? `a comma usually comes before “${m[2]}” after ${np}` : `edited prose rarely puts a comma before “${m[2]}” after ${np}`;
    }
    case 'ccClause': {
      // `ccClause=true` or `ccClause=true|len=8-15`: whether the coordinator after the slot joins a clause with its own subject.
      const own = value.split('|')[0] === 'true';
      if (own && ins) return 'a comma usually comes before a coordinator that joins two clauses, each with its own subject';
      return !own && !ins ? 'edited prose rarely puts a comma before a coordinator that joins two predicates of one subject' : undefined;
    }
    case 'startsAtFirst':
      return value === 'true' ? `${comma} ${ins ? 'ends' : 'after'} a phrase that opens the sentence` : undefined;
    default:
      return undefined;
  }
}

/** The plain readings of the `k` features that raised the probability most (distinct readings only). */
export function plainReasons(weights: FeatureWeights, f: FeatureVector, k = 3): string[] {
  const parts = f.map(([name, v]) => ({ name, c: (weights.get(name) ?? 0) * v })).filter((x) => x.c > 0 && x.name !== 'bias');
  parts.sort((a, b) => b.c - a.c);
  const out: string[] = [];
  for (const { name } of parts) {
    const r = plainReason(name);
    if (r && !out.includes(r)) out.push(r);
    if (out.length >= k) break;
  }
  return out;
}
