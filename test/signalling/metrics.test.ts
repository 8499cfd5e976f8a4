import { startTestServer, type TestServer } from '../support/app';
import { sfuTestsRun } from '../support/mediasoup-worker';
import { joinedCall, OPUS_RTP_PARAMETERS, request, type ClientSocket } from './helpers';

const TOKEN = 'metrics-token-for-tests-0123456789';
const describeSfu = sfuTestsRun('SFU metrics tests') ? describe : describe.skip;

function scrape(server: TestServer, authorization?: string) {
  return fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
}

/** The value of one sample line, e.g. `medivault_sfu_producers 1`, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server.close());

  it('refuses a missing or wrong token', async () => {
    const missing = await scrape(server);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await missing.text()).not.toContain('medivault_');
    expect((await scrape(server, 'Bearer not-the-token-at-all-000000')).status).toBe(401);
    expect((await scrape(server, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)).status).toBe(401);
  });

  it('counts requests per route pattern and status, with their latency, errors and the database pool', async () => {
    await fetch(`${server.url}/api/health`);
    await fetch(`${server.url}/api/medical-reports/00000000-0000-4000-8000-000000000000`);
    const res = await scrape(server, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(sample(text, 'medivault_http_requests_total{method="GET",route="/api/health",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'medivault_http_requests_total{method="GET",route="/api/medical-reports/:id",status="401"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'medivault_http_request_duration_seconds_count{method="GET",route="/api/health"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('medivault_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"}');
    expect(text).toContain('# TYPE medivault_http_request_errors_total counter');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    for (const series of ['medivault_ocr_queue_depth', 'medivault_ocr_threads', 'medivault_pdf_queue_depth', 'medivault_pdf_threads']) expect(sample(text, series)).toBe(0);
    for (const series of ['medivault_db_pool_used_connections', 'medivault_db_pool_free_connections', 'medivault_db_pool_pending_acquires']) {
      expect(sample(text, series)).toBeGreaterThanOrEqual(0);
    }
    expect(sample(text, 'medivault_db_pool_used_connections')! + sample(text, 'medivault_db_pool_free_connections')!).toBeGreaterThan(0);
  });

  it('counts socket connections and consultation rooms', async () => {
    const { patient, doctor } = await joinedCall(server.url);
    try {
      const text = await (await scrape(server, `Bearer ${TOKEN}`)).text();
      expect(sample(text, 'medivault_socket_connections')).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'medivault_signalling_rooms')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'medivault_sfu_workers')).toBe(0);
    } finally {
      patient.close();
      doctor.close();
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('does not exist, whatever the request carries', async () => {
    expect((await scrape(server, `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await scrape(server)).status).toBe(404);
  });
});

describeSfu('GET /metrics with the SFU', () => {
  let server: TestServer;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN, MEDIA_MODE: 'sfu', MEDIASOUP_WORKERS: '1', MEDIASOUP_LISTEN_IP: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });

  it('counts workers, routers, producers and consumers', async () => {
    const { consultationId, patient, doctor } = await joinedCall(server.url);
    sockets.push(patient, doctor);
    const send = await request(patient, 'sfu:createTransport', { consultationId, direction: 'send' });
    await request(doctor, 'sfu:createTransport', { consultationId, direction: 'recv' });
    const produced = await request(patient, 'sfu:produce', {
      consultationId,
      transportId: send.ok ? send.data.id : '',
      kind: 'audio',
      rtpParameters: OPUS_RTP_PARAMETERS,
      appData: { source: 'mic' },
    });
    const caps = await request(doctor, 'sfu:getRouterRtpCapabilities', { consultationId });
    const consumed = await request(doctor, 'sfu:consume', {
      consultationId,
      producerId: produced.ok ? produced.data.producerId : '',
      rtpCapabilities: caps.ok ? caps.data.rtpCapabilities : {},
    });
    expect(consumed.ok).toBe(true);

    const during = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    expect(sample(during, 'medivault_sfu_workers')).toBe(1);
    expect(sample(during, 'medivault_sfu_routers')).toBe(1);
    expect(sample(during, 'medivault_sfu_producers')).toBe(1);
    expect(sample(during, 'medivault_sfu_consumers')).toBe(1);

    await request(patient, 'consultation:leave', { consultationId });
    await request(doctor, 'consultation:leave', { consultationId });
    const after = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    expect(sample(after, 'medivault_sfu_routers')).toBe(0);
    expect(sample(after, 'medivault_sfu_producers')).toBe(0);
  });
});
