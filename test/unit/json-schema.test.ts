import * as yup from 'yup';
import { toJsonSchema } from '../../server/openapi/json-schema';
import { strictObject, requiredString, optionalString } from '../../common/schemas/helpers';
import { appointmentPayloadSchema } from '../../common/schemas/appointment';

describe('yup -> JSON Schema', () => {
  it('turns kinds, bounds, formats, enums and nullability into keywords', () => {
    const schema = yup.object({
      count: yup.number().integer().min(1).max(9).required(),
      ratio: yup.number().moreThan(0).lessThan(1),
      email: yup.string().email().max(80).defined(),
      id: yup.string().uuid().nullable().defined(),
      code: yup.string().matches(/^MV-[A-Z0-9]{6}$/).length(9),
      caseless: yup.string().matches(/^[a-f]+$/i),
      status: yup.string().oneOf(['a', 'b']).defined(),
      maybe: yup.string().nullable().oneOf(['x', null]),
      tags: yup.array(yup.string().defined()).min(1).defined(),
      when: yup.date(),
      anything: yup.mixed(),
      flagged: yup.boolean().default(false),
      defaulted: yup.string().required().default('x'),
      overridden: yup.mixed().meta({ jsonSchema: { type: ['object', 'string'] }, description: 'object or text' }),
    });
    expect(toJsonSchema(schema)).toEqual({
      type: 'object',
      required: ['count', 'email', 'id', 'status', 'tags'],
      properties: {
        count: { type: 'integer', minimum: 1, maximum: 9 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        email: { type: 'string', format: 'email', maxLength: 80 },
        id: { type: ['string', 'null'], format: 'uuid' },
        code: { type: 'string', pattern: '^MV-[A-Z0-9]{6}$', minLength: 9, maxLength: 9 },
        caseless: { type: 'string' },
        status: { type: 'string', enum: ['a', 'b'] },
        maybe: { type: ['string', 'null'], enum: ['x', null] },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
        when: { type: 'string', format: 'date-time' },
        anything: {},
        flagged: { type: 'boolean', default: false },
        defaulted: { type: 'string', default: 'x' },
        overridden: { type: ['object', 'string'], description: 'object or text' },
      },
    });
  });

  it('states a field that must equal another as a string with that rule, not as an enum of a reference', () => {
    const schema = yup.object({
      password: yup.string().required(),
      confirmPassword: yup.string().required().oneOf([yup.ref('password')], 'Passwords do not match'),
      pin: yup.string().oneOf(['0000', yup.ref('password')]),
    });
    const { properties } = toJsonSchema(schema) as { properties: Record<string, unknown> };
    expect(properties.confirmPassword).toEqual({ type: 'string', description: 'Must equal `password`' });
    expect(properties.pin).toEqual({ type: 'string', description: 'Must equal "0000" or `password`' });
  });

  it('closes strict objects and keeps the shared schemas\' own limits', () => {
    const converted = toJsonSchema(strictObject({ title: requiredString('Title'), note: optionalString('Note', 50) }));
    expect(converted).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['title'],
      properties: { title: { type: 'string', maxLength: 10000 }, note: { type: 'string', maxLength: 50 } },
    });
    const appointment = toJsonSchema(appointmentPayloadSchema) as { required: string[]; properties: Record<string, { enum?: string[]; default?: unknown }> };
    expect(appointment.required).toEqual(expect.arrayContaining(['doctorName', 'specialty', 'facility', 'appointmentDate']));
    expect(appointment.required).not.toContain('reason');
    expect(appointment.properties.specialty!.enum!.length).toBeGreaterThan(3);
    expect(appointment.properties.cost!.default).toBe(0);
  });
});
