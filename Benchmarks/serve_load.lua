-- wrk script for Benchmarks/serve_load.sh: rotates over page types and prints a summary that the
-- script reads (requests, requests per second, errors).
local paths = { "/", "/tags/", "/archive/", "/search/", "/feed.xml", "/feed.json", "/assets/style.css", "/sitemap.xml" }
local index = 0

request = function()
  index = index % #paths + 1
  return wrk.format("GET", paths[index])
end

done = function(summary, latency, requests)
  local e = summary.errors
  local errors = e.connect + e.read + e.write + e.status + e.timeout
  local seconds = summary.duration / 1e6
  io.write(string.format("requests:   %d\n", summary.requests))
  io.write(string.format("seconds:    %.2f\n", seconds))
  io.write(string.format("requests/s: %.0f\n", summary.requests / seconds))
  io.write(string.format("latency:    p50 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("errors:     %d (connect %d, read %d, write %d, non-2xx/3xx %d, timeout %d)\n",
    errors, e.connect, e.read, e.write, e.status, e.timeout))
end
