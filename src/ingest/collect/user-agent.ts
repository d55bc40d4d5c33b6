// The User-Agent every collector request carries: the service, and how a publisher reaches its operator.

const COLLECTOR_NAME = 'Kohyo/1.0';

/**
 * Publishers whose servers we read should be able to tell who we are and write to us
 * (KOHYO_COLLECT_CONTACT: a URL or an e-mail address); without one the agent still names the service.
 */
export function collectorUserAgent(contact: string | null): string {
  const about = 'collector of public enforcement lists';
  return contact === null ? `${COLLECTOR_NAME} (${about})` : `${COLLECTOR_NAME} (+${contact}; ${about})`;
}
