import type { DocumentErrorCode, DocumentType } from '../../../../contracts/events/common.js';
import type { ExtractedData } from '../../../../contracts/events/extracted-data.js';
import { bankOf } from '../readers/bank-accounts.js';
import type { SenderAccount } from '../readers/parties.js';
import type { PaymentFacts } from '../read-text-fields.js';

const PAYABLE: DocumentType[] = ['invoice', 'reminder'];

/**
 * Two IBANs of the sender at the same bank for the same currency: the document contradicts itself about
 * where to pay. Accounts at different banks, or for different currencies, are alternatives.
 */
const contradicting = (accounts: readonly SenderAccount[]): boolean => {
  const distinct = [...new Map(accounts.map((account) => [account.iban, account])).values()];
  const keys = distinct.map((account) => `${bankOf(account.iban)}/${account.currency ?? ''}`);
  return keys.some((key, index) => keys.indexOf(key) !== index);
};

/**
 * `payment_credentials_unclear` when a payable document with something to pay has no bank account to pay
 * to (and is not settled otherwise), when a printed IBAN fails its check digits, or when the sender's
 * IBANs contradict each other. QR-bill cross-checks are made where the QR-bill is read.
 */
export const paymentCredentialErrors = (data: ExtractedData, facts: PaymentFacts): DocumentErrorCode[] => {
  const total = data.accountingDocument.amount_total;
  const payable = PAYABLE.includes(data.documentType) && total !== null && Number(total) > 0 && !facts.settledOtherwise;
  const missing = payable && data.accountingDocument.bank_accounts.length === 0;
  return missing || facts.invalidIbans.length > 0 || contradicting(facts.senderAccounts) ? ['payment_credentials_unclear'] : [];
};
