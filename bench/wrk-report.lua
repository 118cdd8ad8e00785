-- wrk's script for the benchmark (bench/load.ts): the request from the environment, and one line
-- of JSON at the end. No response() callback: it would cost wrk time per answer and lower its
-- ceiling; answers of 400 or more are counted by wrk itself (errors.status).
local method = os.getenv("WRK_METHOD")
if method and method ~= "" then wrk.method = method end
local body = os.getenv("WRK_BODY")
if body and body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50Us":%d,"p99Us":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
