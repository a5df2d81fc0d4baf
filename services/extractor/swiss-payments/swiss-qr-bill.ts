/** An address of a QR-bill: structured (S) fields, or the combined (K) form of two free lines. */
export type QrAddress =
  | {
      type: 'structured';
      name: string;
      street: string | null;
      houseNumber: string | null;
      postalCode: string;
      town: string;
      country: string;
    }
  | {
      type: 'combined';
      name: string;
      /** Street and house number, or a post office box. */
      line1: string | null;
      /** Postal code and town. */
      line2: string;
      country: string;
    };

export type QrReferenceType = 'QRR' | 'SCOR' | 'NON';

/** What one Swiss Payments Code (the QR code of a QR-bill) says, validated. */
export interface SwissQrBill {
  /** Compact IBAN (CH or LI), a QR-IBAN exactly when the reference is a QR reference. */
  account: string;
  isQrIban: boolean;
  creditor: QrAddress;
  /** Reserved by the standard for later use; filled only by payloads that ignore that. */
  ultimateCreditor: QrAddress | null;
  /** A decimal with two places ("1949.75"); null when the bill leaves the amount to the payer. */
  amount: string | null;
  currency: 'CHF' | 'EUR';
  ultimateDebtor: QrAddress | null;
  referenceType: QrReferenceType;
  /** 27 digits (QRR) or an ISO 11649 creditor reference (SCOR); null for NON. */
  reference: string | null;
  unstructuredMessage: string | null;
  /** Structured billing information, e.g. Swico S1 (`//S1/10/…`). */
  billInformation: string | null;
  /** Up to two parameters of other payment procedures (`eBill/B/…`). */
  alternativeSchemes: string[];
}
