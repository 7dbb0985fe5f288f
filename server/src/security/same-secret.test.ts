import { describe, expect, it } from 'vitest';
import { sameSecret } from './same-secret.ts';

describe('comparing a secret in constant time', () => {
  it('is true for the same text or bytes', () => {
    expect(sameSecret('3f9a', '3f9a')).toBe(true);
    expect(sameSecret(Buffer.from('3f9a', 'hex'), Buffer.from('3f9a', 'hex'))).toBe(true);
    expect(sameSecret('', '')).toBe(true);
  });

  it('is false for a different value of the same length', () => {
    expect(sameSecret('3f9a', '3f9b')).toBe(false);
    expect(sameSecret(Buffer.from([1, 2]), Buffer.from([1, 3]))).toBe(false);
  });

  it('is false, without throwing, for a value of another length', () => {
    expect(sameSecret('3f9', '3f9a')).toBe(false);
    expect(sameSecret('3f9a0', '3f9a')).toBe(false);
    expect(sameSecret('', '3f9a')).toBe(false);
    expect(sameSecret(Buffer.alloc(0), Buffer.from([1]))).toBe(false);
  });

  it('compares text by its UTF-8 bytes', () => {
    expect(sameSecret('é', 'é')).toBe(true);
    expect(sameSecret('é', 'e')).toBe(false);
  });
});
