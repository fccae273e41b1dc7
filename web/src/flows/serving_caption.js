// What the traffic is: a rate, a concurrency, or every request at once (the Serving view's
// heading and the embed card's caption).
export function servingCaption(workload, t, fmt) {
  if (workload.requests_per_s !== undefined) return t('headline.requests_per_s', { rate: fmt.number(workload.requests_per_s) });
  if (workload.concurrency !== undefined) return t('headline.concurrency', { n: fmt.integer(workload.concurrency) });
  return t('headline.offline', { n: fmt.integer(workload.requests) });
}
