import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { chromium } from 'playwright-core';
import { eventually } from '../support/eventually.js';
import { findOperation } from '../support/openapi-validator.js';
import { wordsOnPage } from '../support/poppler.js';
import { corpusFile, documentsPath, TENANT_A, TENANT_B, useKontor } from './kontor-fixture.js';

/**
 * The review page driven in a real headless Chromium (Debian's `chromium`, or CHROMIUM_PATH):
 * nothing is downloaded at run time. Screenshots of every screen go to test/e2e/screenshots; axe-core
 * checks each screen against WCAG 2.1 A and AA.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');
const INVOICE = corpusFile('invoice2data/tests/compare/AmazonWebServices.pdf');
/** What the invoice says it totals, as printed and as the API reads it. */
const PRINTED_TOTAL = '$4.11';
const CORRECTED_TOTAL = 4.21;
const E_INVOICE = 'xrechnung/src/test/technical-cases/cius/01.05_minimal_test_ubl.xml';

type Box = [number, number, number, number];

/** axe-core, run inside the page: WCAG 2 A and AA rules (labels, contrast, names, landmarks, ARIA). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const accessibilityViolations = async (target: Page): Promise<unknown[]> => {
  await target.evaluate(AXE);
  return target.evaluate(`axe
    .run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    .then((result) => result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      where: violation.nodes.slice(0, 3).map((node) => node.target.join(' ') + ': ' + node.failureSummary),
    })))`);
};

/** Runs in the page (as source text: the tests compile without DOM types): drops files together on the upload zone. */
const DROP_FILES = `(files) => {
  const transfer = new DataTransfer();
  for (const { base64, name, type } of files) {
    transfer.items.add(new File([Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))], name, { type }));
  }
  const zone = document.querySelector('[data-testid="drop-zone"]');
  zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
}`;

const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Without a browser the whole suite is skipped, before a Kontor is started for it, and says why. */
const CHROMIUM_FOUND = existsSync(CHROMIUM);
if (!CHROMIUM_FOUND)
  console.log(`review page browser tests skipped: no Chromium at ${CHROMIUM} (install Debian's chromium or set CHROMIUM_PATH)`);

