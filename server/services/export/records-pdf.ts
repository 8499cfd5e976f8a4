import PDFDocument from 'pdfkit';
import {
  APPOINTMENT_STATUS_LABELS,
  CONSULTATION_STATUS_LABELS,
  CONSULTATION_TYPE_LABELS,
  MEDICATION_FREQUENCY_LABELS,
  REPORT_STATUS_LABELS,
  REPORT_TYPE_LABELS,
} from '../../../common/constants';
import { doctorLabel } from '../../../common/names';
import { plural } from '../../../common/plural';
import { formatResultKey, medicationState, parseResults, rangePosition, readMeasurement, textOf } from '../../../common/records';
import type { Appointment, Consultation, MedicalReport, Medication } from '../../../db/models';
import { chatSenderName } from './chat-senders';

interface RecordsForExport {
  patientName: string;
  generatedAt: Date;
  /** IANA zone the dates and times are written in. */
  timeZone: string;
  reports: MedicalReport[];
  medications: Medication[];
  appointments: Appointment[];
  /** With their doctor's name and chat transcript loaded (consultationsWithTranscripts). */
  consultations: Consultation[];
}

const COLORS = { text: '#1f2933', muted: '#52606d', rule: '#cbd2d9', heading: '#0b5cad', headerFill: '#e8eef5', high: '#b42318' };
const MARGIN = { top: 56, bottom: 64, left: 50, right: 50 };
/** Room a heading and its first lines need: less than this left on a page starts them on the next. */
const KEEP_TOGETHER = 110;
/** Height of one single-line table row at the table's font size and padding. */
const ROW_HEIGHT = 21;

/**
 * The built-in PDF fonts (Helvetica) encode WinAnsi only: anything outside it would print as garbage, so
 * it is spelled without accents where it can be and marked '?' where it cannot.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function printable(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char) || char === '\n') return char;
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    })
    .join('');
}

function dateWriter(timeZone: string) {
  // Report and medication dates are calendar days kept as their midnight in the patient's zone (zoned-time.ts's midnightIn): read there.
  const day = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: '2-digit' });
  const dateTime = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: '2-digit', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  return {
    day: (value: Date | string) => day.format(new Date(value)),
    dateTime: (value: Date | string) => dateTime.format(new Date(value)),
  };
}


type Doc = PDFKit.PDFDocument;

const contentWidth = (doc: Doc) => doc.page.width - MARGIN.left - MARGIN.right;
const roomLeft = (doc: Doc) => doc.page.height - MARGIN.bottom - doc.y;

function ensureRoom(doc: Doc, height: number): void {
  if (roomLeft(doc) < height) doc.addPage();
}

function text(doc: Doc, value: string, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.text(printable(value), MARGIN.left, doc.y, { width: contentWidth(doc), ...options });
}

function sectionHeading(doc: Doc, title: string): void {
  ensureRoom(doc, KEEP_TOGETHER);
  doc.moveDown(1.2);
  doc.font('Helvetica-Bold').fontSize(16).fillColor(COLORS.heading);
  text(doc, title);
  const y = doc.y + 3;
  doc.moveTo(MARGIN.left, y).lineTo(MARGIN.left + contentWidth(doc), y).lineWidth(1).strokeColor(COLORS.heading).stroke();
  doc.y = y + 10;
  doc.fillColor(COLORS.text);
}

function emptyLine(doc: Doc, message: string): void {
  doc.font('Helvetica-Oblique').fontSize(10.5).fillColor(COLORS.muted);
  text(doc, message);
  doc.fillColor(COLORS.text);
}

/** A cell's text; a result outside its reference range is flagged in red. */
type Cell = string | { text: string; flagged: true };
const cellOf = (cell: Cell): string | PDFKit.Mixins.CellOptions =>
  typeof cell === 'string' ? printable(cell) : { text: printable(cell.text), textColor: COLORS.high, font: { src: 'Helvetica-Bold' } };

/** A table with a shaded header row; rows flow over pages. */
function table(doc: Doc, columns: Array<{ header: string; width: number | string }>, rows: Cell[][]): void {
  ensureRoom(doc, 60);
  doc.font('Helvetica').fontSize(9.5).fillColor(COLORS.text);
  doc.table({
    position: { x: MARGIN.left, y: doc.y },
    maxWidth: contentWidth(doc),
    columnStyles: columns.map((column) => ({ width: column.width })),
    // Rules between rows only: a grid of boxes is harder to read than lines.
    defaultStyle: { border: [0, 0, 0.5, 0], borderColor: COLORS.rule, padding: [4, 5, 4, 5] },
    rowStyles: (row) => (row === 0 ? { backgroundColor: COLORS.headerFill, font: { src: 'Helvetica-Bold' }, border: [0, 0, 1, 0], borderColor: COLORS.muted } : undefined),
    data: [columns.map((column) => ({ text: column.header, type: 'TH' as const })), ...rows.map((row) => row.map(cellOf))],
  });
  doc.x = MARGIN.left;
  doc.moveDown(0.6);
}

