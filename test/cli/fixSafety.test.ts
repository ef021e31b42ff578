/**
 * Which fixes `--fix` applies unseen (issue 36): never in code-like tokens, never in text far from prose, only kinds
 * measured right on real documents; the rest stay reported with their fix. Inputs are the real lines the issue
 * quotes (man pages, fortunes, a README), as this machine's copies have them.
 */
import { strict as assert } from 'assert';
import { AUTO_FIX_KINDS, autoFixRefusal, fixKind } from '../../server/src/edits/autoFixPolicy';
import { isCodeLikeToken, removesRunBesideNonWord, touchesCodeLikeToken } from '../../server/src/edits/codeLikeTokens';
import { fixDocument } from '../../server/src/cli/fix/fixDocument';
import { proseLikenessOf } from '../../server/src/edits/proseLikeness';
import { makeLinter } from '../../server/src/engine';
import { Finding } from '../../server/src/engine/types';
import { readFile, removeRepo, runMain, tempRepo } from './helpers';

/** Real inputs on which `--fix` used to apply a wrong fix (issue 36), and where each came from. */
const WRONGLY_FIXED: Record<string, string> = {
  // date(1): a format specifier.
  'date.txt': '       %:z    +hh:mm numeric time zone (e.g., -04:00)\n\n       %::z   +hh:mm:ss numeric time zone (e.g., -04:00:00)\n',
  // ls(1): the names of two directory entries.
  'ls.txt': '       -A, --almost-all\n              do not list implied . and ..\n',
  // mawk(1): a range.
  'mawk.txt': '            ARGC      number of command line arguments.\n\n            ARGV      array of command line arguments, 0..ARGC-1.\n',
  // fortunes, perl: a regular expression.
  'perl.txt': "last|perl -pe '$_ x=/(..:..)...(.*)/&&\"'$1'\"ge$1&&\"'$1'\"lt$2'\nThat's gonna be tough for Randal to beat...  :-)\n",
  // fortunes, drugs: a vocative.
  'cheers.txt': "Coach:  What's shaking, Norm?\nNorm:   All four cheeks and a couple of chins, Coach.\n\t\t-- Cheers, Snow Job\n",
  // grep(1): the comma ends the clause after "file", not after "decides".
  'grep.txt':
    '              Treat  the  file(s) as binary.  By default, under MS-DOS and MS-\n' +
    '              Windows, grep guesses whether  a  file  is  text  or  binary  as\n' +
    '              described  for  the  --binary-files option.  If grep decides the\n' +
    '              file is a text file,  it  strips  the  CR  characters  from  the\n' +
    '              original file contents.\n',
  // The exit-status line: a gapped "0 if …, 1 when …".
  'exit.txt': 'The exit status is 0 if a line was printed, 1 when no line was printed, and 2 on an error.\n',
  // @vscode/vsce-sign's README: a package name and its apposition.
  'vsce-sign.md': 'This repo contains the code to build @vscode/vsce-sign, a Node.js module for verifying signed VS Code extension packages.\n',
  // fortunes, ascii-art: doubled marks in a picture.
  'art.txt':
    '   :/ :#/\\#/\\#/\\/  \\#/\\##\\  :  :  /##/\\#/  \\/\\#/\\#/\\#: \\:\n' +
    '   "  :/  V  V  "   V  \\#\\: :  : :/#/  V   "  V  V  \\:  "\n' +
    '      "   "  "      "   \\ : :  : : /   "      "  "   "\n',
};

