/**
 * The tagger's XPOS and UPOS scorers read the same features, so almost every row key is in both tables. At run time
 * the two are joined into one table whose row under a key holds both rows' entries (UPOS classes after the XPOS
 * ones): one lookup finds both, where two lookups each read a bucket, a row and entries from memory (a tagger
 * decision is ~38 features × 2 scorers, and the tables are far larger than the cache).
 *
 * Scores are exactly those of the two scorers: the joined table is kept unscaled (scale 1, so its sums are the
 * integer sums of the quantised weights, exact in float64), and each part's sums are scaled by that part's scale,
 * the same product the part's own `score` computes. The parts themselves are rebuilt exactly from the joined table
 * when training or writing a model asks for them, so a loaded model does not keep both layouts in memory.
 */
import { FeatureBuffer } from './hash';
import { Scorer, selectEntries, Sorted, SparseWeights } from './weights';

/** Two scorers over the same features, scored together. */
export interface ScorerPair {
  readonly first: Scorer;
  readonly second: Scorer;
  /** The two scorers' numbers of classes (without rebuilding a joined table's parts). */
  readonly classes: readonly [number, number];
  /** `first`'s scores into `a`, `second`'s into `b` (each zeroed first). */
  score(f: FeatureBuffer, a: Float64Array, b: Float64Array): void;
}

/** Two scorers kept apart (training's perceptrons, or tables that cannot be joined). */
class SeparatePair implements ScorerPair {
  constructor(
    readonly first: Scorer,
    readonly second: Scorer,
  ) {}

  get classes(): readonly [number, number] {
    return [this.first.nClasses, this.second.nClasses];
  }

  score(f: FeatureBuffer, a: Float64Array, b: Float64Array): void {
    this.first.score(f, a);
    this.second.score(f, b);
  }
}

/** The first part's classes are 0 … nFirst − 1 of the joined table, the second's follow. */
export class JointWeights implements ScorerPair {
  private readonly sums: Float64Array;

  private constructor(
    private readonly table: SparseWeights,
    private readonly shapes: readonly [PartShape, PartShape],
  ) {
    this.sums = new Float64Array(table.nClasses);
    const [a, b] = shapes;
    if (a.from !== 0 || b.from !== a.nClasses || a.nClasses + b.nClasses !== table.nClasses || table.scale !== 1) throw new Error('joined tagger table: parts do not match the table');
  }

  /** A joined table as a model file stores it (`stored`; version 4): the table is used as it is, nothing is built. */
  static fromTable(table: SparseWeights, shapes: readonly [PartShape, PartShape]): JointWeights {
    return new JointWeights(table, shapes);
  }

  /** The joined table and its parts' shapes, for a model file. */
  get stored(): { table: SparseWeights; shapes: readonly [PartShape, PartShape] } {
    return { table: this.table, shapes: this.shapes };
  }

  get classes(): readonly [number, number] {
    return [this.shapes[0].nClasses, this.shapes[1].nClasses];
  }

  /** The joined table of two sparse scorers over the same row keys, or undefined where they cannot be joined. */
  static join(a: SparseWeights, b: SparseWeights): JointWeights | undefined {
    const C = a.nClasses + b.nClasses;
    // Both must use the bucketed layout (many classes; dense rows keep the float32 products instead of integer sums)
    // and the joined classes must fit its 8-bit class field.
    if (a.bits !== b.bits || a.nClasses <= 4 || b.nClasses <= 4 || C > 255) return undefined;
    // A loaded model's scorers have not built their own layouts (`SparseWeights.prepare`): their sorted arrays are
    // the file's, read here once, and the two scorers are then dropped.
    const A = sortedOf(a);
    const B = sortedOf(b);
    const joined = mergeRows(A, B, a.nClasses);
    const table = new SparseWeights(C, a.bits, 1, joined.keys, joined.offsets, joined.classes, joined.values);
    table.prepare();
    return new JointWeights(table, [
      { nClasses: a.nClasses, scale: a.scale, from: 0 },
      { nClasses: b.nClasses, scale: b.scale, from: a.nClasses },
    ]);
  }

  score(f: FeatureBuffer, a: Float64Array, b: Float64Array): void {
    const sums = this.sums;
    this.table.score(f, sums);
    const [sa, sb] = this.shapes;
    for (let c = 0; c < sa.nClasses; c++) a[c] = sums[c] * sa.scale;
    for (let c = 0; c < sb.nClasses; c++) b[c] = sums[sb.from + c] * sb.scale;
  }

  get first(): SparseWeights {
    return this.part(this.shapes[0]);
  }

  get second(): SparseWeights {
    return this.part(this.shapes[1]);
  }

  /** Bytes of the joined lookup layout. */
  get layoutBytes(): number {
    return this.table.layoutBytes;
  }

  /** One part's scorer, rebuilt: its rows are the joined rows that have entries in its class range. */
  private part(p: PartShape): SparseWeights {
    const rows = selectEntries(sortedOf(this.table), (c) => (c >= p.from && c < p.from + p.nClasses ? c - p.from : -1));
    return new SparseWeights(p.nClasses, this.table.bits, p.scale, rows.keys, rows.offsets, rows.classes, rows.values);
  }
}

export interface PartShape {
  nClasses: number;
  scale: number;
  /** The part's first class in the joined table. */
  from: number;
}

/** The rows of A and B under each key of either, B's classes shifted by `shift` after A's. */
function mergeRows(A: Sorted, B: Sorted, shift: number): Sorted {
  const nA = A.keys.length;
  const nB = B.keys.length;
  const keys = new Uint32Array(nA + nB);
  const offsets = new Uint32Array(nA + nB + 1);
  const classes = new Uint8Array(A.classes.length + B.classes.length);
  const values = new Int16Array(classes.length);
  const ak = A.keys, ao = A.offsets, ac = A.classes, av = A.values;
  const bk = B.keys, bo = B.offsets, bc = B.classes, bv = B.values;
  let n = 0;
  let e = 0;
  let i = 0;
  let j = 0;
  while (i < nA || j < nB) {
    const key = j >= nB || (i < nA && ak[i] <= bk[j]) ? ak[i] : bk[j];
    if (i < nA && ak[i] === key) {
      for (let x = ao[i]; x < ao[i + 1]; x++) {
        classes[e] = ac[x];
        values[e++] = av[x];
      }
      i++;
    }
    if (j < nB && bk[j] === key) {
      for (let x = bo[j]; x < bo[j + 1]; x++) {
        classes[e] = bc[x] + shift;
        values[e++] = bv[x];
      }
      j++;
    }
    keys[n++] = key;
    offsets[n] = e;
  }
  return { keys: keys.slice(0, n), offsets: offsets.slice(0, n + 1), classes, values };
}

function sortedOf(s: SparseWeights): Sorted {
  return { keys: s.keys, offsets: s.offsets, classes: s.classes, values: s.values };
}

/** The pair scored together: joined when both are sparse tables over the same rows, else side by side. */
export function scorerPair(first: Scorer, second: Scorer): ScorerPair {
  const joint = first instanceof SparseWeights && second instanceof SparseWeights ? JointWeights.join(first, second) : undefined;
  if (joint) return joint;
  for (const s of [first, second]) if (s instanceof SparseWeights) s.prepare();
  return new SeparatePair(first, second);
}
