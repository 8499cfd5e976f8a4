import { PDFDocument, StandardFonts } from 'pdf-lib';
import { formatResultKey, parseResults } from '../../common/records';

/** What a demo report's document shows. */
interface DemoReportContent {
  title: string;
  reportDate: Date;
  doctorName: string | null;
  facility: string | null;
  summary: string | null;
  /** As stored: JSON text (once or twice serialised). */
  results: string | null;
}

const PAGE = { width: 612, height: 792, margin: 60 };
const WRAP_AT = 88;

function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > WRAP_AT) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return line ? [...lines, line] : lines;
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(describeValue).join(', ');
  if (value && typeof value === 'object') {
    const { value: measured, unit, referenceRange, ...rest } = value as Record<string, unknown>;
    if (measured !== undefined) return [measured, unit].filter((part) => part !== undefined).join(' ') + (referenceRange ? ` (${String(referenceRange)})` : '');
    return Object.entries(rest).map(([key, part]) => `${formatResultKey(key)}: ${describeValue(part)}`).join('; ');
  }
  return String(value);
}

/** Results as stored (a JSON string, sometimes holding another JSON string) to 'Label: value unit (range)' lines. */
function resultLines(stored: string | null): string[] {
  if (stored === null) return [];
  const once: unknown = JSON.parse(stored);
  const parsed = parseResults(once);
  return parsed.kind === 'fields' ? parsed.entries.flatMap(([key, value]) => wrap(`${formatResultKey(key)}: ${describeValue(value)}`)) : [];
}

/** A readable one-page PDF of a demo report, so its Download opens a real document. */
export async function demoReportPdf(report: DemoReportContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(report.title);
  pdf.setCreator('MediVault demo data');
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, size = 11, font = regular) => {
    page.drawText(text, { x: PAGE.margin, y, size, font });
    y -= size * 1.6;
  };
  if (report.facility) write(report.facility, 12, bold);
  write(report.title, 18, bold);
  write(`Date: ${report.reportDate.toISOString().slice(0, 10)}`);
  if (report.doctorName) write(`Doctor: ${report.doctorName}`);
  y -= 8;
  if (report.summary) {
    write('Summary', 13, bold);
    for (const line of wrap(report.summary)) write(line);
    y -= 8;
  }
  const results = resultLines(report.results);
  if (results.length) {
    write('Results', 13, bold);
    for (const line of results) write(line);
  }
  return pdf.save();
}
