import type { Router, RouterMiddleware } from '@koa/router';
import type { Next } from 'koa';
import type * as yup from 'yup';
import type { AppContext } from '../context';
import { Forbidden, NotFound, RefusedAccess, Unauthenticated, type RefusedResource } from '../errors';
import { allows, type RoutePolicy } from '../policies/route-policy';
import { recordAudit, refusedAction, type AuditEntry } from '../services/audit';
import { validateInput } from '../validation/validate';
import { OWN_BODY_MARK, readJsonBody, readRawBody } from '../middleware/own-body';
import { UUID_PATTERN } from '../../common/schemas/helpers';

/** Marks the middleware that enforces a route's policy, so a test can prove that every route has one. */
export const POLICY_MARK = Symbol.for('medivault.policy');

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Middleware = (ctx: AppContext, next: Next) => Promise<unknown>;

interface RouteInput<B, Q> {
  body: B;
  query: Q;
  params: Record<string, string>;
}

/** An answer that is a file rather than plain JSON (a calendar, a scanned document, a FHIR export). */
export interface FileResponse {
  contentType: string;
  description: string;
  /** The file's shape when it is JSON of its own media type (application/fhir+json): documented, and held to by the contract test. */
  schema?: yup.Schema;
}

/**
 * A route that reads its own body, after its policy, with its own size limit. `raw`: the handler gets the
 * bytes exactly as they arrived (a signed webhook, whose signature covers those bytes), unparsed and unvalidated.
 */
interface OwnBody {
  limitBytes: number;
  tooLargeMessage: string;
  raw?: boolean;
}

interface RouteDefinition<B, Q> {
  method: Method;
  path: string;
  /** One line for the API reference (the OpenAPI operation's summary). */
  summary?: string;
  policy: RoutePolicy;
  body?: yup.Schema<B>;
  query?: yup.Schema<Q>;
  /**
   * What a successful answer holds: the OpenAPI document's response schema, which the contract test holds
   * real answers to. Leave it out only for routes that answer 204 (`status: 204`); the coverage test
   * names any other route without one.
   */
  response?: yup.Schema | FileResponse;
  /** When the route answers 402 (only Premium gives it), for the API reference. */
  premiumRequired?: string;
  /**
   * Refusals the handler makes itself, by status, beyond those its policy and input imply (a wrong password's
   * 401, the 404 of a public route with nothing to show): for the API reference. The contract test fails on a
   * refusal it meets that the document names only as `default`.
   */
  refusals?: Record<number, string>;
  /** Runs before the policy (for example a rate limit on sign-in). */
  before?: Middleware[];
  /**
   * For large uploads: the route reads its own JSON body, after its policy, with this limit checked while
   * the body streams in (the global parser's limit is smaller), answering `bodyTooLargeMessage` beyond it.
   */
  ownBody?: OwnBody;
  /**
   * The answer carries a secret shown once (a reset link, an authenticator key, recovery codes, a feed
   * address): it is never kept for a retried Idempotency-Key, whose retry is told the request was carried out.
   */
  answerHoldsSecrets?: boolean;
  /** Status of a successful answer: 200 unless said; 204 for a route whose handler returns undefined (say so, for the API reference). */
  status?: number;
  handler: (ctx: AppContext, input: RouteInput<B, Q>) => Promise<unknown> | unknown;
}

/**
 * Visitors without a session asking to read something (the app's session probe on every page load) are
 * not worth a row each; every other refusal is audited.
 */
function worthAuditing(ctx: AppContext): boolean {
  return ctx.state.actor.kind !== 'anonymous' || ctx.method !== 'GET';
}

/** The `denied` row of a refused request: what was asked and, for a record the actor may not reach, which record. */
function deniedEntry(ctx: AppContext, refused?: RefusedResource): AuditEntry {
  return { action: refusedAction(`${ctx.method} ${ctx.path}`), outcome: 'denied', ...refused };
}

function readOwnBody(ctx: AppContext, { limitBytes, tooLargeMessage, raw }: OwnBody): Promise<unknown> {
  return raw ? readRawBody(ctx, limitBytes, tooLargeMessage) : readJsonBody(ctx, limitBytes, tooLargeMessage);
}

function enforce(policy: RoutePolicy): Middleware {
  const middleware: Middleware = async (ctx, next) => {
    const { actor } = ctx.state;
    if (!allows(policy, actor)) {
      if (worthAuditing(ctx)) await recordAudit(ctx, deniedEntry(ctx));
      // The admin area answers 403 to everyone else, signed in or not: it never invites a sign-in.
      if (policy.otherwise === 403) throw new Forbidden();
      if (actor.kind === 'anonymous') throw new Unauthenticated();
      throw new NotFound();
    }
    await next();
  };
  Object.defineProperty(middleware, POLICY_MARK, { value: policy.name });
  return middleware;
}

export type AnyRouteDefinition = RouteDefinition<any, any>;

const definitions = new WeakMap<Router, AnyRouteDefinition[]>();

/** Every route registered on a router through defineRoute, in order: what the OpenAPI document describes. */
export function routeDefinitions(router: Router): readonly AnyRouteDefinition[] {
  return definitions.get(router) ?? [];
}

/** Registers a route as a checklist: [before] -> policy -> validate -> handler -> present; a record the handler is refused is audited. */
export function defineRoute<B = undefined, Q = undefined>(router: Router, route: RouteDefinition<B, Q>): void {
  definitions.set(router, [...routeDefinitions(router), route]);
  const handle: Middleware = async (ctx) => {
    for (const [name, value] of Object.entries(ctx.params as Record<string, string>)) {
      if ((name === 'id' || name.endsWith('Id')) && !UUID_PATTERN.test(value)) throw new NotFound();
    }
    const raw = route.ownBody ? await readOwnBody(ctx, route.ownBody) : (ctx.request as { body?: unknown }).body;
    const body = route.body ? validateInput(route.body, raw ?? {}) : ((route.ownBody?.raw ? raw : undefined) as B);
    const query = route.query ? validateInput(route.query, ctx.query) : (undefined as Q);
    ctx.state.successStatus = route.status ?? 200;
    ctx.state.answerHoldsSecrets = route.answerHoldsSecrets;
    let result: unknown;
    try {
      result = await route.handler(ctx, { body, query, params: ctx.params as Record<string, string> });
    } catch (err) {
      if (err instanceof RefusedAccess) await recordAudit(ctx, deniedEntry(ctx, err.refused));
      throw err;
    }
    if (result === undefined) {
      ctx.status = 204;
      return;
    }
    ctx.body = result;
    if (route.status) ctx.status = route.status;
  };
  if (route.ownBody) Object.defineProperty(handle, OWN_BODY_MARK, { value: true });
  const stack = [...(route.before ?? []), enforce(route.policy), handle] as unknown as RouterMiddleware[];
  router[route.method](route.path, ...stack);
}
