import type { Concept, Vocabulary } from './concepts.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';

const LANGUAGES: readonly Vocabulary[] = [en, de, fr, it, nl, es];

/** Every language's words for a concept, for `labelPattern(...termsFor(concept))`. */
export const termsFor = (concept: Concept): string[] => LANGUAGES.flatMap((vocabulary) => vocabulary[concept] ?? []);
