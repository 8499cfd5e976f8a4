import type { Doctor } from '../../db/models';
import { iso } from '../lib/dates';

/** What anyone may see of a doctor (the Available Doctors grid). */
export function presentPublicDoctor(doctor: Doctor) {
  return {
    id: doctor.id,
    name: doctor.name,
    specialty: doctor.specialty,
    bio: doctor.bio,
    experience: doctor.experience,
    education: doctor.education,
    availability: doctor.availability,
    consultationFee: doctor.consultationFee,
    rating: doctor.rating,
    totalConsultations: doctor.totalConsultations,
    isAvailable: doctor.isAvailable,
    isVerified: doctor.isVerified,
    profileImage: doctor.profileImage,
  };
}

/** A doctor's own profile and the admin roster view: adds contact and licence details. */
export function presentDoctorAccount(doctor: Doctor) {
  return {
    ...presentPublicDoctor(doctor),
    version: doctor.version,
    email: doctor.email,
    phone: doctor.phone,
    licenseNumber: doctor.licenseNumber,
    isActive: doctor.isActive,
    lastLogin: iso(doctor.lastLogin),
    createdAt: iso(doctor.createdAt),
  };
}