function resultRows(results: unknown): Cell[][] | string {
  const parsed = parseResults(results);
  if (parsed.kind === 'empty') return 'No test results recorded.';
  if (parsed.kind === 'invalid') return 'The test results of this report could not be read.';
  return parsed.entries.map(([key, raw]) => {
    const measurement = readMeasurement(raw);
    if (!measurement) return [formatResultKey(key), textOf(raw), '', ''];
    const position = rangePosition(measurement);
    const flag: Cell = position === 'above' ? { text: 'High', flagged: true } : position === 'below' ? { text: 'Low', flagged: true } : position === 'within' ? 'Normal' : '';
    return [formatResultKey(key), [measurement.value, measurement.unit].filter((part) => part !== null).join(' '), measurement.rangeText ?? '', flag];
  });
}

/** About how tall a report will be: one that fits on a page is not split across two. */
function reportHeight(doc: Doc, report: MedicalReport, rows: Cell[][] | string): number {
  doc.font('Helvetica').fontSize(10.5);
  const summary = report.summary ? doc.heightOfString(printable(report.summary), { width: contentWidth(doc), lineGap: 1.5 }) : 0;
  return 70 + summary + (typeof rows === 'string' ? 20 : (rows.length + 1) * ROW_HEIGHT);
}

function drawReport(doc: Doc, report: MedicalReport, dates: ReturnType<typeof dateWriter>): void {
  const rows = resultRows(report.results);
  const height = reportHeight(doc, report, rows);
  ensureRoom(doc, height <= doc.page.height - MARGIN.top - MARGIN.bottom ? height : KEEP_TOGETHER);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(12.5).fillColor(COLORS.text);
  text(doc, report.title);
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.muted);
  text(doc, [REPORT_TYPE_LABELS[report.type], dates.day(report.reportDate), `Status: ${REPORT_STATUS_LABELS[report.status]}`].join('  |  '));
  const provider = [report.doctorName && doctorLabel(report.doctorName), report.facility].filter(Boolean).join(', ');
  if (provider) text(doc, provider);
  doc.fillColor(COLORS.text);
  if (report.summary) {
    doc.moveDown(0.3).font('Helvetica').fontSize(10.5);
    text(doc, report.summary, { lineGap: 1.5 });
  }
  doc.moveDown(0.4);
  if (typeof rows === 'string') emptyLine(doc, rows);
  else table(doc, [{ header: 'Test', width: '*' }, { header: 'Result', width: 130 }, { header: 'Reference range', width: 110 }, { header: 'Flag', width: 50 }], rows);
  doc.moveDown(0.4);
}

function drawMedications(doc: Doc, medications: Medication[], dates: ReturnType<typeof dateWriter>, now: number): void {
  sectionHeading(doc, `Medications (${medications.length})`);
  if (!medications.length) return emptyLine(doc, 'No medications recorded.');
  const stateLabels = { active: 'Active', expired: 'Expired', inactive: 'Inactive' } as const;
  const rows = medications.map((medication) => [
    [medication.name, medication.instructions].filter(Boolean).join('\n'),
    medication.dosage,
    MEDICATION_FREQUENCY_LABELS[medication.frequency] ?? medication.frequency,
    medication.prescribedBy ? doctorLabel(medication.prescribedBy) : '',
    `${dates.day(medication.startDate)}${medication.endDate ? ` to ${dates.day(medication.endDate)}` : ' onwards'}`,
    stateLabels[medicationState(medication, now)],
  ]);
  table(doc, [{ header: 'Medication', width: '*' }, { header: 'Dosage', width: 60 }, { header: 'Frequency', width: 80 }, { header: 'Prescribed by', width: 85 }, { header: 'Dates', width: 90 }, { header: 'Status', width: 50 }], rows);
}

