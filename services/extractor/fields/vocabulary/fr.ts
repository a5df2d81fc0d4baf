import { NOT_A_REFERENCE, NUMBER_OR_ID_WORD, NUMBER_WORD, type Vocabulary } from './concepts.js';

/** French words of the labels and terms the readers look for, as regex sources (see `labelPattern`). */
export const fr: Vocabulary = {
  senderLabel: [
    'fournisseur',
    'vendeur',
    'prestataire',
    'émetteur',
    // The Swiss QR-bill's payee ("Konto / Zahlbar an", "Compte / Payable à", "Conto / Pagabile a", "Account / Payable to").
    String.raw`compte\s*/\s*payable à`,
    'payable à',
  ],
  receiverLabel: [
    'client',
    'facturé à',
    'facturer à',
    'adresse de facturation',
    'destinataire',
    'acheteur',
    'payable par',
  ],
  deliveryAddressLabel: [
    'adresse de livraison',
    'livré à',
    'livraison à',
  ],
  articleColumn: [
    'réf\\.?',
    'référence',
    'code article',
  ],
  amountColumn: [
    'sous-total',
    'montant(?: ht| ttc)?',
    'prix total',
    'total ht',
  ],
  unitPriceColumn: [
    String.raw`p\.u\.(?: ht)?`,
    String.raw`prix(?: unit(?:aire|\.)?| ht)?`,
    'p\\.u\\.?',
    'pu',
  ],
  positionColumn: [
    'n°',
  ],
  discountColumn: [
    'rem\\.?',
    'remise',
  ],
  taxRateColumn: [
    'tva ?%?',
    'taux(?: tva)?',
  ],
  quantityColumn: [
    'qté',
    'quantité',
    'nombre',
  ],
  unitColumn: [
    'unité',
  ],
  descriptionColumn: [
    'prestation',
    'désignation',
    'libellé',
    'article',
  ],
  itemTableHeader: [
    'quantité',
    'qté',
    'désignation',
    'prix unitaire',
    String.raw`p\.\s?u\.`,
  ],
  grossTotalLabel: [
    'total ttc',
    'montant ttc',
    'total toutes taxes comprises',
    'montant total',
    'total général',
    'total facture',
  ],
  amountDueLabel: [
    'net à payer',
    'somme à payer',
    'montant à payer',
    'total à payer',
    'reste à payer',
    'à payer',
  ],
  amountLabel: [
    'montant',
  ],
  notTheTotal: [
    'sous-total',
    'ht',
    'hors',
    'tva',
    'taxes',
    'remise',
    'escompte',
    'frais',
    'report',
    'payé',
    'acompte',
    'articles?',
  ],
  contactLabel: [
    String.raw`(?:votre\s+)?(?:interlocut(?:eur|rice)|contact)`,
  ],
  deliveryDateLabel: [
    'date de (?:la )?livraison',
    'livré le',
    'livraison le',
    'livraison du',
    'date de (?:la )?prestation',
  ],
  periodLabel: [
    'période (?:de (?:facturation|prestation|consommation))?',
  ],
  documentNumberLabel: [
    String.raw`(?:facture|avoir|note de crédit|reçu|quittance|ticket(?: de caisse)?|bon de livraison|bulletin de livraison|rappel) ?${NUMBER_WORD}`,
    String.raw`(?:n°|nº|no\.?|numéro|num\.?) (?:de (?:la |du )?)?(?:facture|d'avoir|reçu|ticket|document)`,
  ],
  bookingLabel: [
    String.raw`${NUMBER_WORD} (?:de )?réservation`,
  ],
  documentTitleWord: [
    'facture',
    'avoir',
  ],
  creditNoteTitle: [
    'note de crédit',
    "facture d'avoir",
    // "avoir" is also the French verb "to have": only a line starting with it is a title.
    '^ *avoir',
  ],
  reminderTitle: [
    'rappel',
    'relance',
  ],
  deliveryNoteTitle: [
    String.raw`(?:bon de livraison|bulletin de livraison)${NOT_A_REFERENCE}`,
  ],
  receiptTitle: [
    'reçu',
    'ticket de caisse',
    'quittance',
  ],
  invoiceTitle: [
    'facture',
  ],
  issueDateLabel: [
    'date de facturation',
    'date du document',
    'facturé le',
    String.raw`date (?:de (?:la )?)?facture`,
    "date d'émission",
  ],
  otherDateWord: [
    'livraison',
    'commande',
    'période',
    'échéance',
    'echeance',
    'limite',
  ],
  itemTotalsWord: [
    'sous-total',
    'tva',
    'montant',
    'report',
  ],
  expenseAccount6570: [
    'informatique',
  ],
  expenseAccount6500: [
    'fournitures de bureau',
    'papeterie',
  ],
  expenseAccount6510: [
    'téléphone',
  ],
  expenseAccount6513: [
    'affranchissement',
  ],
  expenseAccount6200: [
    'carburant',
    'essence',
    'pneus',
  ],
  expenseAccount6640: [
    'hébergement',
    'frais de déplacement',
  ],
  expenseAccount6000: [
    'loyer',
  ],
  expenseAccount6400: [
    'électricité',
    'énergie',
  ],
  expenseAccount6300: [
    'assurance',
  ],
  expenseAccount6100: [
    'réparation',
    'entretien',
  ],
  expenseAccount6600: [
    'publicité',
  ],
  expenseAccount6530: [
    'fiduciaire',
    'conseil',
  ],
  expenseAccount4400: [
    'prestations de tiers',
  ],
  expenseAccount4000: [
    'matériel',
  ],
  orderNumberLabel: [
    String.raw`${NUMBER_OR_ID_WORD} (?:de )?(?:la )?commande`,
    String.raw`commande ${NUMBER_OR_ID_WORD}`,
    'votre commande',
    'bon de commande',
    String.raw`(?:réf\.?|référence) (?:de (?:la )?)?commande`,
  ],
  orderConfirmationLabel: [
    String.raw`confirmation de commande(?: ${NUMBER_OR_ID_WORD})?`,
    'votre référence',
  ],
  paymentTermsLabel: [
    'conditions de (?:paiement|règlement)',
    'modalités de paiement',
  ],
  dueDateLabel: [
    'payable (?:until|by|before)',
    "date d'échéance",
    'échéance(?: le)?',
    String.raw`(?:merci de |veuillez )?(?:régler|payer) (?:avant le|au plus tard le|d'ici le|jusqu'au)`,
    String.raw`à (?:payer|régler) (?:avant le|au plus tard le|jusqu'au)`,
    String.raw`payable (?:avant le|au plus tard le|jusqu'au)`,
    'date limite de paiement',
  ],
  paymentMethodLabel: [
    'mode de (?:paiement|règlement)',
    'moyen de paiement',
    'réglé par',
    'payé par',
  ],
  paymentWord: [
    'paiement',
    'règlement',
    'réglé',
    'payé',
  ],
  paymentReferenceLabel: [
    'référence de paiement',
    'référence de virement',
    'communication structurée',
  ],
  referenceLabel: [
    'référence',
  ],
  toPayLabel: [
    'à payer',
    'a payer',
    'net à payer',
    'montant(?: dû| total)?',
  ],
  subtotalLabel: [
    'sous-total',
    'total ht',
  ],
  taxWord: [
    'taxes',
    'tva',
  ],
  netLabel: [
    'total ht',
    'montant ht',
    'total hors taxes?',
    'sous-total',
  ],
  taxTotalLabel: [
    'tva',
    'total tva',
    'montant tva',
    'total taxes',
  ],
  totalsHeaderWord: [
    'ht',
    'ttc',
    'tva',
  ],
  currencyLabel: [
    'devise',
    'montants en',
  ],
};
