/**
 * Malaysia's postcodes by state (Pos Malaysia's ranges as Wikipedia's "Postal codes in Malaysia" lists them; the federal
 * territories, whose codes towns of the states around them also print, are left out; a town near a border may print a
 * neighbouring state's code, so only a code that is one misread digit from the named state's range is changed): a five-digit code belongs to one state, so an address whose code lies in another
 * state's range than the state it names holds a misread digit ("Genting Highlands, Pahang, 63000 Pahang": Pahang's code
 * there is 69000, 63000 is Selangor's Cyberjaya).
 */
type Ranges = ReadonlyArray<readonly [number, number]>;
const STATE_NAMES_AND_RANGES: ReadonlyArray<{ state: RegExp; ranges: Ranges }> = [
  { state: /perlis/, ranges: [[1000, 2800]] },
  { state: /kedah/, ranges: [[5000, 9810]] },
  { state: /pinang|penang/, ranges: [[10000, 14400]] },
  { state: /kelantan/, ranges: [[15000, 18500]] },
  { state: /terengganu/, ranges: [[20000, 24300]] },
  {
    state: /pahang/,
    ranges: [
      [25000, 28800],
      [39000, 39200],
      [49000, 49000],
      [69000, 69000],
    ],
  },
  { state: /perak/, ranges: [[30000, 36810]] },
  {
    state: /selangor/,
    ranges: [
      [40000, 48300],
      [63000, 68100],
    ],
  },
  { state: /negeri sembilan|n\. ?sembilan/, ranges: [[70000, 73509]] },
  { state: /melaka|malacca/, ranges: [[75000, 78309]] },
  { state: /johor/, ranges: [[79000, 86900]] },
  { state: /sabah/, ranges: [[88000, 91309]] },
  { state: /sarawak/, ranges: [[93000, 98859]] },
];
const STATE_RANGES = STATE_NAMES_AND_RANGES.map(({ state, ranges }) => ({
  state: new RegExp(`(?<!\\p{L})(?:${state.source})(?!\\p{L})`, 'iu'),
  ranges,
}));

const inRanges = (code: number, ranges: Ranges): boolean => ranges.some(([from, to]) => code >= from && code <= to);

/** The state a place names last ("JOHOR BAHRU, JOHOR", "Genting Highlands, Pahang Malaysia"): its postcode ranges. */
const rangesOfStateIn = (place: string): Ranges | null => {
  const named = STATE_RANGES.map((entry) => ({ ...entry, at: place.search(entry.state) })).filter((entry) => entry.at !== -1);
  return named.length === 0 ? null : named.reduce((last, entry) => (entry.at > last.at ? entry : last)).ranges;
};

/**
 * A Malaysian postcode read with the place after it: where the place names a state and the code lies in another state's
 * range, the one code a single digit off that lies in the named state's ranges (a digit OCR misread); else the code as read.
 */
export const postcodeOfState = (code: string, place: string): string => {
  const ranges = rangesOfStateIn(place);
  if (!/^\d{5}$/.test(code) || ranges === null || inRanges(Number(code), ranges)) return code;
  if (!STATE_RANGES.some((entry) => inRanges(Number(code), entry.ranges))) return code;
  const oneDigitOff = [...code].flatMap((printed, at) =>
    [...'0123456789'].filter((digit) => digit !== printed).map((digit) => code.slice(0, at) + digit + code.slice(at + 1)),
  );
  const fitting = oneDigitOff.filter((candidate) => inRanges(Number(candidate), ranges));
  return fitting.length === 1 ? fitting[0]! : code;
};
