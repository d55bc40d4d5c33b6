// The real ISA workbooks and the CAA index laid out as `collect --files` reads them, each named after its source: what
// the real-files snapshot test and bench/collect-real.ts collect.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sharedData } from './shared-data.js';

/** Copies the lists into `<dir>/downloads` and returns that folder. */
export function realListDownloads(dir: string): string {
  const files = join(dir, 'downloads');
  for (const folder of ['isa-titp-certification-revocations', 'isa-titp-improvement-orders'])
    mkdirSync(join(files, folder), { recursive: true });
  // the lists alone: their provenance notes (.PROVENANCE.md) beside them are no copies of a list
  for (const name of readdirSync(sharedData('isa')).filter((n) => n.endsWith('.xlsx'))) {
    const to = name.includes('nintei_torikeshi')
      ? join(files, 'isa-titp-certification-revocations', name)
      : name.includes('kaizen_meirei')
        ? join(files, 'isa-titp-improvement-orders', name)
        : join(files, 'isa-titp-supervising-org-revocations.xlsx');
    copyFileSync(sharedData(`isa/${name}`), to);
  }
  copyFileSync(sharedData('caa/keihyo_release_2024_index.main.html'), join(files, 'caa-keihyo-actions.html'));
  return files;
}
