// The Lua script that is one limiter check in Redis: read, decide and count in one atomic step.
// It mirrors memory-store.ts and sequential-run.ts line for line; the shared contract suite holds them equal.

/** Outcome codes the script returns, in the order of RawOutcome['outcome']. */
export const SCRIPT_OUTCOMES = ['ok', 'full', 'enumeration', 'cooling'] as const;

/**
 * KEYS: the client's request log (sorted set, score = instant), its terms (sorted set, score = last asked) and its
 * state (hash: cool, last, dir, len, n). ARGV: now, perMinute, minuteMs, perDay, dayMs, enumDistinctTerms,
 * enumWindowMs, enumSequential, cooldownMs, maxStep, retentionMs, the number of terms, the terms, then the bases.
 * Time comes from the caller's injected clock, never from Redis's TIME, so every process and test agrees on it.
 * Returns { outcome, minuteUsed, minuteOldest, dayUsed, dayOldest, coolUntil } with -1 for none.
 */
export const CHECK_SCRIPT = `
local now = tonumber(ARGV[1])
local perMinute, minuteMs = tonumber(ARGV[2]), tonumber(ARGV[3])
local perDay, dayMs = tonumber(ARGV[4]), tonumber(ARGV[5])
local enumDistinct, enumWindowMs = tonumber(ARGV[6]), tonumber(ARGV[7])
local enumSequential, cooldownMs = tonumber(ARGV[8]), tonumber(ARGV[9])
local maxStep, retention = tonumber(ARGV[10]), tonumber(ARGV[11])
local nTerms = tonumber(ARGV[12])
local log, terms, state = KEYS[1], KEYS[2], KEYS[3]

redis.call('ZREMRANGEBYSCORE', log, '-inf', string.format('%d', now - dayMs))
local minuteFrom = '(' .. string.format('%d', now - minuteMs)
local function oldest(from)
  local first = redis.call('ZRANGEBYSCORE', log, from, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
  if first[2] then return tonumber(first[2]) end
  return -1
end
local function seen(code, cool)
  return { code, redis.call('ZCOUNT', log, minuteFrom, '+inf'), oldest(minuteFrom), redis.call('ZCARD', log), oldest('-inf'), cool }
end

local coolUntil = tonumber(redis.call('HGET', state, 'cool') or '0')
if coolUntil > now then return seen(3, coolUntil) end
if redis.call('ZCOUNT', log, minuteFrom, '+inf') >= perMinute or redis.call('ZCARD', log) >= perDay then
  return seen(1, -1)
end

redis.call('ZREMRANGEBYSCORE', terms, '-inf', string.format('%d', now - enumWindowMs))
local fresh = 0
for i = 1, nTerms do
  if not redis.call('ZSCORE', terms, ARGV[12 + i]) then fresh = fresh + 1 end
end
local last = redis.call('HGET', state, 'last')
if last then last = tonumber(last) else last = nil end
local dir = tonumber(redis.call('HGET', state, 'dir') or '0')
local len = tonumber(redis.call('HGET', state, 'len') or '0')
local walking = false
for i = 13 + nTerms, #ARGV do
  local base = tonumber(ARGV[i])
  if last == nil then
    last, dir, len = base, 0, 1
  elseif base ~= last then
    local step = 1
    if base < last then step = -1 end
    if math.abs(base - last) > maxStep then
      dir, len = 0, 1
    elseif dir == 0 or dir == step then
      dir, len = step, len + 1
    else
      dir, len = step, 2
    end
    last = base
  end
  if len >= enumSequential then walking = true end
end

if redis.call('ZCARD', terms) + fresh > enumDistinct or walking then
  coolUntil = now + cooldownMs
  redis.call('HSET', state, 'cool', string.format('%d', coolUntil))
  redis.call('PEXPIRE', state, retention)
  return seen(2, coolUntil)
end

local n = redis.call('HINCRBY', state, 'n', 1)
redis.call('ZADD', log, string.format('%d', now), string.format('%d:%d', now, n))
for i = 1, nTerms do
  redis.call('ZADD', terms, string.format('%d', now), ARGV[12 + i])
end
if last ~= nil then
  redis.call('HSET', state, 'last', string.format('%d', last), 'dir', dir, 'len', len)
end
redis.call('PEXPIRE', log, retention)
redis.call('PEXPIRE', terms, retention)
redis.call('PEXPIRE', state, retention)
return seen(0, -1)
`;
