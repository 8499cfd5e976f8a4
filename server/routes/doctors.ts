import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { listOf, publicDoctorResponse } from '../presenters/response-schemas';
import { publicAccess } from '../policies/route-policy';
import { listedDoctors } from '../policies/doctor';
import { presentPublicDoctor } from '../presenters/doctor';

export function registerDoctorsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/doctors',
    summary: 'Doctors patients can book',
    policy: publicAccess,
    response: listOf(publicDoctorResponse),
    handler: async () => (await listedDoctors()).map(presentPublicDoctor),
  });
}
