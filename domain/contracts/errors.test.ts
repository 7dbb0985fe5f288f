import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { getFieldErrors, plainIssueMessage } from './errors.ts';

const firstMessage = (schema: v.GenericSchema, input: unknown) => plainIssueMessage(v.safeParse(schema, input).issues![0]);

describe('validation errors in plain words', () => {
  it('says a missing field is required, naming it', () => {
    expect(firstMessage(v.object({ lang: v.picklist(['en', 'uk']) }), {})).toBe('lang is required');
  });

  it('lists the choices for a value outside them', () => {
    expect(firstMessage(v.object({ lang: v.picklist(['en', 'uk', 'es']) }), { lang: 'fr' })).toBe('lang must be one of en, uk or es');
    expect(firstMessage(v.object({ kind: v.literal('car') }), { kind: 'boat' })).toBe('kind must be car');
  });

  it.each([
    [v.string(), 'text'],
    [v.number(), 'a number'],
    [v.boolean(), 'true or false'],
    [v.object({}), 'an object'],
    [v.array(v.string()), 'a list'],
    [v.bigint(), 'a whole number'],
  ])('names the expected kind of value: %#', (schema, words) => {
    expect(firstMessage(v.object({ field: schema }), { field: Symbol('x') })).toBe(`field must be ${words}`);
  });

  it('speaks of the value itself when no field is named', () => {
    expect(firstMessage(v.string(), 5)).toBe('The value must be text');
    expect(firstMessage(v.pipe(v.string(), v.email()), 'nope')).toBe('The value must be valid');
  });

  it("keeps a schema's own message", () => {
    expect(firstMessage(v.object({ page: v.number('page must be a whole number') }), { page: 'x' })).toBe('page must be a whole number');
  });

  it('maps each field to its first message', () => {
    const issues = v.safeParse(v.object({ a: v.string('a is wrong'), b: v.string() }), { a: 1 }).issues!;
    expect(getFieldErrors(issues)).toEqual({ a: 'a is wrong', b: 'b is required' });
  });
});
