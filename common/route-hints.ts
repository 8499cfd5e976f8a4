/**
 * The build's word to the server on what the page for each client route names up front
 * (web/build/route-hints.ts writes it, server/web-page.ts reads it), keyed by router path ('/reports/$id').
 */
export interface RouteHint {
  /** The scripts the route's screen needs beyond those the page loads on every route. */
  readonly modules: string[];
  /** The answers its first view asks for; named only to a visitor with a session, whom they would not answer 401. */
  readonly fetches: string[];
}

/** Written beside index.html. */
export const ROUTE_HINTS_FILE = 'route-hints.json';