(CHROMIUM_FOUND ? describe : describe.skip)('e2e: the review page in a browser', function () {
  this.timeout(300_000);
  let browser: Browser;
  // Closed before the service stops (mocha runs "after" hooks in the order they are declared): an open page keeps asking it.
  after(async () => {
    await browser?.close();
  });
  const fixture = useKontor();
  let context: BrowserContext;
  let page: Page;
  let documentId: string;
  const requests: Request[] = [];

  const screenshot = (name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  const url = (hash = '') => `${fixture.kontor.baseUrl}/app/${hash}`;

  const signIn = async (target: Page, tenant: string, token: string) => {
    await target.goto(url());
    await target.getByLabel('Tenant id').fill(tenant);
    await target.getByLabel('API token').fill(token);
    await target.getByRole('button', { name: 'Sign in' }).click();
  };

  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'en-GB' });
    page = await context.newPage();
    page.on('request', (request) => requests.push(request));
    page.on('pageerror', (error) => {
      throw error;
    });
  });

  it('given the sign-in form, when tenant A signs in with its token, then the empty list is shown', async () => {
    await page.goto(url());
    await page.getByLabel('Tenant id').waitFor();
    await screenshot('1-sign-in');
    expect(await accessibilityViolations(page)).to.deep.equal([]);
    await signIn(page, TENANT_A.id, TENANT_A.token);

    await page.getByText('No documents match.').waitFor();
    expect(await page.evaluate(`JSON.stringify(localStorage)`), 'the token is kept in session storage only').to.not.contain(TENANT_A.token);
    expect(await page.evaluate(`sessionStorage.getItem('kontor.session')`)).to.contain(TENANT_A.token);
  });

  it('when a PDF is dropped on the upload zone, then it uploads with progress and the list shows it finish', async () => {
    const bytes = (await readFile(INVOICE)).toString('base64');
    await page.evaluate(`(${DROP_FILES})(${JSON.stringify([{ base64: bytes, name: 'aws.pdf', type: 'application/pdf' }])})`);

    await page.getByText('Uploaded. The document is being processed.').waitFor({ timeout: 30_000 });
    const row = page.locator('table.documents tbody tr').first();
    documentId = (await row.getAttribute('data-document-id'))!;
    expect(documentId).to.match(/^[0-9a-f-]{36}$/);
    await page.locator(`tr[data-document-id="${documentId}"][data-status="done"]`).waitFor({ timeout: 180_000 });
    await page.locator('table.documents img.thumb').first().waitFor();
    await screenshot('2-list');
    expect(await accessibilityViolations(page)).to.deep.equal([]);
    expect(await row.textContent()).to.contain('Amazon Web Services');
  });

  it('when the document is opened, then an evidence box is drawn over the printed total, and field and box light each other', async () => {
    await page.locator(`tr[data-document-id="${documentId}"] a`).click();
    const image = page.locator('.page[data-page="1"] img.page-image');
    await image.waitFor();
    // Polled from here: waitForFunction would evaluate strings inside the page, which its CSP forbids.
    await eventually(
      async () => expect(await page.evaluate(`document.querySelector('.page[data-page="1"] img.page-image').complete`)).to.equal(true),
      10_000,
      100,
    );
    const box = page.locator('.page[data-page="1"] .box[data-fields~="accounting_document.amount_total"]');
    await box.waitFor();

    const imageRect = (await image.boundingBox())!;
    const boxRect = (await box.boundingBox())!;
    const onPage: Box = [
      (boxRect.x - imageRect.x) / imageRect.width,
      (boxRect.y - imageRect.y) / imageRect.height,
      (boxRect.x + boxRect.width - imageRect.x) / imageRect.width,
      (boxRect.y + boxRect.height - imageRect.y) / imageRect.height,
    ];
    const printedTotals = (await wordsOnPage(INVOICE, 1)).filter((word) => word.text === PRINTED_TOTAL);
    expect(printedTotals, 'poppler finds the printed total').to.not.be.empty;
    expect(
      printedTotals.some((word) => overlaps(word.box, onPage)),
      `box ${onPage} over one of ${JSON.stringify(printedTotals)}`,
    ).to.equal(true);

    const field = page.locator('table.fields tr[data-field="accounting_document.amount_total"]');
    await field.hover();
    expect(await box.getAttribute('class')).to.contain('active');
    await page.mouse.move(0, 0);
    await box.hover();
    expect(await field.getAttribute('class')).to.contain('active');
    await page.mouse.move(0, 0);
    await field.focus();
    expect(await box.getAttribute('class'), 'keyboard focus lights the box too').to.contain('active');
    expect(await field.textContent()).to.match(/Page 1/);
    await screenshot('3-document');
    expect(await accessibilityViolations(page)).to.deep.equal([]);
  });

  it('when the total is corrected with a reason, then the page, the timeline and the API show the correction', async () => {
    await page.getByLabel('Total amount').fill(String(CORRECTED_TOTAL));
    await page.getByLabel('Reason').fill('Total misread; checked against the paper invoice');
    await page.getByLabel('Your name (optional)').fill('Erika Muster');
    await page.getByRole('button', { name: 'Save correction' }).click();
    await page.getByText('Correction saved.').waitFor();

    const read = await fixture.api.get(`${documentsPath(TENANT_A.id)}/${documentId}?include=accounting_document`);
    const accounting = read.body.included[0].attributes;
    expect(accounting.amount_total).to.equal(CORRECTED_TOTAL);
    expect(accounting.evidence['accounting_document.amount_total'].source).to.include({ kind: 'manual', reviewer: 'Erika Muster' });
    const field = page.locator('table.fields tr[data-field="accounting_document.amount_total"]', { hasText: '4.21' });
    await field.waitFor();
    expect(await field.textContent()).to.contain('Corrected by Erika Muster: Total misread');
    const corrected = page.locator('.timeline li[data-event-type="FieldsCorrected"]');
    await corrected.waitFor();
    expect(await corrected.textContent())
      .to.contain('Total amount: 4.11 → 4.21')
      .and.to.contain('Total misread');
    await screenshot('4-corrected');
  });

  it('given someone else corrected the document meanwhile, when the page saves, then it says so and shows the newer values', async () => {
    const documentPath = `${documentsPath(TENANT_A.id)}/${documentId}`;
    const current = await fixture.api.get(documentPath);
    const meanwhile = await fixture.api.request('PATCH', `${documentPath}/accounting_document`, {
      body: {
        data: {
          type: 'accounting_document',
          id: documentId,
          attributes: { order_number: 'PO-OTHER' },
          meta: { reason: 'another reviewer' },
        },
      },
      headers: { 'If-Match': current.headers.get('etag')! },
    });
    expect(meanwhile.status).to.equal(200);

    await page.getByLabel('Payment reference').fill('RF18539007547034');
    await page.getByLabel('Reason').fill('reference missing');
    await page.getByRole('button', { name: 'Save correction' }).click();

    await page.getByText('The document changed in the meantime').waitFor();
    await eventually(async () => expect(await page.locator('#correct-order_number').inputValue()).to.equal('PO-OTHER'), 10_000, 100);
    expect(await page.getByLabel('Payment reference').inputValue(), 'the unsaved input is not taken for saved').to.equal('');
  });

  it('when German is chosen, then the page speaks German', async () => {
    await page.getByRole('button', { name: 'DE', exact: true }).click();
    await page.getByRole('heading', { name: 'Erkannte Felder' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).to.equal('de');
    await page.getByRole('heading', { name: 'Verlauf' }).waitFor();
    await screenshot('5-dokument-deutsch');
    expect(await accessibilityViolations(page)).to.deep.equal([]);
    await page.getByRole('button', { name: 'EN', exact: true }).click();
  });

  it('given the timeline, then it lists the processing steps from submission on', async () => {
    const steps = await page.locator('.timeline li').evaluateAll((items) => items.map((item) => item.getAttribute('data-event-type')));
    expect(steps[0]).to.equal('DocumentSubmitted');
    expect(steps).to.include.members(['DocumentConverted', 'DataExtracted', 'ProcessingCompleted']);
  });

  it('given an e-invoice, then the document view names the XML as the source of its values', async () => {
    const xml = await readFile(corpusFile(E_INVOICE));
    const created = await fixture.api.post(documentsPath(TENANT_A.id), {
      data: { type: 'documents', attributes: { base64_files: [xml.toString('base64')] } },
    });
    await fixture.api.waitUntilProcessed(`${documentsPath(TENANT_A.id)}/${created.body.data.id}`);

    await page.goto(url(`#/documents/${created.body.data.id}`));
    const total = page.locator('table.fields tr[data-field="accounting_document.amount_total"]');
    await total.waitFor();
    expect(await total.textContent()).to.contain('E-invoice (XML)');
    await screenshot('7-e-invoice');
  });

  it('when two files are dropped together, then they are sent as one document', async () => {
    await page.goto(url());
    await page.getByText('Drop PDF or image files here', { exact: false }).waitFor();
    const files = await Promise.all(
      [INVOICE, corpusFile('invoice2data/tests/compare/NetpresseInvoice.pdf')].map(async (file) => ({
        base64: (await readFile(file)).toString('base64'),
        name: path.basename(file),
        type: 'application/pdf',
      })),
    );
    const created = page.waitForResponse((response) => response.request().method() === 'POST' && response.status() === 201);
    await page.evaluate(`(${DROP_FILES})(${JSON.stringify(files)})`);
    const response = await created;

    expect(response.request().postDataJSON().data.attributes.base64_files).to.have.length(2);
    const read = await fixture.api.get(`${documentsPath(TENANT_A.id)}/${(await response.json()).data.id}`);
    expect(read.body.data.attributes.source_files).to.have.length(2);
  });

  it('given tenant B’s token, then the page shows none of tenant A’s documents', async () => {
    const other = await context.browser()!.newContext();
    const otherPage = await other.newPage();
    otherPage.on('request', (request) => requests.push(request));

    await signIn(otherPage, TENANT_A.id, TENANT_B.token);
    await otherPage.getByText('The token was not accepted for this tenant.').waitFor();

    await signIn(otherPage, TENANT_B.id, TENANT_B.token);
    await otherPage.getByText('No documents match.').waitFor();
    await otherPage.goto(url(`#/documents/${documentId}`));
    await otherPage.getByText('No such document for this tenant.').waitFor();
    expect(await otherPage.locator('.page, table.fields').count()).to.equal(0);
    await otherPage.screenshot({ path: path.join(SCREENSHOTS, '6-other-tenant.png'), fullPage: true });

    await otherPage.getByRole('button', { name: 'Sign out' }).click();
    await otherPage.getByLabel('API token').waitFor();
    expect(await otherPage.evaluate(`sessionStorage.getItem('kontor.session')`), 'signing out forgets the token').to.equal(null);
    await other.close();
  });

  it('given everything the page asked the server, then each request is the page’s own file or an operation of contracts/openapi.yaml', () => {
    const origin = fixture.kontor.baseUrl;
    const undocumented = requests.flatMap((request) => {
      const address = new URL(request.url());
      if (address.protocol === 'blob:' || address.protocol === 'data:') return [];
      if (address.origin !== origin) return [`${request.method()} ${request.url()} (another origin)`];
      if (address.pathname.startsWith('/app/')) return request.method() === 'GET' ? [] : [`${request.method()} ${address.pathname}`];
      const operation = findOperation(request.method(), address.pathname);
      return 'problem' in operation ? [`${request.method()} ${address.pathname}: ${operation.problem}`] : [];
    });
    expect(requests.length).to.be.greaterThan(10);
    expect(undocumented).to.deep.equal([]);
  });
});
