import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findReceiptTotal } from './receipt-total.js';

const totalOf = (lines: string[]) => {
  const found = findReceiptTotal(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]));
  return found && { value: found.value, confirmed: found.confirmed };
};

describe('extractor: a till receipt’s total', () => {
  it('takes the rounded total that cash − change confirms over the total before rounding', () => {
    expect(
      totalOf([
        'Item(s) : 4              Qty(s) : 4',
        'TOTAL                    RM 33.92',
        'ROUNDING ADJUSTMENT      -RM 0.02',
        'TOTAL ROUNDED            RM 33.90',
        'CASH                     RM 50.00',
        'CHANGE                   RM 16.10',
      ]),
    ).to.deep.equal({ value: '33.90', confirmed: true });
  });

  it('takes the total + rounding adjustment when the rounded total printed below disagrees with it, unconfirmed where the adjustment is 0.00 (either may be the misread)', () => {
    expect(totalOf(['Total            9.00', 'Rounding Adjustment   0.00', 'Rounded Total (RM):   9.60', 'THANK YOU'])).to.deep.equal({
      value: '9.00',
      confirmed: false,
    });
    expect(totalOf(['Total            9.00', 'Rounding Adjustment   0.00', 'Rounded Total (RM):   9.00', 'THANK YOU'])).to.deep.equal({
      value: '9.00',
      confirmed: true,
    });
  });

  it('reads a tender printed as a deduction', () => {
    expect(totalOf(['Total RM Including GST 6%   13.30', 'Total Rounded   73.30', 'Cash   -73.30', 'No. of Items   5'])).to.deep.equal({
      value: '73.30',
      confirmed: true,
    });
  });

  it('finds the total line whose label OCR garbled by cash − change', () => {
    expect(
      totalOf([
        'Total Sales (Excluding GST) :    31.03',
        'Total GST :       1.65',
        'T»tal Sales (Inclusive of GST) ;    32.70',
        'CASH :       40.00',
        'Change :        7.30',
      ]),
    ).to.deep.equal({ value: '32.70', confirmed: true });
  });

  it('passes over subtotals, tax and quantity totals, and the tax summary printed after the tender', () => {
    expect(
      totalOf([
        'Total Qty. :    2                   52.00',
        'SUB-TOTAL (EX)          :           52.00',
        'TOTAL TAX                            3.12',
        'NETT TOTAL                          55.10',
        'CASH                                60.00',
        'CHANGE                               4.90',
        'GST SUMMARY',
        'TOTAL:                   52.00       3.12',
      ]),
    ).to.deep.equal({ value: '55.10', confirmed: true });
  });

  it('without a tender, prefers a final total label to a plain one, unconfirmed', () => {
    expect(totalOf(['TOTAL  14.10', 'GRAND TOTAL  14.10', 'PAID BY CARD'])).to.deep.equal({ value: '14.10', confirmed: false });
  });

  it('takes what was tendered where it is a total plus the rounding adjustment printed above it, and knows the total rounded', () => {
    const found = findReceiptTotal(
      toDocumentText([
        {
          pageNumber: 1,
          text: [
            'Total Sales (Excluding GST) :  96.00',
            'Total GST :     5.76',
            'Rounding :    -0.01',
            'Total Sales (Inclusive of GST) :  101.76',
            'CASH :     101.75',
            'Change :       0.00',
          ].join('\n'),
        },
      ]),
    );
    expect(found).to.include({ value: '101.75', confirmed: true, rounded: true });
  });

  it('given a total, a rounding adjustment and cash handed over with change, when read, then what was paid, not the cash', () => {
    expect(
      totalOf([
        'TOTAL                RM  12.37',
        'ROUNDING ADJUSTMENTS RM  -0.02',
        'TENDERED-CASH        RM  50.00',
        'CHANGE               RM  37.65',
      ]),
    ).to.deep.equal({ value: '12.35', confirmed: true });
  });

  it('does not take a tax amount for the total a misread tender happens to equal', () => {
    expect(totalOf(['Total Sales : 40.00', 'Total GST :  2.40', 'CASH :  50.00', 'CHANGE :  47.60'])).to.deep.equal({
      value: '40.00',
      confirmed: false,
    });
  });

  it('takes a line labelled as the rounding that is the total rounded, where OCR garbled the adjustment above it', () => {
    expect(
      totalOf(['Total Sales (Inclusive GST) RM   45.34', 'Rounding Adjustment RM   ‚01', 'Rounding RM   45.35', 'CHANGE RM   .00']),
    ).to.deep.equal({ value: '45.35', confirmed: false });
  });

  it('takes no total for an adjustment of the rounding, however large OCR read it', () => {
    expect(totalOf(['TOTAL   12.30', 'Rounding   12.35', 'CASH   20.00', 'CHANGE   7.65'])).to.deep.equal({
      value: '12.35',
      confirmed: true,
    });
    expect(totalOf(['TOTAL   12.30', 'Rounding Adj   5.00', 'CASH   20.00', 'CHANGE   2.70'])).to.deep.equal({
      value: '12.30',
      confirmed: false,
    });
  });

  it('knows a total a few cents off a total printed above it, where the till prints a rounding line, as the sum after rounding', () => {
    const found = findReceiptTotal(
      toDocumentText([{ pageNumber: 1, text: ['Total Sales   45.34', 'Rounding Adjustment   ‚01', 'Rounding RM   45.35'].join('\n') }]),
    );
    expect(found).to.include({ value: '45.35', afterRounding: true });
    expect(findReceiptTotal(toDocumentText([{ pageNumber: 1, text: 'TOTAL   14.10\nCASH   20.00\nCHANGE   5.90' }]))).to.include({
      afterRounding: false,
    });
  });
  describe('the till’s arithmetic: subtotal − discount + service charge + tax + rounding, the tax the rate of its base', () => {
    it('given a total and a tender that OCR misread differently, then the sum the parts make (to the smallest coin), confirmed', () => {
      expect(
        totalOf([
          '(Excluded GST) Sub Total (RM) :  106.10',
          'Discount (RM) :     0.00',
          'Total GST (RM) :     6.37',
          'Rounding (RM) :       -0.02',
          'Total (RM) :    112.46',
          'CASH :     112.48',
          'Change (RM) :        0.00',
        ]),
      ).to.deep.equal({ value: '112.45', confirmed: true });
    });

    it('given a garbled total label and a tender that lost a digit, then the sum of the parts', () => {
      expect(
        totalOf([
          'SUB-TOTAL(BK )        pas >           144.68',
          'TOTAL TAX /               : Ne          8.68',
          'ROUNDING        72                     -0.01',
          "                  AER7 'a/         163.35",
          'CASH                      :   74     53.35',
          'CHANGE                    :            0.00',
          'GST SUMMARY',
          'TOTAL:                   “14468 8.68',
        ]),
      ).to.deep.equal({ value: '153.35', confirmed: true });
    });

    it('given a service charge the tax is charged on too, and no total readable, then the sum with it', () => {
      expect(
        totalOf([
          '2  SUB TOTAL                        295.00',
          '   SERVICE CHARGE 10%                29.50',
          '   GST 6%                            19.47',
          '   ROUNDING ADJ                      -0.02',
          '   WdTOTAL                          343.9%',
          'Thank You',
        ]),
      ).to.deep.equal({ value: '343.95', confirmed: true });
    });

    it('given parts whose decimal marks OCR lost, then their sum, checked by the tax’s rate, over the total misread below them', () => {
      expect(
        totalOf([
          'Total Sales (Excluding GST)  5142',
          'Discount       0.00',
          'Total GST      308',
          'Rounding        000',
          'Total Sales (Inclusive of GST)  64.60',
        ]),
      ).to.deep.equal({ value: '54.50', confirmed: true });
    });

    it('given the sum printed below the parts under another label ("Sub Total" for the gross) and a misread tender, then that line', () => {
      expect(
        totalOf([
          'Gross Amount   :        40.00',
          'Total GST Ant :          2.40',
          'Sub Total      :        42,40',
          'Rounding Adj. :',
          'Total (RH)     :',
          'Amount Paid    :          2.40',
          'Amount Change :           0.00',
        ]),
      ).to.deep.equal({ value: '42.40', confirmed: true });
    });

    it('given a tax that is not the rate of the subtotal (prices including it), then no sum: the total printed stays', () => {
      expect(totalOf(['Sub Total   42.40', 'GST 6%   2.40', 'TOTAL   42.40', 'THANK YOU'])).to.deep.equal({
        value: '42.40',
        confirmed: false,
      });
    });

    it('given a voucher or a rounding between the sum and a final total further down, then that final total', () => {
      expect(
        totalOf(['Sub Total   100.00', 'GST 6%   6.00', 'Total   106.00', 'Voucher   -10.00', 'Nett Total   96.00', 'THANK YOU']),
      ).to.deep.equal({ value: '96.00', confirmed: false });
    });
  });

  describe('amounts as OCR reads them', () => {
    it('given a space after the decimal mark, then the amount', () => {
      expect(
        totalOf(['Total RM Incl. of GST   49. 39', 'Rounding Adi   0.01', 'Total RM   49. 40', 'Cash   -50, 00', 'CHANGE   0.80']),
      ).to.deep.equal({ value: '49.40', confirmed: true });
    });

    it('given a total line whose decimal mark OCR lost, then the tender’s sum where its digits are the line’s', () => {
      expect(totalOf(['Grand Total  9280', 'Cash Received   100.00', 'Change   7.20'])).to.deep.equal({ value: '92.80', confirmed: true });
    });

    it('given a card charged, then it is the tender: a total read with a space for its mark is confirmed by it', () => {
      expect(
        totalOf([
          'Total           RM    88 17',
          'Visa            RM    88.17',
          'Relief GST    C RM     0.00',
          'Total Gross   C RM    86.17',
        ]),
      ).to.deep.equal({ value: '88.17', confirmed: true });
    });
  });

  describe('where no total is readable', () => {
    it('given cash − change and another line printing the same sum, then that sum, confirmed', () => {
      expect(totalOf(['SubTotal   RME 60', 'a RM8 60', 'Cash   8.60', 'Tendered   9.00', 'Change   0.40'])).to.deep.equal({
        value: '8.60',
        confirmed: true,
      });
    });

    it('given a card charged and nothing else, then what it was charged, unconfirmed; given cash alone without change, then nothing', () => {
      expect(totalOf(['Tot##Da shfés Inclusive GST neon:   000', 'Master Card   63.80'])).to.deep.equal({
        value: '63.80',
        confirmed: false,
      });
      expect(totalOf(['Tot##Da shfés Inclusive GST neon:   000', 'CASH   100.00'])).to.equal(null);
    });

    it('given only a subtotal with no tax on top, then the subtotal, to the smallest coin where the till rounds', () => {
      expect(totalOf(['Sub-total   88.97', 'lata] Sales Incl GST   8,97', 'Rounding Ad)   -J.02', 'CASH   100.00'])).to.deep.equal({
        value: '88.95',
        confirmed: false,
      });
      expect(totalOf(['Subtotal   7.00', 'Total Inc! of GST   70', 'Payment 0'])).to.deep.equal({ value: '7.00', confirmed: false });
      expect(totalOf(['Subtotal   7.00', 'Service Tax 6%   0.50', 'THANK YOU'])).to.equal(null);
    });

    it('given a subtotal and the tax its rate makes of it, included, below a tender OCR could not read, then the subtotal; a tax number is no tax amount', () => {
      expect(
        totalOf([
          'SUBTOTAL          28.70',
          'RM CASH          100.000',
          'CHANGE            71.30',
          'INC 6% GST         1.62',
          'GST : 002008047616',
        ]),
      ).to.deep.equal({ value: '28.70', confirmed: false });
      expect(totalOf(['SUBTOTAL          28.70', 'GST 6%         1.72', 'THANK YOU'])).to.deep.equal({ value: '30.42', confirmed: true });
    });
  });

  it('given labels whose amounts are set on the line below, when read, then each with its amount: the total the tender confirms', () => {
    expect(
      totalOf([
        'TOTAL SALES (EXCLUDING GST) :       31.03',
        '                      TOTAL GST :',
        '                                     1.65',
        '                       ROUNDING :    0.02',
        'TOTAL SALES (INCLUSIVE OF GST) :',
        '                                    32.70',
        '                           CASH :   40.00',
        '                         CHANGE :',
        '                                     7.30',
        '        TOTAL :        31.03         1.65',
      ]),
    ).to.deep.equal({ value: '32.70', confirmed: true });
  });

  it('takes no note in brackets for the total ("(Total Included GST @ 6% : 1.42)"), and "Due" alone for a final label', () => {
    expect(
      totalOf([
        'Qty      8              25.15',
        'Rounding Adj -   0.00',
        'Due             25,15',
        'Fay             25.15',
        'Change           0.00',
        '(Total Included GST @ 6% :   1.42)       |',
      ]),
    ).to.deep.equal({ value: '25.15', confirmed: false });
  });

  it('given the sum "to be paid" over the cash received, then that sum, not a tender', () => {
    expect(
      totalOf([
        'Total Sales Inclusive GST @6 00%:',
        'Rounding Adjustment                    0.01',
        'Amount To Be Paid :                   25.45',
        'Cash Received                         25.50',
      ]),
    ).to.deep.include({ value: '25.45' });
  });
});

