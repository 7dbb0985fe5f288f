import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, documentUploadFields } from './documents.ts';

describe('a licence photo upload', () => {
  it.each(['front', 'back'])('names the %s side', (side) => {
    expect(v.parse(documentUploadFields, { side })).toEqual({ side });
  });

  it('says which sides there are when another is named', () => {
    expect(v.safeParse(documentUploadFields, { side: 'top' }).issues?.[0]?.message).toBe('side must be front or back');
  });

  it('takes files up to 10 MB', () => {
    expect(DOCUMENT_MAX_BYTES).toBe(10 * 1024 * 1024);
  });
});
