// The Lua script that is one limiter check in Redis: read, decide and count in one atomic step, for each scope.
// It mirrors memory-store.ts, memory-scope.ts and sequential-run.ts step for step; the shared contract suite holds them equal.
import { RECENT_BASES_PER_STEP, UNORDERED_WALK_FACTOR } from './sequential-run.js';

/** Outcome codes the script returns, in the order of RawOutcome['outcome']. */
export const SCRIPT_OUTCOMES = ['ok', 'full', 'enumeration', 'cooling'] as const;

/**
 * KEYS: per scope (the client, then its address when there is an address ceiling) three keys: the request log
 * (sorted set, score = instant), the terms (sorted set, score = last asked) and the state (hash: cool, last, dir, len,
 * bases, n). ARGV: now, minuteMs, dayMs, enumWindowMs, cooldownMs, maxStep, retentionMs; then per scope perMinute,
 * perDay, enumDistinctTerms, enumSequential; then the number of terms, the terms, then the bases.
 * Time comes from the caller's injected clock, never from Redis's TIME, so every process and test agrees on it.
 * Returns per scope { outcome, minuteUsed, minuteOldest, dayUsed, dayOldest, coolUntil } with -1 for none, one
 * scope after the other. The steps are limiter-store.ts's: a cool-down or a full window in any scope refuses
 * before enumeration is looked at; every scope whose rule trips starts its cool-down; else all count.
 */
export const CHECK_SCRIPT = `
local now = tonumber(ARGV[1])
local minuteMs, dayMs = tonumber(ARGV[2]), tonumber(ARGV[3])
local enumWindowMs, cooldownMs = tonumber(ARGV[4]), tonumber(ARGV[5])
local maxStep, retention = tonumber(ARGV[6]), tonumber(ARGV[7])
local nScopes = #KEYS / 3
local termsAt = 8 + nScopes * 4
local nTerms = tonumber(ARGV[termsAt])
local minuteFrom = '(' .. string.format('%d', now - minuteMs)

local scopes = {}
for s = 1, nScopes do
  local k, a = (s - 1) * 3, 8 + (s - 1) * 4
  scopes[s] = {
    log = KEYS[k + 1], terms = KEYS[k + 2], state = KEYS[k + 3],
    perMinute = tonumber(ARGV[a]), perDay = tonumber(ARGV[a + 1]),
    enumDistinct = tonumber(ARGV[a + 2]), enumSequential = tonumber(ARGV[a + 3]),
    code = 0, cool = -1,
  }
end

local function oldest(log, from)
  local first = redis.call('ZRANGEBYSCORE', log, from, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
  if first[2] then return tonumber(first[2]) end
  return -1
end
local function answer()
  local out = {}
  for _, sc in ipairs(scopes) do
    local log = sc.log
    for _, v in ipairs({ sc.code, redis.call('ZCOUNT', log, minuteFrom, '+inf'), oldest(log, minuteFrom), redis.call('ZCARD', log), oldest(log, '-inf'), sc.cool }) do
      out[#out + 1] = v
    end
  end
  return out
end

-- sequential-run.ts's walkThrough: how many of the numbers make the walk through base, neighbours within maxStep
local function walkThrough(recent, base)
  local sorted = {}
  for i, b in ipairs(recent) do sorted[i] = b end
  table.sort(sorted)
  local at = 0
  for i, b in ipairs(sorted) do
    if b == base then at = i end
  end
  if at == 0 then return 0 end
  local low, high = at, at
  while low > 1 and sorted[low] - sorted[low - 1] <= maxStep do low = low - 1 end
  while high < #sorted and sorted[high + 1] - sorted[high] <= maxStep do high = high + 1 end
  return high - low + 1
end

local blocked = false
for _, sc in ipairs(scopes) do
  redis.call('ZREMRANGEBYSCORE', sc.log, '-inf', string.format('%d', now - dayMs))
  local coolUntil = tonumber(redis.call('HGET', sc.state, 'cool') or '0')
  if coolUntil > now then
    sc.code, sc.cool, blocked = 3, coolUntil, true
  elseif redis.call('ZCOUNT', sc.log, minuteFrom, '+inf') >= sc.perMinute or redis.call('ZCARD', sc.log) >= sc.perDay then
    sc.code, blocked = 1, true
  end
end
if blocked then return answer() end

local tripped = false
for _, sc in ipairs(scopes) do
  redis.call('ZREMRANGEBYSCORE', sc.terms, '-inf', string.format('%d', now - enumWindowMs))
  local fresh = 0
  for i = 1, nTerms do
    if not redis.call('ZSCORE', sc.terms, ARGV[termsAt + i]) then fresh = fresh + 1 end
  end
  local last = redis.call('HGET', sc.state, 'last')
  if last then last = tonumber(last) else last = nil end
  local dir = tonumber(redis.call('HGET', sc.state, 'dir') or '0')
  local len = tonumber(redis.call('HGET', sc.state, 'len') or '0')
  local recent = {}
  local held = redis.call('HGET', sc.state, 'bases')
  if held then
    for b in string.gmatch(held, '[^,]+') do recent[#recent + 1] = tonumber(b) end
  end
  local keep = sc.enumSequential * ${RECENT_BASES_PER_STEP}
  local walking = false
  for i = termsAt + 1 + nTerms, #ARGV do
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
    if len >= sc.enumSequential then walking = true end
    for j = #recent, 1, -1 do
      if recent[j] == base then table.remove(recent, j) end
    end
    recent[#recent + 1] = base
    while #recent > keep do table.remove(recent, 1) end
    if walkThrough(recent, base) >= sc.enumSequential * ${UNORDERED_WALK_FACTOR} then walking = true end
  end
  sc.last, sc.dir, sc.len, sc.recent = last, dir, len, recent
  if redis.call('ZCARD', sc.terms) + fresh > sc.enumDistinct or walking then
    sc.code, sc.cool, tripped = 2, now + cooldownMs, true
    redis.call('HSET', sc.state, 'cool', string.format('%d', sc.cool))
    redis.call('PEXPIRE', sc.state, retention)
  end
end
if tripped then return answer() end

for _, sc in ipairs(scopes) do
  local n = redis.call('HINCRBY', sc.state, 'n', 1)
  redis.call('ZADD', sc.log, string.format('%d', now), string.format('%d:%d', now, n))
  for i = 1, nTerms do
    redis.call('ZADD', sc.terms, string.format('%d', now), ARGV[termsAt + i])
  end
  if sc.last ~= nil then
    redis.call('HSET', sc.state, 'last', string.format('%d', sc.last), 'dir', sc.dir, 'len', sc.len)
  end
  if #sc.recent > 0 then
    local written = {}
    for i, b in ipairs(sc.recent) do written[i] = string.format('%d', b) end
    redis.call('HSET', sc.state, 'bases', table.concat(written, ','))
  end
  redis.call('PEXPIRE', sc.log, retention)
  redis.call('PEXPIRE', sc.terms, retention)
  redis.call('PEXPIRE', sc.state, retention)
end
return answer()
`;
