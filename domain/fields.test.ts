import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { getFieldErrors } from './contracts/errors.ts';
import { birthDateStatus, normalizeText, requireGroupWhen } from './fields.ts';
import { validationMessages as m } from './messages.ts';
import { personalInput } from './test-fixtures.ts';
import { createPersonalSchema } from './wizard.schema.ts';

describe('field helpers', () => {
  it.each([
    ['  Mary   Ann  ', 'Mary Ann'],
    ['O\u2019Brien', "O'Brien"],
    ['O\u2018Brien', "O'Brien"],
    ['tab\tseparated', 'tab separated'],
  ])('text %j is read as %j', (input, output) => {
    expect(normalizeText(input)).toBe(output);
  });

  it.each([
    [null, 'invalid'],
    [{ year: 1899, month: 12, day: 31 }, 'invalid'],
    [{ year: 2026, month: 6, day: 16 }, 'future'],
    [{ year: 2008, month: 6, day: 16 }, 'underage'],
    [{ year: 2008, month: 6, day: 15 }, 'adult'],
  ])('a birth date of %j on 06/15/2026 is %s', (birth, status) => {
    expect(birthDateStatus(birth, { year: 2026, month: 6, day: 15 })).toBe(status);
  });

  it('field errors keep the first message of each field and put whole-form errors under ""', () => {
    const fieldIssues = v.safeParse(createPersonalSchema(), personalInput({ firstName: `${'Й'.repeat(51)}` })).issues ?? [];
    const formIssues = v.safeParse(createPersonalSchema(), 'not a form').issues ?? [];
    expect(fieldIssues.map((issue) => issue.message)).toEqual([m.tooLong50, m.firstNameInvalid]);
    expect(getFieldErrors([...fieldIssues, ...formIssues])).toEqual({ firstName: m.tooLong50, '': m.invalidValue });
  });

  it('a rule on a whole required group is reported on the group field', () => {
    const group = v.pipe(
      v.object({ from: v.string(), to: v.string() }),
      v.check((range) => range.from <= range.to, m.invalidValue),
    );
    const schema = v.pipe(
      v.object({ needed: v.boolean(), range: v.object({ from: v.string(), to: v.string() }) }),
      requireGroupWhen<{ needed: boolean; range: { from: string; to: string } }>({
        key: 'range',
        schema: group,
        dependsOn: ['needed'],
        when: (value) => value.needed,
      }),
    );
    expect(getFieldErrors(v.safeParse(schema, { needed: true, range: { from: 'b', to: 'a' } }).issues ?? [])).toEqual({
      range: m.invalidValue,
    });
    expect(v.safeParse(schema, { needed: false, range: { from: 'b', to: 'a' } }).success).toBe(true);
  });
});