describe('cli: fixes applied unseen are right', function () {
  this.timeout(120000);

  it('treats paths, format specifiers, regular expressions, options and stray runs of marks as code', () => {
    for (const t of ['%::z', '..', '0..ARGC-1', "/(..:..)...(.*)/&&", '@vscode/vsce-sign,', 'backup/../wal.', '--all,', '-v,', 'Node.js', ',,rw,', '[MODULES..]'])
      assert.equal(isCodeLikeToken(t), true, t);
    for (const t of ['home..', 'costume.."', 'Otherwise', '"Excuse', 'me",', "don't,", 'e.g.,', '(see', 'U.S.A.', ',', 'well-known;'])
      assert.equal(isCodeLikeToken(t), false, t);
    // A doubled mark in prose follows its word; after a quote that follows a mark it is code (`"…includes.";;`).
    const shell = 'echo "Who wants to diddle the includes.";;';
    assert.equal(removesRunBesideNonWord(shell, shell.length - 2, shell.length), true);
    const prose = 'I was at home.." he said.';
    assert.equal(touchesCodeLikeToken(prose, 12, 14), false);
  });

  it('scores running prose high and ASCII art, tables and listings low', () => {
    const readme = [
      'This package is fully typed with TypeScript. It exports no additional types. Otherwise, they are turned',
      'into data, and the sequence is ignored when it occurs before and after each sequence.',
    ];
    assert.ok(proseLikenessOf(readme) > 0.9);
    assert.ok(proseLikenessOf(WRONGLY_FIXED['art.txt'].split('\n')) < 0.1);
    const listing = ['  ,,rw,       1.0 hpf     730 b- i4:3 26-Jun-92 23:40 Contents', '  ,,rw,       1.0 hpf    3710 b- i4:3 26-Jun-92 23:40 makefile'];
    assert.ok(proseLikenessOf(listing) < 0.2);
  });

  it('keys the policy on rule and basis', () => {
    const f = (ruleId: string, basis?: 'transition') => ({ ruleId, ...(basis ? { basis } : {}) }) as Finding;
    assert.equal(fixKind(f('introductory-comma', 'transition')), 'introductory-comma/transition');
    assert.equal(fixKind(f('introductory-comma')), 'introductory-comma');
    assert.ok(AUTO_FIX_KINDS.has('doubled-mark') && !AUTO_FIX_KINDS.has('subject-verb-comma') && !AUTO_FIX_KINDS.has('introductory-comma'));
  });

  it('changes none of the issue\'s wrongly fixed inputs, and still reports their findings with a fix', async () => {
    const dir = tempRepo(WRONGLY_FIXED);
    try {
      const fixed = await runMain(['lint', '--fix', '.'], { cwd: dir });
      assert.match(fixed.stderr, /fixed 0 problem\(s\) in 0 file\(s\)/, fixed.stderr);
      for (const [name, text] of Object.entries(WRONGLY_FIXED)) assert.equal(readFile(dir, name), text, name);
      // Reported all the same, each with its fix for a person to choose (a quick fix in an editor).
      const json = JSON.parse((await runMain(['lint', '-f', 'json', '.'], { cwd: dir })).stdout) as Array<{ file: string; findings: Finding[] }>;
      const byFile = new Map(json.map((r) => [r.file, r.findings]));
      // The dialogue's commas before "Norm?" and "Coach." are vocatives' (`asides.ts`): no finding at all.
      assert.deepEqual((byFile.get('cheers.txt') ?? []).map((x) => x.ruleId), []);
      // vsce-sign.md's comma before its apposition is not reported at all by the learned decision (the calibrated one
      // asked to delete it, and only refused to fix it unseen).
      assert.deepEqual((byFile.get('vsce-sign.md') ?? []).map((x) => x.ruleId), []);
      for (const name of ['date.txt', 'ls.txt', 'mawk.txt', 'perl.txt']) {
        const findings = byFile.get(name) ?? [];
        assert.ok(findings.length > 0 && findings.every((x) => x.fixes.length > 0), `${name}: ${JSON.stringify(findings.map((x) => x.ruleId))}`);
        for (const x of findings) assert.ok(autoFixRefusal(readFile(dir, name), x), `${name}: ${x.message}`);
      }
    } finally {
      removeRepo(dir);
    }
  });

  it('still fixes prose: a doubled period, a run of 30 commas at once, the comma after a transition; a second run changes nothing', async () => {
    const text = [
      'Any help is welcome.. Otherwise you can explore other libraries that provide the same support.',
      '',
      `Hello${','.repeat(30)} world, and thanks for all the fish.`,
      '',
    ].join('\n');
    const dir = tempRepo({ 'notes.md': text });
    try {
      await runMain(['lint', '--fix', 'notes.md'], { cwd: dir });
      const once = readFile(dir, 'notes.md');
      assert.equal(
        once,
        ['Any help is welcome. Otherwise, you can explore other libraries that provide the same support.', '', 'Hello, world, and thanks for all the fish.', ''].join('\n'),
      );
      const again = await runMain(['lint', '--fix', 'notes.md'], { cwd: dir });
      assert.match(again.stderr, /fixed 0 problem\(s\) in 0 file\(s\)/);
      assert.equal(readFile(dir, 'notes.md'), once);
    } finally {
      removeRepo(dir);
    }
  });

  it('fixes a run of marks in one pass (doubled-mark covers the whole run)', () => {
    const linter = makeLinter({});
    const text = `Hello${','.repeat(30)} world;;;; goodbye.`;
    let passes = 0;
    const r = fixDocument(text, (t) => linter.lint(t), 0.9, () => passes++);
    assert.equal(r.text, 'Hello, world; goodbye.');
    assert.equal(passes, 1);
  });
});