function drawAppointments(doc: Doc, appointments: Appointment[], dates: ReturnType<typeof dateWriter>): void {
  sectionHeading(doc, `Appointments (${appointments.length})`);
  if (!appointments.length) return emptyLine(doc, 'No appointments recorded.');
  const rows = appointments.map((appointment) => [
    dates.dateTime(appointment.appointmentDate),
    `${doctorLabel(appointment.doctorName)}\n${appointment.specialty}`,
    [appointment.facility, appointment.facilityAddress].filter(Boolean).join('\n'),
    appointment.reason ?? '',
    APPOINTMENT_STATUS_LABELS[appointment.status],
  ]);
  table(doc, [{ header: 'Date and time', width: 105 }, { header: 'Doctor', width: 110 }, { header: 'Where', width: '*' }, { header: 'Reason', width: 110 }, { header: 'Status', width: 60 }], rows);
}

/** A consultation: what, with whom, when and how it stands, then its chat as it was written. */
function drawConsultation(doc: Doc, consultation: Consultation, patientName: string, dates: ReturnType<typeof dateWriter>): void {
  const doctor = doctorLabel(consultation.doctor!.name);
  ensureRoom(doc, KEEP_TOGETHER);
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').fontSize(12.5).fillColor(COLORS.text);
  text(doc, `${CONSULTATION_TYPE_LABELS[consultation.consultationType]} with ${doctor}`);
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.muted);
  text(doc, [dates.dateTime(consultation.appointmentDate), `Status: ${CONSULTATION_STATUS_LABELS[consultation.status]}`].join('  |  '));
  doc.fillColor(COLORS.text);
  if (consultation.diagnosis) text(doc, `Diagnosis: ${consultation.diagnosis}`);
  doc.moveDown(0.4);
  const lines = consultation.chatMessages ?? [];
  if (!lines.length) return emptyLine(doc, 'No chat messages.');
  const rows = lines.map((line) => [dates.dateTime(line.createdAt), chatSenderName(line, consultation, patientName), line.text]);
  table(doc, [{ header: 'Sent', width: 105 }, { header: 'From', width: 110 }, { header: 'Chat message', width: '*' }], rows);
}

function drawConsultations(doc: Doc, consultations: Consultation[], patientName: string, dates: ReturnType<typeof dateWriter>): void {
  sectionHeading(doc, `Consultations (${consultations.length})`);
  if (!consultations.length) return emptyLine(doc, 'No consultations recorded.');
  for (const consultation of consultations) drawConsultation(doc, consultation, patientName, dates);
}

/** 'Page n of N' and the patient's name at the foot of every page, written once all pages exist. */
function drawFooters(doc: Doc, patientName: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin: lifted out of it, the text would open a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN.bottom + 24;
    doc.moveTo(MARGIN.left, y - 8).lineTo(doc.page.width - MARGIN.right, y - 8).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    doc.font('Helvetica').fontSize(8.5).fillColor(COLORS.muted);
    doc.text(printable(`MediVault medical records of ${patientName}. Confidential.`), MARGIN.left, y, { width: contentWidth(doc), lineBreak: false });
    doc.text(`Page ${index - start + 1} of ${count}`, MARGIN.left, y, { width: contentWidth(doc), align: 'right', lineBreak: false });
  }
}

/** The patient's records as a PDF a person can read: title page head, then reports (with results), medications, appointments and consultations with their chat transcripts. */
export function renderRecordsPdf(records: RecordsForExport): Promise<Buffer> {
  const dates = dateWriter(records.timeZone);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: printable(`Medical records of ${records.patientName}`), Author: 'MediVault', Creator: 'MediVault', CreationDate: records.generatedAt },
    displayTitle: true,
    lang: 'en',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(24).fillColor(COLORS.heading);
  text(doc, 'Medical Records');
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(14).fillColor(COLORS.text);
  text(doc, records.patientName);
  doc.font('Helvetica').fontSize(10).fillColor(COLORS.muted);
  text(doc, `Generated ${dates.dateTime(records.generatedAt)} by MediVault`);
  text(
    doc,
    [
      plural(records.reports.length, 'report'),
      plural(records.medications.length, 'medication'),
      plural(records.appointments.length, 'appointment'),
      plural(records.consultations.length, 'consultation'),
    ].join(', '),
  );
  doc.fillColor(COLORS.text);

  sectionHeading(doc, `Medical Reports (${records.reports.length})`);
  if (!records.reports.length) emptyLine(doc, 'No medical reports recorded.');
  for (const report of records.reports) drawReport(doc, report, dates);
  drawMedications(doc, records.medications, dates, records.generatedAt.getTime());
  drawAppointments(doc, records.appointments, dates);
  drawConsultations(doc, records.consultations, records.patientName, dates);

  drawFooters(doc, records.patientName);
  doc.end();
  return done;
}
