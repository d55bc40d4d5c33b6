// The Lua script that is one limiter check in Redis: read, decide and count in one atomic step, for each scope.
// It mirrors memory-store.ts and sequential-run.ts step for step; the shared contract suite holds them equal.
import { RECENT_BASES_PER_STEP, UNORDERED_WALK_FACTOR } from './sequential-run.js';

/** The values CHECK_SCRIPT takes per scope, after the eight it takes once (redis-store.ts sends them). */
const SCRIPT_VALUES_PER_SCOPE = 6;

/** Outcome codes the script returns, in the order of RawOutcome['outcome']. */
export const SCRIPT_OUTCOMES = ['ok', 'full', 'enumeration', 'cooling'] as const;

/**
 * KEYS: per scope (the client, then its address when there is an address ceiling) three keys: the request log
 * (sorted set, score = instant, member the instant and the log's size then, unique among the day's), the terms (sorted
 * set, score = last asked) and the state (hash: cool, walks), written only once it holds one of them.
 * The first line declares the script (Redis 7's flags, none given): a Redis past its maxmemory that cannot evict
 * (`noeviction`) refuses it whole, with an OOM error, before it writes anything, and the store falls back to memory
 * (fallback-store.ts); undeclared, its first write (a prune) let every later one past the bound.
 * ARGV: now, minuteMs, dayMs, enumWindowMs, cooldownMs, maxStep, retentionMs, cooldownFloorMs; then per scope
 * perMinute, perDay, enumDistinctTerms, enumSequential, walkEvidence and the tag the scope's walks give the request's
 * numbers ('' for none: policy.ts, sequential-run.ts walkTag); then the number of terms, the terms, then the bases.
 * Time comes from the caller's injected clock, never from Redis's TIME, so every process and test agrees on it.
 * Returns per scope { outcome, minuteUsed, minuteOldest, dayUsed, dayOldest, coolUntil } with -1 for none, one
 * scope after the other. The steps are limiter-store.ts's: a cool-down or a full window in any scope refuses
 * before enumeration is looked at; every scope whose rule trips starts its cool-down; else all count.
 */
