import type { AppContext } from '../context';

/**
 * The route a request matched, as registered ('/api/appointments/:id'), so logs and metrics group by
 * route and never carry ids. Requests that matched no API route share one label each: the API's
 * unknown paths, and the web app (its files and client routes).
 */
export function routePattern(ctx: AppContext): string {
  if (ctx.state.route) return ctx.state.route;
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  if (typeof matched === 'string') return matched;
  return ctx.path.startsWith('/api') ? 'unmatched /api' : 'web app';
}