describe('extractor: how sure a till receipt’s unconfirmed total is (issue 13)', () => {
  const scoreOf = (lines: string[]) => findReceiptTotal(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]))!.confidence;
  const alone = scoreOf(['Total Sales (Inclusive GST) RM   141.50', 'THANK YOU']);

  it('is lower where cash − change, the change printed, gives another sum: one of them is misread', () => {
    const contradicted = scoreOf(['Total Sales (Inclusive GST) RM   141.50', 'CASH RM   150.00', 'CHANGE RM     0,50']);
    expect(contradicted).to.be.below(alone * 0.7);
  });

  it('is lower where another final total prints another sum', () => {
    const rivalled = scoreOf(['Grand Total   35.80', 'Total Payable Amount   5.90', 'THANK YOU']);
    expect(rivalled).to.be.below(scoreOf(['Total Payable Amount   5.90', 'THANK YOU']));
  });

  it('is higher where another total line prints the same sum, and not where cash − change agrees only to the rounding', () => {
    expect(scoreOf(['Total   12.00', 'Total Amt Payable :   12.00', 'THANK YOU'])).to.be.above(
      scoreOf(['Total Amt Payable :   12.00', 'THANK YOU']),
    );
    expect(scoreOf(['Total Sales (Inclusive GST) RM   141.52', 'CASH RM   150.00', 'CHANGE RM     8.50'])).to.be.at.least(alone);
  });
});

