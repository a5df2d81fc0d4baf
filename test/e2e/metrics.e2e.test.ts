import { expect } from 'chai';
import { ApiClient } from '../../harness/api-client.js';
import { corpusPath } from '../../harness/corpora.js';
import { FileServer } from '../support/file-server.js';
import { KontorProcess } from '../../harness/kontor-process.js';
import { pictureOfText } from '../support/pdf-with-pictures.js';
import { parsePrometheusText, samplesOf, sumOf, type Sample } from '../support/prometheus-text.js';

const TENANT = { id: 'tenant-a', token: 'token-a-0123456789' };
const SCANS = 3;

describe('e2e: /metrics during a burst of documents', function () {
  this.timeout(300_000);
  let files: FileServer;
  let kontor: KontorProcess;
  let api: ApiClient;
  const collection = `/v1/${TENANT.id}/documents`;

  const scrape = async (): Promise<Sample[]> => {
    const response = await fetch(`${kontor.baseUrl}/metrics`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/plain/);
    return parsePrometheusText(await response.text());
  };

  before(async () => {
    files = await FileServer.start([
      { path: '/netpresse.pdf', file: corpusPath('invoice2data/tests/compare/NetpresseInvoice.pdf'), contentType: 'application/pdf' },
    ]);
    kontor = await KontorProcess.start({ AUTH_TOKENS: `${TENANT.id}=${TENANT.token}`, DOWNLOAD_ALLOWLIST: files.host });
    api = new ApiClient(kontor.baseUrl, TENANT.token);
  });

  after(async () => {
    await kontor?.destroy();
    await files?.stop();
  });

  it('given a burst of scans and a download, then the backlog rises, returns to 0, and every metric tells what happened', async () => {
    const submissions = [
      ...(
        await Promise.all(Array.from({ length: SCANS }, (_, index) => pictureOfText(`Invoice ${4711 + index} Total 12.50`, 1200, 240)))
      ).map((scan) => ({
        base64_files: [scan.toString('base64')],
      })),
      { urls: [files.url('/netpresse.pdf')] },
    ];
    const created = await Promise.all(submissions.map((attributes) => api.post(collection, { data: { type: 'documents', attributes } })));
    expect(created.map((response) => response.status)).to.deep.equal(submissions.map(() => 201));

    let highestBacklog = 0;
    const backlog = (samples: Sample[]) => sumOf(samples, 'kontor_backlog_messages');
    for (const response of created) {
      const path = `${collection}/${response.body.data.id}`;
      for (;;) {
        highestBacklog = Math.max(highestBacklog, backlog(await scrape()));
        if ((await api.get(path)).body.data.attributes.current_status !== 'processing') break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(highestBacklog, 'the backlog during the burst').to.be.greaterThan(0);

    let samples = await scrape();
    for (let tries = 0; backlog(samples) > 0 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      samples = await scrape();
    }
    const groups = samplesOf(samples, 'kontor_backlog_messages').map((sample) => `${sample.labels.source}/${sample.labels.consumer_group}`);
    expect(groups).to.include.members([
      'relay/relay',
      'in_process_queue/converter',
      'in_process_queue/extractor-recognition',
      'in_process_queue/downloader',
    ]);
    expect(backlog(samples), 'the backlog once every document is processed').to.equal(0);

    const documents = submissions.length;
    expect(sumOf(samples, 'kontor_documents_submitted_total', { tenant: TENANT.id })).to.equal(documents);
    expect(sumOf(samples, 'kontor_documents_completed_total', { tenant: TENANT.id })).to.equal(documents);
    expect(sumOf(samples, 'kontor_documents_failed_total')).to.equal(0);

    for (const step of ['download', 'render', 'recognize', 'extract', 'sign', 'project']) {
      expect(sumOf(samples, 'kontor_step_duration_seconds_count', { step, outcome: 'recorded' }), step).to.be.greaterThan(0);
      expect(sumOf(samples, 'kontor_step_duration_seconds_sum', { step }), step).to.be.greaterThan(0);
    }
    expect(sumOf(samples, 'kontor_step_duration_seconds_count', { step: 'render' })).to.equal(documents);
    expect(sumOf(samples, 'kontor_ocr_page_duration_seconds_count')).to.be.at.least(SCANS);

    const workers = sumOf(samples, 'kontor_ocr_workers');
    expect(workers).to.be.at.least(1);
    expect(sumOf(samples, 'kontor_ocr_worker_busy_seconds_total')).to.be.greaterThan(0);
    expect(sumOf(samples, 'kontor_ocr_jobs_in_flight')).to.equal(0);

    expect(sumOf(samples, 'kontor_http_request_duration_seconds_count', { method: 'POST', route: '/documents', status: '201' })).to.equal(
      documents,
    );
    expect(
      sumOf(samples, 'kontor_http_request_duration_seconds_count', { method: 'GET', route: '/documents/:documentId', status: '200' }),
    ).to.be.greaterThan(0);
    expect(samplesOf(samples, 'kontor_http_request_duration_seconds_count').map((sample) => sample.labels.route)).to.not.include(
      `${collection}`,
    );
    // Every document's events: submitted, stored or downloaded, converted, recognized, extracted, signed, completed.
    expect(sumOf(samples, 'kontor_event_store_append_duration_seconds_count', { outcome: 'appended' })).to.be.at.least(documents * 5);
  });
});
