export interface CashDiscount {
  days: number;
  /** Decimal string, e.g. `2.00`. */
  percent: string;
}

// XRechnung's convention for cash discounts in the payment terms text: one line per discount,
// `#SKONTO#TAGE=14#PROZENT=2.00#`, optionally with `BASISBETRAG=…#` when only part of the amount counts.
const SKONTO = /#SKONTO#TAGE=(?<days>\d+)#PROZENT=(?<percent>\d+(?:\.\d+)?)#/g;

/** The cash discounts written in XRechnung's `#SKONTO#` convention, in the order given. */
export const skontoTerms = (paymentTerms: string): CashDiscount[] =>
  [...paymentTerms.matchAll(SKONTO)].map((match) => ({ days: Number(match.groups!.days), percent: match.groups!.percent! }));