describe('extractor: a till receipt’s total checked by its tax summary', () => {
  it('takes the summary’s net + tax, the tax the rate of the net, where cash − change gives it and the total read is another sum', () => {
    expect(
      totalOf([
        'SUB TOTAL (Inc GST)        18.8',
        'TOTAL                      18.00',
        'CASH                       50.00',
        'CHANGE                     31.20',
        'Tax Code        Amt (RM}  Tax(RM)',
        '    6%)          17.74      1.06',
      ]),
    ).to.deep.equal({ value: '18.80', confirmed: true });
  });

  it('takes it where the summary row prints it as net + tax, the total read being unconfirmed', () => {
    expect(
      totalOf([
        'Total RM                 (as) 7540.00',
        'CASH (MYR)',
        'Change                             1.20',
        'GSTX     Amt(RM)    GST(RM)  Total (RM)',
        'SR    6    7,395.09     443.71   7,838.80',
      ]),
    ).to.deep.equal({ value: '7838.80', confirmed: true });
  });

  it('takes it over a total the card confirms only where a line above prints it a digit or two off the total', () => {
    const receipt = (subtotal: string) => [
      `SUB-TOTAL                           ${subtotal}`,
      'Total GST(1)                         3.51',
      'TOTAL INCL GST  RM            62.88',
      'CARD TYPE   : VISA                  62.88',
      'GST            Taxable Amt   GST Amt',
      's-SR(1) - 6%          58.49     3.51',
    ];
    expect(totalOf(receipt('62.00'))).to.deep.equal({ value: '62.00', confirmed: true });
    expect(totalOf(receipt('6.00'))).to.deep.equal({ value: '62.88', confirmed: true });
  });

  it('keeps the total where the summary’s gross is the sum before rounding, or no row’s tax is the rate of its net', () => {
    expect(
      totalOf(['Total Sales (Inclusive GST) RM   52.10', 'CASH RM   60.00', 'CHANGE RM    7.90', 'S = 6%    49.13   2.95']),
    ).to.deep.equal({ value: '52.10', confirmed: true });
    expect(totalOf(['TOTAL   25.40', 'THANK YOU', 'Amt (RM)  GST(RM)', '  33.40     2.50'])).to.deep.equal({
      value: '25.40',
      confirmed: false,
    });
  });

  it('confirms an unconfirmed total that the summary’s net + tax gives', () => {
    expect(totalOf(['TOTAL   35.40', 'THANK YOU', 'GST (6.000%)', '  33.40     2.00'])).to.deep.equal({ value: '35.40', confirmed: true });
  });
  it('takes it where no total is readable and a line above prints it, the rate printed after an "@"', () => {
    expect(
      totalOf([
        'Cashier : CH107004',
        'Tota       2        3                 21.40',
        'CHANGE                                28.60',
        'GST Rate     Amt Excl GST(RM)      Tax(RM)',
        'S @ 6%                   20.19         1.21',
        '! = 0%                    0.00        0.00',
      ]),
    ).to.deep.equal({ value: '21.40', confirmed: true });
    expect(totalOf(['Cashier : CH107004', 'CHANGE     28.60', 'S = 6%     20.19    1.21'])).to.equal(null);
  });
  it('given a summary with a standard-rated and a zero-rated row of goods, when read, then the total the tender confirms: one row’s gross is no total', () => {
    expect(
      totalOf([
        '  9555039900843          3.05*1        3.05 S',
        '  7070184             0.94*2000        3.78 Z',
        'ITEM: 2        TOTAL WITH GST @ 6%     6.83',
        ' QTY: 3                  ROUNDING      0.02',
        'TOTAL SAVING: 0.00          TOTAL      6.85',
        '                            CASH      20.00',
        '                          CHANGE      13.15',
        '   GST ANALYSIS     GOODS    TAX AMOUNT',
        '     S = 6%          2.88          0.17',
        '     Z = 0%          3.78          0.00',
      ]),
    ).to.deep.equal({ value: '6.85', confirmed: true });
  });

  it('keeps an unconfirmed total where the line printing the summary’s gross is another sum, not a misreading of it (a subtotal before a voucher)', () => {
    expect(
      totalOf([
        'Sub-Total              :       25.60',
        'Voucher                :       10.00',
        'Grand Total            :       15.60',
        'THANK YOU',
        'GST Summary   Amount   Tax',
        'SR @ 6%       24.15    1.45',
      ]),
    ).to.deep.equal({ value: '15.60', confirmed: false });
  });

  describe('given a European till', () => {
    it('when it labels its total "zu zahlen" and prints the change as a deduction, then cash − change confirms the total', () => {
      expect(
        totalOf([
          'Übersee Rum 40%        5,69 B',
          'zu zahlen             19,58',
          'Bar                   20,00',
          'Rückgeld              -0,42',
        ]),
      ).to.deep.equal({ value: '19.58', confirmed: true });
    });

    it('when "SUMME" is misread against the cash and its tax summary prints tax, net and gross in that order, then the summary’s gross', () => {
      expect(
        totalOf([
          'SUMME           EUR       6,47',
          'Bar             EUR       5,47',
          'Mehrwertst. ohne MwSt     mit MwSt',
          'E  7,0%     0,36      5,11        5,47',
        ]),
      ).to.deep.equal({ value: '5.47', confirmed: true });
    });

    it('when OCR misread the change’s label, then cash − total = change under the total confirms it', () => {
      expect(totalOf(['SUMME           EUR     16,62', 'Bar             EUR     20,00', 'ROCKGELD        EUR      3,38'])).to.deep.equal({
        value: '16.62',
        confirmed: true,
      });
      expect(totalOf(['SUMME           EUR     16,62', 'Bar             EUR     20,00', 'ROCKGELD        EUR      3,36'])).to.deep.equal({
        value: '16.62',
        confirmed: false,
      });
    });

    it('when a card paid the total, then the card’s sum confirms it; a "Salatbar" item is no cash tender', () => {
      expect(totalOf(['SALATBAR               1,96 B', 'SUMME EUR             12,40', 'Girocard              12,40'])).to.deep.equal({
        value: '12.40',
        confirmed: true,
      });
    });
  });
});
