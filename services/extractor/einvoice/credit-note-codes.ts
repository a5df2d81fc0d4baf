// Document type codes (UNTDID 1001) of credit notes: 381 credit note, 261 self-billed, 262 consolidated,
// 296 price variation, 308 delcredere, 396 factored, 420 OCR, 458 reimbursement, 532 forwarder's,
// 81 and 83 related to goods or services and to financial adjustments. Every other code is an invoice.
const CREDIT_NOTE_TYPE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532']);

export const isCreditNoteTypeCode = (typeCode: string | null): boolean => CREDIT_NOTE_TYPE_CODES.has(typeCode?.trim() ?? '');
