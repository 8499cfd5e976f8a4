import type { MedicalReport } from '../../common/api-types';
import { filterCounts, visibleReports } from '../../web/scenes/reports/report-filters';
import { nextAppointmentLabel, upcomingAppointments } from '../../web/components/records/appointment-time';
import { appointment, report } from './summary-sample';

const reports: MedicalReport[] = [
  report({ id: 'cbc', title: 'Complete Blood Count', reportDate: '2026-03-01T00:00:00.000Z', status: 'review' }),
  report({ id: 'xray', title: 'Chest X-Ray', type: 'x_ray', facility: 'City Imaging Center', doctorName: 'Dr. Hannah Weiss', reportDate: '2026-03-05T00:00:00.000Z' }),
  report({ id: 'mri', title: 'Brain MRI', type: 'mri', status: 'urgent', facility: 'City Imaging Center', reportDate: '2026-02-01T00:00:00.000Z' }),
  report({ id: 'rx', title: 'Blood Pressure Prescription', type: 'prescription', status: 'active', doctorName: 'Dr. James Okafor', reportDate: '2026-03-10T00:00:00.000Z' }),
];

const ids = (list: MedicalReport[]) => list.map((r) => r.id);

describe('reports list', () => {
  it('counts each filter chip', () => {
    expect(filterCounts(reports)).toEqual({ All: 4, Urgent: 1, 'Blood Work': 1, 'X-Ray': 1, Prescriptions: 1 });
  });

  it('searches title, doctor and facility, case-insensitively', () => {
    expect(ids(visibleReports(reports, { search: 'city imaging', filter: 'All', sort: 'Date' }))).toEqual(['xray', 'mri']);
    expect(ids(visibleReports(reports, { search: 'OKAFOR', filter: 'All', sort: 'Date' }))).toEqual(['rx']);
    expect(ids(visibleReports(reports, { search: 'blood', filter: 'Blood Work', sort: 'Date' }))).toEqual(['cbc']);
  });

  it('sorts by date (newest first), type and status', () => {
    expect(ids(visibleReports(reports, { search: '', filter: 'All', sort: 'Date' }))).toEqual(['rx', 'xray', 'cbc', 'mri']);
    expect(ids(visibleReports(reports, { search: '', filter: 'All', sort: 'Type' }))).toEqual(['cbc', 'mri', 'rx', 'xray']);
    expect(ids(visibleReports(reports, { search: '', filter: 'All', sort: 'Status' }))).toEqual(['mri', 'cbc', 'rx', 'xray']);
  });
});

describe('next appointment', () => {
  const now = new Date('2026-03-15T09:00:00');
  it("says 'Today' for one later today, the day for a later one, 'None' without any", () => {
    expect(nextAppointmentLabel([appointment({ id: 'a', appointmentDate: new Date('2026-03-15T16:00:00').toISOString() })], now)).toBe('Today');
    expect(nextAppointmentLabel([appointment({ id: 'b', appointmentDate: new Date('2026-03-18T10:30:00').toISOString() })], now)).toBe('Mar 18');
    expect(nextAppointmentLabel([appointment({ id: 'c', status: 'cancelled', appointmentDate: new Date('2026-03-18T10:30:00').toISOString() })], now)).toBe('None');
  });

  it('lists upcoming appointments soonest first', () => {
    const list = [
      appointment({ id: 'later', appointmentDate: new Date('2026-03-20T10:00:00').toISOString() }),
      appointment({ id: 'past', appointmentDate: new Date('2026-03-10T10:00:00').toISOString() }),
      appointment({ id: 'soon', status: 'confirmed', appointmentDate: new Date('2026-03-16T10:00:00').toISOString() }),
    ];
    expect(upcomingAppointments(list, now.getTime()).map((a) => a.id)).toEqual(['soon', 'later']);
  });
});
