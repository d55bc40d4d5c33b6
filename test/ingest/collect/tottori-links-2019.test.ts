// Linking on the real files, editions of 2019 to 2025: a case at a workplace away from the company's registered
// city, and cases whose company the register does not hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTottoriLinks } from './tottori-links.js';

test('the Tottori cases of the 2019 to 2025 editions link to the companies checked by hand, and only to them', async () => {
  const printed = await checkTottoriLinks(['2019-06-30', '2019-08-30', '2021-06-01', '2022-12-01', '2025-05-30']);
  assert.match(
    printed,
    /linked 「倉吉運送（株）」 \(鳥取県東伯郡北栄町\) to 3270001004994: the only company of the name in 鳥取県, registered in 倉吉市/u,
  );
});
