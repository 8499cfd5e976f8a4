import { isIP } from 'node:net';

/**
 * Where browsers' push subscriptions point: Chrome (FCM), Firefox (Mozilla autopush), Edge (WNS) and Safari
 * (Apple). The server POSTs to a subscription's endpoint, so any other host would let a patient aim the
 * server at whatever it can reach (server-side request forgery).
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', '*.push.services.mozilla.com', '*.notify.windows.com', 'web.push.apple.com', '*.push.apple.com'];

/** An IP literal or a loopback name: never a push service's public host name. */
export function isAddressHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return isIP(bare) !== 0 || bare === 'localhost' || bare.endsWith('.localhost');
}

/**
 * Whether an entry of the list admits the endpoint's host and port. `*.domain` admits any name under the
 * domain on port 443, never an address; `host` admits that host on 443, and `host:port` that host on
 * that port (the tests' local push service).
 */
function admits(entry: string, host: string, port: string): boolean {
  if (entry.startsWith('*.')) return port === '443' && !isAddressHost(host) && host.endsWith(entry.slice(1));
  const [entryHost, entryPort = '443'] = entry.startsWith('[') ? [entry.slice(0, entry.indexOf(']') + 1), entry.split(']:')[1]] : entry.split(':');
  return host === entryHost && port === entryPort;
}

/** Why the server will not send to this endpoint, or null when it is https at a listed push service. */
export function pushEndpointRefusal(endpoint: string, serviceHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Endpoint must be a URL';
  }
  if (url.protocol !== 'https:' || url.username || url.password) return 'Endpoint must be an https:// address of a browser push service';
  const port = url.port || '443';
  if (!serviceHosts.some((entry) => admits(entry.toLowerCase(), url.hostname, port))) {
    return `Endpoint must be at a browser push service (${serviceHosts.join(', ')}); ${url.host} is not one`;
  }
  return null;
}
