import type { Config } from '../../config';
import { log } from '../../log';

type AiSummaryConfig = NonNullable<Config['aiSummary']>;

const TIMEOUT_MS = 10_000;

const INSTRUCTIONS = [
  "You rephrase statements taken from a patient's own medical records into plain, calm English.",
  'Rephrase each statement on its own. Keep every name, number, unit and date exactly as written.',
  'Never add, remove, merge, split or reorder statements, and never add facts, advice or diagnoses.',
  'Answer with JSON only: {"statements": ["..."]} holding exactly as many strings as you were given, in the same order.',
].join(' ');

function endpoint(url: string): string {
  return /\/chat\/completions\/?$/.test(url) ? url : `${url.replace(/\/+$/, '')}/chat/completions`;
}

const numbersIn = (text: string) => new Set(text.match(/\d+(?:[.,:]\d+)*/g) ?? []);

/**
 * A rephrasing is accepted only when it has one non-empty string per statement, none far longer than
 * its original, and no number (value, date, time) that the original does not carry.
 */
export function acceptRephrasing(originals: string[], candidate: unknown): string[] | null {
  if (!Array.isArray(candidate) || candidate.length !== originals.length) return null;
  const accepted: string[] = [];
  for (const [index, item] of candidate.entries()) {
    const original = originals[index]!;
    if (typeof item !== 'string' || !item.trim() || item.length > original.length * 2 + 80) return null;
    const allowed = numbersIn(original);
    if ([...numbersIn(item)].some((n) => !allowed.has(n))) return null;
    accepted.push(item.trim());
  }
  return accepted;
}

function reply(body: unknown): unknown {
  const content = (body as { choices?: Array<{ message?: { content?: unknown } }> })?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return null;
  const json = content.replace(/^```(?:json)?\s*|\s*```$/g, '');
  return (JSON.parse(json) as { statements?: unknown }).statements;
}

/**
 * Asks an OpenAI-compatible chat endpoint to reword the statements. Answers null (the caller keeps the
 * deterministic wording) when it is not configured, fails, times out, or answers anything but a faithful
 * one-for-one rewording. Only ids and the failure reason are logged, never the statements.
 */
export async function rephraseStatements(texts: string[], config: AiSummaryConfig | undefined): Promise<string[] | null> {
  if (!config || !texts.length) return null;
  try {
    const response = await fetch(endpoint(config.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.key ? { authorization: `Bearer ${config.key}` } : {}) },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: INSTRUCTIONS },
          { role: 'user', content: JSON.stringify({ statements: texts }) },
        ],
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`endpoint answered ${response.status}`);
    const accepted = acceptRephrasing(texts, reply(await response.json()));
    if (!accepted) throw new Error('the rephrasing did not match the statements one for one');
    return accepted;
  } catch (err) {
    // Our own errors carry a safe message; others (a JSON parse error quoting the reply) only their name.
    const reason = err instanceof Error ? (err.name === 'Error' ? err.message : err.name) : 'unknown';
    log.warn({ cause: reason }, 'summary rephrasing failed; using the deterministic wording');
    return null;
  }
}
