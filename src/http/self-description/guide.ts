// The guide for the dataset being served: built from the dataset when first asked for, again for a new dataset, and
// each Japanese day (the example answers hold statuses computed against today); while no dataset is open, with the
// demo dataset's examples (demo/document-examples.generated.ts).
import type { Store } from '../../store/store.js';
import type { RouteContext } from '../../api/endpoint.js';
import type { Config } from '../../config.js';
import { japanDate } from '../../domain/dates.js';
import { fullGuide } from './guide-full.js';
import { guideExamples, type GuideExamples } from './guide-examples.js';
import { DOCUMENT_EXAMPLES } from '../../../demo/document-examples.generated.js';

/** The examples a guide shows while no dataset is open: the demo's. */
const DEMO_EXAMPLES: GuideExamples = { ...DOCUMENT_EXAMPLES.guide, from: 'demo' };

const built = new WeakMap<Store, { readonly day: string; readonly text: string }>();

export function guideText(context: RouteContext): string {
  const store = context.dataset();
  if (store === null) return guideWithoutDataset(context.config);
  const day = japanDate(context.clock());
  const cached = built.get(store);
  if (cached?.day === day) return cached.text;
  const text = fullGuide(context.config, guideExamples(context, store));
  built.set(store, { day, text });
  return text;
}

/** The guide a server without a dataset open serves: the demo's examples. */
export function guideWithoutDataset(config: Config): string {
  return fullGuide(config, DEMO_EXAMPLES);
}
