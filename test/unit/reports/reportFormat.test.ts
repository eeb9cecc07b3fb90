// The report's numbers: cells with separators and the currency's decimals, signed changes, and
// the axis's short labels.
import * as assert from 'node:assert/strict';
import { formatCompact, formatReportChange, formatReportValue } from '../../../src/reports';

describe('report numbers', () => {
  it('a cell: thousands separators, the currency decimals, negatives, nothing for no value', () => {
    assert.equal(formatReportValue(1234567.5), '1,234,567.50');
    assert.equal(formatReportValue(-1234.5, 'GBP'), '-1,234.50');
    assert.equal(formatReportValue(1234.5, 'JPY'), '1,235');
    assert.equal(formatReportValue(1.2345, 'bhd'), '1.235');
    assert.equal(formatReportValue(5, 'NOTACODE'), '5.00');
    assert.equal(formatReportValue(-0.001), '0.00');
    assert.equal(formatReportValue(1234.5, 'EUR', 'de'), '1.234,50');
    for (const none of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY])
      assert.equal(formatReportValue(none), '');
  });

  it('a change: signed, zero unsigned', () => {
    assert.equal(formatReportChange(1234.5), '+1,234.50');
    assert.equal(formatReportChange(-12), '-12.00');
    assert.equal(formatReportChange(0), '0.00');
    assert.equal(formatReportChange(-0.004), '0.00');
    assert.equal(formatReportChange(null), '');
  });

  it('an axis label: k, M, B, T with at most two decimals', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [-0, '0'],
      [950, '950'],
      [0.25, '0.25'],
      [1000, '1k'],
      [1200, '1.2k'],
      [1250, '1.25k'],
      [-3_400_000, '-3.4M'],
      [999_999, '1M'],
      [12e9, '12B'],
      [2.5e12, '2.5T'],
    ];
    for (const [value, label] of cases) assert.equal(formatCompact(value), label, String(value));
    assert.equal(formatCompact(Number.NaN), '');
  });
});
