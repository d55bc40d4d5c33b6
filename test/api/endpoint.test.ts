// Each record list's and record address's answer is typed from the schema that serialises it: its records under
// their kind's key, each its kind's resource, and its meta with `page` and `max_page` where the list is paged. The
// type check of the tests is part of `npm test`, so an answer typed loosely again (a string-indexed `data`, a meta
// without the paging) fails it here; the calls check that the values agree with those types.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { loadConfig } from '../../src/config.js';
import type { RouteContext } from '../../src/api/endpoint.js';
import type { Answer } from '../../src/api/endpoint.js';
import { ENFORCEMENTS, LICENSE_ACTIONS, PROCUREMENT_SUSPENSIONS } from '../../src/api/endpoints/records.js';
import {
  ENFORCEMENT_ADDRESS,
  LICENSE_ACTION_ADDRESS,
  PROCUREMENT_SUSPENSION_ADDRESS,
} from '../../src/api/endpoints/addresses.js';
import type { Enforcement, LicenseAction, ProcurementSuspension } from '../../src/api/schemas/records.js';
import { openStore, type Store } from '../../src/store/read/store.js';
import { demoDatabase, TEST_NOW } from '../helpers/server.js';

/** Whether two types are the same type (not merely assignable either way). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

// what each answer's `data` is, as the type check sees it
const enforcementsData: Same<Answer<typeof ENFORCEMENTS.response>['data'], { enforcements: Enforcement[] }> = true;
const suspensionsData: Same<
  Answer<typeof PROCUREMENT_SUSPENSIONS.response>['data'],
  { procurement_suspensions: ProcurementSuspension[] }
> = true;
const licensesData: Same<Answer<typeof LICENSE_ACTIONS.response>['data'], { license_actions: LicenseAction[] }> = true;
const enforcementData: Same<Answer<typeof ENFORCEMENT_ADDRESS.response>['data'], { enforcement: Enforcement }> = true;
const suspensionData: Same<
  Answer<typeof PROCUREMENT_SUSPENSION_ADDRESS.response>['data'],
  { procurement_suspension: ProcurementSuspension }
> = true;
const licenseData: Same<Answer<typeof LICENSE_ACTION_ADDRESS.response>['data'], { license_action: LicenseAction }> =
  true;
// a paged list's meta says its page and last page; an unpaged one's does not
const pagedMeta: Same<Answer<typeof LICENSE_ACTIONS.response>['meta']['max_page'], number> = true;
const unpagedMeta: 'max_page' extends keyof Answer<typeof ENFORCEMENTS.response>['meta'] ? false : true = true;

describe('the record lists and addresses answer as their schemas type them', () => {
  let store: Store;
  let context: RouteContext;
  before(async () => {
    store = openStore(await demoDatabase());
    context = { config: loadConfig({}), dataset: () => store, clock: () => TEST_NOW };
  });

  it('the types above hold (each is true only when the type check agrees)', () => {
    const held = [enforcementsData, suspensionsData, licensesData, enforcementData, suspensionData, licenseData];
    assert.deepEqual([...held, pagedMeta, unpagedMeta], Array<boolean>(8).fill(true));
  });

  it('each list answers its schema, and each record of it is answered alone by its address', () => {
    const enforcements = ENFORCEMENTS.answer(context, { from: '2025-11-21', to: '2026-11-21' }, 'test');
    const suspensions = PROCUREMENT_SUSPENSIONS.answer(context, { from: '2025-11-21', to: '2026-11-21' }, 'test');
    const licenses = LICENSE_ACTIONS.answer(context, { from: '2025-11-21', to: '2026-11-21' }, 'test');
    assert.ok(Value.Check(ENFORCEMENTS.response, enforcements));
    assert.ok(Value.Check(PROCUREMENT_SUSPENSIONS.response, suspensions));
    assert.ok(Value.Check(LICENSE_ACTIONS.response, licenses));
    assert.equal(suspensions.meta.page, 1);
    assert.ok(licenses.meta.max_page >= 1);
    const [enforcement] = enforcements.data.enforcements;
    const [suspension] = suspensions.data.procurement_suspensions;
    const [license] = licenses.data.license_actions;
    assert.ok(enforcement !== undefined && suspension !== undefined && license !== undefined, 'the demo has each kind');
    const alone = [
      ENFORCEMENT_ADDRESS.answer(context, { id: enforcement.id }, 'test').data.enforcement,
      PROCUREMENT_SUSPENSION_ADDRESS.answer(context, { id: suspension.id }, 'test').data.procurement_suspension,
      LICENSE_ACTION_ADDRESS.answer(context, { id: license.id }, 'test').data.license_action,
    ];
    assert.deepEqual(alone, [enforcement, suspension, license]);
  });
});
