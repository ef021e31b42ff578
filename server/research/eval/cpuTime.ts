/** CPU time of a call in this process (user + system), for the benchmarks that compare two checkouts side by side. */
export function cpuMs(f: () => unknown): number {
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}
