/**
 * A shared FHIR Bundle read for a person: the patient's name, each DiagnosticReport with its Observations
 * as the app's own results (so the report screens' TestResults shows them), each MedicationStatement, and
 * how many other entries there are. Written for any sharer's R4 Bundle, not only this app's.
 */
type Json = Record<string, any>;

interface SharedReport {
  key: string;
  title: string;
  date: string | null;
  performers: string[];
  conclusion: string | null;
  /** The app's results shape: name -> { value, unit, referenceRange }. */
  results: Record<string, unknown>;
}

interface SharedMedication {
  key: string;
  name: string;
  dosage: string | null;
  since: string | null;
  status: string | null;
}

export interface SharedRecordsView {
  patientName: string | null;
  reports: SharedReport[];
  medications: SharedMedication[];
  otherEntries: number;
}

const conceptText = (concept: Json | undefined): string | null => concept?.text ?? concept?.coding?.find((c: Json) => c.display)?.display ?? concept?.coding?.[0]?.code ?? null;

function rangeText(range: Json | undefined): string | undefined {
  if (!range) return undefined;
  if (range.text) return range.text;
  if (range.low?.value !== undefined && range.high?.value !== undefined) return `${range.low.value}-${range.high.value}`;
  return undefined;
}

/** An Observation's value as the app writes results: a number with its unit, a bound ('<0.5') or text. */
function resultOf(observation: Json): unknown {
  const quantity = observation.valueQuantity;
  const referenceRange = rangeText(observation.referenceRange?.[0]);
  if (quantity && quantity.value !== undefined) {
    const value = quantity.comparator ? `${quantity.comparator}${quantity.value}` : quantity.value;
    return { value, unit: quantity.unit ?? quantity.code, referenceRange };
  }
  return observation.valueString ?? conceptText(observation.valueCodeableConcept) ?? null;
}

const nameOf = (patient: Json | undefined): string | null => {
  const name = patient?.name?.[0];
  if (!name) return null;
  return name.text ?? [...(name.given ?? []), name.family].filter(Boolean).join(' ');
};

const dosageOf = (statement: Json): string | null => statement.dosage?.map((d: Json) => d.text).filter(Boolean).join('; ') || null;

export function sharedRecordsView(bundle: unknown): SharedRecordsView {
  const entries: Json[] = ((bundle as Json)?.entry ?? []).filter((entry: Json) => entry?.resource);
  const byReference = new Map<string, Json>();
  for (const entry of entries) {
    if (entry.fullUrl) byReference.set(entry.fullUrl, entry.resource);
    if (entry.resource.id) byReference.set(`${entry.resource.resourceType}/${entry.resource.id}`, entry.resource);
  }
  const ofType = (type: string) => entries.filter((entry) => entry.resource.resourceType === type).map((entry) => entry.resource);
  const reportResults = new Set<Json>();
  const reports = ofType('DiagnosticReport').map((report, i): SharedReport => {
    const observations = (report.result ?? []).map((ref: Json) => byReference.get(ref.reference)).filter(Boolean) as Json[];
    observations.forEach((observation) => reportResults.add(observation));
    return {
      key: report.id ?? `report-${i}`,
      title: conceptText(report.code) ?? 'Report',
      date: report.effectiveDateTime ?? report.issued ?? null,
      performers: (report.performer ?? []).map((p: Json) => p.display).filter(Boolean),
      conclusion: report.conclusion ?? null,
      results: Object.fromEntries(observations.map((observation) => [conceptText(observation.code) ?? 'Result', resultOf(observation)])),
    };
  });
  const medications = ofType('MedicationStatement').map(
    (statement, i): SharedMedication => ({
      key: statement.id ?? `medication-${i}`,
      name: conceptText(statement.medicationCodeableConcept) ?? statement.medicationReference?.display ?? 'Medication',
      dosage: dosageOf(statement),
      since: statement.effectivePeriod?.start ?? statement.effectiveDateTime ?? null,
      status: statement.status ?? null,
    }),
  );
  const shown = new Set(['Patient', 'DiagnosticReport', 'MedicationStatement']);
  const otherEntries = entries.filter((entry) => !shown.has(entry.resource.resourceType) && !reportResults.has(entry.resource)).length;
  return { patientName: nameOf(ofType('Patient')[0]), reports, medications, otherEntries };
}
