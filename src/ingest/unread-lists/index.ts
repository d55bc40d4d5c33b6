// Every list no source module reads yet, in the registry's order (registry/unread-lists.ts says how a row becomes an
// entry, and how it leaves these tables).
import type { UnreadLists } from '../registry/unread-lists.js';
import { LOCAL_LISTS } from './local.js';
import { NATIONAL_ACTIONS } from './national-actions.js';
import { NATIONAL_OFFICES } from './national-offices.js';
import { NATIONAL_SUSPENSIONS } from './national-suspensions.js';

export const UNREAD_LISTS: readonly UnreadLists[] = [
  ...NATIONAL_SUSPENSIONS,
  ...LOCAL_LISTS,
  ...NATIONAL_ACTIONS,
  ...NATIONAL_OFFICES,
];
