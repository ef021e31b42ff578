/**
 * The picture of a sentence's analysis (issue 35, after the P^4 system's drawings of its parse): the dependency arcs
 * above the words, the underlying punctemes of T′ at each constituent's edges (one colour, with a bracket under the
 * constituent that carries them), the surface marks below, and between the two rows the channel's rewrites: a line
 * from each underlying mark to the surface mark it became, crossing where marks were transposed, and a cross where a
 * mark was absorbed. Plain SVG text, no dependencies; the same picture for the CLI (`explain --svg`) and the editor.
 */
import { alignSlot, describeSlot } from './rewrites';

export interface PictureWord {
  form: string;
  /** 1-based head among the words, 0 for the root. */
  head: number;
  deprel: string;
}

export interface PictureInput {
  words: readonly PictureWord[];
  /** T′: per word, its left and right punctemes. */
  pairs: ReadonlyArray<{ l: readonly string[]; r: readonly string[] }>;
  /** u_i and x_i per slot (n + 1 slots). */
  underlying: readonly (readonly string[])[];
  surface: readonly (readonly string[])[];
  /** A line of text above the picture (the sentence, or what an edit made of it). */
  caption?: string;
}

const CHAR = 8.4;
const MARK = 11;
const GAP = 10;
const ARC_UNIT = 16;
const ROW = { words: 0, brackets: 20, underlying: 46, surface: 96 };

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Spans of the constituents (1-based inclusive) from the heads. */
function spans(words: readonly PictureWord[]): Array<[number, number]> {
  const n = words.length;
  const lo = Array.from({ length: n + 1 }, (_, i) => i), hi = Array.from({ length: n + 1 }, (_, i) => i);
  for (let i = 1; i <= n; i++)
    for (let h = words[i - 1].head, guard = 0; h !== 0 && guard <= n; h = words[h - 1].head, guard++) ((lo[h] = Math.min(lo[h], i)), (hi[h] = Math.max(hi[h], i)));
  return Array.from({ length: n }, (_, k) => [lo[k + 1], hi[k + 1]]);
}

