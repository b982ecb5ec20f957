// Letting real time pass in a test. A test that waits for something to happen uses vi.waitFor or
// expect.poll (they return as soon as it has); this is only for the few that must let time go by: to
// show that something does NOT happen within a while, to get a later timestamp, to idle past a timeout.

/** Resolves after `ms` of real time; `why` (required, non-empty) says at the call site what the time is for. */
export function elapse(ms: number, why: string): Promise<void> {
  if (!why.trim()) throw new Error("elapse(): say why the test lets time pass");
  return new Promise((resolve) => setTimeout(resolve, ms));
}
