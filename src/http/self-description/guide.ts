// The guide for the dataset being served, its index (/llms.txt) and its whole (/llms-full.txt, the MCP resource):
// built from the dataset when first asked for, again for a new dataset, and each Japanese day (the example answers
// hold statuses computed against today); while no dataset is open, with the demo dataset's examples
// (src/http/self-description/document-examples.generated.ts).
import type { Store } from '../../store/read/store.js';
import type { RouteContext } from '../../api/endpoint.js';
import type { Config } from '../../config.js';
import { japanDate } from '../../domain/dates.js';
import { fullGuide } from './guide-full.js';
import { guideIndex } from './guide-index.js';
import { guideExamples, type GuideExamples } from './guide-examples.js';
import { DOCUMENT_EXAMPLES } from './document-examples.generated.js';

/** The two texts of the guide. */
export interface GuideTexts {
  readonly index: string;
  readonly full: string;
}

/** The examples a guide shows while no dataset is open: the demo's. */
const DEMO_EXAMPLES: GuideExamples = { ...DOCUMENT_EXAMPLES.guide, from: 'demo' };

const built = new WeakMap<Store, GuideTexts & { readonly day: string }>();

export function guideTexts(context: RouteContext): GuideTexts {
  const store = context.dataset();
  if (store === null) return guideWithoutDataset(context.config);
  const day = japanDate(context.clock());
  const cached = built.get(store);
  if (cached?.day === day) return cached;
  const texts = { day, ...guideOf(context.config, guideExamples(context, store)) };
  built.set(store, texts);
  return texts;
}

/** The guide a server without a dataset open serves: the demo's examples. */
export function guideWithoutDataset(config: Config): GuideTexts {
  return guideOf(config, DEMO_EXAMPLES);
}

function guideOf(config: Config, examples: GuideExamples): GuideTexts {
  return { index: guideIndex(config, examples), full: fullGuide(config, examples) };
}
