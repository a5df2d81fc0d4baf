import { emptyAddress } from '../../../contracts/events/extracted-data.js';
import type { AccountingData, Address, ExtractedData, FieldEvidence } from '../../../contracts/events/extracted-data.js';
import type { EInvoiceInput, SwissPaymentsInput } from './extraction-input.js';

type Evidence = Record<string, FieldEvidence>;

const isFilled = (value: unknown) => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

const isUnder = (key: string, path: string) => key === path || key.startsWith(`${path}.`);

/**
 * The e-invoice's data over the text's: machine-readable XML is what the sender's system booked, so every
 * field it fills wins, with the XML's evidence; fields it leaves empty keep what the text showed.
 */
export const mergeEInvoice = (data: ExtractedData, eInvoice: EInvoiceInput): ExtractedData => {
  let evidence: Evidence = { ...data.evidence };
  const fromXml = (path: string) => {
    evidence = Object.fromEntries(Object.entries(evidence).filter(([key]) => !isUnder(key, path)));
    const xml = Object.entries(eInvoice.evidence).filter(([key]) => isUnder(key, path));
    if (xml.length === 0) evidence[path] = { confidence: 1, source: { kind: 'xml', path: '' } };
    for (const [key, value] of xml) evidence[key] = value;
  };
  const take = <T extends object>(prefix: string, base: T, from: Partial<T>): T => {
    const merged = { ...base };
    for (const [field, value] of Object.entries(from) as [keyof T & string, T[keyof T & string]][]) {
      if (!isFilled(value)) continue;
      merged[field] = value;
      fromXml(`${prefix}.${field}`);
    }
    return merged;
  };
  const address = (prefix: string, base: Address | null, from: Partial<Address> | null) =>
    from && Object.values(from).some(isFilled) ? take<Address>(prefix, base ?? emptyAddress(), from) : base;
  if (eInvoice.documentType) fromXml('document_type');
  return {
    ...data,
    documentType: eInvoice.documentType ?? data.documentType,
    accountingDocument: take<AccountingData>('accounting_document', data.accountingDocument, eInvoice.accountingDocument),
    senderAddress: address('sender_address', data.senderAddress, eInvoice.senderAddress),
    receiverAddress: address('receiver_address', data.receiverAddress, eInvoice.receiverAddress),
    evidence,
  };
};

/** The postal fields a QR-bill's party carries; names, ids and contacts beyond them stay the text's. */
const POSTAL_FIELDS = ['company_name', 'street', 'house_number', 'post_office_box', 'postal_code', 'city_name', 'country_code'] as const;

/**
 * The Swiss payment slips' data. The QR-bill fills `es`; its amount, currency and reference win over the
 * text's (a QR code is error-corrected, printed digits may be misread; a disagreement still raises
 * `payment_credentials_unclear` where the bill is cross-checked). Every bill's account is a bank account.
 * Its creditor owns that account, so is the sender, and its debtor the receiver: their postal fields win
 * over the text's address (which may be misread, or another block taken for the party), the text's ids
 * and contact person stay. An orange slip fills `esr` and, its check digits verified, the reference.
 */
export const mergeSwissPayments = (data: ExtractedData, payments: SwissPaymentsInput): ExtractedData => {
  const evidence: Evidence = { ...data.evidence };
  const document = { ...data.accountingDocument };
  let { senderAddress, receiverAddress } = data;
  for (const bill of payments.qrBills) {
    if (document.bank_accounts.some((account) => account.iban === bill.iban)) continue;
    evidence[`accounting_document.bank_accounts.${document.bank_accounts.length}`] = {
      confidence: 0.95,
      source: { kind: 'qr', page: bill.page },
    };
    document.bank_accounts = [...document.bank_accounts, { iban: bill.iban, bic: null }];
  }
  const [bill] = payments.qrBills;
  if (bill) {
    const qr: FieldEvidence = { confidence: 0.95, source: { kind: 'qr', page: bill.page } };
    const fromBill = <K extends keyof AccountingData>(field: K, value: AccountingData[K]) => {
      if (!isFilled(value)) return;
      document[field] = value;
      evidence[`accounting_document.${field}`] = qr;
    };
    document.es = bill.es;
    evidence['accounting_document.es'] = qr;
    fromBill('amount_total', bill.amount);
    fromBill('currency', bill.currency);
    fromBill('reference', bill.reference);
    const partyFromBill = (prefix: string, address: Address | null, party: Address | null): Address | null => {
      if (!party) return address;
      const merged = { ...(address ?? emptyAddress()) };
      for (const field of POSTAL_FIELDS) {
        merged[field] = party[field];
        if (party[field] === null) delete evidence[`${prefix}.${field}`];
        else evidence[`${prefix}.${field}`] = qr;
      }
      return merged;
    };
    senderAddress = partyFromBill('sender_address', senderAddress, bill.creditorAddress);
    receiverAddress = partyFromBill('receiver_address', receiverAddress, bill.debtorAddress);
  }
  if (payments.esr) {
    const slip: FieldEvidence = { confidence: 0.95, source: { kind: 'text', page: payments.esr.page, box: null } };
    document.esr = payments.esr.esr;
    evidence['accounting_document.esr'] = slip;
    // The coding line's reference passed its check digit; the amount only fills a total the text lacks.
    document.reference = payments.esr.esr.reference_esr;
    evidence['accounting_document.reference'] = slip;
    if (document.amount_total === null && payments.esr.esr.amount_esr !== null) {
      document.amount_total = payments.esr.esr.amount_esr;
      evidence['accounting_document.amount_total'] = slip;
    }
  }
  return { ...data, accountingDocument: document, senderAddress, receiverAddress, evidence };
};
