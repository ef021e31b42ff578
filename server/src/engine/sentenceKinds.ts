/**
 * Error kinds of one sentence that small models of their own decide, beside the punctuation model's candidates
 * (`correction/`): comma splices and fused sentences (`sentenceJoins/`), semicolon/colon confusions (`markChoice/`).
 * Each model is optional: without its file, its kind is not reported.
 */
import * as path from 'path';
import { PlainFinding } from './finding';
import { AnalysedSentence } from './sentence';
import { sentenceJoinFindings } from './sentenceJoins/findings';
import { JoinModel, loadJoinModel, SENTENCE_JOINS_FILE } from './sentenceJoins/model';
import { markChoiceFindings } from './markChoice/findings';
import { loadMarkChoiceModel, MARK_CHOICE_FILE, MarkChoiceModel } from './markChoice/model';

export interface SentenceKindModels {
  joins?: JoinModel;
  markChoice?: MarkChoiceModel;
}

/** `load` wraps each file's loading (the engine turns a failure into a `ModelFileError` naming the file). */
export function loadSentenceKindModels(dir: string, load: <T>(file: string, f: () => T) => T = (_, f) => f()): SentenceKindModels {
  return {
    joins: load(path.join(dir, SENTENCE_JOINS_FILE), () => loadJoinModel(dir)),
    markChoice: load(path.join(dir, MARK_CHOICE_FILE), () => loadMarkChoiceModel(dir)),
  };
}

/** `adaptive`: what a document whose other findings mark it as error-prone adds (`correction/pipeline/writerErrorRate.ts`). */
export function sentenceKindFindings(s: AnalysedSentence, text: string, models: SentenceKindModels, minConfidence?: number, adapt = false): { findings: PlainFinding[]; adaptive: PlainFinding[] } {
  const joins = models.joins ? sentenceJoinFindings(s, text, models.joins, minConfidence, adapt) : { findings: [], adaptive: [] };
  return { findings: [...joins.findings, ...(models.markChoice ? markChoiceFindings(s, models.markChoice, minConfidence) : [])], adaptive: joins.adaptive };
}
