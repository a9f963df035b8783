-- Posts one chat body again and again, going round the keys given:
--   wrk -t1 -cN -dDs -s post-chat.lua URL -- PATH BODY "Bearer KEY" ["Bearer KEY" ...]
-- Prints the run's figures as one JSON line at the end (read by throughput.ts).
local requests = {}
local sent = 0

function init(args)
  local path, body = args[1], args[2]
  for i = 3, #args do
    requests[#requests + 1] = wrk.format("POST", path, {
      ["Content-Type"] = "application/json",
      ["Authorization"] = args[i],
    }, body)
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
