import type { Router } from '@koa/router';
import type * as yup from 'yup';
import { routeDefinitions, type AnyRouteDefinition, type FileResponse } from '../routes/define';
import { errorResponse } from '../presenters/response-schemas';
import { IDEMPOTENCY_HEADER } from '../middleware/idempotency';
import { RATE_LIMIT_MARK } from '../services/request-limit';
import { toJsonSchema, type JsonSchema } from './json-schema';

type Operation = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

/** '/api/appointments/:id' -> '/api/appointments/{id}' (and '/feed/:token.ics' -> '/feed/{token}.ics'). */
export function openApiPath(koaPath: string): string {
  return koaPath.replace(/:(\w+)/g, '{$1}');
}

const pathParameters = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** defineRoute answers 404 to an id that is not a uuid before anything else runs. */
const isIdParameter = (name: string) => name === 'id' || name.endsWith('Id');

function isFileResponse(response: AnyRouteDefinition['response']): response is FileResponse {
  return Boolean(response && 'contentType' in response);
}

function successAnswer(route: AnyRouteDefinition) {
  const { response } = route;
  if (!response) return { description: 'Done; no body' };
  if (isFileResponse(response)) {
    const schema = response.schema ? toJsonSchema(response.schema) : { type: 'string' };
    return { description: response.description, content: { [response.contentType]: { schema } } };
  }
  return { description: 'Success', content: { 'application/json': { schema: toJsonSchema(response as yup.Schema) } } };
}

function successStatus(route: AnyRouteDefinition): number {
  return route.status ?? (route.response ? 200 : 204);
}

function parameters(route: AnyRouteDefinition) {
  const inPath = pathParameters(route.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: isIdParameter(name) ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));
  const query = route.query ? (toJsonSchema(route.query) as { properties?: Record<string, JsonSchema>; required?: string[] }) : {};
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery, ...(route.method === 'get' ? [] : [IDEMPOTENCY_KEY_PARAMETER])];
}

const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'Optional, 8 to 255 visible ASCII characters (a UUID). A retry with the same key returns the first successful answer ' +
    'with `Idempotent-Replayed: true` and changes nothing; 409 while the first is still running (or when it was carried out but its answer was not kept), ' +
    '422 if the key was used for a different request. ' +
    'Keys are kept for 24 hours per caller; requests without a session (sign-in, sign-up) run as they come.',
  schema: { type: 'string', minLength: 8, maxLength: 255 },
};

function policyDescription(route: AnyRouteDefinition): string {
  const { policy } = route;
  if (policy.allow.includes('anonymous')) return `Policy: ${policy.name} (anyone, signed in or not).`;
  const refusal = policy.otherwise === 403 ? 'everyone else gets 403' : 'visitors without a session get 401, other signed-in kinds 404';
  return `Policy: ${policy.name} (${policy.allow.join(', ')}); ${refusal}. Records outside the caller's reach answer 404.`;
}

function errorAnswers(route: AnyRouteDefinition): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  const isPublic = route.policy.allow.includes('anonymous');
  if (route.body || route.query) answers['400'] = errorAnswer('The input is not valid: `fields` names each problem');
  if (!isPublic && route.policy.otherwise === 404) answers['401'] = errorAnswer('No session: sign in first');
  if (route.policy.otherwise === 403) answers['403'] = errorAnswer('Not an admin');
  if (route.premiumRequired) answers['402'] = errorAnswer(`Premium required (code premium_required): ${route.premiumRequired}`);
  if (!isPublic || pathParameters(route.path).length) answers['404'] = errorAnswer('Not found, or outside the caller\'s reach');
  const limit = route.before?.map((fn) => (fn as unknown as Record<symbol, string | undefined>)[RATE_LIMIT_MARK]).find(Boolean);
  if (limit) answers['429'] = errorAnswer(`${limit}; Retry-After says when to try again`);
  for (const [status, description] of Object.entries(route.refusals ?? {})) answers[status] = errorAnswer(description);
  answers.default = errorAnswer('Any other refusal or failure, in the one error shape');
  return answers;
}

/** A session is the cookie pair koa-session sets: the id, and its signature beside it (keyed with SESSION_KEYS). */
const SESSION = { session: [], sessionSignature: [] };

function sessionSchemes(cookie: string) {
  return {
    session: { type: 'apiKey', in: 'cookie', name: cookie, description: 'The session id, set by a sign-in (HttpOnly, SameSite=Lax; Secure and __Host- prefixed in production)' },
    sessionSignature: {
      type: 'apiKey',
      in: 'cookie',
      name: `${cookie}.sig`,
      description: 'The signature of the session cookie, set with it: a session id without its valid signature is no session',
    },
  };
}

function operation(route: AnyRouteDefinition, prefix: string): Operation {
  const isPublic = route.policy.allow.includes('anonymous');
  const params = parameters(route);
  return {
    operationId: `${route.method}${openApiPath(prefix + route.path).replace(/[^A-Za-z0-9]+(\w?)/g, (_, c: string) => c.toUpperCase())}`,
    ...(route.summary ? { summary: route.summary } : {}),
    description: policyDescription(route),
    tags: [route.path.split('/')[1] ?? 'api'],
    'x-policy': { name: route.policy.name, allow: route.policy.allow, otherwise: route.policy.otherwise },
    security: isPublic ? [] : [SESSION],
    ...(params.length ? { parameters: params } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(route.body) } } } } : {}),
    responses: { [String(successStatus(route))]: successAnswer(route), ...errorAnswers(route) },
  };
}

interface DocumentInfo {
  version: string;
  /** The session cookie's name on this server (sessionCookieName: __Host-mv.sid in production). */
  sessionCookie: string;
}

/** The OpenAPI 3.1 document of every route registered on the router through defineRoute. */
export function openApiDocument(router: Router, info: DocumentInfo) {
  const prefix = (router.opts as { prefix?: string }).prefix ?? '';
  const paths: Record<string, Record<string, Operation>> = {};
  for (const route of routeDefinitions(router)) {
    const path = openApiPath(prefix + route.path);
    paths[path] = { ...paths[path], [route.method]: operation(route, prefix) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'MediVault API',
      version: info.version,
      description:
        'The REST API of a MediVault server, generated from the route definitions and yup schemas the server runs. ' +
        'JSON is camelCase, timestamps are ISO 8601, money is integer cents. Every error answers `{ code, message, fields?, details?, requestId }`. ' +
        'State-changing requests must come from the same origin (or ALLOWED_ORIGINS) and send JSON. ' +
        'A server with PUBLIC_URL set answers only for its host: any other Host (or X-Forwarded-Host behind TRUST_PROXY) gets 421 `misdirected_request`, ' +
        'except the orchestrator probes /api/health/live and /api/health/ready (and /metrics).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: toJsonSchema(errorResponse) },
      securitySchemes: sessionSchemes(info.sessionCookie),
    },
  };
}
