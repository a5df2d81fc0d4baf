/**
 * A held-out split is judged in aggregate only: its documents' wrong and missing values are no material to tune on,
 * so `--verbose` does not print them (a run of a whole source, "zugferd-printed" or "odoo-models", names both halves,
 * and the tuning half's lines would otherwise come with the held-out half's). The results file keeps every value
 * for the lead's judgement and the calibration.
 */
export const isHeldOutSplit = (corpus: string): boolean => corpus.endsWith('-held-out');

/** Whether `--verbose` prints a corpus's wrong and missing values document by document. */
export const printsDocumentMisses = (corpus: string, verbose: boolean): boolean => verbose && !isHeldOutSplit(corpus);
