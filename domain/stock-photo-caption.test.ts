import { describe, expect, it } from 'vitest';
import { stockReferenceIn } from './stock-photo-caption.ts';

describe('the car a photo caption names', () => {
  it.each([
    'stock 12345',
    'Stock #12345',
    'STOCK: 12345',
    'stock no. 12345',
    'stock number 12345',
    '#12345',
    '# 12345',
    '  stock   12345 ',
  ])('reads %j as stock number 12345, clearly meant as one', (caption) => {
    expect(stockReferenceIn(caption)).toEqual({ text: '12345', marked: true });
  });

  it('reads a VIN written with its name, in capitals', () => {
    expect(stockReferenceIn('vin 1hgcm82633a004352')).toEqual({ text: '1HGCM82633A004352', marked: true });
  });

  it('reads a bare stock number or VIN', () => {
    expect(stockReferenceIn('a-1207')).toEqual({ text: 'A-1207', marked: false });
    expect(stockReferenceIn('1HGCM82633A004352')).toEqual({ text: '1HGCM82633A004352', marked: false });
  });

  it('takes no car from a caption that is a word, a sentence or nothing', () => {
    for (const caption of ['Front', 'front bumper 12345', 'stock', '#', '', '   ', null, undefined, `stock ${'1'.repeat(21)}`])
      expect(stockReferenceIn(caption)).toBeUndefined();
  });
});
