// The national bodies' procurement-suspension lists (指名停止等の措置) whose addresses are known, by publisher: a body
// whose list is not known yet is a row of src/ingest/unread-lists/national.ts, and moves here when one is found.
import type { SuspensionPublisher } from './suspension-lists.js';

const THR = 'https://www.thr.mlit.go.jp/Bumon/B00013/K00730/simeiteisi/';

// The works bureaus publish their own lists (工事・業務) and count for 国土交通省.
export const NATIONAL_LISTS: readonly SuspensionPublisher[] = [
  { publisher: 'mlit', lists: [{ urls: ['https://www.mlit.go.jp/page/kanbo05_hy_003092.html'] }] },
  {
    publisher: 'mlit_tohoku_rdb',
    counts_for: 'mlit',
    lists: [{ urls: ['R5', 'R6', 'R7', 'R8'].map((y) => `${THR}${y}simeiteisi.pdf`) }],
  },
  {
    publisher: 'mlit_kinki_rdb',
    counts_for: 'mlit',
    lists: [
      {
        urls: ['c9us5e000000jzf8', 'olnrk8000000ouh9', 'r9733f000002jql8'].map(
          (p) => `https://www.kkr.mlit.go.jp/n_info/${p}.html`,
        ),
      },
    ],
  },
  {
    publisher: 'mlit_shikoku_rdb',
    counts_for: 'mlit',
    lists: [{ urls: ['https://www.skr.mlit.go.jp/send/shimei/index.html'] }],
  },
];
