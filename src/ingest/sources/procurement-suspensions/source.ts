// Source module of the procurement-suspension lists (指名停止) whose addresses are known: each a table read through the
// header words such lists use (suspension-table.ts), unproven until a real list of its publisher is collected.
import type { SourceModule } from '../../registry/source-module.js';
import { CITY_LISTS, PREFECTURE_LISTS } from './local-lists.js';
import { NATIONAL_LISTS } from './national-lists.js';
import { suspensionEntries, type SuspensionList } from './suspension-lists.js';

const byPublisher = (lists: Readonly<Record<string, readonly SuspensionList[]>>) =>
  Object.entries(lists).map(([publisher, rows]) => ({ publisher, lists: rows }));

export const source: SourceModule = {
  sources: [...NATIONAL_LISTS, ...byPublisher(PREFECTURE_LISTS), ...byPublisher(CITY_LISTS)].flatMap(suspensionEntries),
};
