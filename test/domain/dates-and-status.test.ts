import { test } from 'node:test';
import assert from 'node:assert/strict';
import { daysBetween, isCalendarDate } from '../../src/domain/dates.js';
import { isoInstant, japanDate, japanTime } from '../../src/domain/dates.js';
import { licenseStatus, procurementStatus } from '../../src/domain/records/record-status.js';

test('calendar dates', () => {
  assert.equal(isCalendarDate('2024-02-29'), true);
  assert.equal(isCalendarDate('2025-02-29'), false);
  assert.equal(isCalendarDate('2025-13-01'), false);
  assert.equal(isCalendarDate('2025-1-01'), false);
  assert.equal(daysBetween('2025-01-01', '2026-01-01'), 365);
  assert.equal(daysBetween('2024-01-01', '2025-01-01'), 366);
});

test('Japan date is UTC+9', () => {
  assert.equal(japanDate(new Date('2026-11-20T14:59:59Z')), '2026-11-20');
  assert.equal(japanDate(new Date('2026-11-20T15:00:00Z')), '2026-11-21');
});

test('isoInstant writes each instant as toISOString does, when several share a millisecond or alternate', () => {
  const stamp = isoInstant();
  const instants = [
    '2026-11-21T03:04:05.678Z',
    '2026-11-21T03:04:05.678Z',
    '2026-11-21T03:04:05.679Z',
    '2026-11-21T03:04:05.678Z',
    '1999-12-31T23:59:59.999Z',
  ].map((text) => new Date(text));
  assert.deepEqual(
    instants.map(stamp),
    instants.map((date) => date.toISOString()),
  );
});

test('procurement suspension status against today', () => {
  const today = '2026-11-21';
  assert.equal(procurementStatus({ from: '2026-12-01', to: '2027-01-31' }, null, today), 'scheduled');
  assert.equal(procurementStatus({ from: '2026-11-21', to: '2026-11-21' }, null, today), 'active');
  assert.equal(procurementStatus({ from: '2026-01-01', to: null }, null, today), 'active');
  assert.equal(procurementStatus({ from: '2026-01-01', to: '2026-11-20' }, null, today), 'ended');
  assert.equal(procurementStatus({ from: '2026-01-01', to: '2027-01-01' }, '2026-06-01', today), 'lifted');
});

test('licence action status: one-off actions on their date, suspensions over their period', () => {
  const today = '2026-11-21';
  assert.equal(licenseStatus('2026-11-25', null, today), 'scheduled');
  assert.equal(licenseStatus('2026-11-21', null, today), 'in_effect');
  assert.equal(licenseStatus('2026-11-01', null, today), 'completed');
  assert.equal(licenseStatus('2026-11-01', { from: '2026-11-15', to: '2026-12-14' }, today), 'in_effect');
  assert.equal(licenseStatus('2026-11-01', { from: '2026-11-22', to: '2026-12-14' }, today), 'scheduled');
  assert.equal(licenseStatus('2026-10-01', { from: '2026-10-02', to: '2026-11-20' }, today), 'completed');
  assert.equal(licenseStatus('2026-10-01', { from: '2026-10-02', to: null }, today), 'in_effect');
});

test('japanTime: an instant in Japan time to the second, across the day boundary', () => {
  const cases: [string, string][] = [
    ['2026-11-21T03:00:00Z', '2026-11-21T12:00:00+09:00'],
    ['2026-11-20T15:00:00Z', '2026-11-21T00:00:00+09:00'],
    ['2026-11-20T14:59:59.999Z', '2026-11-20T23:59:59+09:00'],
  ];
  for (const [utc, japan] of cases) assert.equal(japanTime(Date.parse(utc)), japan, utc);
});
