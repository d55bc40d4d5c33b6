// How the client is used, and a type check of it under exactOptionalPropertyTypes: optional filters left out or
// given, codes or labels, answers read through the generated types.
import { createKohyoClient, KohyoError, type Company } from './client.js';

export async function usage(baseUrl: string): Promise<Company[]> {
  const kohyo = createKohyoClient({ baseUrl, clientName: 'my-app', contact: 'me@example.org' });
  const { data, meta } = await kohyo.companies({ q: '北辰建設' });
  const limited = await kohyo.enforcements({ authority: 'jftc', limit: 3 });
  const byLabel = await kohyo.licenseActions({ sector: '建設業', nature: 'violation', page: 1 });
  try {
    await kohyo.enforcements({});
  } catch (error) {
    if (error instanceof KohyoError && error.code === 'missing_filter') console.log(error.message, error.requestId);
  }
  console.log(meta.dataset.kind, limited.meta.data_as_of, byLabel.meta.max_page);
  return data.companies;
}
