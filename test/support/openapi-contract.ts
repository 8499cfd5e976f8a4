import { dereference } from '@readme/openapi-parser';
// ajv and ajv-formats are not dependencies of the project: they come with @readme/openapi-parser and objection.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestClient } from './client';

/** One real call made by a test: what was asked and what came back. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: unknown;
}

/** Makes a client note every call it makes in `exchanges`. */
export function recordInto(exchanges: Exchange[], client: TestClient): TestClient {
  const request = client.request.bind(client);
  client.request = async (method, path, body, headers) => {
    const res = await request(method, path, body, headers);
    exchanges.push({ method, path, status: res.status, contentType: res.headers.get('content-type') ?? '', body: res.body });
    return res;
  };
  return client;
}

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type Document = { paths: Record<string, Record<string, Operation>> };

/** Checks real answers against an OpenAPI document: the operation the path matches, the answer for its status. */
export class ContractChecker {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly templates: { template: string; pattern: RegExp }[];

  private constructor(private readonly document: Document) {
    // Literal paths before templated ones: '/notifications/read-all' is not '/notifications/{id}/read'.
    this.templates = Object.keys(document.paths)
      .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`) }))
      .sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  }

  static async load(document: object): Promise<ContractChecker> {
    return new ContractChecker((await dereference(structuredClone(document) as never)) as unknown as Document);
  }

  /** 'GET /api/x/{id}' for a call, or null when no documented path matches. */
  operationOf(exchange: Pick<Exchange, 'method' | 'path'>): string | null {
    const path = exchange.path.split('?')[0]!;
    const template = this.templates.find((t) => t.pattern.test(path) && this.document.paths[t.template]![exchange.method.toLowerCase()]);
    return template ? `${exchange.method.toUpperCase()} ${template.template}` : null;
  }

  /** What is wrong with the answer according to the document; empty when it matches. */
  problems(exchange: Exchange): string[] {
    const operationName = this.operationOf(exchange);
    if (!operationName) return ['no documented operation'];
    const [method, template] = operationName.split(' ') as [string, string];
    const { responses } = this.document.paths[template]![method.toLowerCase()]!;
    const answer = responses[String(exchange.status)] ?? responses.default;
    if (!answer) return [`status ${exchange.status} is not documented`];
    if (!answer.content) return exchange.body === undefined || exchange.body === '' ? [] : ['documented without a body, but one came'];
    const mediaType = exchange.contentType.split(';')[0]!.trim();
    const content = answer.content[mediaType] ?? answer.content['*/*'];
    if (!content) return [`content type ${mediaType} is not documented (${Object.keys(answer.content).join(', ')})`];
    if (mediaType !== 'application/json') return [];
    const validate = this.ajv.compile(content.schema);
    if (validate(exchange.body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
  }
}
