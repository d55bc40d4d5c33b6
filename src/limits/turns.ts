// MCP work in turns of the event loop, one piece at a time process-wide, each after the connections waiting to be
// accepted: the costly work of many batches never stands between a newcomer and its first answer.

/** Connections this process has accepted: the connection pool counts each as it takes it. */
export const connectionsAccepted = { count: 0 };

/**
 * How many turns a piece of work gives way to accepts at most: libuv (1.45 on) accepts one connection a turn of the
 * event loop, so a victim connecting behind twenty attackers' connections waited twenty of the attackers' turns (each
 * a batch's SDK set-up or a costly call). A flood of connections still lets the work through after this many.
 */
const MAX_TURNS_GIVEN = 64;

/** The end of the last piece of work queued: each starts after it. */
let lastWork: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` once every piece queued before it in this process has ended (an MCP call, a POST's reading by the SDK),
 * in a turn of the event loop of its own (setImmediate) in which no connection was accepted, so that the connections
 * waiting are accepted and their requests read and answered between two pieces. The calls of a batch, and of all
 * batches at once, take the event loop one at a time: run as one block, twenty batches of ten costly searches held a
 * victim's /health for seconds.
 */
export function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = lastWork.then(turnAfterAccepts).then(work);
  lastWork = turn.catch(() => undefined);
  return turn;
}

/** A turn of the event loop that accepted no connection, or the MAX_TURNS_GIVEN-th. */
function turnAfterAccepts(): Promise<void> {
  return new Promise((resolve) => {
    let seen = connectionsAccepted.count;
    let given = 0;
    const look = () => {
      if (connectionsAccepted.count === seen || ++given >= MAX_TURNS_GIVEN) return resolve();
      seen = connectionsAccepted.count;
      setImmediate(look);
    };
    setImmediate(look);
  });
}
