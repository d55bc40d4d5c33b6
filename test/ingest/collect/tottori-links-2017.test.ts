// Linking on the real files, editions of 2017 and 2018 (the last of them holds no Tottori case): a case naming its branch office, a legal form changed since
// the case, a Roman numeral, and a company of a similar name that is never the one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkTottoriLinks } from './tottori-links.js';

test('the Tottori cases of the 2017 and 2018 editions link to the companies checked by hand, and only to them', async () => {
  const printed = await checkTottoriLinks(['2017-06-01', '2017-11-18', '2018-07-01', '2018-11-30']);
  assert.match(
    printed,
    /linked 「Ｌ物流（株） 境港営業所」 \(鳥取県境港市\) to 3280001002997: names its office 「境港営業所」; the only company of the name in 鳥取県, registered in 米子市/u,
  );
  assert.match(
    printed,
    /linked 「\(有\)森木産業」 .* to 1270002004351: .*legal form changed from 有限会社 to 株式会社/u,
  );
});