export const CHECK_SCRIPT = `#!lua
local now = tonumber(ARGV[1])
local minuteMs, dayMs = tonumber(ARGV[2]), tonumber(ARGV[3])
local enumWindowMs, cooldownMs = tonumber(ARGV[4]), tonumber(ARGV[5])
local maxStep, retention = tonumber(ARGV[6]), tonumber(ARGV[7])
local cooldownFloor = tonumber(ARGV[8])
local nScopes = #KEYS / 3
local termsAt = 9 + nScopes * ${SCRIPT_VALUES_PER_SCOPE}
local nTerms = tonumber(ARGV[termsAt])
local minuteFrom = '(' .. string.format('%d', now - minuteMs)

local scopes = {}
for s = 1, nScopes do
  local k, a = (s - 1) * 3, 9 + (s - 1) * ${SCRIPT_VALUES_PER_SCOPE}
  scopes[s] = {
    log = KEYS[k + 1], terms = KEYS[k + 2], state = KEYS[k + 3],
    perMinute = tonumber(ARGV[a]), perDay = tonumber(ARGV[a + 1]),
    enumDistinct = tonumber(ARGV[a + 2]), enumSequential = tonumber(ARGV[a + 3]),
    walkEvidence = tonumber(ARGV[a + 4]), tag = ARGV[a + 5],
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

-- sequential-run.ts's walkThrough and walkMakers: how many of the numbers make the walk through base (neighbours
-- within maxStep, theirs, and so on), how many distinct clients first looked them up, and how many of them clients
-- other than the one that looked up the most did; an untagged number ('') is nobody's
local function walkThrough(recent, base)
  local sorted = {}
  for i, number in ipairs(recent) do sorted[i] = number end
  table.sort(sorted, function(x, y) return x[1] < y[1] end)
  local at = 0
  for i, number in ipairs(sorted) do
    if number[1] == base then at = i end
  end
  if at == 0 then return 0, 0, 0 end
  local low, high = at, at
  while low > 1 and sorted[low][1] - sorted[low - 1][1] <= maxStep do low = low - 1 end
  while high < #sorted and sorted[high + 1][1] - sorted[high][1] <= maxStep do high = high + 1 end
  local counts, clients, tagged, most = {}, 0, 0, 0
  for i = low, high do
    local tag = sorted[i][4]
    if tag ~= '' then
      if not counts[tag] then counts[tag], clients = 0, clients + 1 end
      counts[tag], tagged = counts[tag] + 1, tagged + 1
      most = math.max(most, counts[tag])
    end
  end
  return high - low + 1, clients, tagged - most
end

-- policy.ts's walkCooldownMs: a client's whole cool-down, an address's in proportion to the clients in the walk
local function walkCooldown(sc, clients)
  if sc.walkEvidence == 0 then return cooldownMs end
  local share = math.floor(cooldownMs * math.min(1, clients / sc.enumSequential))
  return math.max(math.min(cooldownMs, cooldownFloor), share)
end

-- sequential-run.ts's runsTo: base looked up after the recent numbers by the client tagged tag, { base, up, down, tag }
local function runsTo(recent, base, tag)
  local up, down = 1, 1
  for _, number in ipairs(recent) do
    local step = base - number[1]
    if step > 0 and step <= maxStep then
      up = math.max(up, number[2] + 1)
    elseif step < 0 and -step <= maxStep then
      down = math.max(down, number[3] + 1)
    end
  end
  return { base, up, down, tag }
end

-- The recent numbers as held: 'walks' is "base:up:down:tag,…" (":tag" left out where there is none), most recent
-- last. A state written before the tags were kept has no tags: its numbers are nobody's (and a script of then reads
-- what this one writes, the tags unread). A state written before the runs were kept has 'bases' ("base,…") and the
-- one run 'last', 'dir', 'len' instead: read as those numbers, the run ending at the last of them. The old fields
-- are deleted on the next write (an older script then finds no walks: it starts afresh, never fails).
local function heldWalks(state)
  local held = redis.call('HMGET', state, 'walks', 'bases', 'last', 'dir', 'len')
  local recent = {}
  if held[1] then
    for b, up, down, tag in string.gmatch(held[1], '(%d+):(%d+):(%d+):?([%w_%-]*)') do
      recent[#recent + 1] = { tonumber(b), tonumber(up), tonumber(down), tag }
    end
  elseif held[2] then
    local last, dir, len = tonumber(held[3] or ''), tonumber(held[4] or '0'), tonumber(held[5] or '1')
    for b in string.gmatch(held[2], '[^,]+') do
      local number = { tonumber(b), 1, 1, '' }
      if number[1] == last and dir > 0 then number[2] = len end
      if number[1] == last and dir < 0 then number[3] = len end
      recent[#recent + 1] = number
    end
  end
  return recent, held[2] ~= false or held[3] ~= false
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
  local recent, oldFields = heldWalks(sc.state)
  local keep = sc.enumSequential * ${RECENT_BASES_PER_STEP}
  local trips, cool = false, 0
  if redis.call('ZCARD', sc.terms) + fresh > sc.enumDistinct then trips, cool = true, cooldownMs end
  for i = termsAt + 1 + nTerms, #ARGV do
    local base = tonumber(ARGV[i])
    local at = 0
    for j, number in ipairs(recent) do
      if number[1] == base then at = j end
    end
    local number
    if at > 0 then
      -- the same number again neither extends nor breaks a run: it only moves to the end
      number = table.remove(recent, at)
    else
      if #recent >= keep then table.remove(recent, 1) end
      number = runsTo(recent, base, sc.tag)
    end
    recent[#recent + 1] = number
    local length, clients, others = walkThrough(recent, base)
    local walking = math.max(number[2], number[3]) >= sc.enumSequential or length >= sc.enumSequential * ${UNORDERED_WALK_FACTOR}
    if walking and others >= sc.walkEvidence then trips, cool = true, math.max(cool, walkCooldown(sc, clients)) end
  end
  sc.recent, sc.oldFields = recent, oldFields
  if trips then
    sc.code, sc.cool, tripped = 2, now + cool, true
    redis.call('HSET', sc.state, 'cool', string.format('%d', sc.cool))
    redis.call('PEXPIRE', sc.state, retention)
  end
end
if tripped then return answer() end

for _, sc in ipairs(scopes) do
  local n = redis.call('ZCARD', sc.log)
  redis.call('ZADD', sc.log, string.format('%d', now), string.format('%d:%d', now, n))
  for i = 1, nTerms do
    redis.call('ZADD', sc.terms, string.format('%d', now), ARGV[termsAt + i])
  end
  if #sc.recent > 0 then
    local written = {}
    for i, number in ipairs(sc.recent) do
      written[i] = string.format('%d:%d:%d', number[1], number[2], number[3])
      if number[4] ~= '' then written[i] = written[i] .. ':' .. number[4] end
    end
    redis.call('HSET', sc.state, 'walks', table.concat(written, ','))
  end
  if sc.oldFields then redis.call('HDEL', sc.state, 'bases', 'last', 'dir', 'len') end
  redis.call('PEXPIRE', sc.log, retention)
  redis.call('PEXPIRE', sc.terms, retention)
  redis.call('PEXPIRE', sc.state, retention)
end
return answer()
`;

/**
 * The reading of one scope without counting (LimiterStore's readAddress), read-only: nothing is pruned or written,
 * the day's log is read from its start as the check would leave it. KEYS: the scope's log and state (redis-store.ts
 * keysOf). ARGV: now, minuteMs, dayMs. Returns { minuteUsed, minuteOldest, dayUsed, dayOldest, coolUntil }, -1 for none.
 */
export const READ_SCRIPT = `
local now = tonumber(ARGV[1])
local minuteFrom = '(' .. string.format('%d', now - tonumber(ARGV[2]))
local dayFrom = '(' .. string.format('%d', now - tonumber(ARGV[3]))
local function oldest(from)
  local first = redis.call('ZRANGEBYSCORE', KEYS[1], from, '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
  if first[2] then return tonumber(first[2]) end
  return -1
end
local cool = tonumber(redis.call('HGET', KEYS[2], 'cool') or '0')
if cool <= now then cool = -1 end
return { redis.call('ZCOUNT', KEYS[1], minuteFrom, '+inf'), oldest(minuteFrom), redis.call('ZCOUNT', KEYS[1], dayFrom, '+inf'), oldest(dayFrom), cool }
`;
