import type { AppContext } from '../context';
import type { Config } from '../config';

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/** This server's own address without PUBLIC_URL (development): the HOST it was told to listen on, or localhost, at the port the request arrived on. */
function listeningOrigin(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Where the links the server writes point (reset mails, calendar feeds, exports): PUBLIC_URL, else this
 * server's own listening address. Never the request's Host or X-Forwarded-Host header, which the sender
 * chooses: a reset link built from it would send the token to whichever host the sender named.
 */
export function appOrigin(ctx: AppContext): string {
  return configuredOrigin(ctx.deps.config, ctx.req.socket.localPort ?? ctx.deps.config.port);
}

export function configuredOrigin(config: Pick<Config, 'publicOrigin' | 'host'>, localPort: number): string {
  return config.publicOrigin ?? listeningOrigin(config.host, localPort);
}
