/** A value a field extractor read, how sure it is (0..1) and the page it was read on. */
export interface Finding<T> {
  value: T;
  confidence: number;
  page: number;
}