export function underlyingSvg(p: PictureInput): string {
  const n = p.words.length;
  if (p.pairs.length !== n || p.underlying.length !== n + 1 || p.surface.length !== n + 1) throw new Error('picture: words, pairs and slots do not agree');
  // x positions: slot i, then word i+1, left to right.
  const slotX: number[] = [], slotW: number[] = [], wordX: number[] = [], wordW: number[] = [];
  let x = 12;
  for (let i = 0; i <= n; i++) {
    const w = Math.max(p.underlying[i].length, p.surface[i].length) * MARK;
    slotX.push(x);
    slotW.push(w);
    x += w + (w ? GAP / 2 : 0);
    if (i < n) {
      const ww = Math.max(p.words[i].form.length * CHAR, 14);
      wordX.push(x);
      wordW.push(ww);
      x += ww + GAP;
    }
  }
  const width = Math.ceil(x + 12);
  const centre = (w: number) => wordX[w - 1] + wordW[w - 1] / 2;
  const maxLen = Math.max(1, ...p.words.map((w, k) => (w.head ? Math.abs(w.head - (k + 1)) : 0)));
  const arcTop = 22 + (p.caption ? 22 : 0);
  const base = arcTop + maxLen * ARC_UNIT + 18;
  const sp = spans(p.words);
  // Constituents that carry punctemes, nested brackets drawn deeper for the smaller ones.
  const marked = sp.map((s, k) => ({ k, s })).filter(({ k }) => p.pairs[k].l.length || p.pairs[k].r.length);
  const depth = new Map<number, number>();
  for (const { k, s } of marked) depth.set(k, marked.filter(({ s: t }) => t[0] <= s[0] && t[1] >= s[1] && (t[1] - t[0] > s[1] - s[0])).length);
  const maxDepth = Math.max(0, ...depth.values());
  const uY = base + ROW.underlying + maxDepth * 5, xY = base + ROW.surface + maxDepth * 5;
  const height = xY + 26;
  const out: string[] = [];
  const title = p.caption ?? p.words.map((w) => w.form).join(' ');
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="t d">`);
  out.push(`<title id="t">${escapeXml(title)}</title>`);
  const desc = p.underlying.map((u, i) => describeSlot(u, p.surface[i])).filter(Boolean);
  out.push(`<desc id="d">${escapeXml(`Dependency arcs above the words; underlying punctuation (T′) in blue at each constituent's edges; written punctuation below. ${desc.join('; ') || 'The channel rewrote nothing.'}`)}</desc>`);
  out.push(
    '<style>text{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px}.w{fill:var(--fg,#1f2328)}.rel{font-size:10px;fill:var(--muted,#6e7781)}' +
      '.arc{fill:none;stroke:var(--muted,#8c959f);stroke-width:1.2}.u{fill:var(--under,#0969da);font-weight:bold}.br{fill:none;stroke:var(--under,#0969da);stroke-width:1}' +
      '.x{fill:var(--fg,#1f2328);font-weight:bold}.keep{stroke:var(--muted,#8c959f);stroke-width:1}.swap{stroke:var(--swap,#bf8700);stroke-width:1.6}' +
      '.absorb{stroke:var(--absorb,#cf222e);stroke-width:1.6}.lab{font-size:10px}.lu{fill:var(--under,#0969da)}.lx{fill:var(--fg,#1f2328)}.cap{fill:var(--fg,#1f2328);font-size:13px}</style>',
  );
  if (p.caption) out.push(`<text class="cap" x="12" y="18">${escapeXml(p.caption)}</text>`);
  // Arcs above the words, the relation at the top of each.
  p.words.forEach((w, k) => {
    const d = k + 1;
    if (w.head === 0) {
      out.push(`<line class="arc" x1="${centre(d)}" y1="${arcTop - 6}" x2="${centre(d)}" y2="${base - 14}"/><text class="rel" x="${centre(d) + 3}" y="${arcTop - 8}">root</text>`);
      return;
    }
    const x1 = centre(w.head), x2 = centre(d);
    const h = Math.abs(w.head - d) * ARC_UNIT;
    const y = base - 14;
    out.push(`<path class="arc" d="M${x1},${y} C${x1},${y - h * 1.3} ${x2},${y - h * 1.3} ${x2},${y}"/>`);
    out.push(`<path class="arc" d="M${x2 - 3},${y - 5} L${x2},${y} L${x2 + 3},${y - 5}"/>`);
    out.push(`<text class="rel" text-anchor="middle" x="${(x1 + x2) / 2}" y="${y - h - 2}">${escapeXml(w.deprel)}</text>`);
  });
  p.words.forEach((w, k) => out.push(`<text class="w" x="${wordX[k]}" y="${base}">${escapeXml(w.form)}</text>`));
  // Brackets under the constituents that carry punctemes.
  for (const { k, s } of marked) {
    const y = base + ROW.brackets + (depth.get(k) ?? 0) * 5;
    const a = slotX[s[0] - 1] + slotW[s[0] - 1] / 2, b = slotX[s[1]] + slotW[s[1]] / 2;
    out.push(`<path class="br" d="M${a},${y - 5} L${a},${y} L${b},${y} L${b},${y - 5}"><title>${escapeXml(`${p.words[k].form} (${p.words[k].deprel}): [${p.pairs[k].l.join(' ')} … ${p.pairs[k].r.join(' ')}]`)}</title></path>`);
  }
  // Underlying and surface marks per slot, and the rewrite lines between them.
  out.push(`<text class="lab lu" x="2" y="${uY - 16}">underlying</text><text class="lab lx" x="2" y="${xY + 18}">written</text>`);
  for (let i = 0; i <= n; i++) {
    const u = p.underlying[i], s = p.surface[i];
    const ux = (j: number) => slotX[i] + j * MARK + 2, xx = (j: number) => slotX[i] + j * MARK + 2;
    const al = alignSlot(u, s);
    u.forEach((t, j) => out.push(`<text class="u" x="${ux(j)}" y="${uY}">${escapeXml(t)}</text>`));
    s.forEach((t, j) => out.push(`<text class="x" x="${xx(j)}" y="${xY}">${escapeXml(t)}</text>`));
    u.forEach((_, j) => {
      const tgt = al.target[j];
      const x1 = ux(j) + 3;
      if (tgt < 0) {
        out.push(`<path class="absorb" d="M${x1 - 4},${uY + 8} L${x1 + 4},${uY + 16} M${x1 + 4},${uY + 8} L${x1 - 4},${uY + 16}"><title>absorbed</title></path>`);
        return;
      }
      out.push(`<line class="${al.moved[j] ? 'swap' : 'keep'}" x1="${x1}" y1="${uY + 5}" x2="${xx(tgt) + 3}" y2="${xY - 14}">${al.moved[j] ? '<title>transposed</title>' : ''}</line>`);
    });
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** The same analysis as text (for screen readers and terminals): the bracketing of T′ and each slot's rewrite. */
export function underlyingText(p: PictureInput): string {
  const sp = spans(p.words);
  const lines = p.words.map((w, k) => {
    const { l, r } = p.pairs[k];
    const head = w.head ? p.words[w.head - 1].form : 'ROOT';
    const marks = l.length || r.length ? `  [${l.join(' ')} … ${r.join(' ')}]` : '';
    return `${k + 1}. ${w.form}  ${w.deprel} of ${head}  words ${sp[k][0]}–${sp[k][1]}${marks}`;
  });
  const rewrites = p.underlying
    .map((u, i) => ({ i, d: describeSlot(u, p.surface[i]) }))
    .filter((r) => r.d)
    .map(({ i, d }) => `  ${i === 0 ? 'before the first word' : `after "${p.words[i - 1].form}"`}: ${d}`);
  return [...lines, rewrites.length ? 'Channel rewrites:' : 'Channel rewrites: none', ...rewrites].join('\n') + '\n';
}
