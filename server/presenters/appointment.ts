import type { Appointment as AppointmentModel } from '../../db/models';
import type { Appointment } from '../../common/api-types';
import { iso } from '../lib/dates';

export function presentAppointment(appointment: AppointmentModel): Appointment {
  return {
    id: appointment.id,
    version: appointment.version,
    userId: appointment.userId,
    doctorName: appointment.doctorName,
    doctorId: appointment.doctorId,
    specialty: appointment.specialty,
    facility: appointment.facility,
    facilityAddress: appointment.facilityAddress,
    appointmentDate: iso(appointment.appointmentDate)!,
    duration: appointment.duration,
    type: appointment.type,
    status: appointment.status,
    reason: appointment.reason,
    notes: appointment.notes,
    reminderSent: appointment.reminderSent,
    reminderEnabled: appointment.reminderSent,
    cost: appointment.cost,
    insuranceCovered: appointment.insuranceCovered,
    confirmationCode: appointment.confirmationCode,
    createdAt: iso(appointment.createdAt)!,
  };
}
