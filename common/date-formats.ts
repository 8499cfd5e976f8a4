/**
 * Intl.DateTimeFormat objects, made once per locale and options and kept: making one costs about as much
 * as formatting a hundred dates with it, and a dashboard summary formats dozens. Time zones come from
 * requests, so the number kept is bounded (a zone can be spelt in many cases): past the bound, the
 * cache starts afresh.
 */
const MOST_KEPT = 500;
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    // Throws for an unknown time zone, before anything is kept.
    format = new Intl.DateTimeFormat(locale, options);
    if (formats.size >= MOST_KEPT) formats.clear();
    formats.set(key, format);
  }
  return format;
}
