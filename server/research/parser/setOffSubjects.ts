/**
 * How the parser reads a subject whose apposition or non-restrictive relative clause the writer set off with commas
 * ("Lisbon, the capital of Portugal, is built on seven hills"), the shape behind the linter's headline finding (a
 * missing closing comma): on gold tokens, for every such subject of EWT (both commas written, the clause ending before
 * the subject's verb), whether the parse tags the subject's verb right and gives the subject its gold head, once as
 * written and once with the closing comma left out (the writer's error the linter must find).
 *
 *   npx tsx server/research/parser/setOffSubjects.ts [--model DIR] FILE.conllu …
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { parseConllu } from '../../src/data/conllu';
import { subtreeSpans } from '../../src/data/depunct';
import { loadParser } from '../../src/parser/index';

const { values: opt, positionals } = parseArgs({ options: { model: { type: 'string' } }, allowPositionals: true });

interface Tally { items: number; verbTag: number; subjectHead: number; modifierHead: number }
const tally = (): Tally => ({ items: 0, verbTag: 0, subjectHead: 0, modifierHead: 0 });

function main(): void {
  const parser = loadParser(opt.model);
  const asWritten = tally();
  const unclosed = tally();
  const byKind = new Map<string, [Tally, Tally]>();
  const examples: string[] = [];
  for (const file of positionals) {
    for (const s of parseConllu(fs.readFileSync(file, 'utf8'), file)) {
      const words = s.words;
      const spans = subtreeSpans(words);
      words.forEach((w, i) => {
        const subject = i + 1;
        const verb = w.head;
        if (!/^nsubj/.test(w.deprel) || verb <= subject) return;
        for (let c = subject + 1; c < verb; c++) {
          const m = words[c - 1];
          if (m.head !== subject || (m.deprel !== 'appos' && m.deprel !== 'acl:relcl')) continue;
          // The modifier's own words, without the commas that set it off (UD hangs them on the modifier).
          let [a, b] = spans[c - 1];
          while (a < b && words[a - 1].form === ',') a++;
          while (b > a && words[b - 1].form === ',') b--;
          const open = words[a - 2]?.form === ',';
          const close = words[b]?.form === ',';
          if (!open || !close || b + 1 >= verb) continue;
          // Only the closing comma between the clause and the verb (nothing else between them but the verb group).
          const kind = m.deprel;
          const pair = byKind.get(kind) ?? [tally(), tally()];
          byKind.set(kind, pair);
          for (const [view, t, tk] of [['written', asWritten, pair[0]], ['unclosed', unclosed, pair[1]]] as const) {
            const keep = words.map((_, k) => view === 'written' || k !== b);
            const index = new Map<number, number>();
            const forms: string[] = [];
            words.forEach((x, k) => {
              if (!keep[k]) return;
              index.set(k + 1, forms.length + 1);
              forms.push(x.form);
            });
            const p = parser.parseTokens(forms);
            const at = (k: number) => index.get(k)! - 1;
            for (const x of [t, tk]) {
              x.items++;
              if (p.upos[at(verb)] === words[verb - 1].upos) x.verbTag++;
              if (p.head[at(subject)] === index.get(verb)) x.subjectHead++;
              if (p.head[at(c)] === index.get(subject)) x.modifierHead++;
            }
            if (view === 'unclosed' && p.upos[at(verb)] !== words[verb - 1].upos && examples.length < 12)
              examples.push(`${forms.join(' ')}   [${words[verb - 1].form}: ${p.upos[at(verb)]}, gold ${words[verb - 1].upos}]`);
          }
        }
      });
    }
  }
  const pct = (a: number, t: Tally) => `${((100 * a) / Math.max(1, t.items)).toFixed(1)}%`;
  const row = (name: string, t: Tally) => `| ${name} | ${t.items} | ${pct(t.verbTag, t)} | ${pct(t.subjectHead, t)} | ${pct(t.modifierHead, t)} |`;
  console.log('| view | items | verb tagged right | subject\'s head right | modifier\'s head right |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  console.log(row('both commas written', asWritten));
  console.log(row('closing comma left out', unclosed));
  for (const [k, [a, b]] of byKind) {
    console.log(row(`${k}, as written`, a));
    console.log(row(`${k}, closing comma left out`, b));
  }
  console.log('\nVerbs mistagged with the closing comma left out (first 12):');
  for (const e of examples) console.log(`  ${e}`);
}

main();
