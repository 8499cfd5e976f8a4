import type os from 'node:os';
import { announcedAddress } from '../../signalling/media/mediasoup/announced-address';

type Interfaces = ReturnType<typeof os.networkInterfaces>;
const entry = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
  ({ address, family, internal, netmask: '', mac: '00:00:00:00:00:00', cidr: null }) as unknown as os.NetworkInterfaceInfo;
const HOST: Interfaces = {
  lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
  eth0: [entry('fe80::1', 'IPv6', false), entry('192.0.2.10', 'IPv4', false)],
  eth1: [entry('198.51.100.7', 'IPv4', false)],
};

describe('the address the SFU names to browsers', () => {
  it('listening on every address, names the first external IPv4 address of this host, never 0.0.0.0', () => {
    expect(announcedAddress({ listenIp: '0.0.0.0' }, HOST)).toEqual({ address: '192.0.2.10', guessed: true });
    expect(announcedAddress({ listenIp: '::' }, HOST)).toEqual({ address: '192.0.2.10', guessed: true });
  });

  it("passes over a container engine's or hypervisor's bridge listed first, naming it only when nothing else is there", () => {
    const laptop: Interfaces = { lo: HOST.lo, docker0: [entry('172.17.0.1', 'IPv4', false)], virbr0: [entry('192.168.122.1', 'IPv4', false)], wlan0: [entry('192.168.1.23', 'IPv4', false)] };
    expect(announcedAddress({ listenIp: '0.0.0.0' }, laptop)).toEqual({ address: '192.168.1.23', guessed: true });
    expect(announcedAddress({ listenIp: '0.0.0.0' }, { lo: HOST.lo, docker0: laptop.docker0 })).toEqual({ address: '172.17.0.1', guessed: true });
  });

  it('falls back to loopback on a host with no other address', () => {
    expect(announcedAddress({ listenIp: '0.0.0.0' }, { lo: HOST.lo })).toEqual({ address: '127.0.0.1', guessed: true });
  });

  it('names MEDIASOUP_ANNOUNCED_IP when set, and nothing extra when it listens on one address', () => {
    expect(announcedAddress({ listenIp: '0.0.0.0', announcedIp: '203.0.113.5' }, HOST)).toEqual({ address: '203.0.113.5', guessed: false });
    expect(announcedAddress({ listenIp: '127.0.0.1' }, HOST)).toEqual({ guessed: false });
  });
});
