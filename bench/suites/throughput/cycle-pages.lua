-- Asks for the token list's pages 1 to PAGES in turn, SIZE tokens each, with the admin key:
--   wrk -t1 -cN -dDs -s cycle-pages.lua URL -- "Bearer KEY" PAGES SIZE
-- Prints the run's figures as one JSON line at the end (read by wrk.ts).
local requests = {}
local sent = 0

function init(args)
  local authorization, pages, size = args[1], tonumber(args[2]), tonumber(args[3])
  wrk.headers["Authorization"] = authorization
  for p = 1, pages do
    requests[p] = wrk.format("GET", "/api/token/?p=" .. p .. "&size=" .. size)
  end
end

-- The requests are made once: formatting one per request would cost the load generator.
function request()
  sent = sent % #requests + 1
  return requests[sent]
end

function done(summary, latency)
  local errors = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"notOk":%d,"socketErrors":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, errors.status,
    errors.connect + errors.read + errors.write + errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
