import type { ExtractedData } from '../../../contracts/events/extracted-data.js';
import { extractFields } from '../fields/extract-fields.js';
import type { ExtractionInput } from '../fields/extraction-input.js';

/** The fields of a document's gathered input (see `extractFields`), read in the extraction's thread. */
export const extract = (input: ExtractionInput): ExtractedData => extractFields(input);
