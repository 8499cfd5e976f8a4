import { LinkMeter, rateLink, type LinkReading } from '../../web/call/connection-quality';

type Entry = { id: string; type: string } & Record<string, unknown>;

/** An RTCStatsReport as a browser gives it: a read-only map of stats entries by id. */
const report = (...entries: Entry[]) => new Map(entries.map((entry) => [entry.id, entry])) as unknown as RTCStatsReport;

const transport = (pair: string): Entry => ({ id: 'T1', type: 'transport', selectedCandidatePairId: pair });
const pair = (id: string, rttSeconds: number, availableOutgoingBitrate?: number): Entry => ({
  id,
  type: 'candidate-pair',
  state: 'succeeded',
  nominated: true,
  currentRoundTripTime: rttSeconds,
  availableOutgoingBitrate,
});
const inbound = (packetsReceived: number, packetsLost: number): Entry => ({ id: 'IN1', type: 'inbound-rtp', kind: 'video', packetsReceived, packetsLost });
const outboundVideo: Entry = { id: 'OUT1', type: 'outbound-rtp', kind: 'video' };
const remoteInbound = (fractionLost: number): Entry => ({ id: 'RIN1', type: 'remote-inbound-rtp', kind: 'video', fractionLost });

const reading = (partial: Partial<LinkReading>): LinkReading => ({ rttMs: null, lossPercent: null, availableKbps: null, ...partial });

describe('rating a media link', () => {
  test('nothing read yet rates nothing', () => {
    expect(rateLink(reading({}))).toBeNull();
  });

  test.each([
    [reading({ rttMs: 40, lossPercent: 0, availableKbps: 2500 }), 'good'],
    [reading({ rttMs: 350 }), 'fair'],
    [reading({ lossPercent: 5 }), 'fair'],
    [reading({ availableKbps: 200 }), 'fair'],
    [reading({ rttMs: 700 }), 'poor'],
    [reading({ lossPercent: 15 }), 'poor'],
    [reading({ availableKbps: 80 }), 'poor'],
    // The worst measure decides.
    [reading({ rttMs: 20, lossPercent: 12, availableKbps: 3000 }), 'poor'],
  ])('%j is %s', (measured, quality) => {
    expect(rateLink(measured)).toBe(quality);
  });
});

describe('reading WebRTC statistics', () => {
  test('round trip and bandwidth come from the candidate pair in use', () => {
    const meter = new LinkMeter();
    const stale = pair('CP-old', 2, 10_000);
    const read = meter.read([report(transport('CP1'), pair('CP1', 0.12, 1_500_000), stale, outboundVideo)]);
    expect(read.rttMs).toBeCloseTo(120);
    expect(read.availableKbps).toBe(1500);
  });

  test('without transport stats, the nominated pair is the one in use', () => {
    const read = new LinkMeter().read([report(pair('CP1', 0.05, 900_000), { ...pair('CP2', 3), nominated: false }, outboundVideo)]);
    expect(read.rttMs).toBeCloseTo(50);
    expect(read.availableKbps).toBe(900);
  });

  test("a connection that sends no video has no bandwidth that matters (the SFU's receiving transport, an audio call)", () => {
    const read = new LinkMeter().read([report(transport('CP1'), pair('CP1', 0.01, 50_000), inbound(100, 0))]);
    expect(read.availableKbps).toBeNull();
    expect(rateLink(read)).toBe('good');
  });

  test('incoming loss counts from one reading to the next', () => {
    const meter = new LinkMeter();
    expect(meter.read([report(inbound(1000, 500))]).lossPercent).toBeNull();
    // 180 received and 20 lost since: 10 %.
    expect(meter.read([report(inbound(1180, 520))]).lossPercent).toBeCloseTo(10);
    expect(meter.read([report(inbound(1380, 520))]).lossPercent).toBe(0);
  });

  test('counters that start again (a rebuilt link) give no loss for that reading', () => {
    const meter = new LinkMeter();
    meter.read([report(inbound(5000, 40))]);
    expect(meter.read([report(inbound(30, 0))]).lossPercent).toBeNull();
    expect(meter.read([report(inbound(230, 0))]).lossPercent).toBe(0);
  });

  test('outgoing loss is what the other end reports; the worse direction counts', () => {
    const meter = new LinkMeter();
    meter.read([report(inbound(100, 0))]);
    const read = meter.read([report(inbound(200, 0), remoteInbound(0.08))]);
    expect(read.lossPercent).toBeCloseTo(8);
    expect(rateLink(read)).toBe('fair');
  });

  test("the SFU's two transports are read together: the worse round trip, the sending side's bandwidth", () => {
    const sending = report(transport('A'), pair('A', 0.03, 2_000_000), outboundVideo, remoteInbound(0));
    const receiving = report(transport('A'), pair('A', 0.4, 100_000), inbound(300, 0));
    const read = new LinkMeter().read([sending, receiving]);
    expect(read.rttMs).toBeCloseTo(400);
    expect(read.availableKbps).toBe(2000);
    expect(rateLink(read)).toBe('fair');
  });
});
