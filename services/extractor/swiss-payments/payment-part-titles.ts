/** The title of a QR-bill's payment part in each language the standard allows. */
const PAYMENT_PART_TITLE = /\b(?:Zahlteil|Payment part|Section paiement|Sezione pagamento)\b/giu;

/** How many payment parts a page's text shows: how many QR-bill codes to look for on its image. */
export const paymentPartsIn = (pageText: string): number => pageText.match(PAYMENT_PART_TITLE)?.length ?? 0;
