/** Global copies of patterns by their flags, made once; only `allMatches` uses them, and it leaves none mid-search. */
const copies = new WeakMap<RegExp, Map<string, RegExp>>();

const copyOf = (pattern: RegExp, flags: string): RegExp => {
  let byFlags = copies.get(pattern);
  if (!byFlags) copies.set(pattern, (byFlags = new Map()));
  let copy = byFlags.get(flags);
  if (!copy) byFlags.set(flags, (copy = new RegExp(pattern.source, flags)));
  return copy;
};

/**
 * Every match of `pattern` in `text`, left to right, as `text.matchAll(new RegExp(pattern, flags))` finds them
 * (`flags` must include `g`; by default the pattern's own, with `g`). Not `matchAll` itself: it copies the pattern on
 * every call, and for the long case-insensitive Unicode label patterns that copy (a compilation) cost more than
 * the search; label finding took three times as long with it.
 */
export const allMatches = (
  text: string,
  pattern: RegExp,
  flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
): RegExpExecArray[] => {
  const search = copyOf(pattern, flags);
  const found: RegExpExecArray[] = [];
  search.lastIndex = 0;
  for (let match = search.exec(text); match; match = search.exec(text)) {
    found.push(match);
    // An empty match would be found again at the same place: step over one character (a whole code point in Unicode mode).
    if (match[0] === '') search.lastIndex += search.unicode && (text.codePointAt(search.lastIndex) ?? 0) > 0xffff ? 2 : 1;
  }
  return found;
};
